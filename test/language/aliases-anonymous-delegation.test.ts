// The front-end's namespace aliases, anonymous union/struct members and delegating constructors: what
// it accepts, and the errors for a misused one (positions 1-based in the messages below).

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import { sharedFrontend } from './grammar';

async function errors(code: string): Promise<string[]> {
  const fe = await sharedFrontend();
  const a = fe.analyze('/t.cpp', memoryHost({ '/t.cpp': code }));
  return a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.message}`);
}

describe('language/namespace aliases, anonymous members, delegating constructors', function () {
  this.timeout(60000);

  it('accepts them', async () => {
    const code = [
      'namespace a { namespace b { int f() { return 1; } } }',
      'namespace ab = a::b;',
      'struct V { short tag; union { int i; struct { short lo, hi; }; }; V() : i(0) {} V(int x) : V() { lo = (short)x; } int get() const { return i + hi; } };',
      'int main() { namespace q = ::a::b; V v(3); v.hi = 2; return ab::f() + q::f() + v.get(); }',
    ].join('\n');
    assert.deepEqual(await errors(code), []);
  });

  it('reports an alias of something that is not a namespace, or of nothing', async () => {
    assert.deepEqual(await errors('int z;\nnamespace bad = z;\nnamespace nope = m;\n'), ["2:17 'z' is not a namespace", "3:18 no namespace named 'm'"]);
  });

  it('reports a delegating mem-initialiser that is not alone', async () => {
    assert.deepEqual(await errors('struct D { int a; D(int x) : a(x) {} D() : D(7), a(1) {} };\n'), ['1:44 an initializer for a delegating constructor must appear alone']);
  });

  it('reports an anonymous union at block scope as not supported', async () => {
    const got = await errors('int main() {\n  union { int a; float b; };\n  return 0;\n}\n');
    assert.deepEqual(got, ['2:3 an anonymous union at block scope is not supported yet']);
  });
});
