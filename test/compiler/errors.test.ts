// Constructs the compiler does not translate (yet) stop compilation with an error at their place —
// file, line and column — and never produce an image; front-end errors come through the same way.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { compileSource } from './harness';

async function errorsOf(body: string, prelude = ''): Promise<string[]> {
  const src = `#include <stdio.h>\n${prelude}\nint main() {\n${body}\n  return 0;\n}\n`;
  const r = await compileSource(src, '/src/e.cpp');
  assert.equal(r.image, undefined, 'no image on error');
  return r.diagnostics.map(formatCompileDiagnostic);
}

describe('compiler errors', function () {
  this.timeout(60_000);

  it("rejects a lambda's init-capture and its use of 'this'", async () => {
    assert.deepEqual(await errorsOf('  auto f = [n = 2](int x) { return x + n; };\n  f(1);'), ['/src/e.cpp:4:13: error: a lambda capture with an initialiser is not supported yet (the model does not keep its value)']);
    const e = await errorsOf('  S s{3};\n  s.get();', 'struct S { int v; int get() { auto g = [this]() { return v; }; return g(); } };');
    assert.deepEqual(e, ["/src/e.cpp:2:58: error: 'this' inside a lambda (a capture of the enclosing object) is not supported yet"]);
  });

  it('rejects static locals that would need code at exit or static storage for a temporary', async () => {
    const dtor = await errorsOf('  static D d(3);', 'struct D { int v; D(int x) : v(x) {} ~D() { printf("bye"); } };');
    assert.deepEqual(dtor, ["/src/e.cpp:4:12: error: static local 'd' has a destructor, which would need code run at exit (not supported yet)"]);
    const temp = await errorsOf('  static const int& r = 2 + 3;');
    assert.deepEqual(temp, ["/src/e.cpp:4:21: error: static reference 'r' bound to a temporary is not supported yet"]);
  });

  it('rejects range-based for over iterators that are not pointers, and goto', async () => {
    const prelude = 'struct It { int* p; int& operator*() { return *p; } It& operator++() { ++p; return *this; } bool operator!=(const It& o) const { return p != o.p; } }; struct R { int a[2]; It begin() { return It{a}; } It end() { return It{a + 2}; } };';
    assert.deepEqual(await errorsOf('  R r{{1, 2}};\n  for (int x : r) printf("%d", x);', prelude), ["/src/e.cpp:5:16: error: a range whose begin() returns something other than a pointer is not supported yet"]);
    assert.deepEqual(await errorsOf('  goto out;\nout:\n  ;'), ["/src/e.cpp:4:3: error: 'goto' and labels are not supported yet"]);
  });

  it('reports a call through a function pointer with the wrong number of arguments', async () => {
    const e = await errorsOf('  apply(twice, 2);', 'int twice(int v) { return 2 * v; }\nint apply(int (*f)(int), int v) { return f(v, v); }');
    assert.deepEqual(e, ['/src/e.cpp:3:42: error: call with 2 arguments to a function taking 1']);
  });

  it('rejects ++ and -- on a class without those operators (never an internal error)', async () => {
    for (const op of ['++s', 's--']) {
      const e = await errorsOf(`  S s{1};\n  ${op};`, 'struct S { int v; };');
      assert.equal(e.length, 1, e.join('\n'));
      assert.match(e[0], /^\/src\/e\.cpp:5:\d+: error: .*'S'/);
      assert.doesNotMatch(e[0], /internal/);
    }
  });

  it('reports a function that is declared but not defined', async () => {
    assert.deepEqual(await errorsOf('  missing(1);', 'int missing(int);'), ["/src/e.cpp:4:3: error: 'missing' is declared but not defined (and not part of the runtime library)"]);
  });

  it('passes front-end errors through with their positions', async () => {
    assert.deepEqual(await errorsOf('  int x = undeclared;'), ["/src/e.cpp:4:11: error: use of undeclared identifier 'undeclared'"]);
  });

  it('needs a main function or a kernel function', async () => {
    const r = await compileSource('int f() { return 1; }\nstatic void g(int) {}\n', '/src/nomain.cpp');
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), [
      "/src/nomain.cpp:1:1: error: no 'main' function and no kernel function: a kernel is a function defined in this file with external linkage that takes torch::Tensor (by const&, & or value) and scalars by value and returns torch::Tensor or void",
    ]);
  });

  it('rejects device calls in a program with main', async () => {
    const r = await compileSource('#include <torch/torch.h>\nint main() { void* p = torch::neuron::tcm_malloc(16); return p != nullptr; }\n', '/src/prog.cpp');
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), [
      "/src/prog.cpp:1:1: error: '__q7_device_call' talks to the device: a program with 'main' cannot use it (build the kernels without 'main' into a kernel image)",
    ]);
  });

  it('rejects two kernels of the same name at the second', async () => {
    const r = await compileSource('void k(int) {}\nvoid k(float) {}\n', '/src/twice.cpp');
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), ["/src/twice.cpp:2:6: error: two kernels are named 'k' (overloaded kernels cannot share a kernel_info_table name)"]);
  });
});
