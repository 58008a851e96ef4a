// IVP shifts (xtensa-ivp-spec.md §12.4). Immediate forms SLLI/SRLI/SRAI/SLSI take 0..31; a count at
// or past the lane width gives 0 (logical) or the sign fill (arithmetic). Per-lane forms take the
// signed lane of the second operand as the count, clamped to ±lane width, a negative count shifting
// the other way: SLL/SRL logical, SLA/SRA arithmetic (left shifts are the same bits, right shifts
// fill with the sign), SLS saturating left (signed saturation; negative = arithmetic right), SRS
// arithmetic right (negative = saturating left).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { IVP_INT_TYPES } from '../../../xtensa/isa';
import { intView, laneType, satS } from './ivp-lanes';
import { lanesImm, viewName } from './ivp-loops';

/** x (any sign, as the lane's bits) shifted left by 0 ≤ s; wraps (the lane keeps its low bits). */
export function shl(x: number, s: number, bits: number): number {
  return s >= bits ? 0 : x << s;
}
/** Logical right shift of the lane bits of x by 0 ≤ s. */
export function shrl(x: number, s: number, bits: number): number {
  if (s >= bits) return 0;
  const u = bits === 32 ? x >>> 0 : x & ((1 << bits) - 1);
  return u >>> s;
}
/** Arithmetic right shift of the signed lane value x by 0 ≤ s. */
export function shra(x: number, s: number, bits: number): number {
  return s >= bits ? (x < 0 ? -1 : 0) : x >> s;
}
/** Saturating left shift of the signed lane value x by 0 ≤ s. */
export function shls(x: number, s: number, bits: number): number {
  return x === 0 ? 0 : satS(x * 2 ** Math.min(s, bits + 1), bits);
}

type Shift = (x: number, s: number, bits: number) => number;

function byImm(bits: number, f: Shift) {
  return lanesImm(viewName(bits, true), 512 / bits, bits, f);
}

/** Per-lane count: `pos` for counts ≥ 0, `neg` (by −count) for negative counts. */
function byLane(bits: number, pos: Shift, neg: Shift) {
  return (c: Cpu, i: Insn): number => {
    const v = intView(c, bits, true);
    const n = 512 / bits;
    for (let k = 0; k < n; k++) {
      let s = v[i.c * n + k];
      s = s > bits ? bits : s < -bits ? -bits : s;
      const x = v[i.b * n + k];
      v[i.a * n + k] = s >= 0 ? pos(x, s, bits) : neg(x, -s, bits);
    }
    return i.next;
  };
}

function shiftFamilies(t: string): Family[] {
  const b = laneType(t).bits;
  const out = [
    family([`ivp_slli${t}`], byImm(b, shl)),
    family([`ivp_srli${t}`], byImm(b, shrl)),
    family([`ivp_srai${t}`], byImm(b, shra)),
  ];
  if (b === 8) return out;
  return [
    ...out,
    family([`ivp_sll${t}`], byLane(b, shl, shrl)),
    family([`ivp_srl${t}`], byLane(b, shrl, shl)),
    family([`ivp_sla${t}`], byLane(b, shl, shra)),
    family([`ivp_sra${t}`], byLane(b, shra, shl)),
    family([`ivp_sls${t}`], byLane(b, shls, shra)),
    family([`ivp_srs${t}`], byLane(b, shra, shls)),
    family([`ivp_slsi${t}`], byImm(b, shls)),
  ];
}

export const FAMILIES: readonly Family[] = IVP_INT_TYPES.flatMap(shiftFamilies);
