// -O2, IR → IR: loop unswitching. An innermost loop with a branch on a condition the loop does not
// write (typically hoisted there by licm.ts) is duplicated: the preheader branches once on the
// condition into the loop whose branch always goes one way or into its copy whose branch goes the
// other; the arms no copy reaches any more are dropped. What it removes is the per-element dtype
// switch of the SDK's fill and elementwise loops (store_element, load_element): each copy of the
// loop keeps one arm.
//
// Registers are not in SSA form: the copy writes the same registers as the loop, except those only
// the loop mentions, which get fresh ones (their live ranges stay within each copy). A loop holding
// lexical-scope marks (user code with variables of its own: one lexical block per scope, one address
// range each) is unswitched only on a branch one way of which reports a fault (a coherency
// violation, a failed check) before rejoining: the loop keeps the other way, with its scopes, and the
// copy taking the reporting way has none (there the debugger shows the loop's block-scope variables
// as out of scope). Loops past MAX_LOOP instructions stay, as does all once a function has grown by
// MAX_GROWTH.

import type { Block, Func, Instr, Terminator } from '../ir/ir';
import { mergeBlocks } from './blocks';
import { dominators, naturalLoops, type Dominators, type Loop } from './loops';
import { isFaultReport } from './alias';
import { defOf, freshCopies, renameTerm, renameUses, successors, withoutOutsideUses } from './walk';

const MAX_LOOP = 160;
const MAX_GROWTH = 1200;
const MAX_UNSWITCHES = 16;

const instrCountOf = (b: Block) => b.instrs.filter((i) => i.op !== 'stmt' && i.op !== 'scope').length;

interface Candidate {
  readonly loop: Loop;
  /** The one block outside the loop that enters it. */
  readonly pre: Block;
  readonly at: Block;
  /** The loop holds scope marks: its copy takes the branch's reporting (then) way and drops them. */
  readonly scoped: boolean;
}

/** Whether the way from `from` reaches a fault report in the loop before `join` (or the header). */
function reportsBefore(loop: Loop, from: Block, join: Block): boolean {
  const seen = new Set<Block>();
  const work = [from];
  while (work.length) {
    const b = work.pop()!;
    if (seen.has(b) || b === join || b === loop.header || !loop.blocks.has(b)) continue;
    seen.add(b);
    if (b.instrs.some((i) => i.op === 'call' && typeof i.callee === 'string' && isFaultReport(i.callee))) return true;
    work.push(...successors(b));
  }
  return false;
}

function innermost(loops: readonly Loop[], l: Loop): boolean {
  return !loops.some((o) => o !== l && l.blocks.has(o.header));
}

function candidate(f: Func, dom: Dominators): Candidate | undefined {
  const loops = naturalLoops(f, dom);
  for (const loop of loops) {
    if (!innermost(loops, loop) || loop.header === f.blocks[0]) continue;
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
    const at = dom.order.find((b) => {
      const t = b.term;
      if (!loop.blocks.has(b) || t?.op !== 'branch' || t.then === t.else || written.has(t.cond.id)) return false;
      return !scoped || reportsBefore(loop, t.then, t.else);
    });
    if (at) return { loop, pre: outside[0], at, scoped };
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

function unswitch(f: Func, c: Candidate, ids: { next: number }): number {
  const { loop, at } = c;
  const pre = preheader(f, loop, c.pre, ids);
  const local = loopLocals(f, loop);
  const reg = freshCopies(f, local);
  const order = f.blocks.filter((b) => loop.blocks.has(b));
  const copies = new Map<Block, Block>(order.map((b) => [b, { id: ids.next++, instrs: [] }]));
  const to = (b: Block) => copies.get(b) ?? b;
  for (const b of order) {
    const nb = copies.get(b)!;
    const kept = c.scoped ? b.instrs.filter((i) => i.op !== 'scope') : b.instrs;
    nb.instrs.push(...kept.map((i): Instr => {
      const r = renameUses(i, reg);
      const d = defOf(r);
      return d ? ({ ...r, dst: reg(d) } as Instr) : { ...r };
    }));
    const t = renameTerm(b.term, reg) as Terminator;
    nb.term = t.op === 'jump' ? { ...t, target: to(t.target) } : t.op === 'branch' ? { ...t, then: to(t.then), else: to(t.else) } : t;
  }
  const branch = at.term as Extract<Terminator, { op: 'branch' }>;
  const twin = copies.get(at)!;
  if (c.scoped) {
    // the loop (with its scopes) goes the other way; the copy reports
    at.term = { op: 'jump', target: branch.else, pos: branch.pos };
    twin.term = { op: 'jump', target: to(branch.then), pos: branch.pos };
    pre.term = { op: 'branch', cond: branch.cond, then: copies.get(loop.header)!, else: loop.header, pos: pre.term?.pos };
  } else {
    at.term = { op: 'jump', target: branch.then, pos: branch.pos };
    twin.term = { op: 'jump', target: to(branch.else), pos: branch.pos };
    pre.term = { op: 'branch', cond: branch.cond, then: loop.header, else: copies.get(loop.header)!, pos: pre.term?.pos };
  }
  const last = Math.max(...order.map((b) => f.blocks.indexOf(b)));
  f.blocks.splice(last + 1, 0, ...order.map((b) => copies.get(b)!));
  return order.reduce((n, b) => n + instrCountOf(b), 0);
}

/** Unswitches innermost loops on conditions they do not write; returns how many. */
export function unswitchLoops(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  let grown = 0;
  let count = 0;
  for (; count < MAX_UNSWITCHES && grown < MAX_GROWTH; count++) {
    const c = candidate(f, dominators(f));
    if (!c) break;
    grown += unswitch(f, c, ids);
    mergeBlocks(f);
  }
  return count;
}

