// The analysed body of a range-based for describes the loop completely: the range as a full-expression
// whose temporaries live as long as the loop (bound to `__range`), the begin()/end() members (none for an
// array), the element `*__begin`, and the loop variable as a local of the loop's scope.

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import type { FunctionDecl } from '../../language/model/declarations';
import { sharedFrontend } from './grammar';

const FILE = '/range/k.cpp';
const SRC = [
  'struct Span { const long* p; int n; ~Span(); const long* begin() const { return p; } const long* end() const { return p + n; } };',
  'struct Holder { long v[3]; Span span() const { return Span{v, 3}; } };',
  'long f(const Holder& h) {',
  '  int a[4] = {1, 2, 3, 4};',
  '  long s = 0;',
  '  for (auto& x : a) s += x;',
  '  for (double d : h.span()) s += d;',
  '  for (int v : {1, 2}) s += v;',
  '  return s;',
  '}',
].join('\n');

describe('language: range-based for in the analysed body', function () {
  this.timeout(60000);

  it('records the range, its bounds, the element and the loop variable', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
    const f = a.model.functions.find((x): x is FunctionDecl => x.name === 'f')!;
    const body = a.model.analyse(f)!;
    assert.equal(body.rangeFors.length, 3);
    const [arr, span, list] = body.rangeFors;

    assert.equal(arr.begin, undefined, 'an array is bounded by its elements');
    assert.equal(arr.range.type.kind, 'array');
    assert.equal(arr.element.kind, 'deref');
    assert.equal(arr.element.operands![0].decl, arr.cursor);
    assert.equal(arr.variable!.type.kind, 'reference', 'auto& deduces int&');
    assert.ok(body.fullExpressions.includes(arr.range), 'the range is a full-expression');

    assert.equal(span.begin!.name, 'begin');
    assert.equal(span.end!.name, 'end');
    assert.deepEqual(span.element.type, { ...span.element.type, kind: 'builtin', name: 'long' });
    assert.equal(span.element.implicit?.to.kind, 'builtin', 'the element converts to the declared double');
    const temp = body.temporaries.find((t) => t.expr === span.range);
    assert.ok(temp, 'the Span the call returns is a temporary');
    assert.equal(temp.extendedBy, span.rangeRef, 'it lives until the loop ends');

    assert.equal(list.range.list?.length, 2);
    assert.equal(list.element.type.kind, 'builtin');

    const names = body.locals.map((l) => l.decl.name);
    assert.deepEqual(names, ['a', 's', 'x', 'd', 'v']);
    const x = body.locals[2];
    assert.ok(x.end.start > x.start.start, "the loop variable's scope ends with the loop");
    assert.ok(x.end.end <= SRC.indexOf('\n  for (double'), 'and not after it');
  });
});
