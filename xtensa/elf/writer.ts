// ELF32 little-endian writer: ElfImage → file bytes. Writes the sections of the image (regenerating
// .symtab, .strtab and .shstrtab from `image.symbols`, locals first), one program header per
// segment (derived from the allocated sections when the image has none), and the section header
// table. Pure function; no I/O.

import {
  ElfError,
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
  SHT_STRTAB,
  SHT_SYMTAB,
  STB_LOCAL,
} from './types';

const EHDR_SIZE = 52;
const PHDR_SIZE = 32;
const SHDR_SIZE = 40;
const SYM_SIZE = 16;
const SHN_LORESERVE = 0xff00;
const PF_X = 1;
const PF_W = 2;
const PF_R = 4;

/** Growable little-endian byte buffer. */
class Out {
  private buf = new Uint8Array(4096);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(n: number): void {
    if (n <= this.buf.length) return;
    let cap = this.buf.length;
    while (cap < n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  /** Pads with zeros to a multiple of `align` and returns the new length. */
  align(align: number): number {
    const a = Math.max(align, 1);
    const target = Math.ceil(this.length / a) * a;
    this.ensure(target);
    this.length = target;
    return target;
  }

  bytes(data: Uint8Array): number {
    const at = this.length;
    this.ensure(at + data.length);
    this.buf.set(data, at);
    this.length += data.length;
    return at;
  }

  /** Appends `n` zero bytes and returns where they start. */
  skip(n: number): number {
    const at = this.length;
    this.ensure(at + n);
    this.length += n;
    return at;
  }

  u8(at: number, v: number): void {
    this.ensure(at + 1);
    this.view.setUint8(at, v);
  }
  u16(at: number, v: number): void {
    this.ensure(at + 2);
    this.view.setUint16(at, v, true);
  }
  u32(at: number, v: number): void {
    this.ensure(at + 4);
    this.view.setUint32(at, v >>> 0, true);
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** A string table under construction. */
class StringTable {
  private readonly parts: number[] = [0];
  private readonly index = new Map<string, number>([['', 0]]);

  add(s: string): number {
    let at = this.index.get(s);
    if (at === undefined) {
      at = this.parts.length;
      this.parts.push(...new TextEncoder().encode(s), 0);
      this.index.set(s, at);
    }
    return at;
  }

  bytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

interface PlannedSection {
  readonly s: ElfSection;
  name: number;
  offset: number;
  link: number;
  info: number;
  entsize: number;
}

const isRegenerated = (s: ElfSection) => s.type === SHT_SYMTAB || (s.type === SHT_STRTAB && ['.strtab', '.shstrtab'].includes(s.name));

/** Segments of the image, or one PT_LOAD per allocated section with contents or size. */
function segmentsOf(image: ElfImage): ElfSegment[] {
  if (image.segments.length > 0) return image.segments;
  return image.sections
    .filter((s) => s.flags & SHF_ALLOC && s.size > 0)
    .map((s) => ({
      type: PT_LOAD,
      vaddr: s.addr,
      paddr: s.addr,
      data: s.type === SHT_NOBITS ? new Uint8Array(0) : s.data,
      memsz: s.size,
      flags: PF_R | (s.flags & SHF_EXECINSTR ? PF_X : 0) | (s.flags & SHF_WRITE ? PF_W : 0),
      align: Math.max(s.align, 1),
    }));
}

function sameBytes(a: Uint8Array, b: Uint8Array, at: number): boolean {
  if (at + a.length > b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[at + i]) return false;
  return true;
}

/** Locals first (ELF requires it), keeping the order within each group. */
function orderSymbols(symbols: readonly ElfSymbol[]): ElfSymbol[] {
  return [...symbols.filter((s) => s.bind === STB_LOCAL), ...symbols.filter((s) => s.bind !== STB_LOCAL)];
}

function validate(image: ElfImage): void {
  if (image.sections.length === 0 || image.sections[0].type !== SHT_NULL) {
    throw new ElfError('writeElf: section 0 must be the null section');
  }
  for (const s of image.sections) {
    if (s.type !== SHT_NOBITS && s.type !== SHT_NULL && s.data.length !== s.size) {
      throw new ElfError(`writeElf: section ${s.name} has ${s.data.length} bytes of data but size ${s.size}`);
    }
  }
}

/** Serialises `image` as an ELF32 little-endian file. */
export function writeElf(image: ElfImage): Uint8Array {
  validate(image);
  const out = new Out();
  const shstr = new StringTable();
  const strtab = new StringTable();
  const kept = image.sections.filter((s, i) => i > 0 && !isRegenerated(s));
  const newIndex = new Map<number, number>();
  image.sections.forEach((s, i) => {
    const k = kept.indexOf(s);
    if (k >= 0) newIndex.set(i, k + 1);
  });
  const symtabIndex = kept.length + 1;
  const mapIndex = (i: number | undefined) => (i === undefined || i === 0 ? 0 : (newIndex.get(i) ?? symtabIndex));

  const segments = segmentsOf(image);
  const phoff = EHDR_SIZE;
  out.skip(phoff + PHDR_SIZE * segments.length);
  out.align(4);

  const planned: PlannedSection[] = kept.map((s) => {
    let offset = out.length;
    if (s.type !== SHT_NOBITS) {
      out.align(s.flags & SHF_ALLOC ? Math.max(s.align, 1) : 1);
      offset = out.bytes(s.data);
    }
    return { s, name: shstr.add(s.name), offset, link: mapIndex(s.link), info: s.info ?? 0, entsize: s.entsize ?? 0 };
  });

  const segOffsets = segments.map((seg) => {
    const hit = planned.find((p) => p.s.type !== SHT_NOBITS && p.s.flags & SHF_ALLOC && seg.vaddr >= p.s.addr && sameBytes(seg.data, p.s.data, seg.vaddr - p.s.addr));
    if (hit && (seg.data.length > 0 || seg.memsz === 0)) return hit.offset + (seg.vaddr - hit.s.addr);
    const a = Math.max(seg.align, 1);
    if (seg.data.length === 0) return Math.floor(out.length / a) * a + (seg.vaddr % a);
    out.align(a);
    out.skip(seg.vaddr % a);
    return out.bytes(seg.data);
  });

  // Symbol table.
  const symbols = orderSymbols(image.symbols);
  const symData = new Out();
  symData.skip(SYM_SIZE);
  for (const sym of symbols) {
    const at = symData.skip(SYM_SIZE);
    symData.u32(at, strtab.add(sym.name));
    symData.u32(at + 4, sym.value);
    symData.u32(at + 8, sym.size);
    symData.u8(at + 12, ((sym.bind & 15) << 4) | (sym.type & 15));
    symData.u8(at + 13, 0);
    symData.u16(at + 14, sym.shndx >= SHN_LORESERVE ? sym.shndx : mapIndex(sym.shndx));
  }
  const firstGlobal = 1 + symbols.filter((s) => s.bind === STB_LOCAL).length;
  const symtabName = shstr.add('.symtab');
  const strtabName = shstr.add('.strtab');
  const shstrtabName = shstr.add('.shstrtab');
  out.align(4);
  const symtabOff = out.bytes(symData.result());
  const strtabBytes = strtab.bytes();
  const strtabOff = out.bytes(strtabBytes);
  const shstrBytes = shstr.bytes();
  const shstrOff = out.bytes(shstrBytes);

  // Section headers.
  out.align(4);
  const shnum = kept.length + 4;
  const shoff = out.skip(SHDR_SIZE * shnum);
  const shdr = (i: number, f: number[]) => f.forEach((v, k) => out.u32(shoff + i * SHDR_SIZE + 4 * k, v));
  shdr(0, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  planned.forEach((p, i) => {
    const s = p.s;
    shdr(i + 1, [p.name, s.type, s.flags, s.addr, p.offset, s.size, p.link, p.info, s.align, p.entsize]);
  });
  shdr(symtabIndex, [symtabName, SHT_SYMTAB, 0, 0, symtabOff, symData.length, symtabIndex + 1, firstGlobal, 4, SYM_SIZE]);
  shdr(symtabIndex + 1, [strtabName, SHT_STRTAB, 0, 0, strtabOff, strtabBytes.length, 0, 0, 1, 0]);
  shdr(symtabIndex + 2, [shstrtabName, SHT_STRTAB, 0, 0, shstrOff, shstrBytes.length, 0, 0, 1, 0]);

  // Program headers.
  segments.forEach((seg, i) => {
    const at = phoff + i * PHDR_SIZE;
    [seg.type, segOffsets[i], seg.vaddr, seg.paddr, seg.data.length, seg.memsz, seg.flags, seg.align].forEach((v, k) =>
      out.u32(at + 4 * k, v),
    );
  });

  // ELF header.
  [0x7f, 0x45, 0x4c, 0x46, 1, 1, 1, 0].forEach((b, i) => out.u8(i, b));
  out.u16(16, image.type);
  out.u16(18, image.machine);
  out.u32(20, 1);
  out.u32(24, image.entry);
  out.u32(28, segments.length > 0 ? phoff : 0);
  out.u32(32, shoff);
  out.u32(36, image.flags);
  out.u16(40, EHDR_SIZE);
  out.u16(42, PHDR_SIZE);
  out.u16(44, segments.length);
  out.u16(46, SHDR_SIZE);
  out.u16(48, shnum);
  out.u16(50, symtabIndex + 2);
  return out.result();
}
