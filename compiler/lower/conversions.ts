// Scalar conversions with the target's rules: integer ↔ integer at every width (values in an i32 are
// kept normalised to their C++ type: sign- or zero-extended), integer ↔ floating, float ↔ double,
// to bool, pointers and references as 32-bit addresses; and a class operand converted through its
// conversion function.

import { types } from '../../language';
import { isCompleteClass, type Loc, type Expr, type Type } from '../../language/model';
import type { ConvKind, VReg } from '../ir/ir';
import { unsupported } from './errors';
import { adjustClassPointer } from './base-conversions';
import { broadcast } from './vectors';
import { passes, type FnLower } from './function';
import { classDeclOf, intBits, isFloatType, isUnsignedType, memTypeOf, scalarBase, valueTypeOf } from './types';

export const BOOL_TYPE = types.BOOL;
export const INT_TYPE = types.INT;

/**
 * Converts `v` (a value of type `from`) to type `to`. When `from` is a class, `v` is undefined and
 * `expr` is the class operand: its conversion function is called.
 */
export function convertTo(f: FnLower, v: VReg | undefined, from: Type, to: Type, at: Loc, expr?: Expr): VReg {
  const src = scalarBase(from);
  const dst = scalarBase(to);
  if (src.kind === 'class') return classToScalar(f, src.decl, to, at, expr);
  if (!v) return unsupported(at, 'internal: conversion without a value');
  if (dst.kind === 'class') return unsupported(at, `converting '${types.typeToString(from)}' to class '${types.typeToString(to)}' here is not supported yet`);
  if (dst.kind === 'vector') {
    // a vector of the same layout (signedness twins) is the same register; a C scalar is broadcast
    if (src.kind === 'vector') return v;
    return broadcast(f, v, from, dst.vector, at, (x, xf, xt) => convertTo(f, x, xf, xt, at));
  }
  if (src.kind === 'vector') return unsupported(at, `cannot convert '${types.typeToString(from)}' to '${types.typeToString(to)}'`);
  const b = f.b;
  const dv = valueTypeOf(dst);
  if (!dv) return unsupported(at, `cannot convert to '${types.typeToString(to)}'`);
  const sFloat = isFloatType(src);
  const dFloat = isFloatType(dst);
  const dBits = intBits(dst);
  if (dst.kind === 'builtin' && dst.name === 'bool') return toBool(f, v);
  if (dFloat) {
    if (sFloat) {
      if (v.type === dv) return v;
      return b.conv(v.type === 'f32' ? 'f32>f64' : 'f64>f32', v, dv);
    }
    const u = isUnsignedType(src);
    const kind = `${v.type === 'i64' ? 'i64' : 'i32'}${u ? 'u' : 's'}>${dv}` as ConvKind;
    return b.conv(kind, v, dv);
  }
  if (dBits === undefined) {
    // pointers, nullptr, function pointers: 32-bit addresses
    if (v.type === 'i64') return b.conv('i64>i32', v, 'i32');
    if (v.type !== 'i32') return unsupported(at, `cannot convert '${types.typeToString(from)}' to '${types.typeToString(to)}'`);
    return adjustClassPointer(f, v, src, dst);
  }
  const dUnsigned = isUnsignedType(dst);
  if (sFloat) {
    if (dBits === 64) return b.conv(`${v.type}>i64${dUnsigned ? 'u' : 's'}` as ConvKind, v, 'i64');
    const wide = b.conv(`${v.type}>i32${dUnsigned && dBits === 32 ? 'u' : 's'}` as ConvKind, v, 'i32');
    return narrow(f, wide, dBits, dUnsigned);
  }
  const sBits = intBits(src) ?? 32;
  const sUnsigned = isUnsignedType(src);
  if (dBits === 64) {
    if (v.type === 'i64') return v;
    return b.conv(sUnsigned ? 'i32>i64u' : 'i32>i64s', v, 'i64');
  }
  let w = v;
  if (w.type === 'i64') w = b.conv('i64>i32', w, 'i32');
  if (dBits === 32) return w;
  // narrowing to 8 or 16 bits, unless the source range already fits
  const fits = sBits === 1 || sBits < dBits ? sUnsigned || !dUnsigned : sBits === dBits && sUnsigned === dUnsigned;
  if (fits && v.type === 'i32') return w;
  return narrow(f, w, dBits, dUnsigned);
}

function narrow(f: FnLower, v: VReg, bits: number, unsigned: boolean): VReg {
  if (bits === 32) return v;
  const kind: ConvKind = bits === 8 ? (unsigned ? 'zext8' : 'sext8') : unsigned ? 'zext16' : 'sext16';
  return f.b.conv(kind, v, 'i32');
}

function toBool(f: FnLower, v: VReg): VReg {
  switch (v.type) {
    case 'i32': return f.b.conv('bool', v, 'i32');
    case 'i64': return f.b.conv('i64>bool', v, 'i32');
    case 'f32': return f.b.conv('f32>bool', v, 'i32');
    case 'f64': return f.b.conv('f64>bool', v, 'i32');
    default: return unsupported(undefined, 'internal: a vector converted to bool');
  }
}

/** A class operand used as a scalar: through its (unique usable) conversion function. */
function classToScalar(f: FnLower, cls: NonNullable<ReturnType<typeof classDeclOf>>, to: Type, at: Loc, expr?: Expr): VReg {
  if (!expr) return unsupported(at, 'internal: class conversion without its operand');
  isCompleteClass(cls);
  const convs = cls.conversionFunctions().filter((c) => !expr.type.const || c.isConst);
  const exact = convs.find((c) => types.sameType(scalarBase(c.ret), scalarBase(to), true));
  const fn = exact ?? (convs.length === 1 ? convs[0] : undefined);
  if (!fn) return unsupported(at, `no unique conversion from '${types.typeToString(expr.type)}' to '${types.typeToString(to)}'`);
  const r = passes.callMember(f, fn, expr, [], at);
  if (!r) return unsupported(at, 'internal: conversion function without a value');
  const value = fn.ret.kind === 'reference' ? f.b.load(memTypeOf(fn.ret.referee), { kind: 'reg', base: r, offset: 0 }, valueTypeOf(fn.ret.referee)!) : r;
  return convertTo(f, value, types.nonReference(fn.ret), to, at);
}
