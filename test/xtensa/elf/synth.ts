// A hand-laid-out ELF32 Xtensa executable for the reader tests: every offset is known, so tests
// can corrupt one field and expect one precise error. Layout (offsets in bytes):
//   0 ELF header | 52 one PT_LOAD | 84 .text (8) | 92 .xt.prop (12) | 104 .symtab (3 × 16)
//   152 .strtab | .shstrtab | section headers (8 × 40, 4-aligned).

export const TEXT_ADDR = 0x40100000;
export const TEXT_BYTES = [0xf0, 0x20, 0x00, 0x0d, 0xf0, 0x3d, 0xf0, 0x00];
export const ENTRY = TEXT_ADDR + 3;

export interface SynthLayout {
  bytes: Uint8Array;
  phoff: number;
  textOff: number;
  propOff: number;
  symtabOff: number;
  strtabOff: number;
  shstrtabOff: number;
  shoff: number;
  shnum: number;
  /** Offset of the name field of section header i is shoff + 40 i; these are the section indexes. */
  index: { text: number; prop: number; bss: number; symtab: number; strtab: number; shstrtab: number };
}

function strtab(names: string[]): { bytes: number[]; at: Map<string, number> } {
  const bytes = [0];
  const at = new Map<string, number>();
  for (const n of names) {
    at.set(n, bytes.length);
    for (const c of n) bytes.push(c.charCodeAt(0));
    bytes.push(0);
  }
  return { bytes, at };
}

export function synthElf(): SynthLayout {
  const out: number[] = [];
  const u8 = (at: number, v: number) => (out[at] = v & 255);
  const u16 = (at: number, v: number) => (u8(at, v), u8(at + 1, v >> 8));
  const u32 = (at: number, v: number) => (u16(at, v), u16(at + 2, v >>> 16));
  const append = (b: number[]) => {
    const at = out.length;
    out.push(...b);
    return at;
  };
  for (let i = 0; i < 84; i++) out.push(0);
  const textOff = append(TEXT_BYTES);
  const propOff = append([0, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0]);
  u32(propOff, TEXT_ADDR);
  const names = strtab(['_start', 'main', 'buf']);
  const symtabOff = out.length;
  for (let i = 0; i < 48; i++) out.push(0);
  const sym = (i: number, name: string, value: number, size: number, info: number, shndx: number) => {
    const at = symtabOff + 16 * i;
    u32(at, names.at.get(name)!);
    u32(at + 4, value);
    u32(at + 8, size);
    u8(at + 12, info);
    u16(at + 14, shndx);
  };
  sym(1, 'main', TEXT_ADDR + 3, 5, 0x12, 1); // GLOBAL FUNC in .text
  sym(2, 'buf', 0x60000000, 16, 0x11, 3); // GLOBAL OBJECT in .bss
  const strtabOff = append(names.bytes);
  const shnames = strtab(['.text', '.xt.prop', '.bss', '.symtab', '.strtab', '.shstrtab', '.comment']);
  const shstrtabOff = append(shnames.bytes);
  while (out.length % 4) out.push(0);
  const shoff = out.length;
  const shnum = 8;
  for (let i = 0; i < 40 * shnum; i++) out.push(0);
  const sh = (i: number, name: string, f: number[]) => {
    u32(shoff + 40 * i, shnames.at.get(name)!);
    f.forEach((v, k) => u32(shoff + 40 * i + 4 + 4 * k, v));
  };
  // type, flags, addr, offset, size, link, info, align, entsize
  sh(1, '.text', [1, 6, TEXT_ADDR, textOff, 8, 0, 0, 4, 0]);
  sh(2, '.xt.prop', [1, 0, 0, propOff, 12, 0, 0, 1, 0]);
  sh(3, '.bss', [8, 3, 0x60000000, 0, 16, 0, 0, 8, 0]);
  sh(4, '.symtab', [2, 0, 0, symtabOff, 48, 5, 1, 4, 16]);
  sh(5, '.strtab', [3, 0, 0, strtabOff, names.bytes.length, 0, 0, 1, 0]);
  sh(6, '.shstrtab', [3, 0, 0, shstrtabOff, shnames.bytes.length, 0, 0, 1, 0]);
  sh(7, '.comment', [1, 0, 0, shstrtabOff, 0, 0, 0, 1, 0]); // empty, shares an offset: allowed
  // Program header: PT_LOAD of .text.
  [1, textOff, TEXT_ADDR, TEXT_ADDR, 8, 8, 5, 4].forEach((v, k) => u32(52 + 4 * k, v));
  // ELF header.
  [0x7f, 0x45, 0x4c, 0x46, 1, 1, 1].forEach((b, i) => u8(i, b));
  u16(16, 2);
  u16(18, 94);
  u32(20, 1);
  u32(24, ENTRY);
  u32(28, 52);
  u32(32, shoff);
  u32(36, 0x300);
  u16(40, 52);
  u16(42, 32);
  u16(44, 1);
  u16(46, 40);
  u16(48, shnum);
  u16(50, 6);
  return {
    bytes: Uint8Array.from(out),
    phoff: 52,
    textOff,
    propOff,
    symtabOff,
    strtabOff,
    shstrtabOff,
    shoff,
    shnum,
    index: { text: 1, prop: 2, bss: 3, symtab: 4, strtab: 5, shstrtab: 6 },
  };
}

/** A copy of `bytes` with the little-endian u32 at `at` replaced. */
export function withU32(bytes: Uint8Array, at: number, v: number): Uint8Array {
  const b = bytes.slice();
  new DataView(b.buffer).setUint32(at, v >>> 0, true);
  return b;
}

/** A copy of `bytes` with the little-endian u16 at `at` replaced. */
export function withU16(bytes: Uint8Array, at: number, v: number): Uint8Array {
  const b = bytes.slice();
  new DataView(b.buffer).setUint16(at, v & 0xffff, true);
  return b;
}

/** Offset of field `k` (0 = sh_name, 1 = sh_type, … 9 = sh_entsize) of section header `i`. */
export function shField(l: SynthLayout, i: number, k: number): number {
  return l.shoff + 40 * i + 4 * k;
}
