// The error type never goes unexplained: over every language fixture and compiler corpus program, each
// analysed function whose expressions include one typed as the error type has an error diagnostic
// within it. Also the two constructs that used to break this: an array prvalue `A{…}` (typed as its
// array) and a braced default argument `W w = {}` (no syntax error).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import type { Expr } from '../../language/model/expressions';
import type { FunctionDecl } from '../../language/model/declarations';
import { parseFixture } from './annotations';
import { sharedFrontend } from './grammar';

const ROOT = path.join(__dirname, '..', '..', '..', 'test');
const FIXTURES = path.join(ROOT, 'language', 'fixtures');
const CORPUS = path.join(ROOT, 'compiler', 'corpus');

/** The expressions of `e` (itself included) typed as the error type; a brace list's own type is the error type by design. */
function errorTyped(e: Expr, out: Expr[] = []): Expr[] {
  if (e.type.kind === 'error' && !e.list) out.push(e);
  for (const x of [...(e.operands ?? []), ...(e.list ?? []), ...(e.object ? [e.object] : [])]) errorTyped(x, out);
  return out;
}

/** "file:line:col" of each error-typed expression in a function with no error diagnostic in its lines. */
async function unexplained(file: string, code: string): Promise<string[]> {
  const fe = await sharedFrontend();
  const a = fe.analyze(file, memoryHost({ [file]: code }));
  const errors = a.diagnostics.filter((d) => d.severity === 'error');
  const out: string[] = [];
  for (const fn of a.model.functions as readonly FunctionDecl[]) {
    const body = fn.analysed;
    if (!body) continue;
    const bad = body.fullExpressions.flatMap((e) => errorTyped(e));
    if (!bad.length) continue;
    const at = fn.body?.node ?? undefined;
    const r = at ? fn.body!.unit.map.range(at.startIndex, at.endIndex) : fn.loc.unit.map.range(fn.loc.start, fn.loc.end);
    const inside = errors.some((d) => d.range.file === r.file && d.range.start.line >= r.start.line && d.range.start.line <= r.end.line);
    if (inside) continue;
    for (const e of bad) {
      const p = e.loc.unit.map.range(e.loc.start, e.loc.end);
      out.push(`${p.file}:${p.start.line + 1}:${p.start.column + 1} (${e.kind}) in ${fn.qualifiedName}`);
    }
  }
  return out;
}

describe('language: no error type without a diagnostic', function () {
  this.timeout(120000);

  for (const [dir, strip] of [[FIXTURES, true], [CORPUS, false]] as const) {
    it(`every error-typed expression of ${path.basename(dir)} programs sits in a function with an error`, async () => {
      const found: string[] = [];
      for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.cpp')).sort()) {
        const text = fs.readFileSync(path.join(dir, name), 'utf8');
        found.push(...(await unexplained(`/${path.basename(dir)}/${name}`, strip ? parseFixture(text).code : text)));
      }
      assert.deepEqual(found, []);
    });
  }

  it('can fail: an error-typed expression without a diagnostic is found', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze('/x.cpp', memoryHost({ '/x.cpp': 'int f() { return 1; }\n' }));
    const fn = (a.model.functions as readonly FunctionDecl[]).find((f) => f.name === 'f')!;
    const e = fn.analysed!.fullExpressions[0];
    assert.deepEqual(errorTyped({ ...e, operands: [{ ...e, type: { kind: 'error' } as Expr['type'] }] }).length, 1);
  });

  it('types an array prvalue as its array type and accepts a braced default argument', async () => {
    const fe = await sharedFrontend();
    const src = [
      'using A = int[3];',
      'struct W { int a = 3; };',
      'int sum(const int (&a)[3]) { return a[0] + a[1] + a[2]; }',
      'int g(W w = {}, int k = {}) { return w.a + k; }',
      'int f() {',
      '  const int (&r)[3] = A{1, 2, 3};',
      '  return sum(A{4, 5}) + r[0] + g();',
      '}',
    ].join('\n');
    const a = fe.analyze('/p.cpp', memoryHost({ '/p.cpp': src }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
    const fn = (a.model.functions as readonly FunctionDecl[]).find((x) => x.name === 'f')!;
    const arrays = fn.analysed!.fullExpressions.flatMap(function walk(e: Expr): Expr[] {
      const here = e.kind === 'initializer_list' && e.type.kind === 'array' ? [e] : [];
      return [...here, ...[...(e.operands ?? []), ...(e.list ?? [])].flatMap(walk)];
    });
    assert.deepEqual(arrays.map((e) => [e.type.kind === 'array' && e.type.length, e.list?.length]), [[3, 3], [3, 2]]);
  });
});
