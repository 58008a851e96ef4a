// Arithmetic on scalar types as the target computes it: the type a scalar is computed in (references,
// cv-qualifiers and enums stripped), integer widths with the target's sizes, signedness, integral
// promotion and the usual arithmetic conversions. The front-end's constant folding and the compiler's
// lowering both use these, so a folded constant and the code computing it agree.

import { builtin, isUnsigned, nonReference, unqualified, type BuiltinName, type Type } from './types';

/** Strips references and cv-qualifiers; enums become their underlying type. */
export function scalarBase(t: Type): Type {
  let u = unqualified(nonReference(t));
  if (u.kind === 'enum') u = unqualified(u.decl.underlying);
  return u;
}

/** Integer width in bits (bool = 1), or undefined when not an integer type. */
export function intBits(t: Type): number | undefined {
  const u = scalarBase(t);
  if (u.kind !== 'builtin') return undefined;
  switch (u.name) {
    case 'bool': return 1;
    case 'char': case 'signed char': case 'unsigned char': return 8;
    case 'short': case 'unsigned short': case 'char16_t': return 16;
    case 'int': case 'unsigned int': case 'long': case 'unsigned long': case 'wchar_t': case 'char32_t': return 32;
    case 'long long': case 'unsigned long long': return 64;
    default: return undefined;
  }
}

/** Computed without a sign: unsigned integers (plain `char` too), pointers and functions. */
export function isUnsignedScalar(t: Type): boolean {
  const u = scalarBase(t);
  return u.kind === 'pointer' || u.kind === 'function' || isUnsigned(u);
}

/** Integral promotion (bool, char, short, enums of such → int). */
export function promoted(t: Type): Type {
  const u = scalarBase(t);
  const bits = intBits(u);
  if (bits !== undefined && bits < 32) return builtin('int');
  return u;
}

function rank(n: BuiltinName): number {
  return n.includes('long long') ? 5 : n.includes('long') ? 4 : 3;
}

/** The usual arithmetic conversions of two operand types (target sizes): the type both are computed in. */
export function commonType(a: Type, b: Type): Type {
  const x = promoted(a);
  const y = promoted(b);
  if (x.kind !== 'builtin' || y.kind !== 'builtin') return x;
  for (const f of ['long double', 'double', 'float'] as BuiltinName[]) if (x.name === f || y.name === f) return builtin(f);
  if (x.name === y.name) return x;
  const ux = isUnsigned(x);
  const uy = isUnsigned(y);
  if (ux === uy) return rank(x.name) >= rank(y.name) ? x : y;
  const [u, s] = ux ? [x, y] : [y, x];
  if (rank(u.name) >= rank(s.name)) return u;
  if ((intBits(s) ?? 32) > (intBits(u) ?? 32)) return s;
  return builtin(`unsigned ${s.name}` as BuiltinName);
}
