// The typed statement tree of an analysed body (FunctionBody.statement, built by
// language/sema/statements-build.ts): each statement kind in place with its typed full-expressions,
// declarations with what they declare (locals, static locals, structured bindings, the misparsed
// `T (*p)[N] = a;`), conditions with their init-statements and variables, a switch's case labels (not
// those of a nested switch), range-based fors with their analysed loop, and the constructs the compiler
// rejects noted where they are.

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import { allStatements, type FunctionDecl, type Stmt, type VarDecl } from '../../language/model';
import { sharedFrontend } from './grammar';

const FILE = '/tree/k.cpp';
const SRC = [
  'struct P { int a; int b; };',
  'struct S { static int n; };',
  'int S::n = 3;',
  'int g = 1;',
  'int f(int k) {',
  '  static int calls = 0;',
  '  int a[4] = {1, 2, 3, 4};',
  '  int (*row)[4] = &a;',
  '  auto [x, y] = P{1, 2};',
  '  if (int v = k; v > 2) k += v;',
  '  else k -= 1;',
  '  switch (k) {',
  '  case 1: { switch (k) { case 7: break; } }',
  '  case 2: k++; break;',
  '  default: break;',
  '  }',
  '  for (int i = 0; i < 4; i++) k += a[i];',
  '  for (int e : a) k += e;',
  '  while (k > 100) k /= 2;',
  '  do { k--; } while (k > 50);',
  '  again: if (k > 40) goto again;',
  '  if (k < 0) k = *dynamic_cast<int*>(&k);',
  '  return k + x + y + (*row)[0] + calls;',
  '}',
].join('\n');

function body(fn: string) {
  return sharedFrontend().then((fe) => {
    const a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    const f = a.model.functions.find((x): x is FunctionDecl => x.name === fn)!;
    return { a, body: a.model.analyse(f)! };
  });
}

describe('language: the typed statement tree of a body', function () {
  this.timeout(60000);

  it('holds every statement of the body in order, each with what the analysis made of it', async () => {
    const { body: b } = await body('f');
    const root = b.statement!;
    assert.equal(root.kind, 'block');
    const kinds = (root as Stmt & { kind: 'block' }).body.map((s) => s.kind);
    assert.deepEqual(kinds, ['decl', 'decl', 'decl', 'decl', 'if', 'switch', 'for', 'range-for', 'while', 'do', 'label', 'if', 'return']);
    const [statik, arr, row, binding, ifs, sw, loop, rangeFor] = (root as Stmt & { kind: 'block' }).body;

    assert.ok(statik.kind === 'decl' && statik.items[0].kind === 'static');
    const calls = statik.kind === 'decl' && statik.items[0].kind === 'static' ? statik.items[0].decl : undefined;
    assert.equal(calls?.name, 'calls');
    assert.equal(calls?.staticLocal, true, 'the static local is marked on its VarDecl');

    assert.ok(arr.kind === 'decl' && arr.items[0].kind === 'local');
    const arrInit = arr.kind === 'decl' && arr.items[0].kind === 'local' ? arr.items[0].init : undefined;
    assert.equal(arrInit?.form, 'list');
    assert.equal(arrInit?.whole?.list?.length, 4, 'the whole braced list is typed');
    assert.equal((arr.kind === 'decl' && arr.items[0].kind === 'local' && arr.items[0].decl.staticLocal) || false, false);

    // `int (*row)[4] = &a;` parses as an expression statement: the tree has it as a declaration
    assert.ok(row.kind === 'decl' && row.items[0].kind === 'local' && row.items[0].decl.name === 'row');
    assert.ok(binding.kind === 'decl' && binding.items[0].kind === 'binding' && binding.items[0].binding.names.length === 2);

    assert.ok(ifs.kind === 'if');
    assert.equal(ifs.cond.init.length, 1, "the condition's init-statement");
    assert.equal(ifs.cond.value?.expr?.operator, '>');
    assert.ok(ifs.otherwise, 'the else branch');

    assert.ok(sw.kind === 'switch');
    assert.deepEqual(sw.cases.map((c) => c.value?.expr?.value ?? 'default'), [1, 2, 'default'], "the nested switch's case 7 is its own");

    assert.ok(loop.kind === 'for' && loop.init?.kind === 'decl' && loop.cond?.value?.expr && loop.update?.expr);
    assert.ok(rangeFor.kind === 'range-for' && rangeFor.loop === b.rangeFors[0]);
  });

  it('notes a construct the compiler rejects, with its place', async () => {
    const { body: b } = await body('f');
    const stmts = (b.statement as Stmt & { kind: 'block' }).body;
    const thrower = stmts[11];
    assert.ok(thrower.kind === 'if' && thrower.then.kind === 'expr');
    const rejected = thrower.then.kind === 'expr' ? thrower.then.value.rejected : undefined;
    assert.equal(rejected?.construct, 'dynamic_cast');
    assert.equal(rejected && rejected.loc.unit.text.slice(rejected.loc.start, rejected.loc.end), 'dynamic_cast<int*>(&k)');
    const ret = stmts[12];
    assert.ok(ret.kind === 'return' && ret.value?.expr && !ret.value.rejected);
  });

  it("holds each case label's constant and a class condition's conversion function", async () => {
    const fe = await sharedFrontend();
    const file = '/tree/switch.cpp';
    const src = [
      'enum class Mode : long long { A = 1LL << 40, B };',
      'struct Level { operator int() const { return 2; } };',
      'constexpr int twice(int v) { return 2 * v; }',
      'int f(Level l, Mode m) {',
      '  switch (l) { case twice(1): return 1; case -1u: return 2; default: return 0; }',
      '}',
      'int g(Mode m) { switch (m) { case Mode::B: return 1; default: return 0; } }',
    ].join('\n');
    const a = fe.analyze(file, memoryHost({ [file]: src }));
    assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
    const switchOf = (name: string) => {
      const fn = a.model.functions.find((x): x is FunctionDecl => x.name === name)!;
      const sw = allStatements(a.model.analyse(fn)!.statement).find((s) => s.kind === 'switch');
      assert.ok(sw && sw.kind === 'switch');
      return sw;
    };
    const onClass = switchOf('f');
    assert.equal(onClass.conversion?.name, 'operator int', "the class's conversion to int");
    assert.deepEqual(onClass.cases.map((c) => c.constant ?? 'default'), [2, 4294967295, 'default'], 'constexpr calls and unsigned wrap-around folded');
    const onEnum = switchOf('g');
    assert.equal(onEnum.conversion, undefined);
    assert.deepEqual(onEnum.cases.map((c) => c.constant ?? 'default'), [(1n << 40n) + 1n, 'default'], 'a 64-bit enumerator exact, as bigint');
  });

  it('marks a namespace-scope definition through a qualified name', async () => {
    const { a } = await body('f');
    const vars = [...a.model.globalScope.members.values()].flat().filter((d): d is VarDecl => d.kind === 'var');
    const byName = new Map(vars.map((v) => [v.name, v]));
    assert.equal(byName.get('g')?.qualifiedDefinition, undefined);
    assert.equal(byName.get('n')?.qualifiedDefinition, true);
  });
});
