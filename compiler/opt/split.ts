// -O2, IR → IR, the last loop pass: live-range splitting at the boundaries of innermost loops, for the
// register allocator (xtensa/registers.ts gives each virtual register one interval, the hull of its
// uses, and one place for all of it). A register the loop reads but never writes, defined outside it,
// gets a fresh register for the loop: a copy in the preheader, the loop's reads renamed. The original
// keeps its interval around the loop, read there only by the copy, so its cost (reads weighted by loop
// depth) is low and the new one's high: when the registers run out the scan spills the original and
// keeps the copy in a register through the loop, instead of reloading the value from its frame home
// on every iteration (the typical case: the fill loop of torch::zeros and the accessor loops, whose
// data pointers, sizes and translation contexts are live across the whole function).
// Constants and addresses are left alone (the back end folds them into immediates and memory
// operands); parameters and debugger variables may be split (the original still holds the value,
// unchanged, for the debugger), the copy never is one.

import type { Block, Func, VReg } from '../ir/ir';
import { isVectorValue } from '../ir/ir';
import { preheader } from './licm';
import { dominators, naturalLoops, type Loop } from './loops';
import { defOf, renameTerm, renameUses, termUses, usesOf } from './walk';

/** Registers defined only by instructions the back end folds into their users. */
function foldedRegisters(f: Func): Set<number> {
  const folded = new Set<number>();
  const other = new Set<number>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = defOf(i);
      if (!d) continue;
      if (i.op === 'const' || i.op === 'addr') folded.add(d.id);
      else other.add(d.id);
    }
  }
  for (const id of other) folded.delete(id);
  return folded;
}

/** Registers read in the loop that it never writes, in order of first read. */
function invariantReads(loop: Loop, order: readonly Block[]): VReg[] {
  const written = new Set<number>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (d) written.add(d.id);
  }
  const reads = new Map<number, VReg>();
  for (const b of order) {
    if (!loop.blocks.has(b)) continue;
    for (const i of b.instrs) for (const u of usesOf(i)) if (!written.has(u.id)) reads.set(u.id, u);
    for (const u of termUses(b.term)) if (!written.has(u.id)) reads.set(u.id, u);
  }
  return [...reads.values()];
}

/**
 * Registers live beyond the way from the preheader into the loop: written before the preheader (or
 * parameters), or read outside the loop. One written in the preheader and read only in the loop (a
 * hoisted value, or a copy this pass made) already has the loop's live range.
 */
function livesBeyond(f: Func, loop: Loop, pre: Block): Set<number> {
  const out = new Set<number>(f.params.map((p) => p.id));
  for (const b of f.blocks) {
    if (loop.blocks.has(b)) continue;
    for (const i of b.instrs) {
      const d = defOf(i);
      if (d && b !== pre) out.add(d.id);
      for (const u of usesOf(i)) out.add(u.id);
    }
    for (const u of termUses(b.term)) out.add(u.id);
  }
  return out;
}

function splitLoop(f: Func, loop: Loop, pre: Block, order: readonly Block[], folded: ReadonlySet<number>): number {
  const fresh = new Map<number, VReg>();
  const beyond = livesBeyond(f, loop, pre);
  for (const v of invariantReads(loop, order)) {
    if (folded.has(v.id) || isVectorValue(v.type) || !beyond.has(v.id)) continue;
    const copy: VReg = { id: f.nextVReg++, type: v.type };
    fresh.set(v.id, copy);
    pre.instrs.push({ op: 'copy', dst: copy, a: v, pos: pre.term?.pos });
  }
  if (!fresh.size) return 0;
  const rename = (v: VReg) => fresh.get(v.id) ?? v;
  for (const b of loop.blocks) {
    for (let k = 0; k < b.instrs.length; k++) b.instrs[k] = renameUses(b.instrs[k], rename);
    b.term = renameTerm(b.term, rename);
  }
  return fresh.size;
}

/** Splits the live ranges of loop invariants at every innermost loop; returns how many were split. */
export function splitAtLoops(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  const folded = foldedRegisters(f);
  const done = new Set<Block>();
  let count = 0;
  for (let guard = 0; guard < 256; guard++) {
    const dom = dominators(f);
    const loops = naturalLoops(f, dom);
    const innermost = (l: Loop) => !loops.some((o) => o !== l && o.blocks.size < l.blocks.size && [...o.blocks].every((b) => l.blocks.has(b)));
    const loop = loops.find((l) => !done.has(l.header) && innermost(l));
    if (!loop) break;
    done.add(loop.header);
    const pre = preheader(f, loop, dom, ids);
    if (!pre) continue;
    count += splitLoop(f, loop, pre, dom.order, folded);
  }
  return count;
}
