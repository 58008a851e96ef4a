// The ELF reader: a hand-laid-out file parses into the expected ElfImage, and each kind of defect
// gives an ElfError whose message names the file and the cause.

import { strict as assert } from 'node:assert';
import { readElf } from '../../../xtensa/elf/reader';
import { ElfError, ET_EXEC, EM_XTENSA, SHT_NOBITS, STB_GLOBAL, STT_FUNC, STT_OBJECT } from '../../../xtensa/elf/types';
import { ENTRY, TEXT_ADDR, TEXT_BYTES, shField, synthElf, withU16, withU32 } from './synth';

const F = 'prog.elf';

function errorOf(bytes: Uint8Array): string {
  try {
    readElf(bytes, F);
  } catch (e) {
    assert.ok(e instanceof ElfError, `not an ElfError: ${String(e)}`);
    return e.message;
  }
  assert.fail('readElf accepted the file');
}

describe('ELF reader', () => {
  const l = synthElf();

  it('reads the header, sections, symbols and segments of a valid file', () => {
    const img = readElf(l.bytes, F);
    assert.equal(img.type, ET_EXEC);
    assert.equal(img.machine, EM_XTENSA);
    assert.equal(img.entry, ENTRY);
    assert.equal(img.flags, 0x300);
    assert.deepEqual(
      img.sections.map((s) => s.name),
      ['', '.text', '.xt.prop', '.bss', '.symtab', '.strtab', '.shstrtab', '.comment'],
    );
    const text = img.sections[1];
    assert.equal(text.addr, TEXT_ADDR);
    assert.equal(text.flags, 6);
    assert.equal(text.align, 4);
    assert.deepEqual([...text.data], TEXT_BYTES);
    const bss = img.sections[3];
    assert.equal(bss.type, SHT_NOBITS);
    assert.equal(bss.size, 16);
    assert.equal(bss.data.length, 0);
    assert.equal(img.sections[4].link, 5);
    assert.equal(img.sections[4].entsize, 16);
    assert.deepEqual(img.symbols, [
      { name: 'main', value: TEXT_ADDR + 3, size: 5, bind: STB_GLOBAL, type: STT_FUNC, shndx: 1 },
      { name: 'buf', value: 0x60000000, size: 16, bind: STB_GLOBAL, type: STT_OBJECT, shndx: 3 },
    ]);
    assert.equal(img.segments.length, 1);
    const seg = img.segments[0];
    assert.deepEqual([seg.type, seg.vaddr, seg.paddr, seg.memsz, seg.flags, seg.align], [1, TEXT_ADDR, TEXT_ADDR, 8, 5, 4]);
    assert.deepEqual([...seg.data], TEXT_BYTES);
  });

  it('copies the file bytes, so later changes to the buffer do not reach the image', () => {
    const bytes = l.bytes.slice();
    const img = readElf(bytes, F);
    bytes[l.textOff] = 0x99;
    assert.equal(img.sections[1].data[0], TEXT_BYTES[0]);
  });

  it('rejects a file that is not ELF', () => {
    assert.equal(errorOf(new TextEncoder().encode('#!/bin/sh\necho hi\n')), `${F}: not an ELF file (bad magic number)`);
    assert.equal(errorOf(new Uint8Array(0)), `${F}: not an ELF file (bad magic number)`);
  });

  it('rejects 64-bit, big-endian and invalid identification bytes', () => {
    const b64 = l.bytes.slice();
    b64[4] = 2;
    assert.equal(errorOf(b64), `${F}: 64-bit ELF is not supported (Xtensa files are ELF32)`);
    const be = l.bytes.slice();
    be[5] = 2;
    assert.equal(errorOf(be), `${F}: big-endian ELF is not supported`);
    const badClass = l.bytes.slice();
    badClass[4] = 7;
    assert.equal(errorOf(badClass), `${F}: invalid ELF class 7`);
    const badVersion = l.bytes.slice();
    badVersion[6] = 0;
    assert.equal(errorOf(badVersion), `${F}: unsupported ELF identification version 0 (expected 1)`);
  });

  it('rejects other machines and file types', () => {
    assert.equal(errorOf(withU16(l.bytes, 18, 40)), `${F}: machine 40 is not Xtensa (EM_XTENSA = 94)`);
    assert.equal(
      errorOf(withU16(l.bytes, 16, 3)),
      `${F}: unsupported ELF type 3 (only executables, ET_EXEC, and relocatable objects, ET_REL)`,
    );
  });

  it('reports a truncated ELF header with its end and the file size', () => {
    assert.equal(errorOf(l.bytes.slice(0, 30)), `${F}: truncated: ELF header ends at 0x34 but the file has 0x1e bytes`);
    assert.equal(errorOf(l.bytes.slice(0, 10)), `${F}: truncated: ELF identification ends at 0x10 but the file has 0xa bytes`);
  });

  it('reports a truncated section header table', () => {
    const cut = l.shoff + 40 * 3;
    assert.equal(
      errorOf(l.bytes.slice(0, cut)),
      `${F}: truncated: section header table ends at 0x${(l.shoff + 40 * l.shnum).toString(16)} but the file has 0x${cut.toString(16)} bytes`,
    );
  });

  it('reports an absurd section count as a table beyond the file', () => {
    const msg = errorOf(withU16(l.bytes, 48, 0xffff));
    assert.match(msg, /^prog\.elf: truncated: section header table ends at 0x[0-9a-f]+ but the file has 0x[0-9a-f]+ bytes$/);
  });

  it('reports a program header table beyond the file and bad entry sizes', () => {
    assert.match(errorOf(withU16(l.bytes, 44, 5000)), /^prog\.elf: truncated: program header table \(5000 entries at 0x34\) ends at/);
    assert.equal(errorOf(withU16(l.bytes, 42, 56)), `${F}: program header entry size 56 is not 32`);
    assert.equal(errorOf(withU16(l.bytes, 46, 64)), `${F}: section header entry size 64 is not 40`);
    assert.equal(errorOf(withU32(l.bytes, 28, 8)), `${F}: program header table at 0x8 overlaps the ELF header`);
  });

  it('reports segments whose bytes are outside the file or larger than their memory size', () => {
    assert.match(errorOf(withU32(l.bytes, 52 + 4, l.bytes.length - 2)), /^prog\.elf: truncated: segment 0 \(0x8 bytes at offset 0x[0-9a-f]+\) ends at/);
    assert.equal(errorOf(withU32(l.bytes, 52 + 20, 4)), `${F}: segment 0: file size 0x8 exceeds memory size 0x4`);
  });

  it('reports section contents outside the file', () => {
    const msg = errorOf(withU32(l.bytes, shField(l, 1, 5), 0x10000));
    assert.equal(
      msg,
      `${F}: truncated: section 1 (.text) (0x10000 bytes at offset 0x54) ends at 0x10054 but the file has 0x${l.bytes.length.toString(16)} bytes`,
    );
  });

  it('reports overlapping section contents', () => {
    const msg = errorOf(withU32(l.bytes, shField(l, 2, 4), l.textOff + 4));
    assert.equal(msg, `${F}: section 2 (.xt.prop) (file bytes 0x58-0x64) overlaps section 1 (.text) (0x54-0x5c)`);
    assert.match(errorOf(withU32(l.bytes, shField(l, 1, 4), 0)), /section 1 \(\.text\) \(file bytes 0x0-0x8\) overlaps the ELF header|the ELF header .* overlaps section 1/);
  });

  it('reports string indexes out of range and unterminated strings', () => {
    assert.equal(
      errorOf(withU32(l.bytes, shField(l, 1, 0), 999)),
      `${F}: name of section 1: string index 999 is out of range (the section name table (section 6) has 56 bytes)`,
    );
    assert.match(errorOf(withU32(l.bytes, l.symtabOff + 16, 500)), /^prog\.elf: name of symbol 1: string index 500 is out of range/);
    const unterminated = l.bytes.slice();
    unterminated[l.strtabOff + (l.shstrtabOff - l.strtabOff) - 1] = 0x41; // the last NUL of .strtab
    assert.match(errorOf(unterminated), /^prog\.elf: name of symbol 2: string at index \d+ in the string table \(section 5\) is not terminated$/);
  });

  it('reports a bad section name table index and type', () => {
    assert.equal(errorOf(withU16(l.bytes, 50, 40)), `${F}: section name table index 40 is out of range (the file has 8 sections)`);
    assert.equal(errorOf(withU16(l.bytes, 50, 1)), `${F}: section name table (section 1) has type 1, not SHT_STRTAB`);
  });

  it('reports bad symbol tables', () => {
    assert.equal(errorOf(withU32(l.bytes, shField(l, 4, 6), 77)), `${F}: symbol table (section 4, .symtab): string table index 77 is out of range`);
    assert.equal(
      errorOf(withU32(l.bytes, shField(l, 4, 6), 1)),
      `${F}: symbol table (section 4, .symtab): linked section 1 has type 1, not SHT_STRTAB`,
    );
    assert.equal(errorOf(withU32(l.bytes, shField(l, 4, 9), 12)), `${F}: symbol table (section 4, .symtab): entry size 12 is not 16`);
    assert.equal(
      errorOf(withU32(l.bytes, shField(l, 4, 5), 40)),
      `${F}: symbol table (section 4, .symtab): size 0x28 is not a multiple of 16`,
    );
    assert.equal(
      errorOf(withU16(l.bytes, l.symtabOff + 16 + 14, 9)),
      `${F}: symbol 1 (main): section index 9 is out of range (the file has 8 sections)`,
    );
  });

  it('reports a section whose address range wraps and a bad alignment', () => {
    assert.equal(
      errorOf(withU32(l.bytes, shField(l, 1, 3), 0xfffffffc)),
      `${F}: section 1 (.text) at 0xfffffffc (0x8 bytes) wraps past 0xffffffff`,
    );
    assert.equal(errorOf(withU32(l.bytes, shField(l, 1, 8), 12)), `${F}: section 1 (.text): alignment 12 is not a power of two`);
  });

  it('accepts a file without section headers', () => {
    const img = readElf(withU16(withU32(l.bytes, 32, 0), 48, 0), F);
    assert.equal(img.sections.length, 0);
    assert.equal(img.symbols.length, 0);
    assert.equal(img.segments.length, 1);
  });
});
