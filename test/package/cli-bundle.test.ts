// The CLI as shipped (bin/q7 through dist/cli-start.js, run by `npm run build`): a `q7 run` of a C++
// kernel with an empty build cache starts compiled from V8's code cache shipped next to the bundle
// (dist/cli-code-cache.bin), so it writes no entry of its own, though the bundle runs under V8 flags
// of its own (cli/tier-up.ts: the build's interrupt budget) and the run changes them before the
// emulated run; and a second process, its build cached, prints the same result. Without the shipped
// entry the process leaves one, which the next process accepts.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO } from './vsix';

const RUN = ['run', path.join(REPO, 'examples', 'kernels', 'relu.cpp'), '--fn', 'relu_forward', '--arg', 'shape=8x16,init=randn,seed=3'];

function q7(bin: string, cacheDir: string): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...RUN], { encoding: 'utf8', env: { ...process.env, Q7_CACHE_DIR: cacheDir } });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /relu_forward on 1 core: ok/);
  return { stdout: r.stdout, stderr: r.stderr.replace(/\d+ instructions.*\n/, '') };
}

const codeEntries = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith('code-')) : []);

describe('package: the CLI bundle and its shipped code cache', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    for (const f of ['cli-start.js', 'cli.js', 'cli-code-cache.bin', 'build-seed.bin']) if (!fs.existsSync(path.join(REPO, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first`);
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-cli-bundle-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('q7 run of a kernel source starts from the shipped entry (none written), and a cached rerun prints the same', () => {
    const cache = path.join(dir, 'cache');
    const first = q7(path.join(REPO, 'bin', 'q7'), cache);
    assert.deepEqual(codeEntries(cache), [], 'V8 accepted the shipped entry, made under the flags the bundle runs under');
    assert.ok(fs.readdirSync(cache).some((f) => f.startsWith('image-')), 'the build was cached');
    assert.deepEqual(q7(path.join(REPO, 'bin', 'q7'), cache), first);
  });

  it('without the shipped entry, leaves one that the next process accepts', () => {
    const copy = path.join(dir, 'dist');
    fs.mkdirSync(copy);
    for (const f of fs.readdirSync(path.join(REPO, 'dist'))) if (f !== 'cli-code-cache.bin' && !f.endsWith('.map')) fs.copyFileSync(path.join(REPO, 'dist', f), path.join(copy, f));
    const cache = path.join(dir, 'cache');
    const start = path.join(copy, 'cli-start.js');
    q7(start, cache);
    const written = codeEntries(cache);
    assert.equal(written.length, 1, `one code cache entry: ${fs.readdirSync(cache).join(', ')}`);
    const time = fs.statSync(path.join(cache, written[0])).mtimeMs;
    q7(start, cache);
    assert.equal(fs.statSync(path.join(cache, written[0])).mtimeMs, time, 'accepted, so not written again');
  });
});
