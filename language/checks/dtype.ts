// Q7-A004 element type: accessor<T, N>(), read/write_stream_accessor<T>() or a TCM copy
// tensor_to_tcm<T> / tcm_to_tensor<T> whose T disagrees with the dtype the tensor was created with in
// the same kernel (or annotated with `// q7: t dtype kInt`).

import type { Expr } from '../model/expressions';
import { typeToString, type Type } from '../model/types';
import { accessorSource, factoryKind } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { DTYPES, dtypeName, elementMatchesDtype } from './sdk-types';
import { factsOf, type TensorRef } from './tensors';
import type { Check } from './types';
import { sizeAlignOf } from '../model/layout';

const CODE = 'Q7-A004';

export const dtypeCheck: Check = {
  code: CODE,
  name: 'element-type',
  summary: 'element type of an accessor or TCM copy disagrees with the tensor dtype',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    for (const e of fc.index.all) {
      const kind = factoryKind(e);
      if (kind === 'standard' || kind === 'reader' || kind === 'writer') {
        const src = accessorSource(fc, e);
        const t = typeArg(e);
        if (src && t) compare(ctx, fc, e, src.tensor, t, `${e.callee!.name}<${typeToString(t)}${kind === 'standard' ? ', ...' : ''}>()`);
      } else if (e.kind === 'call' && (e.callee?.name === 'tensor_to_tcm' || e.callee?.name === 'tcm_to_tensor')) {
        const src = accessorSource(fc, e.operands?.[0]);
        const t = typeArg(e);
        if (src && t) compare(ctx, fc, e, src.tensor, t, `${e.callee.name}<${typeToString(t)}>`);
      }
    }
  },
};

function typeArg(e: Expr): Type | undefined {
  const a = e.callee?.templateInfo?.args[0];
  return a?.kind === 'type' ? a.type : undefined;
}

function compare(ctx: FileContext, fc: FunctionContext, e: Expr, tensor: TensorRef, t: Type, what: string): void {
  const facts = factsOf(fc, tensor, e.loc.start, ctx.tensorAnnotations(fc));
  if (facts.dtype === undefined || !DTYPES[facts.dtype] || elementMatchesDtype(t, facts.dtype)) return;
  const d = DTYPES[facts.dtype];
  const size = sizeAlignOf(t)?.size;
  const differentSize = size !== undefined && size !== d.size;
  ctx.report({
    range: fc.rangeOf(e.loc),
    severity: differentSize ? 'error' : 'warning',
    code: CODE,
    message: `element type ${typeToString(t)} does not match '${tensor.name}' (${dtypeName(facts.dtype)})`,
    notes: [
      { message: `${what} on '${tensor.name}', whose dtype is ${dtypeName(facts.dtype)} (${d.element} elements, from ${facts.dtypeSource})` },
      {
        message: differentSize
          ? `strides and offsets count ${size}-byte elements while the tensor holds ${d.size}-byte ones, so accesses land at the wrong addresses and run past the end of the tensor; nothing on the device checks this`
          : `the device reinterprets the bits of each ${d.element} as ${typeToString(t)} without any conversion or check`,
      },
    ],
    help: `use ${d.element} here, or create the tensor with the dtype you mean`,
  });
}
