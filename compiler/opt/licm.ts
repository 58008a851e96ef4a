// -O2, IR → IR: loop-invariant code motion. Loops innermost first; each gets a preheader (the one
// block through which it is entered). An instruction of the loop moves to the preheader when
// - it writes a register nothing else writes (registers are not in SSA form: a register written
//   once keeps its value, wherever it is read), not a debugger variable's;
// - it has no effect besides its result and cannot trap: constants, addresses, copies, conversions
//   (the soft-float ones included: the runtime's conversions are pure), comparisons, arithmetic other
//   than division and remainder, and loads;
// - its operands are not written in the loop (or by instructions moved before it);
// - for a load: nothing the loop writes may overlap it (alias.ts: stores, block copies and clears,
//   memcpy/memmove/memset into a known place by the bytes they write, and other calls by their
//   known effects; writes through the windows the loop's own neuron_translate
//   calls return do not count: by the seed's rule, no window pointer held from before is valid
//   across those calls), and unless it reads a stack slot (always readable), its block
//   runs on every iteration before any exit (after rotate.ts, the body's first blocks) — or it reads
//   a data member of the object another member load of one such block reads (the same base
//   register, a member of the same class by its tag: the object is there, so reading it early cannot
//   trap; the `a || b` of the enforcer's conflict test) — and the loop calls a function: a loop that
//   only reads memory through pointers may be waiting for another agent (the IR does not mark
//   volatile accesses), so its loads stay.
// What moves is typically the SDK's per-access work that does not depend on the loop: the accessor's
// sizes, strides and data pointer, the enforcer's conflict test, the dtype switch and the double→float
// conversion of a fill value.

import type { Block, Func, Instr } from '../ir/ir';
import { memSize } from '../ir/ir';
import { callEffect, escapedSlots, mayAlias, type Access, type CallEffect } from './alias';
import { mergeInvariantBranches } from './invariant-branches';
import { dominators, exitingBlocks, naturalLoops, type Dominators, type Loop } from './loops';
import { defCounts, defOf, successors, usesOf } from './walk';

const PURE = new Set(['const', 'addr', 'copy', 'un', 'conv', 'cmp']);

/** The block through which the loop is entered, made if there is none; undefined for the entry block's loop. */
export function preheader(f: Func, loop: Loop, dom: Dominators, ids: { next: number }): Block | undefined {
  const h = loop.header;
  if (h === f.blocks[0]) return undefined;
  const outside = (dom.preds.get(h.id) ?? []).filter((p) => !loop.blocks.has(p));
  if (outside.length === 1 && successors(outside[0]).length === 1 && outside[0] !== f.blocks[0]) return outside[0];
  const pre: Block = { id: ids.next++, instrs: [], term: { op: 'jump', target: h, pos: h.term?.pos } };
  for (const p of outside) {
    const t = p.term;
    if (t?.op === 'jump') p.term = { ...t, target: pre };
    else if (t?.op === 'branch') p.term = { ...t, then: t.then === h ? pre : t.then, else: t.else === h ? pre : t.else };
  }
  f.blocks.splice(f.blocks.indexOf(h), 0, pre);
  return pre;
}

interface LoopMemory {
  readonly writes: Access[];
  /** The strongest effect of the loop's calls ('none' also when it calls nothing). */
  readonly calls: CallEffect;
  readonly callsAny: boolean;
}

/**
 * Registers that hold addresses inside a translation window the loop maps: results of its
 * neuron_translate calls and addresses computed from them in the loop (never written otherwise).
 */
function windowRegisters(loop: Loop): Set<number> {
  const defs = new Map<number, Instr[]>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (d) (defs.get(d.id) ?? defs.set(d.id, []).get(d.id)!).push(i);
  }
  const out = new Set<number>();
  const derived = (i: Instr): boolean => {
    if (i.op === 'call') return callEffect(i.callee) === 'windows';
    if (i.op === 'copy') return out.has(i.a.id);
    if (i.op === 'addr') return i.addr.kind === 'reg' && out.has(i.addr.base.id);
    if (i.op === 'bin') return (i.kind === 'add' || i.kind === 'sub') && out.has(i.a.id);
    return false;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [id, is] of defs) {
      if (!out.has(id) && is.every(derived)) {
        out.add(id);
        changed = true;
      }
    }
  }
  return out;
}

/** memcpy/memmove/memset into an address of a known place: the bytes it writes. */
function blockWrite(i: Extract<Instr, { op: 'call' }>, addresses: ReadonlyMap<number, Instr>): Access | undefined {
  if (i.callee !== 'memcpy' && i.callee !== 'memmove' && i.callee !== 'memset') return undefined;
  const dst = addresses.get(i.args[0]?.id);
  const n = addresses.get(i.args[2]?.id);
  if (dst?.op !== 'addr' || n?.op !== 'const') return undefined;
  return { addr: dst.addr, size: Number(n.value) };
}

function loopMemory(f: Func, loop: Loop): LoopMemory {
  // registers written once by an address or a constant
  const counts = defCounts(f);
  const addresses = new Map<number, Instr>();
  for (const b of f.blocks) for (const i of b.instrs) if ((i.op === 'addr' || i.op === 'const') && counts.get(i.dst.id) === 1) addresses.set(i.dst.id, i);
  const writes: Access[] = [];
  let calls: CallEffect = 'none';
  let callsAny = false;
  const windows = windowRegisters(loop);
  for (const b of loop.blocks) {
    for (const i of b.instrs) {
      // a write into a window the loop maps: memory an invariant load may read only through a
      // window pointer held across the loop's neuron_translate calls, which the seed's rule forbids
      if ((i.op === 'store' || i.op === 'memcpy' || i.op === 'memzero') && windowWrite(i, windows)) continue;
      if (i.op === 'store') writes.push({ addr: i.addr, size: memSize(i.mem), mem: i.mem, tag: i.tag });
      else if (i.op === 'memcpy' || i.op === 'memzero') writes.push({ addr: i.dst, size: i.size });
      // a vector-unit instruction may store through its pointers and writes its in/out operands
      else if (i.op === 'vop') calls = 'all';
      else if (i.op === 'call') {
        callsAny = true;
        const block = blockWrite(i, addresses);
        if (block) {
          writes.push(block);
          continue;
        }
        const e = callEffect(i.callee);
        if (e === 'all' || (e === 'windows' && calls === 'none')) calls = e;
      }
    }
  }
  return { writes, calls, callsAny };
}

function windowWrite(i: Extract<Instr, { op: 'store' | 'memcpy' | 'memzero' }>, windows: ReadonlySet<number>): boolean {
  const a = i.op === 'store' ? i.addr : i.dst;
  return a.kind === 'reg' && windows.has(a.base.id);
}

/** Whether nothing `loop` writes (stores, block writes, calls by their effects) may overlap what `load` reads. */
export function loopLeaves(f: Func, loop: Loop): (load: Extract<Instr, { op: 'load' }>) => boolean {
  const mem = loopMemory(f, loop);
  const escaped = escapedSlots(f);
  return (i) => {
    const a: Access = { addr: i.addr, size: memSize(i.mem), mem: i.mem, tag: i.tag };
    if (mem.calls === 'all' && (a.addr.kind !== 'slot' || escaped.has(a.addr.slot))) return false;
    return mem.writes.every((w) => !mayAlias(a, w, escaped));
  };
}

/** Per base register, the classes of the data members loads of blocks that run on every iteration read through it. */
function objectsReadEveryIteration(loop: Loop, everyIteration: (b: Block) => boolean): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  for (const b of loop.blocks) {
    if (!everyIteration(b)) continue;
    for (const i of b.instrs) {
      if (i.op !== 'load' || i.addr.kind !== 'reg' || !i.tag?.field) continue;
      const id = i.addr.base.id;
      (out.get(id) ?? out.set(id, new Set()).get(id)!).add(i.tag.field.owner);
    }
  }
  return out;
}

function hoistLoop(f: Func, loop: Loop, pre: Block, dom: Dominators): number {
  const defs = defCounts(f);
  const keep = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  const inLoop = new Set<number>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (d) inLoop.add(d.id);
  }
  const mem = loopMemory(f, loop);
  const escaped = escapedSlots(f);
  const exits = exitingBlocks(loop);
  const everyIteration = (b: Block) => exits.length > 0 && exits.every((e) => dom.dominates(b, e));
  const objects = objectsReadEveryIteration(loop, everyIteration);
  const readable = (i: Extract<Instr, { op: 'load' }>) => i.addr.kind === 'reg' && i.tag?.field !== undefined && !!objects.get(i.addr.base.id)?.has(i.tag.field.owner);
  const loadMoves = (i: Extract<Instr, { op: 'load' }>, b: Block) => {
    const a: Access = { addr: i.addr, size: memSize(i.mem), mem: i.mem, tag: i.tag };
    if (a.addr.kind !== 'slot' && (!mem.callsAny || !(everyIteration(b) || readable(i)))) return false;
    if (mem.calls === 'all' && (a.addr.kind !== 'slot' || escaped.has(a.addr.slot))) return false;
    return mem.writes.every((w) => !mayAlias(a, w, escaped));
  };
  const moves = (i: Instr, b: Block) => {
    const d = defOf(i);
    if (!d || defs.get(d.id) !== 1 || keep.has(d.id)) return false;
    if (!(PURE.has(i.op) || (i.op === 'bin' && i.kind !== 'div' && i.kind !== 'rem') || i.op === 'load')) return false;
    if (usesOf(i).some((u) => inLoop.has(u.id))) return false;
    return i.op !== 'load' || loadMoves(i, b);
  };
  let moved = 0;
  const order = dom.order.filter((b) => loop.blocks.has(b));
  for (let pass = 0, changed = true; changed && pass < 4; pass++) {
    changed = false;
    for (const b of order) {
      const stay: Instr[] = [];
      for (const i of b.instrs) {
        if (moves(i, b)) {
          pre.instrs.push(i);
          inLoop.delete(defOf(i)!.id);
          moved++;
          changed = true;
        } else stay.push(i);
      }
      if (stay.length !== b.instrs.length) b.instrs.splice(0, b.instrs.length, ...stay);
    }
  }
  return moved;
}

/** Hoists loop-invariant instructions into preheaders (and merges the loops' invariant `a || b` branches); returns how many moved or merged. */
export function hoistInvariants(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  const done = new Set<Block>();
  let moved = 0;
  for (let guard = 0; guard < 256; guard++) {
    const dom = dominators(f);
    const loop = naturalLoops(f, dom).find((l) => !done.has(l.header));
    if (!loop) break;
    done.add(loop.header);
    const pre = preheader(f, loop, dom, ids);
    if (!pre) continue;
    // a made preheader changes no dominance inside the loop
    moved += hoistLoop(f, loop, pre, dom);
    moved += mergeInvariantBranches(f, loop, pre);
  }
  return moved;
}
