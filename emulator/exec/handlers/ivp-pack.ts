// IVP packs (wide → vector) and width conversions (xtensa-ivp-spec.md §12.7). PACKVR: shift by the
// AR amount (clamped to 0..23 for 8-bit results, 0..32 otherwise) with round-half-up (add
// 2^(sh−1), then an arithmetic shift), then signed saturation (PACKVRU: unsigned 0..255); PACKVRNR:
// arithmetic shift only, the low bits kept; PACKV: like PACKVR with a per-lane shift from a vector
// (its signed lanes of the result width); PACKL: the low bits; PACKHN_2X64W: bits 63..32; PACKMNX48:
// bits 31..16; PACKQNX48: (w + 2^14) >> 15, low 16 bits; PACKVRNR*_0/_1: even/odd lanes, no round,
// into lanes of twice the narrow width. CVT*: sign-/zero-extension or truncation
// between the wide and narrow lane layouts, (hi, lo) argument order.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { intView, scratch } from './ivp-lanes';
import { get24, get48, get64, set24, set48 } from './ivp-wide-lanes';

/**
 * A wide lane layout: lanes, narrow result bits, the lane reader as BigInt, and for 24/48-bit lanes
 * also as a number (exact: |v| < 2^47, and v + 2^31 rounded and divided by a power of two stays exact).
 */
interface Wide {
  readonly lanes: number;
  readonly out: 8 | 16 | 32;
  readonly maxShift: number;
  read(c: Cpu, r: number, i: number): bigint;
  readNum?: (c: Cpu, r: number, i: number) => number;
}
const WIDE: Record<string, Wide> = {
  '2nx24': { lanes: 64, out: 8, maxShift: 23, read: (c, r, i) => BigInt(get24(c, r, i)), readNum: get24 },
  nx48: { lanes: 32, out: 16, maxShift: 32, read: (c, r, i) => BigInt(get48(c, r, i)), readNum: get48 },
  n_2x64w: { lanes: 16, out: 32, maxShift: 32, read: get64 },
};

const clampShift = (s: number, max: number): number => (s < 0 ? 0 : s > max ? max : s);

function roundShift(v: bigint, sh: number): bigint {
  return sh === 0 ? v : (v + (1n << BigInt(sh - 1))) >> BigInt(sh);
}

function satBig(v: bigint, bits: number, unsigned: boolean): number {
  const B = BigInt(bits);
  const [lo, hi] = unsigned ? [0n, (1n << B) - 1n] : [-(1n << (B - 1n)), (1n << (B - 1n)) - 1n];
  return Number(v < lo ? lo : v > hi ? hi : v);
}

function writeOut(c: Cpu, w: Wide, r: number, f: (k: number) => number | bigint): void {
  const v = intView(c, w.out, false);
  for (let k = 0; k < w.lanes; k++) {
    const x = f(k);
    v[r * w.lanes + k] = typeof x === 'bigint' ? Number(BigInt.asUintN(w.out, x)) : x >>> 0;
  }
}

/** PACKVR on number lanes: floor((v + 2^(sh−1)) / 2^sh), saturated. */
function packvrNum(w: Wide, read: (c: Cpu, r: number, i: number) => number, unsigned: boolean) {
  const lo = unsigned ? 0 : -(2 ** (w.out - 1));
  const hi = unsigned ? 2 ** w.out - 1 : 2 ** (w.out - 1) - 1;
  return (c: Cpu, i: Insn): number => {
    const sh = clampShift(c.a[i.c], w.maxShift);
    const scale = 2 ** sh;
    const bias = sh === 0 ? 0 : 2 ** (sh - 1);
    const v = intView(c, w.out, false);
    for (let k = 0; k < w.lanes; k++) {
      const x = Math.floor((read(c, i.b, k) + bias) / scale);
      v[i.a * w.lanes + k] = x < lo ? lo : x > hi ? hi : x;
    }
    return i.next;
  };
}

/** PACKVR of 48-bit lanes to 16 bits, the lanes read straight from the accumulator's 16-bit units. */
function packvrNx48(unsigned: boolean) {
  const lo = unsigned ? 0 : -32768;
  const hi = unsigned ? 65535 : 32767;
  return (c: Cpu, i: Insn): number => {
    const sh = clampShift(c.a[i.c], 32);
    const scale = 2 ** sh;
    const bias = sh === 0 ? 0 : 2 ** (sh - 1);
    const u = c.ivp.w16;
    const s = c.ivp.wi16;
    const v = c.ivp.u16;
    const o = i.b * 96;
    const d = i.a * 32;
    for (let k = 0; k < 32; k++) {
      const q = o + 3 * k;
      const x = Math.floor((s[q + 2] * 4294967296 + (u[q + 1] * 65536 + u[q]) + bias) / scale);
      v[d + k] = x < lo ? lo : x > hi ? hi : x;
    }
    return i.next;
  };
}

function packvr(w: Wide, unsigned = false) {
  if (w.lanes === 32 && w.out === 16) return packvrNx48(unsigned);
  if (w.readNum) return packvrNum(w, w.readNum, unsigned);
  return (c: Cpu, i: Insn): number => {
    const sh = clampShift(c.a[i.c], w.maxShift);
    writeOut(c, w, i.a, (k) => satBig(roundShift(w.read(c, i.b, k), sh), w.out, unsigned));
    return i.next;
  };
}

function packvrnr(w: Wide) {
  const read = w.readNum;
  if (read) {
    return (c: Cpu, i: Insn): number => {
      const scale = 2 ** clampShift(c.a[i.c], w.maxShift);
      const v = intView(c, w.out, false);
      for (let k = 0; k < w.lanes; k++) v[i.a * w.lanes + k] = Math.floor(read(c, i.b, k) / scale);
      return i.next;
    };
  }
  return (c: Cpu, i: Insn): number => {
    const sh = BigInt(clampShift(c.a[i.c], w.maxShift));
    writeOut(c, w, i.a, (k) => w.read(c, i.b, k) >> sh);
    return i.next;
  };
}

function packv(w: Wide) {
  return (c: Cpu, i: Insn): number => {
    const shifts = intView(c, w.out, true);
    const base = i.c * w.lanes;
    // the shifts first: the destination may be the shift register
    for (let k = 0; k < w.lanes; k++) scratch[k] = clampShift(shifts[base + k], w.maxShift);
    writeOut(c, w, i.a, (k) => satBig(roundShift(w.read(c, i.b, k), scratch[k]), w.out, false));
    return i.next;
  };
}

function packl(w: Wide) {
  const read = w.readNum;
  if (read) {
    return (c: Cpu, i: Insn): number => {
      const v = intView(c, w.out, false);
      for (let k = 0; k < w.lanes; k++) v[i.a * w.lanes + k] = read(c, i.b, k); // the store keeps the low bits
      return i.next;
    };
  }
  return (c: Cpu, i: Insn): number => {
    writeOut(c, w, i.a, (k) => w.read(c, i.b, k));
    return i.next;
  };
}

const W48 = WIDE.nx48;
const W64 = WIDE.n_2x64w;

/** CVT48S/UNX32 w, hi, lo: 32 lanes of 48 bits from 2 × 16 int32 lanes (lo → lanes 0–15). */
function cvt48(signed: boolean) {
  return (c: Cpu, i: Insn): number => {
    // a wide destination never aliases the vector sources
    const v = intView(c, 32, signed);
    for (let k = 0; k < 32; k++) set48(c, i.a, k, k < 16 ? v[i.c * 16 + k] : v[i.b * 16 + k - 16]);
    return i.next;
  };
}

/** CVT32{S,U}NX48{L,H} v, w: 48-bit lanes 0–15 (L) or 16–31 (H), their low 32 bits. */
function cvt32from48(high: boolean) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, 32, false);
    for (let k = 0; k < 16; k++) v[i.a * 16 + k] = Number(BigInt.asUintN(32, BigInt(get48(c, i.b, k + (high ? 16 : 0)))));
    return i.next;
  };
}

/** CVT24S2NX16 w, hi, lo: 64 lanes of 24 bits from 2 × 32 int16 lanes. */
function cvt24(c: Cpu, i: Insn): number {
  const v = intView(c, 16, true);
  for (let k = 0; k < 64; k++) set24(c, i.a, k, k < 32 ? v[i.c * 32 + k] : v[i.b * 32 + k - 32]);
  return i.next;
}

/** CVT16{S,U}2NX24{L,H} v, w: 24-bit lanes 0–31 or 32–63, low 16 bits. */
function cvt16from24(high: boolean) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, 16, true);
    for (let k = 0; k < 32; k++) v[i.a * 32 + k] = get24(c, i.b, k + (high ? 32 : 0));
    return i.next;
  };
}

/** CVT32S2NX24{LL,LH,HL,HH} v, w: 24-bit lanes 16q..16q+15 sign-extended to 32 bits. */
function cvt32from24(q: number) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, 32, true);
    for (let k = 0; k < 16; k++) v[i.a * 16 + k] = get24(c, i.b, 16 * q + k);
    return i.next;
  };
}

/**
 * UNPK{S,U}NX16_{L,H} v, v16: 16-bit lanes 0–15 or 16–31 extended to 32 bits; UNPK{S,U}2NX8_{L,H}
 * v, v8: 8-bit lanes 0–31 or 32–63 extended to 16 bits.
 */
function unpk(signed: boolean, high: boolean, from: 8 | 16 = 16) {
  const n = 256 / from;
  return (c: Cpu, i: Insn): number => {
    // through scratch lanes: the destination may be the source
    const src = intView(c, from, signed);
    for (let k = 0; k < n; k++) scratch[k] = src[i.b * 2 * n + k + (high ? n : 0)];
    const out = intView(c, (from * 2) as 16 | 32, true);
    for (let k = 0; k < n; k++) out[i.a * n + k] = scratch[k];
    return i.next;
  };
}

/**
 * CVT24UNX32L w, hi, lo (24-bit lanes 0–31, lanes 32–63 zero) / CVT24UNX32H (lanes 32–63, the others
 * kept): low 24 bits of u32 lanes.
 */
function cvt24u(high: boolean) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, 32, false);
    for (let k = 0; k < 32; k++) set24(c, i.a, k + (high ? 32 : 0), (k < 16 ? v[i.c * 16 + k] : v[i.b * 16 + k - 16]) & 0xffffff);
    // the low form writes the whole accumulator: lanes 32–63 become zero
    if (!high) for (let k = 32; k < 64; k++) set24(c, i.a, k, 0);
    return i.next;
  };
}

/**
 * PACKVRNR{NX48,2NX24}_0/_1 v, w, as: the even (_0) or odd (_1) wide lanes shifted right by as (no
 * rounding, no saturation) into lanes of twice the narrow width (48 → 32, 24 → 16 bits).
 */
function packvrnrHalf(w: Wide, odd: number) {
  const out = (w.out * 2) as 16 | 32;
  const read = w.readNum!;
  const half = w.lanes / 2;
  return (c: Cpu, i: Insn): number => {
    // exact: a 24/48-bit lane over a power of two, floored; the store keeps the low bits
    const scale = 2 ** clampShift(c.a[i.c], w.maxShift);
    const v = intView(c, out, false);
    for (let k = 0; k < half; k++) v[i.a * half + k] = Math.floor(read(c, i.b, 2 * k + odd) / scale);
    return i.next;
  };
}

export const FAMILIES: readonly Family[] = [
  ...['0', '1'].flatMap((h, odd) => [
    family([`ivp_packvrnrnx48_${h}`], packvrnrHalf(WIDE.nx48, odd)),
    family([`ivp_packvrnr2nx24_${h}`], packvrnrHalf(WIDE['2nx24'], odd)),
  ]),
  family(['ivp_cvt24unx32l'], cvt24u(false)),
  family(['ivp_cvt24unx32h'], cvt24u(true)),
  ...Object.entries(WIDE).flatMap(([t, w]) => [
    family([`ivp_packvr${t}`], packvr(w)),
    family([`ivp_packvrnr${t}`], packvrnr(w)),
    family([`ivp_packv${t}`], packv(w)),
    family([`ivp_packl${t}`], packl(w)),
  ]),
  family(['ivp_packvru2nx24'], packvr(WIDE['2nx24'], true)),
  family(['ivp_packhn_2x64w'], (c, i) => {
    writeOut(c, W64, i.a, (k) => get64(c, i.b, k) >> 32n);
    return i.next;
  }),
  family(['ivp_packmnx48'], (c, i) => {
    writeOut(c, W48, i.a, (k) => BigInt(get48(c, i.b, k)) >> 16n);
    return i.next;
  }),
  family(['ivp_packqnx48'], (c, i) => {
    writeOut(c, W48, i.a, (k) => (BigInt(get48(c, i.b, k)) + (1n << 14n)) >> 15n);
    return i.next;
  }),
  family(['ivp_cvt48snx32'], cvt48(true)),
  family(['ivp_cvt48unx32'], cvt48(false)),
  family(['ivp_cvt32snx48l', 'ivp_cvt32unx48l'], cvt32from48(false)),
  family(['ivp_cvt32snx48h', 'ivp_cvt32unx48h'], cvt32from48(true)),
  family(['ivp_cvt24s2nx16'], cvt24),
  family(['ivp_cvt16s2nx24l', 'ivp_cvt16u2nx24l'], cvt16from24(false)),
  family(['ivp_cvt16s2nx24h', 'ivp_cvt16u2nx24h'], cvt16from24(true)),
  ...['ll', 'lh', 'hl', 'hh'].map((q, n) => family([`ivp_cvt32s2nx24${q}`], cvt32from24(n))),
  family(['ivp_unpksnx16_l'], unpk(true, false)),
  family(['ivp_unpksnx16_h'], unpk(true, true)),
  family(['ivp_unpkunx16_l'], unpk(false, false)),
  family(['ivp_unpkunx16_h'], unpk(false, true)),
  family(['ivp_unpks2nx8_l'], unpk(true, false, 8)),
  family(['ivp_unpks2nx8_h'], unpk(true, true, 8)),
  family(['ivp_unpku2nx8_l'], unpk(false, false, 8)),
  family(['ivp_unpku2nx8_h'], unpk(false, true, 8)),
];



