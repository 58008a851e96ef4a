// The windowed-ABI instructions as compiled blocks run them: ENTRY and RETW without their exceptional
// cases. Each helper either does exactly what the interpreter handler (exec/handlers/windowed.ts) does
// on its normal path, or changes nothing and tells the block to leave so that the interpreter runs the
// instruction (window overflow/underflow, illegal use, the stack-limit stop).

import type { Cpu } from '../../core/cpu';
import { PS_CALLINC, PS_CALLINC_SHIFT } from '../../core/ps';
import { liveFrameBelow, rotateTo, windowChecksOn, wsBit } from '../../core/window';

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

/** RETW / RETW.N at `pc`: the return address, or -1 (nothing changed) when the interpreter must run it. */
export function jitRetw(c: Cpu, pc: number): number {
  if (!windowChecksOn(c)) return -1;
  const a0 = c.a[0];
  const n = a0 >>> 30;
  const m = liveFrameBelow(c);
  if (n === 0 || (m !== 0 && m !== n)) return -1;
  if ((c.windowstart & wsBit(c, c.windowbase - n)) === 0) return -1;
  c.windowstart &= ~wsBit(c, c.windowbase);
  const target = ((pc & 0xc0000000) | (a0 & 0x3fffffff)) >>> 0;
  rotateTo(c, c.windowbase - n);
  return target;
}

/** The CALLINC bits CALL4/8/12 write into PS. */
export const CALLINC_MASK = PS_CALLINC;
export const CALLINC_SHIFT = PS_CALLINC_SHIFT;
