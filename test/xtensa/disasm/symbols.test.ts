// objdump's symbol rules: which symbols count, how symbols at one address are ranked (per section
// being disassembled), which symbol names an address, and the `<sym±0xoff>` spelling.

import { strict as assert } from 'node:assert';
import { ElfImage, ElfSymbol, ET_EXEC, ET_REL, STB_GLOBAL, STB_LOCAL, STB_WEAK } from '../../../xtensa/elf/types';
import { SymbolTable, relativeName } from '../../../xtensa/disasm';

const NOTYPE = 0;
const OBJECT = 1;
const FUNC = 2;
const SECTION = 3;
const FILE = 4;
const COMMON = 5;
const ABS = 0xfff1;

function section(name: string, addr: number, size: number) {
  return { name, type: 1, flags: 6, addr, data: new Uint8Array(size), size, align: 4 };
}

function image(symbols: Partial<ElfSymbol>[], type = ET_EXEC): ElfImage {
  return {
    type,
    machine: 94,
    entry: 0,
    flags: 0,
    sections: [section('', 0, 0), section('.text', 0x1000, 0x100), section('.data', 0x2000, 0x100)],
    symbols: symbols.map((s) => ({ name: 'x', value: 0, size: 0, bind: STB_GLOBAL, type: NOTYPE, shndx: 1, ...s })),
    segments: [],
  };
}

/** Names in the order objdump ranks them while disassembling `.text`. */
function ranked(symbols: Partial<ElfSymbol>[], sectionName = '.text'): string[] {
  return new SymbolTable(image(symbols)).inSection(sectionName).sorted.map((s) => s.name);
}

describe('disasm: symbols', () => {
  it('ignores unnamed, undefined, common, section and file symbols', () => {
    const names = ranked([
      { name: '' },
      { name: 'undef', shndx: 0 },
      { name: 'common', shndx: 0xfff2 },
      { name: '.text', type: SECTION },
      { name: 'prog.c', type: FILE, shndx: ABS },
      { name: 'kept' },
    ]);
    assert.deepEqual(names, ['kept']);
  });

  it('orders by address, then ranks functions, objects, globals, larger sizes, names', () => {
    const at = 0x1010;
    assert.deepEqual(
      ranked([
        { name: 'b_local', value: at, bind: STB_LOCAL },
        { name: 'weak', value: at, bind: STB_WEAK },
        { name: 'glob', value: at },
        { name: 'obj', value: at, type: OBJECT, bind: STB_LOCAL },
        { name: 'fn', value: at, type: FUNC, bind: STB_LOCAL },
        { name: 'early', value: 0x1000 },
      ]),
      ['early', 'fn', 'obj', 'glob', 'weak', 'b_local'],
    );
    assert.deepEqual(ranked([{ name: 'small', value: 0x1010, size: 4 }, { name: 'big', value: 0x1010, size: 16 }]), ['big', 'small']);
    assert.deepEqual(ranked([{ name: '.Ldot' }, { name: 'zed' }, { name: 'abc' }]), ['abc', 'zed', '.Ldot']);
    assert.deepEqual(ranked([{ name: 'crt0.o' }, { name: 'zz' }]), ['zz', 'crt0.o'], 'file-like names last');
    assert.deepEqual(ranked([{ name: 'c', type: COMMON }, { name: 'b' }]), ['c', 'b'], 'STT_COMMON ranks as an object');
  });

  it('ranks symbols of the section being disassembled first', () => {
    const syms = [
      { name: 'in_data', value: 0x1050, shndx: 2, type: FUNC },
      { name: 'in_text', value: 0x1050, shndx: 1 },
    ];
    assert.deepEqual(ranked(syms, '.text'), ['in_text', 'in_data']);
    assert.deepEqual(ranked(syms, '.data'), ['in_data', 'in_text']);
  });

  it('names an address by the nearest symbol at or below it', () => {
    const t = new SymbolTable(image([{ name: 'a', value: 0x1000 }, { name: 'b', value: 0x1010 }, { name: 'stack', value: 0x8000, shndx: ABS }])).inSection('.text');
    const name = (vma: number, want = false) => {
      const i = t.find(vma, 1, want);
      return i < 0 ? null : t.sorted[i].name;
    };
    assert.equal(name(0x1000), 'a');
    assert.equal(name(0x100f), 'a');
    assert.equal(name(0x1010), 'b');
    assert.equal(name(0x7fff), 'b');
    assert.equal(name(0x8000), 'stack');
    assert.equal(name(0x10), 'a', 'below every symbol: the first one');
    assert.equal(name(0x9000, true), 'b', 'with the section required, the nearest of that section');
    assert.equal(name(0x10, true), 'a', 'with the section required and nothing below, the first above');
    assert.equal(new SymbolTable(image([{ name: 'd', shndx: 2, value: 0x2000 }])).inSection('.text').find(0x1000, 1, true), -1);
  });

  it('prefers, among symbols at one address, one of the current section', () => {
    const t = new SymbolTable(image([{ name: 'abs', value: 0x1020, shndx: ABS, type: FUNC }, { name: 'local', value: 0x1020, bind: STB_LOCAL }])).inSection('.text');
    assert.equal(t.sorted[t.find(0x1020, 1, false)].name, 'local');
    assert.equal(t.sorted[t.find(0x1020, 2, false)].name, 'local', 'ranked first for .text anyway');
  });

  it('adds the section address to symbol values of relocatable files', () => {
    const img = image([{ name: 'f', value: 0x10 }], ET_REL);
    assert.equal(new SymbolTable(img).inSection('.text').sorted[0].value, 0x1010);
    assert.equal(new SymbolTable(image([{ name: 'f', value: 0x10 }])).inSection('.text').sorted[0].value, 0x10);
  });

  it('spells addresses relative to a symbol', () => {
    assert.equal(relativeName('main', 0x1000, 0x1000), 'main');
    assert.equal(relativeName('main', 0x1000, 0x1024), 'main+0x24');
    assert.equal(relativeName('_start', 0x4010000b, 0x40100000), '_start-0xb');
    assert.equal(relativeName('.text', 0, 0xfffc0010), '.text+0xfffc0010');
  });
});
