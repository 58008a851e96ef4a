// The declarations of `q7 run` (cli/options.ts): its options in program and kernel mode, their value
// parsers, and the parsed arguments. Kept apart from the command's work so that the small program-mode
// bundle (cli/program-main.ts) parses `q7 run` exactly as the full CLI does without loading the compiler.

import { UsageError } from '../process-io';
import { defineCommand, parseArgs } from '../options';
import { CORE_NAMES, type CoreName } from '../../emulator';
import { DEFAULT_CORE_COUNT, SANITIZERS, type Sanitizer, HBM_MIN_SIZE } from '../../emulator/device';
import { DEFAULT_WINDOW_COUNT, DEFAULT_WINDOW_SIZE, POLICY } from '../../target/q7/abi';
import { macroTable } from '../macros';

export interface KernelRunArgs {
  file: string;
  fn?: string;
  args: string[];
  out?: string;
  expect?: string;
  shapeSrc?: string;
  rtol: number;
  atol: number;
  cores: number;
  policy: number;
  windowSize: number;
  windowCount: number;
  strictWindows?: boolean;
  noSanitize: Sanitizer[];
  streamLog: boolean;
  maxInsns?: number;
  stackSize?: number;
  hbmSize?: number;
}

const KERNEL = 'kernel mode (a .cpp without main, or a kernel image)';

/** A non-negative number (tolerances). */
function nonNegative(text: string, opt: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`${opt}: '${text}' is not a non-negative number`);
  return n;
}

/** An integer 1..64 (cores, windows). */
function count(what: string): (text: string, opt: string) => number {
  return (text, opt) => {
    const n = nonNegative(text, opt);
    if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`${opt}: ${n} is not a ${what} (1..64)`);
    return n;
  };
}

/** The options of q7 run's kernel mode (cli/options.ts declarations; q7 run lists them in its help). */
export const KERNEL_OPTIONS = {
  fn: { name: '--fn', type: 'string', value: 'NAME', group: KERNEL, description: 'the kernel function to run (default: the only one)' },
  args: {
    name: '--arg', type: 'repeatable', value: 'VALUE', group: KERNEL,
    description: 'one per parameter, in order: FILE.npy, a generator shape=4x1024,dtype=float32,init=randn|zeros|ones|arange|uniform,seed=1, or a number',
  },
  out: { name: '--out', type: 'string', value: 'FILE.npy', group: KERNEL, description: 'write the returned tensor' },
  expect: { name: '--expect', type: 'string', value: 'FILE.npy', group: KERNEL, description: 'compare the returned tensor (within --rtol and --atol)' },
  rtol: { name: '--rtol', type: 'number', value: 'R', default: 1e-5, parse: nonNegative, group: KERNEL, description: 'relative tolerance of --expect' },
  atol: { name: '--atol', type: 'number', value: 'A', default: 1e-8, parse: nonNegative, group: KERNEL, description: 'absolute tolerance of --expect' },
  shapeSrc: {
    name: '--shape-src', type: 'string', value: 'FILE', group: KERNEL,
    description:
      "the op's shape file (NEURON_LIBRARY): the shape function registered for the kernel runs on the device first; the tensor it returns " +
      'sizes get_dst_tensor() and is the shape and dtype the result must have. Without it, get_dst_tensor() is shaped like the first tensor argument',
  },
  multicore: { name: '--multicore', type: 'flag', group: KERNEL, description: `run on ${DEFAULT_CORE_COUNT} cores (--cores N for another count)` },
  cores: { name: '--cores', type: 'number', value: 'N', parse: count('core count'), group: KERNEL, description: 'run on N cores (default 1)' },
  policy: {
    name: '--policy', type: 'enum', value: 'P', choices: ['coherent', 'verbose', 'quiet'], default: 'coherent', group: KERNEL,
    description: 'coherency policy of the argument tensors',
  },
  windowSize: {
    name: '--window-size', type: 'number', value: 'N', default: DEFAULT_WINDOW_SIZE, parse: parseSize, group: KERNEL,
    description: 'bytes per HBM window (power of two ≥ 65536)',
  },
  windowCount: { name: '--windows', type: 'number', value: 'N', default: DEFAULT_WINDOW_COUNT, parse: count('window count'), group: KERNEL, description: 'windows per translation context' },
  strictWindows: {
    name: '--strict-windows', type: 'flag', group: KERNEL,
    description: "a translated address is valid only until the core's next neuron_translate (the seed's rule); a later use is a stale-window fault. Default: until its window is evicted",
  },
  noSanitize: { name: '--no-sanitize', type: 'repeatable', value: 'K,..', parse: parseSanitizers, group: KERNEL, description: `switch sanitizers off: ${SANITIZERS.join(', ')}` },
  streamLog: { name: '--stream-log', type: 'flag', group: KERNEL, description: "print core 0's log ring while the kernel runs (else after it)" },
  stackSize: { name: '--stack-size', type: 'number', value: 'N', parse: parseSize, group: KERNEL, description: 'stack bytes (also passed to the build as -DSTACK_SIZE)' },
  hbmSize: {
    name: '--hbm-size', type: 'number', value: 'N', parse: parseHbmSize, group: KERNEL,
    description: "HBM capacity (default 16G: a NeuronCore-v2's share of its chip's 32 GiB); arguments and tensors the kernel makes past it are refused",
  },
} as const;

export const KERNEL_EPILOGUE = 'On a terminal a long run shows its progress; Ctrl-C stops it with the report so far (exit 130).';

function parseHbmSize(text: string, opt: string): number {
  const n = parseSize(text, opt);
  if (n < HBM_MIN_SIZE) throw new UsageError(`${opt}: ${n} bytes is less than the least HBM the device takes (${HBM_MIN_SIZE}, 1M)`);
  return n;
}

/** The device's code of a --policy choice. */
export function policyCode(name: 'coherent' | 'verbose' | 'quiet'): number {
  return { coherent: POLICY.COHERENT, verbose: POLICY.INCOHERENT_VERBOSE, quiet: POLICY.INCOHERENT_QUIET }[name];
}

export function parseSanitizers(text: string): Sanitizer[] {
  return text.split(',').filter((s) => s !== '').map((s) => {
    if (!(SANITIZERS as readonly string[]).includes(s)) throw new UsageError(`--no-sanitize: unknown sanitizer '${s}' (known: ${SANITIZERS.join(', ')})`);
    return s as Sanitizer;
  });
}

export function parseSize(text: string, what: string): number {
  const m = /^(0x[0-9a-f]+|\d+)([kKmMgG]?)$/.exec(text);
  if (!m) throw new UsageError(`${what}: '${text}' is not a size (e.g. 65536, 64K, 0x10000)`);
  const mul = m[2] === '' ? 1 : /k/i.test(m[2]) ? 1024 : /m/i.test(m[2]) ? 1024 * 1024 : 1024 ** 3;
  return Number(m[1]) * mul;
}

const PROGRAM = 'program mode';

/** --max-insns: a positive integer. */
function positiveInteger(text: string, opt: string): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${opt}: '${text}' is not a positive integer`);
  return n;
}

export const RUN_SPEC = defineCommand({
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

export interface RunArgs {
  file: string;
  cpu?: CoreName;
  maxInsns?: number;
  trace: boolean;
  defines: Record<string, string>;
  kernel: KernelRunArgs;
  cache: boolean;
  optimize: 0 | 1 | 2;
}

export function runArgs(argv: string[]): RunArgs {
  const o = parseArgs(RUN_SPEC, argv);
  const kernel: KernelRunArgs = {
    file: o.file, fn: o.fn, args: o.args, out: o.out, expect: o.expect, shapeSrc: o.shapeSrc, rtol: o.rtol, atol: o.atol,
    cores: o.cores ?? (o.multicore ? DEFAULT_CORE_COUNT : 1), policy: policyCode(o.policy), windowSize: o.windowSize, windowCount: o.windowCount,
    strictWindows: o.strictWindows || undefined, noSanitize: o.noSanitize.flat(), streamLog: o.streamLog, maxInsns: o.maxInsns,
    stackSize: o.stackSize, hbmSize: o.hbmSize,
  };
  return { file: o.file, cpu: o.cpu, maxInsns: o.maxInsns, trace: o.trace, defines: macroTable(o.defines), kernel, cache: !o.noCache, optimize: o.optimize === '0' ? 0 as const : o.optimize === '1' ? 1 as const : 2 as const };
}

/** A C++ source file (built first, then run as a kernel or a program). */
export function isCppSource(file: string): boolean {
  return /\.(cpp|cc|cxx|C)$/.test(file);
}
