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
import { ElfError, ElfImage } from '../../xtensa/elf/types';
import { readElf } from '../../xtensa/elf/reader';
import { AsmError, assemble } from '../../xtensa/asm';
import { decode } from '../../xtensa/isa';
import { formatInsn } from '../../xtensa/disasm';
import { CORE_NAMES, CoreName, Machine, Q7, StopReason, coreByName } from '../../emulator';
import { ProgramSession, SessionError } from '../../session';
import { WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from '../../target/q7/window-vectors';
import { formatCompileDiagnostic, RuntimeBuildError, type CompileResult } from '../../compiler';
import type { ShapeProgram } from '../../session';
import { buildKernelSourceLazily } from '../../session/build';
import { fileHost, loadFrontend } from '../frontend';
import { DEFAULT_CORE_COUNT } from '../../emulator/device';
import { HBM_MIN_SIZE } from '../../emulator/device/device';
import { DEFAULT_WINDOW_COUNT, DEFAULT_WINDOW_SIZE } from '../../target/q7/abi';
import { KERNEL_OPTIONS, KernelRunArgs, isKernelImage, parsePolicy, parseSanitizers, parseSize, runKernel } from './run-kernel';

const USAGE = `usage: q7 run FILE [options]

Runs an Xtensa ELF executable (or a .S/.s assembly file, assembled first) on the emulator. The
program's semihosting output goes to stdout/stderr; q7 exits with the program's exit code.
A C++ kernel source (or a kernel image) runs on the emulated Q7 device (options below).

program mode:
  --cpu NAME        core: ${CORE_NAMES.join(', ')} (default: from the ELF — code at 0x50000000 ⇒ lx106,
                    at 0xfe000000 ⇒ de233_fpu, otherwise q7; assembly source runs on q7,
                    with the ROM's window handlers linked in at VECBASE)
  --max-insns N     stop after N instructions (exit status 124)
  --trace           print every executed instruction to stderr
  -D NAME[=V]       define a macro when FILE is C++ source
  --no-cache        build C++ source from scratch (default: reuse the build cache in
                    $Q7_CACHE_DIR, else $XDG_CACHE_HOME/q7-studio, else ~/.cache/q7-studio)

${KERNEL_OPTIONS}`;

export const EXIT_LIMIT = 124;
export const EXIT_BREAK = 133;
export const EXIT_HALT = 1;

interface RunArgs {
  file: string;
  cpu?: CoreName;
  maxInsns?: number;
  trace: boolean;
  defines: Record<string, string>;
  kernel: KernelRunArgs;
  cache: boolean;
}

function parseArgs(argv: string[]): RunArgs | 'help' {
  let file: string | undefined;
  let cpu: CoreName | undefined;
  let maxInsns: number | undefined;
  let trace = false;
  let cache = true;
  const defines: Record<string, string> = {};
  const kernel: KernelRunArgs = {
    file: '', args: [], rtol: 1e-5, atol: 1e-8, cores: 1, policy: 0, windowSize: DEFAULT_WINDOW_SIZE, windowCount: DEFAULT_WINDOW_COUNT,
    noSanitize: [], streamLog: false,
  };
  const num = (opt: string, text: string) => {
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`${opt}: '${text}' is not a non-negative number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [opt, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${opt} needs a value\n${USAGE}`);
      return v;
    };
    if (opt === '--help' || opt === '-h') return 'help';
    else if (opt === '--cpu') {
      const name = value();
      if (!coreByName(name)) throw new UsageError(`--cpu: unknown core '${name}' (known: ${CORE_NAMES.join(', ')})`);
      cpu = name as CoreName;
    } else if (opt === '--max-insns') {
      const text = value();
      const n = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n <= 0) {
        throw new UsageError(`--max-insns: '${text}' is not a positive integer`);
      }
      maxInsns = n;
    } else if (opt === '--trace') trace = true;
    else if (opt === '--no-cache') cache = false;
    else if (opt === '--fn') kernel.fn = value();
    else if (opt === '--arg') kernel.args.push(value());
    else if (opt === '--out') kernel.out = value();
    else if (opt === '--expect') kernel.expect = value();
    else if (opt === '--shape-src') kernel.shapeSrc = value();
    else if (opt === '--rtol') kernel.rtol = num(opt, value());
    else if (opt === '--atol') kernel.atol = num(opt, value());
    else if (opt === '--multicore') kernel.cores = Math.max(kernel.cores, DEFAULT_CORE_COUNT);
    else if (opt === '--cores') {
      const n = num(opt, value());
      if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--cores: ${n} is not a core count (1..64)`);
      kernel.cores = n;
    } else if (opt === '--policy') kernel.policy = parsePolicy(value());
    else if (opt === '--window-size') kernel.windowSize = parseSize(value(), opt);
    else if (opt === '--windows') {
      const n = num(opt, value());
      if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--windows: ${n} is not a window count (1..64)`);
      kernel.windowCount = n;
    } else if (opt === '--no-sanitize') kernel.noSanitize.push(...parseSanitizers(value()));
    else if (opt === '--stream-log') kernel.streamLog = true;
    else if (opt === '--strict-windows') kernel.strictWindows = true;
    else if (opt === '--stack-size') kernel.stackSize = parseSize(value(), opt);
    else if (opt === '--hbm-size') {
      kernel.hbmSize = parseSize(value(), opt);
      if (kernel.hbmSize < HBM_MIN_SIZE) throw new UsageError(`--hbm-size: ${kernel.hbmSize} bytes is less than the least HBM the device takes (${HBM_MIN_SIZE}, 1M)`);
    }
    else if (opt.startsWith('-D') && opt.length > 2) {
      const d = arg.slice(2);
      const eq = d.indexOf('=');
      defines[eq < 0 ? d : d.slice(0, eq)] = eq < 0 ? '1' : d.slice(eq + 1);
    } else if (opt === '-D') {
      const d = value();
      const eq = d.indexOf('=');
      defines[eq < 0 ? d : d.slice(0, eq)] = eq < 0 ? '1' : d.slice(eq + 1);
    }
    else if (opt.startsWith('-')) throw new UsageError(`unknown option '${arg}'\n${USAGE}`);
    else if (file === undefined) file = arg;
    else throw new UsageError(`only one program can be run (got '${file}' and '${arg}')`);
  }
  if (file === undefined) throw new UsageError(`no program given\n${USAGE}`);
  kernel.file = file;
  kernel.maxInsns = maxInsns;
  return { file, cpu, maxInsns, trace, defines, kernel, cache };
}

/** Where assembly is placed per core: its reset vector; on q7 past the 1 KiB vector area at VECBASE. */
const ASM_BASE: Record<CoreName, number> = { lx106: 0x50000000, dc233c: 0xfe000000, de233_fpu: 0xfe000000, q7: 0x40000400 };

/** Assembles a program; on q7 the ROM's window handlers are linked in at VECBASE. */
function assembleProgram(name: string, text: string, cpu: CoreName): ElfImage {
  const sources = [{ name, text }];
  if (cpu !== 'q7') return assemble(sources, { base: ASM_BASE[cpu] }).image;
  sources.push({ name: 'rom/window-vectors.S', text: WINDOW_VECTORS_SOURCE });
  return assemble(sources, { base: ASM_BASE.q7, sectionStart: { [WINDOW_VECTORS_SECTION]: Q7.resetVecbase } }).image;
}

/** The program's image: read as ELF, or assembled when the file is assembly source. */
function loadImage(args: RunArgs, io: CliIO): ElfImage {
  const bytes = io.readFile(args.file);
  if (/\.(S|s|asm)$/.test(args.file)) {
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
  switch (stop.kind) {
    case 'exit':
      return stop.code & 0xff;
    case 'exception':
    case 'fault': {
      const where = stop.vaddr !== undefined ? ` (address ${hex(stop.vaddr)})` : '';
      io.stderr(`${file}: fault: ${stop.causeName} at ${hex(stop.pc)}${where}\n`);
      return 128 + stop.cause;
    }
    case 'break':
      io.stderr(`${file}: break ${stop.s},${stop.t} at ${hex(stop.pc)}\n`);
      return EXIT_BREAK;
    case 'limit':
      io.stderr(`${file}: instruction limit reached at ${hex(stop.pc)}\n`);
      return EXIT_LIMIT;
    case 'halt':
      io.stderr(`${file}: halted (WAITI with no interrupt source) at ${hex(stop.pc)}\n`);
      return EXIT_HALT;
    default:
      io.stderr(`${file}: stopped (${stop.kind}) at ${hex(stop.pc)}\n`);
      return 1;
  }
}

/** Builds C++ source with the compiler (kernel or program, as the source says). */
async function buildSource(args: RunArgs, io: CliIO, file = args.file): Promise<CompileResult & { image: ElfImage }> {
  const host = fileHost(io);
  if (host.readFile(file) === undefined) throw new UsageError(`${file}: cannot read file`);
  let result;
  try {
    const cache = args.cache ? io.buildCache?.() : undefined;
    result = await buildKernelSourceLazily(() => loadFrontend(io), file, host, { defines: args.defines, noSanitize: args.kernel.noSanitize, stackSize: args.kernel.stackSize, cache });
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
  name: 'run',
  summary: 'run an Xtensa program, or a kernel on the emulated Q7 device',
  usage: USAGE,
  async run(argv: string[], io: CliIO): Promise<number> {
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(USAGE);
      return 0;
    }
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
