// Frontend.handOver: the unit the compiler gets has everything it can reach completed beforehand (a
// template instance's implicitly called destructor, default arguments, member and global initialisers),
// is read without completing anything, and names what it was not handed instead of completing it.

import * as assert from 'node:assert/strict';
import { memoryHost, NotHandedOver } from '../../language';
import type { ClassDecl, FunctionDecl, TypedefDecl } from '../../language/model/declarations';
import { sharedFrontend } from './grammar';

const FILE = '/hand-over/k.cpp';
const SRC = [
  'template <typename T> struct Box {',
  '  T v = T(2);',
  '  ~Box() { v = T(); v = v + T(1); }',
  '  int unused() const { return 1; }',
  '};',
  'template <typename T> struct Later { T t; };',
  'using Unused = Later<int>;',
  'int scale(int x, int k = 3) { return x * k; }',
  'int g = scale(2);',
  'int f() {',
  '  Box<int> b;',
  '  return scale(1);',
  '}',
].join('\n');

describe('language/sema/hand-over (Frontend.handOver)', function () {
  this.timeout(60000);

  it('completes what the compiler reaches before hand-over, once, and reads it without completing', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
    const f = a.model.functions.find((x) => x.name === 'f')!;
    const cls = (f.analysed!.locals[0].decl.type as { decl: ClassDecl }).decl;
    const dtor = cls.methods('~Box').find((m): m is FunctionDecl => m.kind === 'function')!;
    assert.equal(dtor.analysed, undefined, 'the analysis leaves the destructor for later');

    const unit = fe.handOver(a);
    assert.strictEqual(fe.handOver(a), unit, 'once per analysis');
    assert.ok(unit.bodiesCompleted >= 1);
    assert.equal(unit.bodyOf(dtor)?.fullExpressions.length, 2, "the destructor's body, analysed before hand-over");
    assert.deepEqual(unit.roots.map((fn) => fn.name).sort(), ['f', 'scale']);
    const scale = unit.roots.find((fn) => fn.name === 'scale')!;
    assert.equal(unit.defaultArgumentOf(scale, 1)?.args[0].value, 3);
    assert.equal(unit.defaultArgumentOf(scale, 0), undefined, 'no default argument');
    assert.equal(unit.memberInitialiserOf(cls.fields[0])?.form, 'copy');
    const g = a.model.lookup('g')[0];
    assert.equal(g.kind, 'var');
    assert.equal(unit.definitionOf(g).initialiser?.args[0].kind, 'call');
    assert.equal(unit.layoutOf(cls)?.size, 4);
  });

  it('names what was not handed over instead of completing it', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    const unit = fe.handOver(a);
    const f = a.model.functions.find((x) => x.name === 'f')!;
    const cls = (f.analysed!.locals[0].decl.type as { decl: ClassDecl }).decl;
    const unused = cls.methods('unused')[0] as FunctionDecl;
    assert.throws(() => unit.bodyOf(unused), (e: Error) => e instanceof NotHandedOver && e.message === "the body of 'Box::unused' was not completed by the front-end before hand-over");
    assert.equal(unused.analysed, undefined, 'asking analysed nothing');
    const later = ((a.model.lookup('Unused')[0] as TypedefDecl).type as { decl: ClassDecl }).decl;
    assert.ok(later.pending, 'a template instance only named in a typedef is not completed');
    assert.throws(() => unit.layoutOf(later), /^Error: class 'Later<int>' was not completed by the front-end before hand-over$/);
    assert.ok(later.pending, 'asking completed nothing');
  });
});
