// Builds the ElfImage of an assembled program from the laid-out output sections and the symbol
// tables: one ELF section and one PT_LOAD segment per allocated output section, and the symbols
// (per file: an STT_FILE entry and its local symbols; then the global ones).

import {
  EM_XTENSA,
  ET_EXEC,
  ElfImage,
  ElfSection,
  ElfSegment,
  ElfSymbol,
  PT_LOAD,
  SHF_ALLOC,
  SHF_EXECINSTR,
  SHF_WRITE,
  SHT_NOBITS,
  SHT_NULL,
  STB_LOCAL,
  STT_FILE,
} from '../elf/types';
import type { OutputSection } from './layout';
import type { InputSection } from './sections';
import type { SymbolEntry } from './symbols';

/** e_flags of GNU's Xtensa executables: EF_XTENSA_XT_INSN | EF_XTENSA_XT_LIT. */
export const XTENSA_EFLAGS = 0x300;
export const SHN_ABS = 0xfff1;
const PF_X = 1;
const PF_W = 2;
const PF_R = 4;

/** A symbol ready for the ELF table: its value, and the input section it lives in (if any). */
export interface ResolvedSymbol {
  readonly entry: SymbolEntry;
  readonly value: number;
  readonly section: InputSection | null;
  readonly size: number;
  readonly bind: number;
}

function contents(o: OutputSection): Uint8Array {
  if (o.type === SHT_NOBITS) return new Uint8Array(0);
  const data = new Uint8Array(o.size);
  o.inputs.forEach((s, i) => data.set(s.bytes(), o.offsets[i]));
  return data;
}

function segmentOf(s: ElfSection): ElfSegment {
  const flags = PF_R | (s.flags & SHF_EXECINSTR ? PF_X : 0) | (s.flags & SHF_WRITE ? PF_W : 0);
  return { type: PT_LOAD, vaddr: s.addr, paddr: s.addr, data: s.data, memsz: s.size, flags, align: Math.max(s.align, 1) };
}

export function buildImage(
  outputs: readonly OutputSection[],
  fileSymbols: readonly { file: string; locals: readonly ResolvedSymbol[] }[],
  globals: readonly ResolvedSymbol[],
  entry: number,
): ElfImage {
  const sections: ElfSection[] = [{ name: '', type: SHT_NULL, flags: 0, addr: 0, data: new Uint8Array(0), size: 0, align: 0 }];
  const indexOf = new Map<OutputSection, number>();
  for (const o of outputs) {
    if (o.size === 0) continue;
    indexOf.set(o, sections.length);
    sections.push({ name: o.name, type: o.type, flags: o.flags, addr: o.addr, data: contents(o), size: o.size, align: o.align });
  }
  const outputOf = new Map<InputSection, OutputSection>();
  for (const o of outputs) for (const s of o.inputs) outputOf.set(s, o);

  const toElf = (r: ResolvedSymbol): ElfSymbol => {
    const out = r.section ? outputOf.get(r.section) : undefined;
    const idx = out ? indexOf.get(out) : undefined;
    const shndx = r.section === null ? (r.entry.defined || r.entry.common ? SHN_ABS : 0) : (idx ?? SHN_ABS);
    return { name: r.entry.name, value: r.value >>> 0, size: r.size, bind: r.bind, type: r.entry.type, shndx };
  };
  const symbols: ElfSymbol[] = [];
  for (const f of fileSymbols) {
    symbols.push({ name: f.file, value: 0, size: 0, bind: STB_LOCAL, type: STT_FILE, shndx: SHN_ABS });
    for (const r of f.locals) symbols.push(toElf(r));
  }
  for (const r of globals) symbols.push(toElf(r));

  const segments = sections.filter((s) => s.flags & SHF_ALLOC && s.size > 0).map(segmentOf);
  return { type: ET_EXEC, machine: EM_XTENSA, entry: entry >>> 0, flags: XTENSA_EFLAGS, sections, symbols, segments };
}

