// The IVP float unit (xtensa-ivp-spec.md §12.9) on 16 × f32 and 32 × f16 lanes: IEEE arithmetic
// rounded to nearest-even (results are computed exactly or in double precision, whose extra rounding
// is innocuous for +, −, ×, ÷, √ of these formats), fused MULA/MULS, sign-bit ABS/NEG, MIN/MAX (NaN
// if either operand is NaN, −0 below +0) and MINNUM/MAXNUM (the non-NaN operand), rounding to
// integral values (FIRINT nearest-even, FIROUND half away from zero), conversions with a power-of-
// two scale (TRUNC saturating toward zero, NaN → the largest value), and f16 ↔ f32 of the even or
// odd half-precision lanes. A NaN result is the default NaN (0x7fc00000, 0x7e00), except that the
// f32 MULA/MULS follow the scalar MADD.S/MSUB.S NaN rules (emulator/fp/arith.ts).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { fmuladd } from '../../fp/arith';
import { RM_NEAREST } from '../../fp/bits';
import { halfToNumber, numberToHalf } from '../../../tensors/binary16';
import { lanesF32 } from './ivp-loops';
import { scratch } from './ivp-lanes';

interface FloatLanes {
  readonly lanes: number;
  get(c: Cpu, r: number, k: number): number;
  set(c: Cpu, r: number, k: number, v: number): void;
  /** Raw lane bits (for sign operations). */
  bits(c: Cpu): Uint16Array | Uint32Array;
  readonly sign: number;
}

export const F32: FloatLanes = {
  lanes: 16,
  get: (c, r, k) => c.ivp.f32[r * 16 + k],
  set: (c, r, k, v) => {
    if (v === v) c.ivp.f32[r * 16 + k] = v;
    else c.ivp.u32[r * 16 + k] = 0x7fc00000; // the default NaN (the host's may carry a sign)
  },
  bits: (c) => c.ivp.u32,
  sign: 0x80000000,
};
export const F16: FloatLanes = {
  lanes: 32,
  get: (c, r, k) => halfToNumber(c.ivp.u16[r * 32 + k]),
  set: (c, r, k, v) => {
    c.ivp.u16[r * 32 + k] = numberToHalf(v);
  },
  bits: (c) => c.ivp.u16,
  sign: 0x8000,
};

type F2 = (x: number, y: number) => number;

function binop(t: FloatLanes, f: F2, expr?: string) {
  if (t === F32) return lanesF32(f, expr);
  return (c: Cpu, i: Insn): number => {
    for (let k = 0; k < t.lanes; k++) t.set(c, i.a, k, f(t.get(c, i.b, k), t.get(c, i.c, k)));
    return i.next;
  };
}

function unop(t: FloatLanes, f: (x: number) => number) {
  return (c: Cpu, i: Insn): number => {
    for (let k = 0; k < t.lanes; k++) t.set(c, i.a, k, f(t.get(c, i.b, k)));
    return i.next;
  };
}

function signop(t: FloatLanes, f: (bits: number, sign: number) => number) {
  return (c: Cpu, i: Insn): number => {
    const v = t.bits(c);
    for (let k = 0; k < t.lanes; k++) v[i.a * t.lanes + k] = f(v[i.b * t.lanes + k], t.sign);
    return i.next;
  };
}

const isNeg = (x: number) => x < 0 || Object.is(x, -0);
/** x < y, x > y, equal values (only ±0 differ: the sign decides), else a NaN operand. */
const MIN = '(x < y ? x : y < x ? y : x === y ? (x !== 0 ? x : 1 / x < 0 ? x : y) : NaN)';
const MAX = '(x > y ? x : y > x ? y : x === y ? (x !== 0 ? x : 1 / x > 0 ? x : y) : NaN)';
export const fmin = new Function('x', 'y', `return ${MIN};`) as F2;
export const fmax = new Function('x', 'y', `return ${MAX};`) as F2;
/** Source of the lane expression of each f32 binary family (compiled into its loop). */
const EXPR: Record<string, string> = { add: 'x + y', sub: 'x - y', mul: 'x * y', div: 'x / y', min: MIN, max: MAX };
export const fminnum: F2 = (x, y) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : fmin(x, y));
export const fmaxnum: F2 = (x, y) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : fmax(x, y));

function keepZeroSign(x: number, r: number): number {
  return r === 0 && isNeg(x) ? -0 : r;
}
export function roundEven(x: number): number {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  return keepZeroSign(x, d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f);
}
const roundAway = (x: number) => (Number.isFinite(x) ? keepZeroSign(x, Math.sign(x) * Math.floor(Math.abs(x) + 0.5)) : x);

const F64 = new Float64Array(1);
const B64 = new BigInt64Array(F64.buffer);
function nextToward(x: number, up: boolean): number {
  F64[0] = x;
  B64[0] += (x > 0) === up ? 1n : -1n;
  return F64[0];
}

/**
 * acc ± a × b rounded once to binary16: the product of two halves is exact in double and so is the
 * sum whenever it lies near a binary16 rounding boundary; the sum's error still breaks a tie.
 */
function fmaHalf(acc: number, a: number, b: number, negate: boolean): number {
  const p = negate ? -(a * b) : a * b;
  const s = acc + p;
  if (!Number.isFinite(s) || s === 0) return s;
  const bb = s - acc;
  const err = acc - (s - bb) + (p - bb);
  if (err === 0) return s;
  const down = nextToward(s, false);
  const up = nextToward(s, true);
  // s sits on a binary16 rounding boundary only if its neighbours round differently
  if (numberToHalf(down) === numberToHalf(up)) return s;
  return err > 0 ? up : down;
}

function fma(t: FloatLanes, negate: boolean) {
  if (t === F32) {
    return (c: Cpu, i: Insn): number => {
      const v = c.ivp.u32;
      for (let k = 0; k < 16; k++) v[i.a * 16 + k] = fmuladd(v[i.a * 16 + k] | 0, v[i.b * 16 + k] | 0, v[i.c * 16 + k] | 0, negate, RM_NEAREST);
      return i.next;
    };
  }
  return (c: Cpu, i: Insn): number => {
    for (let k = 0; k < 32; k++) t.set(c, i.a, k, fmaHalf(t.get(c, i.a, k), t.get(c, i.b, k), t.get(c, i.c, k), negate));
    return i.next;
  };
}

function typeFamilies(name: string, t: FloatLanes): Family[] {
  return [
    family([`ivp_add${name}`], binop(t, (x, y) => x + y, EXPR.add)),
    family([`ivp_sub${name}`], binop(t, (x, y) => x - y, EXPR.sub)),
    family([`ivp_mul${name}`], binop(t, (x, y) => x * y, EXPR.mul)),
    family([`ivp_div${name}`], binop(t, (x, y) => x / y, EXPR.div)),
    family([`ivp_min${name}`], binop(t, fmin, EXPR.min)),
    family([`ivp_max${name}`], binop(t, fmax, EXPR.max)),
    family([`ivp_minnum${name}`], binop(t, fminnum)),
    family([`ivp_maxnum${name}`], binop(t, fmaxnum)),
    family([`ivp_mula${name}`], fma(t, false)),
    family([`ivp_muls${name}`], fma(t, true)),
    family([`ivp_sqrt${name}`], unop(t, Math.sqrt)),
    family([`ivp_abs${name}`], signop(t, (b, s) => b & (s - 1))),
    family([`ivp_neg${name}`], signop(t, (b, s) => b ^ s)),
    family([`ivp_firint${name}`], unop(t, roundEven)),
    family([`ivp_fifloor${name}`], unop(t, Math.floor)),
    family([`ivp_ficeil${name}`], unop(t, Math.ceil)),
    family([`ivp_firound${name}`], unop(t, roundAway)),
    family([`ivp_fitrunc${name}`], unop(t, Math.trunc)),
  ];
}

/** Integer lanes → float × 2^−scale. */
function toFloat(t: FloatLanes, bits: 16 | 32, signed: boolean) {
  return (c: Cpu, i: Insn): number => {
    const v = bits === 16 ? c.ivp.i16 : signed ? c.ivp.i32 : c.ivp.u32;
    // through scratch lanes: the destination may be the source
    for (let k = 0; k < t.lanes; k++) scratch[k] = v[i.b * t.lanes + k] * 2 ** -i.c;
    for (let k = 0; k < t.lanes; k++) t.set(c, i.a, k, scratch[k]);
    return i.next;
  };
}

/** Float × 2^scale → integer toward zero, saturating; NaN → the largest value. */
function toInt(t: FloatLanes, bits: 16 | 32, signed: boolean) {
  const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  const min = signed ? -(2 ** (bits - 1)) : 0;
  return (c: Cpu, i: Insn): number => {
    for (let k = 0; k < t.lanes; k++) {
      const x = Math.trunc(t.get(c, i.b, k) * 2 ** i.c);
      scratch[k] = Number.isNaN(x) ? max : x > max ? max : x < min ? min : x;
    }
    const out = bits === 16 ? c.ivp.i16 : c.ivp.u32;
    for (let k = 0; k < t.lanes; k++) out[i.a * t.lanes + k] = scratch[k];
    return i.next;
  };
}

/** CVTF32NXF16_0/_1: the even/odd f16 lanes as f32. */
function cvtF32(odd: number) {
  return (c: Cpu, i: Insn): number => {
    for (let k = 0; k < 16; k++) scratch[k] = F16.get(c, i.b, 2 * k + odd);
    for (let k = 0; k < 16; k++) F32.set(c, i.a, k, scratch[k]);
    return i.next;
  };
}

/** CVTF16N_2XF32_0: f32 lanes as f16 in the even 16-bit lanes, the odd ones zero. */
function cvtF16(c: Cpu, i: Insn): number {
  for (let k = 0; k < 16; k++) scratch[k] = F32.get(c, i.b, k);
  for (let k = 0; k < 16; k++) {
    F16.set(c, i.a, 2 * k, scratch[k]);
    c.ivp.u16[i.a * 32 + 2 * k + 1] = 0;
  }
  return i.next;
}

export const FAMILIES: readonly Family[] = [
  ...typeFamilies('n_2xf32', F32),
  ...typeFamilies('nxf16', F16),
  family(['ivp_floatn_2x32'], toFloat(F32, 32, true)),
  family(['ivp_ufloatn_2x32'], toFloat(F32, 32, false)),
  family(['ivp_float16nx16'], toFloat(F16, 16, true)),
  family(['ivp_truncn_2xf32'], toInt(F32, 32, true)),
  family(['ivp_utruncn_2xf32'], toInt(F32, 32, false)),
  family(['ivp_trunc16nxf16'], toInt(F16, 16, true)),
  family(['ivp_cvtf32nxf16_0'], cvtF32(0)),
  family(['ivp_cvtf32nxf16_1'], cvtF32(1)),
  family(['ivp_cvtf16n_2xf32_0'], cvtF16),
];
