// A unit with more code than L32R reaches (256 KiB back to a literal pool) assembles and runs: the
// compiler splits its code into function sections, each with its own pool (asm-writer.ts), and the
// generated program — 160 functions folding 32-bit constants, about 380 KB of code at -O0 — prints
// the value computed here in plain JavaScript.

import { strict as assert } from 'node:assert';
import { readElf } from '../../xtensa/elf/reader';
import { compileSource, runImage } from './harness';

const FUNCTIONS = 160;
const STEPS = 40;
const multiplier = (f: number, i: number) => 0x10001 + 2 * (f * STEPS + i);
const addend = (f: number, i: number) => (0x12345678 + f * 7919 + i * 104729) >>> 0;

function source(): string {
  let s = '#include <stdio.h>\n';
  for (let f = 0; f < FUNCTIONS; f++) {
    s += `unsigned f${f}(unsigned x) {\n  unsigned a = x;\n`;
    for (let i = 0; i < STEPS; i++) s += `  a = a * ${multiplier(f, i)}u + ${addend(f, i)}u;\n`;
    s += '  return a;\n}\n';
  }
  s += 'int main() {\n  unsigned h = 1;\n';
  for (let f = 0; f < FUNCTIONS; f++) s += `  h = f${f}(h) ^ ${f};\n`;
  return `${s}  printf("%u\\n", h);\n  return 0;\n}\n`;
}

function expected(): number {
  let h = 1;
  for (let f = 0; f < FUNCTIONS; f++) {
    let a = h;
    for (let i = 0; i < STEPS; i++) a = (Math.imul(a, multiplier(f, i)) + addend(f, i)) >>> 0;
    h = (a ^ f) >>> 0;
  }
  return h;
}

describe('compiler/a unit larger than L32R reaches', function () {
  this.timeout(300_000);

  it('splits its code into sections with their own literal pools, and runs right at -O0', async () => {
    const r = await compileSource(source(), '/test/large.cpp', { optimize: 0 });
    assert.deepEqual(r.diagnostics, []);
    const text = readElf(r.elf!, 'large.elf').sections.find((s) => s.name === '.text')!;
    assert.ok(text.data.length > 300_000, `only ${text.data.length} bytes of code`);
    assert.match(r.assembly!, /\.section\t\.text\.part1,/);
    const run = runImage(r);
    assert.equal(run.exitCode, 0);
    assert.equal(run.stdout, `${expected()}\n`);
  });
});
