// Oracle: the ELF reader sees the same program headers, section headers and symbols as
// `xtensa-lx106-elf-readelf -lSsW`, for linked corpus programs and for gcc-built objects.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readElf } from '../../../xtensa/elf/reader';
import { ElfImage } from '../../../xtensa/elf/types';
import { buildProgram, prebuild } from '../../../harness/oracle/build';
import { cProgramsDir } from '../../../harness/oracle/paths';
import { requireTool } from '../../../harness/oracle/tools';
import { gnu, scratchDir } from '../disasm/helpers';

const PROGRAMS = ['fib', 'structs', 'float_arith'];
const SECTION_TYPES: Record<string, number> = { NULL: 0, PROGBITS: 1, SYMTAB: 2, STRTAB: 3, RELA: 4, NOTE: 7, NOBITS: 8 };
const SYMBOL_TYPES: Record<string, number> = { NOTYPE: 0, OBJECT: 1, FUNC: 2, SECTION: 3, FILE: 4 };
const BINDS: Record<string, number> = { LOCAL: 0, GLOBAL: 1, WEAK: 2 };
const SPECIAL_NDX: Record<string, number> = { UND: 0, ABS: 0xfff1, COM: 0xfff2 };

const num = (hex: string) => parseInt(hex, 16);

/** Program headers as readelf prints them: type, vaddr, paddr, filesz, memsz, flags, align. */
function segmentsOf(text: string): number[][] {
  const rows = [...text.matchAll(/^\s+LOAD\s+0x[0-9a-f]+ (0x[0-9a-f]+) (0x[0-9a-f]+) (0x[0-9a-f]+) (0x[0-9a-f]+) (.{3}) (0x[0-9a-f]+)$/gm)];
  return rows.map((m) => {
    const f = m[5];
    const flags = (f.includes('R') ? 4 : 0) | (f.includes('W') ? 2 : 0) | (f.includes('E') ? 1 : 0);
    return [1, ...m.slice(1, 5).map((h) => parseInt(h, 16)), flags, parseInt(m[6], 16)];
  });
}

/** Section headers: name, type, addr, size, entsize, W/A/X flags, link, info, align. */
function sectionsOf(text: string): (string | number)[][] {
  const rows = [...text.matchAll(/^\s+\[\s*\d+\] (\S*)\s+([A-Z_]+)\s+([0-9a-f]{8}) [0-9a-f]{6} ([0-9a-f]{6}) ([0-9a-f]{2})\s+([A-Za-z]*)\s+(\d+)\s+(\d+)\s+(\d+)$/gm)];
  return rows.map((m) => {
    const f = m[6];
    const flags = (f.includes('W') ? 1 : 0) | (f.includes('A') ? 2 : 0) | (f.includes('X') ? 4 : 0);
    return [m[1], SECTION_TYPES[m[2]] ?? -1, num(m[3]), num(m[4]), num(m[5]), flags, +m[7], +m[8], +m[9]];
  });
}

/** Symbols (without the null one): value, size, type, bind, section index, name (empty for sections). */
function symbolsOf(text: string): (string | number)[][] {
  const rows = [...text.matchAll(/^\s+(\d+): ([0-9a-f]{8})\s+(\d+) (\w+)\s+(\w+)\s+\w+\s+(\w+) ?(.*)$/gm)];
  return rows
    .filter((m) => m[1] !== '0')
    .map((m) => [num(m[2]), +m[3], SYMBOL_TYPES[m[4]] ?? -1, BINDS[m[5]] ?? -1, SPECIAL_NDX[m[6]] ?? +m[6], m[4] === 'SECTION' ? '' : m[7]]);
}

function ours(img: ElfImage) {
  return {
    segments: img.segments.map((s) => [s.type, s.vaddr, s.paddr, s.data.length, s.memsz, s.flags, s.align]),
    sections: img.sections.map((s) => [s.name, s.type, s.addr, s.size, s.entsize ?? 0, s.flags & 7, s.link ?? 0, s.info ?? 0, s.align]),
    symbols: img.symbols.map((s) => [s.value, s.size, s.type, s.bind, s.shndx, s.name]),
  };
}

function compareWithReadelf(file: string): void {
  const img = readElf(new Uint8Array(fs.readFileSync(file)), file);
  const mine = ours(img);
  assert.deepEqual(mine.segments, segmentsOf(gnu('xtensa-lx106-elf-readelf', ['-lW', file])), `${file}: segments`);
  assert.deepEqual(mine.sections, sectionsOf(gnu('xtensa-lx106-elf-readelf', ['-SW', file])), `${file}: sections`);
  assert.deepEqual(mine.symbols, symbolsOf(gnu('xtensa-lx106-elf-readelf', ['-sW', file])), `${file}: symbols`);
  assert.ok(mine.sections.length > 5 && mine.symbols.length > 5, `${file}: too little to compare`);
}

describe('ELF reader oracle: readelf', function () {
  this.timeout(300_000);

  it('reads linked corpus programs as readelf does', async function () {
    requireTool(this, ['xtensa-lx106-elf-readelf', 'xtensa-lx106-elf-gcc', 'picolibc', 'gcc-12-source', 'bash']);
    await prebuild(PROGRAMS, { opts: ['-O2'], native: false });
    for (const name of PROGRAMS) compareWithReadelf(buildProgram(name, '-O2'));
  });

  it('reads relocatable objects as readelf does', function () {
    requireTool(this, ['xtensa-lx106-elf-readelf', 'xtensa-lx106-elf-gcc']);
    for (const name of PROGRAMS) {
      const obj = path.join(scratchDir(), `${name}-readelf.o`);
      gnu('xtensa-lx106-elf-gcc', ['-O2', '-g', '-ffunction-sections', '-c', path.join(cProgramsDir(), `${name}.c`), '-o', obj]);
      compareWithReadelf(obj);
    }
  });
});
