// -O1, IR → IR: forwarding of invariant values and folding of address arithmetic into memory operands.
//
// A register is *invariant* when it is written once and keeps one value from then on: a parameter
// never written in the body, a constant or a slot/symbol address, a register written once in an entry
// block that nothing jumps back to, a copy of an invariant register, or an invariant base plus an
// offset. Then:
// - a copy `v = copy a` of an invariant `a` is forwarded: v's readers read `a` (a debugger variable
//   held in v moves to `a`, which gets a home for the whole function);
// - a memory operand `[t + k]` whose base is an invariant address `t = addr [X + j]` becomes `[X + j + k]`
//   (a slot or symbol operand directly: what was `this` of an inlined member function becomes the
//   caller's object);
// - within a block, `[t + k]` after `t = addr [b + j]` or `t = b + c` (c a constant written once)
//   becomes `[b + j + k]` / `[b + c + k]` while b is not written (-O2 runs this again after its loop
//   passes, which leave such sums: a tensor's size read through its sizes pointer).
// Dead copies and addresses are left for dce.ts.

import type { Address, Func, Instr, VReg } from '../ir/ir';
import { defCounts, defOf, predecessorCounts, renameAll } from './walk';

type Def = { instr: Instr; block: number } | undefined;

function singleDefs(f: Func): Map<number, Def> {
  const counts = defCounts(f);
  const out = new Map<number, Def>();
  for (const p of f.params) if (counts.get(p.id) === 1) out.set(p.id, undefined);
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = defOf(i);
      if (d && counts.get(d.id) === 1) out.set(d.id, { instr: i, block: b.id });
    }
  }
  return out;
}

/** The set of invariant registers of `f`. */
export function invariants(f: Func): Set<number> {
  const single = singleDefs(f);
  const entryOnce = f.blocks.length > 0 && !predecessorCounts(f).get(f.blocks[0].id);
  const entry = f.blocks[0]?.id;
  const memo = new Map<number, boolean>();
  const inv = (v: VReg): boolean => {
    const known = memo.get(v.id);
    if (known !== undefined) return known;
    memo.set(v.id, false);
    let r = false;
    if (single.has(v.id)) {
      const d = single.get(v.id);
      if (!d) r = true;
      else if (entryOnce && d.block === entry) r = true;
      else {
        const i = d.instr;
        if (i.op === 'const') r = true;
        else if (i.op === 'addr') r = i.addr.kind !== 'reg' || inv(i.addr.base);
        else if (i.op === 'copy') r = inv(i.a);
      }
    }
    memo.set(v.id, r);
    return r;
  };
  for (const id of single.keys()) inv({ id, type: 'i32' });
  return new Set([...memo].filter(([, r]) => r).map(([id]) => id));
}

/** Forwards copies of invariant registers; returns how many registers were forwarded. */
export function forwardInvariantCopies(f: Func): number {
  const inv = invariants(f);
  const single = singleDefs(f);
  const to = new Map<number, VReg>();
  for (const [id, d] of single) {
    const i = d?.instr;
    if (i?.op === 'copy' && inv.has(i.a.id) && i.a.type === i.dst.type && id !== i.a.id) to.set(id, i.a);
  }
  if (!to.size) return 0;
  const resolve = (v: VReg): VReg => {
    let r = v;
    for (let n = 0; n < 64 && to.has(r.id); n++) r = to.get(r.id)!;
    return r;
  };
  renameAll(f, resolve);
  f.debugVars.forEach((d, k) => {
    if (!d.vreg || !to.has(d.vreg.id)) return;
    const r = resolve(d.vreg);
    (f.promoted ??= new Set()).add(r.id);
    f.debugVars[k] = { ...d, vreg: r };
  });
  return to.size;
}

/** Folds invariant and block-local address arithmetic into memory operands; returns how many. */
export function foldAddresses(f: Func): number {
  const inv = invariants(f);
  const single = singleDefs(f);
  let folded = 0;
  // the address an invariant register holds, as a slot/symbol/invariant base plus offset
  const root = (a: Address, depth = 0): Address => {
    if (a.kind !== 'reg' || depth > 32 || !inv.has(a.base.id)) return a;
    // an invariant register may be computed (once, in the entry block) from registers that change
    // later: only an invariant source may replace it
    const i = single.get(a.base.id)?.instr;
    if (i?.op === 'addr' && (i.addr.kind !== 'reg' || inv.has(i.addr.base.id))) return root({ ...i.addr, offset: i.addr.offset + a.offset } as Address, depth + 1);
    if (i?.op === 'copy' && i.a.type === 'i32' && inv.has(i.a.id)) return root({ kind: 'reg', base: i.a, offset: a.offset }, depth + 1);
    return a;
  };
  for (const b of f.blocks) {
    const local = new Map<number, Address>();
    const fold = (a: Address): Address => {
      let r = root(a);
      if (r.kind === 'reg') {
        const l = local.get(r.base.id);
        if (l) r = root({ ...l, offset: l.offset + r.offset } as Address);
      }
      if (r !== a) folded++;
      return r;
    };
    b.instrs.forEach((i0, k) => {
      const i = foldInstr(i0, fold);
      b.instrs[k] = i;
      const d = defOf(i);
      if (!d) return;
      // a write ends the block-local facts that depend on the register written
      local.delete(d.id);
      for (const [t, a] of [...local]) if (a.kind === 'reg' && a.base.id === d.id) local.delete(t);
      if (i.op === 'addr' && single.has(d.id) && !(i.addr.kind === 'reg' && i.addr.base.id === d.id)) local.set(d.id, i.addr);
      // `t = b + c` (c a constant written once): [t+k] is [b+c+k] while b is unchanged
      const offset = i.op === 'bin' && i.kind === 'add' && i.dst.type === 'i32' && single.has(d.id) ? constantOffset(i, single) : undefined;
      if (offset?.kind === 'reg' && offset.base.id !== d.id) local.set(d.id, offset);
    });
  }
  return folded;
}

/** `b + c` or `c + b` with c a 32-bit constant written once: b and c as an address. */
function constantOffset(i: Extract<Instr, { op: 'bin' }>, single: ReturnType<typeof singleDefs>): Address | undefined {
  const value = (v: VReg) => {
    const d = single.get(v.id)?.instr;
    return d?.op === 'const' && d.dst.type === 'i32' ? Number(d.value) : undefined;
  };
  const cb = value(i.b);
  if (cb !== undefined) return { kind: 'reg', base: i.a, offset: cb };
  const ca = value(i.a);
  return ca !== undefined ? { kind: 'reg', base: i.b, offset: ca } : undefined;
}

function foldInstr(i: Instr, fold: (a: Address) => Address): Instr {
  switch (i.op) {
    case 'addr': return { ...i, addr: fold(i.addr) };
    case 'load': return { ...i, addr: fold(i.addr) };
    case 'store': return { ...i, addr: fold(i.addr) };
    case 'memcpy': return { ...i, dst: fold(i.dst), src: fold(i.src) };
    case 'memzero': return { ...i, dst: fold(i.dst) };
    default: return i;
  }
}

