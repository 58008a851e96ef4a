// ELF reader: turns the bytes of an ELF32 little-endian Xtensa file (ET_EXEC or ET_REL) into an
// ElfImage. Every field that points into the file is checked before it is used, so a malformed
// file yields an ElfError naming the file and the cause, and never any other exception. No I/O.

import {
  EM_XTENSA,
  ET_EXEC,
  ET_REL,
  ElfError,
  ElfImage,
  ElfSection,
  ElfSegment,
  ElfSymbol,
  SHT_NOBITS,
  SHT_NULL,
  SHT_STRTAB,
  SHT_SYMTAB,
} from './types';

const EHDR_SIZE = 52;
const PHDR_SIZE = 32;
const SHDR_SIZE = 40;
const SYM_SIZE = 16;
const SHN_LORESERVE = 0xff00;
const SHN_XINDEX = 0xffff;

/** A raw section header, with the file offset that ElfSection does not keep. */
interface SectionHeader {
  index: number;
  nameIndex: number;
  type: number;
  flags: number;
  addr: number;
  offset: number;
  size: number;
  link: number;
  info: number;
  align: number;
  entsize: number;
}

const hex = (n: number): string => `0x${n.toString(16)}`;

/** Bounds-checked little-endian reads over the file, failing with the file's name. */
class FileView {
  private readonly dv: DataView;

  constructor(
    readonly bytes: Uint8Array,
    readonly fileName: string,
  ) {
    this.dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.length;
  }

  fail(cause: string): never {
    throw new ElfError(`${this.fileName}: ${cause}`);
  }

  /** Checks that [offset, offset + size) lies inside the file; `what` names the range. */
  need(offset: number, size: number, what: string): void {
    const end = offset + size;
    if (end > this.length) {
      this.fail(`truncated: ${what} ends at ${hex(end)} but the file has ${hex(this.length)} bytes`);
    }
  }

  u8(at: number): number {
    return this.dv.getUint8(at);
  }
  u16(at: number): number {
    return this.dv.getUint16(at, true);
  }
  u32(at: number): number {
    return this.dv.getUint32(at, true);
  }
}

/** Reads and validates an ELF32 little-endian Xtensa file; throws ElfError on any defect. */
export function readElf(bytes: Uint8Array, fileName: string): ElfImage {
  const f = new FileView(bytes, fileName);
  checkIdent(f);
  f.need(0, EHDR_SIZE, 'ELF header');
  const type = f.u16(16);
  const machine = f.u16(18);
  if (type !== ET_EXEC && type !== ET_REL) {
    f.fail(`unsupported ELF type ${type} (only executables, ET_EXEC, and relocatable objects, ET_REL)`);
  }
  if (machine !== EM_XTENSA) f.fail(`machine ${machine} is not Xtensa (EM_XTENSA = ${EM_XTENSA})`);
  if (f.u32(20) !== 1) f.fail(`unsupported ELF version ${f.u32(20)} (expected 1)`);
  const ehsize = f.u16(40);
  if (ehsize < EHDR_SIZE) f.fail(`ELF header size ${ehsize} is smaller than ${EHDR_SIZE}`);
  const segments = readSegments(f);
  const headers = readSectionHeaders(f);
  const sections = readSections(f, headers);
  checkSectionOverlaps(f, headers, sections);
  return {
    type,
    machine,
    entry: f.u32(24),
    flags: f.u32(36),
    sections,
    symbols: readSymbols(f, headers, sections),
    segments,
  };
}

function checkIdent(f: FileView): void {
  if (f.length < 4 || f.u8(0) !== 0x7f || f.u8(1) !== 0x45 || f.u8(2) !== 0x4c || f.u8(3) !== 0x46) {
    f.fail('not an ELF file (bad magic number)');
  }
  f.need(0, 16, 'ELF identification');
  const cls = f.u8(4);
  if (cls === 2) f.fail('64-bit ELF is not supported (Xtensa files are ELF32)');
  if (cls !== 1) f.fail(`invalid ELF class ${cls}`);
  const data = f.u8(5);
  if (data === 2) f.fail('big-endian ELF is not supported');
  if (data !== 1) f.fail(`invalid ELF data encoding ${data}`);
  if (f.u8(6) !== 1) f.fail(`unsupported ELF identification version ${f.u8(6)} (expected 1)`);
}

// ---- program headers -------------------------------------------------------------------------

function readSegments(f: FileView): ElfSegment[] {
  const phoff = f.u32(28);
  const phentsize = f.u16(42);
  const phnum = f.u16(44);
  if (phnum === 0) return [];
  if (phentsize !== PHDR_SIZE) f.fail(`program header entry size ${phentsize} is not ${PHDR_SIZE}`);
  if (phoff < EHDR_SIZE) f.fail(`program header table at ${hex(phoff)} overlaps the ELF header`);
  f.need(phoff, phnum * PHDR_SIZE, `program header table (${phnum} entries at ${hex(phoff)})`);
  const segments: ElfSegment[] = [];
  for (let i = 0; i < phnum; i++) segments.push(readSegment(f, i, phoff + i * PHDR_SIZE));
  return segments;
}

function readSegment(f: FileView, i: number, at: number): ElfSegment {
  const offset = f.u32(at + 4);
  const vaddr = f.u32(at + 8);
  const filesz = f.u32(at + 16);
  const memsz = f.u32(at + 20);
  f.need(offset, filesz, `segment ${i} (${hex(filesz)} bytes at offset ${hex(offset)})`);
  if (filesz > memsz) f.fail(`segment ${i}: file size ${hex(filesz)} exceeds memory size ${hex(memsz)}`);
  if (vaddr + memsz > 2 ** 32) f.fail(`segment ${i} at ${hex(vaddr)} (${hex(memsz)} bytes) wraps past 0xffffffff`);
  return {
    type: f.u32(at),
    vaddr,
    paddr: f.u32(at + 12),
    data: f.bytes.slice(offset, offset + filesz),
    memsz,
    flags: f.u32(at + 24),
    align: f.u32(at + 28),
  };
}

// ---- section headers -------------------------------------------------------------------------

function readSectionHeaders(f: FileView): SectionHeader[] {
  const shoff = f.u32(32);
  const shentsize = f.u16(46);
  let shnum = f.u16(48);
  if (shoff === 0) return [];
  if (shentsize !== SHDR_SIZE) f.fail(`section header entry size ${shentsize} is not ${SHDR_SIZE}`);
  if (shoff < EHDR_SIZE) f.fail(`section header table at ${hex(shoff)} overlaps the ELF header`);
  if (shnum === 0) {
    // Extended numbering: the count is in section 0's sh_size.
    f.need(shoff, SHDR_SIZE, `section header 0 (at ${hex(shoff)})`);
    shnum = f.u32(shoff + 20);
  }
  f.need(shoff, shnum * SHDR_SIZE, 'section header table');
  const headers: SectionHeader[] = [];
  for (let i = 0; i < shnum; i++) headers.push(readSectionHeader(f, i, shoff + i * SHDR_SIZE));
  if (headers.length > 0 && headers[0].type !== SHT_NULL) f.fail(`section 0 has type ${headers[0].type}, not SHT_NULL`);
  return headers;
}

function readSectionHeader(f: FileView, index: number, at: number): SectionHeader {
  return {
    index,
    nameIndex: f.u32(at),
    type: f.u32(at + 4),
    flags: f.u32(at + 8),
    addr: f.u32(at + 12),
    offset: f.u32(at + 16),
    size: f.u32(at + 20),
    link: f.u32(at + 24),
    info: f.u32(at + 28),
    align: f.u32(at + 32),
    entsize: f.u32(at + 36),
  };
}

function sectionIndexOfNames(f: FileView, count: number): number {
  let shstrndx = f.u16(50);
  if (shstrndx === SHN_XINDEX) shstrndx = f.u32(f.u32(32) + 24); // extended: in section 0's sh_link
  if (shstrndx !== 0 && shstrndx >= count) {
    f.fail(`section name table index ${shstrndx} is out of range (the file has ${count} sections)`);
  }
  return shstrndx;
}

function readSections(f: FileView, headers: SectionHeader[]): ElfSection[] {
  if (headers.length === 0) return [];
  const shstrndx = sectionIndexOfNames(f, headers.length);
  let names: StringTable | undefined;
  if (shstrndx !== 0) {
    const h = headers[shstrndx];
    if (h.type !== SHT_STRTAB) f.fail(`section name table (section ${shstrndx}) has type ${h.type}, not SHT_STRTAB`);
    names = new StringTable(f, h, `section name table (section ${shstrndx})`);
  }
  return headers.map((h) => readSection(f, h, names));
}

function readSection(f: FileView, h: SectionHeader, names: StringTable | undefined): ElfSection {
  const name = names ? names.get(h.nameIndex, `name of section ${h.index}`) : '';
  const label = `section ${h.index}${name ? ` (${name})` : ''}`;
  if (h.type !== SHT_NOBITS && h.type !== SHT_NULL) {
    f.need(h.offset, h.size, `${label} (${hex(h.size)} bytes at offset ${hex(h.offset)})`);
  }
  if (h.align > 1 && (h.align & (h.align - 1)) !== 0) f.fail(`${label}: alignment ${h.align} is not a power of two`);
  if (h.addr + h.size > 2 ** 32) f.fail(`${label} at ${hex(h.addr)} (${hex(h.size)} bytes) wraps past 0xffffffff`);
  const hasBytes = h.type !== SHT_NOBITS && h.type !== SHT_NULL;
  return {
    name,
    type: h.type,
    flags: h.flags,
    addr: h.addr,
    data: hasBytes ? f.bytes.slice(h.offset, h.offset + h.size) : new Uint8Array(0),
    size: h.size,
    align: h.align,
    link: h.link,
    info: h.info,
    entsize: h.entsize,
  };
}

/** Section contents may not overlap one another, the ELF header or the header tables. */
function checkSectionOverlaps(f: FileView, headers: SectionHeader[], sections: ElfSection[]): void {
  const ranges: { start: number; end: number; what: string }[] = [{ start: 0, end: EHDR_SIZE, what: 'the ELF header' }];
  const phnum = f.u16(44);
  if (phnum > 0) ranges.push({ start: f.u32(28), end: f.u32(28) + phnum * PHDR_SIZE, what: 'the program header table' });
  if (headers.length > 0) {
    const shoff = f.u32(32);
    ranges.push({ start: shoff, end: shoff + headers.length * SHDR_SIZE, what: 'the section header table' });
  }
  for (const h of headers) {
    if (h.type === SHT_NOBITS || h.type === SHT_NULL || h.size === 0) continue;
    const name = sections[h.index].name;
    ranges.push({ start: h.offset, end: h.offset + h.size, what: `section ${h.index}${name ? ` (${name})` : ''}` });
  }
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < ranges.length; i++) {
    const a = ranges[i - 1];
    const b = ranges[i];
    if (b.start < a.end) {
      f.fail(`${b.what} (file bytes ${hex(b.start)}-${hex(b.end)}) overlaps ${a.what} (${hex(a.start)}-${hex(a.end)})`);
    }
  }
}

// ---- strings and symbols ---------------------------------------------------------------------

/** A string table section: NUL-terminated strings addressed by byte index. */
class StringTable {
  private readonly start: number;
  private readonly size: number;

  constructor(
    private readonly f: FileView,
    h: SectionHeader,
    private readonly what: string,
  ) {
    this.start = h.offset;
    this.size = h.size;
  }

  get(index: number, purpose: string): string {
    if (index >= this.size) {
      this.f.fail(`${purpose}: string index ${index} is out of range (the ${this.what} has ${this.size} bytes)`);
    }
    const bytes = this.f.bytes;
    const from = this.start + index;
    let end = from;
    while (end < this.start + this.size && bytes[end] !== 0) end++;
    if (end === this.start + this.size) this.f.fail(`${purpose}: string at index ${index} in the ${this.what} is not terminated`);
    return decodeText(bytes.subarray(from, end));
  }
}

const utf8 = new TextDecoder('utf-8');

function decodeText(b: Uint8Array): string {
  return utf8.decode(b);
}

/**
 * The symbols of the first SHT_SYMTAB section in file order, without the null symbol of index 0
 * (as the writer expects): symbol index i of the file is `symbols[i - 1]`.
 */
function readSymbols(f: FileView, headers: SectionHeader[], sections: ElfSection[]): ElfSymbol[] {
  const h = headers.find((s) => s.type === SHT_SYMTAB);
  if (!h) return [];
  const label = `symbol table (section ${h.index}${sections[h.index].name ? `, ${sections[h.index].name}` : ''})`;
  if (h.entsize !== SYM_SIZE) f.fail(`${label}: entry size ${h.entsize} is not ${SYM_SIZE}`);
  if (h.size % SYM_SIZE !== 0) f.fail(`${label}: size ${hex(h.size)} is not a multiple of ${SYM_SIZE}`);
  if (h.link === 0 || h.link >= headers.length) f.fail(`${label}: string table index ${h.link} is out of range`);
  const strtab = headers[h.link];
  if (strtab.type !== SHT_STRTAB) f.fail(`${label}: linked section ${h.link} has type ${strtab.type}, not SHT_STRTAB`);
  const strings = new StringTable(f, strtab, `string table (section ${h.link})`);
  const symbols: ElfSymbol[] = [];
  for (let i = 1; i < h.size / SYM_SIZE; i++) {
    symbols.push(readSymbol(f, h.offset + i * SYM_SIZE, i, strings, headers.length));
  }
  return symbols;
}

function readSymbol(f: FileView, at: number, i: number, strings: StringTable, sectionCount: number): ElfSymbol {
  const name = strings.get(f.u32(at), `name of symbol ${i}`);
  const info = f.u8(at + 12);
  const shndx = f.u16(at + 14);
  if (shndx !== 0 && shndx < SHN_LORESERVE && shndx >= sectionCount) {
    f.fail(`symbol ${i}${name ? ` (${name})` : ''}: section index ${shndx} is out of range (the file has ${sectionCount} sections)`);
  }
  return { name, value: f.u32(at + 4), size: f.u32(at + 8), bind: info >> 4, type: info & 15, shndx };
}
