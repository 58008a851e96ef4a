// -O2, IR → IR, with loop-invariant code motion (licm.ts): a loop's `a || b` on conditions it does not
// write becomes one branch. A block of the loop that branches on `a` to X or else to an empty block
// (entered from it only) that branches on `b` to the same X or else to Y, both conditions written
// outside the loop, branches on `a | b` to X or Y instead, the `or` computed once in the preheader
// (a branch goes one way when its register is non-zero, so the `or` of any two values chooses as the
// two branches did). The enforcer's conflict test of each accessor, `buffered_writers_ > 0 ||
// unbuffered_accessors_ > 0`, is then one branch per element on a register set before the loop.

import type { Block, Func, VReg } from '../ir/ir';
import type { Loop } from './loops';
import { defOf, predecessorCounts } from './walk';

/** Merges the invariant `a || b` branches of `loop` (conditions computed in `pre`); returns how many. */
export function mergeInvariantBranches(f: Func, loop: Loop, pre: Block): number {
  const written = new Set<number>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (d) written.add(d.id);
  }
  const preds = predecessorCounts(f);
  let merged = 0;
  for (const a of loop.blocks) {
    for (;;) {
      const t = a.term;
      if (t?.op !== 'branch' || written.has(t.cond.id)) break;
      const b = t.else;
      const u = b.term;
      if (b === a || !loop.blocks.has(b) || b.instrs.length || preds.get(b.id) !== 1) break;
      if (u?.op !== 'branch' || u.then !== t.then || u.else === b || written.has(u.cond.id)) break;
      const cond: VReg = { id: f.nextVReg++, type: 'i32' };
      pre.instrs.push({ op: 'bin', dst: cond, kind: 'or', a: t.cond, b: u.cond, unsigned: false, pos: pre.term?.pos });
      a.term = { ...t, cond, else: u.else };
      // the emptied block keeps its own branch (now unreachable); block merging drops it
      preds.set(b.id, 0);
      preds.set(u.else.id, (preds.get(u.else.id) ?? 0) + 1);
      merged++;
    }
  }
  return merged;
}
