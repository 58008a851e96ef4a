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
const SHN_LORESERVE = 0xff00;
const SHN_COMMON = 0xfff2;

/** A symbol objdump may print: its absolute value, size, section index (SHN_ABS for absolute) and name. */
export interface DisasmSymbol {
  readonly name: string;
  readonly value: number;
  readonly size: number;
  readonly shndx: number;
  /** Name of its section (`*ABS*` for absolute symbols): symbols are compared by section name. */
  readonly section: string;
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

const STT_COMMON = 5;

/** BFD's BSF_FUNCTION: the symbol is a function. */
export function isFunctionSymbol(s: { type: number }): boolean {
  return s.type === STT_FUNC;
}

/** BFD's BSF_OBJECT: data objects, including STT_COMMON symbols. */
export function isObjectSymbol(s: { type: number }): boolean {
  return s.type === STT_OBJECT || s.type === STT_COMMON;
}

/** Properties that rank a symbol after others at the same address, in order of importance. */
const RANKED_LATER: readonly ((s: DisasmSymbol) => boolean)[] = [
  (s) => s.name.includes('gnu_compiled') || s.name.includes('gcc2_compiled'),
  (s) => looksLikeFile(s.name),
  (s) => !isFunctionSymbol(s),
  (s) => !isObjectSymbol(s),
  (s) => s.bind === STB_LOCAL,
  (s) => s.bind !== STB_GLOBAL,
];

/**
 * objdump's order of symbols while disassembling section `current`: by address; then symbols of
 * that section first; then real names before compiler markers and file names; functions, objects,
 * globals before the rest; larger sizes first; names not starting with '.' first; then by name.
 */
function comparator(current: string): (a: DisasmSymbol, b: DisasmSymbol) => number {
  return (a, b) => {
    if (a.value !== b.value) return a.value < b.value ? -1 : 1;
    const inA = a.section === current;
    if (inA !== (b.section === current)) return inA ? -1 : 1;
    for (const later of RANKED_LATER) {
      const la = later(a);
      if (la !== later(b)) return la ? 1 : -1;
    }
    if (a.size !== b.size) return a.size > b.size ? -1 : 1;
    const dotA = a.name.startsWith('.');
    if (dotA !== b.name.startsWith('.')) return dotA ? 1 : -1;
    return compareText(a.name, b.name);
  };
}

/** The printable symbols of an image; `inSection` gives them in objdump's order for one section. */
export class SymbolTable {
  private readonly symbols: readonly DisasmSymbol[];
  private readonly orders = new Map<string, SortedSymbols>();

  constructor(image: ElfImage) {
    const rel = image.type === ET_REL;
    const list: DisasmSymbol[] = [];
    for (const s of image.symbols) {
      if (!isUseful(s)) continue;
      const section = s.shndx < SHN_LORESERVE ? image.sections[s.shndx] : undefined;
      const abs = !section; // SHN_ABS and other reserved indexes: BFD puts them in its absolute section
      const base = rel && section && !abs ? section.addr : 0;
      list.push({
        name: s.name,
        value: (base + s.value) >>> 0,
        size: s.size,
        shndx: s.shndx,
        section: abs ? '*ABS*' : (section?.name ?? ''),
        bind: s.bind,
        type: s.type,
      });
    }
    this.symbols = list;
  }

  get size(): number {
    return this.symbols.length;
  }

  /** The symbols sorted as objdump sorts them while disassembling the section named `name`. */
  inSection(name: string): SortedSymbols {
    let order = this.orders.get(name);
    if (!order) {
      order = new SortedSymbols([...this.symbols].sort(comparator(name)));
      this.orders.set(name, order);
    }
    return order;
  }
}

/** Symbols in one objdump order, with objdump's search for the symbol that names an address. */
export class SortedSymbols {
  constructor(readonly sorted: readonly DisasmSymbol[]) {}

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
