// Implicit conversions with their rank (exact, promotion, conversion, user-defined), reference
// binding, the usual arithmetic conversions with the target's sizes, and brace-list conversions.

import type { Ctx } from './context';
import type { ClassDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import {
  builtin, integerRank, isArithmetic, isBuiltin, isFloating, isIntegral, isUnscopedEnum, isUnsigned, nonReference,
  sameType, unqualified, type BuiltinName, type Type,
} from '../model/types';
import { constructorsOf, conversionFunctionsOf } from './class-members';
import { isDataVector, signednessTwins, type VectorTypeInfo } from '../model/vector-types';

export { RANK_CONVERSION, RANK_ELLIPSIS, RANK_EXACT, RANK_PROMOTION, RANK_USER, type Conversion } from './overload-records';
import { RANK_CONVERSION, RANK_EXACT, RANK_PROMOTION, RANK_USER, type Conversion } from './overload-records';

/** Integral promotion of a type (bool, char, short, unscoped enums → int). */
export function promote(t: Type): Type {
  if (t.kind === 'enum') return t.decl.scoped ? t : promote(t.decl.underlying);
  if (t.kind !== 'builtin') return t;
  if (isIntegral(t) && integerRank(t.name) < 3) return builtin('int');
  return unqualified(t);
}

/** The usual arithmetic conversions: the common type of two arithmetic operands. */
export function usualArithmetic(a: Type, b: Type): Type {
  const x = promote(unqualified(a));
  const y = promote(unqualified(b));
  if (x.kind !== 'builtin' || y.kind !== 'builtin') return x;
  for (const f of ['long double', 'double', 'float'] as BuiltinName[]) if (x.name === f || y.name === f) return builtin(f);
  if (x.name === y.name) return x;
  const ux = isUnsigned(x);
  const uy = isUnsigned(y);
  const rx = integerRank(x.name);
  const ry = integerRank(y.name);
  if (ux === uy) return rx >= ry ? x : y;
  const [u, s] = ux ? [x, y] : [y, x];
  if (integerRank(u.name) >= integerRank(s.name)) return u;
  if (sizeOfInt(s.name) > sizeOfInt(u.name)) return s;
  return builtin(`unsigned ${s.name}` as BuiltinName);
}

function sizeOfInt(n: BuiltinName): number {
  return n.includes('long long') ? 8 : n.includes('short') || n === 'char16_t' ? 2 : n.includes('char') && n !== 'char32_t' ? 1 : 4;
}

/** The class a type names (through references), if any. */
export function classOf(t: Type): ClassDecl | undefined {
  const n = nonReference(t);
  return n.kind === 'class' ? n.decl : undefined;
}

/** How `from` converts implicitly to `to`; undefined when it does not. */
export function implicitConversion(ctx: Ctx, from: Expr, to: Type, allowUser = true): Conversion | undefined {
  if (from.list) return listConversion(ctx, from, to, allowUser);
  if (from.type.kind === 'error' || to.kind === 'error') return { rank: RANK_EXACT };
  if (to.kind === 'reference') return referenceBinding(ctx, from, to.referee, to.rvalue, allowUser);
  return valueConversion(ctx, from, to, allowUser);
}

function referenceBinding(ctx: Ctx, from: Expr, target: Type, rvalue: boolean, allowUser: boolean): Conversion | undefined {
  const src = from.type;
  const compatible = sameType(unqualified(src), unqualified(target)) || derivedToBase(src, target);
  const cvOk = (!src.const || !!target.const) && (!src.volatile || !!target.volatile);
  const addsCv = (!!target.const && !src.const) || (!!target.volatile && !src.volatile);
  const isLvalue = from.cat === 'lvalue';
  if (compatible && cvOk) {
    if (!rvalue && isLvalue) return { rank: RANK_EXACT, reference: 'lvalue', addsCv };
    if (rvalue && !isLvalue) return { rank: RANK_EXACT, reference: 'rvalue', addsCv };
    if (!rvalue && !isLvalue && target.const && !target.volatile) return { rank: RANK_EXACT, reference: 'lvalue', addsCv, temporary: from.cat === 'prvalue' };
    if (!rvalue) return undefined;
    // an rvalue reference does not bind an lvalue of a related type
    return undefined;
  }
  if (compatible && !cvOk) return undefined;
  // a temporary of the target type: only const& or &&
  if (!rvalue && !(target.const && !target.volatile)) return undefined;
  const c = valueConversion(ctx, from, unqualified(target), allowUser);
  if (!c) return undefined;
  return { ...c, reference: rvalue ? 'rvalue' : 'lvalue', temporary: true };
}

function derivedToBase(src: Type, target: Type): boolean {
  return src.kind === 'class' && target.kind === 'class' && src.decl.isDerivedFrom(target.decl);
}

function valueConversion(ctx: Ctx, from: Expr, to: Type, allowUser: boolean): Conversion | undefined {
  const src = unqualified(from.type);
  const dst = unqualified(to);
  if (dst.kind === 'class') {
    if (src.kind === 'class' && (src.decl === dst.decl || src.decl.isDerivedFrom(dst.decl))) return { rank: src.decl === dst.decl ? RANK_EXACT : RANK_CONVERSION };
    if (!allowUser) return undefined;
    return userConversion(ctx, from, dst);
  }
  if (src.kind === 'class') {
    if (!allowUser) return undefined;
    return userConversion(ctx, from, dst);
  }
  const s = standardConversion(from, src, dst);
  return s === undefined ? undefined : { rank: s };
}

/** The rank of a standard conversion sequence from `src` to `dst` (both unqualified, non-class). */
export function standardConversion(from: Expr | undefined, src: Type, dst: Type): number | undefined {
  if (sameType(src, dst, true)) return RANK_EXACT;
  if (src.kind === 'array' && dst.kind === 'pointer') return pointerConversion({ kind: 'pointer', pointee: src.element }, dst);
  if (src.kind === 'function' && dst.kind === 'pointer' && sameType(src, dst.pointee, true)) return RANK_EXACT;
  if (isBuiltin(dst, 'bool') && (isArithmetic(src) || isUnscopedEnum(src) || src.kind === 'pointer')) return src.kind === 'builtin' && src.name === 'bool' ? RANK_EXACT : RANK_CONVERSION;
  if (isArithmetic(dst) && (isArithmetic(src) || isUnscopedEnum(src))) {
    const p = promote(src);
    if (sameType(p, dst, true) && !sameType(src, dst, true)) return RANK_PROMOTION;
    if (isBuiltin(src, 'float') && isBuiltin(dst, 'double')) return RANK_PROMOTION;
    return RANK_CONVERSION;
  }
  if (dst.kind === 'pointer') {
    if (isBuiltin(src, 'nullptr_t') || (from?.nullPointerConstant ?? false) || (from?.value === 0 && isIntegral(src) && from.kind === 'number_literal')) return RANK_CONVERSION;
    if (src.kind === 'pointer') return pointerConversion(src, dst);
    return undefined;
  }
  if (isBuiltin(dst, 'nullptr_t') && isBuiltin(src, 'nullptr_t')) return RANK_EXACT;
  if (dst.kind === 'vector') return vectorConversion(src, dst.vector);
  if (dst.kind === 'enum' && src.kind === 'enum') return src.decl === dst.decl ? RANK_EXACT : undefined;
  return undefined;
}

/**
 * To an IVP vector: a C arithmetic value broadcast to every lane of a narrow vector, or a vector of
 * the same lanes differing only in signedness (`xb_vecNx16` ↔ `xb_vecNx16U`, bits unchanged).
 */
function vectorConversion(src: Type, dst: VectorTypeInfo): number | undefined {
  if (src.kind === 'vector') return signednessTwins(src.vector, dst) ? RANK_CONVERSION : undefined;
  if (isDataVector(dst) && (isArithmetic(src) || isUnscopedEnum(src))) return RANK_CONVERSION;
  return undefined;
}

function pointerConversion(src: Type & { kind: 'pointer' }, dst: Type & { kind: 'pointer' }): number | undefined {
  const sp = src.pointee;
  const dp = dst.pointee;
  // an array's cv-qualifiers are its elements' (`const int (*)[4]` points to an array of const int)
  const sc = elementOf(sp), dc = elementOf(dp);
  const cvOk = (!sc.const || !!dc.const) && (!sc.volatile || !!dc.volatile);
  if (!cvOk) return undefined;
  if (sameType(withoutCv(sp), withoutCv(dp))) return RANK_EXACT;
  if (isBuiltin(unqualified(dp), 'void') && sp.kind !== 'function') return RANK_CONVERSION;
  if (sp.kind === 'class' && dp.kind === 'class' && sp.decl.isDerivedFrom(dp.decl)) return RANK_CONVERSION;
  if (sp.kind === 'pointer' && dp.kind === 'pointer' && dp.const) return pointerConversion(sp, dp) === RANK_EXACT ? RANK_EXACT : undefined;
  return undefined;
}

/** The innermost element type of an array (the type itself otherwise). */
function elementOf(t: Type): Type {
  return t.kind === 'array' ? elementOf(t.element) : t;
}

/** `t` without cv-qualifiers, an array's elements' included. */
function withoutCv(t: Type): Type {
  if (t.kind === 'array') return { ...t, element: withoutCv(t.element) };
  return unqualified(t);
}

/** A user-defined conversion: a non-explicit converting constructor of the target, or a conversion function of the source. */
function userConversion(ctx: Ctx, from: Expr, dst: Type): Conversion | undefined {
  const found: Conversion[] = [];
  if (dst.kind === 'class') {
    for (const ctor of constructorsOf(ctx, dst.decl)) {
      if (ctor.explicit || ctor.deleted && false) continue;
      const required = ctor.params.filter((p) => !p.defaultNode).length;
      if (ctor.params.length < 1 || required > 1) continue;
      const p = ctor.params[0].type;
      const pc = nonReference(p);
      if (pc.kind === 'class' && pc.decl === dst.decl) continue; // copy/move constructors are not conversions
      const c = implicitConversion(ctx, from, p, false);
      if (c) found.push({ rank: RANK_USER, user: ctor });
    }
  }
  const srcClass = classOf(from.type);
  if (srcClass) {
    for (const conv of conversionFunctionsOf(ctx, srcClass)) {
      if (conv.explicit) continue;
      if (from.type.const && !conv.isConst) continue;
      const result: Expr = { kind: 'conversion', type: nonReference(conv.ret), cat: conv.ret.kind === 'reference' ? 'lvalue' : 'prvalue', loc: from.loc };
      const s = dst.kind === 'class' ? (result.type.kind === 'class' && result.type.decl === dst.decl ? RANK_EXACT : undefined) : standardConversion(result, unqualified(result.type), dst);
      if (s !== undefined) found.push({ rank: RANK_USER, user: conv });
    }
  }
  if (!found.length) return undefined;
  return found[0];
}

function listConversion(ctx: Ctx, from: Expr, to: Type, allowUser: boolean): Conversion | undefined {
  const elems = from.list ?? [];
  const target = unqualified(nonReference(to));
  const elem = initializerListElement(target);
  if (elem) {
    let rank = RANK_EXACT;
    let narrowing = false;
    for (const e of elems) {
      const c = implicitConversion(ctx, e, elem, false);
      if (!c) return undefined;
      rank = Math.max(rank, c.rank);
      if (isNarrowing(e, elem)) narrowing = true;
    }
    return { rank, narrowing, temporary: true };
  }
  if (target.kind === 'class') {
    if (!allowUser && !target.decl.templateInfo) return undefined;
    // a constructor taking an initializer_list, or one taking the elements, or an aggregate
    for (const ctor of constructorsOf(ctx, target.decl)) {
      if (ctor.params.length >= 1 && initializerListElement(unqualified(nonReference(ctor.params[0].type)))) {
        const c = listConversion(ctx, from, ctor.params[0].type, false);
        if (c) return { rank: RANK_USER, user: ctor, narrowing: c.narrowing };
      }
    }
    for (const ctor of constructorsOf(ctx, target.decl)) {
      const required = ctor.params.filter((p) => !p.defaultNode).length;
      if (elems.length < required || elems.length > ctor.params.length) continue;
      if (elems.every((e, i) => implicitConversion(ctx, e, ctor.params[i].type, false))) return { rank: RANK_USER, user: ctor };
    }
    // an aggregate (C++17: its base, then its members)
    const parts: Type[] = [...(target.decl.base ? [{ kind: 'class', decl: target.decl.base } as Type] : []), ...target.decl.fields.map((f) => f.type)];
    if (!target.decl.hasUserConstructor && elems.length <= parts.length) {
      if (elems.every((e, i) => implicitConversion(ctx, e, parts[i]))) return { rank: RANK_USER };
    }
    return undefined;
  }
  if (target.kind === 'array') {
    if (target.length !== undefined && elems.length > target.length) return undefined;
    return elems.every((e) => implicitConversion(ctx, e, target.element)) ? { rank: RANK_EXACT } : undefined;
  }
  if (elems.length === 0) return { rank: RANK_EXACT };
  if (elems.length === 1) {
    const c = implicitConversion(ctx, elems[0], target, allowUser);
    return c ? { ...c, narrowing: isNarrowing(elems[0], target) } : undefined;
  }
  return undefined;
}

/** E when `t` is std::initializer_list<E>. */
export function initializerListElement(t: Type): Type | undefined {
  if (t.kind !== 'class' || !t.decl.templateInfo) return undefined;
  const tmpl = t.decl.templateInfo.template;
  if (tmpl.qualifiedName !== 'std::initializer_list') return undefined;
  const a = t.decl.templateInfo.args[0];
  return a && a.kind === 'type' ? a.type : undefined;
}

/** A narrowing conversion in list-initialisation (C++ [dcl.init.list]): non-constant values only. */
export function isNarrowing(e: Expr, to: Type): boolean {
  const src = unqualified(e.type);
  const dst = unqualified(to);
  if (!isArithmetic(src) && !isUnscopedEnum(src)) return false;
  if (!isArithmetic(dst)) return false;
  if (isFloating(src) && isIntegral(dst)) return true;
  if (isFloating(src) && isFloating(dst)) return sizeRank(src) > sizeRank(dst) && e.value === undefined;
  if (isIntegral(src) && isFloating(dst)) return e.value === undefined;
  if ((isIntegral(src) || isUnscopedEnum(src)) && isIntegral(dst)) {
    if (e.value !== undefined) return !fits(e.value, dst);
    const s = promote(src);
    if (s.kind !== 'builtin' || dst.kind !== 'builtin') return false;
    const ss = sizeOfInt(s.name);
    const ds = sizeOfInt(dst.name);
    if (isBuiltin(dst, 'bool')) return true;
    if (isUnsigned(s) === isUnsigned(dst)) return ds < ss;
    if (isUnsigned(s)) return ds <= ss; // unsigned → signed needs a wider type
    return true; // signed → unsigned
  }
  return false;
}

function sizeRank(t: Type): number {
  return isBuiltin(t, 'float') ? 1 : isBuiltin(t, 'double') ? 2 : 3;
}

function fits(v: number, t: Type): boolean {
  if (t.kind !== 'builtin') return true;
  const bits = sizeOfInt(t.name) * 8;
  if (t.name === 'bool') return v === 0 || v === 1;
  if (isUnsigned(t)) return v >= 0 && v < 2 ** bits;
  return v >= -(2 ** (bits - 1)) && v < 2 ** (bits - 1);
}

/** A type built on the error type (`E*`, `const E&`, `E[3]`): a template parameter bound to nothing, or an earlier error. */
export function involvesError(t: Type): boolean {
  let u = t;
  for (;;) {
    if (u.kind === 'pointer') u = u.pointee;
    else if (u.kind === 'reference') u = u.referee;
    else if (u.kind === 'array') u = u.element;
    else return u.kind === 'error';
  }
}
