// Diagnostics as annotated fixtures: each `//   ^^^ severity: message` line marks the columns of the
// code line above it where a diagnostic starts and the start of its message. Every diagnostic must
// be annotated and every annotation matched.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { parseFixture } from './annotations';
import { sharedFrontend } from './grammar';

const DIR = path.join(__dirname, '..', '..', '..', 'test', 'language', 'fixtures');

describe('language/fixtures', function () {
  this.timeout(60000);
  for (const name of fs.readdirSync(DIR).filter((f) => f.endsWith('.cpp')).sort()) {
    it(name, async () => {
      const fe = await sharedFrontend();
      const { code, expected } = parseFixture(fs.readFileSync(path.join(DIR, name), 'utf8'));
      const file = `/fixtures/${name}`;
      const got = fe.analyze(file, memoryHost({ [file]: code })).diagnostics;
      const show = (d: { range: { start: { line: number; column: number } }; severity: string; message: string }) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.severity}: ${d.message}`;
      const unmatched = [...got];
      for (const e of expected) {
        const k = unmatched.findIndex((d) => d.range.file === file && d.range.start.line === e.line && d.range.start.column === e.column && d.severity === e.severity && d.message.startsWith(e.message));
        assert.ok(k >= 0, `expected at ${e.line + 1}:${e.column + 1} ${e.severity}: ${e.message}\ngot:\n${got.map(show).join('\n')}`);
        unmatched.splice(k, 1);
      }
      assert.deepEqual(unmatched.map(show), [], 'diagnostics without an annotation');
    });
  }

  it('can fail: a fixture expecting a different column does not match', async () => {
    const fe = await sharedFrontend();
    const { code, expected } = parseFixture('int f() {\n  return nope;\n//       ^^^^ error: use of undeclared identifier\n}\n');
    const d = fe.analyze('/x.cpp', memoryHost({ '/x.cpp': code })).diagnostics;
    assert.equal(d.length, 1);
    assert.notEqual(d[0].range.start.column, expected[0].column + 1);
    assert.equal(d[0].range.start.column, expected[0].column);
  });
});
