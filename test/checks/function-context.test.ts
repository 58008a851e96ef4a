// The checks' view of a body (language/checks/function-context.ts) reads the locals' initialisers from
// the typed statement tree (FunctionBody.statement): `= e` and list initialisers, a condition's
// declaration, a structured binding's hidden object and a declarator the parser misreads as an
// expression (`int (*row)[4] = …`) all give the initialising expression; a local without one gives none,
// and so does `T v(args)` (no one expression spans the parenthesised list; aliased-handles.ts reads
// its sole argument).

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import { FunctionContext } from '../../language/checks/function-context';
import { sharedFrontend } from '../language/grammar';

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
});
