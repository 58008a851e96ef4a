// q7 run in kernel mode: a kernel image (built from a .cpp without main, or a kernel ELF) runs on the
// emulated Q7 device through a session/ KernelSession (which marshals the arguments by the kernel's
// DWARF parameter types, runs it and compares the output); this file parses the options, writes the
// output .npy and prints the report.
// Exit status: 0 clean; 1 on a fault or a mismatch; 2 on bad input (UsageError); 130 when Ctrl-C stopped it.

import { CliIO, UsageError } from '../io';
import type { ElfImage } from '../../xtensa/elf';
import { DEFAULT_CORE_COUNT, SANITIZERS, Sanitizer, HBM_MIN_SIZE } from '../../emulator/device';
import { DEFAULT_WINDOW_COUNT, DEFAULT_WINDOW_SIZE, POLICY } from '../../target/q7/abi';
import { formatComparison, shapeText, writeNpy } from '../../tensors';
import { KernelSession, SessionError, type ShapeProgram, formatReport, isKernelImage } from '../../session';

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

export { isKernelImage };

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

/** Exit status of a run stopped by Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

// ---- running and reporting ------------------------------------------------------------------------

/** Session input errors become usage errors (exit 2), with the same message. */
function asUsage<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof SessionError) throw new UsageError(e.message);
    throw e;
  }
}

/** Instructions per slice between looks at Ctrl-C and the progress line. */
const SLICE = 5_000_000;
/** Milliseconds between progress lines. */
const PROGRESS_EVERY = 500;

/**
 * Runs the session in slices (the same run as one piece), yielding to the event loop between them so that
 * Ctrl-C is seen: the run then ends with an `interrupted` fault and the partial report. On a terminal a
 * progress line (instructions, elapsed time) is rewritten in place while the run lasts; nothing otherwise.
 */
async function runSliced(session: KernelSession, io: CliIO, file: string) {
  let interrupted = false;
  const off = io.onInterrupt?.(() => {
    interrupted = true;
  });
  const progress = io.stderrIsTTY === true && io.now !== undefined;
  const start = progress ? io.now!() : 0;
  let shown = start;
  let printed = false;
  try {
    for (;;) {
      const stop = asUsage(() => session.runUntil({ budget: SLICE }));
      if (stop.kind === 'done') break;
      if (interrupted) {
        session.device.interrupt('stopped by Ctrl-C (SIGINT)');
        break;
      }
      if (progress) {
        const t = io.now!();
        if (t - shown >= PROGRESS_EVERY) {
          shown = t;
          const n = session.device.cores.reduce((k, c) => k + c.m.instructionCount, 0);
          io.stderr(`\r${file}: ${(n / 1e6).toFixed(1)} M instructions, ${((t - start) / 1000).toFixed(1)} s (Ctrl-C stops)\x1b[K`);
          printed = true;
        }
      }
      await new Promise((r) => setImmediate(r));
    }
  } finally {
    off?.();
    if (printed) io.stderr('\r\x1b[K');
  }
  return asUsage(() => session.finish());
}

export async function runKernel(args: KernelRunArgs, image: ElfImage, io: CliIO, shape?: ShapeProgram): Promise<number> {
  const session = asUsage(() => KernelSession.open(image, {
    file: args.file, fn: args.fn, args: args.args, expect: args.expect, rtol: args.rtol, atol: args.atol, shapeSrc: args.shapeSrc,
    cores: args.cores, policy: args.policy, windowSize: args.windowSize, windowCount: args.windowCount, strictWindows: args.strictWindows,
    sanitize: SANITIZERS.filter((s) => !args.noSanitize.includes(s)), stackSize: args.stackSize, maxInstructions: args.maxInsns, hbmSize: args.hbmSize,
    onLog: args.streamLog ? (t) => io.stdout(t) : undefined, onOutput: (_fd, d) => io.stdout(new TextDecoder().decode(d)),
  }, (p) => io.readFile(p), { buildShape: shape && (() => shape) }));
  const res = await runSliced(session, io, args.file);
  const dev = res.device;
  if (dev.logLost > 0) io.stdout(`[log: ${dev.logLost} bytes lost: the log ring wrapped]\n`);
  if (dev.log) io.stdout(dev.log);
  io.stderr(formatReport(dev, args.file, res.kernelName));
  let status = res.device.faults.some((f) => f.kind === 'interrupted') ? EXIT_INTERRUPTED : res.fatal ? 1 : 0;
  if (res.outputProblem) {
    io.stderr(`${res.outputProblem}\n`);
    return 1;
  }
  if (res.output) {
    if (args.out) io.writeFile(args.out, writeNpy(res.output));
    if (res.comparison) {
      io.stderr(formatComparison(res.comparison, 'result'));
      if (!res.comparison.ok) status = 1;
    } else if (!args.out) io.stderr(`result: ${res.output.dtype.name} ${shapeText(res.output.shape)} (write it with --out FILE.npy)\n`);
  } else if ((args.out || args.expect) && status === 0) {
    io.stderr(`${res.kernelName} returns no tensor: nothing to write or compare\n`);
    status = 1;
  }
  return status;
}
