// -O1, IR → IR: scalar replacement of stack objects. A slot that is only loaded and stored at constant
// offsets, copied (memcpy) or cleared (memzero) — its address never escapes — and that no debugger
// variable names, is split into one slot per field (an (offset, memory type) pair it is accessed
// with). Block copies and clears involving such a slot become field-by-field loads and stores (the
// fields of slots copied into each other are shared, projected through the copies). Bytes no access
// reads as a field are never observable, so they are not copied. promote.ts then turns the field
// slots into registers.
//
// A slot is left whole when two of its fields overlap, when it is copied into memory that is not
// scalarised (the other side could read any byte), or when it is larger than MAX_SIZE.

import type { Address, Func, Instr, MemType, Slot, SourcePos, VReg } from '../ir/ir';
import { memSize, valueTypeOfMem } from '../ir/ir';

const MAX_SIZE = 256;

type Fields = Map<number, MemType>;
type Copy = Extract<Instr, { op: 'memcpy' }>;

const slotOf = (a: Address): Slot | undefined => (a.kind === 'slot' ? a.slot : undefined);

/** Slots whose every use is a load/store/memcpy/memzero operand at a constant offset. */
function structuralCandidates(f: Func): Set<Slot> {
  const bad = new Set<Slot>();
  for (const d of f.debugVars) bad.add(d.slot);
  const all = new Set<Slot>(f.slots.filter((s) => s.size <= MAX_SIZE));
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op === 'addr') {
        const s = slotOf(i.addr);
        if (s) bad.add(s);
      }
    }
  }
  return new Set([...all].filter((s) => !bad.has(s)));
}

function addField(fields: Map<Slot, Fields>, s: Slot, off: number, m: MemType, bad: Set<Slot>): boolean {
  let fs = fields.get(s);
  if (!fs) fields.set(s, (fs = new Map()));
  const known = fs.get(off);
  if (known === m) return false;
  if (known !== undefined || off < 0 || off + memSize(m) > s.size) bad.add(s);
  fs.set(off, m);
  return true;
}

function overlapping(fs: Fields): boolean {
  const sorted = [...fs].sort((x, y) => x[0] - y[0]);
  for (let k = 1; k < sorted.length; k++) if (sorted[k - 1][0] + memSize(sorted[k - 1][1]) > sorted[k][0]) return true;
  return false;
}

/** The candidates that survive, with their fields. */
function plan(f: Func): Map<Slot, Fields> {
  const cand = structuralCandidates(f);
  const copies: Copy[] = [];
  for (const b of f.blocks) for (const i of b.instrs) if (i.op === 'memcpy') copies.push(i);
  for (;;) {
    const bad = new Set<Slot>();
    const fields = new Map<Slot, Fields>();
    for (const b of f.blocks) {
      for (const i of b.instrs) {
        if (i.op !== 'load' && i.op !== 'store') continue;
        const s = slotOf(i.addr);
        if (s && cand.has(s)) addField(fields, s, i.addr.offset, i.mem, bad);
      }
    }
    // copied into memory that is not scalarised: every byte of the range may be read there
    const covers: Copy[] = copies.filter((c) => slotOf(c.src) && cand.has(slotOf(c.src)!) && !(slotOf(c.dst) && cand.has(slotOf(c.dst)!)));
    // project fields through copies between candidates until nothing changes
    // (the gaps of copies into memory are filled once the projection has settled)
    for (let changed = true, rounds = 0; changed && rounds < 64; rounds++) {
      changed = false;
      for (const c of copies) {
        const d = slotOf(c.dst);
        const s = slotOf(c.src);
        if (!d || !s || !cand.has(d) || !cand.has(s)) continue;
        changed = project(fields, s, c.src.offset, d, c.dst.offset, c.size, bad) || changed;
        changed = project(fields, d, c.dst.offset, s, c.src.offset, c.size, bad) || changed;
      }
      if (!changed) for (const c of covers) changed = fillGaps(fields, slotOf(c.src)!, c.src.offset, c.size, c.align, bad) || changed;
      if (rounds === 63) for (const s of cand) bad.add(s);
    }
    for (const [s, fs] of fields) if (overlapping(fs)) bad.add(s);
    // a copy to or from memory that stays moves each field with its own load or store: it must be aligned there
    for (const c of copies) {
      for (const [side, other] of [[c.dst, c.src], [c.src, c.dst]]) {
        const s = slotOf(side);
        if (!s || !cand.has(s) || (slotOf(other) && cand.has(slotOf(other)!))) continue;
        for (const [off, m] of within(fields.get(s) ?? new Map(), side.offset, c.size)) {
          const w = Math.min(memSize(m), 4);
          if (off % w !== 0 || w > c.align) bad.add(s);
        }
      }
    }
    const before = cand.size;
    for (const s of bad) cand.delete(s);
    if (cand.size === before) {
      const out = new Map<Slot, Fields>();
      for (const s of cand) out.set(s, fields.get(s) ?? new Map());
      return out;
    }
  }
}

/** Adds fields (widest aligned pieces) for the bytes of [start, start+n) no field covers. */
function fillGaps(fields: Map<Slot, Fields>, s: Slot, start: number, n: number, align: number, bad: Set<Slot>): boolean {
  const covered = new Uint8Array(n);
  for (const [off, m] of fields.get(s) ?? []) for (let k = Math.max(off, start); k < Math.min(off + memSize(m), start + n); k++) covered[k - start] = 1;
  let changed = false;
  for (let k = 0; k < n; ) {
    if (covered[k]) {
      k++;
      continue;
    }
    const off = start + k;
    const free = (w: number) => k % w === 0 && w <= align && k + w <= n && covered.subarray(k, k + w).every((x) => !x);
    const w = free(4) ? 4 : free(2) ? 2 : 1;
    changed = addField(fields, s, off, w === 4 ? 'i32' : w === 2 ? 'u16' : 'u8', bad) || changed;
    k += w;
  }
  return changed;
}

/** Copies the fields of `from` inside [fo, fo+n) to `to` at the same relative offsets. */
function project(fields: Map<Slot, Fields>, from: Slot, fo: number, to: Slot, toOff: number, n: number, bad: Set<Slot>): boolean {
  let changed = false;
  for (const [off, m] of fields.get(from) ?? []) {
    const end = off + memSize(m);
    if (end <= fo || off >= fo + n) continue;
    if (off < fo || end > fo + n) {
      bad.add(from);
      bad.add(to);
      continue;
    }
    changed = addField(fields, to, off - fo + toOff, m, bad) || changed;
  }
  return changed;
}

/** Fields of `fs` inside [start, start+n), relative to start. */
function within(fs: Fields, start: number, n: number): [number, MemType][] {
  return [...fs].filter(([off, m]) => off >= start && off + memSize(m) <= start + n).map(([off, m]) => [off - start, m] as [number, MemType]).sort((x, y) => x[0] - y[0]);
}

const at = (a: Address, delta: number): Address => ({ ...a, offset: a.offset + delta } as Address);

function expandCopy(f: Func, c: Copy, fields: Map<Slot, Fields>): Instr[] | undefined {
  const d = slotOf(c.dst);
  const s = slotOf(c.src);
  const layout = d && fields.get(d) ? within(fields.get(d)!, c.dst.offset, c.size) : s && fields.get(s) ? within(fields.get(s)!, c.src.offset, c.size) : undefined;
  if (!layout) return undefined;
  const out: Instr[] = [];
  for (const [off, m] of layout) {
    const v: VReg = { id: f.nextVReg++, type: valueTypeOfMem(m) };
    out.push({ op: 'load', dst: v, addr: at(c.src, off), mem: m, pos: c.pos });
    out.push({ op: 'store', src: v, addr: at(c.dst, off), mem: m, pos: c.pos });
  }
  return out;
}

function expandZero(f: Func, i: Extract<Instr, { op: 'memzero' }>, fs: Fields, pos: SourcePos | undefined): Instr[] {
  const out: Instr[] = [];
  for (const [off, m] of within(fs, i.dst.offset, i.size)) {
    const v: VReg = { id: f.nextVReg++, type: valueTypeOfMem(m) };
    out.push({ op: 'const', dst: v, value: m === 'i64' ? 0n : 0, pos });
    out.push({ op: 'store', src: v, addr: at(i.dst, off), mem: m, pos });
  }
  return out;
}

/** Splits the eligible slots of `f` into field slots; returns how many slots were split. */
export function scalarizeSlots(f: Func): number {
  const fields = plan(f);
  if (!fields.size) return 0;
  let nextId = Math.max(-1, ...f.slots.map((s) => s.id)) + 1;
  const pieces = new Map<Slot, Map<number, Slot>>();
  for (const [s, fs] of fields) {
    const m = new Map<number, Slot>();
    for (const [off, mem] of fs) m.set(off, { id: nextId++, size: memSize(mem), align: memSize(mem), name: `${s.name}.${off}` });
    pieces.set(s, m);
  }
  const piece = (a: Address): Address => {
    const s = slotOf(a);
    const p = s && pieces.get(s)?.get(a.offset);
    return p ? { kind: 'slot', slot: p, offset: 0 } : a;
  };
  for (const b of f.blocks) {
    const out: Instr[] = [];
    for (const i of b.instrs) {
      let expanded: Instr[] = [i];
      if (i.op === 'memcpy' && ((slotOf(i.dst) && fields.has(slotOf(i.dst)!)) || (slotOf(i.src) && fields.has(slotOf(i.src)!)))) expanded = expandCopy(f, i, fields) ?? [i];
      else if (i.op === 'memzero' && slotOf(i.dst) && fields.has(slotOf(i.dst)!)) expanded = expandZero(f, i, fields.get(slotOf(i.dst)!)!, i.pos);
      for (const e of expanded) {
        if (e.op === 'load' || e.op === 'store') out.push({ ...e, addr: piece(e.addr) });
        else out.push(e);
      }
    }
    b.instrs.splice(0, b.instrs.length, ...out);
  }
  const kept = f.slots.filter((s) => !pieces.has(s));
  for (const m of pieces.values()) kept.push(...m.values());
  f.slots.splice(0, f.slots.length, ...kept);
  return pieces.size;
}
