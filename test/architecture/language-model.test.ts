// language/ as model + passes: the semantic model's data (language/model/) imports no analysis
// pass, so no import cycle spans the model and the passes. Failures name the rule and `file:line → target`.

import { strict as assert } from 'assert';
import { importsOf, sourceFiles, stronglyConnected } from './faces-graph';

const MODEL = 'language/model/';
/** What model files may import besides each other: the syntax tree, the diagnostics' shapes and codes. */
const MODEL_MAY_IMPORT = ['language/parse/syntax-node.ts', 'language/diagnostics.ts', 'language/diagnostic-codes.ts'];

describe('architecture: language model and passes', () => {
  it('model-imports-no-pass: language/model/ imports only itself and the syntax tree', () => {
    const model = sourceFiles([MODEL]);
    assert.ok(model.length >= 5, `expected the model files under ${MODEL}, found ${model.length}`);
    const bad: string[] = [];
    for (const file of model) {
      for (const e of importsOf(file)) {
        if (e.to === undefined) {
          if (e.specifier.startsWith('.')) bad.push(`${file}:${e.line} → ${e.specifier} (unresolved)`);
          continue;
        }
        if (!e.to.startsWith(MODEL) && !MODEL_MAY_IMPORT.includes(e.to)) bad.push(`${file}:${e.line} → ${e.to}`);
      }
    }
    assert.deepEqual(bad, [], `model-imports-no-pass:\n  ${bad.join('\n  ')}`);
  });

  it('no-model-pass-cycle: no import cycle of language/ spans model and pass files', () => {
    const components = stronglyConnected(sourceFiles(['language'])).filter((c) => c.length > 1);
    const mixed = components.filter((c) => c.some((f) => f.startsWith(MODEL)) && c.some((f) => !f.startsWith(MODEL)));
    assert.deepEqual(mixed.map((c) => c.join(' ')), [], 'no-model-pass-cycle');
    // the model's own cycle (declarations ↔ types ↔ expressions ↔ bodies) is expected and stays inside model/
    const modelCycle = components.find((c) => c[0].startsWith(MODEL));
    assert.ok(modelCycle && modelCycle.every((f) => f.startsWith(MODEL)));
  });
});
