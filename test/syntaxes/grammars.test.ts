// The TextMate grammars of syntaxes/, as package.json contributes them, checked by vscode-tmgrammar-test
// (its command line, as a user would run it) against the scope assertions in test/syntaxes/fixtures/:
// Xtensa assembly sources and `q7 objdump` listings, and the Neuron API injected into VS Code's own C++
// grammar (taken from the code-server install of scripts/e2e-install.sh; without it that part is skipped
// locally and fails under CI=true). A fixture with a deliberately wrong assertion must fail.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { e2ePrefix } from '../e2e/setup';
import { isCI } from '../../harness/oracle/tools';

const REPO = path.join(__dirname, '..', '..', '..');
const FIXTURES = path.join(REPO, 'test', 'syntaxes', 'fixtures');
/** vscode-tmgrammar-test's command line (a devDependency: a stale node_modules gets told to run npm ci). */
function tmCli(): string {
  try {
    return path.join(path.dirname(require.resolve('vscode-tmgrammar-test/package.json')), 'dist', 'unit.js');
  } catch {
    throw new Error('vscode-tmgrammar-test is not installed: run `npm ci`');
  }
}

function cppGrammar(): string | undefined {
  const p = path.join(e2ePrefix(), 'node_modules', 'code-server', 'lib', 'vscode', 'extensions', 'cpp', 'syntaxes', 'cpp.tmLanguage.json');
  return fs.existsSync(p) ? p : undefined;
}

function requireCppGrammar(ctx: Mocha.Context): string {
  const found = cppGrammar();
  if (found) return found;
  const message = `VS Code's C++ grammar is missing from ${e2ePrefix()} (run scripts/e2e-install.sh)`;
  if (isCI()) throw new Error(message);
  ctx.skip();
}

/** Runs vscode-tmgrammar-test on `files` with the grammars package.json contributes (plus `extra`). */
function tmTest(files: string[], extra: string[] = []): { status: number | null; output: string } {
  const args = [tmCli(), '--config', path.join(REPO, 'package.json'), ...extra.flatMap((g) => ['-g', g]), ...files];
  const r = spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8', timeout: 60000 });
  // Grammars the C++ grammar embeds (SQL, GLSL...) are not needed here; their warnings are dropped.
  const output = `${r.stdout}${r.stderr}`.split('\n').filter((l) => !l.startsWith('grammar not found for')).join('\n');
  return { status: r.status, output };
}

/** A copy of a fixture with one assertion line replaced. */
function wrongCopy(dir: string, fixture: string, from: string, to: string): string {
  const text = fs.readFileSync(path.join(FIXTURES, fixture), 'utf8');
  assert.ok(text.includes(from), `${fixture} has no line ${from}`);
  const out = path.join(dir, fixture);
  fs.writeFileSync(out, text.replace(from, to));
  return out;
}

describe('syntaxes: TextMate grammars (vscode-tmgrammar-test)', function () {
  this.timeout(60000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-syntaxes-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('contributes the grammars and the xtensa-asm language for .S and .s', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      contributes: { languages: { id: string; extensions: string[] }[]; grammars: { scopeName: string; path: string; language?: string; injectTo?: string[] }[] };
    };
    const asm = manifest.contributes.languages.find((l) => l.id === 'xtensa-asm');
    assert.deepEqual(asm?.extensions, ['.S', '.s']);
    const byScope = new Map(manifest.contributes.grammars.map((g) => [g.scopeName, g]));
    assert.equal(byScope.get('source.xtensa-asm')?.language, 'xtensa-asm');
    assert.deepEqual(byScope.get('neuron.injection.cpp')?.injectTo, ['source.cpp']);
    for (const g of manifest.contributes.grammars) {
      const grammar = JSON.parse(fs.readFileSync(path.join(REPO, g.path), 'utf8')) as { scopeName: string };
      assert.equal(grammar.scopeName, g.scopeName, g.path);
    }
  });

  it('scopes Xtensa assembly sources and objdump listings as the fixtures assert', () => {
    const files = ['xtensa-source.test.S', 'objdump-listing.test.S'].map((f) => path.join(FIXTURES, f));
    const r = tmTest(files);
    assert.equal(r.status, 0, r.output);
    assert.match(r.output, /xtensa-source\.test\.S run successfuly/);
    assert.match(r.output, /objdump-listing\.test\.S run successfuly/);
  });

  it('fails a wrong assertion in an assembly fixture, naming the line', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'xtensa-source.test.S'), 'utf8');
    const line = text.split('\n').find((l) => /\^+ comment\.line\.double-slash\.xtensa-asm$/.test(l))!;
    const bad = wrongCopy(dir, 'xtensa-source.test.S', line, line.replace('comment.line.double-slash.xtensa-asm', 'keyword.other.instruction.xtensa-asm'));
    const r = tmTest([bad]);
    assert.notEqual(r.status, 0, r.output);
    assert.match(r.output, /xtensa-source\.test\.S:\d+/);
    assert.match(r.output, /missing required scopes: keyword\.other\.instruction\.xtensa-asm/);
  });

  it('scopes the Neuron API inside VS Code\'s C++ grammar as the fixture asserts', function () {
    const cpp = requireCppGrammar(this);
    const r = tmTest([path.join(FIXTURES, 'neuron-api.test.cpp')], [cpp]);
    assert.equal(r.status, 0, r.output);
    assert.match(r.output, /neuron-api\.test\.cpp run successfuly/);
  });

  it('fails a wrong assertion in the C++ fixture (the injection stays out of comments)', function () {
    const cpp = requireCppGrammar(this);
    const text = fs.readFileSync(path.join(FIXTURES, 'neuron-api.test.cpp'), 'utf8');
    const line = text.split('\n').find((l) => /\^+ comment\.line\.double-slash\.cpp$/.test(l))!;
    const bad = wrongCopy(dir, 'neuron-api.test.cpp', line, line.replace('comment.line.double-slash.cpp', 'support.function.neuron.tcm.cpp'));
    const r = tmTest([bad], [cpp]);
    assert.notEqual(r.status, 0, r.output);
    assert.match(r.output, /missing required scopes: support\.function\.neuron\.tcm\.cpp/);
  });
});
