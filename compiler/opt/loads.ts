// -O1, IR → IR: redundant load elimination on stack slots whose address is never taken (only direct
// loads, stores, copies and clears reach them, so no call or pointer store can change them). Within a
// block, a load of a slot field that was just stored or loaded (same offset and memory type), with
// the register holding that value not written since, becomes a copy of that register. Stores stay
// (the debugger reads variables in their slots).

import type { Address, Func, MemType, Slot, VReg } from '../ir/ir';
import { defOf } from './walk';

const slotOf = (a: Address): Slot | undefined => (a.kind === 'slot' ? a.slot : undefined);

/** Slots whose address is taken (or that hold volatile variables): every access to them stays. */
function escaped(f: Func): Set<Slot> {
  const out = new Set<Slot>();
  for (const d of f.debugVars) if ((d.type as { volatile?: boolean }).volatile) out.add(d.slot);
  for (const b of f.blocks) for (const i of b.instrs) if (i.op === 'addr' && slotOf(i.addr)) out.add(slotOf(i.addr)!);
  return out;
}

/** Replaces redundant slot loads by copies; returns how many. */
export function eliminateRedundantLoads(f: Func): number {
  const esc = escaped(f);
  let removed = 0;
  for (const b of f.blocks) {
    // known contents: slot → offset → { mem, value register }
    const known = new Map<Slot, Map<number, { mem: MemType; v: VReg }>>();
    const forgetSlot = (a: Address) => {
      const s = slotOf(a);
      if (s) known.delete(s);
    };
    const remember = (s: Slot, off: number, mem: MemType, v: VReg, size: number) => {
      let m = known.get(s);
      if (!m) known.set(s, (m = new Map()));
      // a store overlapping other known fields makes them unknown
      for (const [o, k] of [...m]) if (o < off + size && off < o + memBytes(k.mem)) m.delete(o);
      m.set(off, { mem, v });
    };
    b.instrs.forEach((i, k) => {
      if (i.op === 'load' && slotOf(i.addr) && !esc.has(slotOf(i.addr)!)) {
        const hit = known.get(slotOf(i.addr)!)?.get(i.addr.offset);
        if (hit && hit.mem === i.mem && hit.v.type === i.dst.type && hit.v.id !== i.dst.id) {
          b.instrs[k] = { op: 'copy', dst: i.dst, a: hit.v, pos: i.pos };
          removed++;
        }
      }
      const cur = b.instrs[k];
      const d = defOf(cur);
      if (d) for (const m of known.values()) for (const [o, x] of [...m]) if (x.v.id === d.id) m.delete(o);
      if (cur.op === 'store' && slotOf(cur.addr)) {
        if (!esc.has(slotOf(cur.addr)!) && !isNarrow(cur.mem)) remember(slotOf(cur.addr)!, cur.addr.offset, cur.mem, cur.src, memBytes(cur.mem));
        else forgetSlot(cur.addr);
      } else if (i.op === 'load' && cur.op === 'load' && slotOf(cur.addr) && !esc.has(slotOf(cur.addr)!)) {
        remember(slotOf(cur.addr)!, cur.addr.offset, cur.mem, cur.dst, memBytes(cur.mem));
      } else if (cur.op === 'memcpy') forgetSlot(cur.dst);
      else if (cur.op === 'memzero') forgetSlot(cur.dst);
    });
  }
  return removed;
}

/** A narrow store keeps only part of the register: a later load re-extends, so it is not the same value. */
const isNarrow = (m: MemType) => m === 'i8' || m === 'u8' || m === 'i16' || m === 'u16';

function memBytes(m: MemType): number {
  return m === 'i8' || m === 'u8' ? 1 : m === 'i16' || m === 'u16' ? 2 : m === 'i64' || m === 'f64' ? 8 : 4;
}

