// Public face of compiler/: a kernel source (read through the front-end's file host — the compiler
// does no I/O) → an Xtensa ELF32 executable for the q7 core with the runtime library and the ROM
// linked in, and DWARF for the debugger.

import { neuronRegistrations, type FileHost, type Frontend } from '../language';
import { AsmError } from '../xtensa/asm';
import { writeElf } from '../xtensa/elf';
import { recordingHost, safePut } from './cache';
import { buildEntries, cachedBuild } from './cache/build';
import { addDebugInfo } from './dwarf/debug-info';
import { link, type LinkInput } from './link';
import type { CompileDiagnostic } from './lower/errors';
import { referencedSymbols, runtimeLevel, runtimeLibrary } from './runtime/library';
import { KERNEL_ROM_FUNCTIONS, romNeeds, type RomMode } from './runtime/rom';
import { findKernels, type Kernel } from './kernel/kernels';
import { kernelProblem } from './check';
import { kernelAssembly, THUNKS_NAME } from './kernel/thunks';
import { translateUnit, type TranslatedUnit } from './translate';
import type { CompileOptions, CompileResult, KernelInfo } from './compile-options';

export { formatCompileDiagnostic, type CompileDiagnostic } from './lower/errors';
export { RuntimeBuildError } from './runtime/library';
export { translationDiagnostics, translationProblems } from './check';
export { memoryCache, type BuildCache } from './cache';
export { cachedBuild } from './cache/build';
export type { CompileOptions, CompileResult, KernelInfo } from './compile-options';

/** Compiles `file` (and links the runtime and ROM) into an executable image. Never throws on bad input.
 *  With `options.cache`, a build found there is returned as is (`cachedBuild` looks without a front-end). */
export function compile(frontend: Frontend, file: string, host: FileHost, options: CompileOptions = {}): CompileResult {
  const store = options.cache;
  if (!store) return build(frontend, file, host, options);
  const hit = cachedBuild(store, file, host, options);
  if (hit) return hit;
  const recorder = recordingHost(host);
  const result = build(frontend, file, recorder.host, options);
  if (result.elf) {
    for (const e of buildEntries(file, recorder.reads, options, result)) safePut(store, e.key, e.bytes);
  }
  return { ...result, cache: 'miss' };
}

function build(frontend: Frontend, file: string, host: FileHost, options: CompileOptions): CompileResult {
  const prepared = prepareLink(frontend, file, host, options);
  if ('diagnostics' in prepared) return prepared;
  const { unit, assembly, userAsm, units, mode, kernels, printf } = prepared;
  let linked;
  try {
    linked = link(units, mode, kernels.length, printf, options.cache);
  } catch (e) {
    if (e instanceof AsmError) return { diagnostics: [{ file, line: 1, column: 1, message: `internal: the generated assembly does not assemble: ${e.message}` }], assembly };
    throw e;
  }
  const image = linked.image;
  if (options.debug !== false) {
    addDebugInfo(image, linked.listing, { asmName: userAsm.name, unit, sourceFile: file, model: unit.model! });
  }
  const registrations = neuronRegistrations(unit.model!, file);
  return { diagnostics: [], assembly, image, elf: writeElf(image), kernels: mode === 'kernel' ? kernels.map(kernelInfo) : undefined, registrations };
}

/** What a build links: the runtime library's functions the code reaches (a library input), the user's
 *  assembly and, in a kernel image, the thunks; the mode, the kernels and whether printf is linked. */
export interface LinkPlan {
  readonly unit: TranslatedUnit;
  readonly assembly: string;
  readonly userAsm: LinkInput;
  readonly units: readonly LinkInput[];
  readonly mode: RomMode;
  readonly kernels: readonly Kernel[];
  readonly printf: boolean;
}

/** Translates `file` and chooses what to link with it (or gives the diagnostics that stop the build). */
export function prepareLink(frontend: Frontend, file: string, host: FileHost, options: CompileOptions): LinkPlan | { diagnostics: CompileDiagnostic[]; assembly?: string } {
  const runtime = runtimeLibrary(frontend, runtimeLevel(options.optimize), options.cache);
  const unit = translateUnit(frontend, file, host, { includePaths: options.includePaths, defines: options.defines, runtime: runtime.functions, prefix: 'u', optimize: options.optimize });
  if (!unit.emitted) return { diagnostics: unit.diagnostics };
  const assembly = unit.emitted.writer.text();
  const userAsm = { name: file.replace(/\.[^./]*$/, '') + '.s', text: assembly };
  let mode: RomMode = 'program';
  let kernels: Kernel[] = [];
  const units: LinkInput[] = [userAsm];
  if (!unit.defined.has('main')) {
    mode = 'kernel';
    kernels = findKernels(unit.model!, file, unit.symbolOf!);
    const problem = kernelProblem(kernels, file);
    if (problem) return { diagnostics: [problem], assembly };
    units.push({ name: THUNKS_NAME, text: kernelAssembly(kernels) });
  }
  const userRefs = units.flatMap((u) => [...referencedSymbols(u.text)]);
  let rtText = runtime.textFor(new Set([...userRefs, ...romNeeds(mode, false)]));
  const printf = mode === 'program' || userRefs.includes('printf') || userRefs.includes('snprintf') || referencedSymbols(rtText).has('printf');
  if (printf) rtText = runtime.textFor(new Set([...userRefs, ...romNeeds(mode, true)]));
  const rtAsm = { name: 'runtime/runtime.s', text: rtText, library: true };
  if (mode === 'program') {
    const deviceOnly = deviceFunctionsUsed([rtAsm, ...units]);
    if (deviceOnly.length) {
      const message = `'${deviceOnly.join("', '")}' ${deviceOnly.length === 1 ? 'talks' : 'talk'} to the device: a program with 'main' cannot use it (build the kernels without 'main' into a kernel image)`;
      return { diagnostics: [{ file, line: 1, column: 1, message }], assembly };
    }
  }
  return { unit, assembly, userAsm, units: [rtAsm, ...units], mode, kernels, printf };
}

/** Kernel-only ROM functions (device calls) that a program's code reaches. */
function deviceFunctionsUsed(units: readonly { text: string }[]): string[] {
  const used = new Set(units.flatMap((u) => [...referencedSymbols(u.text)]));
  return KERNEL_ROM_FUNCTIONS.filter((f) => used.has(f));
}

function kernelInfo(k: Kernel): KernelInfo {
  return { name: k.name, opcode: k.opcode, thunk: k.thunk, symbol: k.symbol, params: k.params.map((p) => (p.kind === 'tensor' ? 'tensor' : p.mem)), returnsTensor: k.returnsTensor };
}
