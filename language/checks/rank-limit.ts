// Q7-A014 the device's dimension limits: a tensor has at most 8 dimensions of at most 65535 elements
// each, or at most 4 dimensions of up to 2^32 - 1 elements. `accessor<T, N>()` with N > 8 matches no
// tensor (its TORCH_CHECK(dim() == N) always fails); a factory given more than 8 sizes, or more than 4
// with one over 65535, makes a tensor the device cannot hold. The error is at the template argument
// or the size list; what the front-end would say further on about the impossible accessor type (its
// N-dimensional sub-accessors in arithmetic or assignments) is silenced as a cascade of this one.
// Reads the template argument N in the syntax tree: the model keeps no template argument's place.

import type { DiagnosticCode } from '../diagnostic-codes';
import type { SyntaxNode } from '../parse/syntax-node';
import type { SourceRange } from '../diagnostics';
import { outermostChains } from './chains';
import { accessorUses } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { ancestor } from './syntax';
import { stripExpr } from './tensors';
import type { Check } from './types';

const CODE = 'Q7-A014';
export const MAX_DIMS = 8;
const MAX_SMALL_SIZE = 65535;
const MAX_LARGE_DIMS = 4;
const FACTORIES = new Set(['at::zeros', 'at::ones', 'at::empty', 'at::full']);
/** What the front-end says when an impossible accessor's sub-accessor is used as a value. */
const CASCADE: DiagnosticCode[] = ['bad-operands', 'no-viable-operator', 'type-mismatch', 'not-assignable'];

export const rankLimitCheck: Check = {
  code: CODE,
  name: 'dimension-limit',
  summary: 'accessors or tensors with more dimensions (or larger sizes) than the device supports',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    accessors(ctx, fc);
    factories(ctx, fc);
  },
};

function accessors(ctx: FileContext, fc: FunctionContext): void {
  const chains = outermostChains(fc);
  for (const u of accessorUses(fc)) {
    if (u.value.kind !== 'accessor' || u.value.rank <= MAX_DIMS || u.created.callee?.name !== 'accessor') continue;
    const call = fc.node(u.created.loc.start, u.created.loc.end);
    const nArg = call.childForFieldName('function')?.childForFieldName('field')?.childForFieldName('arguments')?.namedChildren[1];
    const n = u.value.rank;
    const uses: SourceRange[] = [];
    for (const c of chains) {
      if (c.rank <= MAX_DIMS || (u.local ? c.variable !== u.local : !within(c.node, call))) continue;
      uses.push(fc.rangeOf(statementOf(c.node)));
    }
    ctx.report({
      range: fc.rangeOf(nArg ?? call),
      severity: 'error',
      code: CODE,
      message: `accessor<…, ${n}>: more dimensions than a device tensor can have`,
      notes: [
        { message: `a tensor on the device has at most ${MAX_DIMS} dimensions (at most ${MAX_LARGE_DIMS} when one exceeds ${MAX_SMALL_SIZE}), so no tensor matches` },
        { message: `the accessor's TORCH_CHECK(dim() == ${n}) fails and the kernel aborts without a line number` },
      ],
      help: `use the tensor's real rank (at most ${MAX_DIMS})`,
      silences: { codes: CASCADE, ranges: uses },
    });
  }
}

function factories(ctx: FileContext, fc: FunctionContext): void {
  for (const e of fc.index.all) {
    if (e.kind !== 'call' || !FACTORIES.has(e.callee?.qualifiedName ?? '')) continue;
    const size = e.operands?.[0] && stripExpr(e.operands[0]);
    const list = size?.list;
    if (!size || !list) continue;
    const big = list.find((d) => d.value !== undefined && d.value > MAX_SMALL_SIZE);
    const name = e.callee!.qualifiedName.replace('at::', 'torch::');
    if (list.length > MAX_DIMS) {
      ctx.report({
        range: fc.rangeOf(size.loc),
        severity: 'error',
        code: CODE,
        message: `${name} with ${list.length} sizes: more dimensions than a device tensor can have`,
        notes: [{ message: `a tensor on the device has at most ${MAX_DIMS} dimensions` }],
        help: 'merge dimensions (index them as one)',
      });
    } else if (big && list.length > MAX_LARGE_DIMS) {
      ctx.report({
        range: fc.rangeOf(big.loc),
        severity: 'error',
        code: CODE,
        message: `size ${big.value} in a ${list.length}-dimensional ${name}: too large for a tensor of that many dimensions`,
        notes: [{ message: `dimensions over ${MAX_SMALL_SIZE} are allowed only in tensors of at most ${MAX_LARGE_DIMS} dimensions on the device` }],
        help: 'merge dimensions, or split this one',
      });
    }
  }
}

function within(n: SyntaxNode, outer: SyntaxNode): boolean {
  return n.startIndex >= outer.startIndex && n.endIndex <= outer.endIndex;
}

/** The statement (or declaration) a use sits in: where the front-end reports what it cannot type. */
function statementOf(n: SyntaxNode): SyntaxNode {
  return ancestor(n, (a) => a.type.endsWith('_statement') || a.type === 'declaration') ?? n;
}
