// V8's tier-up budget for the CLI's process: large while it builds (diskcache/code-cache.ts:
// COLD_BUILD_FLAGS, set by the loader), V8's own while it emulates.
// A build is a cold, short stretch that runs thousands of functions (front-end, passes, code
// generation) a few times each on ever new inputs: at V8's default budget (132 KB of bytecode run
// between tier-up checks) many are optimised on the little feedback of their first calls and
// deoptimised at their next new path, and those compiles compete with the build for the machine's
// cores. A budget 8x larger optimises only what stays hot: q7 run of the 1024x1024 accessor kernel
// with its build went 1.45-1.52 -> 1.33-1.40 s (8 alternated processes each, bench/q7-run.ts). The
// emulated run wants the opposite, its few hot region functions optimised at once (the run with
// its build cached is ~50 ms slower at the large budget), so `q7 run` puts V8's back when its builds
// are done (forRun). The loader (cli/start.ts) sets the build's before the bundle's code cache is
// read, and the code cache sets it again before it makes an entry (diskcache/code-cache.ts: flags):
// V8 rejects an entry made under other flags.

import { setFlagsFromString } from 'node:v8';

/** V8's default budget (of Node 20's V8), for the emulated run. */
const RUN_FLAGS = `--interrupt-budget=${132 * 1024}`;

/** V8's default budget from now on: the builds are done and the emulated run begins. */
export function forRun(): void {
  setFlagsFromString(RUN_FLAGS);
}
