// model.analyse(fn): the analysed body of any function, analysed on demand when no analysis needed it
// (a template instance's destructor that only a scope's end calls).

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import type { ClassDecl, FunctionDecl } from '../../language/model/declarations';
import { sharedFrontend } from './grammar';

const FILE = '/analyse/k.cpp';
const SRC = [
  'template <typename T> struct Box {',
  '  T v;',
  '  ~Box() { v = T(); v = v + T(1); }',
  '  int get() const { return 1; }',
  '};',
  'int declared_only(int);',
  'int f() {',
  '  Box<int> b;',
  '  return b.get();',
  '}',
].join('\n');

describe('language/model.analyse', function () {
  this.timeout(60000);

  it('analyses a body no analysis needed, once, and leaves functions without a body alone', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
    const f = a.model.functions.find((x) => x.name === 'f')!;
    const body = a.model.analyse(f);
    assert.ok(body);
    const box = body.locals[0].decl.type;
    assert.equal(box.kind, 'class');
    const cls = (box as { decl: ClassDecl }).decl;
    const dtor = cls.methods('~Box').find((m): m is FunctionDecl => m.kind === 'function' && m.role === 'destructor');
    assert.ok(dtor, 'Box<int> has its destructor');
    assert.equal(dtor.analysed, undefined, 'no analysis needed the destructor yet');
    const dbody = a.model.analyse(dtor);
    assert.ok(dbody);
    assert.equal(dbody.fullExpressions.length, 2);
    assert.equal(dbody.fullExpressions[1].type.kind, 'builtin');
    assert.strictEqual(a.model.analyse(dtor), dbody, 'analysed once');
    const declared = a.model.lookup('declared_only')[0] as FunctionDecl;
    assert.equal(declared.kind, 'function');
    assert.equal(a.model.analyse(declared), undefined);
  });
});
