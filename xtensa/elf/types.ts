// The in-memory model of an ELF32 Xtensa file shared by the reader, the writer, the loader and the
// disassembler, and the ELF constants they need (ELF32 little-endian, EM_XTENSA = 94).

export const EM_XTENSA = 94;
export const ET_EXEC = 2;
export const ET_REL = 1;
export const PT_LOAD = 1;

export const SHT_NULL = 0;
export const SHT_PROGBITS = 1;
export const SHT_SYMTAB = 2;
export const SHT_STRTAB = 3;
export const SHT_NOTE = 7;
export const SHT_NOBITS = 8;

export const SHF_WRITE = 1;
export const SHF_ALLOC = 2;
export const SHF_EXECINSTR = 4;

export const STB_LOCAL = 0;
export const STB_GLOBAL = 1;
export const STB_WEAK = 2;
export const STT_NOTYPE = 0;
export const STT_OBJECT = 1;
export const STT_FUNC = 2;
export const STT_SECTION = 3;
export const STT_FILE = 4;

export interface ElfSection {
  name: string;
  type: number;
  flags: number;
  addr: number;
  /** Contents; for SHT_NOBITS a zero-length array and `size` gives the length. */
  data: Uint8Array;
  size: number;
  align: number;
  link?: number;
  info?: number;
  entsize?: number;
}

export interface ElfSymbol {
  name: string;
  value: number;
  size: number;
  bind: number;
  type: number;
  /** Index of the section the symbol is defined in (0 = undefined, 0xfff1 = absolute). */
  shndx: number;
}

export interface ElfSegment {
  type: number;
  vaddr: number;
  paddr: number;
  /** File bytes of the segment (filesz bytes). */
  data: Uint8Array;
  memsz: number;
  flags: number;
  align: number;
}

export interface ElfImage {
  type: number;
  machine: number;
  entry: number;
  flags: number;
  /** Sections in file order; index 0 is the null section. */
  sections: ElfSection[];
  symbols: ElfSymbol[];
  segments: ElfSegment[];
}

/** A malformed or unsupported ELF file; the message names the file and the cause. */
export class ElfError extends Error {}
