// -O2, IR → IR: loop rotation. A loop whose header only tests (a short block ending in a branch to
// the body or out of the loop, as lowering makes `for` and `while` loops) becomes a guarded
// bottom-tested loop: the entry edges go to a copy of the header (the guard), which enters the body
// through a new empty block (the preheader) or leaves; the original header stays as the test at the
// bottom, reached from the latches only. Then the body's first block runs on every iteration,
// including the first, before any exit: what loop-invariant code motion needs to hoist loads out of
// it. Registers are not in SSA form, so the copy writes the same registers, except those only the
// header mentions (its comparison), which get fresh ones.
//
// Block order: the guard and the preheader take the header's place, the header moves after the
// loop's last block (the loop stays contiguous, its back edge last, as the register allocator's loop
// depths expect).

import type { Block, Func, Instr } from '../ir/ir';
import { dominators, naturalLoops, type Loop } from './loops';
import { defOf, freshCopies, renameUses, successors, usesOf, withoutOutsideUses } from './walk';

/** Header instructions (other than statement marks) copied at most. */
const MAX_HEADER = 24;

function rotatable(f: Func, loop: Loop): { body: Block; exit: Block } | undefined {
  const h = loop.header;
  const t = h.term;
  if (h === f.blocks[0] || t?.op !== 'branch' || t.then === t.else) return undefined;
  const inThen = loop.blocks.has(t.then);
  if (inThen === loop.blocks.has(t.else)) return undefined;
  const body = inThen ? t.then : t.else;
  const exit = inThen ? t.else : t.then;
  if (body === h) return undefined;
  if (h.instrs.some((i) => i.op === 'scope' || i.op === 'call')) return undefined;
  if (h.instrs.filter((i) => i.op !== 'stmt').length > MAX_HEADER) return undefined;
  // the body's entry is reached from the header only
  for (const b of f.blocks) if (b !== h && successors(b).includes(body)) return undefined;
  return { body, exit };
}

/** Registers written in `h` that no other block mentions (and no debugger variable holds). */
function headerLocals(f: Func, h: Block): Set<number> {
  const out = new Set<number>();
  const read = new Set<number>();
  for (const i of h.instrs) {
    for (const u of usesOf(i)) read.add(u.id);
    const d = defOf(i);
    // a register read before the header writes it carries a value from the previous iteration
    if (d && !read.has(d.id)) out.add(d.id);
  }
  return withoutOutsideUses(f, out, (b) => b === h);
}

function retarget(b: Block, from: Block, to: Block): void {
  const t = b.term;
  if (t?.op === 'jump' && t.target === from) b.term = { ...t, target: to };
  else if (t?.op === 'branch' && (t.then === from || t.else === from)) b.term = { ...t, then: t.then === from ? to : t.then, else: t.else === from ? to : t.else };
}

function rotate(f: Func, loop: Loop, body: Block, exit: Block, ids: { next: number }): void {
  const h = loop.header;
  const t = h.term as Extract<Block['term'], { op: 'branch' }>;
  const pre: Block = { id: ids.next++, instrs: [], term: { op: 'jump', target: body, pos: t.pos } };
  // registers only the header mentions get their own in the guard (the branch's condition keeps
  // one definition and one reader per copy: the back end fuses such a compare and branch)
  const local = headerLocals(f, h);
  const rename = freshCopies(f, local);
  const guard: Block = {
    id: ids.next++,
    instrs: h.instrs.map((i): Instr => {
      const r = renameUses(i, rename);
      const d = defOf(r);
      return d ? ({ ...r, dst: rename(d) } as Instr) : { ...r };
    }),
    term: { ...t, cond: rename(t.cond), then: t.then === body ? pre : exit, else: t.else === body ? pre : exit },
  };
  for (const b of f.blocks) if (!loop.blocks.has(b)) retarget(b, h, guard);
  const at = f.blocks.indexOf(h);
  const last = Math.max(...[...loop.blocks].map((b) => f.blocks.indexOf(b)));
  f.blocks.splice(last + 1, 0, h);
  f.blocks.splice(at, 1, guard, pre);
}

/** Rotates every loop whose header only tests; returns how many. */
export function rotateLoops(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  const done = new Set<Block>();
  let rotated = 0;
  for (let guard = 0; guard < 256; guard++) {
    const loop = naturalLoops(f, dominators(f)).find((l) => !done.has(l.header));
    if (!loop) break;
    done.add(loop.header);
    const r = rotatable(f, loop);
    if (!r) continue;
    rotate(f, loop, r.body, r.exit, ids);
    done.add(r.body);
    rotated++;
  }
  return rotated;
}
