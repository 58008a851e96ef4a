// Xtensa property tables: `.xt.prop` holds 12-byte entries (address, size, flags) that tell code
// from literals and data; the disassembler consults them to decide how to show each address. In
// relocatable files each entry's address is relative to the section its R_XTENSA_32 relocation
// names (`.rela.xt.prop`). Lookup rules observed from xtensa-lx106-elf-objdump 2.40.

import { ElfImage, ElfSection, ET_REL } from '../elf/types';

export const PROP_LITERAL = 0x1;
export const PROP_INSN = 0x2;
export const PROP_DATA = 0x4;
export const PROP_UNREACHABLE = 0x8;
export const PROP_NO_TRANSFORM = 0x100;
export const PROP_ALIGN = 0x800;
const COALESCE_MASK = ~(PROP_DATA | PROP_NO_TRANSFORM);

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
      map.set(u32(s.data, at), [sym.shndx, (u32(s.data, at + 8) + sym.value) >>> 0]);
    }
  }
  return map;
}

/**
 * The entries of the image's `.xt.prop` table for section `index` (empty ones included): in an
 * executable those that start inside the section, in a relocatable file those relocated against
 * it; sorted by address and then size, so that an empty mark precedes a block at its address.
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
      // Relocated entries belong to the section their symbol is in, wherever they point.
      const r = relocs.get(at);
      if (!r || r[0] !== index) continue;
      address = (section.addr + address + r[1]) >>> 0;
    } else if (address < section.addr || address >= section.addr + section.size) continue;
    entries.push({ address, size: u32(table, at + 4), flags: u32(table, at + 8) });
  }
  return entries.sort(compareEntries);
}

/** Alignment (log2) recorded in an entry's flags. */
const alignmentOf = (flags: number): number => (flags >>> 12) & 0x1f;

/**
 * objdump's order of table entries: by address, then size (an empty mark first), then alignment
 * and reachability marks. Differences are truncated to 32-bit ints as objdump's C comparison does,
 * which matters only for corrupt sizes of 2 GiB and more.
 */
function compareEntries(a: PropEntry, b: PropEntry): number {
  if (a.address !== b.address) return (a.address - b.address) | 0;
  if (a.size !== b.size) return (a.size - b.size) | 0;
  const alignA = a.flags & PROP_ALIGN;
  const alignB = b.flags & PROP_ALIGN;
  if (alignA !== alignB) return alignB - alignA;
  if (alignA && alignmentOf(a.flags) !== alignmentOf(b.flags)) return alignmentOf(a.flags) - alignmentOf(b.flags);
  const unreachA = a.flags & PROP_UNREACHABLE;
  const unreachB = b.flags & PROP_UNREACHABLE;
  if (unreachA !== unreachB) return unreachB - unreachA;
  return (a.flags - b.flags) | 0;
}

/** A table is invalid when two entries share an address and the first of them is not empty. */
export function isValidTable(sorted: readonly PropEntry[]): boolean {
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i - 1].address === sorted[i].address && sorted[i - 1].size !== 0) return false;
  }
  return true;
}

/** Bytes an unreachable block may be followed by before the next one: its size, plus alignment fill. */
function fillAfter(e: PropEntry): number {
  if ((e.flags & PROP_UNREACHABLE) === 0) return 0;
  let fill = e.size;
  if (e.flags & PROP_ALIGN) {
    const mask = 2 ** alignmentOf(e.flags) - 1;
    const end = e.address + e.size;
    fill += mask - ((end + mask) % (mask + 1));
  }
  return fill;
}

/**
 * Merges runs of entries that follow one another (allowing an unreachable block's fill) and whose
 * flags differ at most in DATA and NO_TRANSFORM; the merged entry keeps the first entry's flags.
 */
export function coalesce(sorted: readonly PropEntry[]): PropEntry[] {
  const out: PropEntry[] = [];
  let j = 0;
  while (j < sorted.length) {
    let cur = sorted[j++];
    while (j < sorted.length) {
      const next = sorted[j];
      const adjacent = cur.address + ((cur.size + fillAfter(cur)) | 0) === next.address; // objdump adds a 32-bit int
      if (!adjacent || (cur.flags & COALESCE_MASK) !== (next.flags & COALESCE_MASK)) break;
      cur = { address: cur.address, size: next.address - cur.address + next.size, flags: cur.flags };
      j++;
    }
    out.push(cur);
  }
  return out;
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
 * Property lookup for one section. The governing entry of an address is the first non-empty entry
 * (in address order) that ends after it, whether or not it contains the address: bytes before an
 * entry take that entry's kind. An instruction must not cross the governing entry's start (address
 * outside) or end (inside). Past the last entry, or without entries, everything is an instruction.
 */
export class PropertyTable {
  /** reach[i] = the largest end among entries 0..i, so the governing entry is found by bisection. */
  private readonly reach: number[] = [];

  private readonly entries: readonly PropEntry[];

  /** `entries`: sorted and coalesced; empty entries never govern an address and are left out. */
  constructor(entries: readonly PropEntry[]) {
    this.entries = entries.filter((e) => e.size !== 0);
    let max = 0;
    for (const e of this.entries) {
      max = Math.max(max, e.address + e.size);
      this.reach.push(max);
    }
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
    const room = (boundary - addr) % 2 ** 32; // objdump keeps the distance in 32 bits
    return { insn: (e.flags & PROP_INSN) !== 0, literal: (e.flags & PROP_LITERAL) !== 0, room };
  }
}
