// Q7-A001 accessor rank: accessor<T, N>() on a tensor whose rank is known and differs from N (its
// factory's shape, a copy of a known tensor, TORCH_CHECK(t.dim() == K), or a `// q7:` annotation);
// an accessor subscripted more times than it has dimensions; a partly indexed accessor used as a value.
// Reads subscript chains in the syntax tree (chains.ts: too many or too few subscripts are front-end
// errors, so those expressions carry no typed operands); the fix edits the rank template argument.

import type { SyntaxNode } from '../parse/syntax-node';
import { isArithmetic, nonReference } from '../model/types';
import { outermostChains, type Chain } from './chains';
import { accessorUses } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { MAX_DIMS } from './rank-limit';
import { factsOf } from './tensors';
import type { Check, Fix } from './types';

const CODE = 'Q7-A001';

export const rankCheck: Check = {
  code: CODE,
  name: 'accessor-rank',
  summary: 'accessor rank disagrees with the tensor, or an accessor is subscripted too many or too few times',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    factoryRank(ctx, fc);
    for (const c of outermostChains(fc)) subscriptCount(ctx, fc, c);
  },
};

function factoryRank(ctx: FileContext, fc: FunctionContext): void {
  for (const u of accessorUses(fc)) {
    if (u.kind !== 'standard' || u.value.kind !== 'accessor' || u.created.callee?.name !== 'accessor' || u.value.rank === 0 || u.value.rank > MAX_DIMS) continue;
    const facts = factsOf(fc, u.tensor, u.created.loc.start, ctx.tensorAnnotations(fc));
    const n = u.value.rank;
    if (facts.rank === undefined || facts.rank === n || facts.rank === 0) continue;
    const elem = fc.text(u.created.loc.start, u.created.loc.end).match(/accessor\s*<\s*([^,>]+)/)?.[1]?.trim() ?? 'T';
    ctx.report({
      range: fc.rangeOf(u.created.loc),
      severity: 'error',
      code: CODE,
      message: `accessor<${elem}, ${n}>() on '${u.tensor.name}', a tensor of ${facts.rank} dimension${facts.rank === 1 ? '' : 's'}`,
      notes: [
        { message: `'${u.tensor.name}' has ${facts.rank} dimension${facts.rank === 1 ? '' : 's'} (${facts.rankSource})` },
        { message: `on the device the factory's TORCH_CHECK(dim() == ${n}) fails and the kernel aborts without a line number` },
      ],
      help: `use accessor<${elem}, ${facts.rank}>()`,
      fixes: rankFix(fc, u.created.loc.start, u.created.loc.end, elem, facts.rank),
    });
  }
}

/** Replaces the rank template argument of `t.accessor<T, N>()`. */
function rankFix(fc: FunctionContext, start: number, end: number, elem: string, rank: number): Fix[] {
  const call = fc.node(start, end);
  const field = call.childForFieldName('function')?.childForFieldName('field');
  const nArg = field?.childForFieldName('arguments')?.namedChildren[1];
  if (!nArg) return [];
  return [{ title: `Use accessor<${elem}, ${rank}>()`, edits: [{ range: fc.rangeOf(nArg), newText: String(rank) }] }];
}

function subscriptCount(ctx: FileContext, fc: FunctionContext, c: Chain): void {
  if (c.kind === 'tcm' || c.rank > MAX_DIMS) return;
  const what = c.variable ? `'${c.variable.name}'` : `'${fc.show(c.base)}'`;
  if (c.depth > c.rank) {
    const dims = c.kind === 'element' ? 'is a single element (a TensorElementReference)' : `has ${c.rank} dimension${c.rank === 1 ? '' : 's'}`;
    ctx.report({
      range: fc.rangeOf(c.node),
      severity: 'error',
      code: CODE,
      message: `too many subscripts: ${c.depth} on ${what}, which ${dims}`,
      notes: [
        { message: `after ${c.rank} subscript${c.rank === 1 ? '' : 's'} you already have the element proxy, which has no operator[]; the device compiler rejects this` },
        { message: 'the same index arithmetic done by hand reads outside the tensor (accessors do no bounds checking)' },
      ],
      help: `remove the extra subscript${c.depth - c.rank > 1 ? 's' : ''}, or open the accessor with the tensor's real rank`,
      supersedes: ['no-viable-operator', 'bad-operands', 'type-mismatch'],
    });
    return;
  }
  if (c.kind === 'accessor' && c.depth < c.rank && usedAsValue(fc, c.node)) {
    const left = c.rank - c.depth;
    ctx.report({
      range: fc.rangeOf(c.node),
      severity: 'error',
      code: CODE,
      message: `too few subscripts: '${fc.show(c.node)}' is a ${left}-dimensional accessor, not a ${c.elemText} value`,
      notes: [
        { message: `${what} has ${c.rank} dimensions, ${c.depth} subscript${c.depth === 1 ? '' : 's'} given` },
        { message: 'each [] before the last only advances the device address; nothing is read until the last dimension' },
      ],
      help: `add the missing subscript${left > 1 ? 's' : ''}: ${fc.show(c.node)}${'[…]'.repeat(left)}`,
      supersedes: ['type-mismatch', 'bad-operands', 'no-viable-operator', 'not-assignable'],
    });
  }
}

/** Whether the value of `n` is used as an arithmetic value (operand, assigned, cast, scalar initialiser). */
function usedAsValue(fc: FunctionContext, n: SyntaxNode): boolean {
  let k = n;
  while (k.parent?.type === 'parenthesized_expression') k = k.parent;
  const p = k.parent;
  if (!p) return false;
  switch (p.type) {
    case 'binary_expression':
    case 'update_expression':
    case 'cast_expression':
    case 'assignment_expression':
      return true;
    case 'unary_expression':
      return p.childForFieldName('operator')?.type !== '&';
    case 'conditional_expression':
      return k.fieldName !== 'condition';
    case 'init_declarator': {
      const name = p.childForFieldName('declarator');
      const v = name?.type === 'identifier' ? fc.varNamed(name.text, name.endIndex) : undefined;
      return !!v && isArithmetic(nonReference(v.type));
    }
    default:
      return false;
  }
}
