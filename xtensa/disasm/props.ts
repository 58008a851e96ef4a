// Xtensa property tables: `.xt.prop` holds 12-byte entries (address, size, flags) that tell code
// from literals and data; the disassembler consults them to decide how to show each address. In
// relocatable files each entry's address is relative to the section its R_XTENSA_32 relocation
// names (`.rela.xt.prop`). Lookup rules observed from xtensa-lx106-elf-objdump 2.40.

import { ElfImage, ElfSection, ET_REL } from '../elf/types';

export const PROP_LITERAL = 0x1;
export const PROP_INSN = 0x2;
export const PROP_DATA = 0x4;

const SHT_RELA = 4;
const PROP_ENTRY = 12;
const RELA_ENTRY = 12;

export interface PropEntry {
  readonly address: number;
  readonly size: number;
  readonly flags: number;
}

function u32(b: Uint8Array, at: number): number {
  return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
}

/** Relocation targets by offset in the table: offset → [section index of the symbol, addend + symbol value]. */
function relocsOf(image: ElfImage, tableIndex: number): Map<number, [number, number]> {
  const map = new Map<number, [number, number]>();
  for (const s of image.sections) {
    if (s.type !== SHT_RELA || s.info !== tableIndex) continue;
    for (let at = 0; at + RELA_ENTRY <= s.data.length; at += RELA_ENTRY) {
      const sym = image.symbols[(u32(s.data, at + 4) >>> 8) - 1]; // the image omits the null symbol
      if (!sym) continue;
      const addend = u32(s.data, at + 8);
      const symValue = sym.type === 3 ? 0 : sym.value; // STT_SECTION symbols stand for offset 0
      map.set(u32(s.data, at), [sym.shndx, (addend + symValue) >>> 0]);
    }
  }
  return map;
}

/**
 * The entries of the image's `.xt.prop` table that start inside section `index`, sorted by address.
 * Empty entries (alignment and reachability marks) never govern an address, so they are dropped.
 */
export function propertyEntries(image: ElfImage, index: number): PropEntry[] {
  const section: ElfSection = image.sections[index];
  const tableIndex = image.sections.findIndex((s) => s.name === '.xt.prop');
  if (tableIndex < 0) return [];
  const table = image.sections[tableIndex].data;
  const relocs = image.type === ET_REL ? relocsOf(image, tableIndex) : undefined;
  const entries: PropEntry[] = [];
  for (let at = 0; at + PROP_ENTRY <= table.length; at += PROP_ENTRY) {
    let address = u32(table, at);
    if (relocs) {
      const r = relocs.get(at);
      if (!r || r[0] !== index) continue;
      address = (section.addr + address + r[1]) >>> 0;
    }
    const size = u32(table, at + 4);
    if (size === 0 || address < section.addr || address >= section.addr + section.size) continue;
    entries.push({ address, size, flags: u32(table, at + 8) });
  }
  return entries.sort((a, b) => a.address - b.address || a.size - b.size || a.flags - b.flags);
}

/** How the bytes at one address may be shown, from the property table. */
export interface PropVerdict {
  /** The bytes may be decoded as an instruction. */
  readonly insn: boolean;
  /** A 4-byte aligned word here may be shown as a literal. */
  readonly literal: boolean;
  /** Bytes from the address to the next table boundary (Infinity past the last entry). */
  readonly room: number;
}

const ANYTHING: PropVerdict = { insn: true, literal: false, room: Infinity };

/**
 * Property lookup for one section. The governing entry of an address is the first entry (in
 * address order) that ends after it, whether or not it contains the address: bytes before an entry
 * take that entry's kind. Reads stop at the entry's start (address outside) or end (inside).
 * A section without entries decodes everything as instructions.
 */
export class PropertyTable {
  /** reach[i] = the largest end among entries 0..i, so the governing entry is found by bisection. */
  private readonly reach: number[] = [];

  constructor(private readonly entries: readonly PropEntry[]) {
    let max = 0;
    for (const e of entries) {
      max = Math.max(max, e.address + e.size);
      this.reach.push(max);
    }
  }

  get isEmpty(): boolean {
    return this.entries.length === 0;
  }

  at(addr: number): PropVerdict {
    let lo = 0;
    let hi = this.reach.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.reach[mid] > addr) hi = mid;
      else lo = mid + 1;
    }
    const e = this.entries[lo];
    if (!e) return ANYTHING;
    const boundary = addr < e.address ? e.address : e.address + e.size;
    return { insn: (e.flags & PROP_INSN) !== 0, literal: (e.flags & PROP_LITERAL) !== 0, room: boundary - addr };
  }
}
