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

  it('reports a stack frame too large for ENTRY as an error at its function, not an internal error', async () => {
    const r = await compileSource('int big(int k) {\n  char buf[100000];\n  buf[k] = 1;\n  return buf[k + 1];\n}\nint main() { return big(0); }\n', '/src/big.cpp');
    assert.equal(r.image, undefined);
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), [
      "/src/big.cpp:1:5: error: the stack frame of 'big' needs 100096 bytes (at most 32760 are supported: move large arrays to TCM (tcm_malloc) or to globals)",
    ]);
  });

  it("rejects converting a lambda with a '...' parameter to a pointer to function (its invoker could not pass the arguments on)", async () => {
    const e = await errorsOf('  int (*fp)(int, ...) = [](int n, ...) { return n; };\n  fp(1);');
    assert.deepEqual(e, ["/src/e.cpp:4:25: error: converting a lambda with a '...' parameter to a pointer to function is not supported"]);
  });

  it('reports errors in default arguments, default member initialisers and global initialisers at their place', async () => {
    // the front-end analyses these only when the compiler asks: an unused one is checked too
    const unused = await errorsOf('', 'int f(int x = nope) { return x; }\nstruct S { int n = missing + 1; };');
    assert.deepEqual(unused, ["/src/e.cpp:2:15: error: use of undeclared identifier 'nope'", "/src/e.cpp:3:20: error: use of undeclared identifier 'missing'"]);
    const used = await errorsOf('  S s;\n  return f();', 'int f(int x = nope) { return x; }\nstruct S { int n = missing + 1; };');
    assert.deepEqual(used, ["/src/e.cpp:3:20: error: use of undeclared identifier 'missing'", "/src/e.cpp:2:15: error: use of undeclared identifier 'nope'"]);
    const global = await errorsOf('', 'struct C { C(int) {} };\nC c("text");');
    assert.equal(global.length, 1, global.join('\n'));
    assert.match(global[0], /^\/src\/e\.cpp:3:\d+: error: /);
    assert.doesNotMatch(global[0], /internal|not supported/);
  });

  it('rejects a construct the front-end notes in a full-expression or an initialiser, at its place', async () => {
    const classes = '  struct B { virtual ~B() {} };\n  struct D : B {};\n  D d;\n  B* b = &d;\n';
    const init = await errorsOf(`${classes}  D* p = dynamic_cast<D*>(b);\n  (void)p;`);
    assert.deepEqual(init, ['/src/e.cpp:8:10: error: dynamic_cast is not supported']);
    const statement = await errorsOf(`${classes}  if (b) (void)dynamic_cast<D*>(b);`);
    assert.deepEqual(statement, ['/src/e.cpp:8:16: error: dynamic_cast is not supported']);
  });

  it('rejects a goto or a case label that bypasses an initialisation, and a goto to no label', async () => {
    const into = await errorsOf('  goto in;\n  {\n    int x = 1;\n  in:\n    x++;\n  }');
    assert.deepEqual(into, ["/src/e.cpp:4:3: error: cannot jump from this goto statement to its label: the jump bypasses the initialisation of 'x'"]);
    const past = await errorsOf('  goto out;\n  T t(1);\nout:\n  ;', 'struct T { T(int) {} ~T() {} };');
    assert.deepEqual(past, ["/src/e.cpp:4:3: error: cannot jump from this goto statement to its label: the jump bypasses the initialisation of 't'"]);
    const sw = await errorsOf('  switch (1) {\n  case 0:\n    int y = 2;\n  case 1:\n    y++;\n  }');
    assert.deepEqual(sw, ["/src/e.cpp:7:3: error: cannot jump from switch statement to this case label: the jump bypasses the initialisation of 'y'"]);
    assert.deepEqual(await errorsOf('  goto nowhere;'), ["/src/e.cpp:4:3: error: use of undeclared label 'nowhere'"]);
    // jumping over a variable without an initialiser, or out of its scope, is fine
    const ok = await compileSource('int main() {\n  goto in;\n  {\n    int x;\n  in:\n    x = 1;\n    goto out;\n  }\nout:\n  return 0;\n}\n', '/src/ok.cpp');
    assert.deepEqual(ok.diagnostics.map(formatCompileDiagnostic), []);
    assert.ok(ok.image);
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
      "/src/nomain.cpp:1:1: error: no 'main' function and no kernel function: a kernel is a function defined in this file (or a .cpp file it includes) with external linkage that takes torch::Tensor (by const&, & or value) and scalars by value and returns torch::Tensor or void",
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
