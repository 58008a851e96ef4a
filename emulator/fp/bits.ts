// IEEE single-precision encodings: conversions between raw bits and numbers, NaN classes, the
// FSR flag bits and FCR rounding modes of the Xtensa FPU (xtensa-ivp-spec.md §10).

const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);

export const SIGN = 0x80000000 | 0;
export const DEFAULT_NAN = 0x7fc00000;
export const QUIET_BIT = 0x00400000;

/** Rounding modes (FCR[1:0]). */
export const RM_NEAREST = 0;
export const RM_ZERO = 1;
export const RM_UP = 2;
export const RM_DOWN = 3;

/** Exception flags (FSR bits 7..11 in this order). */
export const FLAG_INEXACT = 1;
export const FLAG_UNDERFLOW = 2;
export const FLAG_OVERFLOW = 4;
export const FLAG_DIVZERO = 8;
export const FLAG_INVALID = 16;
export const FSR_FLAGS_SHIFT = 7;

/** The number an (non-NaN) encoding stands for. */
export function toNumber(bits: number): number {
  i32[0] = bits;
  return f32[0];
}

/** The encoding of a number that is exactly representable as a single (or ±Infinity). */
export function fromNumber(v: number): number {
  f32[0] = v;
  return i32[0];
}

export function isNaNBits(b: number): boolean {
  return (b & 0x7f800000) === 0x7f800000 && (b & 0x007fffff) !== 0;
}

export function isSignalingNaN(b: number): boolean {
  return isNaNBits(b) && (b & QUIET_BIT) === 0;
}

export function quiet(b: number): number {
  return b | QUIET_BIT;
}

export function isInfBits(b: number): boolean {
  return (b & 0x7fffffff) === 0x7f800000;
}

export function signOf(b: number): boolean {
  return b < 0;
}
