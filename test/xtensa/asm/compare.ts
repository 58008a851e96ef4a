// Test helper: assembles one source text with GNU as (--no-transform) + ld and with our assembler
// at the same addresses, and compares the results. The linker script places every input section
// explicitly, in file order, into the output sections our assembler uses (.literal at BASE, then
// .text, .rodata, .data, .bss; function sections `.text.X` after the plain code, each after its pool
// `.literal.X`), because Xtensa ld reorders the sections that one wildcard statement matches. Symbols left undefined get the same --defsym values on both sides.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { assemble } from '../../../xtensa/asm';
import { readElf } from '../../../xtensa/elf/reader';
import { ElfImage, ElfSection, SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS, STT_FILE, STT_SECTION } from '../../../xtensa/elf/types';
import { gnuLink, tempDir, undefinedSymbols } from './gnu';
import { relaxFarBranches } from './gcc-rewrite';

export const BASE = 0x50000000;
/** Where undefined externals go: 4-aligned (call0 targets), within call0 range of the code. */
const EXTERNALS = 0x50060000;
const OUTPUTS = ['.literal', '.text', '.rodata', '.data', '.bss'] as const;

/** The output section our assembler merges an input section into (xtensa/asm/sections.ts rules). */
function outputOf(s: ElfSection): string | undefined {
  if (!(s.flags & SHF_ALLOC)) return undefined;
  if (s.name === '.literal' || s.name.startsWith('.literal.') || s.name.endsWith('.literal')) return '.literal';
  if (s.flags & SHF_EXECINSTR) return '.text';
  if (s.type === SHT_NOBITS) return '.bss';
  if (s.flags & SHF_WRITE) return '.data';
  return '.rodata';
}

export function linkerScript(object: ElfImage): string {
  const lists = new Map<string, string[]>(OUTPUTS.map((o) => [o, []]));
  // a function section `.text.X` follows the plain code, just after its literal pool `.literal.X` (layout.ts)
  const names = new Set(object.sections.map((s) => s.name));
  const isFunction = (s: ElfSection) => s.name.startsWith('.text.') && outputOf(s) === '.text';
  const poolOf = (s: ElfSection) => `.literal.${s.name.slice('.text.'.length)}`;
  const interleaved = new Set(object.sections.filter((s) => isFunction(s) && names.has(poolOf(s))).map(poolOf));
  const functions: string[] = [];
  for (const s of object.sections) {
    const out = outputOf(s);
    if (!out || interleaved.has(s.name)) continue;
    if (isFunction(s)) functions.push(...(interleaved.has(poolOf(s)) ? [`*(${poolOf(s)})`] : []), `*(${s.name})`);
    else lists.get(out)!.push(`*(${s.name})`);
  }
  lists.get('.text')!.push(...functions);
  lists.get('.bss')!.push('*(COMMON)');
  const body = OUTPUTS.map((o) => `  ${o} : { ${lists.get(o)!.join(' ')} }`);
  return `SECTIONS {\n  . = 0x${BASE.toString(16)};\n${body.join('\n')}\n  /DISCARD/ : { *(.xt.prop .xt.prop.* .xt.lit .xt.lit.* .xtensa.info .comment .note.*) }\n}\n`;
}

function section(image: ElfImage, name: string): ElfSection | undefined {
  return image.sections.find((s) => s.name === name);
}

function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

export interface Comparison {
  /** Lines rewritten because gcc relied on GNU's transformations. */
  rewritten: number;
  textBytes: number;
  literalBytes: number;
  /** Bytes of DWARF sections compared. */
  debugBytes: number;
  /** Symbols whose addresses were compared. */
  symbols: number;
  ours: ElfImage;
  gnu: ElfImage;
}

/**
 * Assembles `source` both ways and asserts identical .literal/.text/.rodata/.data contents and
 * addresses, the same .bss size, the same set of symbol names (section and file symbols aside) and
 * the same value, size, type and binding for each.
 */
export function compareWithGnu(source: string, fileName: string): Comparison {
  const dir = tempDir('asm-cmp');
  try {
    const relaxed = relaxFarBranches(source, dir);
    const defsym: Record<string, number> = {};
    undefinedSymbols(relaxed.object).forEach((s, i) => (defsym[s] = EXTERNALS + 16 * i));
    const script = linkerScript(readElf(fs.readFileSync(relaxed.object), 'prog.o'));
    const gnu = readElf(fs.readFileSync(gnuLink(relaxed.object, script, defsym, dir)), 'gnu.elf');
    const ours = assemble([{ name: fileName, text: relaxed.source }], { base: BASE, defsym }).image;

    for (const sec of ['.literal', '.text', '.rodata', '.data']) {
      const g = section(gnu, sec);
      const o = section(ours, sec);
      if (!g || g.size === 0) {
        assert.ok(!o || o.size === 0, `${sec}: GNU has none, we have ${o?.size} bytes`);
        continue;
      }
      assert.ok(o, `${sec}: missing in our image`);
      assert.equal(o.addr.toString(16), g.addr.toString(16), `${sec} address`);
      const at = firstDifference(o.data, g.data);
      assert.equal(at, -1, `${sec}: first difference at 0x${(g.addr + at).toString(16)} (ours ${o.size} bytes, GNU ${g.size})`);
    }
    // Non-allocated sections (gcc's DWARF) too, except .debug_line and .debug_line_str: GNU as
    // writes the line program (and its file names) from .loc/.file, which we do not record yet.
    let debugBytes = 0;
    for (const o of ours.sections) {
      if (o.flags & SHF_ALLOC || !o.name.startsWith('.debug') || o.name === '.debug_line' || o.name === '.debug_line_str') continue;
      const g = section(gnu, o.name);
      assert.ok(g, `${o.name}: missing in GNU's output`);
      const at = firstDifference(o.data, g.data);
      assert.equal(at, -1, `${o.name}: first difference at offset 0x${at.toString(16)} (ours ${o.size} bytes, GNU ${g.size})`);
      debugBytes += o.size;
    }
    const gb = section(gnu, '.bss');
    const ob = section(ours, '.bss');
    assert.equal(ob?.size ?? 0, gb?.size ?? 0, '.bss size');
    if (gb && gb.size > 0) assert.equal(ob!.addr.toString(16), gb.addr.toString(16), '.bss address');

    const ourSyms = new Map(ours.symbols.map((s) => [s.name, s]));
    let symbols = 0;
    for (const s of gnu.symbols) {
      const o = ourSyms.get(s.name);
      if (!s.name || s.type === STT_SECTION || s.type === STT_FILE || !o || defsym[s.name] !== undefined) continue;
      assert.equal(o.value.toString(16), s.value.toString(16), `address of ${s.name}`);
      assert.equal(o.size, s.size, `size of ${s.name}`);
      assert.equal(o.type, s.type, `type of ${s.name}`);
      assert.equal(o.bind, s.bind, `binding of ${s.name}`);
      symbols++;
    }
    const named = (img: ElfImage) =>
      new Set(img.symbols.filter((x) => x.name && x.type !== STT_SECTION && x.type !== STT_FILE && defsym[x.name] === undefined).map((x) => x.name));
    assert.deepEqual([...named(ours)].sort(), [...named(gnu)].sort(), 'symbol names');
    return {
      rewritten: relaxed.rewritten,
      textBytes: section(ours, '.text')?.size ?? 0,
      literalBytes: section(ours, '.literal')?.size ?? 0,
      debugBytes,
      symbols,
      ours,
      gnu,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
