// Oracle: for every C program of the corpus at -O0 and -O2, `q7 objdump -d` prints exactly what
// `xtensa-lx106-elf-objdump -d` prints, line for line.

import { strict as assert } from 'node:assert';
import { OPT_LEVELS, buildProgram, listPrograms, prebuild } from '../../../harness/oracle/build';
import { requireTool } from '../../../harness/oracle/tools';
import { firstDifference, gnu, runQ7 } from './helpers';

const TOOLS = [
  'xtensa-lx106-elf-gcc',
  'xtensa-lx106-elf-ar',
  'xtensa-lx106-elf-nm',
  'xtensa-lx106-elf-objdump',
  'picolibc',
  'gcc-12-source',
  'bash',
] as const;

describe('disasm oracle: q7 objdump -d vs xtensa-lx106-elf-objdump -d on the C corpus', function () {
  this.timeout(60_000);
  const programs = listPrograms();

  before(async function () {
    this.timeout(900_000);
    requireTool(this, TOOLS);
    await prebuild(programs, { opts: OPT_LEVELS, native: false });
  });

  it('has programs to compare', function () {
    assert.ok(programs.length >= 30, `only ${programs.length} programs`);
  });

  for (const name of programs) {
    for (const opt of OPT_LEVELS) {
      it(`${name} ${opt}`, async function () {
        const elf = buildProgram(name, opt);
        const want = gnu('xtensa-lx106-elf-objdump', ['-d', elf]);
        const got = await runQ7(['objdump', '-d', '--core', 'lx106', elf]);
        assert.equal(got.stderr, '');
        assert.equal(got.status, 0);
        assert.ok(want.split('\n').length > 1000, `objdump listed only ${want.split('\n').length} lines`);
        const diff = firstDifference(want, got.stdout);
        assert.ok(diff === undefined, `${name} ${opt}: ${diff}`);
      });
    }
  }
});
