// Q7-A015 constant subscripts outside a size the kernel itself fixed: `torch::zeros({5, 5, 5})` (or a
// `// q7: t shape {...}` annotation) and then `acc[15][20][30]`. Accessors do no bounds checking on the
// device (aws-neuron-sdk#1019), so such a subscript silently reads or writes outside the tensor.
// Reads the subscripts in the syntax tree, through chains.ts's chains (which see untyped expressions too).

import type { SyntaxNode } from '../parse/syntax-node';
import { outermostChains, type Chain } from './chains';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { unparenthesised } from './syntax';
import { factsOf } from './tensors';
import type { Check } from './types';

const CODE = 'Q7-A015';

export const boundsCheck: Check = {
  code: CODE,
  name: 'constant-subscript-bounds',
  summary: 'a constant subscript outside the size the kernel gave the tensor',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    for (const c of outermostChains(fc)) if (c.kind === 'accessor' && c.tensor && c.depth > 0) checkChain(ctx, fc, c);
  },
};

function checkChain(ctx: FileContext, fc: FunctionContext, c: Chain): void {
  const facts = factsOf(fc, c.tensor!, c.node.startIndex, ctx.tensorAnnotations(fc));
  const shape = facts.shape;
  if (!shape || facts.rank !== c.rank) return;
  const indices = subscripts(c.node);
  const values = indices.map((n) => constantOf(fc, n));
  const flat = flatOffset(values, shape);
  const total = shape.every((s) => s !== undefined) ? (shape as number[]).reduce((a, b) => a * b, 1) : undefined;
  indices.forEach((idx, d) => {
    const v = values[d];
    const size = shape[d];
    if (v === undefined || size === undefined || (v >= 0 && v < size)) return;
    const where = flat !== undefined && total !== undefined ? ` (element ${flat} counted from the tensor's start; it has ${total})` : '';
    ctx.report({
      range: fc.rangeOf(idx),
      severity: 'error',
      code: CODE,
      message: `index ${v} is outside dimension ${d} of '${c.tensor!.name}' (size ${size})`,
      notes: [
        { message: `'${c.tensor!.name}' has size ${size} in dimension ${d} (${facts.rankSource ?? 'its shape'})` },
        { message: `accessors do no bounds checking on the device: this ${writes(c.node) ? 'writes' : 'reads'} outside the tensor${where}` },
      ],
      help: `valid indices are 0 to ${size - 1}`,
    });
  });
}

/** The index expressions of a chain, outermost dimension first. */
function subscripts(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  let n = unparenthesised(node);
  while (n.type === 'subscript_expression') {
    const idx = n.childForFieldName('indices')?.namedChildren[0] ?? n.childForFieldName('index');
    const base = n.childForFieldName('argument');
    if (!idx || !base) break;
    out.unshift(idx);
    n = unparenthesised(base);
  }
  return out;
}

function constantOf(fc: FunctionContext, n: SyntaxNode): number | undefined {
  const v = fc.index.at(n.startIndex, n.endIndex)?.value;
  if (v !== undefined) return v;
  return n.type === 'number_literal' && /^\d+$/.test(n.text) ? Number(n.text) : undefined;
}

/** The element offset of constant indices in a contiguous tensor. */
function flatOffset(values: (number | undefined)[], shape: (number | undefined)[]): number | undefined {
  let off = 0;
  for (let d = 0; d < shape.length; d++) {
    const v = values[d];
    const s = shape[d];
    if (v === undefined || s === undefined) return undefined;
    off = off * s + v;
  }
  return off;
}

function writes(n: SyntaxNode): boolean {
  let k = n;
  while (k.parent?.type === 'parenthesized_expression') k = k.parent;
  const p = k.parent;
  return (p?.type === 'assignment_expression' && k.fieldName === 'left') || p?.type === 'update_expression';
}
