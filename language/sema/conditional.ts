// The conditional operator `c ? a : b` (C++17 [expr.cond]). With a class operand: an implicit
// conversion is tried from each operand to the other's type; when exactly one exists it is applied,
// else (neither) the built-in candidates `LR operator?:(bool, L, R)` convert each class operand
// through its conversion function. A class operand converted to a scalar is rewritten as explicit
// nodes — `user-conversion` (the conversion function's call) and, when its result still differs from
// the target type or is a glvalue, `implicit` (a standard conversion to the expression's type) — so
// later stages (the compiler, the checks) see scalars only.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Ctx } from './context';
import { classOf, implicitConversion, standardConversion, usualArithmetic } from './conversions';
import type { FunctionDecl, Loc } from '../model/declarations';
import { errorExpr, type Expr } from '../model/expressions';
import { mk } from './make-expr';
import { builtinOperand, decay } from './operators';
import { isArithmetic, isScalar, nonReference, quoteType, sameType, unqualified, type Type } from '../model/types';
import { passes } from './passes';

export function conditionalExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const cn = node.childForFieldName('condition');
  const an = node.childForFieldName('consequence');
  const bn = node.childForFieldName('alternative');
  if (!cn || !an || !bn) return errorExpr(loc);
  const c = builtinOperand(ctx, passes.checkExpr(ctx, cn));
  let a = passes.checkExpr(ctx, an);
  let b = passes.checkExpr(ctx, bn);
  if (c.type.kind === 'error' || a.type.kind === 'error' || b.type.kind === 'error') return errorExpr(loc);
  if (classOf(a.type) || classOf(b.type)) {
    const r = classOperands(ctx, c, a, b, loc);
    if (!Array.isArray(r)) return r;
    [a, b] = r;
  }
  const pick = (x: Expr, y: Expr) => (c.value === undefined ? undefined : c.value ? x.value : y.value);
  const at = unqualified(a.type);
  const bt = unqualified(b.type);
  if (isArithmetic(at) && isArithmetic(bt)) {
    const t = usualArithmetic(at, bt);
    return mk('conditional', t, a.cat === 'lvalue' && b.cat === 'lvalue' && at === bt ? 'lvalue' : 'prvalue', loc, { operands: [c, a, b], value: pick(a, b) });
  }
  return mk('conditional', decay(at.kind === 'builtin' && at.name === 'nullptr_t' ? bt : at), 'prvalue', loc, { operands: [c, a, b], value: pick(a, b) });
}

/**
 * [expr.cond]/4–6 for operands of which at least one has class type: the whole expression when its
 * type is a class (or an error), else the two operands converted to scalars.
 */
function classOperands(ctx: Ctx, c: Expr, a: Expr, b: Expr, loc: Loc): Expr | [Expr, Expr] {
  const at = unqualified(a.type);
  const bt = unqualified(b.type);
  const ca = classOf(at);
  const cb = classOf(bt);
  if (ca && cb && ca === cb) return mk('conditional', at, a.cat === b.cat ? a.cat : 'prvalue', loc, { operands: [c, a, b] });
  const ab = canConvert(ctx, a, bt);
  const ba = canConvert(ctx, b, at);
  if (ab && ba) {
    ctx.a.error(loc, 'bad-operands', `conditional expression is ambiguous; ${quoteType(a.type)} can be converted to ${quoteType(b.type)} and vice versa`);
    return errorExpr(loc);
  }
  if (ab || ba) {
    const target = ab ? bt : at;
    if (classOf(target)) return mk('conditional', target, 'prvalue', loc, { operands: [c, a, b] });
    const fn = (ab ?? ba)!.fn!; // the operand converted is the class one: through a conversion function
    return ab ? [converted(a, fn, target), b] : [a, converted(b, fn, target)];
  }
  // neither converts to the other: the built-in candidates, through each class's conversion function
  const sa = ca ? toScalar(a) : a;
  const sb = cb ? toScalar(b) : b;
  if (sa && sb && bothArithmeticOrSame(sa.type, sb.type)) {
    return [ca ? converted(a, sa.callee!, promotedOf(sa.type)) : a, cb ? converted(b, sb.callee!, promotedOf(sb.type)) : b];
  }
  ctx.a.error(loc, 'bad-operands', `incompatible operand types (${quoteType(a.type)} and ${quoteType(b.type)})`);
  return errorExpr(loc);
}

/**
 * Whether `e` converts implicitly to `to`, and for a class operand converted to a scalar, the
 * conversion function chosen (the one whose result converts best; a tie is no conversion).
 */
function canConvert(ctx: Ctx, e: Expr, to: Type): { fn?: FunctionDecl } | undefined {
  const cls = classOf(e.type);
  if (!cls || classOf(to)) return implicitConversion(ctx, e, to) ? {} : undefined;
  let best: FunctionDecl | undefined;
  let bestRank = Infinity;
  let tie = false;
  for (const fn of usableConversions(e)) {
    const r = unqualified(nonReference(fn.ret));
    const rank = standardConversion(undefined, r, unqualified(to));
    if (rank === undefined) continue;
    if (rank < bestRank) [best, bestRank, tie] = [fn, rank, false];
    else if (rank === bestRank && !sameType(unqualified(nonReference(best!.ret)), r, true)) tie = true;
  }
  return best && !tie ? { fn: best } : undefined;
}

/** The class's conversion functions a conversion of `e` may use: not explicit, const when `e` is. */
function usableConversions(e: Expr): FunctionDecl[] {
  const cls = classOf(e.type);
  if (!cls || !cls.require()) return [];
  return cls.conversionFunctions().filter((fn) => !fn.explicit && (!e.type.const || fn.isConst));
}

/** A class operand converted by its only conversion function to a scalar type (the built-in candidates). */
function toScalar(e: Expr): Expr | undefined {
  const fns = usableConversions(e).filter((fn) => isScalar(unqualified(nonReference(fn.ret))));
  const types = new Set(fns.map((fn) => promotedOf(nonReference(fn.ret))));
  if (types.size !== 1) return undefined;
  return mk('user-conversion', unqualified(nonReference(fns[0].ret)), 'prvalue', e.loc, { callee: fns[0], operands: [e] });
}

function promotedOf(t: Type): Type {
  const u = unqualified(t);
  return isArithmetic(u) ? usualArithmetic(u, u) : decay(u);
}

function bothArithmeticOrSame(x: Type, y: Type): boolean {
  const a = decay(unqualified(x));
  const b = decay(unqualified(y));
  return (isArithmetic(a) && isArithmetic(b)) || sameType(a, b, true);
}

/** `e` (a class operand) through conversion function `fn`, then a standard conversion to `target`: a prvalue of `target`. */
function converted(e: Expr, fn: FunctionDecl, target: Type): Expr {
  const ret = fn.ret;
  const call = mk('user-conversion', nonReference(ret), ret.kind === 'reference' ? 'lvalue' : 'prvalue', e.loc, { callee: fn, operands: [e] });
  if (call.cat === 'prvalue' && sameType(unqualified(call.type), unqualified(target), true)) return call;
  return mk('implicit', unqualified(target), 'prvalue', e.loc, { operands: [call] });
}
