// The windowed-ABI instructions as compiled blocks run them: ENTRY and RETW without their exceptional
// cases. Each helper either does exactly what the interpreter handler (exec/handlers/windowed.ts) does
// on its normal path, or changes nothing and tells the block to leave so that the interpreter runs the
// instruction (window overflow/underflow, illegal use, the stack-limit stop).

import type { Cpu } from '../../core/cpu';
import { PS_CALLINC, PS_CALLINC_SHIFT } from '../../core/ps';
import { rotateTo, windowChecksOn, wsBit } from '../../core/window';

/** ENTRY as, frame (as ≤ 3); false (nothing changed) when the interpreter must run it. */
export function jitEntry(c: Cpu, s: number, frame: number): boolean {
  if (!windowChecksOn(c)) return false;
  const callinc = (c.ps & PS_CALLINC) >>> PS_CALLINC_SHIFT;
  if (callinc > c.wfree) return false;
  const sp = c.a[s] - frame;
  if ((sp >>> 0) < c.stackLimit) return false;
  c.a[(callinc << 2) | s] = sp;
  const wb = c.windowbase + callinc;
  c.windowstart |= wsBit(c, wb);
  rotateTo(c, wb);
  return true;
}

/**
 * RETW / RETW.N at `pc`: the return address, or -1 (nothing changed) when the interpreter must run it.
 * Its normal path is the handler's: n = a0[31:30] is 1..3, the frame n panes below is live (no
 * underflow) and none nearer is (else IllegalInstruction) — in one test on the WINDOWSTART bits of
 * the three panes below, the nearest in bit 2: they must read 1 once shifted right by 3 - n.
 */
export function jitRetw(c: Cpu, pc: number): number {
  if (!windowChecksOn(c)) return -1;
  const a0 = c.a[0];
  const n = a0 >>> 30;
  const np = c.npanes;
  const ws = c.windowstart;
  const below = ((ws | (ws << np)) >>> (c.windowbase + np - 3)) & 7;
  if (below >>> (3 - n) !== 1) return -1;
  c.windowstart = ws & ~wsBit(c, c.windowbase);
  const target = ((pc & 0xc0000000) | (a0 & 0x3fffffff)) >>> 0;
  rotateTo(c, c.windowbase - n);
  return target;
}

/** The CALLINC bits CALL4/8/12 write into PS. */
export const CALLINC_MASK = PS_CALLINC;
export const CALLINC_SHIFT = PS_CALLINC_SHIFT;

/**
 * The free panes above the window a followed callee's ENTRY (jit/region.ts) moves to after CALLn with
 * CALLINC `callinc`, or -1 when the interpreter must run that ENTRY (jitEntry's cases, or the caller's
 * frame not live, which its RETW's test takes for granted). Changes nothing: the region goes on in the
 * callee's registers without rotating (jitFrame rotates if it leaves there).
 */
export function jitCalleeFree(c: Cpu, callinc: number): number {
  if (!windowChecksOn(c)) return -1;
  if ((c.ps & PS_CALLINC) >>> PS_CALLINC_SHIFT !== callinc || callinc > c.wfree) return -1;
  if ((c.windowstart & wsBit(c, c.windowbase)) === 0) return -1;
  const np = c.npanes;
  const wb = (c.windowbase + callinc) & (np - 1);
  const ws = c.windowstart | wsBit(c, wb);
  const above = ((ws | (ws << np)) >>> (wb + 1)) | 8;
  return 31 - Math.clz32(above & -above);
}

/** Leaving a region inside a followed callee (`callinc` > 0; 0 outside): what its ENTRY did to the window (its registers are written back). */
export function jitFrame(c: Cpu, callinc: number): void {
  if (callinc === 0) return;
  const wb = c.windowbase + callinc;
  c.windowstart |= wsBit(c, wb);
  rotateTo(c, wb);
}
