// The windowed-register ABI exactly as xtensa-ivp-spec.md §7 and QEMU's XEA2 model define it:
// CALL4/8/12 and CALLX4/8/12 (return address with the window increment in bits 31:30, PS.CALLINC),
// ENTRY (legality, overflow check on the CALLINC pane, rotation), RETW (legality, underflow, return),
// MOVSP (Alloca), ROTW, the handler-only L32E/S32E and the RFWO/RFWU returns; and the emulator's
// stack-limit check of ENTRY and MOVSP (Cpu.stackLimit, for the device's stack sanitizer).

import { STOP, type Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { CAUSE } from '../../core/causes';
import { generalException } from '../../core/exceptions';
import { psChanged } from '../../core/derived';
import { PS_CALLINC, PS_CALLINC_SHIFT, PS_EXCM, PS_OWB, PS_OWB_SHIFT } from '../../core/ps';
import { liveFrameBelow, rotateTo, windowChecksOn, windowOverflow, windowUnderflow, wsBit } from '../../core/window';
import { family, type Family } from '../family';
import { A, hex, jumpDirect, jumpTo, leaveBefore, windowedCall } from '../jit/template';

function callw(c: Cpu, i: Insn, n: number, target: number): number {
  c.a[n << 2] = (n << 30) | (i.next & 0x3fffffff);
  c.ps = ((c.ps & ~PS_CALLINC) | (n << PS_CALLINC_SHIFT)) >>> 0;
  return target;
}
export function call4(c: Cpu, i: Insn): number {
  return callw(c, i, 1, i.target);
}
export function call8(c: Cpu, i: Insn): number {
  return callw(c, i, 2, i.target);
}
export function call12(c: Cpu, i: Insn): number {
  return callw(c, i, 3, i.target);
}
export function callx4(c: Cpu, i: Insn): number {
  return callw(c, i, 1, c.a[i.a] >>> 0);
}
export function callx8(c: Cpu, i: Insn): number {
  return callw(c, i, 2, c.a[i.a] >>> 0);
}
export function callx12(c: Cpu, i: Insn): number {
  return callw(c, i, 3, c.a[i.a] >>> 0);
}

/**
 * ENTRY as, frame: IllegalInstruction if s > 3 or windowed instructions are disabled (PS.WOE = 0 or
 * PS.EXCM = 1); WindowOverflow if the CALLINC pane is not free; the stack-limit stop if the new stack
 * pointer would be below Cpu.stackLimit; else the callee's a[s] becomes the caller's a[s] - frame,
 * WINDOWBASE += CALLINC and the new frame's WINDOWSTART bit is set.
 */
export function entry(c: Cpu, i: Insn): number {
  const s = i.a;
  if (s > 3 || !windowChecksOn(c)) return generalException(c, CAUSE.IllegalInstruction, i.pc);
  const callinc = (c.ps & PS_CALLINC) >>> PS_CALLINC_SHIFT;
  if (callinc > c.wfree) return windowOverflow(c, i.pc);
  const sp = c.a[s] - i.b;
  if ((sp >>> 0) < c.stackLimit) return stackLimitStop(c, i.pc, sp);
  c.a[(callinc << 2) | s] = sp;
  const wb = c.windowbase + callinc;
  c.windowstart |= wsBit(c, wb);
  rotateTo(c, wb);
  return i.next;
}

/**
 * RETW / RETW.N: n = a0[31:30]. IllegalInstruction if windowed instructions are disabled, n = 0, or
 * the nearest live frame below is not n panes away; WindowUnderflow if the caller's frame was
 * spilled (the handler's RFWU re-executes the RETW); else clear this frame's WINDOWSTART bit, rotate
 * back by n and return to a0[29:0] within the current 1 GiB region.
 */
export function retw(c: Cpu, i: Insn): number {
  if (!windowChecksOn(c)) return generalException(c, CAUSE.IllegalInstruction, i.pc);
  const a0 = c.a[0];
  const n = a0 >>> 30;
  const m = liveFrameBelow(c);
  if (n === 0 || (m !== 0 && m !== n)) return generalException(c, CAUSE.IllegalInstruction, i.pc);
  if ((c.windowstart & wsBit(c, c.windowbase - n)) === 0) return windowUnderflow(c, i.pc, n);
  c.windowstart &= ~wsBit(c, c.windowbase);
  const target = ((i.pc & 0xc0000000) | (a0 & 0x3fffffff)) >>> 0;
  rotateTo(c, c.windowbase - n);
  return target;
}

/**
 * The stack-limit check of ENTRY and MOVSP (Cpu.stackLimit, an emulator facility for sanitizers, not
 * an architectural one): the run stops before the instruction that would move the stack pointer below it.
 */
export function stackLimitStop(c: Cpu, pc: number, sp: number): number {
  c.stop = { kind: 'stack-limit', pc, sp: sp >>> 0, limit: c.stackLimit };
  c.pc = pc;
  return STOP;
}

/** MOVSP at, as: Alloca exception unless one of the three frames below is live; then at = as. */
export function movsp(c: Cpu, i: Insn): number {
  const wb = c.windowbase;
  if ((c.windowstart & (wsBit(c, wb - 1) | wsBit(c, wb - 2) | wsBit(c, wb - 3))) === 0) {
    return generalException(c, CAUSE.Alloca, i.pc);
  }
  if (i.a === 1 && (c.a[i.b] >>> 0) < c.stackLimit) return stackLimitStop(c, i.pc, c.a[i.b]);
  c.a[i.a] = c.a[i.b];
  return i.next;
}

/** ROTW imm: WINDOWBASE += imm (privileged). */
export function rotw(c: Cpu, i: Insn): number {
  rotateTo(c, c.windowbase + i.a);
  return i.next;
}

/** L32E at, as, offset (-64..-4): the spill handlers' load. */
export function l32e(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = c.mem.read32((a[i.b] + i.c) >>> 0);
  return i.next;
}

/** S32E at, as, offset */
export function s32e(c: Cpu, i: Insn): number {
  const a = c.a;
  c.mem.write32((a[i.b] + i.c) >>> 0, a[i.a]);
  return i.next;
}

function rfw(c: Cpu, live: boolean): number {
  c.ps = (c.ps & ~PS_EXCM) >>> 0;
  const bit = wsBit(c, c.windowbase);
  c.windowstart = live ? c.windowstart | bit : c.windowstart & ~bit;
  rotateTo(c, (c.ps & PS_OWB) >>> PS_OWB_SHIFT);
  psChanged(c);
  return c.epc[1] >>> 0;
}

/** RFWO: the spilled frame is dead; back to PS.OWB and EPC1 (which re-executes the instruction). */
export function rfwo(c: Cpu, _i: Insn): number {
  return rfw(c, false);
}

/** RFWU: the reloaded frame is live again. */
export function rfwu(c: Cpu, _i: Insn): number {
  return rfw(c, true);
}

/**
 * The rows of each handler. CALLn, ENTRY and RETW compile: their templates (helpers in
 * jit/windowed.ts) do the normal path and leave every exceptional case to the interpreter (`defers`).
 */
const CALL = { defers: true, jit: (i: Insn) => jumpDirect(i, windowedCall(i, '')) };
const CALLX = { defers: true, jit: (i: Insn) => jumpTo(windowedCall(i, `const to = ${A(i.a)} >>> 0; `)) };

export const FAMILIES: readonly Family[] = [
  family(['call4'], call4, CALL),
  family(['call8'], call8, CALL),
  family(['call12'], call12, CALL),
  family(['callx4'], callx4, CALLX),
  family(['callx8'], callx8, CALLX),
  family(['callx12'], callx12, CALLX),
  family(['entry'], entry, {
    stops: true,
    defers: true,
    jit: (i, x) =>
      i.a > 3 ? undefined : { kind: 'seq', rotates: true, code: `if (!jitEntry(c, ${i.a}, ${i.b})) { ${leaveBefore(i, x)} } a = c.a;` },
  }),
  family(['retw', 'retw.n'], retw, {
    defers: true,
    jit: (i, x) => ({ ...jumpTo(`const to = jitRetw(c, ${hex(i.pc)}); if (to < 0) { ${leaveBefore(i, x)} }`), rotates: true }),
  }),
  family(['movsp'], movsp, { stops: true }),
  family(['rotw'], rotw),
  family(['l32e'], l32e),
  family(['s32e'], s32e),
  family(['rfwo'], rfwo),
  family(['rfwu'], rfwu),
];
