// -O1, IR → IR: dead code elimination. Removes instructions without side effects whose result nobody
// reads (constants, addresses, copies, conversions, arithmetic other than division, loads from stack
// slots), stores to stack slots that nothing ever reads (no load, no copy from it, address never
// taken), and the slots no instruction mentions any more. The registers of debugger variables and the
// slots of volatile variables are kept.

import type { Address, Func, Instr, Slot } from '../ir/ir';
import { defOf, useCounts, usesOf } from './walk';

const slotOf = (a: Address): Slot | undefined => (a.kind === 'slot' ? a.slot : undefined);

function pure(i: Instr): boolean {
  switch (i.op) {
    case 'const': case 'addr': case 'copy': case 'conv': case 'un': case 'cmp': return true;
    case 'bin': return i.kind !== 'div' && i.kind !== 'rem';
    case 'load': return i.addr.kind === 'slot';
    default: return false;
  }
}

/** The slot `i` reads in a way that keeps stores to it alive (a load, its address, a copy from it). */
function slotRead(i: Instr): Slot | undefined {
  if (i.op === 'load' || i.op === 'addr') return slotOf(i.addr);
  if (i.op === 'memcpy') return slotOf(i.src);
  return undefined;
}

/** The slot `i` writes (a store, a clear, a copy into it). */
function slotWritten(i: Instr): Slot | undefined {
  if (i.op === 'store') return slotOf(i.addr);
  if (i.op === 'memzero' || i.op === 'memcpy') return slotOf(i.dst);
  return undefined;
}

/**
 * Removes dead instructions and slots; returns how many instructions were removed. One pass with a
 * worklist: a removed instruction gives back its reads of registers and slots, and the writes whose
 * register or slot nothing reads any more go too — the fixpoint of removing them round by round.
 */
export function eliminateDeadCode(f: Func): number {
  const keepRegs = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  const keepSlots = new Set(f.debugVars.map((d) => d.slot));
  const uses = useCounts(f);
  // every occurrence of an instruction by position (one instruction object may sit in two places)
  const all: Instr[] = [];
  const pureDefs = new Map<number, number[]>();
  const reads = new Map<Slot, number>();
  const writes = new Map<Slot, number[]>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const k = all.push(i) - 1;
      const d = defOf(i);
      if (d && pure(i)) {
        const list = pureDefs.get(d.id);
        if (list) list.push(k);
        else pureDefs.set(d.id, [k]);
      }
      const r = slotRead(i);
      if (r) reads.set(r, (reads.get(r) ?? 0) + 1);
      const w = slotWritten(i);
      if (w) {
        const list = writes.get(w);
        if (list) list.push(k);
        else writes.set(w, [k]);
      }
    }
  }
  const dead = new Uint8Array(all.length);
  const work: number[] = [];
  const kill = (k: number) => {
    if (dead[k] === 0) {
      dead[k] = 1;
      work.push(k);
    }
  };
  const defDead = (id: number) => {
    if (keepRegs.has(id)) return;
    for (const k of pureDefs.get(id) ?? []) {
      const i = all[k];
      if (!(i.op === 'load' && keepSlots.has((i.addr as { slot: Slot }).slot))) kill(k);
    }
  };
  const slotDead = (s: Slot) => {
    if (!keepSlots.has(s)) for (const k of writes.get(s) ?? []) kill(k);
  };
  for (const id of pureDefs.keys()) if (!uses.get(id)) defDead(id);
  for (const s of writes.keys()) if (!reads.get(s)) slotDead(s);
  while (work.length > 0) {
    const i = all[work.pop()!];
    for (const u of usesOf(i)) {
      const n = uses.get(u.id)! - 1;
      uses.set(u.id, n);
      if (n === 0) defDead(u.id);
    }
    const r = slotRead(i);
    if (r) {
      const n = reads.get(r)! - 1;
      reads.set(r, n);
      if (n === 0) slotDead(r);
    }
  }
  let removed = 0;
  let k = 0;
  for (const b of f.blocks) {
    const from = k;
    k += b.instrs.length;
    let n = 0;
    for (let j = from; j < k; j++) n += dead[j];
    if (n === 0) continue;
    removed += n;
    const kept = b.instrs.filter((_, j) => dead[from + j] === 0);
    b.instrs.splice(0, b.instrs.length, ...kept);
  }
  const mentioned = new Set<Slot>(keepSlots);
  const note = (a: Address) => {
    const s = slotOf(a);
    if (s) mentioned.add(s);
  };
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op === 'load' || i.op === 'store' || i.op === 'addr') note(i.addr);
      else if (i.op === 'memcpy') {
        note(i.dst);
        note(i.src);
      } else if (i.op === 'memzero') note(i.dst);
    }
  }
  f.slots.splice(0, f.slots.length, ...f.slots.filter((s) => mentioned.has(s)));
  return removed;
}
