// Incremental analysis gives the same results as analysing from scratch: a file edited step by step
// (in function bodies, in declarations, with errors coming and going) is compared after every step
// with a fresh analysis of the same text by a front-end that kept nothing about the file.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Frontend, memoryHost, type Diagnostic } from '../../language';
import { generateKernel } from '../../bench/language';
import { grammarBinaries, sharedFrontend } from './grammar';
import { mutate, rng } from './mutations';

const KERNELS = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

function show(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.range.file}:${d.range.start.line + 1}:${d.range.start.column + 1}-${d.range.end.line + 1}:${d.range.end.column + 1} ${d.severity} ${d.code}: ${d.message}`);
}

let reference: Frontend;
function fresh(file: string, text: string): string[] {
  reference.forget(file);
  return show(reference.analyze(file, memoryHost({ [file]: text })).diagnostics);
}

describe('language/incremental', function () {
  this.timeout(120000);
  before(async () => {
    reference = await Frontend.create(grammarBinaries());
  });

  it('an edit inside one body re-analyses only that body, with the same diagnostics as from scratch', async () => {
    const fe = await sharedFrontend();
    const file = '/inc/gen.cpp';
    const base = generateKernel(120);
    const steps = [
      base.replace('+ 3.0f;', '+ 3.5f;'),
      base.replace('+ 3.0f;', '+ undeclared_name;'),
      base.replace('  const float f = (float)factor;\n', '  const float f = (float)factor;\n  int unused = 1;\n  float* p = t_in.sizes();\n'),
      base.replace('  return t_out;\n}', '  return 1;\n}'),
      base,
    ];
    for (const text of steps) {
      for (const t of [base, text]) {
        const a = fe.analyze(file, memoryHost({ [file]: t }));
        assert.deepEqual(show(a.diagnostics), fresh(file, t));
        if (t !== base) assert.deepEqual([a.reuse.keptDeclarations, a.reuse.editedBodies, a.reuse.bodiesAnalysed, a.reuse.keptUnits], [true, 1, 1, a.reuse.units - 1]);
      }
    }
  });

  it('declarations that move, appear and change keep the results right', async () => {
    const fe = await sharedFrontend();
    const file = '/inc/moves.cpp';
    const base = generateKernel(60);
    const steps = [
      base.replace('torch::Tensor scale_1(', '// a comment line\n\ntorch::Tensor scale_1('),
      base.replace('torch::Tensor scale_1(', '\n\n\ntorch::Tensor scale_1(').replace('+ 2.0f;', '+ 2.5f;'),
      base.replace('torch::Tensor scale_2(', 'int helper(int x) { return x + 1; }\ntorch::Tensor scale_2('),
      base.replace('double factor) {\n  torch::Tensor t_out', 'float factor) {\n  torch::Tensor t_out'),
      base.replace('#include <torch/torch.h>', '#define SCALE 2\n#include <torch/torch.h>').replace('+ 1.0f;', '+ SCALE;'),
      base.replace('scale_3', 'scale_0'),
      base,
    ];
    const kept: boolean[] = [];
    for (const text of steps) {
      fe.analyze(file, memoryHost({ [file]: base }));
      const a = fe.analyze(file, memoryHost({ [file]: text }));
      assert.deepEqual(show(a.diagnostics), fresh(file, text));
      kept.push(a.reuse.keptDeclarations);
    }
    // lines inserted between declarations only move them, and a macro defined before the SDK headers
    // changes only a body here; a new declaration, a new signature or a renamed function rebuild them
    assert.deepEqual(kept, [true, true, false, false, true, false, true]);
  });

  it('an edit that changes a deduced return type re-checks its callers', async () => {
    const fe = await sharedFrontend();
    const file = '/inc/auto.cpp';
    const base = 'auto half(int x) { return x / 2; }\nint use(int y) { int* p = &y; return half(y) + *p; }\n';
    const steps = [base.replace('return x / 2;', 'return &x;'), base, base.replace('return x / 2;', 'return x / 2.0;')];
    for (const text of steps) {
      const a = fe.analyze(file, memoryHost({ [file]: text }));
      assert.deepEqual(show(a.diagnostics), fresh(file, text));
      assert.equal(a.reuse.keptDeclarations, false, 'the callers are checked again');
    }
    assert.deepEqual(fresh(file, steps[0]).map((d) => d.replace(/^.*? error /, '')), ["type-mismatch: returning 'int' from incompatible type 'int *'"]);
  });

  it('keeps the list of the model functions exact across body edits (lambdas and local classes included)', async () => {
    const fe = await sharedFrontend();
    const file = '/inc/lambda.cpp';
    const src = (k: number) => `#include <torch/torch.h>\nfloat f(float x) {\n  struct L { float g(float y) { return y; } };\n  auto h = [](float y) { return y * ${k}.0f; };\n  return h(x) + L().g(x);\n}\n`;
    const counts: number[] = [];
    for (let k = 1; k <= 4; k++) {
      const a = fe.analyze(file, memoryHost({ [file]: src(k) }));
      assert.deepEqual(show(a.diagnostics), fresh(file, src(k)));
      counts.push(a.model.functions.length);
      if (k > 1) assert.equal(a.reuse.keptDeclarations, true);
    }
    assert.deepEqual(counts, [3, 3, 3, 3]);
  });

  it('a random walk of mutations of the example kernels, edited in place, matches from-scratch analysis', async () => {
    const fe = await sharedFrontend();
    const rand = rng(7);
    const sources = fs.readdirSync(KERNELS).filter((f) => f.endsWith('.cpp')).sort().map((f) => fs.readFileSync(path.join(KERNELS, f), 'utf8'));
    let steps = 0;
    for (const [k, src] of sources.entries()) {
      const file = `/inc/walk${k}.cpp`;
      let text = src;
      for (let i = 0; i < 40; i++) {
        text = rand() < 0.25 ? src : mutate(rand() < 0.5 ? src : text, rand).text;
        const a = fe.analyze(file, memoryHost({ [file]: text }));
        assert.deepEqual(show(a.diagnostics), fresh(file, text), `step ${i} of ${file}:\n${text}`);
        steps++;
      }
    }
    assert.equal(steps, 40 * sources.length);
    assert.ok(sources.length >= 5, 'the example kernels were read');
  });
});
