// The debug adapter as shipped (dist/dap.js, run by `npm run build`): a fresh adapter with an empty
// build cache launches the ReLU example to its stop on entry compiled from V8's code cache shipped next
// to it (dist/dap-code-cache.bin), so it writes no entry of its own. Without that file it leaves the
// code cache of its bundle in the build cache directory at its first stop (diskcache/code-cache.ts);
// the next adapter, compiled from that entry, launches the same kernel to the same stop without
// writing the entry again.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { REPO } from './vsix';

const BUNDLE = path.join(REPO, 'dist', 'dap.js');
const RELU = path.join(REPO, 'examples', 'kernels', 'relu.cpp');

/** A fresh bundled adapter: launch to the stop on entry; the top frame's line and name. */
async function stopOnEntry(cacheDir: string, bundle = BUNDLE): Promise<{ line: number; name: string }> {
  const saved = process.env.Q7_CACHE_DIR;
  process.env.Q7_CACHE_DIR = cacheDir;
  const dc = new DebugClient('node', bundle, 'q7');
  try {
    await dc.start();
    await dc.initializeRequest({ adapterID: 'q7', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const stopped = dc.waitForEvent('stopped', 60_000);
    await dc.launch({ program: RELU, function: 'relu_forward', args: ['shape=4x4,init=randn,seed=1'], stopOnEntry: true } as DebugProtocol.LaunchRequestArguments);
    await dc.configurationDoneRequest();
    assert.equal((await stopped).body.reason, 'entry');
    const frame = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];
    await dc.disconnectRequest({});
    return { line: frame.line, name: frame.name };
  } finally {
    await dc.stop();
    if (saved === undefined) delete process.env.Q7_CACHE_DIR;
    else process.env.Q7_CACHE_DIR = saved;
  }
}

/** The code cache entries in `dir`, once the exiting adapter has written them (it may still be exiting). */
async function codeEntries(dir: string): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const found = fs.readdirSync(dir).filter((f) => f.startsWith('code-') && !f.endsWith('.tmp'));
    if (found.length) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return [];
}

describe('package: the debug adapter bundle and its code cache', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    for (const f of ['dap.js', 'dap-main.js', 'dap-code-cache.bin', 'build-seed.bin']) if (!fs.existsSync(path.join(REPO, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first`);
  });
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-dap-bundle-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('starts from the code cache shipped next to it (dist/dap-code-cache.bin), writing none of its own', async () => {
    const cache = path.join(dir, 'cache');
    const first = await stopOnEntry(cache);
    assert.match(first.name, /relu_forward/);
    assert.ok(fs.readdirSync(cache).some((f) => f.startsWith('image-')), 'the launch built and cached the kernel');
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(fs.readdirSync(cache).filter((f) => f.startsWith('code-')), [], 'V8 accepted the shipped entry, made under the flags the bundle runs under');
  });

  it('without the shipped entry, leaves the code cache of its bundle at the first stop, and the next adapter stops at the same place from it', async () => {
    // the bundle and what it reads next to it, but not the shipped code cache
    const copy = path.join(dir, 'dist');
    fs.mkdirSync(copy);
    for (const f of fs.readdirSync(path.join(REPO, 'dist'))) if (f !== 'dap-code-cache.bin' && !f.endsWith('.map')) fs.copyFileSync(path.join(REPO, 'dist', f), path.join(copy, f));
    const bundle = path.join(copy, 'dap.js');
    const cache = path.join(dir, 'cache');
    const first = await stopOnEntry(cache, bundle);
    assert.match(first.name, /relu_forward/);
    assert.ok(first.line > 0);
    const code = await codeEntries(cache);
    assert.equal(code.length, 1, `one code cache entry: ${fs.readdirSync(cache).join(', ')}`);
    const entry = path.join(cache, code[0]);
    const written = fs.statSync(entry).mtimeMs;
    assert.ok(fs.statSync(entry).size > 100_000, 'the entry holds the compiled launch, not only the loader');
    assert.deepEqual(await stopOnEntry(cache, bundle), first);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(fs.statSync(entry).mtimeMs, written, 'accepted, so not written again');
  });
});
