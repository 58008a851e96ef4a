// The front-end's diagnostic codes: the list is pinned (they are the LSP `code` values editors and
// scripts may match on), the table in language/README.md is the registry's, and every diagnostic the
// language and checks fixtures produce has a registered code, one of its severities and one of its
// message shapes (notes only where the registry says they may follow).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost, type Diagnostic } from '../../language';
import { translationDiagnostics } from '../../compiler';
import { CHECKS } from '../../language/checks';
import { DIAGNOSTIC_CODES, type DiagnosticSpec } from '../../language/diagnostic-codes';
import { sharedFrontend } from './grammar';

const ROOT = path.join(__dirname, '..', '..', '..');

/** The LSP `code` values: only add to these lists (a removed or renamed code breaks users' filters). */
const PINNED_FRONTEND = [
  'address-of-bit-field', 'address-of-rvalue', 'ambiguous-call', 'ambiguous-overload', 'assign-to-const',
  'auto-before-definition', 'bad-alignment', 'bad-array-size', 'bad-auto', 'bad-base', 'bad-binding', 'bad-bit-field',
  'bad-capture', 'bad-cast', 'bad-condition', 'bad-define', 'bad-delegation', 'bad-deref', 'bad-directive',
  'bad-function-use', 'bad-if-expression', 'bad-include', 'bad-init', 'bad-member-access', 'bad-offsetof',
  'bad-operands', 'bad-pack', 'bad-range', 'bad-reference-binding', 'bad-return', 'bad-sizeof',
  'bad-subscript', 'bad-this', 'bad-type', 'bypassed-init', 'constexpr-limit', 'deleted-function',
  'division-by-zero', 'extra-tokens', 'file-not-found', 'include-depth', 'include-not-found',
  'incomplete-type', 'instantiation-depth', 'internal', 'intrinsic-argument', 'invalid-member-use', 'kernel-image', 'lex-error', 'macro-error',
  'missing-return', 'missing-return-value', 'narrowing', 'no-heap', 'no-matching-function', 'no-member',
  'no-such-member', 'no-viable-operator', 'not-a-namespace', 'not-a-scope', 'not-a-type', 'not-a-value',
  'not-assignable', 'not-callable', 'not-captured', 'not-constant', 'not-translatable', 'pp-error', 'pp-warning', 'redefinition',
  'return-value-in-void', 'static-assert', 'stray-directive', 'syntax-error', 'template-args',
  'type-as-expression', 'type-mismatch', 'undeclared-identifier', 'undeclared-label', 'uninitialised-const',
  'uninitialised-reference', 'unknown-member', 'unknown-template', 'unknown-type', 'unsupported',
  'unterminated-conditional', 'unused-value',
];
const PINNED_CHECKS = ['Q7-A001', 'Q7-A002', 'Q7-A003', 'Q7-A004', 'Q7-C005', 'Q7-M006', 'Q7-T007', 'Q7-L008', 'Q7-A009',
  'Q7-C010', 'Q7-C011', 'Q7-P012', 'Q7-K013', 'Q7-A014', 'Q7-A015', 'Q7-S016'];

const registry: Record<string, DiagnosticSpec> = DIAGNOSTIC_CODES;

/** The registry as the Markdown table language/README.md holds. */
export function registryTable(): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const rows = Object.entries(registry).map(([code, spec]) =>
    `| \`${code}\` | ${spec.severities.join(', ')} | ${spec.stages.join(', ')} | ${spec.messages.map((m) => cell(m)).join(' · ')} | ${spec.notes ? 'yes' : ''} |`);
  return ['| code | severity | reported by | message (`…` varies) | notes |', '|---|---|---|---|---|', ...rows].join('\n');
}

function shapeMatches(message: string, shapes: readonly string[]): boolean {
  return shapes.some((shape) => new RegExp(`^${shape.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`).test(message));
}

describe('language/diagnostic codes', function () {
  this.timeout(120000);

  it('pins the LSP code values of the front-end and of the checks', () => {
    assert.deepEqual(Object.keys(registry).sort(), [...PINNED_FRONTEND].sort());
    assert.deepEqual(CHECKS.map((c) => c.code), PINNED_CHECKS);
    for (const code of Object.keys(registry)) assert.match(code, /^[a-z]+(-[a-z]+)*$/, code);
  });

  it('declares every code with a severity, a stage and at least one message shape', () => {
    for (const [code, spec] of Object.entries(registry)) {
      assert.ok(spec.severities.length > 0 && spec.stages.length > 0 && spec.messages.length > 0, code);
      assert.equal(new Set(spec.messages).size, spec.messages.length, `${code}: a message shape twice`);
    }
  });

  it('language/README.md holds the registry as its table', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'language', 'README.md'), 'utf8');
    const m = /<!-- diagnostic-codes:begin[^>]*-->\n([\s\S]*?)\n<!-- diagnostic-codes:end -->/.exec(readme);
    assert.ok(m, 'language/README.md: the markers <!-- diagnostic-codes:begin --> … <!-- diagnostic-codes:end --> are missing');
    assert.equal(m[1], registryTable(), 'language/README.md: the diagnostic codes table differs from language/diagnostic-codes.ts; replace it with the expected text');
  });

  it('the fixtures produce only registered codes, severities and message shapes', async () => {
    const fe = await sharedFrontend();
    const sources: [string, string][] = [];
    for (const dir of ['test/language/fixtures', 'test/language/checks/fixtures', 'examples/kernels']) {
      for (const name of fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.cpp')).sort()) sources.push([`/${dir}/${name}`, fs.readFileSync(path.join(ROOT, dir, name), 'utf8')]);
    }
    const seen = new Set<string>();
    const bad: string[] = [];
    const where = (d: Diagnostic) => `${d.range.file}:${d.range.start.line + 1}`;
    for (const [file, text] of sources) {
      for (const d of fe.analyze(file, memoryHost({ [file]: text })).diagnostics) {
        const spec = registry[d.code];
        seen.add(d.code);
        if (!spec) { bad.push(`${where(d)}: unregistered code '${d.code}'`); continue; }
        if (!(spec.severities as readonly string[]).includes(d.severity)) bad.push(`${where(d)}: ${d.code} as ${d.severity}`);
        if (!shapeMatches(d.message, spec.messages)) bad.push(`${where(d)}: ${d.code} message '${d.message}' has no registered shape`);
        // a problem inside a header or an instance comes with a first note at the place itself
        const own = (d.related ?? []).filter((r, i) => !(i === 0 && /^(in instantiation of |here$)/.test(r.message)));
        if (own.length && !spec.notes) bad.push(`${where(d)}: ${d.code} has notes`);
      }
    }
    assert.deepEqual(bad, []);
    assert.ok(seen.size >= 30, `only ${seen.size} codes seen: the fixtures did not run`);
  });

  it('the compiler\'s legality rules report registered codes and message shapes', async () => {
    const fe = await sharedFrontend();
    const cases: [string, string, string][] = [
      ['/empty.cpp', '', 'kernel-image'],
      ['/twice.cpp', '#include <torch/torch.h>\ntorch::Tensor k(const torch::Tensor& t) { return t; }\ntorch::Tensor k(const torch::Tensor& t, int64_t) { return t; }\n', 'kernel-image'],
      ['/binding.cpp', '#include <torch/torch.h>\nstruct S { int a : 3; };\ntorch::Tensor k(const torch::Tensor& t) { S s{1}; auto [x] = s; (void)x; return t; }\n', 'not-translatable'],
    ];
    for (const [file, text, code] of cases) {
      const host = memoryHost({ [file]: text });
      const found = translationDiagnostics(fe, fe.analyze(file, host), file);
      assert.deepEqual(found.map((d) => d.code), [code], `${file}: ${found.map((d) => d.message).join('; ')}`);
      const spec = registry[found[0].code];
      assert.ok(spec.stages.includes('compiler') && spec.severities.includes(found[0].severity as 'error'), code);
      assert.ok(shapeMatches(found[0].message, spec.messages), `${code}: message '${found[0].message}' has no registered shape`);
    }
  });

  it('a diagnostic\'s code is a registered code or a check\'s (an unregistered one does not compile)', () => {
    // @ts-expect-error: 'no-such-code' is not registered, so the build fails if Diagnostic['code'] accepts it
    const unregistered: Diagnostic['code'] = 'no-such-code';
    const registered: Diagnostic['code'][] = ['syntax-error', 'not-translatable', 'Q7-A001'];
    assert.equal(unregistered, 'no-such-code');
    assert.equal(registered.length, 3);
  });
});
