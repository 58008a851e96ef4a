// -O1, IR → IR, after promotion: a temporary that is a copy of another register (`t = copy v`, how a
// promoted variable is read) and is used only later in the same block, while v is not written in
// between, is replaced by v itself — so reading a variable that lives in a2..a7 costs no move and no
// frame home for the copy.

import type { Func, Instr, VReg } from '../ir/ir';
import { defOf, renameTerm, renameUses, termUses, usesOf, type Rename } from './walk';

/** Propagates copies within blocks; returns how many copies were removed. */
export function propagateCopies(f: Func): number {
  const defs = new Map<number, number>();
  const blocksUsing = new Map<number, Set<number>>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = defOf(i);
      if (d) defs.set(d.id, (defs.get(d.id) ?? 0) + 1);
      for (const u of usesOf(i)) (blocksUsing.get(u.id) ?? blocksUsing.set(u.id, new Set()).get(u.id)!).add(b.id);
    }
    for (const u of termUses(b.term)) (blocksUsing.get(u.id) ?? blocksUsing.set(u.id, new Set()).get(u.id)!).add(b.id);
  }
  const params = new Set(f.params.map((p) => p.id));
  let removed = 0;
  for (const b of f.blocks) {
    const subst = new Map<number, VReg>();
    const tmp = new Map<number, VReg>();
    const out: Instr[] = [];
    const r: Rename = (v) => subst.get(v.id) ?? v;
    for (const i0 of b.instrs) {
      const i = renameUses(i0, r);
      const d = defOf(i);
      // a write to v ends every substitution by v: the copy comes back just before the write
      if (d) {
        for (const [t, v] of [...subst]) {
          if (v.id !== d.id) continue;
          subst.delete(t);
          out.push({ op: 'copy', dst: tmp.get(t)!, a: v, pos: i.pos });
          removed--;
        }
      }
      if (
        i.op === 'copy' && i.dst.type === i.a.type && defs.get(i.dst.id) === 1 && !params.has(i.dst.id) && !f.promoted?.has(i.dst.id) &&
        [...(blocksUsing.get(i.dst.id) ?? [])].every((id) => id === b.id)
      ) {
        subst.set(i.dst.id, i.a);
        tmp.set(i.dst.id, i.dst);
        removed++;
        continue;
      }
      out.push(i);
    }
    b.instrs.splice(0, b.instrs.length, ...out);
    b.term = renameTerm(b.term, r);
  }
  return removed;
}
