// Input sections as the source names them (`.text`, `.text.startup`, `.rodata.str1.4`, literal pools,
// ...): their ELF type and flags, growing contents, alignment, and the output section each one is
// merged into (`.literal`, `.text`, `.rodata`, `.data`, `.bss`, or its own).

import { SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS, SHT_PROGBITS } from '../elf/types';
import { StatementError } from './errors';

/** Largest section with contents the assembler builds (a guard against `.space 0x7fffffff`). */
const MAX_CONTENTS = 64 * 1024 * 1024;

/** The standard output sections, in address order. */
export const OUTPUT_ORDER = ['.literal', '.text', '.rodata', '.data', '.bss'] as const;

export class InputSection {
  /** Contents (unused for SHT_NOBITS, whose length is `size`). */
  private buf = new Uint8Array(64);
  size = 0;
  align = 1;
  /** Address, known after layout. */
  addr = 0;
  /** The literal pool section of this section, created by its first `.literal`. */
  literalPool?: InputSection;

  constructor(
    readonly name: string,
    readonly type: number,
    readonly flags: number,
    /** Creation order. */
    readonly index: number,
    /** True for the pools `.literal` directives fill. */
    readonly isLiteralPool = false,
  ) {}

  get nobits(): boolean {
    return this.type === SHT_NOBITS;
  }

  /** Makes room for `n` more bytes (zero) and returns the offset where they start. */
  reserve(n: number): number {
    const at = this.size;
    const limit = this.nobits ? 2 ** 32 : MAX_CONTENTS;
    if (at + n > limit) {
      throw new StatementError(`section '${this.name}' would grow beyond ${this.nobits ? '4 GiB' : '64 MiB'}`);
    }
    if (!this.nobits) this.ensure(at + n);
    this.size += n;
    return at;
  }

  /** Appends bytes. */
  append(bytes: ArrayLike<number>): number {
    const at = this.reserve(bytes.length);
    if (!this.nobits) this.buf.set(bytes, at);
    return at;
  }

  /** Overwrites bytes at `offset` (inside the reserved size). */
  patch(offset: number, bytes: ArrayLike<number>): void {
    this.buf.set(bytes, offset);
  }

  bytes(): Uint8Array {
    return this.nobits ? new Uint8Array(0) : this.buf.slice(0, this.size);
  }

  private ensure(n: number): void {
    if (n <= this.buf.length) return;
    let cap = this.buf.length;
    while (cap < n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.size));
    this.buf = next;
  }
}

/** ELF type and flags GNU as gives a section name when the directive states none. */
export function defaultAttributes(name: string): { type: number; flags: number } {
  const is = (p: string) => name === p || name.startsWith(p + '.');
  if (is('.text') || is('.literal') || is('.init') || is('.fini') || name.startsWith('.gnu.linkonce.t.'))
    return { type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR };
  if (is('.bss') || is('.sbss') || name.startsWith('.gnu.linkonce.b.')) return { type: SHT_NOBITS, flags: SHF_ALLOC | SHF_WRITE };
  if (is('.data') || is('.sdata') || is('.init_array') || is('.fini_array') || is('.preinit_array') || name.startsWith('.gnu.linkonce.d.'))
    return { type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_WRITE };
  if (is('.rodata') || is('.srodata') || name.startsWith('.gnu.linkonce.r.')) return { type: SHT_PROGBITS, flags: SHF_ALLOC };
  return { type: SHT_PROGBITS, flags: 0 };
}

/** Name of the literal pool GNU as uses for the literals of section `name` (default, non-inline mode). */
export function literalPoolName(name: string): string {
  if (name === '.text') return '.literal';
  if (name.startsWith('.text.')) return '.literal' + name.slice(5);
  return name + '.literal';
}

/** The output section an input section is merged into. `ownSections` lists names placed on their own. */
export function outputSectionOf(s: InputSection, ownSections: ReadonlySet<string>): string {
  if (ownSections.has(s.name)) return s.name;
  if (!(s.flags & SHF_ALLOC)) return s.name;
  if (s.isLiteralPool || s.name === '.literal' || s.name.startsWith('.literal.')) return '.literal';
  if (s.flags & SHF_EXECINSTR) return '.text';
  if (s.nobits) return '.bss';
  if (s.flags & SHF_WRITE) return '.data';
  return '.rodata';
}
