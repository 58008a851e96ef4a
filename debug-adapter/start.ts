// Entry point of the bundled debug adapter (dist/dap.js, what the extension starts with node): a small
// loader that runs the adapter's bundle (dist/dap-main.js, built from debug-adapter/main.ts) through
// V8's code cache (diskcache/code-cache.ts) — the build cache directory's entry, else the one shipped
// next to the bundle (dist/dap-code-cache.bin, written by scripts/dap-code-cache.mjs; accepted by the
// Node it was made with, as `q7 dap` runs the adapter, not by VS Code's Electron) — so a new adapter
// neither parses the bundle nor compiles the compiler and emulator functions a launch runs. An entry is written once
// the first launch has stopped (it then holds the build, the boot and the stop), or at exit. The bundle
// runs under the cold-build V8 flags (COLD_BUILD_FLAGS: a launch builds the kernel). Fresh adapters,
// three alternated runs of bench/debugger.ts each: launched with an empty build cache 691-786 ->
// 621-638 ms, after an edit 664-738 -> 554-628 ms, with the image cached 57-63 -> 67-71 ms (the one
// that pays); step over p50 1.7-3.8 -> 1.6-1.8 ms (p90 8.4-9.6 -> 3.0-4.0), Variables 7.4-13.2 -> 5.7-6.4 ms.

import * as path from 'node:path';
import { COLD_BUILD_FLAGS, requireWithCodeCache, type CodeCacheUse } from '../diskcache/code-cache';

declare const __Q7_BUILD_ID: string | undefined;

/** The code cache entry shipped next to the bundles. */
export const SHIPPED_DAP_CODE_CACHE = 'dap-code-cache.bin';

const use = { accepted: false, saved: false } as CodeCacheUse;
const main = requireWithCodeCache(path.join(__dirname, 'dap-main.js'), { buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev', flags: COLD_BUILD_FLAGS, saveAfterMs: 120_000, shipped: path.join(__dirname, SHIPPED_DAP_CODE_CACHE) }, use) as typeof import('./main');
void main.runDebugAdapter(() => use.save?.());
