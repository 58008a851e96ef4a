// Entry point of the bundled debug adapter (dist/dap.js, what the extension starts with node): a small
// loader that runs the adapter's bundle (dist/dap-main.js, built from debug-adapter/main.ts) through
// V8's code cache in the build cache directory (diskcache/code-cache.ts), so a new adapter neither parses
// the bundle nor compiles the compiler and emulator functions a launch runs. The cache is written once
// the first launch has stopped (it then holds the build, the boot and the stop), or at exit. The bundle
// runs under the cold-build V8 flags (COLD_BUILD_FLAGS: a launch builds the kernel). Fresh adapters,
// three alternated runs of bench/debugger.ts each: launched with an empty build cache 691-786 ->
// 621-638 ms, after an edit 664-738 -> 554-628 ms, with the image cached 57-63 -> 67-71 ms (the one
// that pays); step over p50 1.7-3.8 -> 1.6-1.8 ms (p90 8.4-9.6 -> 3.0-4.0), Variables 7.4-13.2 -> 5.7-6.4 ms.

import * as path from 'node:path';
import { COLD_BUILD_FLAGS, requireWithCodeCache, type CodeCacheUse } from '../diskcache/code-cache';

declare const __Q7_BUILD_ID: string | undefined;

const use = { accepted: false, saved: false } as CodeCacheUse;
const main = requireWithCodeCache(path.join(__dirname, 'dap-main.js'), { buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev', flags: COLD_BUILD_FLAGS, saveAfterMs: 120_000 }, use) as typeof import('./main');
void main.runDebugAdapter(() => use.save?.());
