// The language server as shipped (dist/server.js, run by `npm run build`): a fresh process with an
// empty build cache publishes the example kernel's diagnostics, as the tsc-built server does, with the
// SDK headers loaded from the snapshot shipped next to it (dist/sdk-snapshot.bin): it preprocesses no
// SDK header itself, so it stores no snapshot in the build cache. It starts compiled from V8's code
// cache shipped next to it (dist/server-code-cache.bin), so it writes no entry of its own; without that
// file it leaves one in the build cache (diskcache/code-cache.ts), and the next server, compiled from
// it, loads the grammar (web-tree-sitter's Node imports) and publishes the same diagnostics. Its worker thread prebuilds a
// checked kernel for the debugger (server/prebuild.ts) from the bundle next to it.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LspClient, SERVER_MAIN } from '../../harness/lsp-client';
import { REPO } from './vsix';

const BUNDLE = path.join(REPO, 'dist', 'server.js');

async function firstDiagnostics(main: string, cacheDir: string, text: string): Promise<unknown[]> {
  const c = new LspClient([main, '--stdio'], { ...process.env, Q7_CACHE_DIR: cacheDir });
  try {
    await c.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0 } } });
    c.notify('initialized', {});
    c.notify('textDocument/didOpen', { textDocument: { uri: 'file:///k/relu.cpp', languageId: 'cpp', version: 1, text } });
    const p = await c.waitFor('textDocument/publishDiagnostics', (x) => x.version === 1, 60000);
    return p.diagnostics;
  } finally {
    await c.stop();
  }
}

describe('package: the server bundle and its shipped SDK snapshot', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    for (const f of ['server.js', 'sdk-snapshot.bin', 'server-code-cache.bin']) if (!fs.existsSync(path.join(REPO, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first`);
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bundle-cache-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('publishes the same diagnostics as the tsc-built server, without preprocessing the SDK', async () => {
    // a kernel with a finding, so equal lists are not two empty ones
    const text = `${fs.readFileSync(path.join(REPO, 'examples', 'kernels', 'relu.cpp'), 'utf8')}\nvoid extra(torch::Tensor& t) { auto a = t.accessor<float, 0>(); }\n`;
    const shipped = await firstDiagnostics(BUNDLE, dir, text);
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.includes('-sdk-')), [], 'no SDK snapshot stored: the shipped one answered');
    const plainDir = path.join(dir, 'plain');
    const plain = await firstDiagnostics(SERVER_MAIN, plainDir, text);
    assert.ok(plain.length > 0);
    assert.deepEqual(shipped, plain);
    assert.ok(fs.readdirSync(plainDir).some((f) => f.includes('-sdk-')), 'the tsc-built server (no shipped snapshot) stored its own');
  });

  it('starts from the code cache shipped next to it (dist/server-code-cache.bin), writing none of its own', async () => {
    const text = fs.readFileSync(path.join(REPO, 'examples', 'kernels', 'relu.cpp'), 'utf8').replace('{', '{ int unused_q7 = undeclared_q7;');
    const first = await firstDiagnostics(BUNDLE, dir, text);
    assert.ok(first.length > 0);
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.startsWith('code-')), [], 'V8 accepted the shipped entry, so none was written');
  });

  it('without the shipped entry, leaves the code cache of its bundle, and a server compiled from it finds the same', async () => {
    // the bundle and what it reads next to it, but not the shipped code cache
    const copy = path.join(dir, 'dist');
    fs.mkdirSync(copy);
    for (const f of ['server.js', 'server-main.js', 'tree-sitter.wasm', 'tree-sitter-cpp.wasm', 'sdk-snapshot.bin']) fs.copyFileSync(path.join(REPO, 'dist', f), path.join(copy, f));
    const cache = path.join(dir, 'cache');
    const text = fs.readFileSync(path.join(REPO, 'examples', 'kernels', 'relu.cpp'), 'utf8').replace('{', '{ int unused_q7 = undeclared_q7;');
    const first = await firstDiagnostics(path.join(copy, 'server.js'), cache, text);
    assert.ok(first.length > 0);
    const code = fs.readdirSync(cache).filter((f) => f.startsWith('code-'));
    assert.equal(code.length, 1, `one code cache entry: ${fs.readdirSync(cache).join(', ')}`);
    const written = fs.statSync(path.join(cache, code[0])).mtimeMs;
    assert.deepEqual(await firstDiagnostics(path.join(copy, 'server.js'), cache, text), first);
    assert.equal(fs.statSync(path.join(cache, code[0])).mtimeMs, written, 'accepted, so not written again');
  });

  it('prebuilds a checked kernel for the debugger in its worker thread (dist/prebuild-worker.js)', async () => {
    const c = new LspClient([BUNDLE, '--stdio'], { ...process.env, Q7_CACHE_DIR: dir });
    try {
      await c.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0 } } });
      c.notify('initialized', {});
      const file = path.join(dir, 'relu.cpp');
      const text = fs.readFileSync(path.join(REPO, 'examples', 'kernels', 'relu.cpp'), 'utf8');
      fs.writeFileSync(file, text);
      c.notify('textDocument/didOpen', { textDocument: { uri: `file://${file}`, languageId: 'cpp', version: 1, text } });
      const done = await c.waitFor<{ uri: string; outcome: string; message?: string }>('q7/prebuilt', () => true, 110000);
      assert.equal(done.outcome, 'built', done.message);
      assert.ok(fs.readdirSync(dir).some((f) => f.startsWith('image-')), `an image in the build cache: ${fs.readdirSync(dir).join(', ')}`);
    } finally {
      await c.stop();
    }
  });
});
