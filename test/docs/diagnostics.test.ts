// The pages of the diagnostic codes (docs/diagnostics/<code>.md): one per check, each with a wrong and a
// right example that the checks judge as the page says (the wrong one gets the code, the right one does
// not, and has no error at all); `q7 explain` prints them in-process and from the bundle (bin/q7).

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { CHECKS, checkedDiagnostics, diagnosticUrl, findShapeSource } from '../../language/checks';
import { main } from '../../cli/main';
import type { CliIO } from '../../cli/io';
import { sharedFrontend } from '../language/grammar';

const ROOT = path.join(__dirname, '..', '..', '..');
const DOCS = path.join(ROOT, 'docs', 'diagnostics');

/** The ```cpp <role> blocks of a page (role: wrong, right, shape). */
export function examples(page: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const m of page.matchAll(/^```cpp (\w+)\n([\s\S]*?)^```$/gm)) (out[m[1]] ??= []).push(m[2]);
  return out;
}

async function judge(code: string, source: string, shape?: string) {
  const fe = await sharedFrontend();
  const file = `/docs/${code}/kernel.cpp`;
  const files: Record<string, string> = { [file]: source };
  if (shape !== undefined) files[`/docs/${code}/shape.cpp`] = shape;
  const host = memoryHost(files);
  const shapeSource = findShapeSource(file, (p) => host.readFile(p));
  return checkedDiagnostics(fe.analyze(file, host), { shapeSource }).map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.severity} ${d.code}: ${d.message}`);
}

function io(): CliIO & { out: string; err: string } {
  const r = {
    out: '',
    err: '',
    stdout: (s: string) => void (r.out += s),
    stderr: (s: string) => void (r.err += s),
    readFile: (p: string) => fs.readFileSync(p),
    writeFile: () => undefined,
  };
  return r;
}

describe('docs/diagnostics: a page per code', function () {
  this.timeout(120000);

  it('has a page for every check and no page for an unknown code', () => {
    const pages = fs.readdirSync(DOCS).filter((f) => f.startsWith('Q7-')).map((f) => f.replace(/\.md$/, '')).sort();
    assert.deepEqual(pages, CHECKS.map((c) => c.code).sort());
    assert.ok(fs.existsSync(path.join(DOCS, 'README.md')));
  });

  for (const check of CHECKS) {
    it(`${check.code}: the wrong example gets ${check.code}, the right one does not`, async () => {
      const page = fs.readFileSync(path.join(DOCS, `${check.code}.md`), 'utf8');
      assert.match(page, new RegExp(`^# ${check.code}: \\S`));
      assert.match(page, /^## What it means on the device$/m);
      const ex = examples(page);
      assert.equal(ex.wrong?.length, 1, 'one ```cpp wrong block');
      assert.equal(ex.right?.length, 1, 'one ```cpp right block');
      const shape = ex.shape?.[0];
      const wrong = await judge(check.code, ex.wrong[0], shape);
      assert.ok(wrong.some((d) => d.includes(` ${check.code}: `)), `the wrong example should get ${check.code}, got:\n${wrong.join('\n')}`);
      const right = await judge(check.code, ex.right[0], shape);
      assert.deepEqual(right.filter((d) => d.includes(` ${check.code}: `) || / error /.test(d)), [], 'the right example should get neither the code nor an error');
    });
  }

  it('the extraction can fail: a page without examples has none, a right example with the error is caught', async () => {
    assert.deepEqual(examples('# Q7-A002: x\n\n```cpp\nint x;\n```\n'), {});
    const page = fs.readFileSync(path.join(DOCS, 'Q7-A002.md'), 'utf8');
    const swapped = await judge('Q7-A002', examples(page).wrong[0]);
    assert.ok(swapped.some((d) => / error Q7-A002: /.test(d)));
  });

  it('the LSP codeDescription and the JSON url point at the page', () => {
    assert.equal(diagnosticUrl('Q7-A002'), 'https://github.com/q7-studio/q7-studio/blob/main/docs/diagnostics/Q7-A002.md');
    assert.equal(diagnosticUrl('undeclared-identifier'), undefined);
  });

  it('q7 explain prints a page (any spelling of the code), lists the codes, refuses unknown ones', async () => {
    const page = fs.readFileSync(path.join(DOCS, 'Q7-A002.md'), 'utf8');
    for (const spelling of ['Q7-A002', 'q7-a002', 'A002']) {
      const r = io();
      assert.equal(await main(['explain', spelling], r), 0);
      assert.equal(r.out, page);
    }
    const list = io();
    assert.equal(await main(['explain'], list), 0);
    assert.deepEqual(list.out.trim().split('\n').map((l) => l.split(' ')[0]), CHECKS.map((c) => c.code));
    const bad = io();
    assert.equal(await main(['explain', 'Q7-Z999'], bad), 2);
    assert.match(bad.err, /^q7 explain: unknown diagnostic code 'Q7-Z999'/);
  });

  it('bin/q7 explain prints the page embedded in the bundle', () => {
    const out = execFileSync(process.execPath, [path.join(ROOT, 'bin', 'q7'), 'explain', 'Q7-C005'], { encoding: 'utf8', cwd: '/' });
    assert.equal(out, fs.readFileSync(path.join(DOCS, 'Q7-C005.md'), 'utf8'));
    const bundle = fs.readFileSync(path.join(ROOT, 'dist', 'cli.js'), 'utf8');
    assert.ok(bundle.includes('Q7-S016: '), 'the pages are in dist/cli.js');
  });
});
