// Single-precision arithmetic on raw encodings, correctly rounded in the given mode with IEEE flags,
// and with QEMU's Xtensa NaN rules (de233_fpu, probed): for two operands the NaN of the second
// operand wins, for MADD/MSUB the accumulator's, then ft's, then fs's; signalling NaNs are quieted
// and raise Invalid; invalid operations give the default NaN 0x7fc00000. MADD.S/MSUB.S are fused.
// Flags of the last operation are in `fpFlags.value` (the caller ORs them into FSR).

import {
  DEFAULT_NAN,
  FLAG_DIVZERO,
  FLAG_INEXACT,
  FLAG_INVALID,
  RM_DOWN,
  RM_NEAREST,
  SIGN,
  fromNumber,
  isInfBits,
  isNaNBits,
  isSignalingNaN,
  quiet,
  toNumber,
} from './bits';
import { roundPair, side, twoProduct, twoSum } from './round';

export const fpFlags = { value: 0 };

/** The smallest normal and the largest finite single, as numbers. */
const MIN_NORMAL = 2 ** -126;
const MAX_FINITE_VALUE = 3.4028234663852886e38;

function nan2(a: number, b: number): number {
  fpFlags.value = isSignalingNaN(a) || isSignalingNaN(b) ? FLAG_INVALID : 0;
  return quiet(isNaNBits(b) ? b : a);
}

function invalid(): number {
  fpFlags.value = FLAG_INVALID;
  return DEFAULT_NAN;
}

function exact(bits: number): number {
  fpFlags.value = 0;
  return bits;
}

/** Rounds the exact sum x + y (x, y doubles holding exact values) — shared by add and fused ops. */
function roundSum(x: number, y: number, mode: number): number {
  const s = twoSum(x, y);
  const e = side.sumLo;
  if (s === 0 && e === 0) {
    // Exact zero: equal-signed zero operands keep their sign, otherwise +0 (-0 rounding down).
    const sameSignZeros = x === 0 && y === 0 && Object.is(x, -0) === Object.is(y, -0);
    return exact(sameSignZeros ? (Object.is(x, -0) ? SIGN : 0) : mode === RM_DOWN ? SIGN : 0);
  }
  const r = roundPair(s, e, mode);
  fpFlags.value = side.flags;
  return r;
}

export function fadd(a: number, b: number, mode: number): number {
  if (isNaNBits(a) || isNaNBits(b)) return nan2(a, b);
  const x = toNumber(a);
  const y = toNumber(b);
  if (isInfBits(a) || isInfBits(b)) {
    if (isInfBits(a) && isInfBits(b) && (a ^ b) < 0) return invalid();
    return exact(isInfBits(a) ? a : b);
  }
  return roundSum(x, y, mode);
}

export function fsub(a: number, b: number, mode: number): number {
  if (isNaNBits(a) || isNaNBits(b)) return nan2(a, b);
  return fadd(a, b ^ SIGN, mode);
}

export function fmul(a: number, b: number, mode: number): number {
  if (isNaNBits(a) || isNaNBits(b)) return nan2(a, b);
  const sign = (a ^ b) & SIGN;
  const x = toNumber(a);
  const y = toNumber(b);
  if (isInfBits(a) || isInfBits(b)) {
    if (x === 0 || y === 0) return invalid();
    return exact(0x7f800000 | sign);
  }
  const p = x * y; // exact: 24 x 24 bits fit a double
  if (p === 0) return exact(sign);
  if (mode === RM_NEAREST) {
    // Math.fround rounds the exact product once, to nearest-even: the same as roundPair wherever the
    // result is finite and above the smallest normal (a result equal to it may be a tiny value
    // rounded up, which underflows). Other results take the exact path.
    const r = Math.fround(p);
    const m = r < 0 ? -r : r;
    if (m > MIN_NORMAL && m <= MAX_FINITE_VALUE) {
      fpFlags.value = r === p ? 0 : FLAG_INEXACT;
      return fromNumber(r);
    }
  }
  const r = roundPair(p, 0, mode);
  fpFlags.value = side.flags;
  return r;
}

/** acc ± fs × ft with a single rounding (MADD.S when negate = false, MSUB.S when true). */
export function fmuladd(acc: number, fs: number, ft: number, negate: boolean, mode: number): number {
  const infZero =
    (isInfBits(fs) && (ft & 0x7fffffff) === 0) || (isInfBits(ft) && (fs & 0x7fffffff) === 0);
  if (isNaNBits(acc) || isNaNBits(fs) || isNaNBits(ft)) {
    const sig = isSignalingNaN(acc) || isSignalingNaN(fs) || isSignalingNaN(ft);
    fpFlags.value = sig || infZero ? FLAG_INVALID : 0;
    return quiet(isNaNBits(acc) ? acc : isNaNBits(ft) ? ft : fs);
  }
  if (infZero) return invalid();
  const psign = ((fs ^ ft) & SIGN) ^ (negate ? SIGN : 0);
  const c = toNumber(acc);
  if (isInfBits(fs) || isInfBits(ft)) {
    if (isInfBits(acc) && (acc & SIGN) !== psign) return invalid();
    return exact(0x7f800000 | psign);
  }
  if (isInfBits(acc)) return exact(acc);
  let p = toNumber(fs) * toNumber(ft); // exact
  if (negate) p = -p;
  if (p === 0) p = psign ? -0 : 0;
  return roundSum(c, p, mode);
}

/** x / y correctly rounded (used by MKDADJ.S and RECIP0.S); NaN rule: y's NaN wins. */
export function fdiv(a: number, b: number, mode: number): number {
  if (isNaNBits(a) || isNaNBits(b)) return nan2(a, b);
  const sign = (a ^ b) & SIGN;
  const x = toNumber(a);
  const y = toNumber(b);
  if (isInfBits(a)) return isInfBits(b) ? invalid() : exact(0x7f800000 | sign);
  if (isInfBits(b)) return exact(sign);
  if (y === 0) {
    if (x === 0) return invalid();
    fpFlags.value = FLAG_DIVZERO;
    return 0x7f800000 | sign;
  }
  if (x === 0) return exact(sign);
  const q = x / y;
  const p = twoProduct(q, y);
  const rem = x - p - side.prodLo;
  const r = roundPair(q, rem / y, mode);
  fpFlags.value = side.flags;
  return r;
}

/** Correctly rounded square root (MKSADJ.S). */
export function fsqrt(a: number, mode: number): number {
  if (isNaNBits(a)) return nan2(a, a);
  if ((a & 0x7fffffff) === 0) return exact(a);
  if (a < 0) return invalid();
  if (isInfBits(a)) return exact(a);
  const x = toNumber(a);
  const r = Math.sqrt(x);
  const p = twoProduct(r, r);
  const d = x - p - side.prodLo;
  const out = roundPair(r, d / (2 * r), mode);
  fpFlags.value = side.flags;
  return out;
}

/** Reciprocal square root approximation (RSQRT0.S on q7): 1/sqrt(x) rounded to nearest. */
export function frsqrtApprox(a: number): number {
  if (isNaNBits(a)) return nan2(a, a);
  if ((a & 0x7fffffff) === 0) {
    fpFlags.value = FLAG_DIVZERO;
    return 0x7f800000 | (a & SIGN);
  }
  if (a < 0) return invalid();
  if (isInfBits(a)) return exact(0);
  fpFlags.value = 0;
  return fromNumber(Math.fround(1 / Math.sqrt(toNumber(a))));
}
