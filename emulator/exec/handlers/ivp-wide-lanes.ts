// Lanes of the IVP wide accumulators (xtensa-ivp-spec.md §11.2): 64 × 24-bit lanes at bytes 3i;
// a 48-bit lane i is 24-bit lanes 2i (low) and 2i+1 (high), i.e. bytes 6i..6i+5; a 64-bit lane i
// lives in the 96-bit slice at bytes 12i, its upper 32 bits written as the sign extension.
// 24- and 48-bit lanes are exact JavaScript numbers (48-bit ones read and written as three 16-bit
// units); 64-bit lanes are BigInt.

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

const P48 = 2 ** 48;

/** Wraps an integer-valued number into the signed 48-bit range. */
export function wrap48(v: number): number {
  let r = v % P48;
  if (r < 0) r += P48;
  return r >= P48 / 2 ? r - P48 : r;
}

/** 16-bit units of a wide register. */
const W16 = W / 2;
const P32 = 2 ** 32;

export function get48(c: Cpu, r: number, i: number): number {
  // units 3i, 3i+1: the low 32 bits; unit 3i+2: the signed high 16
  const o = r * W16 + 3 * i;
  const u = c.ivp.w16;
  return c.ivp.wi16[o + 2] * P32 + (u[o + 1] * 65536 + u[o]);
}

export function set48(c: Cpu, r: number, i: number, v: number): void {
  const o = r * W16 + 3 * i;
  const u = c.ivp.w16;
  if (v >= -2147483648 && v <= 2147483647) {
    // an int32 value: its low 32 bits and its sign in bits 47..32
    u[o] = v;
    u[o + 1] = v >> 16;
    u[o + 2] = v >> 31;
    return;
  }
  const w = wrap48(v);
  const hi = Math.floor(w / P32);
  const lo = w - hi * P32;
  u[o] = lo;
  u[o + 1] = lo / 65536;
  u[o + 2] = hi;
}

export function get64(c: Cpu, r: number, i: number): bigint {
  // the slice's words 3i (low) and 3i+1 (high, signed); word 3i+2 is the sign extension
  const o = r * 48 + 3 * i;
  const w = c.wv;
  return (BigInt(w[o + 1]) << 32n) | BigInt(w[o] >>> 0);
}

export function set64(c: Cpu, r: number, i: number, v: bigint): void {
  const o = r * 48 + 3 * i;
  const w = c.wv;
  const hi = Number(BigInt.asIntN(32, v >> 32n));
  w[o] = Number(BigInt.asUintN(32, v));
  w[o + 1] = hi;
  w[o + 2] = hi < 0 ? -1 : 0;
}
