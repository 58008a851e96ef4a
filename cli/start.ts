// Entry point of the bundled CLI (dist/cli-start.js, what bin/q7 runs for every command but plain
// `q7 dap` and `q7 run` of a program ELF): a small loader that runs the CLI's bundle (dist/cli.js,
// built from cli/main.ts) through V8's code cache (diskcache/code-cache.ts) — the build cache
// directory's entry, else the one shipped next to the bundle (dist/cli-code-cache.bin, written by
// scripts/cli-code-cache.mjs) — so a command neither parses the bundle nor compiles the front-end,
// compiler and emulator functions a build and a run need. A missing or rejected entry is written
// when the process exits. The bundle runs under the build's V8 flags (tier-up.ts). For a command naming
// a C++ source, the grammar's WebAssembly is read and compiled meanwhile (diskcache/grammar-prefetch.ts).

import * as path from 'node:path';
import { COLD_BUILD_FLAGS, requireWithCodeCache } from '../diskcache/code-cache';
import { prefetchGrammar } from '../diskcache/grammar-prefetch';

declare const __Q7_BUILD_ID: string | undefined;

/** The code cache entry shipped next to the bundles. */
export const SHIPPED_CLI_CODE_CACHE = 'cli-code-cache.bin';

/** A C++ source among the arguments: the command may parse it, so the grammar is read and compiled
 *  while the bundle loads. */
const CPP_SOURCE = /\.(cpp|cc|cxx|C)$/;
const grammar = process.argv.slice(2).some((a) => CPP_SOURCE.test(a)) ? prefetchGrammar(__dirname) : undefined;
const cli = requireWithCodeCache(path.join(__dirname, 'cli.js'), {
  buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev',
  flags: COLD_BUILD_FLAGS,
  saveAfterMs: 2 ** 31 - 1,
  shipped: path.join(__dirname, SHIPPED_CLI_CODE_CACHE),
}) as typeof import('./main');
cli.runCli(grammar);
