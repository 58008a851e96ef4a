// Every bundle in dist/ is ASCII (scripts/bundle.mjs escapes what esbuild leaves in comments): Node then
// reads it as a one-byte string on the fast path, which the start-up of the CLI, the language server
// and the debug adapter pays for on every process.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO } from './vsix';

describe('package: the bundles are ASCII', () => {
  it('holds no byte above 0x7f in any dist/*.js', () => {
    const dist = path.join(REPO, 'dist');
    const bundles = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
    for (const f of ['cli.js', 'server-main.js', 'dap-main.js', 'prebuild-worker.js']) assert.ok(bundles.includes(f), `dist/${f} missing: run \`npm run build\``);
    for (const f of bundles) {
      const bytes = fs.readFileSync(path.join(dist, f));
      const at = bytes.findIndex((b) => b > 0x7f);
      assert.equal(at, -1, `dist/${f} has a non-ASCII byte at offset ${at}`);
    }
  });
});
