// Every C program of the corpus (test/programs/c), built with Debian's xtensa-lx106-elf-gcc at -O0
// and -O2, runs on the emulator (core lx106) with exactly QEMU's stdout and exit status.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { CORPUS_TOOLS, requireTool } from '../../harness/oracle/tools';
import { OPT_LEVELS, buildProgram, listPrograms, prebuild } from '../../harness/oracle/build';
import { runQemu } from '../../harness/oracle/qemu';
import { readElf } from '../../xtensa/elf/reader';
import { Machine, MemoryHost } from '../../emulator';

/** Runs an ELF on the emulator like `qemu-system-xtensa -M sim -cpu lx106 -semihosting`. */
export function runOnEmulator(elf: string): { stdout: string; exitCode: number; instructions: number } {
  const host = new MemoryHost();
  const m = new Machine('lx106', { host });
  m.loadElf(readElf(fs.readFileSync(elf), elf));
  const stop = m.run({ maxInstructions: 5_000_000_000 });
  assert.equal(stop.kind, 'exit', `${elf}: ${JSON.stringify(stop)}`);
  return { stdout: host.text(1), exitCode: stop.kind === 'exit' ? stop.code & 0xff : -1, instructions: m.instructionCount };
}

describe('emulator vs QEMU: C corpus on lx106 (stdout and exit status)', function () {
  this.timeout(600000);
  const programs = listPrograms();

  before(async function () {
    requireTool(this, CORPUS_TOOLS);
    await prebuild(programs, { native: false });
  });

  it('has a corpus to run', () => {
    assert.ok(programs.length >= 20, `only ${programs.length} programs`);
  });

  for (const name of programs) {
    for (const opt of OPT_LEVELS) {
      it(`${name} ${opt}`, function () {
        this.timeout(120000);
        const elf = buildProgram(name, opt);
        const qemu = runQemu(elf, { cpu: 'lx106', timeoutMs: 60000 });
        const ours = runOnEmulator(elf);
        assert.equal(ours.stdout, qemu.stdout, 'stdout');
        assert.equal(ours.exitCode, qemu.exitCode, 'exit status');
      });
    }
  }
});
