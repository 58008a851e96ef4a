// The special-member fixtures against the host g++: the lines where g++ reports an error in the
// functions of a fixture are exactly the lines its annotations expect an error on (so each fixture's
// verdicts are the C++ compiler's, not only ours). The SDK headers are written out as files for g++.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeShimTree } from '../../hostshim/build';
import { requireTool, findTool } from '../../harness/oracle/tools';
import { parseFixture } from './annotations';

const DIR = path.join(__dirname, '..', '..', '..', 'test', 'language', 'fixtures');
const FIXTURES = fs.readdirSync(DIR).filter((f) => /^special-members.*\.cpp$/.test(f)).sort();

/** 1-based lines of g++'s errors inside function definitions (the classes' own lines carry g++'s explanations). */
function gxxErrorLines(file: string, code: string, inc: string): number[] {
  const lines = code.split('\n');
  const firstFunction = lines.findIndex((l) => /^[A-Za-z]/.test(l) && !/^(struct|union|class|template)\b/.test(l)) + 1;
  const tmp = path.join(path.dirname(inc), path.basename(file));
  fs.writeFileSync(tmp, code);
  const r = spawnSync(findTool('g++')!, ['-std=c++17', '-fsyntax-only', `-I${inc}`, tmp], { encoding: 'utf8' });
  const out = new Set<number>();
  for (const l of r.stderr.split('\n')) {
    const m = /^(.*?):(\d+):\d+: error: /.exec(l);
    if (m && m[1] === tmp && Number(m[2]) >= firstFunction) out.add(Number(m[2]));
  }
  return [...out].sort((a, b) => a - b);
}

describe('language/special members agree with g++', function () {
  this.timeout(120000);
  let inc = '';
  before(function () {
    requireTool(this, 'g++');
    inc = writeShimTree(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-special-')));
  });

  it('has fixtures to compare', () => {
    assert.ok(FIXTURES.length >= 3, `special-members fixtures: ${FIXTURES.join(', ')}`);
  });

  for (const name of FIXTURES) {
    it(name, () => {
      const { code, expected } = parseFixture(fs.readFileSync(path.join(DIR, name), 'utf8'));
      const ours = [...new Set(expected.filter((e) => e.severity === 'error').map((e) => e.line + 1))].sort((a, b) => a - b);
      assert.ok(ours.length > 0, 'the fixture expects errors');
      assert.deepEqual(gxxErrorLines(name, code, inc), ours);
    });
  }

  it('can fail: a line g++ accepts is not reported as an error', () => {
    const code = 'struct S { const int k = 0; };\nvoid uses(S& a, S& b) {\n  S c = a;\n  a = b;\n}\n';
    assert.deepEqual(gxxErrorLines('probe.cpp', code, inc), [4]);
  });
});
