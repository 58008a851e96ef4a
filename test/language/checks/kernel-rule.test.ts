// The checks' kernel rule (language/checks/kernel-rule.ts) and the compiler's kernel table
// (compiler/kernel/kernels.ts) name the same functions, on the example kernels and on a fixture that
// mixes kernels with static, unnamed-namespace, member, pointer-taking and void functions.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../../language';
import { ruleKernels } from '../../../language/checks/kernel-rule';
import { findKernels } from '../../../compiler/kernel/kernels';
import { sharedFrontend } from '../grammar';

const ROOT = path.join(__dirname, '..', '..', '..', '..');
const FILES = [
  ...fs.readdirSync(path.join(ROOT, 'examples', 'kernels')).filter((f) => f.endsWith('.cpp')).map((f) => path.join(ROOT, 'examples', 'kernels', f)),
  path.join(ROOT, 'test', 'language', 'checks', 'fixtures', 'k013-kernel-signature.cpp'),
];

describe('language/checks kernel rule agrees with the compiler', function () {
  this.timeout(60000);
  for (const file of FILES) {
    it(path.basename(file), async () => {
      const fe = await sharedFrontend();
      const a = fe.analyze(file, memoryHost({ [file]: fs.readFileSync(file, 'utf8') }));
      const compiler = findKernels(a.model, file, (fn) => fn.name).map((k) => k.name);
      const checks = ruleKernels(a).map((f) => f.name);
      assert.ok(compiler.length > 0, 'the file has kernels');
      assert.deepEqual(checks, compiler);
    });
  }
});
