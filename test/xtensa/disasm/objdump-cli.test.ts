// `q7 objdump`: lists a file, decodes per --core, and turns every bad input into a one-line error
// naming the file (exit status 2, never a stack trace).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runQ7, scratchDir } from './helpers';
import { TEXT_ADDR, synthElf } from '../elf/synth';

function writeFile(name: string, bytes: Uint8Array | string): string {
  const file = path.join(scratchDir(), name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The hand-made executable with `entry a1, 32` (windowed, unknown to lx106) at the start of .text. */
function windowedElf(): string {
  const l = synthElf();
  const bytes = l.bytes.slice();
  bytes.set([0x36, 0x41, 0x00], l.textOff);
  return writeFile('windowed.elf', bytes);
}

function assertCleanError(r: { status: number; stdout: string; stderr: string }, pattern: RegExp): void {
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, pattern);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'a stack trace');
}

describe('q7 objdump', () => {
  it('prints the listing of a file', async () => {
    const file = windowedElf();
    const r = await runQ7(['objdump', '-d', '--core', 'lx106', file]);
    assert.equal(r.status, 0);
    assert.equal(r.stderr, '');
    assert.equal(
      r.stdout,
      `\n${file}:     file format elf32-xtensa-le\n\n\nDisassembly of section .text:\n` +
        `\n${TEXT_ADDR.toString(16)} <main-0x3>:\n` +
        '40100000:\t004136        \texcw\n' +
        '\n40100003 <main>:\n' +
        '40100003:\tf00d      \tret.n\n' +
        '40100005:\tf03d      \tnop.n\n' +
        '\t...\n',
    );
  });

  it('decodes the options of the core given with --core', async () => {
    const file = windowedElf();
    const q7 = await runQ7(['objdump', '-d', '--core', 'q7', file]);
    assert.match(q7.stdout, /40100000:\t004136 {8}\tentry\ta1, 32\n/);
    const guessed = await runQ7(['objdump', '-d', file]);
    assert.equal(guessed.stdout, q7.stdout, 'without --core, an image that is neither at the lx106 nor the MMU reset vector decodes as q7 (as q7 run runs it)');
    const bad = await runQ7(['objdump', '-d', '--core=z80', file]);
    assertCleanError(bad, /^q7 objdump: --core: unknown core 'z80' \(known: lx106, dc233c, de233_fpu, q7\)\n$/);
  });

  it('reports a missing file, a non-ELF file and a truncated ELF by name, with status 2', async () => {
    const missing = path.join(scratchDir(), 'no-such.elf');
    assertCleanError(await runQ7(['objdump', '-d', missing]), new RegExp(`^q7 objdump: ${missing}: cannot read file: ENOENT\\n$`));
    const text = writeFile('notes.txt', 'hello\n');
    assertCleanError(await runQ7(['objdump', '-d', text]), new RegExp(`^q7 objdump: ${text}: not an ELF file \\(bad magic number\\)\\n$`));
    const cut = writeFile('cut.elf', synthElf().bytes.slice(0, 200));
    assertCleanError(await runQ7(['objdump', '-d', cut]), new RegExp(`^q7 objdump: ${cut}: truncated: section header table ends at`));
  });

  it('rejects a command line without -d, without files, or with unknown options', async () => {
    assertCleanError(await runQ7(['objdump', 'a.elf']), /^q7 objdump: nothing to do: give -d\nusage: q7 objdump/);
    assertCleanError(await runQ7(['objdump', '-d']), /^q7 objdump: no input file\n/);
    assertCleanError(await runQ7(['objdump', '-d', '-x', 'a.elf']), /^q7 objdump: unknown option '-x'\n/);
    assertCleanError(await runQ7(['objdump', '-d', '-j']), /^q7 objdump: -j needs a value\n/);
    const help = await runQ7(['objdump', '--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: q7 objdump -d/);
  });
});
