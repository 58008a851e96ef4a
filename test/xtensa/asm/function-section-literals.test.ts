// Function sections keep their literal pools within L32R's reach: `.text.X`'s pool `.literal.X` is
// placed just before it inside .text, after the plain code (whose pools stay in .literal ahead of all
// code), so two 200 KB function sections both reach their literals; the pool words are marked as
// literals in .xt.prop; relocatable objects keep the pairing.

import { strict as assert } from 'node:assert';
import { assemble, assembleObject } from '../../../xtensa/asm';
import type { ElfImage } from '../../../xtensa/elf/types';

const BIG = 200_000;
const FIRST = `
	.text
	.literal .Lplain, 0x11111111
plain:	l32r a2, .Lplain
	.section .text.one,"ax",@progbits
	.literal .Lone, 0x22222222
one:	.fill ${BIG}, 1, 0
one_load:	l32r a3, .Lone
	.section .text.two,"ax",@progbits
	.literal .Ltwo, 0x33333333
two:	.fill ${BIG}, 1, 0
two_load:	l32r a4, .Ltwo
`;
const SECOND = `
	.text
	.literal .Lafter, 0x44444444
after:	l32r a5, .Lafter
`;

function sym(img: ElfImage, name: string): number {
  const s = img.symbols.find((x) => x.name === name);
  assert.ok(s, `no symbol ${name}`);
  return s.value;
}

/** The literal word an L32R at `at` loads (its 16-bit negative word offset from the next aligned PC). */
function l32rTarget(img: ElfImage, at: number): number {
  const text = img.sections.find((s) => s.name === '.text')!;
  const off = at - text.addr;
  const imm = text.data[off + 1] | (text.data[off + 2] << 8);
  return ((at + 3) & ~3) + ((imm - 0x10000) << 2);
}

function word(img: ElfImage, addr: number): number {
  const s = img.sections.find((x) => x.addr <= addr && addr + 4 <= x.addr + x.data.length && x.data.length)!;
  return new DataView(s.data.buffer, s.data.byteOffset).getUint32(addr - s.addr, true);
}

describe('asm/function-section literal pools', function () {
  this.timeout(60_000);

  for (const objects of [false, true]) {
    it(`places each function section after its own pool, after the plain code${objects ? ' (from relocatable objects)' : ''}`, () => {
      const sources = [{ name: 'a.S', text: FIRST }, { name: 'b.S', text: SECOND }];
      const { image } = assemble(objects ? sources.map((s) => assembleObject(s)) : sources, { base: 0x40000000 });
      // the plain code of both files comes first, then .text.one and .text.two
      assert.ok(sym(image, 'plain') < sym(image, 'after') && sym(image, 'after') < sym(image, 'one') && sym(image, 'one') < sym(image, 'two'));
      for (const [load, value] of [['plain', 0x11111111], ['one_load', 0x22222222], ['two_load', 0x33333333], ['after', 0x44444444]] as const) {
        assert.equal(word(image, l32rTarget(image, sym(image, load))) >>> 0, value, load);
      }
      // the pool of .text.two sits right before it, 200 KB after .text.one's
      const twoPool = l32rTarget(image, sym(image, 'two_load'));
      assert.ok(twoPool < sym(image, 'two') && sym(image, 'two') - twoPool <= 4);
    });
  }

  it('marks the pool words inside .text as literals in .xt.prop', () => {
    const { image } = assemble([{ name: 'a.S', text: '\t.text\n\tnop\n\t.section .text.f,"ax",@progbits\n\t.literal .L0, 7\nf:\tl32r a2, .L0\n' }], { base: 0x50000000 });
    const p = image.sections.find((s) => s.name === '.xt.prop')!;
    const v = new DataView(p.data.buffer, p.data.byteOffset, p.data.byteLength);
    const entries = [];
    for (let i = 0; i < p.data.byteLength; i += 12) entries.push([v.getUint32(i, true).toString(16), v.getUint32(i + 4, true), v.getUint32(i + 8, true).toString(16)]);
    assert.deepEqual(entries, [
      ['50000000', 3, '106'],
      ['50000004', 4, '101'],
      ['50000008', 3, '106'],
    ]);
  });
});
