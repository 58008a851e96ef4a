// The objdump-style listing of hand-built images (no external tools): file and section headers,
// symbol blocks, literal words from the property table, `.byte`, runs of zeros, object symbols
// dumped as data, an invalid property table, images without symbols, and the annotation hook.

import { strict as assert } from 'node:assert';
import { ElfImage, ElfSection, ElfSymbol, ET_EXEC, STB_GLOBAL, STB_LOCAL } from '../../../xtensa/elf/types';
import { INSN_BY_MNEMONIC, encode, wordBytes } from '../../../xtensa/isa';
import { disassembleElf, symbolizerAt } from '../../../xtensa/disasm';

const BASE = 0x40100000;

function asm(pc: number, mnemonic: string, ...ops: number[]): number[] {
  const def = INSN_BY_MNEMONIC.get(mnemonic)!;
  return wordBytes(encode(def, ops, pc), def.size);
}

function words(...ws: number[]): number[] {
  return ws.flatMap((w) => [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24]);
}

function props(entries: [number, number, number][]): Uint8Array {
  return Uint8Array.from(entries.flatMap(([a, s, f]) => words(a, s, f)));
}

function image(code: number[], symbols: Partial<ElfSymbol>[], prop?: Uint8Array): ElfImage {
  const text = Uint8Array.from(code);
  const sections: ElfSection[] = [
    { name: '', type: 0, flags: 0, addr: 0, data: new Uint8Array(0), size: 0, align: 0 },
    { name: '.text', type: 1, flags: 6, addr: BASE, data: text, size: text.length, align: 4 },
  ];
  if (prop) sections.push({ name: '.xt.prop', type: 1, flags: 0, addr: 0, data: prop, size: prop.length, align: 1 });
  return {
    type: ET_EXEC,
    machine: 94,
    entry: BASE,
    flags: 0x300,
    sections,
    symbols: symbols.map((s) => ({ name: 'x', value: BASE, size: 0, bind: STB_GLOBAL, type: 0, shndx: 1, ...s })),
    segments: [],
  };
}

const HEADER = '\nt.elf:     file format elf32-xtensa-le\n\n\nDisassembly of section .text:\n';

describe('disasm: listing', () => {
  // 0: literal 0x12345678 | 4: movi a2, 1000 | 7: l32r a4, <0> | a: j 4 | d: .byte 0xff, 0x00, 0x00
  const code = [
    ...words(0x12345678),
    ...asm(BASE + 4, 'movi', 2, 1000),
    ...asm(BASE + 7, 'l32r', 4, BASE),
    ...asm(BASE + 10, 'j', BASE + 4),
    0xff,
    0,
    0,
  ];
  const table = props([
    [BASE, 4, 1],
    [BASE + 4, 9, 2],
    [BASE + 13, 1, 4],
  ]);

  it('prints headers, a block before the first symbol, literals, instructions and stray bytes', () => {
    const text = disassembleElf(image(code, [{ name: '_start', value: BASE + 4 }], table), 't.elf');
    assert.equal(
      text,
      HEADER +
        '\n40100000 <_start-0x4>:\n' +
        '40100000:\t12345678 \t\n' +
        '\n40100004 <_start>:\n' +
        '40100004:\te8a322        \tmovi\ta2, 0x3e8\n' +
        '40100007:\tfffe41        \tl32r\ta4, 40100000 <_start-0x4> (12345678 <_start-0x2ddba98c>)\n' +
        '4010000a:\tfffd86        \tj\t40100004 <_start>\n' +
        '4010000d:\tff          \t.byte 0xff\n' +
        '\t...\n',
    );
  });

  it('decodes everything as instructions when the property table is invalid, and says so', () => {
    const warnings: string[] = [];
    const bad = props([
      [BASE, 4, 1],
      [BASE, 8, 2],
    ]);
    const text = disassembleElf(image(code, [{ name: '_start', value: BASE + 4 }], bad), 't.elf', {
      onWarning: (m) => warnings.push(m),
    });
    assert.deepEqual(warnings, ['t.elf(.text): invalid property table']);
    assert.match(text, /40100000:\t5678 {6}\tl32i\.n\ta7, a6, 20\n/);
  });

  it('without symbols, names blocks after the section and prints bare addresses', () => {
    const text = disassembleElf(image(code, [], table), 't.elf');
    assert.match(text, /\n40100000 <\.text>:\n40100000:\t12345678 \t\n/);
    assert.match(text, /\tj\t0x40100004\n/);
    assert.match(text, /\tl32r\ta4, 0x40100000 \(0x12345678\)\n/);
  });

  it('skips 8 or more zeros in multiples of 4, and fewer than 3 zeros before a symbol', () => {
    // ret.n, 13 zeros, nop.n | next symbol | ret.n, 2 zeros | next symbol | ret.n, 5 zeros
    const z = [...asm(0, 'ret.n'), ...Array(13).fill(0), ...asm(0, 'nop.n'), ...asm(0, 'ret.n'), 0, 0, ...asm(0, 'ret.n'), 0, 0, 0, 0, 0];
    const syms = [{ name: 'a' }, { name: 'b', value: BASE + 17 }, { name: 'c', value: BASE + 21 }];
    const text = disassembleElf(image(z, syms), 't.elf');
    assert.equal(
      text,
      HEADER +
        // 13 zeros from 0x2: 12 skipped, the 13th starts `00 3d f0` = subx8
        '\n40100000 <a>:\n40100000:\tf00d      \tret.n\n\t...\n' +
        '4010000e:\tf03d00        \tsubx8\ta3, a13, a0\n' +
        // 2 zeros before the next symbol: skipped
        '\n40100011 <b>:\n40100011:\tf00d      \tret.n\n\t...\n' +
        // 5 zeros at the end: not skipped (3 to 7), then the last 2 are
        '\n40100015 <c>:\n40100015:\tf00d      \tret.n\n' +
        '40100017:\t000000        \till\n' +
        '\t...\n',
    );
  });

  it('dumps a block that starts at an object symbol as data, in the last chunk size', () => {
    const data = [...asm(0, 'nop'), 0x41, 0x42, 0x43, 0x44, 0x01, 0x02];
    const text = disassembleElf(image(data, [{ name: 'f', type: 2 }, { name: 'tbl', value: BASE + 3, type: 1, bind: STB_LOCAL }]), 't.elf');
    assert.equal(
      text,
      HEADER +
        '\n40100000 <f>:\n40100000:\t0020f0        \tnop\n' +
        '\n40100003 <tbl>:\n40100003:\t434241 020144 ' + ' '.repeat(7 * 4) + '    ABCD..\n',
    );
  });

  it('calls the annotation hook before each line it annotates', () => {
    const text = disassembleElf(image(code, [{ name: '_start', value: BASE + 4 }], table), 't.elf', {
      annotate: (addr) => (addr === BASE + 7 ? '; line 12\n' : undefined),
    });
    assert.match(text, /movi\ta2, 0x3e8\n; line 12\n40100007:/);
  });

  it('gives other components a symbolizer for the section holding an address', () => {
    const img = image(code, [{ name: '_start', value: BASE + 4 }], table);
    const sym = symbolizerAt(img, BASE + 7);
    assert.equal(sym.address(BASE + 8), '40100008 <_start+0x4>');
    assert.equal(sym.readWord(BASE), 0x12345678);
    assert.equal(sym.readWord(BASE + code.length - 2), undefined);
    assert.equal(symbolizerAt(img, 0x1000).address(BASE), '0x40100000');
  });

  it('lists only the sections asked for', () => {
    const text = disassembleElf(image(code, [], table), 't.elf', { sections: ['.data'] });
    assert.equal(text, '\nt.elf:     file format elf32-xtensa-le\n\n');
  });
});
