// Unwinding a call0 stack by the call frame table (.debug_frame): at each frame the CFA rule gives
// the canonical frame address (register + offset), the registers the frame saved are read at CFA +
// offset, and the caller resumes at its a0 (the return address; the CALL0/CALLX0 is the 3 bytes
// before it) with a1 = CFA. This is how GCC's call0 frames (xtensa-lx106-elf-gcc) are walked; the
// windowed ABI's stacks are walked by the register windows instead (emulator/device/stack.ts).

import type { FrameTable } from './cfa';

export interface CfaFrame {
  /** The stopped PC for the innermost frame, the call instruction for callers. */
  readonly pc: number;
  /** The frame's stack pointer (a1). */
  readonly sp: number;
  /** The canonical frame address, when the frame table covers `pc`. */
  readonly cfa?: number;
  /** The frame's registers that are known (DWARF numbers: 0..15 = a0..a15). */
  readonly regs: ReadonlyMap<number, number>;
}

const MAX_FRAMES = 64;

/**
 * The frames from `pc` with the registers `regs` outward, innermost first. The walk ends at a frame
 * the table does not cover (it is listed without a CFA), a return address of 0, memory that cannot
 * be read, or a CFA that does not move outward.
 */
export function unwindCfa(table: FrameTable, pc: number, regs: ReadonlyMap<number, number>, read32: (addr: number) => number | undefined): CfaFrame[] {
  const frames: CfaFrame[] = [];
  let cur = new Map(regs);
  let at = pc >>> 0;
  let lastCfa = -1;
  while (frames.length < MAX_FRAMES) {
    const sp = (cur.get(1) ?? 0) >>> 0;
    const rule = table.ruleAt(at);
    const base = rule?.register !== undefined ? cur.get(rule.register) : undefined;
    if (!rule || base === undefined) {
      frames.push({ pc: at, sp, regs: cur });
      break;
    }
    const cfa = (base + rule.offset) >>> 0;
    frames.push({ pc: at, sp, cfa, regs: cur });
    if (cfa <= lastCfa) break;
    lastCfa = cfa;
    const caller = new Map(cur);
    let ok = true;
    for (const [r, off] of rule.saved) {
      const v = read32((cfa + off) >>> 0);
      if (v === undefined) ok = false;
      else caller.set(r, v >>> 0);
    }
    caller.set(1, cfa);
    const ra = caller.get(0);
    if (!ok || !ra) break;
    at = (ra - 3) >>> 0;
    cur = caller;
  }
  return frames;
}
