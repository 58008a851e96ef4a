// The C operators on IVP vector types, as Cadence's C gives them: + - * & | ^ << >> lane-wise between
// two vectors of the same lanes or a vector and a C scalar (broadcast to every lane), unary - + ~.
// `*` of integer vectors widens into the accumulator type (the product IVP_MUL* gives: 64 × int8 →
// xb_vec2Nx24, 32 × int16 → xb_vecNx48, 16 × int32 → xb_vecN_2x64w); float vectors stay float.
// The bitwise operators and shifts take integer vectors only; comparisons are the IVP_EQ*… intrinsics.

import type { Ctx } from './context';
import type { Loc } from '../model/declarations';
import { errorExpr, type Expr } from '../model/expressions';
import { mk } from './make-expr';
import { noteConversion } from './implicit';
import { isArithmetic, isIntegralOrUnscopedEnum, quoteType, unqualified, vectorType, type Type, type VectorType } from '../model/types';
import { isDataVector, isFloatLane, signednessTwins } from '../model/vector-types';

const WIDE_PRODUCT: Record<number, string> = { 64: 'xb_vec2Nx24', 32: 'xb_vecNx48', 16: 'xb_vecN_2x64w' };
const LANEWISE = new Set(['+', '-', '*', '&', '|', '^', '<<', '>>']);
const INTEGER_ONLY = new Set(['&', '|', '^', '<<', '>>']);

const asVector = (t: Type): VectorType | undefined => (t.kind === 'vector' && isDataVector(t.vector) ? t : undefined);
const isIntegerVector = (v: VectorType) => !isFloatLane(v.vector.lane);

/** `l op r` where at least one operand (types `lt`, `rt`, decayed) is an IVP vector. */
export function vectorBinary(ctx: Ctx, op: string, l: Expr, r: Expr, lt: Type, rt: Type, loc: Loc): Expr {
  const bad = () => {
    ctx.a.error(loc, 'bad-operands', `invalid operands to binary expression (${quoteType(l.type)} and ${quoteType(r.type)})`);
    return errorExpr(loc);
  };
  if (!LANEWISE.has(op)) return bad();
  const lv = asVector(lt);
  const rv = asVector(rt);
  const shift = op === '<<' || op === '>>';
  // the vector whose type the result (or, for `*`, its lanes) takes
  const v = lv ?? (shift ? undefined : rv);
  if (!v) return bad();
  if (INTEGER_ONLY.has(op) && !isIntegerVector(v)) return bad();
  const other = v === lv ? r : l;
  const otherType = v === lv ? rt : lt;
  const ov = asVector(otherType);
  if (ov) {
    if (ov.vector !== v.vector && !(shift ? ov.vector.lanes === v.vector.lanes && isIntegerVector(ov) : signednessTwins(ov.vector, v.vector))) return bad();
    if (!shift) noteConversion(other, unqualified(v));
  } else if (otherType.kind === 'vector') {
    return bad();
  } else {
    if (!isArithmetic(otherType) && !(otherType.kind === 'enum' && !otherType.decl.scoped)) return bad();
    if (shift && !isIntegralOrUnscopedEnum(otherType)) return bad();
    if (!shift) noteConversion(other, unqualified(v));
  }
  const self = v === lv ? l : r;
  noteConversion(self, unqualified(v));
  const type = op === '*' && isIntegerVector(v) ? vectorType(WIDE_PRODUCT[v.vector.lanes])! : unqualified(v);
  return mk('binary', type, 'prvalue', loc, { operator: op, operands: [l, r] });
}

/** A unary `-`, `+` or `~` of a vector operand `x` of (decayed) type `t`. */
export function vectorUnary(ctx: Ctx, op: string, x: Expr, t: Type, loc: Loc): Expr {
  const v = asVector(t);
  if (!v || !(op === '-' || op === '+' || (op === '~' && isIntegerVector(v)))) {
    ctx.a.error(loc, 'bad-operands', `invalid argument type ${quoteType(x.type)} to unary expression '${op}'`);
    return errorExpr(loc);
  }
  noteConversion(x, unqualified(v));
  return mk('unary', unqualified(v), 'prvalue', loc, { operator: op, operands: [x] });
}
