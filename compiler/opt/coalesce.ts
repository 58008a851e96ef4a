// -O2, IR → IR: copy coalescing. `t = <op> …` followed in its block by `v = copy t` — t written
// nowhere else and read only later in the same block, v neither read nor written in between — becomes
// `v = <op> …`, and t's later reads in the block read v (until v is written again, which then keeps
// the copy). What it removes is the temporary of `i = i + 1` that the loop test reads after the copy:
// two registers (two pairs for a 64-bit counter) live across the back edge instead of one.

import type { Func, Instr, VReg } from '../ir/ir';
import { defCounts, defOf, renameTerm, renameUses, termUses, usesOf } from './walk';

/** Where each register is read: the blocks (by index) that mention it. */
function readBlocks(f: Func): Map<number, Set<number>> {
  const out = new Map<number, Set<number>>();
  const note = (v: VReg, k: number) => (out.get(v.id) ?? out.set(v.id, new Set()).get(v.id)!).add(k);
  f.blocks.forEach((b, k) => {
    for (const i of b.instrs) for (const u of usesOf(i)) note(u, k);
    for (const u of termUses(b.term)) note(u, k);
  });
  return out;
}

/** Coalesces temporaries into the registers they are copied to; returns how many. */
export function coalesceCopies(f: Func): number {
  const defs = defCounts(f);
  const reads = readBlocks(f);
  const keep = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  const params = new Set(f.params.map((p) => p.id));
  let merged = 0;
  f.blocks.forEach((b, k) => {
    for (let c = 0; c < b.instrs.length; c++) {
      const copy = b.instrs[c];
      if (copy.op !== 'copy' || copy.a.id === copy.dst.id || copy.a.type !== copy.dst.type) continue;
      const t = copy.a;
      const v = copy.dst;
      if (defs.get(t.id) !== 1 || keep.has(t.id) || params.has(t.id)) continue;
      if ([...(reads.get(t.id) ?? [])].some((x) => x !== k)) continue;
      // t's definition earlier in this block, with v untouched between it and the copy
      let d = c - 1;
      for (; d >= 0; d--) {
        const i = b.instrs[d];
        if (defOf(i)?.id === t.id) break;
        if (defOf(i)?.id === v.id || usesOf(i).some((u) => u.id === v.id || u.id === t.id)) {
          d = -1;
          break;
        }
      }
      if (d < 0) continue;
      const def = b.instrs[d];
      // (a vector instruction reads every operand into its registers before it writes its result)
      if (usesOf(def).some((u) => u.id === v.id) && def.op !== 'bin' && def.op !== 'un' && def.op !== 'conv' && def.op !== 'cmp' && def.op !== 'vop') continue;
      // later reads of t in the block read v, up to v's next write (where t stays and the copy with it)
      let end = b.instrs.length;
      for (let x = c + 1; x < b.instrs.length; x++) if (defOf(b.instrs[x])?.id === v.id) {
        end = x;
        break;
      }
      const laterReads = b.instrs.slice(end).some((i) => usesOf(i).some((u) => u.id === t.id)) || (end < b.instrs.length && termUses(b.term).some((u) => u.id === t.id));
      if (laterReads) continue;
      const toV = (r: VReg) => (r.id === t.id ? v : r);
      b.instrs[d] = { ...def, dst: v } as Instr;
      b.instrs.splice(c, 1);
      for (let x = c; x < end - 1; x++) b.instrs[x] = renameUses(b.instrs[x], toV);
      if (end === b.instrs.length + 1) b.term = renameTerm(b.term, toV);
      defs.set(t.id, 0);
      merged++;
      c--;
    }
  });
  return merged;
}
