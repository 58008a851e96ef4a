// Differential corpus: each test/compiler/corpus/*.cpp is compiled by our compiler (at -O0 and at
// -O1) and run on the q7 emulator; its output and exit status must equal the recorded expectation (*.expected: the first
// line is the exit status, the rest is stdout) — and, where the host compiler is installed, the
// same program built natively must print exactly the same.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { CORPUS_DIR, compileSource, runImage, runNative } from './harness';

interface Expected {
  exitCode: number;
  stdout: string;
}

function readExpected(name: string): Expected {
  const text = fs.readFileSync(path.join(CORPUS_DIR, `${name}.expected`), 'utf8');
  const nl = text.indexOf('\n');
  return { exitCode: Number(text.slice(0, nl)), stdout: text.slice(nl + 1) };
}

const names = fs.existsSync(CORPUS_DIR) ? fs.readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.cpp')).map((f) => f.slice(0, -4)).sort() : [];

describe('compiler differential corpus (q7 emulator vs expected vs host g++)', function () {
  this.timeout(120_000);

  it('has a corpus with an expectation for every program', () => {
    assert.ok(names.length >= 10, `only ${names.length} programs`);
    for (const n of names) assert.ok(fs.existsSync(path.join(CORPUS_DIR, `${n}.expected`)), `${n}.expected missing`);
  });

  for (const name of names) {
    describe(name, () => {
      const file = path.join(CORPUS_DIR, `${name}.cpp`);

      for (const optimize of [0, 1, 2] as const) {
        it(`compiled by q7 at -O${optimize} and run on the emulator prints the expected output`, async () => {
          const r = await compileSource(fs.readFileSync(file, 'utf8'), file, { optimize });
          const run = runImage(r);
          const want = readExpected(name);
          assert.equal(run.stdout, want.stdout);
          assert.equal(run.exitCode, want.exitCode);
        });
      }

      it('built natively by the host compiler prints the same', function () {
        requireTool(this, 'gcc');
        const native = runNative(file);
        const want = readExpected(name);
        assert.equal(native.stdout, want.stdout);
        assert.equal(native.exitCode, want.exitCode);
      });
    });
  }
});
