// "Everything the semantic model accepts compiles": every C++ source of the repository that the
// front-end accepts without errors (language and checks fixtures — with the declarations holding an
// annotated error removed —, the example kernels, the differential corpus, the oracles' C programs)
// is compiled at -O0. Each must compile, or fail only with a diagnostic positioned in its own file,
// never an internal error, and only for a gap listed in KNOWN_GAPS below (or for using a function the
// file declares but never defines: an incomplete program). A listed gap that no longer occurs fails
// too: trim the list. `q7 check`'s compiler rules (compiler/check.ts) must report exactly what the
// build reports, and no source (accepted or not) may get an internal error from the front-end or the
// checks.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { formatCompileDiagnostic, translationProblems, type CompileDiagnostic } from '../../compiler';
import { checkedDiagnostics } from '../../language/checks';
import { parseFixture as parseLanguageFixture } from '../language/annotations';
import { sharedFrontend } from '../language/grammar';
import { parseFixture as parseChecksFixture } from '../language/checks/fixture';
import { CORPUS_DIR, compileSource } from './harness';

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * Known remaining gaps: source name → the start of the expected diagnostic's message, with why.
 * Every other source must compile. Remove an entry when its gap closes (the test says so).
 */
const KNOWN_GAPS: Record<string, { message: string; reason: string }> = {};

interface Source {
  readonly name: string;
  readonly file: string;
  readonly code: string;
}

function sourceFiles(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.(cpp|c)$/.test(f)).sort() : [];
}

function collectSources(): Source[] {
  const out: Source[] = [];
  const add = (group: string, dir: string, read: (text: string) => string) => {
    for (const f of sourceFiles(path.join(ROOT, dir))) {
      out.push({ name: `${group}/${f}`, file: `/${dir}/${f}`, code: read(fs.readFileSync(path.join(ROOT, dir, f), 'utf8')) });
    }
  };
  add('language', 'test/language/fixtures', (t) => parseLanguageFixture(t).code);
  add('checks', 'test/language/checks/fixtures', (t) => parseChecksFixture(t).code);
  add('examples', 'examples/kernels', (t) => t);
  add('corpus', path.relative(ROOT, CORPUS_DIR), (t) => t);
  add('c-programs', 'test/programs/c', (t) => t); // the oracles' C programs, where they are also C++
  return out;
}

/** Blanks a span of the text, keeping line breaks (so positions of the rest stay put). */
function blank(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, ' ') + text.slice(end);
}

function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 0; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at + column;
}

/**
 * The part of the source the front-end accepts: top-level declarations holding an error are blanked
 * (repeatedly: removing one can break its users). Undefined when nothing error-free is left.
 */
async function acceptedPart(src: Source): Promise<string | undefined> {
  const fe = await sharedFrontend();
  let code = src.code;
  for (let round = 0; round < 6; round++) {
    const a = fe.analyze(src.file, memoryHost({ [src.file]: code }));
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    if (!errors.length) return /\S/.test(code) ? code : undefined;
    let changed = false;
    for (const u of a.units.filter((x) => x.file === src.file && !x.system)) {
      const r = u.map.range(0, u.text.length);
      const hit = errors.some((d) => d.range.file === src.file && within(d.range.start, r.start, r.end));
      if (!hit) continue;
      code = blank(code, offsetOf(code, r.start.line, r.start.column), offsetOf(code, r.end.line, r.end.column));
      changed = true;
    }
    if (!changed) return undefined;
  }
  return undefined;
}

type Pos = { line: number; column: number };
function within(p: Pos, a: Pos, b: Pos): boolean {
  const le = (x: Pos, y: Pos) => x.line < y.line || (x.line === y.line && x.column <= y.column);
  return le(a, p) && le(p, b);
}

const NO_ENTRY = "no 'main' function and no kernel function";

/**
 * Compiles the code; a file with neither `main` nor a kernel is compiled as a program with an empty
 * main. `q7 check`'s compiler rules (compiler/check.ts) must find exactly what the first build reports.
 */
async function compileAccepted(src: Source, code: string): Promise<CompileDiagnostic[]> {
  let r = await compileSource(code, src.file);
  const fe = await sharedFrontend();
  const checked = translationProblems(fe, fe.analyze(src.file, memoryHost({ [src.file]: code })), src.file);
  assert.deepEqual(checked.map(formatCompileDiagnostic), r.diagnostics.map(formatCompileDiagnostic), `${src.name}: q7 check and q7 build disagree`);
  if (r.diagnostics.some((d) => d.message.startsWith(NO_ENTRY))) r = await compileSource(`${code}\nint main() { return 0; }\n`, src.file);
  return r.diagnostics;
}

/** Diagnostics of the whole source (front-end and checks) that are internal errors. */
async function internalDiagnostics(src: Source): Promise<string[]> {
  const fe = await sharedFrontend();
  const a = fe.analyze(src.file, memoryHost({ [src.file]: src.code }));
  return [...a.diagnostics, ...checkedDiagnostics(a)].filter((d) => /internal/i.test(d.message)).map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.message}`);
}

/**
 * The user's own error, not a gap: a function the file itself declares (`int f(int);` on a line of its
 * own) and uses but never defines — an incomplete program (functions only the SDK declares are runtime
 * gaps and stay listed).
 */
function undefinedOwnFunction(code: string, d: CompileDiagnostic): boolean {
  const m = /^'(?:[\w:]*::)?(\w+)' is declared but not defined/.exec(d.message);
  return !!m && new RegExp(`^\\s*(?!return\\b)(?:[\\w:<>]+[\\s*&]+)+${m[1]}\\s*\\([^;{=]*\\)\\s*;`, 'm').test(code);
}

/** What is wrong with a compile's diagnostics, or undefined when they are a listed gap (or none). */
function judge(src: Source, diags: readonly CompileDiagnostic[], code = src.code): string | undefined {
  diags = diags.filter((d) => !undefinedOwnFunction(code, d));
  if (!diags.length) return KNOWN_GAPS[src.name] ? `${src.name} compiles now: remove it from KNOWN_GAPS` : undefined;
  const shown = diags.map(formatCompileDiagnostic).join('\n');
  const gap = KNOWN_GAPS[src.name];
  for (const d of diags) {
    if (d.file !== src.file || d.line < 1 || d.column < 1) return `diagnostic not positioned in the file:\n${shown}`;
    // an internal error passes only where the list names it (a bug to fix, listed so it is tracked)
    if (/^internal/.test(d.message) && !gap?.message.startsWith('internal')) return `internal error:\n${shown}`;
  }
  if (!gap) return `not a known gap:\n${shown}`;
  if (!diags.some((d) => d.message.startsWith(gap.message))) return `expected the known gap '${gap.message}', got:\n${shown}`;
  return undefined;
}

describe('compiler: every source the front-end accepts compiles', function () {
  this.timeout(120_000);
  const sources = collectSources();

  it('collects the repository\'s sources', () => {
    assert.ok(sources.length >= 100, `only ${sources.length} sources`);
    for (const name of Object.keys(KNOWN_GAPS)) assert.ok(sources.some((s) => s.name === name), `KNOWN_GAPS names a missing source ${name}`);
  });

  const compiled: string[] = [];
  for (const src of sources) {
    it(src.name, async () => {
      assert.deepEqual(await internalDiagnostics(src), [], `${src.name}: an internal error from the front-end or the checks`);
      const code = await acceptedPart(src);
      if (code === undefined) {
        assert.ok(!KNOWN_GAPS[src.name], `${src.name} is not accepted by the front-end: remove it from KNOWN_GAPS`);
        return;
      }
      compiled.push(src.name);
      const problem = judge(src, await compileAccepted(src, code), code);
      assert.equal(problem, undefined, problem);
    });
  }

  it('compiled most of them (the collection and the error removal work)', () => {
    const groups = new Set(compiled.map((n) => n.split('/')[0]));
    assert.deepEqual([...groups].sort(), ['c-programs', 'checks', 'corpus', 'examples', 'language']);
    assert.ok(compiled.length >= 0.8 * sources.length, `only ${compiled.length} of ${sources.length} compiled`);
  });

  it('can fail: an unlisted diagnostic or an internal one is rejected', () => {
    const src = { name: 'x/none.cpp', file: '/x/none.cpp', code: '' };
    assert.match(judge(src, [{ file: src.file, line: 3, column: 4, message: 'not supported' }]) ?? '', /not a known gap/);
    assert.match(judge(src, [{ file: src.file, line: 1, column: 1, message: 'internal compiler error: x' }]) ?? '', /internal/);
    assert.match(judge(src, [{ file: '/other.h', line: 1, column: 1, message: 'x' }]) ?? '', /not positioned/);
    const own = "'f' is declared but not defined (and not part of the runtime library)";
    assert.equal(judge(src, [{ file: src.file, line: 2, column: 1, message: own }], 'int f(int x);\nint g() { return f(1); }\n'), undefined);
    assert.match(judge(src, [{ file: src.file, line: 1, column: 1, message: own }], 'int g() {\n  f(1);\n  return 0;\n}\n') ?? '', /not a known gap/);
  });
});
