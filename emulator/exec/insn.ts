// The predecoded instruction record: decoded once per address, then executed by calling `h`.
// Operands are plain numbers in table order (registers, immediates, absolute targets), so handlers
// never touch the instruction word. Records of one core all share this shape (monomorphic). The
// shapes a record points to are declared here too (its execution counter, its compiled block), so the
// record's file imports neither the counters nor the region compiler.

import type { InsnDef } from '../../xtensa/isa';
import type { Cpu } from '../core/cpu';

export interface ExecutionCounter {
  readonly pc: number;
  /** Completed executions of the instruction at `pc` since the counter was added. */
  count: number;
  /**
   * Called before each execution of the instruction (the interpreter runs it: compiled blocks stop
   * before an instruction whose counter has a hook, unless `hookCompiles`). The device's strict
   * stale-window mode uses it.
   */
  onEnter?: (arg?: number) => void;
  /**
   * The hook only reads the machine's registers and memory (through the Machine) and may run twice for
   * one execution: compiled code then calls it itself, with the registers written back to the window
   * first, and runs it again when it hands the instruction to the interpreter (a window exception).
   */
  hookCompiles?: boolean;
  /**
   * The one address register the hook reads, when it reads no other: compiled code that runs the
   * instruction inside a followed callee (jit/region.ts), where the window is not the callee's,
   * passes its value as the hook's argument. The interpreter passes none.
   */
  hookArg?: number;
}

/** Runs the region from its block number `at` (at most `left` instructions); returns the next PC. */
export type BlockFn = (c: Cpu, left: number, at: number) => number;

/** What the run loop's calls of one compiled region ran (jit/region.ts reads it to decide where regions meet). */
export interface RegionRuns {
  calls: number;
  insns: number;
}

/** One entry of a compiled region: the start of one of its blocks (the run loop calls `fn(c, left, at)`). */
export interface CompiledBlock {
  readonly pc: number;
  /** The block's number in the region's dispatch loop (0: the block the region was compiled from). */
  readonly at: number;
  /** Instructions in the block (an upper bound of what one pass of it dispatches). */
  readonly n: number;
  /** Register pane the block's first instruction names (the run loop compares it with Cpu.wfree; the block checks the others). */
  readonly pane: number;
  /** PC of each instruction of the region, for attributing a fault thrown at index Cpu.jitK. */
  readonly pcs: readonly number[];
  readonly fn: BlockFn;
  /** Calls of the region's function from the run loop and the instructions they ran (one record per region, shared by its entries). */
  readonly runs: RegionRuns;
  /** The last two PCs the region left to from this entry and their decoded instructions (saves the run loop a lookup). */
  exitPc0: number;
  exitIns0: Insn | null;
  exitPc1: number;
  exitIns1: Insn | null;
}

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
