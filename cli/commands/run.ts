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
import { ElfError, ElfImage, readElf } from '../../xtensa/elf';
import { AsmError } from '../../xtensa/asm';
import { decode } from '../../xtensa/isa';
import { formatInsn } from '../../xtensa/disasm';
import { CORE_NAMES, CoreName, Machine, StopReason } from '../../emulator';
import { ProgramSession, SessionError, assembleProgram, buildKernelSourceLazily, endMessage, exitStatus, isAssemblySource } from '../../session';
import { formatCompileDiagnostic, RuntimeBuildError, type CompileResult } from '../../compiler';
import type { ShapeProgram } from '../../session';
import { fileHost, loadFrontend, macroTable } from '../frontend';
import { defineCommand, parseArgs } from '../options';
import { DEFAULT_CORE_COUNT } from '../../emulator/device';
import { KERNEL_EPILOGUE, KERNEL_OPTIONS, KernelRunArgs, isKernelImage, parseSize, policyCode, runKernel } from './run-kernel';

const PROGRAM = 'program mode';

/** --max-insns: a positive integer. */
function positiveInteger(text: string, opt: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${opt}: '${text}' is not a positive integer`);
  return n;
}

const SPEC = defineCommand({
  name: 'run',
  summary: 'run an Xtensa program, or a kernel on the emulated Q7 device',
  usage: 'FILE [options]',
  description:
    "Runs an Xtensa ELF executable (or a .S/.s assembly file, assembled first) on the emulator. The program's semihosting output " +
    "goes to stdout/stderr; q7 exits with the program's exit code. A C++ kernel source (or a kernel image) runs on the emulated " +
    'Q7 device (kernel mode options below).',
  positionals: [{ key: 'file', name: 'FILE', missing: 'no program given', extra: (a: string, b: string) => `only one program can be run (got '${a}' and '${b}')` }],
  options: {
    cpu: {
      name: '--cpu', type: 'enum', value: 'NAME', choices: CORE_NAMES, noun: 'core', group: PROGRAM,
      description: "core (default: from the ELF — code at 0x50000000 ⇒ lx106, at 0xfe000000 ⇒ de233_fpu, otherwise q7; assembly source runs on q7, with the ROM's window handlers linked in at VECBASE)",
    },
    maxInsns: { name: '--max-insns', type: 'number', value: 'N', parse: positiveInteger, group: PROGRAM, description: 'stop after N instructions (exit status 124)' },
    trace: { name: '--trace', type: 'flag', group: PROGRAM, description: 'print every executed instruction to stderr' },
    defines: { name: '-D', type: 'repeatable', value: 'NAME[=V]', group: PROGRAM, description: 'define a macro when FILE is C++ source' },
    optimize: {
      name: '-O', type: 'enum', value: '0|1|2', attachedOnly: true, choices: ['0', '1', '2'], default: '2', group: PROGRAM,
      description: 'optimisation level when FILE is C++ source (see q7 build -O); the sanitizers stay on at every level',
    },
    noCache: {
      name: '--no-cache', type: 'flag', group: PROGRAM,
      description: 'build C++ source from scratch (default: reuse the build cache in $Q7_CACHE_DIR, else $XDG_CACHE_HOME/q7-studio, else ~/.cache/q7-studio)',
    },
    ...KERNEL_OPTIONS,
  },
  epilogue: KERNEL_EPILOGUE,
});

export { EXIT_LIMIT, EXIT_BREAK, EXIT_HALT } from '../../session';

interface RunArgs {
  file: string;
  cpu?: CoreName;
  maxInsns?: number;
  trace: boolean;
  defines: Record<string, string>;
  kernel: KernelRunArgs;
  cache: boolean;
  optimize: 0 | 1 | 2;
}

function runArgs(argv: string[]): RunArgs {
  const o = parseArgs(SPEC, argv);
  const kernel: KernelRunArgs = {
    file: o.file, fn: o.fn, args: o.args, out: o.out, expect: o.expect, shapeSrc: o.shapeSrc, rtol: o.rtol, atol: o.atol,
    cores: o.cores ?? (o.multicore ? DEFAULT_CORE_COUNT : 1), policy: policyCode(o.policy), windowSize: o.windowSize, windowCount: o.windowCount,
    strictWindows: o.strictWindows || undefined, noSanitize: o.noSanitize.flat(), streamLog: o.streamLog, maxInsns: o.maxInsns,
    stackSize: o.stackSize, hbmSize: o.hbmSize,
  };
  return { file: o.file, cpu: o.cpu, maxInsns: o.maxInsns, trace: o.trace, defines: macroTable(o.defines), kernel, cache: !o.noCache, optimize: o.optimize === '0' ? 0 as const : o.optimize === '1' ? 1 as const : 2 as const };
}

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
  try {
    return readElf(bytes, args.file);
  } catch (e) {
    if (e instanceof ElfError) throw new UsageError(e.message);
    throw e;
  }
}

function hex(v: number): string {
  return `0x${(v >>> 0).toString(16).padStart(8, '0')}`;
}

/** Streams fd 1/2 output to the CLI as text (UTF-8, decoded incrementally per descriptor). */
function streamTo(io: CliIO): (fd: 1 | 2, data: Uint8Array) => void {
  const decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
  return (fd, data) => {
    const text = decoders[fd].decode(data, { stream: true });
    if (text) (fd === 1 ? io.stdout : io.stderr)(text);
  };
}

function traceTo(m: Machine, io: CliIO): void {
  m.trace = (ev) => {
    const bytes = m.readMemory(ev.pc, ev.size);
    const d = bytes ? decode(bytes[0], bytes[1] ?? 0, bytes[2] ?? 0, ev.pc) : undefined;
    io.stderr(`${hex(ev.pc)}  ${d ? formatInsn(d, ev.pc).replace('\t', ' ') : '(invalid)'}\n`);
  };
}

/** Reports how the run ended and returns the exit status. */
function report(file: string, stop: StopReason, io: CliIO): number {
  const message = endMessage(file, stop);
  if (message) io.stderr(`${message}\n`);
  return exitStatus(stop);
}

/** Builds C++ source with the compiler (kernel or program, as the source says). */
async function buildSource(args: RunArgs, io: CliIO, file = args.file): Promise<CompileResult & { image: ElfImage }> {
  const host = fileHost(io);
  if (host.readFile(file) === undefined) throw new UsageError(`${file}: cannot read file`);
  let result;
  try {
    const cache = args.cache ? io.buildCache?.() : undefined;
    result = await buildKernelSourceLazily(() => loadFrontend(io, args.cache), file, host, { defines: args.defines, noSanitize: args.kernel.noSanitize, stackSize: args.kernel.stackSize, optimize: args.optimize, cache });
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
  if (!/\.(cpp|cc|cxx|C)$/.test(file)) throw new UsageError(`--shape-src: '${file}' is not a C++ source file`);
  const r = await buildSource(args, io, file);
  return { file, image: r.image, registrations: r.registrations ?? [] };
}

export const runCommand: Command = {
  spec: SPEC,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = runArgs(argv);
    const image = /\.(cpp|cc|cxx|C)$/.test(args.file) ? (await buildSource(args, io)).image : loadImage(args, io);
    if (isKernelImage(image)) {
      if (args.defines.STACK_SIZE !== undefined && args.kernel.stackSize === undefined) args.kernel.stackSize = parseSize(args.defines.STACK_SIZE, '-DSTACK_SIZE');
      const shape = args.kernel.shapeSrc !== undefined ? await buildShape(args, io, args.kernel.shapeSrc) : undefined;
      return runKernel(args.kernel, image, io, shape);
    }
    if (args.kernel.shapeSrc !== undefined) throw new UsageError(`--shape-src: ${args.file} is a program, not a kernel`);
    let program: ProgramSession;
    try {
      program = ProgramSession.open(image, { file: args.file, cpu: args.cpu, onOutput: streamTo(io) });
    } catch (e) {
      if (e instanceof SessionError) throw new UsageError(e.message);
      throw e;
    }
    if (args.trace) traceTo(program.machine, io);
    const stop = program.runUntil({ budget: args.maxInsns });
    return report(args.file, stop.kind === 'done' ? stop.stop : { kind: 'limit', pc: program.machine.pc }, io);
  },
};
