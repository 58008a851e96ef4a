// IVP compares, predicate logic and permutes (xtensa-ivp-spec.md §12.5). Compares write an L-lane
// predicate (all 64/L bits of a lane); float compares are IEEE: O* false and U* true when either
// operand is NaN, UN true exactly then. Predicate logic works on the whole 64-bit mask; EXTRACTB*
// and JOINB* convert between lane counts ((hi, lo) argument order). SEL: v[i] = concat(lo, hi)
// [idx[i] mod 2L]; SHFL: v[i] = a[idx[i] mod L]; SEL*I / DSEL*I take an immediate pattern whose
// element size is part of the pattern (docs/ivp-encoding.md lists the numbers).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { IVP_INT_TYPES } from '../../../xtensa/isa';
import { predBit, predMask } from '../../core/ivp-state';
import { halfToNumber } from '../../../tensors/binary16';
import { intView, laneType, scratch } from './ivp-lanes';

function setPred(c: Cpu, r: number, m: [number, number]): void {
  c.vb[2 * r] = m[0];
  c.vb[2 * r + 1] = m[1];
}

type Rel = (x: number, y: number) => boolean;

function compare(bits: number, signed: boolean, rel: Rel) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, signed);
    const n = 512 / bits;
    setPred(c, i.a, predMask(n, (k) => (rel(v[i.b * n + k], v[i.c * n + k]) ? 1 : 0)));
    return i.next;
  };
}

function compareFloat(half: boolean, rel: Rel) {
  return (c: Cpu, i: Insn): number => {
    const n = half ? 32 : 16;
    const get = half ? (r: number, k: number) => halfToNumber(c.ivp.u16[r * 32 + k]) : (r: number, k: number) => c.ivp.f32[r * 16 + k];
    setPred(c, i.a, predMask(n, (k) => (rel(get(i.b, k), get(i.c, k)) ? 1 : 0)));
    return i.next;
  };
}

const REL: Record<string, Rel> = {
  eq: (x, y) => x === y,
  neq: (x, y) => x !== y,
  lt: (x, y) => x < y,
  le: (x, y) => x <= y,
  gt: (x, y) => x > y,
  ge: (x, y) => x >= y,
};
const unord = (x: number, y: number) => Number.isNaN(x) || Number.isNaN(y);
const FREL: Record<string, Rel> = {
  oeq: (x, y) => x === y,
  olt: (x, y) => x < y,
  ole: (x, y) => x <= y,
  ogt: (x, y) => x > y,
  oge: (x, y) => x >= y,
  ueq: (x, y) => unord(x, y) || x === y,
  ult: (x, y) => unord(x, y) || x < y,
  ule: (x, y) => unord(x, y) || x <= y,
  un: unord,
};

function predOp(f: (x: number, y: number) => number) {
  return (c: Cpu, i: Insn): number => {
    const vb = c.vb;
    vb[2 * i.a] = f(vb[2 * i.b], vb[2 * i.c]);
    vb[2 * i.a + 1] = f(vb[2 * i.b + 1], vb[2 * i.c + 1]);
    return i.next;
  };
}

/** EXTRACTB{L,H}: lanes [half × L/2, …) of an L-lane predicate as an L/2-lane predicate. */
function extractB(lanes: number, high: boolean) {
  return (c: Cpu, i: Insn): number => {
    const off = high ? lanes / 2 : 0;
    setPred(c, i.a, predMask(lanes / 2, (k) => predBit(c.vb, i.b, lanes, off + k)));
    return i.next;
  };
}

/** JOINB(hi, lo): two L/2-lane predicates as one L-lane predicate (lo in the low lanes). */
function joinB(lanes: number) {
  return (c: Cpu, i: Insn): number => {
    const h = lanes / 2;
    setPred(c, i.a, predMask(lanes, (k) => (k < h ? predBit(c.vb, i.c, h, k) : predBit(c.vb, i.b, h, k - h))));
    return i.next;
  };
}

/** Writes out[k] (element-size view) into register r. */
function writeLanes(c: Cpu, bits: number, r: number, out: ArrayLike<number>): void {
  const v = intView(c, bits, false);
  const n = 512 / bits;
  for (let k = 0; k < n; k++) v[r * n + k] = out[k];
}

/** Lane j of concat(lo, hi) in the `bits` view. */
function concatLane(c: Cpu, bits: number, hi: number, lo: number, j: number): number {
  const v = intView(c, bits, false);
  const n = 512 / bits;
  return j < n ? v[lo * n + j] : v[hi * n + j - n];
}

function sel(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const n = 512 / bits;
    const idx = intView(c, bits, false);
    // through scratch lanes: the destination may be a source
    for (let k = 0; k < n; k++) scratch[k] = concatLane(c, bits, i.b, i.c, idx[i.d * n + k] % (2 * n));
    writeLanes(c, bits, i.a, scratch);
    return i.next;
  };
}

function shfl(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const n = 512 / bits;
    const v = intView(c, bits, false);
    for (let k = 0; k < n; k++) scratch[k] = v[i.b * n + (v[i.c * n + k] % n)];
    writeLanes(c, bits, i.a, scratch);
    return i.next;
  };
}

const PATTERN_BITS = [8, 16, 32];

/**
 * Index into concat(lo, hi) of output element k for SEL*I pattern kind `kind` with L elements per
 * register: 0/1 INTERLEAVE_1_LO/HI, 2/3 INTERLEAVE_2_LO/HI, 4/5 EXTRACT_1_OF_2_OFF_0/1,
 * 64 + r ROTATE_RIGHT_r; -1 for a reserved kind (the element is zero).
 */
export function seliIndex(kind: number, L: number, k: number): number {
  if (kind === 0 || kind === 1) return (k % 2 ? L : 0) + (k >> 1) + (kind === 1 ? L / 2 : 0);
  if (kind === 2 || kind === 3) return ((k >> 1) % 2 ? L : 0) + 2 * (k >> 2) + (k & 1) + (kind === 3 ? L / 2 : 0);
  if (kind === 4 || kind === 5) return 2 * k + (kind - 4);
  if (kind >= 64) return (k + kind - 64) % (2 * L);
  return -1;
}

function permute(c: Cpu, bits: number, hi: number, lo: number, kind: number): number[] {
  const L = 512 / bits;
  const out = new Array<number>(L);
  for (let k = 0; k < L; k++) {
    const j = seliIndex(kind, L, k);
    out[k] = j < 0 ? 0 : concatLane(c, bits, hi, lo, j);
  }
  return out;
}

/** SEL*I v, hi, lo, pattern (pattern = element-size code << 7 | kind). */
function seli(c: Cpu, i: Insn): number {
  const bits = PATTERN_BITS[i.d >> 7] ?? 8;
  writeLanes(c, bits, i.a, permute(c, bits, i.b, i.c, i.d & 127));
  return i.next;
}

/**
 * DSEL*I outHi, outLo, hi, lo, pattern (element-size code << 2 | kind): 0 INTERLEAVE_1, 1 INTERLEAVE_2
 * (outLo, outHi = the interleave's low and high halves), 2 DEINTERLEAVE_1, 3 DEINTERLEAVE_2 (outLo =
 * the even elements or pairs of concat(lo, hi), outHi = the odd ones); 12..15 the 3-channel steps (c3Index).
 */
function dseli(c: Cpu, i: Insn): number {
  // the fifth operand (the pattern, in the opcode's low four bits) is not among a..d
  dseliOps(c, i.a, i.b, i.c, i.d, (i.word >>> 4) & 15);
  return i.next;
}

/**
 * The 3-channel (RGB) steps of DSEL*I, patterns 12..15 on 8-bit elements (docs/ivp-encoding.md):
 * the element of concat(lo, hi) that output lane k of `out` takes, or -1 for a zero lane. A stream of
 * 64 pixels R G B is the 192 bytes a0 a1 a2; RG0/RG1 are the R, G pairs of pixels 0..31/32..63.
 * 12 DEINTERLEAVE_C3_STEP_0 (hi a1, lo a0): outLo = RG0, outHi lanes 0..31 = B of pixels 0..31;
 * 13 DEINTERLEAVE_C3_STEP_1 (hi a2, lo a1): outLo = RG1, outHi lanes 32..63 = B of pixels 32..63;
 * 14 INTERLEAVE_C3_STEP_0 (hi B, lo RG0): outLo = a0, outHi lanes 0..31 = a1's lanes 0..31;
 * 15 INTERLEAVE_C3_STEP_1 (hi B, lo RG1): outLo lanes 32..63 = a1's lanes 32..63, outHi = a2.
 * The lanes a step does not produce are zero, so B (or a1) is the OR of the two steps' halves.
 */
export function c3Index(kind: number, out: 'hi' | 'lo', k: number): number {
  if (kind === 12) return out === 'lo' ? 3 * (k >> 1) + (k & 1) : k < 32 ? 3 * k + 2 : -1;
  if (kind === 13) return out === 'lo' ? 32 + 3 * (k >> 1) + (k & 1) : k >= 32 ? 3 * k - 62 : -1;
  // interleave: stream byte s of pixel p = s / 3, channel s % 3, from RG (lanes 0..63) or B (64 + p)
  const base = kind === 14 ? 0 : 32;
  const source = (s: number): number => (s % 3 === 2 ? 64 + Math.floor(s / 3) : 2 * (Math.floor(s / 3) - base) + (s % 3));
  if (kind === 14) return out === 'lo' ? source(k) : k < 32 ? source(64 + k) : -1;
  return out === 'lo' ? (k >= 32 ? source(64 + k) : -1) : source(128 + k);
}

function dseliOps(c: Cpu, outHi: number, outLo: number, hi: number, lo: number, pattern: number): void {
  const bits = PATTERN_BITS[pattern >> 2] ?? 8;
  const kind = pattern & 3;
  let loOut: number[];
  let hiOut: number[];
  if (pattern >= 12) {
    loOut = [];
    hiOut = [];
    for (let k = 0; k < 64; k++) {
      const [l, h] = [c3Index(pattern, 'lo', k), c3Index(pattern, 'hi', k)];
      loOut.push(l < 0 ? 0 : concatLane(c, 8, hi, lo, l));
      hiOut.push(h < 0 ? 0 : concatLane(c, 8, hi, lo, h));
    }
  } else if (kind === 0 || kind === 1) {
    loOut = permute(c, bits, hi, lo, kind === 0 ? 0 : 2);
    hiOut = permute(c, bits, hi, lo, kind === 0 ? 1 : 3);
  } else if (kind === 2) {
    loOut = permute(c, bits, hi, lo, 4);
    hiOut = permute(c, bits, hi, lo, 5);
  } else {
    const L = 512 / bits;
    loOut = [];
    hiOut = [];
    for (let k = 0; k < L; k++) {
      const base = 4 * (k >> 1) + (k & 1);
      loOut.push(concatLane(c, bits, hi, lo, base));
      hiOut.push(concatLane(c, bits, hi, lo, base + 2));
    }
  }
  writeLanes(c, bits, outLo, loOut);
  writeLanes(c, bits, outHi, hiOut);
}
const PRED_NAMES: [string, number][] = [['2n', 64], ['n', 32], ['n_2', 16]];

export const FAMILIES: readonly Family[] = [
  ...IVP_INT_TYPES.flatMap((t) => Object.entries(REL).map(([op, rel]) => family([`ivp_${op}${t}`], compare(laneType(t).bits, true, rel)))),
  ...IVP_INT_TYPES.flatMap((t) =>
    Object.entries(REL)
      .filter(([op]) => ['lt', 'le', 'gt', 'ge'].includes(op))
      .map(([op, rel]) => family([`ivp_${op}u${t}u`], compare(laneType(t).bits, false, rel))),
  ),
  ...['nxf16', 'n_2xf32'].flatMap((t) => Object.entries(FREL).map(([op, rel]) => family([`ivp_${op}${t}`], compareFloat(t === 'nxf16', rel)))),
  family(PRED_NAMES.map(([p]) => `ivp_andb${p}`), predOp((x, y) => x & y)),
  family(PRED_NAMES.map(([p]) => `ivp_orb${p}`), predOp((x, y) => x | y)),
  family(PRED_NAMES.map(([p]) => `ivp_xorb${p}`), predOp((x, y) => x ^ y)),
  family(PRED_NAMES.map(([p]) => `ivp_andnotb${p}`), predOp((x, y) => x & ~y)),
  family(PRED_NAMES.map(([p]) => `ivp_notb${p}`), (c, i) => {
    c.vb[2 * i.a] = ~c.vb[2 * i.b];
    c.vb[2 * i.a + 1] = ~c.vb[2 * i.b + 1];
    return i.next;
  }),
  family(['ivp_extractbl2n'], extractB(64, false)),
  family(['ivp_extractbh2n'], extractB(64, true)),
  family(['ivp_extractbln'], extractB(32, false)),
  family(['ivp_extractbhn'], extractB(32, true)),
  family(['ivp_joinbn'], joinB(64)),
  family(['ivp_joinbn_2'], joinB(32)),
  ...IVP_INT_TYPES.map((t) => family([`ivp_sel${t}`], sel(laneType(t).bits))),
  ...IVP_INT_TYPES.map((t) => family([`ivp_shfl${t}`], shfl(laneType(t).bits))),
  family(IVP_INT_TYPES.map((t) => `ivp_sel${t}i`), seli),
  family(IVP_INT_TYPES.map((t) => `ivp_dsel${t}i`), dseli),
];
