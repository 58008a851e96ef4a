// Property tables (.xt.prop): reading entries for a section (absolute or relocated), objdump's
// order and validity check, merging of adjacent blocks, and which entry governs an address.

import { strict as assert } from 'node:assert';
import { ElfImage, ElfSection, ET_EXEC, ET_REL, STB_LOCAL, STT_SECTION } from '../../../xtensa/elf/types';
import { PropEntry, PropertyTable, coalesce, isValidTable, propertyEntries } from '../../../xtensa/disasm/props';

const LIT = 1;
const INSN = 2;
const DATA = 4;
const UNREACHABLE = 8;
const ALIGN4 = 0x800 | (2 << 12);

function bytesOf(words: number[]): Uint8Array {
  const b = new Uint8Array(words.length * 4);
  const v = new DataView(b.buffer);
  words.forEach((w, i) => v.setUint32(4 * i, w >>> 0, true));
  return b;
}

function sec(name: string, type: number, addr: number, data: Uint8Array, info = 0): ElfSection {
  return { name, type, flags: 0, addr, data, size: data.length, align: 1, info };
}

const e = (address: number, size: number, flags: number): PropEntry => ({ address, size, flags });

describe('disasm: property tables', () => {
  it('keeps the entries of an executable that start inside the section, empty marks first', () => {
    const img: ElfImage = {
      type: ET_EXEC,
      machine: 94,
      entry: 0,
      flags: 0,
      sections: [
        sec('', 0, 0, new Uint8Array(0)),
        sec('.text', 1, 0x1000, new Uint8Array(0x20)),
        sec('.xt.prop', 1, 0, bytesOf([0x1010, 8, INSN, 0x1000, 8, LIT, 0x1010, 0, 0x2804, 0x2000, 4, INSN, 0x1020, 4, INSN])),
      ],
      symbols: [],
      segments: [],
    };
    assert.deepEqual(propertyEntries(img, 1), [e(0x1000, 8, LIT), e(0x1010, 0, 0x2804), e(0x1010, 8, INSN)]);
  });

  it('places the entries of a relocatable file by their R_XTENSA_32 relocations', () => {
    const rela = bytesOf([0, (2 << 8) | 1, 0, 12, (1 << 8) | 1, 0, 24, (1 << 8) | 1, 4]); // offset, info, addend
    const img: ElfImage = {
      type: ET_REL,
      machine: 94,
      entry: 0,
      flags: 0,
      sections: [
        sec('', 0, 0, new Uint8Array(0)),
        sec('.literal', 1, 0, new Uint8Array(8)),
        sec('.text', 1, 0, new Uint8Array(0x40)),
        sec('.xt.prop', 1, 0, bytesOf([0, 8, LIT, 0x10, 4, INSN, 0x30, 4, INSN])),
        sec('.rela.xt.prop', 4, 0, rela, 3),
      ],
      // symbol 1 = section .literal, symbol 2 = section .text (the image omits the null symbol)
      symbols: [
        { name: '', value: 0, size: 0, bind: STB_LOCAL, type: STT_SECTION, shndx: 1 },
        { name: '', value: 0, size: 0, bind: STB_LOCAL, type: STT_SECTION, shndx: 2 },
      ],
      segments: [],
    };
    assert.deepEqual(propertyEntries(img, 2), [e(0, 8, LIT)]);
    assert.deepEqual(propertyEntries(img, 1), [e(0x10, 4, INSN), e(0x34, 4, INSN)], 'addend added; outside the section is kept');
  });

  it('rejects a table where a non-empty entry shares its address with another', () => {
    assert.ok(isValidTable([e(0x10, 0, 8), e(0x10, 4, INSN), e(0x14, 4, INSN)]));
    assert.ok(!isValidTable([e(0x10, 4, INSN), e(0x10, 8, INSN)]));
  });

  it('merges adjacent entries whose flags differ only in DATA and NO_TRANSFORM', () => {
    assert.deepEqual(coalesce([e(0x20, 1, INSN), e(0x21, 3, INSN | DATA | 0x100), e(0x24, 4, LIT)]), [e(0x20, 4, INSN), e(0x24, 4, LIT)]);
    assert.deepEqual(coalesce([e(0x20, 1, INSN | LIT), e(0x21, 3, INSN)]), [e(0x20, 1, INSN | LIT), e(0x21, 3, INSN)]);
    assert.deepEqual(coalesce([e(0x20, 1, INSN), e(0x22, 2, INSN)]), [e(0x20, 1, INSN), e(0x22, 2, INSN)], 'a gap');
  });

  it('lets an unreachable block reach over its fill (its size again, plus alignment)', () => {
    const u = INSN | UNREACHABLE;
    assert.deepEqual(coalesce([e(0x20, 1, u), e(0x22, 2, u)]), [e(0x20, 4, u)]);
    assert.deepEqual(coalesce([e(0x20, 1, u), e(0x21, 2, u)]), [e(0x20, 1, u), e(0x21, 2, u)]);
    // objdump's fill: the size (1) plus the bytes that align the end (0x21) up to 4 (3): next at 0x25
    assert.deepEqual(coalesce([e(0x20, 1, u | ALIGN4), e(0x25, 4, u | ALIGN4)]), [e(0x20, 9, u | ALIGN4)]);
    assert.deepEqual(coalesce([e(0x20, 1, u | ALIGN4), e(0x24, 4, u | ALIGN4)]).length, 2);
  });

  it('governs an address by the first entry that ends after it, inside or ahead', () => {
    const t = new PropertyTable([e(0x10, 8, LIT), e(0x20, 4, INSN), e(0x24, 0, DATA), e(0x30, 2, DATA)]);
    assert.deepEqual(t.at(0x0), { insn: false, literal: true, room: 0x10 }, 'before a literal block');
    assert.deepEqual(t.at(0x14), { insn: false, literal: true, room: 4 });
    assert.deepEqual(t.at(0x1a), { insn: true, literal: false, room: 6 }, 'before an instruction block: up to its start');
    assert.deepEqual(t.at(0x22), { insn: true, literal: false, room: 2 }, 'inside: up to its end');
    assert.deepEqual(t.at(0x26), { insn: false, literal: false, room: 10 }, 'empty entries govern nothing');
    assert.deepEqual(t.at(0x40), { insn: true, literal: false, room: Infinity }, 'past the last entry');
    assert.deepEqual(new PropertyTable([]).at(0), { insn: true, literal: false, room: Infinity });
  });
});
