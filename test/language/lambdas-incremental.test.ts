// Generic lambdas and lambdas outside functions under incremental analysis: the model's function list
// stays exact when the body holding a generic lambda (and its instances) is edited, and a global
// lambda's diagnostics after each edit equal those of a fresh analysis.

import * as assert from 'node:assert/strict';
import { Frontend, memoryHost, type Diagnostic } from '../../language';
import { grammarBinaries, sharedFrontend } from './grammar';

function show(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.severity}: ${d.message}`);
}

describe('language: lambdas under incremental analysis', function () {
  this.timeout(120000);
  let reference: Frontend;
  before(async () => {
    reference = await Frontend.create(grammarBinaries());
  });
  const fresh = (file: string, text: string) => {
    reference.forget(file);
    return show(reference.analyze(file, memoryHost({ [file]: text })).diagnostics);
  };

  it('keeps the list of the model functions exact across edits of a body with a generic lambda', async () => {
    const fe = await sharedFrontend();
    const file = '/inc/generic-lambda.cpp';
    const src = (k: number) => `float f(float x) {\n  auto h = [](auto y) { return y * ${k}; };\n  return h(x) + h(2) + h(3.0);\n}\n`;
    const counts: number[] = [];
    for (let k = 1; k <= 4; k++) {
      const a = fe.analyze(file, memoryHost({ [file]: src(k) }));
      assert.deepEqual(show(a.diagnostics), []);
      // f, and the instances of h's operator() for float, int and double (its check is not a function of the model)
      counts.push(a.model.functions.length);
    }
    assert.deepEqual(counts, [4, 4, 4, 4]);
  });

  it('reports the errors of a global lambda after each edit as a fresh analysis does', async () => {
    const fe = await sharedFrontend();
    const file = '/inc/global-lambda.cpp';
    const steps = [
      'auto g = [](int x) { return x + 1; };\nint main() { return g(1); }\n',
      'auto g = [](int x) { return x + missing; };\nint main() { return g(1); }\n',
      'auto g = [n = 2](int x) { return x + n; };\nint main() { return g(1); }\n',
      'auto g = [n = 2](int x) { int* p = x; return x + n; };\nint main() { return g(1); }\n',
    ];
    for (const text of steps) assert.deepEqual(show(fe.analyze(file, memoryHost({ [file]: text })).diagnostics), fresh(file, text), text);
    assert.deepEqual(fresh(file, steps[1]), ["1:33 error: use of undeclared identifier 'missing'"]);
  });
});
