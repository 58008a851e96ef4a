// Writes dist/cli-code-cache.bin, V8's code cache of the CLI's bundle shipped with it (cli/start.ts
// reads it when the build cache directory has no entry of its own): runs `q7 run` of the ReLU example
// (built at q7 run's defaults, then run on the device) in a process with an empty build cache, whose
// loader writes the entry at exit, and keeps that entry. Run by `npm run build` after the bundles and
// the build seed; the entry is accepted by the same Node (V8 rejects it otherwise and the CLI compiles
// as before). Prints the entry's size.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env, execPath, stdout } from 'node:process';
import { createRequire } from 'node:module';
import { buildId } from './build-id.mjs';

const { codeCacheKey } = createRequire(import.meta.url)('../out/diskcache/code-cache.js');

const out = 'dist/cli-code-cache.bin';
const dir = mkdtempSync(join(tmpdir(), 'q7-cli-code-cache-'));
try {
  rmSync(out, { force: true });
  const args = ['bin/q7', 'run', 'examples/kernels/relu.cpp', '--fn', 'relu_forward', '--arg', 'shape=64x64,init=randn,seed=1'];
  const r = spawnSync(execPath, args, { encoding: 'utf8', env: { ...env, Q7_CACHE_DIR: dir } });
  if (r.status !== 0) throw new Error(`cli-code-cache: q7 run of the ReLU example failed (${r.status}): ${r.stderr}`);
  // keep the CLI's entry (only one: a source never loads the program-mode bundle, cli/program-start.ts)
  const key = codeCacheKey(join('dist', 'cli.js'), buildId());
  const entries = readdirSync(dir).filter((f) => f === key);
  if (entries.length !== 1) throw new Error(`cli-code-cache: no code cache entry of dist/cli.js (${key}) among ${readdirSync(dir).join(', ')}`);
  copyFileSync(join(dir, entries[0]), out);
  stdout.write(`${out}: V8's code cache of dist/cli.js, ${(statSync(out).size / 1024).toFixed(0)} KiB\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
