// Bit-field declarations (`int x : 3;`, `unsigned : 0;`): the width of each declarator's bit-field
// clause, checked (a constant, not negative, not wider than its type, zero only when unnamed, on an
// integral or enumeration type). layout.ts places them.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import type { ClassDecl } from '../model/declarations';
import { sizeAlignOf } from '../model/layout';
import { isIntegral, unqualified, type Type } from '../model/types';
import { passes } from './passes';

/** The bit-field clause that follows `declarator` in a field declaration, if any. */
export function bitFieldClause(node: Node, declarator: Node): Node | undefined {
  let seen = false;
  for (const c of node.children) {
    if (!c) continue;
    if (c.startIndex === declarator.startIndex && c.endIndex === declarator.endIndex && c.type === declarator.type) {
      seen = true;
      continue;
    }
    if (!seen) continue;
    if (c.type === 'bitfield_clause') return c;
    if (c.type === ',' || c.type === ';') return undefined;
  }
  return undefined;
}

/** The width a bit-field clause gives a member of type `t` (undefined after an error). */
export function bitFieldWidth(ctx: Ctx, clause: Node, t: Type, named: boolean): number | undefined {
  const expr = clause.namedChildren.find((c) => c && c.type !== 'comment');
  if (!expr) return undefined;
  const u = unqualified(t);
  if (u.kind === 'error') return undefined;
  if (!isIntegral(u) && u.kind !== 'enum') {
    ctx.a.error(locOf(ctx, clause), 'bad-bit-field', 'bit-field has non-integral type');
    return undefined;
  }
  const w = passes.constantValue(ctx, expr);
  if (w === undefined) {
    ctx.a.error(locOf(ctx, expr), 'not-constant', 'bit-field width is not a constant expression');
    return undefined;
  }
  const bits = (sizeAlignOf(u)?.size ?? 4) * 8;
  if (w < 0) ctx.a.error(locOf(ctx, expr), 'bad-bit-field', 'bit-field has negative width');
  else if (w === 0 && named) ctx.a.error(locOf(ctx, expr), 'bad-bit-field', 'named bit-field has zero width');
  else if (w > bits) ctx.a.error(locOf(ctx, expr), 'bad-bit-field', `width of bit-field (${w} bits) exceeds the width of its type (${bits} bits)`);
  else return w;
  return undefined;
}

/** Records an unnamed bit-field (`int : 3;`) of a class: padding for its layout. */
export function declareUnnamedBitField(ctx: Ctx, cls: ClassDecl, clause: Node, t: Type): void {
  const width = bitFieldWidth(ctx, clause, t, false);
  if (width !== undefined) cls.unnamedBitFields.push({ after: cls.fields.length, type: t, width });
}

export { bitFieldPromotion } from '../model/member-queries';
