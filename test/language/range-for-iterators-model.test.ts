// The model of a range-based for over a class whose begin()/end() return iterator objects: `__begin`
// and `__end` are of the iterator type, initialised by the begin/end calls (members, or free functions
// found by argument-dependent lookup), and compared, advanced and dereferenced by the operator
// functions overload resolution chose (members or not).

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import type { FunctionDecl } from '../../language/model/declarations';
import { sharedFrontend } from './grammar';

const FILE = '/range/it.cpp';
const SRC = [
  'struct It { int* p; int& operator*() const; It& operator++(); };',
  'bool operator!=(const It&, const It&);',
  'struct Vec { int a[3]; It begin(); It end(); };',
  'namespace ns { struct Bag { int v[2]; }; int* begin(Bag&); int* end(Bag&); }',
  'int f(Vec& v, ns::Bag& b) {',
  '  int s = 0;',
  '  for (int x : v) s += x;',
  '  for (int y : b) s += y;',
  '  return s;',
  '}',
].join('\n');

describe('language: range-based for over iterators in the analysed body', function () {
  this.timeout(60000);

  it('records the iterator type, the begin/end calls and the chosen operators', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
    const f = a.model.functions.find((x): x is FunctionDecl => x.name === 'f')!;
    const [vec, bag] = a.model.analyse(f)!.rangeFors;

    assert.equal(vec.cursor.type.kind, 'class', '__begin is an It');
    const it = vec.iterator!;
    assert.equal(it.endVar.type.kind, 'class');
    assert.equal(it.beginInit.callee?.name, 'begin');
    assert.equal(vec.begin?.owner?.name, 'Vec', 'the member begin()');
    assert.equal(it.test?.callee?.name, 'operator!=');
    assert.equal(it.test?.callee?.owner, undefined, 'the free operator!=');
    assert.equal(it.increment?.callee?.name, 'operator++');
    assert.equal(vec.element.callee?.name, 'operator*');
    assert.equal(it.test?.operands?.[0].decl, vec.cursor);
    assert.equal(it.test?.operands?.[1].decl, it.endVar);

    assert.equal(bag.cursor.type.kind, 'pointer', 'free begin(Bag&) returns int*');
    assert.equal(bag.begin?.owner, undefined);
    assert.equal(bag.iterator?.beginInit.operands?.[0].decl, bag.rangeRef, 'begin(__range)');
    assert.equal(bag.iterator?.test, undefined, 'pointers are compared directly');
    assert.equal(bag.element.kind, 'deref');
  });
});
