// The whole `objdump -d` listing of an ELF image: file header, one block per symbol in each code
// section, and per address an instruction, a literal word, `.byte` or a `...` run of zeros, with
// the rules of xtensa-lx106-elf-objdump 2.40 (see test/xtensa/disasm for the observed cases).

import { ElfImage, ElfSection, ET_REL, SHF_EXECINSTR, SHT_NOBITS } from '../elf/types';
import { Symbolizer, formatInsn, hexNoZeros, plainSymbolizer } from './format';
import { PropertyTable, coalesce, isValidTable, propertyEntries } from './props';
import { DisasmSymbol, SortedSymbols, SymbolTable, isFunctionSymbol, isObjectSymbol, relativeName } from './symbols';
import { DisasmTarget, LX106_TARGET, decodeForTarget } from './target';
import { addressColumn, asciiColumn, hex8, hexColumn, skippedAddressChars } from './columns';

export interface DisasmOptions {
  /** ISA options and unknown-word policy; default: Debian's lx106 objdump. */
  readonly target?: DisasmTarget;
  /** Only these sections (objdump -j); default: every code section. */
  readonly sections?: readonly string[];
  /**
   * Extra lines to print before the line of `addr` (each ending in a newline), e.g. source text for
   * a future `-S`; return undefined for none.
   */
  readonly annotate?: (addr: number) => string | undefined;
  /** Told of problems objdump reports on stderr, e.g. `prog.elf(.text): invalid property table`. */
  readonly onWarning?: (message: string) => void;
}

const INSN_LINE_BYTES = 4;
const DATA_LINE_BYTES = 16;
const SKIP_ZEROES = 8;
const SKIP_ZEROES_AT_END = 3;
const FETCH_MAX = 4;

/** State shared by all sections of one listing (objdump keeps the last chunk size across blocks). */
interface Listing {
  readonly image: ElfImage;
  readonly symbols: SymbolTable;
  readonly target: DisasmTarget;
  readonly annotate?: (addr: number) => string | undefined;
  readonly warn: (message: string) => void;
  readonly fileName: string;
  readonly out: string[];
  chunk: number;
}

/** One code section being listed. */
interface SectionContext {
  readonly l: Listing;
  readonly index: number;
  readonly section: ElfSection;
  readonly props: PropertyTable;
  readonly skip: number;
  readonly symbolizer: Symbolizer;
}

/** The full `objdump -d` text for `image`, as if the file were named `fileName`. */
export function disassembleElf(image: ElfImage, fileName: string, options: DisasmOptions = {}): string {
  const l: Listing = {
    image,
    symbols: new SymbolTable(image),
    target: options.target ?? LX106_TARGET,
    annotate: options.annotate,
    warn: options.onWarning ?? (() => undefined),
    fileName,
    out: [`\n${fileName}:     file format elf32-xtensa-le\n\n`],
    chunk: 0,
  };
  image.sections.forEach((s, i) => {
    if (!isListed(s, options.sections)) return;
    l.out.push(`\nDisassembly of section ${s.name}:\n`);
    listSection(l, i);
  });
  return l.out.join('');
}

function isListed(s: ElfSection, only: readonly string[] | undefined): boolean {
  if (s.type === SHT_NOBITS || s.size === 0 || s.data.length === 0) return false;
  return only ? only.includes(s.name) : (s.flags & SHF_EXECINSTR) !== 0;
}

/** Address operands `40100004 <main+0x8>` and literal reads for code in section `index`. */
export function sectionSymbolizer(image: ElfImage, table: SymbolTable, index: number): Symbolizer {
  const section = image.sections[index];
  const rel = image.type === ET_REL;
  const symbols = table.inSection(section.name);
  return {
    address(addr: number): string {
      if (symbols.sorted.length === 0) return `0x${hexNoZeros(addr)}`;
      const inSection = addr >= section.addr && addr < section.addr + section.size;
      return `${hexNoZeros(addr)} ${symbolName(symbols, section, index, addr, rel && inSection)}`;
    },
    readWord(addr: number): number | undefined {
      const at = addr - section.addr;
      if (at < 0 || at + 4 > section.data.length) return undefined;
      const d = section.data;
      return (d[at] | (d[at + 1] << 8) | (d[at + 2] << 16) | (d[at + 3] << 24)) >>> 0;
    },
  };
}

/**
 * A symbolizer for code at `pc` (traces, the debugger's disassembly view): that of the section
 * holding `pc`, or bare `0x…` addresses when no section does.
 */
export function symbolizerAt(image: ElfImage, pc: number, table: SymbolTable = new SymbolTable(image)): Symbolizer {
  const index = image.sections.findIndex((s) => s.data.length > 0 && pc >= s.addr && pc < s.addr + s.size);
  return index < 0 ? plainSymbolizer : sectionSymbolizer(image, table, index);
}

/** `<sym+0x..>` for `addr`, or `<section+0x..>` when no symbol qualifies. */
function symbolName(symbols: SortedSymbols, section: ElfSection, index: number, addr: number, want: boolean): string {
  const i = symbols.find(addr, index, want);
  if (i < 0) return `<${relativeName(section.name, section.addr, addr)}>`;
  const s = symbols.sorted[i];
  return `<${relativeName(s.name, s.value, addr)}>`;
}

/** The section's property table; an invalid one is reported and ignored, as objdump does. */
function loadProperties(l: Listing, index: number): PropertyTable {
  const entries = propertyEntries(l.image, index);
  if (!isValidTable(entries)) {
    l.warn(`${l.fileName}(${l.image.sections[index].name}): invalid property table`);
    return new PropertyTable([]);
  }
  return new PropertyTable(coalesce(entries));
}

function listSection(l: Listing, index: number): void {
  const section = l.image.sections[index];
  const ctx: SectionContext = {
    l,
    index,
    section,
    props: loadProperties(l, index),
    skip: skippedAddressChars(section.addr, section.size),
    symbolizer: sectionSymbolizer(l.image, l.symbols, index),
  };
  const order = l.symbols.inSection(section.name);
  const end = section.data.length;
  let place = order.find(section.addr, index, true);
  let sym = place < 0 ? undefined : order.sorted[place];
  let offset = 0;
  while (offset < end) {
    const addr = section.addr + offset;
    const name = sym ? relativeName(sym.name, sym.value, addr) : relativeName(section.name, section.addr, addr);
    l.out.push(`\n${hex8(addr)} <${name}>:\n`);
    let next = sym;
    if (sym && sym.value <= addr) {
      place = nextBlockSymbol(order, place, sym, section.name);
      next = order.sorted[place];
    }
    let stop = next ? next.value - section.addr : end;
    if (stop > end || stop <= offset) stop = end;
    listBlock(ctx, offset, stop, blockHasCode(sym, index, addr));
    offset = stop;
    sym = next;
  }
}

/**
 * Index of the symbol that starts the next block: from `place` on, the first one above `sym` in a
 * section with the current section's name (objdump compares sections by name here).
 */
function nextBlockSymbol(order: SortedSymbols, place: number, sym: DisasmSymbol, sectionName: string): number {
  const syms = order.sorted;
  while (place < syms.length && !(syms[place].section === sectionName && syms[place].value > sym.value)) place++;
  return place;
}

/** objdump dumps a block as data only when it starts at an object symbol of this section. */
function blockHasCode(sym: DisasmSymbol | undefined, index: number, addr: number): boolean {
  if (!sym || sym.shndx !== index || sym.value > addr) return true;
  if (isFunctionSymbol(sym)) return true;
  return !isObjectSymbol(sym) && !sym.name.includes('gnu_compiled') && !sym.name.includes('gcc2_compiled');
}

/** Lists [from, stop) of the section: a run of zeros as `...`, otherwise one line at a time. */
function listBlock(ctx: SectionContext, from: number, stop: number, code: boolean): void {
  const data = ctx.section.data;
  let offset = from;
  while (offset < stop) {
    let z = offset;
    while (z < stop && data[z] === 0) z++;
    const zeros = z - offset;
    if (zeros >= SKIP_ZEROES || (z === stop && zeros < SKIP_ZEROES_AT_END)) {
      if (z !== stop) z = offset + (zeros & ~3);
      ctx.l.out.push('\t...\n');
      offset = z;
      continue;
    }
    const note = ctx.l.annotate?.(ctx.section.addr + offset);
    if (note) ctx.l.out.push(note);
    offset += code ? codeLine(ctx, offset, stop) : dataLine(ctx, offset, stop);
  }
}

/** One instruction, literal word or `.byte` line; returns its size. */
function codeLine(ctx: SectionContext, offset: number, stop: number): number {
  const { section } = ctx;
  const addr = section.addr + offset;
  const { size, chunk, text } = decodeAt(ctx, offset, stop);
  ctx.l.chunk = chunk;
  const hex = hexColumn(section.data, offset, size, chunk || 1, stop, INSN_LINE_BYTES);
  ctx.l.out.push(`${addressColumn(addr, ctx.skip)}:\t${hex}\t${text}\n`);
  return size;
}

/**
 * What the disassembler makes of the bytes at `offset`: an instruction where the property table
 * allows one and it fits, else an aligned literal word where allowed, else one `.byte`; with the
 * size, the hex chunk size (0 for `.byte`, which leaves objdump's chunk size unset) and the text.
 */
function decodeAt(ctx: SectionContext, offset: number, stop: number): { size: number; chunk: number; text: string } {
  const data = ctx.section.data;
  const addr = ctx.section.addr + offset;
  const verdict = ctx.props.at(addr);
  const available = Math.min(FETCH_MAX, stop - offset);
  if (verdict.insn) {
    const room = Math.min(available, verdict.room);
    const d = decodeForTarget(data.subarray(offset, offset + room), addr, ctx.l.target);
    if (d) return { size: d.size, chunk: d.size, text: formatInsn(d, addr, ctx.symbolizer) };
  }
  if (verdict.literal && addr % 4 === 0 && available >= 4) return { size: 4, chunk: 4, text: '' };
  return { size: 1, chunk: 0, text: `.byte ${byteText(data[offset])}` };
}

/** C's `%#02x`: `00` for zero, otherwise `0x` and the hex digits. */
function byteText(b: number): string {
  return b === 0 ? '00' : `0x${b.toString(16)}`;
}

/** A data line of up to 16 bytes, hex in the last chunk size used, then the characters. */
function dataLine(ctx: SectionContext, offset: number, stop: number): number {
  const { section } = ctx;
  const count = Math.min(DATA_LINE_BYTES, stop - offset);
  const chunk = ctx.l.chunk || 1;
  const hex = hexColumn(section.data, offset, count, chunk, stop, DATA_LINE_BYTES);
  const chars = asciiColumn(section.data, offset, count);
  ctx.l.out.push(`${addressColumn(section.addr + offset, ctx.skip)}:\t${hex}    ${chars}\n`);
  return count;
}
