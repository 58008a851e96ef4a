// -O1, IR → IR: global copy propagation. A copy `v = copy a` is *available* at a point when every
// path to it passes through the copy with neither v nor a written since (a forward data-flow
// problem: the intersection over predecessors). A read of v where such a copy is available reads `a`
// instead; the copies nobody reads any more are left for dce.ts. This is what removes the chains of
// copies that inlining leaves (arguments into parameters, results out of callees, fields of objects
// passed by value).

import type { Func, Instr, VReg } from '../ir/ir';
import { defOf, renameTerm, renameUses, successors } from './walk';

type Copy = { dst: VReg; src: VReg };

class Bits {
  readonly w: Uint32Array;
  constructor(n: number, fill = false) {
    this.w = new Uint32Array((n + 31) >>> 5);
    if (fill) this.w.fill(0xffffffff);
  }
  has(i: number): boolean { return (this.w[i >>> 5] & (1 << (i & 31))) !== 0; }
  add(i: number): void { this.w[i >>> 5] |= 1 << (i & 31); }
  del(i: number): void { this.w[i >>> 5] &= ~(1 << (i & 31)); }
  copy(): Bits { const b = new Bits(0); (b as { w: Uint32Array }).w = this.w.slice(); return b; }
  and(o: Bits): void { for (let k = 0; k < this.w.length; k++) this.w[k] &= o.w[k]; }
  equals(o: Bits): boolean { return this.w.every((x, k) => x === o.w[k]); }
}

/** Propagates copies across blocks; returns how many reads were renamed. */
export function propagateCopiesGlobally(f: Func): number {
  const copies: Copy[] = [];
  const indexOf = new Map<Instr, number>();
  // copies that mention each register (killed when it is written)
  const mentions = new Map<number, number[]>();
  const mention = (id: number, k: number) => (mentions.get(id) ?? mentions.set(id, []).get(id)!).push(k);
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op !== 'copy' || i.dst.id === i.a.id || i.dst.type !== i.a.type) continue;
      indexOf.set(i, copies.length);
      mention(i.dst.id, copies.length);
      mention(i.a.id, copies.length);
      copies.push({ dst: i.dst, src: i.a });
    }
  }
  if (!copies.length) return 0;
  const n = copies.length;
  const step = (i: Instr, live: Bits) => {
    const d = defOf(i);
    if (d) for (const k of mentions.get(d.id) ?? []) live.del(k);
    const k = indexOf.get(i);
    if (k !== undefined) live.add(k);
  };
  const preds = new Map<number, number[]>();
  f.blocks.forEach((b, bi) => successors(b).forEach((s) => (preds.get(s.id) ?? preds.set(s.id, []).get(s.id)!).push(bi)));
  const out = f.blocks.map(() => new Bits(n, true));
  const entryIn = (bi: number): Bits => {
    const ps = bi === 0 ? [] : preds.get(f.blocks[bi].id) ?? [];
    if (!ps.length) return new Bits(n);
    const r = out[ps[0]].copy();
    for (const p of ps.slice(1)) r.and(out[p]);
    return r;
  };
  for (let changed = true; changed; ) {
    changed = false;
    f.blocks.forEach((b, bi) => {
      const live = entryIn(bi);
      for (const i of b.instrs) step(i, live);
      if (!live.equals(out[bi])) {
        out[bi] = live;
        changed = true;
      }
    });
  }
  let renamed = 0;
  f.blocks.forEach((b, bi) => {
    const live = entryIn(bi);
    const rename = (v: VReg): VReg => {
      for (const k of mentions.get(v.id) ?? []) {
        if (live.has(k) && copies[k].dst.id === v.id) {
          renamed++;
          return copies[k].src;
        }
      }
      return v;
    };
    b.instrs.forEach((i, k) => {
      const r = renameUses(i, rename);
      b.instrs[k] = r;
      // the renamed instruction is the same copy (if it is one) for the facts that follow
      if (indexOf.has(i)) indexOf.set(r, indexOf.get(i)!);
      step(r, live);
    });
    b.term = renameTerm(b.term, rename);
  });
  return renamed;
}
