// Entry point of the program-mode bundle of `q7 run` (dist/q7-run.js, what bin/q7 asks first): a small
// loader that runs the bundle of cli/program-main.ts (dist/q7-run-main.js) through V8's code cache in
// the build cache directory (diskcache/code-cache.ts), so a `q7 run` of a program ELF neither parses
// the emulator's bundle nor compiles again the functions a run compiled before. The cache is written
// when the first run's process exits (it then holds what a run compiles). A command naming a C++ or
// assembly source is declined before the bundle loads (the bundle would decline it too): a build
// needs the full CLI, and loading the bundle first would only cost its compile. From tsc output,
// cli/program-main.ts runs directly.

import * as path from 'node:path';
import { requireWithCodeCache } from '../diskcache/code-cache';

declare const __Q7_BUILD_ID: string | undefined;

/** Whether an argument of `argv` names a C++ or assembly source (the names run-spec.ts's isCppSource
 *  and session's isAssemblySource take; this loader holds neither): the full CLI builds it. */
export function namesSource(argv: readonly string[]): boolean {
  return argv.some((a) => /\.(cpp|cc|cxx|C|S|s|asm)$/.test(a));
}

/** cli/program-main.ts's runProgramCli, its bundle loaded through the code cache on the call; false
 *  at once for a source (see namesSource). */
export function runProgramCli(argv: string[]): boolean {
  if (namesSource(argv)) return false;
  const options = { buildId: typeof __Q7_BUILD_ID === 'string' ? __Q7_BUILD_ID : 'dev', saveAfterMs: 600_000 };
  const main = requireWithCodeCache(path.join(__dirname, 'q7-run-main.js'), options) as typeof import('./program-main');
  return main.runProgramCli(argv);
}
