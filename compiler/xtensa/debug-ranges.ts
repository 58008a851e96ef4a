// -O2 (`Func.debugRanges`): where each debugger variable that the register allocator put in a2..a7
// holds its value, for the DWARF location lists (dwarf/loc-lists.ts). The allocator keeps a register
// for one interval (the hull of the positions where the variable is written, read, or live across a
// block boundary) and gives it to nobody else over that interval, so inside the interval the register
// holds the variable's latest value — once it has one on every way in. Per block: from the block's
// start where the variable is live into it, else from just after its first write in the block, to the
// end of the interval or of the block. A variable whose register value is never read again after a
// copy of another register (`x = t`, the uses reading t) is found in t's register after the copy, as
// long as neither is written again in the block and t's interval lasts. Elsewhere (before the first
// write, after the last read) the debugger shows it as optimized out, never another variable's value. Variables spilled to a frame
// home keep one location for the whole function (their home is theirs alone, as at -O1).

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { isVectorValue } from '../ir/ir';
import { vregsOf } from '../ir/uses';
import type { Frame } from './frame';
import { liveIntervals } from './registers';

/**
 * From the start of the code of position `from` to the start of that of position `to` (positions as
 * registers.ts numbers them); `regs`: the registers holding the value there when not the variable's own.
 */
export interface PositionRange {
  readonly from: number;
  readonly to: number;
  readonly regs?: readonly string[];
}

const ALLOCATED = /^a[2-7]$/;

const writes = (i: Instr, v: VReg): boolean => i.op !== 'store' && i.op !== 'memcpy' && i.op !== 'memzero' && vregsOf(i)[0]?.id === v.id;

/** The debugger variables' registers described by ranges: scalar ones the allocator put in a2..a7. */
function rangedRegisters(f: Func, frame: Frame): Map<number, VReg> {
  const out = new Map<number, VReg>();
  for (const d of f.debugVars) {
    const v = d.vreg;
    const regs = v && frame.regs.get(v.id);
    if (v && regs && !isVectorValue(v.type) && regs.every((r) => ALLOCATED.test(r))) out.set(v.id, v);
  }
  return out;
}

/** A word of `PositionRange.regs` that is the constant zero (a narrowed counter's high word), not a register. */
export const ZERO_WORD = 'zero';

/** Per virtual register (by id) of a debugger variable in a2..a7, the position ranges where its register holds it, in order (maybe none). */
export function registerRanges(f: Func, frame: Frame): Map<number, PositionRange[]> {
  const vars = rangedRegisters(f, frame);
  const narrowed = narrowedCounters(f, frame, vars);
  // every variable described by ranges has a list, empty where its register never holds it
  const out = new Map<number, PositionRange[]>([...vars.keys(), ...narrowed.homed].map((id) => [id, []]));
  if (!out.size) return out;
  const sources = copySources(f, frame, vars);
  const { intervals, liveIn } = liveIntervals(f, new Map([...vars, ...sources, ...narrowed.lows]));
  let first = 1;
  const low = new Map<number, PositionRange[]>([...narrowed.lows.keys()].map((id) => [id, []]));
  f.blocks.forEach((b, k) => {
    const term = first + b.instrs.length;
    const held = (v: VReg, list: PositionRange[], regs?: readonly string[]) => {
      const iv = intervals.get(v.id);
      if (!iv || iv.end < first || iv.start > term) return;
      const written = b.instrs.findIndex((i) => writes(i, v));
      const lo = liveIn[k].has(v.id) ? first : written >= 0 ? first + written + 1 : undefined;
      const hi = Math.min(term, iv.end);
      if (lo === undefined || lo > hi) {
        if (!regs && written >= 0 && iv.end <= first + written) followCopy(b, first, written, iv.end, intervals, frame, list);
        return;
      }
      const last = list[list.length - 1];
      if (last && last.to === lo && last.regs === regs) list[list.length - 1] = { from: last.from, to: hi + 1, regs };
      else list.push({ from: lo, to: hi + 1, regs });
    };
    for (const v of vars.values()) held(v, out.get(v.id)!);
    for (const v of narrowed.lows.values()) {
      const regs = narrowed.regs.get(v.id);
      if (regs) held(v, low.get(v.id)!, regs);
    }
    first = term + 1;
  });
  // a narrowed counter's variable: its low word's ranges, and (spilled to its home) the home outside the low word's interval
  for (const [id, of] of narrowed.of) {
    const list = out.get(of.id)!;
    const iv = intervals.get(id);
    if (narrowed.homed.has(of.id) && iv) list.push({ from: 1, to: iv.start }, { from: iv.end + 1, to: first });
    list.push(...low.get(id)!);
    list.sort((x, y) => x.from - y.from);
  }
  return out;
}

/**
 * The 32-bit registers of narrowed loop counters (opt/narrow-loops.ts: `Func.narrowed`) in a2..a7 whose
 * 64-bit variable is described by ranges (`vars`) or spilled to its home (`homed`: described by ranges
 * too, since the home is stale in the narrowed loop); `regs`: the low register and the zero word.
 */
function narrowedCounters(f: Func, frame: Frame, vars: ReadonlyMap<number, VReg>): { lows: Map<number, VReg>; of: Map<number, VReg>; regs: Map<number, readonly string[]>; homed: Set<number> } {
  const lows = new Map<number, VReg>();
  const of = new Map<number, VReg>();
  const regs = new Map<number, readonly string[]>();
  const homed = new Set<number>();
  const debug = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  for (const [id, v] of f.narrowed ?? []) {
    if (!debug.has(v.id)) continue;
    const spilled = !vars.has(v.id) && !frame.regs.has(v.id) && frame.homes.has(v.id);
    if (!vars.has(v.id) && !spilled) continue;
    if (spilled) homed.add(v.id);
    const r = frame.regs.get(id);
    lows.set(id, { id, type: 'i32' });
    of.set(id, v);
    // a low word without a register of a2..a7: the variable is optimized out in the narrowed loop
    if (r && r.every((x) => ALLOCATED.test(x))) regs.set(id, [...r, ZERO_WORD]);
  }
  return { lows, of, regs, homed };
}

/** Registers (a2..a7) copied into the ranged variables: where a dead copy's value still is. */
function copySources(f: Func, frame: Frame, vars: ReadonlyMap<number, VReg>): Map<number, VReg> {
  const out = new Map<number, VReg>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op !== 'copy' || !vars.has(i.dst.id) || i.a.type !== i.dst.type) continue;
      const regs = frame.regs.get(i.a.id);
      if (regs && regs.every((r) => ALLOCATED.test(r))) out.set(i.a.id, i.a);
    }
  }
  return out;
}

/**
 * A variable written at instruction `k` of block `b` (positions from `first`) and never read after:
 * if that write copies a register, the value is in that register from after the copy until either is
 * written again, the source's interval ends, or the block does.
 */
function followCopy(b: Block, first: number, k: number, end: number, intervals: ReadonlyMap<number, { start: number; end: number }>, frame: Frame, list: PositionRange[]): void {
  const i = b.instrs[k];
  if (i.op !== 'copy') return;
  const src = intervals.get(i.a.id);
  const regs = frame.regs.get(i.a.id);
  if (!src || !regs || end > first + k) return;
  let to = Math.min(src.end, first + b.instrs.length) + 1;
  for (let x = k + 1; x < b.instrs.length; x++) {
    const w = b.instrs[x];
    if (writes(w, i.dst) || writes(w, i.a)) {
      to = Math.min(to, first + x);
      break;
    }
  }
  if (to > first + k + 1) list.push({ from: first + k + 1, to, regs });
}

/** The positions where a range begins or ends (the emitter marks the code there). */
export function rangeBoundaries(ranges: ReadonlyMap<number, readonly PositionRange[]>): Set<number> {
  const out = new Set<number>();
  for (const list of ranges.values()) for (const r of list) out.add(r.from).add(r.to);
  return out;
}

/**
 * The registers the debugger reads at each line of a function's assembly (lines (from, to] of the
 * writer, after its range marks were placed): a debugger variable's register within its ranges, and
 * those of variables without ranges everywhere. moves.ts leaves them alone there.
 */
export function keptRegisters(f: Func, frame: Frame, rangeMarks: ReadonlyMap<number, readonly number[]>, from: number, to: number): (line: number) => ReadonlySet<string> {
  const everywhere = new Set<string>();
  const ranged = frame.ranges ?? new Map();
  for (const d of f.debugVars) {
    const regs = d.vreg && !ranged.has(d.vreg.id) ? frame.regs.get(d.vreg.id) : undefined;
    for (const r of regs ?? []) everywhere.add(r);
  }
  const lineOf = new Map<number, number>();
  for (let n = from + 1; n <= to + 1; n++) for (const id of rangeMarks.get(n) ?? []) lineOf.set(id, n);
  const at: Set<string>[] = [];
  for (const [id, list] of ranged) {
    for (const r of list) {
      const regs = r.regs ?? frame.regs.get(id) ?? [];
      const lo = lineOf.get(r.from) ?? to + 1;
      const hi = lineOf.get(r.to) ?? to + 1;
      for (let n = lo; n < hi; n++) for (const reg of regs) (at[n - from] ??= new Set(everywhere)).add(reg);
    }
  }
  return (line) => at[line - from] ?? everywhere;
}
