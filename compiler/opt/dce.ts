// -O1, IR → IR: dead code elimination. Removes instructions without side effects whose result nobody
// reads (constants, addresses, copies, conversions, arithmetic other than division, loads from stack
// slots), stores to stack slots that nothing ever reads (no load, no copy from it, address never
// taken), and the slots no instruction mentions any more. The registers of debugger variables and the
// slots of volatile variables are kept.

import type { Address, Func, Instr, Slot } from '../ir/ir';
import { defOf, useCounts } from './walk';

const slotOf = (a: Address): Slot | undefined => (a.kind === 'slot' ? a.slot : undefined);

function pure(i: Instr): boolean {
  switch (i.op) {
    case 'const': case 'addr': case 'copy': case 'conv': case 'un': case 'cmp': return true;
    case 'bin': return i.kind !== 'div' && i.kind !== 'rem';
    case 'load': return i.addr.kind === 'slot';
    default: return false;
  }
}

/** Slots read in any way (loaded, copied from, address taken) — stores to the others are dead. */
function readSlots(f: Func): Set<Slot> {
  const read = new Set<Slot>();
  const add = (a: Address) => {
    const s = slotOf(a);
    if (s) read.add(s);
  };
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op === 'load') add(i.addr);
      else if (i.op === 'addr') add(i.addr);
      else if (i.op === 'memcpy') add(i.src);
    }
  }
  return read;
}

/** Removes dead instructions and slots; returns how many instructions were removed. */
export function eliminateDeadCode(f: Func): number {
  const keepRegs = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  const keepSlots = new Set(f.debugVars.map((d) => d.slot));
  let removed = 0;
  for (let changed = true; changed; ) {
    changed = false;
    const uses = useCounts(f);
    const read = readSlots(f);
    for (const b of f.blocks) {
      const kept = b.instrs.filter((i) => {
        const d = defOf(i);
        if (d && pure(i) && !uses.get(d.id) && !keepRegs.has(d.id) && !(i.op === 'load' && keepSlots.has((i.addr as { slot: Slot }).slot))) return false;
        if ((i.op === 'store' || i.op === 'memzero' || i.op === 'memcpy')) {
          const s = slotOf(i.op === 'store' ? i.addr : i.dst);
          if (s && !read.has(s) && !keepSlots.has(s)) return false;
        }
        return true;
      });
      if (kept.length !== b.instrs.length) {
        removed += b.instrs.length - kept.length;
        changed = true;
        b.instrs.splice(0, b.instrs.length, ...kept);
      }
    }
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
