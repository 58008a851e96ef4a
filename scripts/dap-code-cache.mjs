// Writes dist/dap-code-cache.bin, V8's code cache of the debug adapter's bundle shipped with it
// (debug-adapter/start.ts reads it when the build cache directory has no entry of its own): starts the
// bundled adapter (dist/dap.js) with an empty build cache, launches the ReLU example's relu_forward to
// its stop on entry, and keeps the entry its loader writes at that stop (what a launch compiles: the
// front-end, the compiler, the session and the emulator's boot). Run by `npm run build` after the
// bundles and the build seed; the entry is accepted by the same Node, as `q7 dap` runs the adapter (V8
// rejects it otherwise, e.g. under VS Code's Electron, and the adapter compiles as before and writes
// its own). Prints the entry's size.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { env, execPath, stdout } from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequire } from 'node:module';
import { buildId } from './build-id.mjs';

const require = createRequire(import.meta.url);
const { codeCacheKey } = require('../out/diskcache/code-cache.js');
const { DebugClient } = require('@vscode/debugadapter-testsupport');

const out = 'dist/dap-code-cache.bin';
const dir = mkdtempSync(join(tmpdir(), 'q7-dap-code-cache-'));
const key = codeCacheKey(join('dist', 'dap-main.js'), buildId());
try {
  rmSync(out, { force: true });
  const saved = env.Q7_CACHE_DIR;
  env.Q7_CACHE_DIR = dir; // the adapter process inherits it
  const dc = new DebugClient(execPath, resolve('dist/dap.js'), 'q7');
  try {
    await dc.start();
    await dc.initializeRequest({ adapterID: 'q7', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const stopped = dc.waitForEvent('stopped', 120000);
    await dc.launch({ program: resolve('examples/kernels/relu.cpp'), function: 'relu_forward', args: ['shape=16x16,init=randn,seed=1'], stopOnEntry: true });
    await dc.configurationDoneRequest();
    await stopped;
    // the loader writes the entry right after the first stop: wait for it before the session ends
    for (let k = 0; k < 200 && !existsSync(join(dir, key)); k++) await sleep(25);
  } finally {
    await Promise.race([dc.stop(), sleep(2000)]);
    dc.stopAdapter();
    if (saved === undefined) delete env.Q7_CACHE_DIR;
    else env.Q7_CACHE_DIR = saved;
  }
  if (!readdirSync(dir).includes(key)) throw new Error(`dap-code-cache: no code cache entry of dist/dap-main.js (${key}) among ${readdirSync(dir).join(', ')}`);
  copyFileSync(join(dir, key), out);
  stdout.write(`${out}: V8's code cache of dist/dap-main.js, ${(statSync(out).size / 1024).toFixed(0)} KiB\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
