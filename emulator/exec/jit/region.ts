// What one compiled region holds: the blocks reachable from a hot block start by branches and
// jumps that have run (reached by a transfer before: Insn.hot, or compiled themselves), each block a
// run of compiled instructions from its start along the fall-through path, and — through a windowed
// call whose callee starts with ENTRY — the callee's blocks as a frame of their own, up to its RETW,
// which returns to the call's return site in the region. A callee's blocks are copied per call
// instruction (frame), so each RETW has one return site; a callee follows no call further. A block
// ends at a jump, call or return, a branch back to its own start, the start of another block of the
// region (it then falls through to it), the first instruction that does not compile, or MAX_BLOCK
// instructions. The region takes no block past MAX_REGION instructions (a block is taken whole or
// not at all), and no block start that an earlier long-running region holds: it leaves to that
// region there, so an outer loop's region leaves to its inner loop's, which V8 optimises once; the
// starts of a short-running region (a few passes of a small loop per call) it takes over, so that
// such a loop nest is one function (`held`). A callee's frame is the path it ran straight through:
// its conditional branches leave the region when taken.
//
// In a callee's frame the templates' registers are renamed at collection: `a[N]` becomes `a[N + D]`,
// D = 4 × CALLINC, the physical register N + D of the window the region was entered in (jit/locals.ts
// keeps the ones past a15 in the physical file), so that the call, ENTRY and RETW move no register:
// compile.ts runs them without rotating the window, and rotates it only when the region leaves inside
// the callee. A callee instruction whose code reaches the window other than by a literal register (a
// handler call, CALLX's target) or whose counter hook reads the window ends its block there.

import type { Cpu } from '../../core/cpu';
import { CHK_SYNC, type Insn } from '../insn';
import { countedHandler } from '../counted';
import { type Emitted, emit } from './emit';
import { reachesWindowOpaquely, renameRegisters } from './locals';

export const MAX_BLOCK = 64;
export const MAX_REGION = 256;
/** A block's key is its PC plus FRAME_KEY times its frame's number (0: the region's own frame). */
const FRAME_KEY = 2 ** 32;

export interface RegionItem {
  readonly ins: Insn;
  readonly e: Emitted;
  /** Index of the instruction in the region (Cpu.jitK, the handler arrays, the counters). */
  readonly g: number;
}

/** A followed call's frame: its callee's blocks, registers renamed by `depth`. */
export interface Frame {
  /** The frame's number (1, 2, … in the order the calls were followed). */
  readonly n: number;
  /** The call's CALLINC (1..3); the callee's `a[N]` is the region's register N + 4 × callinc. */
  readonly callinc: number;
  /** Where the callee's RETW returns: the call's fall-through address. */
  readonly ret: number;
  /** The callee's first instruction (its ENTRY). */
  readonly entry: number;
}

export interface RegionBlock {
  readonly pc: number;
  /** The block's key in the region: pc + FRAME_KEY × its frame's number. */
  readonly key: number;
  readonly items: readonly RegionItem[];
  /** Register pane the block's first instruction names (in its own frame's window). */
  readonly pane: number;
  /** Where the block goes when its last instruction falls through (unused after a jump). */
  readonly fallTo: number;
  /** The callee's frame the block belongs to; null for the region's own. */
  readonly frame: Frame | null;
  /**
   * Key of the block the last instruction transfers to in another frame: a followed call's callee
   * entry, or a callee RETW's return site; null otherwise.
   */
  readonly crossTo: number | null;
}

export interface Region {
  /** The blocks by key, and in compilation order (the first is the region's start). */
  readonly blocks: ReadonlyMap<number, RegionBlock>;
  readonly order: readonly RegionBlock[];
}

/** A block's key. */
export function blockKey(pc: number, frame: Frame | null): number {
  return frame === null ? pc : pc + FRAME_KEY * frame.n;
}

/** Whether the block compiler may take `ins` (no breakpoint, no count sync, no counter whose hook the compiled code cannot call). */
function compilable(ins: Insn, frame: Frame | null): boolean {
  if ((ins.chk & CHK_SYNC) !== 0 || (ins.h !== ins.inner && ins.h !== countedHandler)) return false;
  const counter = ins.counter;
  if (!counter?.onEnter) return true;
  // in a callee the window is not written back for a hook: it must take its register as an argument
  return counter.hookCompiles === true && (frame === null || counter.hookArg !== undefined);
}

/** Direct targets of `e` the region may follow in the same frame (branches and jumps, not calls). */
function followed(ins: Insn, e: Emitted): number | null {
  if (e.kind === 'branch') return e.target;
  if (e.kind === 'jump' && e.direct !== null && ins.def?.flow === 'jump') return e.direct;
  return null;
}

/** `e` with its registers renamed for a callee frame `depth` registers up. */
function inFrame(e: Emitted, depth: number): Emitted {
  if (depth === 0) return e;
  if (e.kind === 'branch') return { ...e, cond: renameRegisters(e.cond, depth) };
  return { ...e, code: renameRegisters(e.code, depth) };
}

/** Whether `e` is ENTRY's or RETW's code (it moves the window). */
const rotating = (e: Emitted): boolean => e.kind !== 'branch' && e.rotates === true;

/**
 * Whether instruction `ins` at `k` of a block of callee frame `frame` may be taken: code that reaches
 * the window by literal registers only (renamed), the callee's ENTRY at the start of its first
 * block, or a RETW that returns to the frame's return site (both compiled apart, compile.ts).
 */
function frameSafe(ins: Insn, e: Emitted, k: number, frame: Frame): boolean {
  if (rotating(e)) return e.kind === 'seq' ? k === 0 && ins.pc === frame.entry : segment(ins.pc) === segment(frame.ret);
  return !reachesWindowOpaquely(e.kind === 'branch' ? e.cond : e.code);
}

/** Code known to run: V8 compiles a path the function has not run yet to a deoptimisation. */
const ran = (i: Insn): boolean => i.hot > 0 || i.blk !== null;

/** Calls of a region the run loop must have made before its runs per call are judged. */
const JUDGED_AFTER = 16;
/** Instructions per call below which a region is short-running (each call then pays the run loop's dispatch). */
const SHORT_RUN = 4096;

/**
 * A block start another region holds: a region ends where it reaches one, and leaves to it — unless
 * that region is short-running (a few passes of a small inner loop per call), whose starts a region
 * around it takes over so that the loop nest runs in one function. A long-running inner loop keeps
 * its region: taking it over made V8 optimise the same loop again in the outer loop's function (with
 * no feedback yet for the inner blocks there, so it deoptimised once more), and the nest ran slower
 * in the bigger function (the scale kernel's 2048² launch 1060 ms against 482 when kept).
 */
function held(i: Insn): boolean {
  const b = i.blk;
  if (b === null) return false;
  const r = b.runs;
  return r.calls < JUDGED_AFTER || r.insns >= SHORT_RUN * r.calls;
}

/**
 * The region starting at `first`: blocks collected breadth-first from it; `next(i)` is the decoded
 * fall-through successor, `at(pc)` the decoded instruction at a target; `calls`: whether windowed
 * calls are followed into their callees. Null if `first` does not compile.
 */
export function collectRegion(c: Cpu, first: Insn, next: (i: Insn) => Insn, at: (pc: number) => Insn, calls = true): Region | null {
  const epoch = c.codeEpoch;
  const blocks = new Map<number, RegionBlock>();
  const order: RegionBlock[] = [];
  const refused = new Set<number>();
  const queue: { ins: Insn; frame: Frame | null }[] = [{ ins: first, frame: null }];
  // one frame per call instruction: the blocks that end in the same call share its callee's
  const frames = new Map<number, Frame>();
  let total = 0;
  const enqueue = (ins: Insn, frame: Frame | null) => {
    const key = blockKey(ins.pc, frame);
    if (!blocks.has(key) && !refused.has(key) && ran(ins) && (frame !== null || !held(ins))) queue.push({ ins, frame });
  };
  while (queue.length > 0 && total < MAX_REGION) {
    const { ins: start, frame } = queue.shift()!;
    const startKey = blockKey(start.pc, frame);
    if (blocks.has(startKey) || refused.has(startKey)) continue;
    const depth = frame === null ? 0 : frame.callinc << 2;
    const items: RegionItem[] = [];
    const targets: number[] = [];
    let crossTo: number | null = null;
    let ins = start;
    for (let k = 0; k < MAX_BLOCK; k++) {
      if (k > 0 && (blocks.has(blockKey(ins.pc, frame)) || (frame === null && held(ins)))) break;
      if (!compilable(ins, frame)) break;
      const raw = emit(ins, total + k, epoch, c.litbase);
      if (!raw) break;
      const e = inFrame(raw, depth);
      if (frame !== null && !frameSafe(ins, e, k, frame)) break;
      items.push({ ins, e, g: total + k });
      // a callee's conditional branches are side exits: its frame is the path its calls ran straight
      // through (a branch taken rarely, a window miss, would otherwise be code V8 compiled without
      // feedback, deoptimising the whole region the first time it runs)
      const t = frame === null || e.kind !== 'branch' ? followed(ins, e) : null;
      if (t !== null && t !== start.pc) targets.push(t);
      if (e.kind === 'jump' || (e.kind === 'branch' && e.target === start.pc)) break;
      ins = next(ins);
    }
    if (items.length === 0) {
      refused.add(startKey);
      continue;
    }
    // a block that does not fit is left out whole: the region leaves at its start, a block start,
    // instead of in its middle, where the exit would be a new start that heats up a region of its
    // own (taking over this region's entries, and V8 optimising the same loop again)
    if (order.length > 0 && total + items.length > MAX_REGION) {
      refused.add(startKey);
      continue;
    }
    const last = items[items.length - 1];
    if (last.e.kind === 'jump' && calls) crossTo = cross(c, last.ins, last.e, frame, at, frames, enqueue);
    const fallTo = last.ins.next;
    if (last.e.kind !== 'jump') targets.push(fallTo);
    const b: RegionBlock = { pc: start.pc, key: startKey, items, pane: start.chk & 7, fallTo, frame, crossTo };
    blocks.set(startKey, b);
    order.push(b);
    total += items.length;
    for (const t of targets) enqueue(at(t), frame);
  }
  return order.length === 0 ? null : { blocks, order };
}

/** 1 GB segment of an address: a windowed return keeps its RETW's two top bits. */
const segment = (pc: number): number => (pc & 0xc0000000) >>> 0;

/**
 * The key of the block in another frame that the jump `e` ending a block goes to, queued: a direct
 * windowed call's callee (its ENTRY, in a new frame) with the call's return site, or a callee RETW's
 * return site; null when the jump stays in its frame or leaves the region.
 */
function cross(
  c: Cpu, ins: Insn, e: Extract<Emitted, { kind: 'jump' }>, frame: Frame | null, at: (pc: number) => Insn,
  frames: Map<number, Frame>, enqueue: (ins: Insn, frame: Frame | null) => void,
): number | null {
  if (frame !== null) {
    if (!rotating(e) || segment(ins.pc) !== segment(frame.ret)) return null;
    enqueue(at(frame.ret), null);
    return blockKey(frame.ret, null);
  }
  const callinc = ins.def?.callinc;
  if (ins.def?.flow !== 'call' || e.direct === null || callinc === undefined || callinc < 1 || callinc > 3 || !c.windowed) return null;
  const callee = at(e.direct);
  const entry = ran(callee) ? emit(callee, 0, c.codeEpoch, c.litbase) : undefined;
  if (entry?.kind !== 'seq' || entry.rotates !== true || segment(callee.pc) !== segment(ins.next)) return null;
  let f = frames.get(ins.pc);
  if (f === undefined) frames.set(ins.pc, (f = { n: frames.size + 1, callinc, ret: ins.next, entry: callee.pc }));
  enqueue(callee, f);
  enqueue(at(ins.next), null);
  return blockKey(callee.pc, f);
}
