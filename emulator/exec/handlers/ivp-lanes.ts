// Lane access for the IVP handlers: the lane type named by an intrinsic's type suffix (2nx8, nx16u,
// n_2x32, nxf16, n_2xf32…), the typed view of the vector file that reads such lanes with the right
// sign, and the helpers every IVP family shares (the predicated in/out update, a scratch vector for
// permutes). Lane i of v[r] is element r × lanes + i of the view (lane 0 at the lowest address).

import type { Cpu } from '../../core/cpu';
import { PAGE_SHIFT, PAGE_SIZE } from '../../memory/memory';

export interface LaneType {
  readonly bits: 8 | 16 | 32;
  /** Lanes per 512-bit register. */
  readonly lanes: number;
  readonly signed: boolean;
  readonly float: boolean;
}

/** The lane type of a type suffix of §12.0 (a trailing `u` = unsigned lanes). */
export function laneType(t: string): LaneType {
  const float = t.includes('xf');
  const bits = t.endsWith('8') || t.endsWith('8u') ? 8 : t.endsWith('16') || t.endsWith('16u') ? 16 : 32;
  return { bits, lanes: 512 / bits, signed: !t.endsWith('u'), float };
}

export type IntView = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array;

/** The integer view of the vector file for lanes of `bits`, signed or not. */
export function intView(c: Cpu, bits: number, signed: boolean): IntView {
  const v = c.ivp;
  if (bits === 8) return signed ? v.i8 : v.u8;
  if (bits === 16) return signed ? v.i16 : v.u16;
  return signed ? v.i32 : v.u32;
}

/** Scratch lanes for permutes whose destination may alias a source. */
export const scratch = new Float64Array(128);

/** Signed saturation of `v` to `bits`. */
export function satS(v: number, bits: number): number {
  const max = 2 ** (bits - 1) - 1;
  return v > max ? max : v < -max - 1 ? -max - 1 : v;
}

/** Unsigned saturation of `v` to `bits`. */
export function satU(v: number, bits: number): number {
  const max = 2 ** bits - 1;
  return v > max ? max : v < 0 ? 0 : v;
}

/**
 * Reads `n` bytes at `addr` (any alignment) into the vector file's bytes at `at`: one copy when the
 * bytes lie in one page on the memory's fast path, else word or byte accesses (which raise faults
 * and report watchpoints and guarded bytes like any load).
 */
export function loadBytes(c: Cpu, addr: number, at: number, n: number): void {
  const u8 = c.ivp.u8;
  const off = addr & (PAGE_SIZE - 1);
  const s = c.mem.rIdx[addr >>> PAGE_SHIFT];
  if (s !== 0 && off + n <= PAGE_SIZE) {
    if ((off & 3) === 0 && (n & 3) === 0) {
      const src = c.mem.i32s[s];
      const dst = c.vr;
      for (let k = 0, w = off >>> 2, o = at >>> 2; k < n >>> 2; k++) dst[o + k] = src[w + k];
    } else {
      const src = c.mem.u8s[s];
      for (let k = 0; k < n; k++) u8[at + k] = src[off + k];
    }
    return;
  }
  if ((addr & 3) === 0 && (n & 3) === 0) {
    const u32 = c.ivp.u32;
    for (let k = 0; k < n; k += 4) u32[(at + k) >>> 2] = c.mem.read32((addr + k) >>> 0);
    return;
  }
  for (let k = 0; k < n; k++) u8[at + k] = c.mem.read8((addr + k) >>> 0);
}

/** Writes `n` bytes of the vector file from byte `at` to memory at `addr` (any alignment; fast path as loadBytes). */
export function storeBytes(c: Cpu, addr: number, at: number, n: number): void {
  const off = addr & (PAGE_SIZE - 1);
  const s = c.mem.wIdx[addr >>> PAGE_SHIFT];
  if (s !== 0 && off + n <= PAGE_SIZE) {
    if ((off & 3) === 0 && (n & 3) === 0) {
      const dst = c.mem.i32s[s];
      const src = c.vr;
      for (let k = 0, w = off >>> 2, o = at >>> 2; k < n >>> 2; k++) dst[w + k] = src[o + k];
    } else {
      const dst = c.mem.u8s[s];
      const src = c.ivp.u8;
      for (let k = 0; k < n; k++) dst[off + k] = src[at + k];
    }
    return;
  }
  if ((addr & 3) === 0 && (n & 3) === 0) {
    const u32 = c.ivp.u32;
    for (let k = 0; k < n; k += 4) c.mem.write32((addr + k) >>> 0, u32[(at + k) >>> 2]);
    return;
  }
  const u8 = c.ivp.u8;
  for (let k = 0; k < n; k++) c.mem.write8((addr + k) >>> 0, u8[at + k]);
}
