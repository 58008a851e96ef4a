// IVP integer arithmetic (xtensa-ivp-spec.md §12.3): element-wise, modular unless saturating (ADDS/
// SUBS), AVG floor / AVGR rounding averages computed without overflow, ABS wrapping the most negative
// value, ABSSUB(U) |a − b| as an unsigned lane, min/max signed and U unsigned, bitwise, NSAU leading
// zeros (lane width for 0), NSA redundant sign bits, POPC, the non-widening MUL*PACKL (low 16 bits)
// and predicated forms r[k] = vb[k] ? a[k] op b[k] : r[k]; the 32 ÷ 16-bit divide.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { IVP_INT_TYPES } from '../../../xtensa/isa';
import { predBit } from '../../core/ivp-state';
import { intView, satS } from './ivp-lanes';
import { lanes1, lanes2, viewName } from './ivp-loops';

type Op2 = (x: number, y: number) => number;
type Op1 = (x: number) => number;

const BITS: Record<string, number> = { '2nx8': 8, nx16: 16, n_2x32: 32 };

/** v = f(a, b) lane-wise on lanes of `bits` read signed or unsigned (results wrap into the lane). */
export function binop(bits: number, signed: boolean, f: Op2) {
  return lanes2(viewName(bits, signed), 512 / bits, f);
}

export function unop(bits: number, signed: boolean, f: Op1) {
  return lanes1(viewName(bits, signed), 512 / bits, f);
}

/** Predicated r[k] = vb[k] ? f(a[k], b[k]) : r[k] (operands r, a, b, vb). */
function binopT(bits: number, f: Op2) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, true);
    const n = 512 / bits;
    for (let k = 0; k < n; k++) if (predBit(c.vb, i.d, n, k)) v[i.a * n + k] = f(v[i.b * n + k], v[i.c * n + k]);
    return i.next;
  };
}

/** r[k] += f(a[k], b[k]) (operands r, a, b). */
function accop(bits: number, f: Op2) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, true);
    const n = 512 / bits;
    for (let k = 0; k < n; k++) v[i.a * n + k] = v[i.a * n + k] + f(v[i.b * n + k], v[i.c * n + k]);
    return i.next;
  };
}

const add: Op2 = (x, y) => x + y;
const sub: Op2 = (x, y) => x - y;
const avg: Op2 = (x, y) => Math.floor((x + y) / 2);
const avgr: Op2 = (x, y) => Math.floor((x + y + 1) / 2);
const min: Op2 = (x, y) => (x < y ? x : y);
const max: Op2 = (x, y) => (x > y ? x : y);
/** Low 32 bits of x × y (the view keeps the lane's low bits). */
const mulLow: Op2 = (x, y) => Math.imul(x, y);

function clz(x: number, bits: number): number {
  const u = bits === 32 ? x >>> 0 : x & ((1 << bits) - 1);
  return u === 0 ? bits : Math.clz32(u) - (32 - bits);
}
function nsa(x: number, bits: number): number {
  const s = x < 0 ? ~x : x;
  return clz(s, bits) - 1;
}
function popc(x: number): number {
  let n = 0;
  for (let u = x & 255; u; u &= u - 1) n++;
  return n;
}

function intFamilies(t: string): Family[] {
  const b = BITS[t];
  const m = (op: string) => `ivp_${op}${t}`;
  return [
    family([m('add')], binop(b, true, add)),
    family([m('sub')], binop(b, true, sub)),
    family([m('avg')], binop(b, true, avg)),
    family([m('avgu')], binop(b, false, avg)),
    family([m('avgr')], binop(b, true, avgr)),
    family([m('avgru')], binop(b, false, avgr)),
    family([m('min')], binop(b, true, min)),
    family([m('max')], binop(b, true, max)),
    family([m('minu')], binop(b, false, min)),
    family([m('maxu')], binop(b, false, max)),
    family([m('and')], binop(b, true, (x, y) => x & y)),
    family([m('or')], binop(b, true, (x, y) => x | y)),
    family([m('xor')], binop(b, true, (x, y) => x ^ y)),
    family([m('neg')], unop(b, true, (x) => -x)),
    family([m('abs')], unop(b, true, (x) => (x < 0 ? -x : x))),
    family([m('not')], unop(b, true, (x) => ~x)),
    family([`ivp_add${t}t`], binopT(b, add)),
    family([`ivp_sub${t}t`], binopT(b, sub)),
  ];
}

function saturatingFamilies(t: string): Family[] {
  const b = BITS[t];
  return [
    family([`ivp_adds${t}`], binop(b, true, (x, y) => satS(x + y, b))),
    family([`ivp_subs${t}`], binop(b, true, (x, y) => satS(x - y, b))),
    family([`ivp_abssub${t}`], binop(b, true, (x, y) => Math.abs(x - y))),
    family([`ivp_abssubu${t}`], binop(b, false, (x, y) => Math.abs(x - y))),
  ];
}

/**
 * DIVN_2X32X16(U) q, r, num, den, sel: 32-bit lane k of num divided by 16-bit lane 2k + sel of den,
 * truncating; a zero divisor gives q = −1 (all ones) and r = num; −2^31 / −1 gives q = −2^31, r = 0.
 * The fifth operand (sel) is the opcode's low bit.
 */
function divide(unsigned: boolean) {
  return (c: Cpu, i: Insn): number => {
    const sel = (i.word >>> 4) & 1;
    const v = c.ivp;
    const q = new Int32Array(16);
    const r = new Int32Array(16);
    for (let k = 0; k < 16; k++) {
      const n = unsigned ? v.u32[i.c * 16 + k] : v.i32[i.c * 16 + k];
      const d = unsigned ? v.u16[i.d * 32 + 2 * k + sel] : v.i16[i.d * 32 + 2 * k + sel];
      if (d === 0) {
        q[k] = -1;
        r[k] = n;
      } else {
        q[k] = Math.trunc(n / d);
        r[k] = n - Math.trunc(n / d) * d;
      }
    }
    v.i32.set(q, i.a * 16);
    v.i32.set(r, i.b * 16);
    return i.next;
  };
}

export const FAMILIES: readonly Family[] = [
  family(['ivp_divn_2x32x16'], divide(false)),
  family(['ivp_divn_2x32x16u'], divide(true)),
  ...IVP_INT_TYPES.flatMap(intFamilies),
  ...['2nx8', 'nx16'].flatMap(saturatingFamilies),
  family(['ivp_addsnx16t'], binopT(16, (x, y) => satS(x + y, 16))),
  family(['ivp_minnx16t'], binopT(16, min)),
  family(['ivp_maxnx16t'], binopT(16, max)),
  family(['ivp_nsaunx16'], unop(16, false, (x) => clz(x, 16))),
  family(['ivp_nsaun_2x32'], unop(32, false, (x) => clz(x, 32))),
  family(['ivp_nsanx16'], unop(16, true, (x) => nsa(x, 16))),
  family(['ivp_nsan_2x32'], unop(32, true, (x) => nsa(x, 32))),
  family(['ivp_popc2nx8'], unop(8, false, popc)),
  family(['ivp_mulnx16packl', 'ivp_mulnx16upackl'], binop(16, true, mulLow)),
  family(['ivp_mulanx16packl', 'ivp_mulanx16upackl'], accop(16, mulLow)),
];
