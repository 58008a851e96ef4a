// Q7-A002 read-only misuse: writing (=, compound assignment, ++/--) through an accessor, element
// reference or TCM accessor obtained from a const Tensor (read_only = true), and tcm_to_tensor on a
// read-only TCM accessor. Quick fix: make the tensor parameter non-const when it is the one written.
// Finds writes in the syntax tree and reads their targets through chains.ts: a write the front-end
// rejects (++ or a compound assignment on a read-only element reference) has no typed operands.

import type { DiagnosticCode } from '../diagnostic-codes';
import type { SyntaxNode } from '../parse/syntax-node';
import { chainOf, type Chain } from './chains';
import type { FileContext } from './context';
import { makeParamMutable } from './fixes';
import type { FunctionContext } from './function-context';
import { unparenthesised } from './syntax';
import type { Check } from './types';

const CODE = 'Q7-A002';
const SUPERSEDES: DiagnosticCode[] = ['static-assert', 'no-viable-operator', 'not-assignable'];

export const readOnlyCheck: Check = {
  code: CODE,
  name: 'read-only-write',
  summary: 'write through an accessor of a const Tensor',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    const visit = (n: SyntaxNode) => {
      const target = writeTarget(n);
      if (target) checkWrite(ctx, fc, n, target);
      for (const k of n.children) visit(k);
    };
    visit(fc.fn.body!.node);
  },
};

/** The operand a statement writes through: the left of an assignment, the operand of ++/--, or the TCM accessor of tcm_to_tensor. */
function writeTarget(n: SyntaxNode): { node: SyntaxNode; how: string } | undefined {
  if (n.type === 'assignment_expression') {
    const left = n.childForFieldName('left');
    const op = n.childForFieldName('operator')?.text ?? '=';
    return left ? { node: unparenthesised(left), how: op === '=' ? 'write' : `write (${op})` } : undefined;
  }
  if (n.type === 'update_expression') {
    const arg = n.childForFieldName('argument');
    const op = n.childForFieldName('operator')?.text ?? '++';
    return arg ? { node: unparenthesised(arg), how: `write (${op})` } : undefined;
  }
  if (n.type === 'call_expression') {
    const fn = n.childForFieldName('function');
    const field = fn?.type === 'field_expression' ? fn.childForFieldName('field') : undefined;
    const name = field?.type === 'template_method' ? field.childForFieldName('name')?.text : field?.text;
    const obj = fn?.childForFieldName('argument');
    if (name === 'tcm_to_tensor' && obj) return { node: unparenthesised(obj), how: 'tcm_to_tensor copy' };
  }
  return undefined;
}

function checkWrite(ctx: FileContext, fc: FunctionContext, stmt: SyntaxNode, target: { node: SyntaxNode; how: string }): void {
  const c = chainOf(fc, target.node);
  if (!c || !c.readOnly) return;
  const isTcm = c.kind === 'tcm';
  if (!isTcm && c.depth !== c.rank) return;
  const tensor = c.tensor?.name;
  const handle = c.tensor?.handle;
  const made = isTcm
    ? 'tcm_accessor() returns TensorTcmAccessor<true> (read-only)'
    : c.kind === 'element'
      ? 'the element reference comes from a read-only TensorAccessor'
      : `accessor<${c.elemText}, ${c.rank}>() returns TensorAccessor<${c.elemText}, ${c.rank}, true> (read-only)`;
  const param = handle?.storage === 'param' ? handle : undefined;
  ctx.report({
    range: fc.rangeOf(stmt),
    severity: 'error',
    code: CODE,
    message: `${target.how} through read-only ${describeTarget(fc, c)}`,
    notes: [
      {
        message: tensor ? `'${tensor}' is a const torch::Tensor&, so ${made}` : `the tensor is const, so ${made}`,
        range: handle ? fc.rangeOf(handle.loc) : undefined,
      },
      { message: `the device library rejects the write at compile time (static_assert in ${isTcm ? 'TensorTcmAccessor::tcm_to_tensor' : 'TensorElementReference::operator='})` },
    ],
    help: param
      ? `take '${param.name}' as torch::Tensor& (non-const) if it is the kernel's output; otherwise write into a tensor you own (torch::zeros(...), get_dst_tensor())`
      : 'write into a tensor you own (torch::zeros(...), get_dst_tensor()) or drop the const',
    supersedes: SUPERSEDES,
    fixes: param ? makeParamMutable(ctx, fc, param) : undefined,
  });
}

function describeTarget(fc: FunctionContext, c: Chain): string {
  const name = c.variable ? `'${c.variable.name}'` : `'${fc.show(c.base)}'`;
  if (c.kind === 'tcm') return `TCM accessor ${name}`;
  return c.kind === 'element' ? `element reference ${name}` : `accessor ${name}`;
}
