// Keeps the interpreter's derived values in step with PS, WINDOWBASE/WINDOWSTART and LEND.

import { Cpu } from './cpu';
import { PS_EXCM } from './ps';
import { updateWindowCheck } from './window';

/** Recomputes whether a loop-back can happen (loops option and PS.EXCM = 0). */
export function updateLoopArm(c: Cpu): void {
  c.lendActive = c.hasLoops && (c.ps & PS_EXCM) === 0 ? c.lend >>> 0 : -1;
}

/** Call after any change of PS. */
export function psChanged(c: Cpu): void {
  updateWindowCheck(c);
  updateLoopArm(c);
}
