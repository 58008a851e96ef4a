// The checks' view of a body (language/checks/function-context.ts) reads the locals' initialisers from
// the typed statement tree (FunctionBody.statement): `= e` and list initialisers, a condition's
// declaration, a structured binding's hidden object and a declarator the parser misreads as an
// expression (`int (*row)[4] = …`) all give the initialising expression; a local without one gives none,
// and so does `T v(args)` (no one expression spans the parenthesised list; aliased-handles.ts reads
// its sole argument).

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../../language';
import { FunctionContext } from '../../../language/checks/function-context';
import { sharedFrontend } from '../grammar';

const SOURCE = `struct P { int a; int b; };
int grid[3][4];
int f(int x) {
  int plain = x + 1;
  int direct(x * 2);
  int list{x - 3};
  int none;
  none = 0;
  if (int cond = x & 4) plain += cond;
  P pair{1, 2};
  auto [p, q] = pair;
  int (*row)[4] = grid;
  return plain + direct + list + none + p + q + row[0][0];
}
`;

describe('language/checks function context', function () {
  this.timeout(60000);

  it("finds each local's initialiser in the typed statement tree", async () => {
    const fe = await sharedFrontend();
    const file = '/f.cpp';
    const a = fe.analyze(file, memoryHost({ [file]: SOURCE }));
    assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
    const fn = a.model.functions.find((f) => f.name === 'f' && f.analysed)!;
    const fc = FunctionContext.of(fn, fn.analysed!);
    const initText = (name: string) => {
      const local = fc.locals.find((l) => l.decl.name === name);
      assert.ok(local, `local ${name}`);
      const e = fc.initOf(local.decl);
      return e && fc.text(e.loc.start, e.loc.end);
    };
    assert.equal(initText('plain'), 'x + 1');
    assert.equal(initText('direct'), undefined);
    assert.equal(initText('list'), '{x - 3}');
    assert.equal(initText('none'), undefined);
    assert.equal(initText('cond'), 'x & 4');
    assert.equal(initText('row'), 'grid');
    const binding = fn.analysed!.bindings![0];
    const e = fc.initOf(binding.object);
    assert.equal(e && fc.text(e.loc.start, e.loc.end), 'pair');
    assert.equal(fc.localInitialisedBy(e!), binding.object);
  });

  it('finds the statements around a place in the typed statement tree (a condition belongs to its statement)', async () => {
    const fe = await sharedFrontend();
    const file = '/g.cpp';
    const src = 'int g(int x) {\n  if (int c = x + 1) { x += c; }\n  for (int i = 0; i < x; i++) x--;\n  return x;\n}\n';
    const a = fe.analyze(file, memoryHost({ [file]: src }));
    const fn = a.model.functions.find((f) => f.name === 'g' && f.analysed)!;
    const fc = FunctionContext.of(fn, fn.analysed!);
    const at = (text: string) => {
      const start = fc.unit.text.indexOf(text);
      assert.ok(start >= 0, text);
      return fc.statementsAround({ start, end: start + text.length }).map((s) => s.kind);
    };
    assert.deepEqual(at('x + 1'), ['block', 'if'], "a condition's declaration is part of its if");
    assert.deepEqual(at('x += c'), ['block', 'if', 'block', 'expr']);
    assert.deepEqual(at('int i = 0'), ['block', 'for', 'decl'], "a for's init-statement is its own");
    assert.deepEqual(at('i < x'), ['block', 'for']);
    assert.deepEqual(at('return x'), ['block', 'return']);
    assert.equal(fc.statementAround({ start: 0, end: 3 }), undefined, 'outside the body');
  });

  it("finds a local's scope and whether a call runs whenever that scope runs, in the typed tree", async () => {
    const fe = await sharedFrontend();
    const file = '/h.cpp';
    const src = [
      'int use(int v) { return v; }',
      'int h(int x) {',
      '  int a = x;',
      '  use(a);',
      '  if (x) use(a + 1);',
      '  x > 0 ? use(a + 2) : 0;',
      '  x && use(a + 3);',
      '  for (int i = 0; i < x; i++) use(i);',
      '  { use(a + 4); }',
      '  switch (x) { case 1: use(a + 5); }',
      '  return use(a + 6);',
      '}',
      '',
    ].join('\n');
    const a = fe.analyze(file, memoryHost({ [file]: src }));
    assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), []);
    const fn = a.model.functions.find((f) => f.name === 'h' && f.analysed)!;
    const fc = FunctionContext.of(fn, fn.analysed!);
    const local = (name: string) => fc.locals.find((l) => l.decl.name === name)!.decl;
    const call = (arg: string) => {
      const e = fc.index.all.find((x) => x.kind === 'call' && fc.text(x.loc.start, x.loc.end) === `use(${arg})`);
      assert.ok(e, `use(${arg})`);
      return e;
    };
    assert.equal(fc.scopeOf(local('a'))?.kind, 'block');
    assert.equal(fc.scopeOf(local('i'))?.kind, 'for', "a for's variable belongs to the for");
    const runs = (arg: string, name = 'a') => fc.runsWheneverScopeRuns(call(arg), local(name));
    assert.deepEqual(
      ['a', 'a + 1', 'a + 2', 'a + 3', 'a + 4', 'a + 5', 'a + 6'].map((arg) => runs(arg)),
      [true, false, false, false, true, false, true],
      'if, ?:, && and a case label make a call conditional; a nested block does not',
    );
    assert.equal(runs('i', 'i'), true, "the for's body runs whenever the for's scope does");
  });
});
