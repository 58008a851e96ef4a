// Writes dist/server-code-cache.bin, V8's code cache of the language server's bundle shipped with it
// (server/start.ts reads it when the build cache directory has no entry of its own): starts the bundled
// server (dist/server.js) with an empty build cache, opens the ReLU example, and keeps the entry its
// loader writes once the first diagnostics are out (what a start compiles: the front-end, the checks,
// the LSP side). Run by `npm run build` after the bundles and the SDK snapshot; the entry is accepted by
// the same Node (V8 rejects it otherwise, e.g. under VS Code's Electron, and the server compiles as
// before and writes its own). Prints the entry's size.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { env, pid, stdout } from 'node:process';
import { createRequire } from 'node:module';
import { buildId } from './build-id.mjs';

const require = createRequire(import.meta.url);
const { codeCacheKey } = require('../out/diskcache/code-cache.js');
const { LspClient } = require('../out/harness/lsp-client.js');

const out = 'dist/server-code-cache.bin';
const dir = mkdtempSync(join(tmpdir(), 'q7-server-code-cache-'));
try {
  rmSync(out, { force: true });
  const text = readFileSync('examples/kernels/relu.cpp', 'utf8');
  const client = new LspClient([resolve('dist/server.js'), '--stdio'], { ...env, Q7_CACHE_DIR: dir });
  try {
    await client.request('initialize', { processId: pid, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0, prebuild: false } } });
    client.notify('initialized', {});
    client.notify('textDocument/didOpen', { textDocument: { uri: 'file:///q7-studio/relu.cpp', languageId: 'cpp', version: 1, text } });
    await client.waitFor('textDocument/publishDiagnostics', (p) => p.version === 1, 120000);
  } finally {
    await client.stop();
  }
  const key = codeCacheKey(join('dist', 'server-main.js'), buildId());
  if (!readdirSync(dir).includes(key)) throw new Error(`server-code-cache: no code cache entry of dist/server-main.js (${key}) among ${readdirSync(dir).join(', ')}`);
  copyFileSync(join(dir, key), out);
  stdout.write(`${out}: V8's code cache of dist/server-main.js, ${(statSync(out).size / 1024).toFixed(0)} KiB\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
