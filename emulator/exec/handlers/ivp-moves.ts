// IVP moves (xtensa-ivp-spec.md §12.2): the vector copy that reinterpret casts lower to, broadcasts of
// an AR (MOVVA8/16/32 replicate its low 8/16/32 bits), lane sequences, lane extraction into an AR
// (lane imm mod lanes, sign-extended), the predicated select MOV*T, the loop-tail predicates LTR*
// (first n lanes true; n ≤ 0 none, n ≥ lanes all), and predicate bits in lanes (INJBI / EXTBI, the
// bit number taken mod the lane width).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { IVP_INT_TYPES, IVP_VEC_TYPES } from '../../../xtensa/isa';
import { predBit, predMask } from '../../core/ivp-state';
import { intView, laneType } from './ivp-lanes';

function movvv(c: Cpu, i: Insn): number {
  c.vr.copyWithin(i.a * 16, i.b * 16, i.b * 16 + 16);
  return i.next;
}

function movva(bits: 8 | 16 | 32) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, false);
    const n = 512 / bits;
    v.fill(c.a[i.b] >>> 0, i.a * n, i.a * n + n);
    return i.next;
  };
}

function seq(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, false);
    const n = 512 / bits;
    for (let k = 0; k < n; k++) v[i.a * n + k] = k;
    return i.next;
  };
}

function extr(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const n = 512 / bits;
    c.a[i.a] = intView(c, bits, true)[i.b * n + (i.c % n)];
    return i.next;
  };
}

/** MOV*T v, t, f, vb: v[k] = vb[k] ? t[k] : f[k]. */
function movt(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const n = 512 / bits;
    const v = intView(c, bits, false);
    for (let k = 0; k < n; k++) v[i.a * n + k] = predBit(c.vb, i.d, n, k) ? v[i.b * n + k] : v[i.c * n + k];
    return i.next;
  };
}

function setPred(c: Cpu, r: number, m: [number, number]): void {
  c.vb[2 * r] = m[0];
  c.vb[2 * r + 1] = m[1];
}

/** LTR* vb, an / LTR*I vb, imm: lanes below n true. */
function ltr(lanes: number, imm: boolean) {
  return (c: Cpu, i: Insn): number => {
    const n = imm ? i.b : c.a[i.b];
    setPred(c, i.a, predMask(lanes, (k) => (k < n ? 1 : 0)));
    return i.next;
  };
}

/** INJBI v, vb, imm: bit imm of lane k of v = predicate lane k (the other bits kept). */
function injbi(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const n = 512 / bits;
    const v = intView(c, bits, false);
    const bit = i.c % bits;
    for (let k = 0; k < n; k++) {
      const x = v[i.a * n + k];
      v[i.a * n + k] = predBit(c.vb, i.b, n, k) ? x | (1 << bit) : x & ~(1 << bit);
    }
    return i.next;
  };
}

/** EXTBI vb, v, imm: predicate lane k = bit imm of lane k of v. */
function extbi(bits: number) {
  return (c: Cpu, i: Insn): number => {
    const n = 512 / bits;
    const v = intView(c, bits, false);
    const bit = i.c % bits;
    setPred(c, i.a, predMask(n, (k) => (v[i.b * n + k] >>> bit) & 1));
    return i.next;
  };
}

const PRED_NAME: Record<string, string> = { '2nx8': '2n', nx16: 'n', n_2x32: 'n_2' };

export const FAMILIES: readonly Family[] = [
  family(['ivp_movvv'], movvv),
  family(['ivp_movva8'], movva(8)),
  family(['ivp_movva16'], movva(16)),
  family(['ivp_movva32'], movva(32)),
  ...IVP_INT_TYPES.map((t) => family([`ivp_seq${t}`], seq(laneType(t).bits))),
  ...IVP_INT_TYPES.map((t) => family([`ivp_extr${t}`], extr(laneType(t).bits))),
  ...IVP_VEC_TYPES.map((t) => family([`ivp_mov${t}t`], movt(laneType(t).bits))),
  ...IVP_INT_TYPES.map((t) => family([`ivp_ltr${PRED_NAME[t]}`], ltr(laneType(t).lanes, false))),
  ...IVP_INT_TYPES.map((t) => family([`ivp_injbi${t}`], injbi(laneType(t).bits))),
  ...IVP_INT_TYPES.map((t) => family([`ivp_extbi${t}`], extbi(laneType(t).bits))),
  ...IVP_INT_TYPES.map((t) => family([`ivp_ltr${PRED_NAME[t]}i`], ltr(laneType(t).lanes, true))),
];
