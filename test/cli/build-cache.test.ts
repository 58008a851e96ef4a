// `q7 run` and `q7 build` with the build cache, as processes (bin/q7 over dist/cli.js): a rerun of an
// unchanged kernel takes the image from the cache ($Q7_CACHE_DIR; Q7_CACHE_LOG=1 prints each lookup)
// and prints the same result; --no-cache builds from scratch; the first build takes the runtime
// library from the seed shipped next to the bundle (dist/build-seed.bin), and prints what a build that
// compiles it prints; an unusable cache directory does not stop a run.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..', '..');
const Q7 = path.join(ROOT, 'bin', 'q7');

describe('q7 run / q7 build: the build cache', function () {
  this.timeout(240_000);
  let dir: string;
  let cacheDir: string;
  let kernel: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-cli-cache-'));
    cacheDir = path.join(dir, 'cache');
    kernel = path.join(dir, 'relu.cpp');
    fs.copyFileSync(path.join(ROOT, 'examples', 'kernels', 'relu.cpp'), kernel);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function q7(args: string[], cache = cacheDir) {
    const r = spawnSync(process.execPath, [Q7, ...args], { encoding: 'utf8', cwd: dir, env: { ...process.env, Q7_CACHE_DIR: cache, Q7_CACHE_LOG: '1' } });
    return { code: r.status, out: r.stdout, err: r.stderr };
  }
  const run = (extra: string[] = [], cache?: string) => q7(['run', kernel, '--fn', 'relu_forward', '--arg', 'shape=8x8,init=randn,seed=3', '--out', path.join(dir, `out${extra.join('')}.npy`), ...extra], cache);
  const report = (err: string) => err.split('\n').filter((l) => !l.startsWith('q7 cache:')).join('\n');

  it('a rerun hits the cache and reports the same result; --no-cache builds again', () => {
    const first = run();
    assert.equal(first.code, 0, first.err);
    assert.match(first.err, /^q7 cache: stored image-/m);
    assert.match(first.err, /^q7 cache: shipped runtime-/m, 'the runtime library from the shipped seed');
    assert.doesNotMatch(first.err, /^q7 cache: stored runtime-/m);
    const firstOut = fs.readFileSync(path.join(dir, 'out.npy'));
    const second = run();
    assert.equal(second.code, 0, second.err);
    assert.match(second.err, /^q7 cache: hit image-/m);
    assert.doesNotMatch(second.err, /stored/);
    assert.equal(report(second.err), report(first.err));
    assert.equal(second.out, first.out);
    assert.deepEqual(fs.readFileSync(path.join(dir, 'out.npy')), firstOut);

    const fresh = run(['--no-cache']);
    assert.equal(fresh.code, 0, fresh.err);
    assert.doesNotMatch(fresh.err, /q7 cache:/);
    assert.equal(report(fresh.err), report(first.err));
    assert.deepEqual(fs.readFileSync(path.join(dir, 'out--no-cache.npy')), firstOut);
  });

  it('an edited kernel misses the image but reuses the runtime library', () => {
    fs.appendFileSync(kernel, '\n// edited\n');
    const r = run();
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /^q7 cache: (hit|shipped) runtime-/m);
    assert.doesNotMatch(r.err, /^q7 cache: stored runtime-/m);
    assert.match(r.err, /^q7 cache: stored image-/m);
  });

  it('q7 build at q7 run\'s default level (-O2) with the defines q7 run adds finds its image, and writes the ELF a build from scratch writes', () => {
    const defines = ['-O2', '-DQ7_SANITIZE_BOUNDS=1', '-DQ7_SANITIZE_COPIES=1'];
    const a = q7(['build', kernel, ...defines, '-o', path.join(dir, 'a.elf')]);
    assert.equal(a.code, 0, a.err);
    assert.match(a.err, /^q7 cache: hit image-/m, 'q7 run stored this build');
    const b = q7(['build', kernel, ...defines, '--no-cache', '-o', path.join(dir, 'b.elf')]);
    assert.equal(b.code, 0, b.err);
    assert.equal(b.err, '');
    assert.deepEqual(fs.readFileSync(path.join(dir, 'a.elf')), fs.readFileSync(path.join(dir, 'b.elf')));
  });

  it('without the seed the first run compiles the runtime library, and prints the same', () => {
    const seeded = run([], path.join(dir, 'cache-seeded'));
    const seed = path.join(ROOT, 'dist', 'build-seed.bin');
    const kept = path.join(dir, 'build-seed.bin');
    fs.renameSync(seed, kept);
    try {
      const plain = run([], path.join(dir, 'cache-plain'));
      assert.equal(plain.code, 0, plain.err);
      assert.match(plain.err, /^q7 cache: stored runtime-/m);
      assert.doesNotMatch(plain.err, /shipped/);
      assert.equal(report(plain.err), report(seeded.err));
      assert.equal(plain.out, seeded.out);
    } finally {
      fs.renameSync(kept, seed);
    }
  });

  it('a cache directory that cannot be created does not stop the run', () => {
    const blocker = path.join(dir, 'not-a-dir');
    fs.writeFileSync(blocker, '');
    const r = run([], path.join(blocker, 'cache'));
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /^q7 cache: cannot store image-/m);
    assert.match(r.err, /relu_forward on 1 core: ok/);
  });
});
