// session/ ProgramSession on ELFs nobody here compiled: a program built by xtensa-lx106-elf-gcc -g
// (call0 ABI, GCC's DWARF) stops at a source breakpoint on its line every iteration, shows its output
// and ends with its exit code; a budget returns control and the run resumes where it was.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ProgramSession, resolveLine } from '../../session';
import { readElf } from '../../xtensa/elf/reader';
import { buildCustomProgram } from '../../harness/oracle/build';
import { requireTool } from '../../harness/oracle/tools';

const SOURCE = path.join(__dirname, '..', '..', '..', 'test', 'session', 'fixtures', 'count.c');

describe('session: ProgramSession (a gcc-built ELF)', function () {
  this.timeout(120_000);
  let elf: string;

  before(function () {
    requireTool(this, ['xtensa-lx106-elf-gcc', 'picolibc']);
    elf = buildCustomProgram(SOURCE, '-O0', 'session-count');
  });

  it('stops at a source breakpoint on its line, once per iteration, then exits with the program\'s code and output', () => {
    let out = '';
    const s = ProgramSession.open(readElf(fs.readFileSync(elf), elf), { file: elf, onOutput: (_fd, d) => (out += new TextDecoder().decode(d)) });
    assert.equal(s.core, 'lx106');
    const bp = resolveLine(s.debug!, 'count.c', 7);
    assert.ok(bp, 'line 7 has code in the line table');
    assert.equal(bp.line, 7);
    for (const a of bp.addresses) s.machine.addBreakpoint(a);
    const lines: number[] = [];
    for (;;) {
      const stop = s.runUntil();
      if (stop.kind !== 'breakpoint') {
        assert.equal(stop.kind, 'done');
        if (stop.kind === 'done') assert.deepEqual(stop.stop, { kind: 'exit', code: 0 });
        break;
      }
      lines.push(s.debug!.locate(stop.pc)!.line);
    }
    assert.deepEqual(lines, [7, 7, 7, 7]);
    assert.equal(out, 'total 10\n');
    assert.equal(s.debug!.functionAt(bp.addresses[0])?.name, 'total');
  });

  it('returns on a budget and resumes exactly where it stopped', () => {
    const whole = ProgramSession.open(readElf(fs.readFileSync(elf), elf), { file: elf });
    assert.equal(whole.runUntil().kind, 'done');
    const s = ProgramSession.open(readElf(fs.readFileSync(elf), elf), { file: elf });
    let slices = 0;
    while (s.runUntil({ budget: 101 }).kind === 'budget') slices++;
    assert.ok(slices > 5, `${slices} slices`);
    assert.deepEqual(s.endedBy, { kind: 'exit', code: 0 });
    assert.equal(s.machine.instructionCount, whole.machine.instructionCount);
  });
});
