// -O1, IR → IR: scalar stack slots whose address is never taken become virtual registers. A slot
// qualifies when every access to it is a load or store of the whole slot (offset 0) with one memory
// type whose value type matches the register moved — no `addr` of it, no block copy or clear — and it
// does not hold a volatile variable. Its
// stores become copies into the new register (narrow integer types re-normalised with the matching
// extension, as the store/load pair would), its loads copies out of it. The debugger's record of the
// variable then names the register (the back end gives it a home for its whole life).

import type { Address, ConvKind, Func, Instr, MemType, Slot, VReg } from '../ir/ir';
import { valueTypeOfMem } from '../ir/ir';

const NARROW: Partial<Record<MemType, ConvKind>> = { i8: 'sext8', u8: 'zext8', i16: 'sext16', u16: 'zext16' };

const slotOf = (a: Address): Slot | undefined => (a.kind === 'slot' ? a.slot : undefined);

/** Slots that can live in a register, with their memory type. */
function promotable(f: Func): Map<Slot, MemType> {
  const mem = new Map<Slot, MemType>();
  const bad = new Set<Slot>();
  const access = (a: Address, m: MemType, v: VReg) => {
    const s = slotOf(a);
    if (!s) return;
    const known = mem.get(s);
    if (a.offset !== 0 || (known !== undefined && known !== m) || valueTypeOfMem(m) !== v.type) bad.add(s);
    else mem.set(s, m);
  };
  const escape = (a: Address) => {
    const s = slotOf(a);
    if (s) bad.add(s);
  };
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op === 'load') access(i.addr, i.mem, i.dst);
      else if (i.op === 'store') access(i.addr, i.mem, i.src);
      else if (i.op === 'addr') escape(i.addr);
      else if (i.op === 'memcpy') {
        escape(i.dst);
        escape(i.src);
      } else if (i.op === 'memzero') escape(i.dst);
    }
  }
  // a volatile variable stays in memory (what a debugger or another agent writes there must be seen)
  for (const d of f.debugVars) if ((d.type as { volatile?: boolean }).volatile) bad.add(d.slot);
  for (const s of bad) mem.delete(s);
  return mem;
}

/** Promotes the function's eligible slots; returns how many. */
export function promoteLocals(f: Func): number {
  const mem = promotable(f);
  f.promoted ??= new Set();
  if (!mem.size) return 0;
  const reg = new Map<Slot, VReg>();
  for (const [s, m] of mem) reg.set(s, { id: f.nextVReg++, type: valueTypeOfMem(m) });
  for (const b of f.blocks) {
    b.instrs.splice(0, b.instrs.length, ...b.instrs.map((i): Instr => {
      if (i.op !== 'load' && i.op !== 'store') return i;
      const s = slotOf(i.addr);
      const v = s && reg.get(s);
      if (!v) return i;
      if (i.op === 'load') return { op: 'copy', dst: i.dst, a: v, pos: i.pos };
      const narrow = NARROW[i.mem];
      return narrow ? { op: 'conv', kind: narrow, dst: v, a: i.src, pos: i.pos } : { op: 'copy', dst: v, a: i.src, pos: i.pos };
    }));
  }
  const kept = f.slots.filter((s) => !reg.has(s));
  f.slots.splice(0, f.slots.length, ...kept);
  for (const v of reg.values()) f.promoted.add(v.id);
  f.debugVars.forEach((d, k) => {
    const v = reg.get(d.slot);
    if (v) f.debugVars[k] = { ...d, vreg: v };
  });
  return reg.size;
}
