// Symbol lookup with objdump's rules: which symbols count, how symbols at one address are ranked,
// which symbol names an address, and how `<sym+0xoff>` is printed. Behaviour observed from
// `xtensa-lx106-elf-objdump -d` (binutils 2.40).

import {
  ElfImage,
  ET_REL,
  STB_GLOBAL,
  STB_LOCAL,
  STT_FILE,
  STT_FUNC,
  STT_OBJECT,
  STT_SECTION,
} from '../elf/types';
import { hexNoZeros } from './format';

const SHN_UNDEF = 0;
const SHN_ABS = 0xfff1;
const SHN_COMMON = 0xfff2;

/** A symbol objdump may print: its absolute value and the index of its section (SHN_ABS for absolute). */
export interface DisasmSymbol {
  readonly name: string;
  readonly value: number;
  readonly shndx: number;
  readonly bind: number;
  readonly type: number;
}

/** Undefined, common, section and file symbols and symbols without a name are never printed. */
function isUseful(s: { name: string; shndx: number; type: number }): boolean {
  if (s.name === '' || s.type === STT_SECTION || s.type === STT_FILE) return false;
  return s.shndx !== SHN_UNDEF && s.shndx !== SHN_COMMON;
}

/** objdump's heuristic for file-name symbols (`foo.o`, `libc.a`): ranked after the others. */
function looksLikeFile(name: string): boolean {
  const n = name.length;
  return n > 2 && name[n - 2] === '.' && (name[n - 1] === 'o' || name[n - 1] === 'a');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Rank of two symbols at the same address: the better name first. */
function compareSameValue(a: DisasmSymbol, b: DisasmSymbol): number {
  const flags: ((s: DisasmSymbol) => boolean)[] = [
    (s) => s.name.includes('gnu_compiled') || s.name.includes('gcc2_compiled'),
    (s) => looksLikeFile(s.name),
    (s) => s.type !== STT_FUNC,
    (s) => s.type !== STT_OBJECT,
    (s) => s.bind === STB_LOCAL,
    (s) => s.bind !== STB_GLOBAL,
    (s) => s.name.startsWith('.'),
  ];
  for (const later of flags) {
    const la = later(a);
    if (la !== later(b)) return la ? 1 : -1;
  }
  return compareText(a.name, b.name);
}

function compareSymbols(a: DisasmSymbol, b: DisasmSymbol): number {
  if (a.value !== b.value) return a.value < b.value ? -1 : 1;
  return compareSameValue(a, b);
}

/** The printable symbols of an image, sorted the way objdump sorts them. */
export class SymbolTable {
  readonly sorted: readonly DisasmSymbol[];

  constructor(image: ElfImage) {
    const rel = image.type === ET_REL;
    const list: DisasmSymbol[] = [];
    for (const s of image.symbols) {
      if (!isUseful(s)) continue;
      const section = s.shndx < image.sections.length ? image.sections[s.shndx] : undefined;
      const base = rel && section && s.shndx !== SHN_ABS ? section.addr : 0;
      list.push({ name: s.name, value: (base + s.value) >>> 0, shndx: s.shndx, bind: s.bind, type: s.type });
    }
    this.sorted = list.sort(compareSymbols);
  }

  get size(): number {
    return this.sorted.length;
  }

  /** Index of the first symbol ranked at the highest value ≤ vma (0 when vma is below all). */
  private floorIndex(vma: number): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo + 1 < hi) {
      const mid = (lo + hi) >> 1;
      const v = this.sorted[mid].value;
      if (v > vma) hi = mid;
      else if (v < vma) lo = mid;
      else {
        lo = mid;
        break;
      }
    }
    while (lo > 0 && this.sorted[lo].value === this.sorted[lo - 1].value) lo--;
    return lo;
  }

  /**
   * The index of the symbol that names `vma` while disassembling section `shndx`, or -1. Among
   * symbols at one address, one in that section wins. With `wantSection` only symbols of that
   * section qualify: the nearest below `vma`, else the first above it.
   */
  find(vma: number, shndx: number, wantSection: boolean): number {
    const syms = this.sorted;
    if (syms.length === 0) return -1;
    const first = this.floorIndex(vma);
    for (let i = first; i < syms.length && syms[i].value === syms[first].value; i++) {
      if (syms[i].shndx === shndx) return i;
    }
    if (!wantSection) return first;
    for (let i = first - 1; i >= 0; i--) {
      if (syms[i].shndx !== shndx) continue;
      let j = i;
      while (j > 0 && syms[j - 1].value === syms[i].value) {
        if (syms[j - 1].shndx === shndx) i = j - 1;
        j--;
      }
      return i;
    }
    for (let i = first + 1; i < syms.length; i++) if (syms[i].shndx === shndx) return i;
    return -1;
  }
}

/** `sym`, `sym+0x10` or `sym-0x4`: the name of `vma` relative to a symbol's value. */
export function relativeName(name: string, base: number, vma: number): string {
  if (base === vma) return name;
  return base > vma ? `${name}-0x${hexNoZeros(base - vma)}` : `${name}+0x${hexNoZeros(vma - base)}`;
}
