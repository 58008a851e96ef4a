// -O2, IR → IR: loop unswitching. An innermost loop with a branch on a condition the loop does not
// write (typically hoisted there by licm.ts) is duplicated: the preheader branches once on the
// condition into the loop whose branches on it always go one way or into its copy whose branches go
// the other; the arms no copy reaches any more are dropped. What it removes is the per-element dtype
// switch of the SDK's fill and elementwise loops (store_element, load_element): each copy of the
// loop keeps one arm; and the per-element tests of the accessors' fault reports.
//
// Registers are not in SSA form: the copy writes the same registers as the loop, except those only
// the loop mentions, which get fresh ones (their live ranges stay within each copy).
//
// What it costs: each copy lengthens the live ranges of the values the loops share (the allocator
// keeps one interval per register), so the copy that runs may spill. The model, per loop: a branch
// one way of which reports a fault before the ways join (cold-ways.ts: a coherency violation, an
// index out of bounds) is unswitched once for all the loop's branches on its condition; the loop
// keeps the quiet way and the copy, which runs only when a fault is reported, is never unswitched
// again (n such conditions make n + 1 copies, not 2^n). A branch neither way of which reports (a
// dtype switch) is unswitched in both copies, as each may run. A loop holding lexical-scope marks
// (user code with variables of its own: one lexical block per scope, one address range each) is
// unswitched only on a branch with a cold way: the loop keeps the quiet way with its scopes and the
// copy has none (there the debugger shows the loop's block-scope variables as out of scope, and the
// copy writes their values to registers of its own, dead when only the debugger read them). Loops
// past MAX_LOOP instructions stay, as does all once a function has grown by MAX_GROWTH.

import type { Block, Func, Instr, Terminator, VReg } from '../ir/ir';
import { mergeBlocks } from './blocks';
import { coldWays } from './cold-ways';
import { dominators, naturalLoops, type Dominators, type Loop } from './loops';
import { defOf, freshCopies, readBeforeWritten, renameTerm, renameUses, withoutOutsideUses, withoutUsesOutside } from './walk';

const MAX_LOOP = 160;
const MAX_GROWTH = 1200;

const instrCountOf = (b: Block) => b.instrs.filter((i) => i.op !== 'stmt' && i.op !== 'scope').length;

interface Candidate {
  readonly loop: Loop;
  /** The one block outside the loop that enters it. */
  readonly pre: Block;
  readonly cond: VReg;
  /** The way of the branches on `cond` that reports a fault (the copy takes it), if one does. */
  readonly cold: 'then' | 'else' | undefined;
  /** The loop holds scope marks: its copy drops them. */
  readonly scoped: boolean;
}

function innermost(loops: readonly Loop[], l: Loop): boolean {
  return !loops.some((o) => o !== l && l.blocks.has(o.header));
}

/** The first innermost loop (not a cold copy) with a branch on a condition it does not write. */
function candidate(f: Func, dom: Dominators, coldCopies: ReadonlySet<Block>): Candidate | undefined {
  const loops = naturalLoops(f, dom);
  for (const loop of loops) {
    if (!innermost(loops, loop) || loop.header === f.blocks[0] || coldCopies.has(loop.header)) continue;
    const blocks = [...loop.blocks];
    const scoped = blocks.some((b) => b.instrs.some((i) => i.op === 'scope'));
    if (blocks.reduce((n, b) => n + instrCountOf(b), 0) > MAX_LOOP) continue;
    const outside = (dom.preds.get(loop.header.id) ?? []).filter((p) => !loop.blocks.has(p));
    if (outside.length !== 1) continue;
    const written = new Set<number>();
    for (const b of blocks) for (const i of b.instrs) {
      const d = defOf(i);
      if (d) written.add(d.id);
    }
    const coldWay = coldWays(loop);
    for (const at of dom.order) {
      const t = at.term;
      if (!loop.blocks.has(at) || t?.op !== 'branch' || t.then === t.else || written.has(t.cond.id)) continue;
      const cold = coldWay(at);
      if (!scoped || cold) return { loop, pre: outside[0], cond: t.cond, cold, scoped };
    }
  }
  return undefined;
}

/** Registers only the loop mentions (not a parameter's, not a debugger variable's). */
function loopLocals(f: Func, loop: Loop): Set<number> {
  const out = new Set<number>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (d) out.add(d.id);
  }
  return withoutOutsideUses(f, out, (b) => loop.blocks.has(b));
}

/**
 * The registers of the debugger variables of the scopes the loop opens (their lifetime is one
 * iteration): those no block outside reads or writes and that no iteration reads before writing.
 */
function scopedVariables(f: Func, loop: Loop): Set<number> {
  const scopes = new Set<number>();
  for (const b of loop.blocks) for (const i of b.instrs) if (i.op === 'scope' && i.begin) scopes.add(i.id);
  const vars = new Set<number>();
  for (const d of f.debugVars) if (d.vreg && scopes.has(d.scope) && !readBeforeWritten(loop.header, d.vreg.id, (b) => loop.blocks.has(b))) vars.add(d.vreg.id);
  return withoutDebugVarsOutside(f, vars, loop);
}


/** `regs` less those a block outside the loop reads or writes. */
function withoutDebugVarsOutside(f: Func, regs: Set<number>, loop: Loop): Set<number> {
  return withoutUsesOutside(f, regs, (b) => loop.blocks.has(b));
}

/** The block entering the loop, as one that only jumps to the header (made if the loop is entered by a branch). */
function preheader(f: Func, loop: Loop, from: Block, ids: { next: number }): Block {
  const t = from.term;
  if (t?.op === 'jump') return from;
  const h = loop.header;
  const pre: Block = { id: ids.next++, instrs: [], term: { op: 'jump', target: h, pos: t?.pos } };
  if (t?.op === 'branch') from.term = { ...t, then: t.then === h ? pre : t.then, else: t.else === h ? pre : t.else };
  f.blocks.splice(f.blocks.indexOf(h), 0, pre);
  return pre;
}

/**
 * A copy of the loop's blocks (mapped from each block of the loop), placed after its last block (or
 * just before block `before`): the
 * registers only the loop mentions get fresh ones in the copy; with `dropScopes` the copy has no scope
 * marks and writes the block-scope variables of the loop's scopes to registers of its own.
 */
export function duplicateLoop(f: Func, loop: Loop, dropScopes: boolean, ids: { next: number }, before?: Block): Map<Block, Block> {
  const local = loopLocals(f, loop);
  // the copy without scopes has no block-scope variables: theirs become registers of its own (dead, if only the debugger read them)
  if (dropScopes) for (const id of scopedVariables(f, loop)) local.add(id);
  const reg = freshCopies(f, local);
  const order = f.blocks.filter((b) => loop.blocks.has(b));
  const copies = new Map<Block, Block>(order.map((b) => [b, { id: ids.next++, instrs: [] }]));
  const to = (b: Block) => copies.get(b) ?? b;
  for (const b of order) {
    const nb = copies.get(b)!;
    const kept = dropScopes ? b.instrs.filter((i) => i.op !== 'scope') : b.instrs;
    nb.instrs.push(...kept.map((i): Instr => {
      const r = renameUses(i, reg);
      const d = defOf(r);
      return d ? ({ ...r, dst: reg(d) } as Instr) : { ...r };
    }));
    const t = renameTerm(b.term, reg) as Terminator;
    nb.term = t.op === 'jump' ? { ...t, target: to(t.target) } : t.op === 'branch' ? { ...t, then: to(t.then), else: to(t.else) } : t;
  }
  const at = before ? f.blocks.indexOf(before) : Math.max(...order.map((b) => f.blocks.indexOf(b))) + 1;
  f.blocks.splice(at, 0, ...order.map((b) => copies.get(b)!));
  return copies;
}

/** Duplicates the loop; returns the copy's blocks and the instructions copied. */
function unswitch(f: Func, c: Candidate, ids: { next: number }): { blocks: Block[]; size: number } {
  const { loop } = c;
  const pre = preheader(f, loop, c.pre, ids);
  const copies = duplicateLoop(f, loop, c.scoped && c.cold !== undefined, ids);
  const order = f.blocks.filter((b) => loop.blocks.has(b));
  const to = (b: Block) => copies.get(b) ?? b;
  // the loop keeps one way of every branch on the condition (the quiet one, if one reports), the copy the other
  const copyTakesThen = c.cold === 'then';
  for (const b of order) {
    const t = b.term;
    if (t?.op !== 'branch' || t.cond !== c.cond) continue;
    b.term = { op: 'jump', target: copyTakesThen ? t.else : t.then, pos: t.pos };
    copies.get(b)!.term = { op: 'jump', target: to(copyTakesThen ? t.then : t.else), pos: t.pos };
  }
  const twin = copies.get(loop.header)!;
  pre.term = copyTakesThen
    ? { op: 'branch', cond: c.cond, then: twin, else: loop.header, pos: pre.term?.pos }
    : { op: 'branch', cond: c.cond, then: loop.header, else: twin, pos: pre.term?.pos };
  return { blocks: [...copies.values()], size: order.reduce((n, b) => n + instrCountOf(b), 0) };
}

/** Unswitches innermost loops on conditions they do not write; returns how many times. */
export function unswitchLoops(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  const coldCopies = new Set<Block>();
  let grown = 0;
  let count = 0;
  for (; grown < MAX_GROWTH; count++) {
    const c = candidate(f, dominators(f), coldCopies);
    if (!c) break;
    const copy = unswitch(f, c, ids);
    // by every block: merging may make another of them the copy's header
    if (c.cold) for (const b of copy.blocks) coldCopies.add(b);
    grown += copy.size;
    mergeBlocks(f);
  }
  return count;
}
