// Subscript chains read from the syntax tree: `acc[i][j]` is a base (a named accessor, an accessor
// factory call, an element reference) plus a number of subscripts. Types come from the model where it
// typed the base, else from the declaration the base names and the factory's template arguments, so
// the checks also see expressions the front-end rejected (which carry no typed operands).

import type { SyntaxNode } from '../parse/syntax-node';
import type { VarDecl } from '../model/declarations';
import { isConst, nonReference, typeToString } from '../model/types';
import { accessorSource } from './accessors';
import type { FunctionContext } from './function-context';
import { sdkValue, type SdkValue } from './sdk-types';
import { unparenthesised } from './syntax';
import { tensorOf, type TensorRef } from './tensors';

export interface Chain {
  /** The whole chain's node (the outermost subscript, or the base itself). */
  node: SyntaxNode;
  base: SyntaxNode;
  depth: number;
  kind: 'accessor' | 'element' | 'tcm';
  /** Dimensions the base has (0 for an element reference). */
  rank: number;
  readOnly: boolean;
  elemText: string;
  variable?: VarDecl;
  tensor?: TensorRef;
}

/** The chain `node` is, when its base is an accessor, an element reference or a TCM accessor. */
export function chainOf(fc: FunctionContext, node: SyntaxNode): Chain | undefined {
  let depth = 0;
  let n = unparenthesised(node);
  while (n.type === 'subscript_expression') {
    const arg = n.childForFieldName('argument');
    if (!arg) return undefined;
    depth++;
    n = unparenthesised(arg);
  }
  const base = baseInfo(fc, n);
  return base && { node, base: n, depth, ...base };
}

type BaseInfo = Omit<Chain, 'node' | 'base' | 'depth'>;

function fromValue(v: SdkValue | undefined): Pick<Chain, 'kind' | 'rank' | 'readOnly' | 'elemText'> | undefined {
  if (v?.kind === 'accessor') return { kind: 'accessor', rank: v.rank, readOnly: v.readOnly, elemText: typeToString(v.elem) };
  if (v?.kind === 'element') return { kind: 'element', rank: 0, readOnly: v.readOnly, elemText: typeToString(v.elem) };
  if (v?.kind === 'tcm') return { kind: 'tcm', rank: 0, readOnly: v.readOnly, elemText: '' };
  return undefined;
}

function baseInfo(fc: FunctionContext, n: SyntaxNode): BaseInfo | undefined {
  const e = fc.index.at(n.startIndex, n.endIndex);
  if (e && e.type.kind !== 'error') {
    const info = fromValue(sdkValue(e.type));
    if (!info) return undefined;
    const variable = e.decl?.kind === 'var' ? e.decl : undefined;
    return { ...info, variable, tensor: accessorSource(fc, e)?.tensor };
  }
  if (n.type === 'identifier') {
    const v = fc.varNamed(n.text, n.startIndex);
    const info = v && fromValue(sdkValue(v.type));
    if (!v || !info) return undefined;
    const init = v.storage === 'local' ? fc.initOf(v) : undefined;
    return { ...info, variable: v, tensor: init ? accessorSource(fc, init)?.tensor : undefined };
  }
  if (n.type === 'call_expression') return factoryCallInfo(fc, n);
  return undefined;
}

/** `t.accessor<T, N>()` / `t.tcm_accessor()` read from syntax (inside an expression the model dropped). */
function factoryCallInfo(fc: FunctionContext, call: SyntaxNode): BaseInfo | undefined {
  const fn = call.childForFieldName('function');
  if (fn?.type !== 'field_expression') return undefined;
  const object = fn.childForFieldName('argument');
  const field = fn.childForFieldName('field');
  if (!object || !field) return undefined;
  const name = field.type === 'template_method' ? field.childForFieldName('name')?.text : field.text;
  const objExpr = fc.index.at(object.startIndex, object.endIndex);
  const objVar = !objExpr && object.type === 'identifier' ? fc.varNamed(object.text, object.startIndex) : undefined;
  const objType = objExpr?.type ?? objVar?.type;
  if (!objType) return undefined;
  const readOnly = isConst(nonReference(objType));
  const tensor = objExpr ? tensorOf(fc, objExpr) : objVar ? { handle: objVar, name: objVar.name } : undefined;
  if (name === 'tcm_accessor') return { kind: 'tcm', rank: 0, readOnly, elemText: '', tensor };
  if (name !== 'accessor' || field.type !== 'template_method') return undefined;
  const args = field.childForFieldName('arguments')?.namedChildren ?? [];
  const rank = args[1] && /^\d+$/.test(args[1].text) ? Number(args[1].text) : undefined;
  if (rank === undefined) return undefined;
  return { kind: 'accessor', rank, readOnly, elemText: args[0]?.text ?? 'T', tensor };
}

/** Every subscript chain of the body that is not itself the base of a longer chain. */
export function outermostChains(fc: FunctionContext): Chain[] {
  const out: Chain[] = [];
  const visit = (n: SyntaxNode) => {
    if (n.type === 'subscript_expression' && !(n.parent?.type === 'subscript_expression' && n.fieldName === 'argument')) {
      const c = chainOf(fc, n);
      if (c) out.push(c);
    }
    for (const k of n.children) visit(k);
  };
  visit(fc.fn.body!.node);
  return out;
}
