// The assembler's own behaviour beyond GNU compatibility (which the oracle tests cover): section
// layout and its options, entry point, --defsym, weak references, instruction spellings outside
// the lx106 subset (checked against published encodings), listing and the .xt.prop table.

import { strict as assert } from 'node:assert';
import { assemble } from '../../../xtensa/asm';
import type { AssembleOptions } from '../../../xtensa/asm';
import type { ElfImage } from '../../../xtensa/elf/types';

function image(text: string, options: AssembleOptions = {}): ElfImage {
  return assemble([{ name: 't.S', text }], options).image;
}

function sec(img: ElfImage, name: string) {
  const s = img.sections.find((x) => x.name === name);
  assert.ok(s, `no section ${name}`);
  return s;
}

function sym(img: ElfImage, name: string): number {
  const s = img.symbols.find((x) => x.name === name);
  assert.ok(s, `no symbol ${name}`);
  return s.value;
}

/** Bytes of the .text section as objdump's hex words would be read: LE instruction words. */
function textHex(img: ElfImage): string {
  return Array.from(sec(img, '.text').data, (b) => b.toString(16).padStart(2, '0')).join('');
}

const SPREAD = `
	.text
	.literal .LC0, 0x12345678
f:	l32r a2, .LC0
	.section .rodata
	.byte 1
	.data
	.align 8
d:	.word 2
	.bss
	.align 16
b:	.zero 5
`;

describe('assembler: layout', () => {
  it('places .literal, .text, .rodata, .data, .bss in order from the base address, each aligned', () => {
    const img = image(SPREAD);
    assert.deepEqual(
      img.sections.slice(1, 6).map((s) => [s.name, s.addr.toString(16), s.size]),
      [
        ['.literal', '50000000', 4],
        ['.text', '50000004', 3],
        ['.rodata', '50000007', 1],
        ['.data', '50000008', 4],
        ['.bss', '50000010', 5],
      ],
    );
    assert.equal(sym(img, 'd'), 0x50000008);
  });

  it('honours the base option', () => {
    assert.equal(sec(image(SPREAD, { base: 0x40000000 }), '.literal').addr, 0x40000000);
  });

  it('packs the sections before a fixed one just below it and continues after it', () => {
    const img = image(SPREAD, { sectionStart: { '.text': 0x40001000 } });
    assert.equal(sec(img, '.literal').addr, 0x40000ffc);
    assert.equal(sec(img, '.text').addr, 0x40001000);
    assert.equal(sec(img, '.rodata').addr, 0x40001003);
  });

  it('fixes several sections independently', () => {
    const img = image(SPREAD, { sectionStart: { '.literal': 0x40000000, '.data': 0x3ffe8000 } });
    assert.equal(sec(img, '.text').addr, 0x40000004);
    assert.equal(sec(img, '.data').addr, 0x3ffe8000);
    assert.equal(sec(img, '.bss').addr, 0x3ffe8010);
  });

  it('gives a named input section its own output section when its start is given', () => {
    const img = image('\t.section .vectors,"ax"\nv:\tj v\n\t.text\nt:\tnop', { sectionStart: { '.vectors': 0x40000000 } });
    assert.equal(sec(img, '.vectors').addr, 0x40000000);
    assert.equal(sec(img, '.text').addr, 0x50000000);
    assert.equal(sym(img, 'v'), 0x40000000);
  });

  it('merges .text.* and custom code sections into .text, and .rodata.*/.data.*/.bss.* likewise', () => {
    const img = image('\t.section .text.a,"ax"\n\tnop\n\t.section .mycode,"ax"\n\tnop.n\n\t.section .rodata.x\n\t.byte 1\n\t.section .data.y,"aw"\n\t.byte 2\n\t.section .bss.z,"aw",@nobits\n\t.zero 3');
    assert.deepEqual(img.sections.map((s) => s.name), ['', '.text', '.rodata', '.data', '.bss', '.xt.prop']);
    assert.equal(sec(img, '.text').size, 5);
  });

  it('keeps non-allocated sections (e.g. DWARF) at address 0', () => {
    const img = image('\tnop\n\t.section .debug_info,"",@progbits\n\t.4byte 7\n\t.uleb128 300\n\t.sleb128 -2');
    const d = sec(img, '.debug_info');
    assert.equal(d.addr, 0);
    assert.equal(d.flags, 0);
    assert.deepEqual(Array.from(d.data), [7, 0, 0, 0, 0xac, 0x02, 0x7e]);
  });
});

describe('assembler: symbols and entry', () => {
  it('enters at _start, else at the start of .text, else where asked', () => {
    assert.equal(image('\tnop\n\t.global _start\n_start:\tnop').entry, 0x50000003);
    assert.equal(image('\t.literal .L0, 1\n\tnop').entry, 0x50000004);
    assert.equal(image('\tnop\nmain:\tnop', { entry: 'main' }).entry, 0x50000003);
    assert.equal(image('\tnop', { entry: '0x40000400' }).entry, 0x40000400);
  });

  it('defines --defsym symbols as absolute globals usable anywhere', () => {
    const img = image('\tcall0 ext\n\t.word value * 2', { defsym: { ext: 0x50000100, value: 21 } });
    // call0: target = (pc & ~3) + 4 + 4 * offset → offset 63 in bits 6..23 above op0 = 5.
    assert.equal(textHex(img).slice(0, 6), 'c50f00');
    const words = Array.from(sec(img, '.text').data.slice(3, 7));
    assert.deepEqual(words, [42, 0, 0, 0]);
    const ext = img.symbols.find((s) => s.name === 'ext')!;
    assert.deepEqual([ext.value, ext.shndx, ext.bind], [0x50000100, 0xfff1, 1]);
  });

  it('resolves an undefined weak symbol to 0', () => {
    const img = image('\t.weak w\n\t.word w, w + 4');
    assert.deepEqual(Array.from(sec(img, '.text').data), [0, 0, 0, 0, 4, 0, 0, 0]);
  });

  it('keeps .L labels and numeric labels out of the symbol table, and lists a file symbol per source', () => {
    const r = assemble([
      { name: 'a.S', text: '.L1:\tnop\n1:\tnop\nx:\tj 1b' },
      { name: 'b.S', text: 'y:\tnop' },
    ]);
    assert.deepEqual(
      r.image.symbols.map((s) => s.name),
      ['a.S', 'x', 'b.S', 'y'],
    );
  });
});

describe('assembler: instructions beyond the lx106 subset', () => {
  // Encodings published in xtensa-oracles.md §4.4 (objdump hex column, i.e. LE word value).
  const PUBLISHED: [string, string][] = [
    ['entry a1, 32', '004136'],
    ['movsp a1, a2', '001210'],
    ['rotw 1', '408010'],
    ['l32e a4, a5, -16', '09c540'],
    ['retw.n', 'f01d'],
    ['add.s f0, f1, f2', '0a0120'],
    ['lsi f3, a2, 4', '010233'],
    ['madd.s f0, f1, f2', '4a0120'],
    ['wfr f0, a3', 'fa0350'],
  ];
  for (const [text, word] of PUBLISHED) {
    it(`${text} → ${word}`, () => {
      const bytes = Array.from(sec(image(`\t${text}`), '.text').data);
      const value = bytes.reduce((v, b, i) => v + b * 256 ** i, 0);
      assert.equal(value.toString(16).padStart(word.length, '0'), word);
    });
  }

  it('accepts the generic rsr/wsr/xsr and rur/wur forms by name and by number', () => {
    const a = textHex(image('\trur a2, threadptr\n\trur a2, 231\n\trur.threadptr a2\n\twur a3, fcr\n\twur.fcr a3\n\trsr a4, windowbase\n\trsr.windowbase a4'));
    const chunks = a.match(/.{6}/g)!;
    assert.equal(chunks[0], chunks[1]);
    assert.equal(chunks[1], chunks[2]);
    assert.equal(chunks[3], chunks[4]);
    assert.equal(chunks[5], chunks[6]);
  });

  it('accepts sp for a1, mov as or, _mnemonic as mnemonic, and any letter case in mnemonics', () => {
    assert.equal(textHex(image('\taddi sp, sp, -16\n\tmov a2, a3\n\t_addi a1, a1, -16\n\tADDI a1, a1, -16')), [
      textHex(image('\taddi a1, a1, -16')),
      textHex(image('\tor a2, a3, a3')),
      textHex(image('\taddi a1, a1, -16')),
      textHex(image('\taddi a1, a1, -16')),
    ].join(''));
  });

  it('accepts .half and .rodata, which GNU as lacks', () => {
    const img = image('\t.rodata\n\t.half 0x1234');
    assert.deepEqual(Array.from(sec(img, '.rodata').data), [0x34, 0x12]);
  });
});

describe('assembler: listing and property table', () => {
  it('lists every instruction and data statement with its address, bytes and source line', () => {
    const r = assemble([{ name: 'l.S', text: '\t.text\nf:\tnop.n\n\t.word 5\n\t.literal .L0, 7\n\tmovi a2, 1' }]);
    assert.deepEqual(
      r.listing.map((l) => [l.line, l.section, l.address.toString(16), l.kind, l.text, Array.from(l.bytes).join(',')]),
      [
        [2, '.text', '50000004', 'insn', 'nop.n', '61,240'],
        [3, '.text', '50000006', 'data', '.word 5', '5,0,0,0'],
        [4, '.literal', '50000000', 'data', '.literal .L0, 7', '7,0,0,0'],
        [5, '.text', '5000000a', 'insn', 'movi a2, 1', '34,160,1'],
      ],
    );
  });

  it('writes an .xt.prop table that tells instructions, data and literals apart', () => {
    const img = image('\t.text\n\tnop.n\n\tnop\n\t.word 5\n\tnop\n\t.literal .L0, 7');
    const p = sec(img, '.xt.prop');
    const v = new DataView(p.data.buffer, p.data.byteOffset, p.data.byteLength);
    const entries = [];
    for (let i = 0; i < p.size; i += 12) entries.push([v.getUint32(i, true).toString(16), v.getUint32(i + 4, true), v.getUint32(i + 8, true).toString(16)]);
    assert.deepEqual(entries, [
      ['50000000', 4, '101'],
      ['50000004', 5, '106'],
      ['50000009', 4, '104'],
      ['5000000d', 3, '106'],
    ]);
  });
});
