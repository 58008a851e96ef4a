// Benchmark: the emulator's interpreter against QEMU on a compute-bound lx106 program
// (bench/programs/compute.c built with Debian's xtensa-lx106-elf-gcc -O2). Both run the same ELF;
// the instruction count comes from our emulator (exact) and QEMU's rate is that count divided by
// its wall time less its start-up time (measured on a trivial program).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMachine, MemoryHost } from '../emulator';
import { readElf } from '../xtensa/elf';
import { buildCustomProgram, buildProgram } from '../test/oracle/build';
import { runQemu } from '../test/oracle/qemu';
import { hasTool } from '../test/oracle/tools';
import { repoRoot } from '../test/oracle/paths';

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

export interface EmulatorBenchResult {
  ours: EngineFigure;
  interpreter: EngineFigure;
  qemu?: EngineFigure;
  ratio?: number;
  interpreterRatio?: number;
}

/** Runs the emulator benchmark with about `targetInstructions` instructions on our emulator. */
export function benchEmulator(targetInstructions: number): EmulatorBenchResult {
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
  if (!hasTool('qemu-system-xtensa')) return { ours, interpreter };
  const check = timeQemu(elf);
  if (check.output !== ours.output || check.exitCode !== ours.exitCode) {
    throw new Error(`bench: QEMU and the emulator disagree: ${JSON.stringify(check.output)} vs ${JSON.stringify(ours.output)}`);
  }
  const qemu = runQemuFigure(model);
  return { ours, interpreter, qemu, ratio: ours.mips / qemu.mips, interpreterRatio: interpreter.mips / qemu.mips };
}
