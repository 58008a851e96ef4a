// Entry point of the bundled language server (dist/server.js, what the extension starts): a small
// loader that runs the server's bundle (dist/server-main.js, built from server/main.ts) through V8's
// code cache in the build cache directory (diskcache/code-cache.ts), so a new server does not compile
// its bundle again, then starts it. From tsc output the server starts from server/main.ts directly.

import * as path from 'node:path';
import { requireWithCodeCache, type CodeCacheUse } from '../diskcache/code-cache';

declare const __Q7_BUILD_ID: string | undefined;

const use = { accepted: false, saved: false } as CodeCacheUse;
const main = requireWithCodeCache(path.join(__dirname, 'server-main.js'), { buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev' }, use) as typeof import('./main');
// the code cache, when V8 had none to accept, is saved once the first diagnostics are out: it then
// holds what a start compiles, not the compiler the deferred checks load later
main.runServer(() => use.save?.());
