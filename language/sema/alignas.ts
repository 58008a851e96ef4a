// `alignas(N)` / `alignas(T)` ([dcl.align]) on a variable, a non-static data member or a class: the
// alignment the declaration asks for. Several specifiers give the strictest; `alignas(0)` asks for
// nothing. The value must be a constant power of two. The layout (model/layout.ts) and the compiler's
// data and stack slots take the stricter of it and the type's own alignment, as GCC does.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import { constantValue } from './check-expr';
import { typeFromDescriptor } from './type-syntax';
import { sizeAlignOf } from '../model/layout';
import { quoteType } from '../model/types';

/** The alignment the `alignas` specifiers of `holder` (a declaration, or a class specifier) ask for, or undefined. */
export function explicitAlignment(ctx: Ctx, holder: Node): number | undefined {
  let align: number | undefined;
  for (const c of holder.children) {
    if (!c) continue;
    const q = c.type === 'alignas_qualifier' ? c : c.type === 'type_qualifier' ? c.children.find((x) => x?.type === 'alignas_qualifier') : undefined;
    if (!q) continue;
    const a = requested(ctx, q);
    if (a !== undefined && a > 0) align = Math.max(align ?? 1, a);
  }
  return align;
}

function requested(ctx: Ctx, q: Node): number | undefined {
  const arg = q.namedChildren.find((c) => c.type !== 'comment');
  if (!arg) return undefined;
  if (arg.type === 'type_descriptor') {
    const t = typeFromDescriptor(ctx, arg);
    const sa = sizeAlignOf(t);
    if (!sa && t.kind !== 'error') ctx.a.error(locOf(ctx, arg), 'incomplete-type', `invalid application of 'alignas' to an incomplete type ${quoteType(t)}`);
    return sa?.align;
  }
  const value = constantValue(ctx, arg);
  if (value === undefined) {
    ctx.a.error(locOf(ctx, arg), 'not-constant', "'alignas' value is not a constant expression");
    return undefined;
  }
  if (value < 0 || (value & (value - 1)) !== 0) {
    ctx.a.error(locOf(ctx, arg), 'bad-alignment', `requested alignment is not a power of 2 (is ${value})`);
    return undefined;
  }
  return value;
}
