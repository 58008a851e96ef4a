// -O1, IR → IR, after promotion: a temporary that is a copy of another register (`t = copy v`, how a
// promoted variable is read) and is used only later in the same block, while v is not written in
// between, is replaced by v itself — so reading a variable that lives in a2..a7 costs no move and no
// frame home for the copy.

import type { Address, Func, Instr, Terminator, VReg } from '../ir/ir';

type Rename = (v: VReg) => VReg;

function addr(a: Address, r: Rename): Address {
  return a.kind === 'reg' ? { ...a, base: r(a.base) } : a;
}

/** The instruction with its operands (not its destination) renamed. */
function renameUses(i: Instr, r: Rename): Instr {
  switch (i.op) {
    case 'addr': return { ...i, addr: addr(i.addr, r) };
    case 'load': return { ...i, addr: addr(i.addr, r) };
    case 'store': return { ...i, src: r(i.src), addr: addr(i.addr, r) };
    case 'bin': case 'cmp': return { ...i, a: r(i.a), b: r(i.b) };
    case 'un': case 'conv': case 'copy': return { ...i, a: r(i.a) };
    case 'call': return { ...i, args: i.args.map(r), callee: typeof i.callee === 'string' ? i.callee : r(i.callee) };
    case 'memcpy': return { ...i, dst: addr(i.dst, r), src: addr(i.src, r) };
    case 'memzero': return { ...i, dst: addr(i.dst, r) };
    default: return i;
  }
}

function renameTerm(t: Terminator | undefined, r: Rename): Terminator | undefined {
  if (t?.op === 'branch') return { ...t, cond: r(t.cond) };
  if (t?.op === 'ret' && t.value) return { ...t, value: r(t.value) };
  return t;
}

function defOf(i: Instr): VReg | undefined {
  return 'dst' in i && i.dst && typeof i.dst === 'object' && 'id' in i.dst ? (i.dst as VReg) : undefined;
}

function usesOf(i: Instr): VReg[] {
  const out: VReg[] = [];
  renameUses(i, (v) => (out.push(v), v));
  return out;
}

function termUses(t: Terminator | undefined): VReg[] {
  const out: VReg[] = [];
  renameTerm(t, (v) => (out.push(v), v));
  return out;
}

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
