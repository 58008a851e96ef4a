// Building a kernel source for a launch: the compile options `q7 run` and the debug adapter share —
// the sanitizer defines the SDK headers read (Q7_SANITIZE_BOUNDS/COPIES unless those sanitizers are
// off), STACK_SIZE, include paths and the optimisation level — and the build cache they pass. No I/O:
// the front-end, the file host and the cache are passed in.

import { cachedBuild, compile, type BuildCache, type CompileResult } from '../compiler';
import type { Sanitizer } from '../emulator/device';
import type { FileHost, Frontend } from '../language';

export interface KernelBuildOptions {
  readonly defines?: Readonly<Record<string, string>>;
  readonly includePaths?: readonly string[];
  readonly optimize?: 0 | 1 | 2;
  /** Sanitizers switched off (their defines are left out). */
  readonly noSanitize?: readonly Sanitizer[];
  readonly stackSize?: number;
  /** The build cache (the runtime library and whole builds); none: build everything. */
  readonly cache?: BuildCache;
}

/** The build of a debug launch whose configuration sets no build field (-O0, every sanitizer on, no
 *  defines, include paths or stack size): what the language server prebuilds for the debugger. */
export const DEFAULT_LAUNCH_BUILD: KernelBuildOptions = { optimize: 0, noSanitize: [] };

/** The defines a launch's build gets: the user's, then the sanitizer switches and STACK_SIZE unless the user set them. */
export function kernelDefines(o: KernelBuildOptions): Record<string, string> {
  const defines: Record<string, string> = { ...o.defines };
  const off = o.noSanitize ?? [];
  if (!off.includes('bounds')) defines.Q7_SANITIZE_BOUNDS ??= '1';
  if (!off.includes('copies')) defines.Q7_SANITIZE_COPIES ??= '1';
  if (o.stackSize !== undefined) defines.STACK_SIZE ??= String(o.stackSize);
  return defines;
}

/** Compiles `file` (a kernel or a program, as the source says); RuntimeBuildError passes through. */
export function buildKernelSource(fe: Frontend, file: string, host: FileHost, o: KernelBuildOptions = {}): CompileResult {
  return compile(fe, file, host, compileOptions(o));
}

/** The same, asking for the front-end only when the cache does not hold the build. */
export async function buildKernelSourceLazily(frontend: () => Promise<Frontend>, file: string, host: FileHost, o: KernelBuildOptions = {}): Promise<CompileResult> {
  const options = compileOptions(o);
  return (o.cache && cachedBuild(o.cache, file, host, options)) || compile(await frontend(), file, host, options);
}

function compileOptions(o: KernelBuildOptions) {
  return { defines: kernelDefines(o), includePaths: o.includePaths ? [...o.includePaths] : undefined, optimize: o.optimize, cache: o.cache };
}
