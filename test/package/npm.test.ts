// The CLI is the package's `bin`: `npm pack` of the checkout gives a lean tarball (the bundles, the `q7`
// launcher, the examples; no sources, tests or source maps), and `npm install -g` of that tarball into a
// fresh prefix (dependencies from the npm cache) gives a `q7` that checks and runs the shipped examples.

import * as assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO } from './vsix';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): SpawnSyncReturns<string> {
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 240000 });
}

describe('package: npm pack and a global install of q7', function () {
  this.timeout(300000);
  let dir: string;
  let files: string[];
  let q7: string;
  let installed: string;

  before(function () {
    if (!fs.existsSync(path.join(REPO, 'dist', 'cli.js'))) throw new Error('dist/cli.js is missing: run `npm run build` first');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-npm-'));
    // --ignore-scripts: `prepare` would rebuild; the build is already there.
    const pack = run(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], REPO);
    assert.equal(pack.status, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    files = info.files.map((f) => f.path);
    const prefix = path.join(dir, 'prefix');
    const install = run(NPM, ['install', '-g', path.join(dir, info.filename), '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);
    assert.equal(install.status, 0, `npm install -g failed:\n${install.stdout}\n${install.stderr}`);
    q7 = path.join(prefix, 'bin', 'q7');
    installed = path.join(prefix, 'lib', 'node_modules', 'q7-studio');
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('packs the launcher, the bundles, the WebAssembly and the examples, and nothing of the sources', () => {
    for (const f of ['package.json', 'bin/q7', 'dist/cli.js', 'dist/cli-start.js', 'dist/tensor-worker.js', 'dist/server.js', 'dist/tree-sitter.wasm', 'dist/tree-sitter-cpp.wasm', 'dist/sdk-snapshot.bin', 'examples/kernels/relu.cpp', 'examples/asm/fib.S']) {
      assert.ok(files.includes(f), `${f} missing from the tarball: ${files.join(', ')}`);
    }
    const bad = files.filter((f) => /^(test|out|cli|server|language|compiler|emulator|xtensa|scripts|node_modules|client)\//.test(f) || /\.(ts|map|vsix|tgz)$/.test(f));
    assert.deepEqual(bad, []);
    assert.ok(files.length < 60, `${files.length} files`);
  });

  it('installs a q7 whose --version names the packed version and its build', () => {
    const r = run(q7, ['--version'], dir);
    assert.equal(r.status, 0, r.stderr);
    const version = (JSON.parse(fs.readFileSync(path.join(installed, 'package.json'), 'utf8')) as { version: string }).version;
    assert.match(r.stdout, new RegExp(`^q7 \\(Q7 Studio\\) ${version.replace(/\./g, '\\.')}, build [0-9a-f]{12}, Node \\d+\\.\\d+\\.\\d+\\n$`));
  });

  it('installs a q7 that checks a kernel (clean, then with a Q7-A002 error) from any directory', () => {
    assert.ok(fs.existsSync(q7), `${q7} not installed`);
    const clean = run(q7, ['check', path.join(installed, 'examples', 'kernels', 'relu.cpp')], dir);
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    assert.equal(clean.stdout + clean.stderr, '');
    const bad = path.join(dir, 'bad.cpp');
    fs.writeFileSync(bad, `#include <torch/torch.h>\n\nvoid k(const torch::Tensor& t) {\n  auto a = t.accessor<float, 1>();\n  a[0] = 1.0f;\n}\n`);
    const found = run(q7, ['check', bad], dir);
    assert.equal(found.status, 1, found.stdout + found.stderr);
    assert.match(found.stdout, /bad\.cpp:5:\d+: error: .*\[Q7-A002\]/);
  });

  it('installs a q7 that runs the relu example on the device and writes its output', () => {
    const out = path.join(dir, 'relu.npy');
    const r = run(q7, ['run', path.join(installed, 'examples', 'kernels', 'relu.cpp'), '--fn', 'relu_forward', '--arg', 'shape=4x8,init=randn,seed=1', '--out', out], dir);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /^relu_forward on 1 core: ok$/m, 'the report goes to stderr');
    assert.match(r.stderr, /core 0: \d+ instructions/);
    const npy = fs.readFileSync(out);
    assert.equal(npy.toString('latin1', 1, 6), 'NUMPY');
    const header = npy.toString('latin1', 10, 10 + npy.readUInt16LE(8));
    assert.match(header, /'shape': \(4, 8\)/);
    const values = new Float32Array(npy.buffer.slice(npy.byteOffset + 10 + header.length, npy.byteOffset + npy.length));
    assert.equal(values.length, 32);
    assert.ok(values.every((v) => v >= 0), 'relu output is non-negative');
    assert.ok(values.some((v) => v > 0), 'some inputs were positive');
  });
});
