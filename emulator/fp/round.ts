// Exact rounding to single precision: the value to round is given as a pair hi + lo of doubles
// (hi the double nearest to the exact value, lo the rest, or just its sign), so fused and inexact
// intermediate results round once, in any of the four FCR modes. Tininess is detected after
// rounding and underflow is flagged only when the result is also inexact (softfloat, as in QEMU).

import { FLAG_INEXACT, FLAG_OVERFLOW, FLAG_UNDERFLOW, RM_DOWN, RM_NEAREST, RM_UP, SIGN, fromNumber } from './bits';

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/**
 * Side results: `flags` raised by the last roundPair (set, not accumulated); `sumLo`/`prodLo` the
 * low parts of the last twoSum/twoProduct.
 */
export const side = { flags: 0, sumLo: 0, prodLo: 0 };

const MAX_FINITE = fromNumber(3.4028234663852886e38);
const INF = 0x7f800000;
const MIN_NORMAL_EXP = -126;

/** floor(log2(m)) of a positive normal double, and whether m is a power of two. */
function exponent(m: number): number {
  f64[0] = m;
  return ((u32[1] >>> 20) & 0x7ff) - 1023;
}
function isPowerOfTwo(m: number): boolean {
  f64[0] = m;
  return (u32[1] & 0xfffff) === 0 && u32[0] === 0;
}

// Result of roundMagnitude: the integer multiple of the ulp, and how far the value was from it.
let outN = 0;
let outInexact = false;

/**
 * Rounds the magnitude m + l (m > 0, l a tiny correction of either sign) to an integer multiple of
 * 2^ulpExp; `dir` is 0 nearest-even, 1 up (away from zero), -1 down (toward zero).
 */
function roundMagnitude(m: number, l: number, ulpExp: number, dir: number): void {
  const q = m * 2 ** -ulpExp;
  const fl = Math.floor(q);
  const frac = q - fl;
  let n0 = fl;
  let rest: number; // 0 exact, 1 below half, 2 half, 3 above half
  if (frac === 0) {
    if (l === 0) rest = 0;
    else if (l > 0) rest = 1;
    else {
      n0 = fl - 1;
      rest = 3;
    }
  } else if (frac < 0.5) rest = 1;
  else if (frac === 0.5) rest = l > 0 ? 3 : l < 0 ? 1 : 2;
  else rest = 3;
  if (dir === 0) outN = rest === 3 || (rest === 2 && (n0 & 1) === 1) ? n0 + 1 : n0;
  else if (dir > 0) outN = rest !== 0 ? n0 + 1 : n0;
  else outN = n0;
  outInexact = rest !== 0;
}

/**
 * Rounds hi + lo to single precision in `mode` and returns the encoding.
 * hi must be non-zero or both zero (then the sign of hi is kept). Flags go to side.flags.
 */
export function roundPair(hi: number, lo: number, mode: number): number {
  side.flags = 0;
  if (hi === 0 && lo === 0) return Object.is(hi, -0) ? SIGN : 0;
  const neg = hi < 0;
  const sign = neg ? SIGN : 0;
  const m = neg ? -hi : hi;
  const l = neg ? -lo : lo;
  const dir = mode === RM_NEAREST ? 0 : (mode === RM_UP && !neg) || (mode === RM_DOWN && neg) ? 1 : -1;
  let e = exponent(m);
  if (l < 0 && isPowerOfTwo(m)) e -= 1;
  if (e >= 128) return overflow(sign, dir);
  const ulpExp = Math.max(e, MIN_NORMAL_EXP) - 23;
  roundMagnitude(m, l, ulpExp, dir);
  const r = outN * 2 ** ulpExp;
  const inexact = outInexact;
  if (r >= 2 ** 128) return overflow(sign, dir);
  if (inexact) {
    side.flags = FLAG_INEXACT;
    if (e < MIN_NORMAL_EXP) {
      roundMagnitude(m, l, e - 23, dir);
      if (outN * 2 ** (e - 23) < 2 ** MIN_NORMAL_EXP) side.flags |= FLAG_UNDERFLOW;
    }
  }
  return fromNumber(r) | sign;
}

function overflow(sign: number, dir: number): number {
  side.flags = FLAG_OVERFLOW | FLAG_INEXACT;
  return (dir < 0 ? MAX_FINITE : INF) | sign;
}

/** Exact sum: returns s = fl(a + b), side.sumLo = a + b - s (no overflow assumed). */
export function twoSum(a: number, b: number): number {
  const s = a + b;
  const bb = s - a;
  side.sumLo = a - (s - bb) + (b - bb);
  return s;
}

/** Exact product (Dekker): returns p = fl(a * b), side.prodLo = a * b - p. */
const SPLIT = 134217729; // 2^27 + 1
export function twoProduct(a: number, b: number): number {
  const p = a * b;
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  side.prodLo = ah * bh - p + ah * bl + al * bh + al * bl;
  return p;
}
