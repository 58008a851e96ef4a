// Conversions with a power-of-two scale (xtensa-ivp-spec.md §10): FLOAT.S/UFLOAT.S round the integer
// to single in the FCR mode, then scale by 2^-t; TRUNC/ROUND/FLOOR/CEIL.S and UTRUNC.S scale by 2^t
// and convert with saturation as QEMU does: NaN → 0x7fffffff (0xffffffff unsigned), out of range →
// the nearest bound, with Invalid; UTRUNC.S of a negative value converts signed and, when that is
// not 0, leaves Invalid as the only FSR flag (QEMU replaces the accumulated flags there).

import { FLAG_INEXACT, FLAG_INVALID, FLAG_OVERFLOW, SIGN, fromNumber, isInfBits, isNaNBits, toNumber } from './bits';
import { roundPair, side } from './round';

export const cvtFlags = { value: 0, replace: false };

/** (u)int32 → single, scaled by 2^-scale. */
export function intToFloat(v: number, scale: number, mode: number): number {
  cvtFlags.replace = false;
  if (v === 0) {
    cvtFlags.value = 0;
    return 0;
  }
  const bits = roundPair(v, 0, mode);
  cvtFlags.value = side.flags;
  return scale === 0 ? bits : fromNumber(toNumber(bits) * 2 ** -scale);
}

export type IntRounding = 'zero' | 'nearest' | 'floor' | 'ceil';

function roundInt(v: number, how: IntRounding): number {
  switch (how) {
    case 'zero':
      return Math.trunc(v);
    case 'floor':
      return Math.floor(v);
    case 'ceil':
      return Math.ceil(v);
    default: {
      const f = Math.floor(v);
      const d = v - f;
      return d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
    }
  }
}

/** The single `bits` × 2^scale as a number; Infinity (with Overflow|Inexact) if it leaves the range. */
function scaled(bits: number, scale: number): number {
  const v = toNumber(bits) * 2 ** scale;
  if (!isInfBits(bits) && Math.abs(v) >= 2 ** 128) {
    cvtFlags.value |= FLAG_OVERFLOW | FLAG_INEXACT;
    return v < 0 ? -Infinity : Infinity;
  }
  return v;
}

/** Single → int32 (TRUNC.S, ROUND.S, FLOOR.S, CEIL.S). */
export function floatToInt(bits: number, scale: number, how: IntRounding): number {
  cvtFlags.value = 0;
  cvtFlags.replace = false;
  if (isNaNBits(bits)) {
    cvtFlags.value = FLAG_INVALID;
    return 0x7fffffff;
  }
  return toInt32(scaled(bits, scale), how);
}

function toInt32(v: number, how: IntRounding): number {
  if (v === Infinity) return invalidInt(0x7fffffff);
  if (v === -Infinity) return invalidInt(0x80000000 | 0);
  const r = roundInt(v, how);
  if (r > 2147483647) return invalidInt(0x7fffffff);
  if (r < -2147483648) return invalidInt(0x80000000 | 0);
  if (r !== v) cvtFlags.value |= FLAG_INEXACT;
  return r | 0;
}

function invalidInt(r: number): number {
  cvtFlags.value |= FLAG_INVALID;
  return r;
}

/** Single → uint32 rounding toward zero (UTRUNC.S), with QEMU's handling of negative inputs. */
export function floatToUint(bits: number, scale: number): number {
  cvtFlags.value = 0;
  cvtFlags.replace = false;
  if (isNaNBits(bits)) {
    cvtFlags.value = FLAG_INVALID;
    return -1;
  }
  const v = scaled(bits, scale);
  if ((bits & SIGN) !== 0) {
    const r = toInt32(v, 'zero');
    if (r !== 0) {
      cvtFlags.value = FLAG_INVALID;
      cvtFlags.replace = true;
    }
    return r;
  }
  if (v === Infinity || v >= 2 ** 32) {
    cvtFlags.value |= FLAG_INVALID;
    return -1;
  }
  const r = Math.trunc(v);
  if (r !== v) cvtFlags.value |= FLAG_INEXACT;
  return r | 0;
}
