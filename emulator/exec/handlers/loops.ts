// Zero-overhead loops (xtensa-ivp-spec.md §8): LOOP/LOOPNEZ/LOOPGTZ set LCOUNT = as - 1,
// LBEG = next instruction, LEND = target. LOOPNEZ skips the body when as = 0, LOOPGTZ when as <= 0.
// The loop-back itself (nextPC == LEND, LCOUNT != 0, EXCM = 0) is done by the run loop.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { updateLoopArm } from '../../core/derived';
import { family, type Family } from '../family';

function setLoop(c: Cpu, i: Insn): number {
  const n = c.a[i.a];
  c.lcount = (n - 1) >>> 0;
  c.lbeg = i.next;
  c.lend = i.target;
  updateLoopArm(c);
  return n;
}
export function loop(c: Cpu, i: Insn): number {
  setLoop(c, i);
  return i.next;
}
export function loopnez(c: Cpu, i: Insn): number {
  return setLoop(c, i) !== 0 ? i.next : i.target;
}
export function loopgtz(c: Cpu, i: Insn): number {
  return setLoop(c, i) > 0 ? i.next : i.target;
}

export const FAMILIES: readonly Family[] = [family(['loop'], loop), family(['loopnez'], loopnez), family(['loopgtz'], loopgtz)];
