// General exceptions (XEA2, as QEMU models them): EPC1 or DEPC, EXCCAUSE, EXCVADDR, PS.EXCM and the
// user/kernel/double vector; the debug exception for BREAK; and the two ways a run can stop instead
// of vectoring (stopOnException, or a fault whose vector holds no executable code).

import { Cpu, STOP } from './cpu';
import { PS_EXCM, PS_INTLEVEL, PS_UM } from './ps';
import { causeName } from './causes';
import { psChanged } from './derived';
import { vectorTo } from './vector';

/**
 * Raises general exception `cause` for the instruction at `pc` (with `vaddr` for memory faults) and
 * returns the vector address, or STOP when the machine stops instead.
 */
export function generalException(c: Cpu, cause: number, pc: number, vaddr?: number): number {
  pc >>>= 0;
  if (c.stopOnException) {
    c.stop = { kind: 'exception', cause, causeName: causeName(cause), pc, vaddr };
    c.pc = pc;
    return STOP;
  }
  if ((c.ps & PS_EXCM) !== 0 && pc === c.lastVector) {
    // The first instruction of the vector just taken cannot run: nothing can handle the exception.
    const e = c.lastException !== null && c.lastException.vector === pc ? c.lastException : { cause, pc, vaddr };
    c.stop = { kind: 'fault', cause: e.cause, causeName: causeName(e.cause), pc: e.pc, vaddr: e.vaddr };
    c.pc = pc;
    return STOP;
  }
  if (vaddr !== undefined) c.excvaddr = vaddr | 0;
  const v = c.config.vectors;
  let offset: number;
  if (c.ps & PS_EXCM) {
    c.depc = pc | 0;
    offset = v.double;
  } else {
    c.epc[1] = pc | 0;
    offset = c.ps & PS_UM ? v.user : v.kernel;
  }
  c.exccause = cause;
  c.ps = (c.ps | PS_EXCM) >>> 0;
  psChanged(c);
  c.excTaken = true;
  const vector = vectorTo(c, offset);
  c.lastException = { cause, pc, vaddr, vector };
  return vector;
}

/** Current interrupt level (PS.INTLEVEL, raised to EXCMLEVEL 1 while EXCM is set). */
export function currentIntLevel(c: Cpu): number {
  const level = c.ps & PS_INTLEVEL;
  return c.ps & PS_EXCM && level < 1 ? 1 : level;
}

/** DEBUGCAUSE bits. */
export const DEBUGCAUSE_BI = 0x8;
export const DEBUGCAUSE_BN = 0x10;

/**
 * Debug exception for BREAK/BREAK.N at `pc` (breakMode 'architectural'): taken only when the
 * current interrupt level is below the debug level, otherwise the instruction is a no-op (QEMU).
 * Returns the vector address, or `next` when not taken.
 */
export function debugException(c: Cpu, pc: number, cause: number, next: number): number {
  const level = c.config.debugLevel;
  if (currentIntLevel(c) >= level) return next;
  c.debugcause = cause;
  c.epc[level] = pc | 0;
  c.eps[level] = c.ps;
  c.ps = ((c.ps & ~PS_INTLEVEL) | PS_EXCM | level) >>> 0;
  psChanged(c);
  c.excTaken = true;
  return vectorTo(c, c.config.vectors.debug);
}
