// Speed: instructions per second of CPU time on a compute-bound C program of the corpus (collatz
// -O2: 83 M instructions of loads, stores, shifts, branches and calls) and on a tight hand-written
// loop, with compiled blocks (the default) and with the interpreter alone. The floor is 0.1 × QEMU's
// ~475 M insn/s on such a loop (xtensa-oracles.md §9).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { CORPUS_TOOLS, requireTool } from '../oracle/tools';
import { buildProgram, prebuild } from '../oracle/build';
import { readElf } from '../../xtensa/elf/reader';
import { Machine, MemoryHost } from '../../emulator';
import { runSnippet } from './helpers/snippet';

const FLOOR = 0.1 * 475e6;

/** Best rate of `runs` runs, in instructions per CPU second. */
function bestRate(runs: number, once: () => number): number {
  let best = 0;
  for (let k = 0; k < runs; k++) {
    const t0 = process.cpuUsage();
    const n = once();
    const u = process.cpuUsage(t0);
    best = Math.max(best, n / ((u.user + u.system) / 1e6));
  }
  return best;
}

function tightLoop(jit: boolean): number {
  const r = runSnippet(
    'lx106',
    (p) => {
      p.i('j', 'start').align(4).label('n').word(5_000_000).label('buf').word(0x60000100);
      p.label('start').i('l32r', 2, 'n').i('movi', 4, 3).i('l32r', 7, 'buf');
      p.label('loop').i('addi.n', 2, 2, -1).i('add.n', 3, 3, 4).i('xor', 5, 5, 3).i('l32i', 6, 7, 0);
      p.i('mull', 6, 6, 3).i('s32i', 6, 7, 4).i('bnez', 2, 'loop').label('done').i('nop');
    },
    { limit: 1e9, machine: { jit } },
  );
  assert.equal(r.stop.kind, 'breakpoint');
  return r.machine.instructionCount;
}

const label = (jit: boolean) => (jit ? 'compiled blocks' : 'interpreter');
const mips = (rate: number) => `${(rate / 1e6).toFixed(1)} M insn/s`;

describe('emulator: speed', function () {
  this.timeout(120000);

  for (const jit of [true, false]) {
    it(`runs a tight loop faster than ${FLOOR / 1e6} M instructions per CPU second (${label(jit)})`, () => {
      const rate = bestRate(3, () => tightLoop(jit));
      console.log(`      tight loop, ${label(jit)}: ${mips(rate)} (CPU time)`);
      assert.ok(rate > FLOOR, mips(rate));
    });
  }

  for (const jit of [true, false]) {
    it(`runs collatz -O2 (C, lx106) faster than ${FLOOR / 1e6} M instructions per CPU second (${label(jit)})`, async function () {
      requireTool(this, CORPUS_TOOLS);
      await prebuild(['collatz'], { opts: ['-O2'], native: false });
      const elf = buildProgram('collatz', '-O2');
      const image = readElf(fs.readFileSync(elf), elf);
      const rate = bestRate(2, () => {
        const m = new Machine('lx106', { host: new MemoryHost(), jit });
        m.loadElf(image);
        assert.equal(m.run().kind, 'exit');
        return m.instructionCount;
      });
      console.log(`      collatz -O2, ${label(jit)}: ${mips(rate)} (CPU time)`);
      assert.ok(rate > FLOOR, mips(rate));
    });
  }
});
