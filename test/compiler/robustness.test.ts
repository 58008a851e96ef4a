// Robustness of the compiler: the first mutants of the front-end's robustness corpus (deleted,
// duplicated and swapped tokens, truncations of the example kernels; same generator and seed as
// test/language/robustness.test.ts) go through compile() at -O0 and -O1 in turn. compile() never
// throws; each result is an ELF image without diagnostics, or diagnostics that each name a position
// inside the file they name and are not internal errors. A mutant that is still the same program
// builds, and so does every example.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { compile, formatCompileDiagnostic, type CompileDiagnostic, type CompileResult } from '../../compiler';
import { memoryHost } from '../../language';
import { isSdkFile, sdkHost } from '../../language/sdk';
import { readElf } from '../../xtensa/elf/reader';
import { sharedFrontend } from '../language/grammar';
import { ORACLE_FILE, readKernels, type OracleFile } from '../language/mutant-oracle';
import { kernelMutants, ROBUSTNESS_SEED } from '../language/mutations';
import { tokenStream } from '../language/token-stream';

/** Mutants compiled (the language test analyses 10,000 of the same sequence). */
const COUNT = 1500;

/** Where a diagnostic's position must be: the mutant itself, or an SDK header it includes. */
function textOf(file: string, mutantFile: string, mutant: string): string | undefined {
  if (file === mutantFile) return mutant;
  return isSdkFile(file) ? sdkHost.readFile(file) : undefined;
}

/** Why a diagnostic is malformed, or undefined when it is a clear message at a real position. */
function badDiagnostic(d: CompileDiagnostic, mutantFile: string, mutant: string): string | undefined {
  const text = textOf(d.file, mutantFile, mutant);
  if (text === undefined) return `names a file that is neither the source nor an SDK header`;
  const lines = text.split('\n');
  if (!Number.isInteger(d.line) || d.line < 1 || d.line > lines.length) return `line ${d.line} is outside the file (${lines.length} lines)`;
  const width = lines[d.line - 1].length;
  if (!Number.isInteger(d.column) || d.column < 1 || d.column > width + 1) return `column ${d.column} is outside line ${d.line} (${width} characters)`;
  if (!d.message.trim()) return 'has no message';
  if (/^internal\b/.test(d.message)) return 'is an internal error';
  return undefined;
}

describe('compiler robustness', function () {
  this.timeout(0);

  it(`compiles ${COUNT} mutants of the example kernels without throwing, each to an image or to well-placed diagnostics`, async () => {
    const fe = await sharedFrontend();
    const kernels = readKernels();
    const valid = new Set((JSON.parse(fs.readFileSync(ORACLE_FILE, 'utf8')) as OracleFile).valid);
    const original = new Map(kernels.map((k) => [k.name, tokenStream(k.text)]));
    const counts = { image: 0, diagnosed: 0, unchanged: 0, validCpp: 0 };
    const problems: string[] = [];
    for (const { index, kernel, mutant } of kernelMutants(kernels, COUNT, ROBUSTNESS_SEED)) {
      const file = `/mutants/${kernel.name}`;
      const what = `mutant #${index} (${mutant.kind} of ${kernel.name}, -O${index % 2})`;
      let r: CompileResult;
      try {
        r = compile(fe, file, memoryHost({ [file]: mutant.text }), { optimize: (index % 2) as 0 | 1 });
      } catch (e) {
        problems.push(`${what} threw ${(e as Error).stack ?? String(e)}\n${mutant.text}`);
        continue;
      }
      if (valid.has(index)) counts.validCpp++;
      if (r.elf) {
        counts.image++;
        assert.deepEqual(r.diagnostics, [], `${what}: an image comes without diagnostics`);
        const image = readElf(r.elf, file);
        assert.ok(image.sections.some((s) => s.name === '.text'), `${what}: the image has code`);
      } else {
        counts.diagnosed++;
        if (!r.diagnostics.length) problems.push(`${what}: neither an image nor a diagnostic`);
        for (const d of r.diagnostics) {
          const bad = badDiagnostic(d, file, mutant.text);
          if (bad) problems.push(`${what}: diagnostic ${bad}: ${formatCompileDiagnostic(d)}\n${mutant.text}`);
        }
      }
      if (tokenStream(mutant.text) === original.get(kernel.name)) {
        counts.unchanged++;
        if (!r.elf) problems.push(`${what} is ${kernel.name} unchanged but does not build: ${r.diagnostics.map(formatCompileDiagnostic).join('; ')}`);
      }
    }
    assert.deepEqual(problems, []);
    // sanity: the corpus exercises both outcomes and the valid-C++ mutants (a broken generator would not)
    assert.ok(counts.image > COUNT / 50 && counts.diagnosed > COUNT / 2 && counts.unchanged > 0 && counts.validCpp > 0, JSON.stringify(counts));
  });
});
