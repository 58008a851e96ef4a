// The `.xt.prop` property table GNU's Xtensa tools use to tell instructions from data and literal
// pools inside code (objdump reads it to disassemble correctly). Entries are (address, size, flags)
// triples of 32-bit little-endian words; flags: 0x1 literal, 0x2|0x4 instructions, 0x4 data, 0x100
// no-transform — the values GNU as writes for `--no-transform` code.

import { ElfSection, SHT_PROGBITS } from '../elf/types';
import type { ListingLine } from './listing';

const LITERAL = 0x101;
const INSN = 0x106;
const DATA = 0x104;

/** The `.xt.prop` section describing the listed statements of code and literal sections. */
export function propertySection(listing: readonly ListingLine[], codeSections: ReadonlySet<string>): ElfSection | undefined {
  const items = listing
    .filter((l) => l.size > 0 && (codeSections.has(l.section) || l.section === '.literal'))
    .map((l) => ({ addr: l.address, size: l.size, flags: l.section === '.literal' || l.literal ? LITERAL : l.kind === 'insn' ? INSN : DATA }))
    .sort((a, b) => a.addr - b.addr);
  const merged: { addr: number; size: number; flags: number }[] = [];
  for (const it of items) {
    const last = merged[merged.length - 1];
    if (last && last.flags === it.flags && last.addr + last.size === it.addr) last.size += it.size;
    else merged.push({ ...it });
  }
  if (merged.length === 0) return undefined;
  const data = new Uint8Array(merged.length * 12);
  const view = new DataView(data.buffer);
  merged.forEach((m, i) => {
    view.setUint32(i * 12, m.addr >>> 0, true);
    view.setUint32(i * 12 + 4, m.size, true);
    view.setUint32(i * 12 + 8, m.flags, true);
  });
  return { name: '.xt.prop', type: SHT_PROGBITS, flags: 0, addr: 0, data, size: data.length, align: 4 };
}
