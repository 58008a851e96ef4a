// IVP reductions (xtensa-ivp-spec.md §12.8): the result is written to the 32-bit lane 0 of the
// destination (sign- or zero-extended; the other lanes zero), where a cast to a C scalar reads it
// (ivp_extrn_2x32 … 0). RADD sums wrap in 32 bits; RADDU2NX8 sums unsigned bytes; RMAX/RMIN are
// signed, RMAXU/RMINU unsigned. Float sums add in a fixed pairwise tree ((l0 + l1) + (l2 + l3)) …,
// each addition rounded to f32; RMAXN/RMINN give NaN if any lane is NaN, RMAXNUM/RMINNUM ignore NaN
// lanes (NaN only if all are).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { IVP_INT_TYPES } from '../../../xtensa/isa';
import { intView, laneType } from './ivp-lanes';
import { F32, fmax, fmaxnum, fmin, fminnum } from './ivp-float';

function writeScalar(c: Cpu, r: number, bits32: number): void {
  c.vr.fill(0, r * 16, r * 16 + 16);
  c.vr[r * 16] = bits32;
}

function reduceInt(bits: number, signed: boolean, f: (acc: number, x: number) => number) {
  const n = 512 / bits;
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, signed);
    let acc = v[i.b * n];
    for (let k = 1; k < n; k++) acc = f(acc, v[i.b * n + k]);
    writeScalar(c, i.a, acc | 0);
    return i.next;
  };
}

function reduceFloat(f: (x: number, y: number) => number, tree: boolean) {
  return (c: Cpu, i: Insn): number => {
    let vals = Array.from(c.ivp.f32.subarray(i.b * 16, i.b * 16 + 16));
    if (tree) {
      while (vals.length > 1) vals = vals.filter((_, k) => k % 2 === 0).map((x, k) => Math.fround(f(x, vals[2 * k + 1])));
    } else {
      vals = [vals.reduce(f)];
    }
    writeScalar(c, i.a, 0);
    F32.set(c, i.a, 0, vals[0]);
    return i.next;
  };
}

const add = (a: number, x: number) => (a + x) | 0;

export const FAMILIES: readonly Family[] = [
  ...IVP_INT_TYPES.flatMap((t) => {
    const b = laneType(t).bits;
    return [
      family([`ivp_radd${t}`], reduceInt(b, true, add)),
      family([`ivp_rmax${t}`], reduceInt(b, true, Math.max)),
      family([`ivp_rmin${t}`], reduceInt(b, true, Math.min)),
      family([`ivp_rmaxu${t}`], reduceInt(b, false, Math.max)),
      family([`ivp_rminu${t}`], reduceInt(b, false, Math.min)),
    ];
  }),
  family(['ivp_raddu2nx8'], reduceInt(8, false, add)),
  family(['ivp_raddn_2xf32'], reduceFloat((x, y) => x + y, true)),
  family(['ivp_rmaxn_2xf32'], reduceFloat(fmax, false)),
  family(['ivp_rminn_2xf32'], reduceFloat(fmin, false)),
  family(['ivp_rmaxnumn_2xf32'], reduceFloat(fmaxnum, false)),
  family(['ivp_rminnumn_2xf32'], reduceFloat(fminnum, false)),
];
