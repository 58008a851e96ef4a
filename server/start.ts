// Entry point of the bundled language server (dist/server.js, what the extension starts): a small
// loader that runs the server's bundle (dist/server-main.js, built from server/main.ts) through V8's
// code cache in the build cache directory (diskcache/code-cache.ts), so a new server does not compile
// its bundle again, then starts it; while the directory has no entry, the one shipped next to the bundle
// (dist/server-code-cache.bin, written by scripts/server-code-cache.mjs) stands in, so the first server
// on a machine starts compiled too. From tsc output the server starts from server/main.ts directly.
// Before the bundle runs, the grammar's WebAssembly starts loading and compiling (diskcache/grammar-prefetch.ts),
// V8's lazy compilation kept: the module is only validated ahead, and the first parse compiles what it
// calls on the main thread. Compiling every function ahead (--no-wasm-lazy-compilation) cost the main
// thread less CPU, but V8's background compile runs only while the main thread is free, so the server
// slept ~80 ms more waiting for it (fresh servers alternated, server/README.md).

import * as path from 'node:path';
import { requireWithCodeCache, type CodeCacheUse } from '../diskcache/code-cache';
import { prefetchGrammar } from '../diskcache/grammar-prefetch';

declare const __Q7_BUILD_ID: string | undefined;

/** The code cache entry shipped next to the bundles. */
export const SHIPPED_SERVER_CODE_CACHE = 'server-code-cache.bin';

const grammar = prefetchGrammar(__dirname);
const use = { accepted: false, saved: false } as CodeCacheUse;
const main = requireWithCodeCache(
  path.join(__dirname, 'server-main.js'),
  { buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev', shipped: path.join(__dirname, SHIPPED_SERVER_CODE_CACHE) },
  use,
) as typeof import('./main');
// the code cache, when V8 had none to accept, is saved once the first diagnostics are out: it then
// holds what a start compiles, not the compiler the deferred checks load later
main.runServer(() => use.save?.(), grammar);
