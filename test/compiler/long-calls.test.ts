// A unit with more code than CALL8 reaches (±512 KiB) builds and runs: the compiler writes its calls
// as long calls (L32R of the target + CALLX8) once its size estimate passes LONG_CALL_BYTES, and the
// ROM's launcher reaches main by a long call. The generated program — functions folding 32-bit
// constants, main at the end calling the first one, the first calling the last — prints what the
// same source built natively by g++ prints.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readElf } from '../../xtensa/elf/reader';
import { requireTool } from '../../harness/oracle/tools';
import { compileSource, runImage } from './harness';

const FUNCTIONS = 260;
const STEPS = 40;

function source(): string {
  let s = '#include <stdio.h>\nunsigned last(unsigned x);\n';
  for (let f = 0; f < FUNCTIONS; f++) {
    s += `unsigned f${f}(unsigned x) {\n  unsigned a = x;\n`;
    for (let i = 0; i < STEPS; i++) s += `  a = a * ${0x10001 + 2 * (f * STEPS + i)}u + ${(0x12345678 + f * 7919 + i * 104729) >>> 0}u;\n`;
    // the first function calls the last one, across the whole unit
    s += f === 0 ? '  return last(a);\n}\n' : '  return a;\n}\n';
  }
  s += 'unsigned last(unsigned x) { return x ^ 0x5a5a5a5au; }\n';
  s += 'int main() {\n  unsigned h = 1;\n';
  for (let f = 0; f < FUNCTIONS; f++) s += `  h = f${f}(h) ^ ${f};\n`;
  return `${s}  printf("%u\\n", h);\n  return 0;\n}\n`;
}

/** What g++ makes of the same source on the host. */
function nativeOutput(text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-long-calls-'));
  try {
    const src = path.join(dir, 'large.cpp');
    const exe = path.join(dir, 'large');
    fs.writeFileSync(src, text);
    const c = spawnSync('g++', ['-O1', src, '-o', exe], { encoding: 'utf8' });
    assert.equal(c.status, 0, c.stderr);
    const r = spawnSync(exe, [], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('compiler/a unit larger than CALL8 reaches', function () {
  this.timeout(600_000);

  it('calls by long calls and prints what g++ prints, at -O0', async function () {
    requireTool(this, 'g++');
    const text = source();
    const r = await compileSource(text, '/test/large.cpp', { optimize: 0 });
    assert.deepEqual(r.diagnostics, []);
    const code = readElf(r.elf!, 'large.elf').sections.find((s) => s.name === '.text')!;
    assert.ok(code.data.length > 600_000, `only ${code.data.length} bytes of code`);
    assert.doesNotMatch(r.assembly!, /\tcall8\t/, 'no direct call left');
    assert.match(r.assembly!, /\.literal \S+, _Z2f0j\n/);
    const run = runImage(r);
    assert.equal(run.exitCode, 0);
    assert.equal(run.stdout, nativeOutput(text));
  });
});
