// -O1 register homes in a2..a7 (free once the incoming arguments are stored, preserved across CALL8
// by the register window): a linear scan over live intervals. The function's instructions are
// numbered in block order; each virtual register's interval is the hull of the positions where it is
// written, read, or live into or out of a block (liveness by the usual backward data-flow). A register
// is reused only by an interval that starts after the instruction of the last use (never by a result
// of that same instruction, so no instruction overwrites an operand it has still to read). When the
// registers run out, an interval goes to its frame home: the one whose home costs least (reads and
// writes weighted by loop depth), or the least densely used — whichever choice spills less cost.
//
// Debugger variables get an interval covering the whole function (their DWARF location is one place
// for the function's whole life), except at -O2 (`Func.debugRanges`): there they are allocated like
// any register and described where they hold their value (debug-ranges.ts, DWARF location lists). A parameter can only get the registers it arrives in, so the entry
// sequence never has to permute registers; like any interval it may be spilled for a costlier one
// (the entry then stores it home), so a parameter read once at the end does not hold a register
// through the loops.

import type { Func, VReg } from '../ir/ir';
import { sizeOfValue } from '../ir/ir';
import { vregsOf } from '../ir/uses';

/** a2..a7: free after the incoming arguments are stored, and kept across CALL8 by the window. */
const ALLOCATABLE = ['a2', 'a3', 'a4', 'a5', 'a6', 'a7'];

interface Interval {
  readonly v: VReg;
  start: number;
  end: number;
  /** What keeping it in memory would cost: its reads and writes, weighted by loop depth. */
  cost: number;
}

function termRegs(f: Func, k: number): VReg[] {
  const t = f.blocks[k].term;
  if (t?.op === 'branch') return [t.cond];
  if (t?.op === 'ret' && t.value) return [t.value];
  return [];
}

/** Live-in and live-out sets of each block (by index in f.blocks). */
function liveness(f: Func): { liveIn: Set<number>[]; liveOut: Set<number>[] } {
  const n = f.blocks.length;
  const index = new Map(f.blocks.map((b, k) => [b, k]));
  const uses: Set<number>[] = [];
  const defs: Set<number>[] = [];
  f.blocks.forEach((b, k) => {
    const u = new Set<number>();
    const d = new Set<number>();
    for (const i of b.instrs) {
      const [dst, ...ops] = vregsOf(i);
      const isDef = i.op !== 'store' && i.op !== 'memcpy' && i.op !== 'memzero';
      const read = isDef ? ops : [dst, ...ops];
      for (const v of read) if (v && !d.has(v.id)) u.add(v.id);
      if (isDef && dst) d.add(dst.id);
    }
    for (const v of termRegs(f, k)) if (!d.has(v.id)) u.add(v.id);
    uses.push(u);
    defs.push(d);
  });
  const succ = f.blocks.map((b) => {
    const t = b.term;
    const s = t?.op === 'jump' ? [t.target] : t?.op === 'branch' ? [t.then, t.else] : [];
    return s.map((x) => index.get(x)).filter((x): x is number => x !== undefined);
  });
  const liveIn = f.blocks.map(() => new Set<number>());
  const liveOut = f.blocks.map(() => new Set<number>());
  // made before the loop: V8's on-stack-replaced code of the loop, reused at every later call, would
  // otherwise reach this literal without feedback and deoptimise there each time
  const sets = { liveIn, liveOut };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = n - 1; k >= 0; k--) {
      const out = liveOut[k];
      const inn = liveIn[k];
      const add = (set: Set<number>, id: number) => {
        if (set.has(id)) return;
        set.add(id);
        changed = true;
      };
      for (const s of succ[k]) for (const id of liveIn[s]) add(out, id);
      for (const id of uses[k]) add(inn, id);
      for (const id of out) if (!defs[k].has(id)) add(inn, id);
    }
  }
  return sets;
}

/**
 * Loop nesting depth of each block (by index): a jump or branch back to an earlier block (or itself)
 * makes the blocks from its target to it a loop. Lowering places loop bodies between their header and
 * the back edge, so this finds the loops of structured code.
 */
function loopDepths(f: Func): number[] {
  const index = new Map(f.blocks.map((b, k) => [b, k]));
  const depth = f.blocks.map(() => 0);
  f.blocks.forEach((b, k) => {
    const t = b.term;
    const targets = t?.op === 'jump' ? [t.target] : t?.op === 'branch' ? [t.then, t.else] : [];
    for (const target of targets) {
      const h = index.get(target);
      if (h !== undefined && h <= k) for (let x = h; x <= k; x++) depth[x]++;
    }
  });
  return depth;
}

/** Live intervals over the instructions numbered in block order. */
function intervals(f: Func, all: Map<number, VReg>): Interval[] {
  const { liveIn, liveOut } = liveness(f);
  const iv = new Map<number, Interval>();
  const touch = (id: number, at: number) => {
    const v = all.get(id);
    if (!v) return;
    const x = iv.get(id);
    if (!x) iv.set(id, { v, start: at, end: at, cost: 0 });
    else {
      x.start = Math.min(x.start, at);
      x.end = Math.max(x.end, at);
    }
  };
  const depth = loopDepths(f);
  let pos = 1;
  f.blocks.forEach((b, k) => {
    const weight = 8 ** Math.min(depth[k], 6);
    const first = pos;
    for (const id of liveIn[k]) touch(id, first);
    for (const i of b.instrs) {
      for (const v of vregsOf(i)) {
        if (!v) continue;
        touch(v.id, pos);
        const x = iv.get(v.id);
        if (x) x.cost += weight;
      }
      pos++;
    }
    for (const v of termRegs(f, k)) {
      touch(v.id, pos);
      const x = iv.get(v.id);
      if (x) x.cost += weight;
    }
    for (const id of liveOut[k]) touch(id, pos);
    pos++;
  });
  // parameters are written on entry; debugger variables live for the whole function (-O2: where
  // they are live, described by location lists)
  for (const p of f.params) touch(p.id, 0);
  for (const d of f.debugVars) {
    if (f.debugRanges) break;
    if (!d.vreg) continue;
    touch(d.vreg.id, 0);
    touch(d.vreg.id, pos);
  }
  return [...iv.values()];
}

/**
 * Read-only, for the debugger's location lists (debug-ranges.ts): each virtual register's interval as
 * the scan sees it (positions numbered in block order from 1: a block's instructions, then its
 * terminator), and each block's live-in registers.
 */
export function liveIntervals(f: Func, all: Map<number, VReg>): { intervals: Map<number, { start: number; end: number }>; liveIn: Set<number>[] } {
  const iv = intervals(f, all);
  return { intervals: new Map(iv.map((a) => [a.v.id, { start: a.start, end: a.end }])), liveIn: liveness(f).liveIn };
}

/** What spilling `a` instead of `b` is judged by: the cost of its memory home, or that per instruction spanned. */
type Priority = (a: Interval) => number;
const byCost: Priority = (a) => a.cost;
const byDensity: Priority = (a) => a.cost / (a.end - a.start + 1);

/**
 * -O1: registers of a2..a7 for virtual registers (one per word); the others keep frame homes. The scan
 * runs with two spill choices (the cheapest memory home, or the least densely used) and keeps the
 * allocation whose spilled intervals cost less.
 */
export function allocateRegisters(f: Func, all: Map<number, VReg>, incoming: Map<number, string[]>): Map<number, string[]> {
  const ivs = intervals(f, all);
  const spilledCost = (regs: Map<number, string[]>) => ivs.reduce((sum, a) => sum + (regs.has(a.v.id) ? 0 : a.cost), 0);
  const [x, y] = [scan(f, ivs, incoming, byCost), scan(f, ivs, incoming, byDensity)];
  return spilledCost(x) <= spilledCost(y) ? x : y;
}

function scan(f: Func, ivs: Interval[], incoming: Map<number, string[]>, priority: Priority): Map<number, string[]> {
  const regs = new Map<number, string[]>();
  const params = new Set(f.params.map((p) => p.id));
  const order = [...ivs].sort((x, y) => x.start - y.start || x.v.id - y.v.id);
  let free = [...ALLOCATABLE];
  let active: Interval[] = [];
  const release = (at: number) => {
    active = active.filter((a) => {
      if (a.end < at) {
        free.push(...regs.get(a.v.id)!);
        return false;
      }
      return true;
    });
    free.sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
  };
  for (const cur of order) {
    release(cur.start);
    const words = sizeOfValue(cur.v.type) / 4;
    if (params.has(cur.v.id)) {
      const want = incoming.get(cur.v.id);
      if (want && want.every((r) => free.includes(r))) {
        free = free.filter((r) => !want.includes(r));
        regs.set(cur.v.id, want);
        active.push(cur);
      }
      continue;
    }
    if (free.length < words) {
      // spill the active interval of lowest priority, if lower than this one's (and it frees enough)
      const victim = active.filter((a) => sizeOfValue(a.v.type) / 4 >= words && priority(a) < priority(cur)).sort((p, q) => priority(p) - priority(q))[0];
      if (!victim) continue;
      const got = regs.get(victim.v.id)!;
      regs.delete(victim.v.id);
      active = active.filter((a) => a !== victim);
      free.push(...got);
      free.sort((p, q) => Number(p.slice(1)) - Number(q.slice(1)));
    }
    regs.set(cur.v.id, free.splice(0, words));
    active.push(cur);
  }
  return regs;
}
