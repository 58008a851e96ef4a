// The predecoded instruction record: decoded once per address, then executed by calling `h`.
// Operands are plain numbers in table order (registers, immediates, absolute targets), so handlers
// never touch the instruction word. Records of one core all share this shape (monomorphic).

import type { InsnDef } from '../../xtensa/isa';
import type { Cpu } from '../core/cpu';
import type { CompiledBlock } from './jit/compile';
import type { ExecutionCounter } from './counted';

/** Executes the instruction; returns the next PC, or STOP (-1) to end the run loop. */
export type Handler = (c: Cpu, i: Insn) => number;

/**
 * Handler result (and `target` value) for a control transfer whose destination is the fall-through
 * address: the run loop continues there without the zero-overhead-loop check, which only follows
 * instructions that fall through (QEMU: taken branches, jumps, calls and returns never loop back).
 */
export const TAKEN_NEXT = -4;

/** `chk` bit: sync the instruction count into the Cpu before the handler runs. */
export const CHK_SYNC = 8;

export class Insn {
  /** Fall-through successor and branch-target successor, linked lazily by the run loop. */
  nextIns: Insn | null = null;
  targetIns: Insn | null = null;
  /** Handler without breakpoint wrapping. */
  inner: Handler;
  /** Times the run loop arrived here by a transfer (block-start hotness), and the compiled block. */
  hot = 0;
  blk: CompiledBlock | null = null;
  /** Set while an execution counter watches this address (`h` is then countedHandler, below breakpoints). */
  counter: ExecutionCounter | null = null;

  constructor(
    readonly pc: number,
    readonly size: number,
    /** pc + size: the fall-through address. */
    readonly next: number,
    public h: Handler,
    readonly a: number,
    readonly b: number,
    readonly c: number,
    readonly d: number,
    /** Direct control-flow target (branch, jump, call, loop end), or -2. */
    readonly target: number,
    /**
     * Highest register pane the instruction names (0..3, for the window-overflow check), plus
     * CHK_SYNC; the run loop compares it with Cpu.wfree before calling `h`.
     */
    readonly chk: number,
    readonly def: InsnDef | null,
    readonly word: number,
  ) {
    this.inner = h;
  }
}
