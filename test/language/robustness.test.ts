// Robustness: 10,000 random mutations of the example kernels (deleted, duplicated and swapped tokens,
// truncations) never make the analysis throw, every diagnostic has a valid range, and every mutant
// that is no longer the same program carries a diagnostic — unless a real compiler accepts it as
// valid C++ (the list in fixtures/valid-mutants.json, made by mutant-oracle.ts with g++).
// Each kernel's mutants are analysed as successive versions of one open file, as when typing.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { isValidRange } from '../../language/diagnostics';
import { memoryHost } from '../../language';
import { sharedFrontend } from './grammar';
import { kernelHashes, MUTANT_COUNT, ORACLE_FILE, readKernels, type OracleFile } from './mutant-oracle';
import { kernelMutants, ROBUSTNESS_SEED } from './mutations';
import { tokenStream } from './token-stream';

describe('language/robustness', function () {
  this.timeout(0);

  it(`survives ${MUTANT_COUNT} random mutations of the example kernels, and reports every broken one`, async () => {
    const fe = await sharedFrontend();
    const kernels = readKernels();
    const oracle = JSON.parse(fs.readFileSync(ORACLE_FILE, 'utf8')) as OracleFile;
    assert.deepEqual([oracle.seed, oracle.count, oracle.kernels], [ROBUSTNESS_SEED, MUTANT_COUNT, kernelHashes(kernels)], 'fixtures/valid-mutants.json is stale: run node out/test/language/mutant-oracle.js');
    const valid = new Set(oracle.valid);
    const original = new Map(kernels.map((k) => [k.name, tokenStream(k.text)]));
    const counts = { unchanged: 0, reported: 0, validCpp: 0 };
    const missed: string[] = [];
    for (const { index, kernel, mutant } of kernelMutants(kernels, MUTANT_COUNT)) {
      const file = `/mutants/${kernel.name}`;
      const a = fe.analyze(file, memoryHost({ [file]: mutant.text }));
      for (const d of a.diagnostics) assert.ok(isValidRange(d.range), `invalid range in mutant ${index}: ${JSON.stringify(d)}`);
      if (tokenStream(mutant.text) === original.get(kernel.name)) {
        // the same program (only blanks or comments changed): as clean as the kernel itself
        assert.deepEqual(a.diagnostics.map((d) => d.message), [], `mutant ${index} is ${kernel.name} unchanged`);
        counts.unchanged++;
      } else if (a.diagnostics.length) counts.reported++;
      else if (valid.has(index)) counts.validCpp++;
      else missed.push(`#${index} (${mutant.kind} of ${kernel.name}):\n${mutant.text}`);
    }
    assert.deepEqual(missed, [], 'mutants that are not valid C++ but got no diagnostic');
    assert.equal(counts.unchanged + counts.reported + counts.validCpp, MUTANT_COUNT);
    // sanity: the classes are all populated (a broken generator would make one of them empty)
    assert.ok(counts.unchanged > 0 && counts.validCpp > 0 && counts.reported > MUTANT_COUNT / 2, JSON.stringify(counts));
  });
});
