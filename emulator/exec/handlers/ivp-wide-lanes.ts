// Lanes of the IVP wide accumulators (xtensa-ivp-spec.md §11.2): 64 × 24-bit lanes at bytes 3i;
// a 48-bit lane i is 24-bit lanes 2i (low) and 2i+1 (high), i.e. bytes 6i..6i+5; a 64-bit lane i
// lives in the 96-bit slice at bytes 12i, its upper 32 bits written as the sign extension.
// 24- and 48-bit lanes are exact JavaScript numbers; 64-bit lanes are BigInt.

import type { Cpu } from '../../core/cpu';

const W = 192;

export function get24(c: Cpu, r: number, i: number): number {
  const b = c.ivp.w8;
  const o = r * W + 3 * i;
  return ((b[o] | (b[o + 1] << 8) | (b[o + 2] << 16)) << 8) >> 8;
}

export function set24(c: Cpu, r: number, i: number, v: number): void {
  const b = c.ivp.w8;
  const o = r * W + 3 * i;
  b[o] = v & 255;
  b[o + 1] = (v >> 8) & 255;
  b[o + 2] = (v >> 16) & 255;
}

const P24 = 2 ** 24;
const P48 = 2 ** 48;

/** Wraps an integer-valued number into the signed 48-bit range. */
export function wrap48(v: number): number {
  let r = v % P48;
  if (r < 0) r += P48;
  return r >= P48 / 2 ? r - P48 : r;
}

export function get48(c: Cpu, r: number, i: number): number {
  const b = c.ivp.w8;
  const o = r * W + 6 * i;
  const lo = b[o] | (b[o + 1] << 8) | (b[o + 2] << 16);
  const hi = ((b[o + 3] | (b[o + 4] << 8) | (b[o + 5] << 16)) << 8) >> 8;
  return hi * P24 + lo;
}

export function set48(c: Cpu, r: number, i: number, v: number): void {
  if (v >= -2147483648 && v <= 2147483647) {
    // an int32 value: its low 24 bits and its arithmetic upper part (sign-extended into bits 47..24)
    set24(c, r, 2 * i, v & 0xffffff);
    set24(c, r, 2 * i + 1, v >> 24);
    return;
  }
  const w = wrap48(v);
  const lo = ((w % P24) + P24) % P24;
  set24(c, r, 2 * i, lo);
  set24(c, r, 2 * i + 1, (w - lo) / P24);
}

export function get64(c: Cpu, r: number, i: number): bigint {
  const b = c.ivp.w8;
  const o = r * W + 12 * i;
  let v = 0n;
  for (let k = 7; k >= 0; k--) v = (v << 8n) | BigInt(b[o + k]);
  return BigInt.asIntN(64, v);
}

export function set64(c: Cpu, r: number, i: number, v: bigint): void {
  const b = c.ivp.w8;
  const o = r * W + 12 * i;
  let u = BigInt.asUintN(96, BigInt.asIntN(64, v));
  for (let k = 0; k < 12; k++) {
    b[o + k] = Number(u & 255n);
    u >>= 8n;
  }
}
