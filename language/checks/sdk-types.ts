// Recognises the device SDK's types in the semantic model: tensors, the standard accessor and its
// element proxy, the stream and TCM accessors, and the dtype enumerators, by qualified class name.

import type { ClassDecl, TemplateArg } from '../model/declarations';
import { nonReference, typeToString, type Type } from '../model/types';

export type AccessorKind = 'standard' | 'reader' | 'writer' | 'tcm';

/** What a value of an SDK class is, read from its type. */
export type SdkValue =
  | { kind: 'tensor' }
  | { kind: 'accessor'; elem: Type; rank: number; readOnly: boolean }
  | { kind: 'element'; elem: Type; readOnly: boolean }
  | { kind: 'reader'; elem: Type }
  | { kind: 'writer'; elem: Type }
  | { kind: 'tcm'; readOnly: boolean };

function classOfType(t: Type): ClassDecl | undefined {
  const u = nonReference(t);
  return u.kind === 'class' ? u.decl : undefined;
}

function typeArg(args: TemplateArg[], i: number): Type | undefined {
  const a = args[i];
  return a && a.kind === 'type' ? a.type : undefined;
}

function valueArg(args: TemplateArg[], i: number): number | undefined {
  const a = args[i];
  return a && a.kind === 'value' ? a.value : undefined;
}

/** Classifies a type (references looked through); undefined for anything that is not an SDK value. */
export function sdkValue(t: Type): SdkValue | undefined {
  const c = classOfType(t);
  if (!c) return undefined;
  if (c.qualifiedName === 'at::Tensor' || c.qualifiedName === 'at::TensorBase') return { kind: 'tensor' };
  const args = c.templateInfo?.args ?? [];
  const elem = typeArg(args, 0);
  switch (c.templateInfo?.template.qualifiedName) {
    case 'at::TensorAccessor': {
      const rank = valueArg(args, 1);
      return elem && rank !== undefined ? { kind: 'accessor', elem, rank, readOnly: valueArg(args, 2) === 1 } : undefined;
    }
    case 'at::TensorAccessorBase': {
      const rank = valueArg(args, 1);
      return elem && rank !== undefined ? { kind: 'accessor', elem, rank, readOnly: false } : undefined;
    }
    case 'at::TensorElementReference':
      return elem ? { kind: 'element', elem, readOnly: valueArg(args, 1) === 1 } : undefined;
    case 'at::TensorReadStreamAccessor':
      return elem ? { kind: 'reader', elem } : undefined;
    case 'at::TensorWriteStreamAccessor':
      return elem ? { kind: 'writer', elem } : undefined;
    case 'at::TensorTcmAccessor':
      return { kind: 'tcm', readOnly: valueArg(args, 0) === 1 };
    default:
      return undefined;
  }
}

export const isTensorType = (t: Type): boolean => sdkValue(t)?.kind === 'tensor';

/** The accessor kind a value of this type holds a coherency slot as (TCM accessors hold none). */
export function accessorKindOf(v: SdkValue | undefined): AccessorKind | undefined {
  if (!v) return undefined;
  if (v.kind === 'accessor') return 'standard';
  if (v.kind === 'reader' || v.kind === 'writer' || v.kind === 'tcm') return v.kind;
  return undefined;
}

/** The factory member functions of at::TensorBase and the accessor kind each returns. */
export const ACCESSOR_FACTORIES: Record<string, AccessorKind> = {
  accessor: 'standard',
  read_stream_accessor: 'reader',
  write_stream_accessor: 'writer',
  tcm_accessor: 'tcm',
};

/** The device dtypes by enumerator value of c10::ScalarType, with their C++ element types. */
export const DTYPES: Record<number, { name: string; element: string; size: number }> = {
  0: { name: 'kByte', element: 'uint8_t', size: 1 },
  1: { name: 'kChar', element: 'int8_t', size: 1 },
  2: { name: 'kShort', element: 'int16_t', size: 2 },
  3: { name: 'kInt', element: 'int32_t', size: 4 },
  4: { name: 'kLong', element: 'int64_t', size: 8 },
  5: { name: 'kHalf', element: 'uint16_t', size: 2 },
  6: { name: 'kFloat', element: 'float', size: 4 },
  7: { name: 'kDouble', element: 'double', size: 8 },
  15: { name: 'kBFloat16', element: 'uint16_t', size: 2 },
};

/** The dtype value whose name (`kFloat`, `Float`, `torch::kFloat`) is given, if any. */
export function dtypeByName(name: string): number | undefined {
  const bare = name.replace(/^.*::/, '').replace(/^k/, '');
  for (const [v, d] of Object.entries(DTYPES)) if (d.name.slice(1) === bare) return Number(v);
  return undefined;
}

/** The builtin element types each dtype stores (the C++ spelling as the model prints it). */
const ELEMENT_SPELLINGS: Record<number, string[]> = {
  0: ['unsigned char'],
  1: ['signed char', 'char'],
  2: ['short'],
  3: ['int', 'long'],
  4: ['long long'],
  5: ['unsigned short'],
  6: ['float'],
  7: ['double'],
  15: ['unsigned short'],
};

/** Whether elements of C++ type `t` are how a tensor of dtype `dtype` stores its elements. */
export function elementMatchesDtype(t: Type, dtype: number): boolean {
  const spelled = typeToString(nonReference(t)).replace(/^const /, '');
  return (ELEMENT_SPELLINGS[dtype] ?? []).includes(spelled);
}

export function dtypeName(dtype: number): string {
  return DTYPES[dtype] ? `torch::${DTYPES[dtype].name}` : `dtype ${dtype}`;
}
