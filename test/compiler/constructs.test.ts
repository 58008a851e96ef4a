// Generated corpus: each construct of constructs-table.ts becomes a small program that the front-end
// must accept; our compiler builds it at -O0 and -O1, the q7 emulator runs it, and its output and
// exit status must equal the host g++ build's (when g++ is missing the two levels must agree; on CI
// a missing g++ fails). The table's marks (gap, rejected, wrongAtO1) hold known shortcomings, each
// checked to still occur so that the marks go when the shortcomings do.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { formatCompileDiagnostic } from '../../compiler';
import { sharedFrontend } from '../language/grammar';
import { findTool, isCI } from '../../harness/oracle/tools';
import { CONSTRUCTS, type Construct } from './constructs-table';
import { compileSource, runImage, runNative } from './harness';

function programOf(k: Construct): string {
  return `#include <stdio.h>\n#include <stdint.h>\n#include <string.h>\n${k.decls}\nint main() {\n${k.body}\n  return 0;\n}\n`;
}

interface Output {
  stdout: string;
  exitCode: number;
}

/** The host g++ build's output, or undefined when g++ is missing outside CI. */
function nativeOutput(k: Construct): Output | undefined {
  if (!findTool('gcc')) {
    if (isCI()) throw new Error('gcc is not installed (required on CI)');
    return undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-construct-'));
  try {
    const file = path.join(dir, `${k.name}.cpp`);
    fs.writeFileSync(file, programOf(k));
    return runNative(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('compiler constructs (generated programs: q7 -O0/-O1 vs host g++)', function () {
  this.timeout(60_000);

  it('has distinct names and can fail: a wrong expectation is caught', async () => {
    assert.equal(new Set(CONSTRUCTS.map((k) => k.name)).size, CONSTRUCTS.length);
    const run = runImage(await compileSource('#include <stdio.h>\nint main() { printf("%d\\n", 7 / 2); return 0; }\n'));
    assert.notEqual(run.stdout, '3.5\n');
    assert.equal(run.stdout, '3\n');
  });

  for (const k of CONSTRUCTS) {
    describe(k.name, () => {
      const file = `/constructs/${k.name}.cpp`;
      const outputs: Output[] = [];

      it(k.rejected ? 'is still rejected by the front-end (known gap)' : 'is accepted by the front-end', async () => {
        const fe = await sharedFrontend();
        const errors = fe.analyze(file, memoryHost({ [file]: programOf(k) })).diagnostics.filter((d) => d.severity === 'error');
        const shown = errors.map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.message}`);
        if (!k.rejected) assert.deepEqual(shown, []);
        else assert.ok(errors.some((d) => d.message.startsWith(k.rejected!)), `${k.name}: the front-end's errors changed (remove 'rejected' if it is accepted now):\n${shown.join('\n')}`);
      });

      if (k.rejected) return;
      for (const optimize of [0, 1] as const) {
        it(`-O${optimize} on the emulator ${k.gap ? 'fails with the known gap' : 'matches the host build'}`, async () => {
          const r = await compileSource(programOf(k), file, { optimize });
          const shown = r.diagnostics.map(formatCompileDiagnostic).join('\n');
          if (k.gap) {
            assert.ok(r.diagnostics.length, `${k.name} compiles now: remove its gap`);
            // positioned in the file; an internal error only where the table names it
            assert.ok(r.diagnostics.every((d) => d.file === file && d.line >= 1 && (!/^internal/.test(d.message) || k.gap!.startsWith('internal'))), shown);
            assert.ok(r.diagnostics.some((d) => d.message.startsWith(k.gap!)), shown);
            return;
          }
          assert.equal(shown, '');
          const run = runImage(r);
          const got = { stdout: run.stdout, exitCode: run.exitCode };
          if (!outputs.length) {
            const native = nativeOutput(k);
            if (native) outputs.push(native);
          }
          if (!outputs.length) outputs.push(got);
          else if (optimize === 1 && k.wrongAtO1) assert.notDeepEqual(got, outputs[0], `${k.name} is right at -O1 now: remove wrongAtO1`);
          else assert.deepEqual(got, outputs[0]);
        });
      }
    });
  }
});
