// q7 run in kernel mode: a kernel image (built from a .cpp without main, or a kernel ELF) runs on the
// emulated Q7 device through a session/ KernelSession (which marshals the arguments by the kernel's
// DWARF parameter types, runs it and compares the output); this file parses the options, writes the
// output .npy and prints the report (its options: run-spec.ts).
// Exit status: 0 clean; 1 on a fault or a mismatch; 2 on bad input (UsageError); 130 when Ctrl-C stopped it.

import { CliIO, UsageError } from '../io';
import type { ElfImage } from '../../xtensa/elf';
import { SANITIZERS } from '../../emulator/device';
import type { KernelRunArgs } from './run-spec';
import { formatComparison, shapeText, writeNpy } from '../../tensors';
import { KernelSession, SessionError, type GeneratedTensors, type ShapeProgram, formatReport } from '../../session';



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

/** Runs the kernel; `generated` holds argument tensors made ahead (beside the build). */
export async function runKernel(args: KernelRunArgs, image: ElfImage, io: CliIO, shape?: ShapeProgram, generated?: GeneratedTensors): Promise<number> {
  const session = asUsage(() => KernelSession.open(image, {
    file: args.file, fn: args.fn, args: args.args, expect: args.expect, rtol: args.rtol, atol: args.atol, shapeSrc: args.shapeSrc,
    cores: args.cores, policy: args.policy, windowSize: args.windowSize, windowCount: args.windowCount, strictWindows: args.strictWindows,
    sanitize: SANITIZERS.filter((s) => !args.noSanitize.includes(s)), stackSize: args.stackSize, maxInstructions: args.maxInsns, hbmSize: args.hbmSize,
    onLog: args.streamLog ? (t) => io.stdout(t) : undefined, onOutput: (_fd, d) => io.stdout(new TextDecoder().decode(d)),
    resultData: args.out !== undefined,
  }, (p) => io.readFile(p), { buildShape: shape && (() => shape), generated }));
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
  if (res.outputType) {
    if (args.out && res.output) io.writeFile(args.out, writeNpy(res.output));
    if (res.comparison) {
      io.stderr(formatComparison(res.comparison, 'result'));
      if (!res.comparison.ok) status = 1;
    } else if (!args.out) io.stderr(`result: ${res.outputType.dtype.name} ${shapeText(res.outputType.shape)} (write it with --out FILE.npy)\n`);
  } else if ((args.out || args.expect) && status === 0) {
    io.stderr(`${res.kernelName} returns no tensor: nothing to write or compare\n`);
    status = 1;
  }
  return status;
}
