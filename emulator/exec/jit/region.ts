// What one compiled region holds: the blocks reachable from a hot block start by branches and
// jumps (not calls: a callee's code would then be copied into every caller's region) that have run
// (reached by a transfer before: Insn.hot, or compiled themselves), each block a
// run of compiled instructions from its start along the fall-through path. A block ends at a jump,
// call or return, a branch back to its own start, the start of another block of the region (it
// then falls through to it), the first instruction that does not compile, or MAX_BLOCK
// instructions; the region stops taking blocks at MAX_REGION instructions.

import type { Cpu } from '../../core/cpu';
import { CHK_SYNC, type Insn } from '../insn';
import { countedHandler } from '../counted';
import { type Emitted, emit } from './emit';

export const MAX_BLOCK = 64;
export const MAX_REGION = 256;

export interface RegionItem {
  readonly ins: Insn;
  readonly e: Emitted;
  /** Index of the instruction in the region (Cpu.jitK, the handler arrays, the counters). */
  readonly g: number;
}

export interface RegionBlock {
  readonly pc: number;
  readonly items: readonly RegionItem[];
  /** Register pane the block's first instruction names. */
  readonly pane: number;
  /** Where the block goes when its last instruction falls through (unused after a jump). */
  readonly fallTo: number;
}

export interface Region {
  /** The blocks by start PC, and in compilation order (the first is the region's start). */
  readonly blocks: ReadonlyMap<number, RegionBlock>;
  readonly order: readonly RegionBlock[];
}

/** Whether the block compiler may take `ins` (no breakpoint, no count sync, no counter whose hook the compiled code cannot call). */
function compilable(ins: Insn): boolean {
  return (ins.chk & CHK_SYNC) === 0 && (ins.h === ins.inner || ins.h === countedHandler) && (!ins.counter?.onEnter || ins.counter.hookCompiles === true);
}

/** Direct targets of `e` the region may follow (branches and jumps, not calls). */
function followed(ins: Insn, e: Emitted): number | null {
  if (e.kind === 'branch') return e.target;
  if (e.kind === 'jump' && e.direct !== null && ins.def?.flow === 'jump') return e.direct;
  return null;
}

/**
 * The region starting at `first`: blocks collected breadth-first from it; `next(i)` is the decoded
 * fall-through successor, `at(pc)` the decoded instruction at a target. Null if `first` does not compile.
 */
export function collectRegion(c: Cpu, first: Insn, next: (i: Insn) => Insn, at: (pc: number) => Insn): Region | null {
  const epoch = c.codeEpoch;
  const blocks = new Map<number, RegionBlock>();
  const order: RegionBlock[] = [];
  const refused = new Set<number>();
  const queue: Insn[] = [first];
  let total = 0;
  while (queue.length > 0 && total < MAX_REGION) {
    const start = queue.shift()!;
    if (blocks.has(start.pc) || refused.has(start.pc)) continue;
    const items: RegionItem[] = [];
    const targets: number[] = [];
    let ins = start;
    for (let k = 0; k < MAX_BLOCK && total + k < MAX_REGION; k++) {
      if (k > 0 && blocks.has(ins.pc)) break;
      if (!compilable(ins)) break;
      const e = emit(ins, total + k, epoch, c.litbase);
      if (!e) break;
      items.push({ ins, e, g: total + k });
      const t = followed(ins, e);
      if (t !== null && t !== start.pc) targets.push(t);
      if (e.kind === 'jump' || (e.kind === 'branch' && e.target === start.pc)) break;
      ins = next(ins);
    }
    if (items.length === 0) {
      refused.add(start.pc);
      continue;
    }
    const last = items[items.length - 1];
    const fallTo = last.ins.next;
    if (last.e.kind !== 'jump') targets.push(fallTo);
    const b: RegionBlock = { pc: start.pc, items, pane: start.chk & 7, fallTo };
    blocks.set(b.pc, b);
    order.push(b);
    total += items.length;
    for (const t of targets) {
      if (blocks.has(t) || refused.has(t)) continue;
      const ti = at(t);
      // only code known to run: V8 compiles a path the function has not run yet to a deoptimisation
      if (ti.hot > 0 || ti.blk !== null) queue.push(ti);
    }
  }
  return order.length === 0 ? null : { blocks, order };
}
