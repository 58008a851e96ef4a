// Synchronisation (no architectural effect in a sequential emulator), traps (ILL, BREAK, SYSCALL,
// SIMCALL), interrupt-level control (RSIL, WAITI) and the exception returns RFE, RFDE and RFI.

import type { Cpu } from '../../core/cpu';
import { STOP } from '../../core/cpu';
import type { Insn } from '../insn';
import { CAUSE } from '../../core/causes';
import { DEBUGCAUSE_BI, DEBUGCAUSE_BN, debugException, generalException } from '../../core/exceptions';
import { psChanged } from '../../core/derived';
import { PS_EXCM, PS_INTLEVEL } from '../../core/ps';
import { simcall as semihostCall } from '../../semihost/simcall';
import { family, type Family } from '../family';
import { seq } from '../jit/template';

/** ISYNC, RSYNC, ESYNC, DSYNC, EXCW, MEMW, EXTW, NOP, NOP.N */
export function nop(_c: Cpu, i: Insn): number {
  return i.next;
}

/** ILL, ILL.N */
export function ill(c: Cpu, i: Insn): number {
  return generalException(c, CAUSE.IllegalInstruction, i.pc);
}

/** SYSCALL */
export function syscall(c: Cpu, i: Insn): number {
  return generalException(c, CAUSE.Syscall, i.pc);
}

function breakInsn(c: Cpu, i: Insn, s: number, t: number, cause: number): number {
  if (c.breakMode === 'stop') {
    c.stop = { kind: 'break', pc: i.pc, s, t };
    c.pc = i.next;
    return STOP;
  }
  return debugException(c, i.pc, cause, i.next);
}

/** BREAK s, t */
export function breakW(c: Cpu, i: Insn): number {
  return breakInsn(c, i, i.a, i.b, DEBUGCAUSE_BI);
}

/** BREAK.N s */
export function breakN(c: Cpu, i: Insn): number {
  return breakInsn(c, i, i.a, 0, DEBUGCAUSE_BN);
}

/**
 * SIMCALL: semihosting request in a2..a5 (see semihost/simcall.ts). The run loop keeps the PC in a
 * local while it runs, so the PC is stored first: a host that looks at the core (the device walking
 * the call stack to locate a fault it reports) sees the SIMCALL's own address.
 */
export function simcall(c: Cpu, i: Insn): number {
  c.pc = i.pc;
  if (semihostCall(c)) return i.next;
  c.pc = i.next;
  return STOP;
}

/** RSIL at, level: at = PS; PS.INTLEVEL = level. */
export function rsil(c: Cpu, i: Insn): number {
  const old = c.ps;
  c.ps = ((c.ps & ~PS_INTLEVEL) | i.b) >>> 0;
  c.a[i.a] = old;
  psChanged(c);
  return i.next;
}

/** WAITI level: sets PS.INTLEVEL and waits for an interrupt; none are modelled, so the run halts. */
export function waiti(c: Cpu, i: Insn): number {
  c.ps = ((c.ps & ~PS_INTLEVEL) | i.a) >>> 0;
  psChanged(c);
  c.stop = { kind: 'halt', pc: i.next };
  c.pc = i.next;
  return STOP;
}

/** RFE: PS.EXCM = 0, PC = EPC1. */
export function rfe(c: Cpu, _i: Insn): number {
  c.ps = (c.ps & ~PS_EXCM) >>> 0;
  psChanged(c);
  return c.epc[1] >>> 0;
}

/** RFDE: PC = DEPC (PS unchanged, as in QEMU). */
export function rfde(c: Cpu, _i: Insn): number {
  return c.depc >>> 0;
}

/** RFI level: PS = EPS[level], PC = EPC[level]. */
export function rfi(c: Cpu, i: Insn): number {
  const level = i.a;
  if (level < 2 || level > 7) return generalException(c, CAUSE.IllegalInstruction, i.pc);
  c.ps = c.eps[level] >>> 0;
  psChanged(c);
  return c.epc[level] >>> 0;
}

/** BREAK, SIMCALL and WAITI may end the run and report the instruction count. */
const ENDS_RUN = { readsCount: true, stops: true };

export const FAMILIES: readonly Family[] = [
  family(['isync', 'rsync', 'esync', 'dsync', 'excw', 'memw', 'extw', 'nop', 'nop.n'], nop, () => seq('')),
  family(['ill', 'ill.n'], ill),
  family(['break'], breakW, ENDS_RUN),
  family(['break.n'], breakN, ENDS_RUN),
  family(['syscall'], syscall),
  family(['simcall'], simcall, ENDS_RUN),
  family(['rsil'], rsil),
  family(['waiti'], waiti, ENDS_RUN),
  family(['rfe'], rfe),
  family(['rfde'], rfde),
  family(['rfi'], rfi),
];
