// Disassembly around an address for the debugger: exactly `count` instructions starting `offset`
// instructions (negative: before) from `addr`. Xtensa instructions are 2 or 3 bytes, so going
// backwards decodes forward from an anchor that is known to start an instruction (a function symbol,
// a DWARF function's low PC or a code section's start) at or below the lowest address needed.

import { formatInsn } from '../xtensa/disasm';
import { decode } from '../xtensa/isa';
import type { Q7Runtime } from './runtime';

export interface InsnLine {
  readonly address: number;
  readonly bytes: string;
  readonly text: string;
  readonly symbol?: string;
  readonly file?: string;
  readonly line?: number;
  readonly invalid?: boolean;
}

type Read = (addr: number, len: number) => Uint8Array | undefined;

function anchors(rt: Q7Runtime): number[] {
  const set = new Set<number>();
  for (const s of rt.session.image.symbols) if (s.type === 2 && s.value) set.add(s.value >>> 0);
  for (const f of rt.debug.subprograms) set.add(f.lowPc >>> 0);
  for (const s of rt.session.image.sections) if ((s.flags & 0x4) !== 0) set.add(s.addr >>> 0);
  return [...set].sort((a, b) => a - b);
}

function one(rt: Q7Runtime, read: Read, pc: number): InsnLine {
  const b = read(pc, 4) ?? read(pc, 3) ?? read(pc, 2);
  if (!b || b.length < 2) return { address: pc, bytes: '', text: '(no memory)', invalid: true };
  const d = decode(b[0], b[1], b[2] ?? 0, pc, b[3] ?? 0);
  const row = rt.lines.rowAt(pc);
  const symbol = rt.functionAt(pc)?.lowPc === pc ? rt.nameAt(pc) : undefined;
  const loc = row && row.start === pc ? { file: row.file, line: row.line } : {};
  if (!d) {
    const size = (b[0] & 0x08) !== 0 ? 2 : 3;
    return { address: pc, bytes: [...b.subarray(0, size)].map((x) => x.toString(16).padStart(2, '0')).join(' '), text: '.byte (invalid)', invalid: true, symbol, ...loc };
  }
  return { address: pc, bytes: [...b.subarray(0, d.size)].map((x) => x.toString(16).padStart(2, '0')).join(' '), text: formatInsn(d, pc).replace('\t', ' '), symbol, ...loc };
}

const sizeOf = (l: InsnLine): number => (l.bytes ? l.bytes.split(' ').length : 1);

/** `count` instructions from the one `offset` instructions away from `addr` (0 ≤ count ≤ 10,000). */
export function disassemble(rt: Q7Runtime, read: Read, addr: number, offset: number, count: number): InsnLine[] {
  addr >>>= 0;
  const out: InsnLine[] = [];
  if (count <= 0) return out;
  if (offset >= 0) {
    let pc = addr;
    for (let k = 0; k < offset; k++) pc += sizeOf(one(rt, read, pc));
    while (out.length < count) {
      const l = one(rt, read, pc >>> 0);
      out.push(l);
      pc += sizeOf(l);
    }
    return out;
  }
  // backwards: decode forward from an anchor at or below the lowest address the offset can reach
  const lowest = Math.max(0, addr + 3 * offset);
  const list = anchors(rt);
  let anchor = lowest;
  for (const a of list) if (a <= lowest) anchor = a;
  const starts: InsnLine[] = [];
  for (let pc = anchor; pc < addr; ) {
    const l = one(rt, read, pc);
    starts.push(l);
    pc += sizeOf(l);
    // an anchor past this point restarts the decoding there (keeps instruction boundaries right)
    const next = list.find((a) => a > l.address && a < pc);
    if (next !== undefined && next < addr) {
      starts.length = starts.findIndex((s) => s.address >= next) < 0 ? starts.length : starts.findIndex((s) => s.address >= next);
      pc = next;
    }
  }
  const before = starts.slice(Math.max(0, starts.length + offset));
  // below the anchor (no code known there): placeholders, one byte each, so the count stays exact
  const missing = -offset - before.length;
  const first = before.length ? before[0].address : addr;
  for (let k = missing; k > 0; k--) out.push({ address: (first - k) >>> 0, bytes: '', text: '(unknown)', invalid: true });
  out.push(...before);
  if (out.length >= count) return out.slice(0, count);
  return [...out, ...disassemble(rt, read, addr, 0, count - out.length)];
}
