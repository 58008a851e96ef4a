// q7 run: runs an ELF (or an assembly file, assembled first) on the emulator, streams the program's
// semihosting output, and exits with its exit code (`q7 run prog.elf [--cpu NAME] [--max-insns N]
// [--trace]`). A kernel (a .cpp without main, built first, or a kernel image) runs on the emulated Q7
// device instead: see run-kernel.ts (`q7 run kernel.cpp --fn NAME --arg ...`).
//
// Exit status: the program's exit code (its low 8 bits, as a process exit status); 128 + EXCCAUSE
// for an exception nothing handles (message `prog.elf: fault: <cause> at 0x…`), the same convention
// as the QEMU runtime's vectors; 133 (128 + SIGTRAP) for a BREAK instruction; 124 when
// --max-insns is used up; 1 for WAITI with nothing to wake the core; 2 for bad input.

import { CliIO, Command, UsageError } from '../io';
import type { ElfImage } from '../../xtensa/elf';
import { AsmError } from '../../xtensa/asm';
import { assembleProgram, buildKernelSourceLazily, isAssemblySource, isKernelImage } from '../../session';
import { formatCompileDiagnostic, RuntimeBuildError, type CompileResult } from '../../compiler';
import type { GeneratedTensors, ShapeProgram } from '../../session';
import { DEFAULT_HBM_SIZE } from '../../emulator/device';
import { prefetchableSpecs } from '../tensor-prefetch';
import { fileHost, loadFrontend } from '../frontend';
import { runKernel } from './run-kernel';
import { RUN_SPEC, type RunArgs, isCppSource, parseSize, runArgs } from './run-spec';
import { readImage, runProgram } from './run-program';
import { forRun } from '../tier-up';

export { EXIT_LIMIT, EXIT_BREAK, EXIT_HALT } from '../../session';

/** The program's image: read as ELF, or assembled when the file is assembly source. */
function loadImage(args: RunArgs, io: CliIO): ElfImage {
  const bytes = io.readFile(args.file);
  if (isAssemblySource(args.file)) {
    const text = new TextDecoder().decode(bytes);
    try {
      return assembleProgram(args.file, text, args.cpu ?? 'q7');
    } catch (e) {
      if (e instanceof AsmError) throw new UsageError(e.message);
      throw e;
    }
  }
  return readImage(args.file, bytes);
}

/** Builds C++ source with the compiler (kernel or program, as the source says); `compiling` is called
 *  when the compiler runs (not for a build the cache holds). */
async function buildSource(args: RunArgs, io: CliIO, file = args.file, compiling?: () => void): Promise<CompileResult & { image: ElfImage }> {
  const host = fileHost(io);
  if (host.readFile(file) === undefined) throw new UsageError(`${file}: cannot read file`);
  let result;
  try {
    const cache = args.cache ? io.buildCache?.() : undefined;
    const frontend = () => {
      compiling?.();
      return loadFrontend(io, args.cache);
    };
    result = await buildKernelSourceLazily(frontend, file, host, { defines: args.defines, noSanitize: args.kernel.noSanitize, stackSize: args.kernel.stackSize, optimize: args.optimize, cache });
  } catch (e) {
    if (e instanceof RuntimeBuildError) throw new UsageError(e.message, 70);
    throw e;
  }
  if (!result.image) {
    for (const d of result.diagnostics) io.stderr(`${formatCompileDiagnostic(d)}\n`);
    throw new UsageError(`${file}: the build failed`, 1);
  }
  return result as CompileResult & { image: ElfImage };
}

/** The --shape-src file built into a kernel image (its shape functions) with its registrations. */
async function buildShape(args: RunArgs, io: CliIO, file: string): Promise<ShapeProgram> {
  if (!isCppSource(file)) throw new UsageError(`--shape-src: '${file}' is not a C++ source file`);
  const r = await buildSource(args, io, file);
  return { file, image: r.image, registrations: r.registrations ?? [] };
}

/** Starts generating the large `shape=…` tensors of --arg and --expect while the source compiles
 *  (io.generateTensors); a build from the cache is too quick for a worker to pay. */
function generateBesideBuild(args: RunArgs, io: CliIO): GeneratedTensors | undefined {
  if (!io.generateTensors) return undefined;
  const specs = prefetchableSpecs([...args.kernel.args, args.kernel.expect], args.kernel.hbmSize ?? DEFAULT_HBM_SIZE);
  return specs.length > 0 ? io.generateTensors(specs) : undefined;
}

export const runCommand: Command = {
  spec: RUN_SPEC,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = runArgs(argv);
    let generated: GeneratedTensors | undefined;
    const image = isCppSource(args.file) ? (await buildSource(args, io, args.file, () => (generated ??= generateBesideBuild(args, io)))).image : loadImage(args, io);
    if (isKernelImage(image)) {
      if (args.defines.STACK_SIZE !== undefined && args.kernel.stackSize === undefined) args.kernel.stackSize = parseSize(args.defines.STACK_SIZE, '-DSTACK_SIZE');
      const shape = args.kernel.shapeSrc !== undefined ? await buildShape(args, io, args.kernel.shapeSrc) : undefined;
      forRun();
      return runKernel(args.kernel, image, io, shape, generated);
    }
    forRun();
    return runProgram(args, image, io);
  },
};
