// Benchmark: the emulator against QEMU on a compute-bound lx106 program (bench/programs/compute.c
// built with Debian's xtensa-lx106-elf-gcc -O2). Both run the same ELF; the instruction count comes
// from our emulator (exact) and QEMU's rate is that count divided by its wall time less its start-up
// time (measured on a trivial program). Three views: one in-process run (compile time included); the
// steady state (the rate after a warm-up third of the run, the best of three runs as QEMU's is, against
// QEMU's rate); and the whole process, `q7 run ELF` against `qemu-system-xtensa … -kernel ELF` on one ELF, start-up included.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMachine, MemoryHost } from '../emulator';
import { readElf } from '../xtensa/elf';
import { buildCustomProgram, buildProgram, hasTool, repoRoot, runQemu } from '../harness';
import { spawnSync } from 'node:child_process';
import { extraCertsSet, withoutExtraCerts } from './extra-certs';

export interface EngineFigure {
  engine: string;
  instructions: number;
  seconds: number;
  mips: number;
  output: string;
  exitCode: number;
}

function buildBench(rounds: number): string {
  const src = path.join(repoRoot(), 'bench', 'programs', 'compute.c');
  return buildCustomProgram(src, '-O2', `compute-${rounds}`, [`-DROUNDS=${rounds}`]);
}

/** The program's instruction count is fixed + perRound × rounds (to within printf's cost for the checksum's digits); measure both. */
function instructionModel(): { fixed: number; perRound: number } {
  // Far-apart round counts, so printf's data-dependent cost (a few hundred instructions) averages out.
  const [r1, r2] = [10, 1010];
  const c1 = runOurs(buildBench(r1)).instructions;
  const c2 = runOurs(buildBench(r2)).instructions;
  const perRound = (c2 - c1) / (r2 - r1);
  return { fixed: c1 - perRound * r1, perRound };
}

function runOurs(elf: string, jit = true): EngineFigure {
  const image = readElf(fs.readFileSync(elf), elf);
  const host = new MemoryHost();
  const m = createMachine('lx106', { host, jit });
  m.loadElf(image);
  const t0 = performance.now();
  const stop = m.run({ maxInstructions: 2e10 });
  const seconds = (performance.now() - t0) / 1000;
  if (stop.kind !== 'exit') throw new Error(`bench: emulator stopped with ${JSON.stringify(stop)}`);
  const instructions = m.instructionCount;
  const output = Buffer.from(host.output(1)).toString('latin1');
  const engine = jit ? 'q7 emulator (compiled blocks)' : 'q7 emulator (interpreter only)';
  return { engine, instructions, seconds, mips: instructions / seconds / 1e6, output, exitCode: stop.code };
}

function timeQemu(elf: string): { seconds: number; output: string; exitCode: number } {
  const t0 = performance.now();
  const r = runQemu(elf, { cpu: 'lx106', timeoutMs: 600_000 });
  return { seconds: (performance.now() - t0) / 1000, output: r.stdout, exitCode: r.exitCode };
}

/** QEMU's rate on a run long enough (≥ 2·10^9 instructions) that its start-up time hardly matters. */
function runQemuFigure(model: { fixed: number; perRound: number }): EngineFigure {
  const rounds = Math.ceil((2e9 - model.fixed) / model.perRound);
  const instructions = Math.round(model.fixed + model.perRound * rounds);
  const elf = buildBench(rounds);
  const startup = Math.min(...[0, 1, 2].map(() => timeQemu(buildProgram('tiny', '-O2')).seconds));
  const best = [0, 1, 2].map(() => timeQemu(elf)).reduce((a, b) => (a.seconds <= b.seconds ? a : b));
  const seconds = Math.max(best.seconds - startup, 1e-6);
  return { engine: 'qemu-system-xtensa 7.2 (TCG)', instructions, seconds, mips: instructions / seconds / 1e6, output: best.output, exitCode: best.exitCode };
}

/** The rate over the last two thirds of the run, after a first third that warms the compiled code. */
function runOursSteady(elf: string): EngineFigure {
  const image = readElf(fs.readFileSync(elf), elf);
  const host = new MemoryHost();
  const m = createMachine('lx106', { host });
  m.loadElf(image);
  const warm = m.run({ maxInstructions: 1e8 });
  if (warm.kind !== 'limit') throw new Error(`bench: the steady-state run ended in its warm-up (${warm.kind})`);
  const n0 = m.instructionCount;
  const t0 = performance.now();
  const stop = m.run({ maxInstructions: 2e10 });
  const seconds = (performance.now() - t0) / 1000;
  if (stop.kind !== 'exit') throw new Error(`bench: emulator stopped with ${JSON.stringify(stop)}`);
  const instructions = m.instructionCount - n0;
  const output = Buffer.from(host.output(1)).toString('latin1');
  return { engine: 'q7 emulator, steady state', instructions, seconds, mips: instructions / seconds / 1e6, output, exitCode: stop.code };
}

/** Whole-process figures: both programs started on the same ELF, the median of three wall times each. */
export interface WholeProcess {
  instructions: number;
  q7Seconds: number;
  qemuSeconds: number;
  /** QEMU's time over ours: above 1, `q7 run` is the faster. */
  ratio: number;
  /** Ours without NODE_EXTRA_CA_CERTS, and QEMU's time over it (only when this environment sets it). */
  withoutExtraCerts?: { q7Seconds: number; ratio: number };
}

const Q7 = path.join(__dirname, '..', '..', 'bin', 'q7');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function timeQ7Run(elf: string, env: NodeJS.ProcessEnv = process.env): { seconds: number; output: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [Q7, 'run', elf], { encoding: 'latin1', env });
  const seconds = (performance.now() - t0) / 1000;
  if (r.error) throw r.error;
  return { seconds, output: r.stdout };
}

function wholeProcess(elf: string, instructions: number, expected: string): WholeProcess {
  const q7: number[] = [];
  const q7NoCerts: number[] = [];
  const qemu: number[] = [];
  const checked = (r: { seconds: number; output: string }) => {
    if (r.output !== expected) throw new Error(`bench: q7 run printed ${JSON.stringify(r.output)}, expected ${JSON.stringify(expected)}`);
    return r.seconds;
  };
  for (let k = 0; k < 3; k++) {
    q7.push(checked(timeQ7Run(elf)));
    if (extraCertsSet()) q7NoCerts.push(checked(timeQ7Run(elf, withoutExtraCerts())));
    qemu.push(timeQemu(elf).seconds);
  }
  const [q7Seconds, qemuSeconds] = [median(q7), median(qemu)];
  const withoutCerts = q7NoCerts.length ? { q7Seconds: median(q7NoCerts), ratio: qemuSeconds / median(q7NoCerts) } : undefined;
  return { instructions, q7Seconds, qemuSeconds, ratio: qemuSeconds / q7Seconds, withoutExtraCerts: withoutCerts };
}

export interface EmulatorBenchResult {
  ours: EngineFigure;
  interpreter: EngineFigure;
  steady: EngineFigure;
  qemu?: EngineFigure;
  ratio?: number;
  interpreterRatio?: number;
  steadyRatio?: number;
  whole?: WholeProcess;
}

/**
 * Runs the emulator benchmark with about `targetInstructions` instructions on our emulator, and the
 * steady-state and whole-process comparisons on an ELF of about `wholeInstructions`.
 */
export function benchEmulator(targetInstructions: number, wholeInstructions: number): EmulatorBenchResult {
  const model = instructionModel();
  const rounds = Math.max(1, Math.round((targetInstructions - model.fixed) / model.perRound));
  const elf = buildBench(rounds);
  const ours = runOurs(elf);
  // The count is linear in the rounds up to the few instructions printf spends on the checksum's digits.
  const predicted = model.fixed + model.perRound * rounds;
  if (Math.abs(ours.instructions - predicted) > 1e-4 * predicted) {
    throw new Error(`bench: instruction count ${ours.instructions} is not linear in the rounds (model ${predicted})`);
  }
  const interpreter = runOurs(elf, false);
  if (interpreter.instructions !== ours.instructions || interpreter.output !== ours.output) {
    throw new Error('bench: the interpreter and the compiled blocks disagree');
  }
  const wholeRounds = Math.max(1, Math.round((wholeInstructions - model.fixed) / model.perRound));
  const wholeElf = buildBench(wholeRounds);
  // the best of three, as QEMU's rate is: one run's wall time takes whatever else the machine did then
  const steady = [0, 1, 2].map(() => runOursSteady(wholeElf)).reduce((a, b) => (a.mips >= b.mips ? a : b));
  if (!hasTool('qemu-system-xtensa')) return { ours, interpreter, steady };
  const check = timeQemu(elf);
  if (check.output !== ours.output || check.exitCode !== ours.exitCode) {
    throw new Error(`bench: QEMU and the emulator disagree: ${JSON.stringify(check.output)} vs ${JSON.stringify(ours.output)}`);
  }
  const qemu = runQemuFigure(model);
  const whole = wholeProcess(wholeElf, Math.round(model.fixed + model.perRound * wholeRounds), steady.output);
  return {
    ours,
    interpreter,
    steady,
    qemu,
    ratio: ours.mips / qemu.mips,
    interpreterRatio: interpreter.mips / qemu.mips,
    steadyRatio: steady.mips / qemu.mips,
    whole,
  };
}
