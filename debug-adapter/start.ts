// Entry point of the bundled debug adapter (dist/dap.js, what the extension starts with node): a small
// loader that runs the adapter's bundle (dist/dap-main.js, built from debug-adapter/main.ts) through
// V8's code cache in the build cache directory (diskcache/code-cache.ts), so a new adapter neither parses
// the bundle nor compiles the compiler and emulator functions a launch runs. The cache is written once
// the first launch has stopped (it then holds the build, the boot and the stop), or at exit.

import * as path from 'node:path';
import { requireWithCodeCache, type CodeCacheUse } from '../diskcache/code-cache';

declare const __Q7_BUILD_ID: string | undefined;

const use = { accepted: false, saved: false } as CodeCacheUse;
const main = requireWithCodeCache(path.join(__dirname, 'dap-main.js'), { buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev', saveAfterMs: 120_000 }, use) as typeof import('./main');
void main.runDebugAdapter(() => use.save?.());
