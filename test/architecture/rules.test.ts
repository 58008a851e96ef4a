// ARCHITECTURE.md's import invariants, one test per rule, on the real sources (read with the
// TypeScript compiler API: test/architecture/imports.ts). A failure names the rule and each
// offending import as `file:line → target`; a file on a rule's allow-list that no longer breaks it
// fails too, so the list gets pruned.

import { strict as assert } from 'node:assert';
import { allImports, describe as where, importsOf } from './imports';
import { RULES, check, layerOf, LAYERS } from './rules';
import { SOURCE_FOLDERS as SOURCE } from './imports';

describe('architecture: import rules', () => {
  for (const rule of RULES) {
    it(rule.name, () => {
      const { violations, stale } = check(rule, allImports());
      const lines = [
        ...violations.map((i) => `  ${where(i)}`),
        ...stale.map((f) => `  ${f} is on the allow-list but keeps the rule now: remove it from the list (test/architecture/rules.ts)`),
      ];
      if (lines.length) assert.fail(`${rule.name}:\n${lines.join('\n')}`);
    });
  }
});

describe('architecture: the rules can fail', () => {
  for (const rule of RULES) {
    it(`${rule.name}: reports ${rule.example.file} → ${rule.example.specifier}`, () => {
      const imports = importsOf(rule.example.file, `import { x } from '${rule.example.specifier}';\n`);
      assert.equal(imports.length, 1);
      const { violations } = check(rule, imports);
      assert.deepEqual(violations.map(where), [`${rule.example.file}:1 → ${imports[0].external ? rule.example.specifier : imports[0].target}`]);
    });
  }

  it('a listed file that no longer breaks its rule is reported as stale', () => {
    // no rule has an allow-list today: a rule given one must report the listed file once it keeps the rule
    const rule = { ...RULES[0], allow: ['emulator/memory.ts'] };
    assert.deepEqual(check(rule, []).stale, ['emulator/memory.ts']);
    const bad = importsOf('emulator/memory.ts', `import * as fs from 'node:fs';\n`);
    assert.deepEqual(check(rule, bad), { violations: [], stale: [] });
  });

  it('every source folder has a layer', () => {
    for (const f of SOURCE.filter((f) => f !== 'test')) assert.notEqual(layerOf(f), undefined, `${f} is in no layer of LAYERS`);
    assert.equal(new Set(LAYERS.flat()).size, LAYERS.flat().length);
  });
});

describe('architecture: the import reader', () => {
  it('reads every import form with its line and whether it is type-only', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b/c';",
      "import { type C, type D } from 'pkg';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "import g = require('./g');",
      "const h = require('node:fs');",
      "type I = import('./i').I;",
      "void import('./j');",
      "import './k';",
    ].join('\n');
    const got = importsOf('dir/x.ts', text).map((i) => [i.line, i.target, i.external, i.typeOnly]);
    assert.deepEqual(got, [
      [1, 'dir/a', false, false],
      [2, 'b/c', false, true],
      [3, 'pkg', true, true],
      [4, 'dir/e', false, false],
      [5, 'dir/f', false, true],
      [6, 'dir/g', false, false],
      [7, 'node:fs', true, false],
      [8, 'dir/i', false, true],
      [9, 'dir/j', false, false],
      [10, 'dir/k', false, false],
    ]);
  });

  it('finds the repository\'s imports (thousands of them, in every source folder)', () => {
    const all = allImports();
    assert.ok(all.length > 1000, `${all.length} imports`);
    for (const f of SOURCE.filter((f) => f !== 'tensors' && f !== 'target')) assert.ok(all.some((i) => i.file.startsWith(`${f}/`)), `no import read in ${f}/`);
  });
});
