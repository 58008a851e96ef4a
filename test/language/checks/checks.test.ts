// Runs every annotated fixture in test/language/checks/fixtures through the front-end and the domain checks
// (checkedDiagnostics, as `q7 check` and the server do) and compares diagnostics, related locations
// and quick fixes with the annotations.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../../language';
import { checkedDiagnostics, findShapeSource, type CheckDiagnostic } from '../../../language/checks';
import { sharedFrontend } from '../grammar';
import { applyEdits, parseFixture, type Expected } from './fixture';

const DIR = path.join(__dirname, '..', '..', '..', '..', 'test', 'language', 'checks', 'fixtures');

type Pos = { line: number; column: number };
type Range = { start: Pos; end: Pos };

function show(d: CheckDiagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.column + 1}-${d.range.end.line + 1}:${d.range.end.column + 1} ${d.severity} ${d.code}: ${d.message}`;
}

function at(r: Range, line: number, column: number, width: number): boolean {
  if (r.start.line !== line || r.start.column !== column) return false;
  return r.start.line !== r.end.line || r.end.column - r.start.column === width;
}

function matches(d: CheckDiagnostic, e: Expected): boolean {
  return at(d.range, e.line, e.column, e.width) && d.severity === e.severity && (!e.code || d.code === e.code) && d.message.startsWith(e.message);
}

function checkExtras(d: CheckDiagnostic, e: Expected, code: string): void {
  const located = [...(d.related ?? []), ...(d.notes ?? []).filter((n) => n.range)] as { range: Range; message: string }[];
  for (const n of e.notes) {
    const ok = located.some((r) => at(r.range, n.line, n.column, n.width) && r.message.startsWith(n.message));
    assert.ok(ok, `${show(d)}\nexpected a located note at ${n.line + 1}:${n.column + 1} '${n.message}', got ${JSON.stringify(located)}`);
  }
  if (e.help !== undefined) assert.ok(d.help?.startsWith(e.help), `${show(d)}\nexpected the help '${e.help}', got '${d.help}'`);
  if (e.fix === undefined) return;
  const fix = d.fixes?.[0];
  assert.ok(fix, `${show(d)}\nexpected a quick fix giving '${e.fix}'`);
  const before = code.split('\n').map((l) => l.trim());
  const after = applyEdits(code, fix.edits).split('\n').map((l) => l.trim());
  assert.ok(!before.includes(e.fix), `the fixture already has the line '${e.fix}'`);
  assert.ok(after.includes(e.fix), `applying '${fix.title}' should give the line '${e.fix}', got:\n${after.join('\n')}`);
}

/** Checks one fixture text; returns the diagnostics. */
export async function checkFixture(name: string, text: string): Promise<CheckDiagnostic[]> {
  const fe = await sharedFrontend();
  const { code, expected, options } = parseFixture(text);
  const file = `/fixtures/${name}`;
  const got = checkedDiagnostics(fe.analyze(file, memoryHost({ [file]: code })), options);
  const unmatched = [...got];
  for (const e of expected) {
    const k = unmatched.findIndex((d) => d.range.file === file && matches(d, e));
    assert.ok(k >= 0, `expected at ${e.line + 1}:${e.column + 1} (width ${e.width}) ${e.severity} ${e.code ?? ''}: ${e.message}\ngot:\n${got.map(show).join('\n')}`);
    checkExtras(unmatched[k], e, code);
    unmatched.splice(k, 1);
  }
  assert.deepEqual(unmatched.map(show), [], 'diagnostics without an annotation');
  return got;
}

/**
 * Checks a directory of fixtures as one project (a kernel and the shape.cpp next to it): each file is
 * analysed with the shape file found as `q7 check` finds it, and the diagnostics of all the analyses
 * (in whichever file they are) must match the annotations of all the files.
 */
export async function checkDirFixture(dir: string, texts: Record<string, string>): Promise<void> {
  const fe = await sharedFrontend();
  const parsed = Object.fromEntries(Object.entries(texts).map(([n, t]) => [`/fixtures/${dir}/${n}`, parseFixture(t)]));
  const host = memoryHost(Object.fromEntries(Object.entries(parsed).map(([f, p]) => [f, p.code])));
  const seen = new Set<string>();
  const got: CheckDiagnostic[] = [];
  for (const [file, p] of Object.entries(parsed)) {
    const shapeSource = findShapeSource(file, (x) => host.readFile(x));
    for (const d of checkedDiagnostics(fe.analyze(file, host), { ...p.options, shapeSource })) {
      const k = `${d.range.file}|${show(d)}`;
      if (seen.has(k)) continue;
      seen.add(k);
      got.push(d);
    }
  }
  const unmatched = [...got];
  for (const [file, p] of Object.entries(parsed)) {
    for (const e of p.expected) {
      const k = unmatched.findIndex((d) => d.range.file === file && matches(d, e));
      assert.ok(k >= 0, `expected in ${file} at ${e.line + 1}:${e.column + 1} (width ${e.width}) ${e.severity} ${e.code ?? ''}: ${e.message}\ngot:\n${got.map((d) => `${d.range.file} ${show(d)}`).join('\n')}`);
      checkExtras(unmatched[k], e, p.code);
      unmatched.splice(k, 1);
    }
  }
  assert.deepEqual(unmatched.map((d) => `${d.range.file} ${show(d)}`), [], 'diagnostics without an annotation');
}

describe('language/checks fixtures', function () {
  this.timeout(60000);
  for (const name of fs.readdirSync(DIR).sort()) {
    const full = path.join(DIR, name);
    if (fs.statSync(full).isDirectory()) {
      it(`${name}/`, async () => {
        const files = fs.readdirSync(full).filter((f) => f.endsWith('.cpp'));
        await checkDirFixture(name, Object.fromEntries(files.map((f) => [f, fs.readFileSync(path.join(full, f), 'utf8')])));
      });
    } else if (name.endsWith('.cpp')) {
      it(name, async () => {
        await checkFixture(name, fs.readFileSync(full, 'utf8'));
      });
    }
  }

  it('can fail: a wrong column, width, code or a missing annotation is reported', async () => {
    const src = '#include <torch/torch.h>\nvoid f(torch::Tensor& t) {\n  auto a = t.accessor<float, 0>();\n';
    await assert.rejects(checkFixture('x.cpp', `${src}//        ^^^^^^^^^^^^^^^^^^^^^^ error Q7-A003: accessor<T, 0>\n}\n`));
    await assert.rejects(checkFixture('x.cpp', `${src}//         ^^^^^^^^^^^^^^^^^^^^^ error Q7-A003: accessor<T, 0>\n}\n`));
    await assert.rejects(checkFixture('x.cpp', `${src}//         ^^^^^^^^^^^^^^^^^^^^^^ error Q7-A001: accessor<T, 0>\n}\n`));
    await assert.rejects(checkFixture('x.cpp', `${src}}\n`));
    await checkFixture('x.cpp', `${src}//         ^^^^^^^^^^^^^^^^^^^^^^ error Q7-A003: accessor<T, 0>\n}\n`);
  });
});
