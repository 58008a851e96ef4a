// The benchmark's figures as data: each section's result reduced to named numbers (name, value, unit,
// which direction is better), so a run can be compared with the last recorded one and, with
// `npm run bench -- --record`, appended to bench/figures-history.jsonl (one JSON line per run: the
// commit, the date, the machine's cores and load, the figures). A figure that moved the wrong way by more
// than the noise margin is flagged; the file's history is how a regression shows across commits.

import type { EmulatorBenchResult } from './emulator';
import type { LanguageBenchFigures } from './language';
import type { ServerBenchFigures } from './server';
import type { CompilerBenchFigures } from './compiler';
import type { DeviceBench } from './device';
import type { Q7RunFigure } from './q7-run';
import type { Q7RunMulticoreFigure } from './q7-run-multicore';
import type { HistoryFigure } from './history';
import type { DebuggerBench } from './debugger';
import type { VectorBench } from './vector';
import type { CompiledVectorBench } from './vector-compiled';

export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** True for times and counts (smaller is better); false for rates and ratios of speed. */
  readonly lowerIsBetter: boolean;
}

export interface HistoryEntry {
  readonly commit: string;
  readonly date: string;
  readonly cpus: number;
  readonly load: number;
  readonly figures: Record<string, number>;
}

const time = (name: string, value: number, unit = 'ms'): Figure => ({ name, value, unit, lowerIsBetter: true });
const rate = (name: string, value: number, unit: string): Figure => ({ name, value, unit, lowerIsBetter: false });

export function emulatorFigures(r: EmulatorBenchResult): Figure[] {
  const out = [rate('emulator.compiled.mips', r.ours.mips, 'M insn/s'), rate('emulator.interpreter.mips', r.interpreter.mips, 'M insn/s')];
  out.push(rate('emulator.steady.mips', r.steady.mips, 'M insn/s'));
  if (r.ratio !== undefined) out.push(rate('emulator.ratio-to-qemu', r.ratio, 'x'));
  if (r.steadyRatio !== undefined) out.push(rate('emulator.steady.ratio-to-qemu', r.steadyRatio, 'x'));
  if (r.whole) {
    out.push(time('emulator.whole-process.q7-run', r.whole.q7Seconds, 's'), time('emulator.whole-process.qemu', r.whole.qemuSeconds, 's'));
    out.push(rate('emulator.whole-process.ratio-to-qemu', r.whole.ratio, 'x'));
    const w = r.whole.withoutExtraCerts;
    if (w) out.push(time('emulator.whole-process.q7-run.no-extra-ca-certs', w.q7Seconds, 's'), rate('emulator.whole-process.ratio-to-qemu.no-extra-ca-certs', w.ratio, 'x'));
  }
  return out;
}

export function vectorFigures(r: VectorBench): Figure[] {
  const perSecond = (x: VectorBench['reluVector']) => x.vectorOps / x.seconds / 1e6;
  return [
    rate('vector.relu.compiled.mvops', perSecond(r.reluVector), 'M vector ops/s'),
    rate('vector.relu.interpreter.mvops', perSecond(r.reluVectorInterpreter), 'M vector ops/s'),
    rate('vector.mul-pack.compiled.mvops', perSecond(r.macPack), 'M vector ops/s'),
    time('vector.relu.ns-per-element', (r.reluVector.seconds * 1e9) / r.reluVector.elements, 'ns'),
    time('vector.relu-scalar.ns-per-element', (r.reluScalar.seconds * 1e9) / r.reluScalar.elements, 'ns'),
  ];
}

/** The compiled vector ReLU against the compiled scalar TCM ReLU. */
export function compiledVectorFigures(b: CompiledVectorBench): Figure[] {
  const perElement = (r: CompiledVectorBench['scalar']) => (r.seconds * 1e9) / r.elements;
  return [
    time('vector.compiled-relu-tcm.ns-per-element', perElement(b.scalar), 'ns'),
    time('vector.compiled-relu-ivp.ns-per-element', perElement(b.vector), 'ns'),
    time('vector.compiled-relu-ivp.insns-per-element', b.vector.instructions / b.vector.elements, 'insns'),
    rate('vector.compiled-relu-ivp.speed-vs-scalar', perElement(b.scalar) / perElement(b.vector), 'x'),
  ];
}

export function languageFigures(r: LanguageBenchFigures): Figure[] {
  return [time('language.full', r.fullMs), time('language.edit', r.editMs), time('language.cold', r.coldMs)];
}

export function serverFigures(r: ServerBenchFigures): Figure[] {
  return [time('server.didChange.median', r.medianMs), time('server.didOpen', r.openMs)];
}

export function compilerFigures(r: CompilerBenchFigures): Figure[] {
  const out = [time('compiler.cold', r.coldMs)];
  for (const row of r.rows) out.push(time(`compiler.${row.kernel}.O0`, row.o0Ms), time(`compiler.${row.kernel}.O1`, row.o1Ms), time(`compiler.${row.kernel}.O2`, row.o2Ms));
  for (const p of r.perElement) out.push(time(`compiler.insns-per-element.${p.variant}.O0`, p.o0, 'insns'), time(`compiler.insns-per-element.${p.variant}.O1`, p.o1, 'insns'), time(`compiler.insns-per-element.${p.variant}.O2`, p.o2, 'insns'));
  return out;
}

export function deviceFigures(r: DeviceBench): Figure[] {
  const out = [time('device.accessor-relu-1M.seconds', r.emulatorSecondsNoCount, 's'), rate('device.accessor-relu-1M.mips', r.mips, 'M insn/s')];
  for (const v of r.variants) out.push(time(`device.insns-per-element.${v.variant}.${v.opt}`, v.perElement, 'insns'));
  return out;
}

export function q7RunFigures(rs: readonly Q7RunFigure[]): Figure[] {
  return rs.flatMap((r) => [
    time(`q7run.scale-${r.side}.build+run`, r.coldSeconds, 's'),
    time(`q7run.scale-${r.side}.cached`, r.warmSeconds, 's'),
    ...(r.withoutExtraCerts
      ? [time(`q7run.scale-${r.side}.build+run.no-extra-ca-certs`, r.withoutExtraCerts.coldSeconds, 's'), time(`q7run.scale-${r.side}.cached.no-extra-ca-certs`, r.withoutExtraCerts.warmSeconds, 's')]
      : []),
    // emulated instructions per element at q7 run's defaults (-O2, sanitizers on): deterministic, so a compiler change shows
    ...(Number.isFinite(r.instructions) ? [time(`q7run.scale-${r.side}.insns-per-element`, r.instructions / (r.side * r.side), 'insns')] : []),
  ]);
}

export function q7RunMulticoreFigures(r: Q7RunMulticoreFigure): Figure[] {
  return [
    time(`q7run.relu-multicore-${r.cores}c.cached`, r.cachedSeconds, 's'),
    ...(r.nativeSeconds !== undefined ? [time(`q7run.relu-multicore-${r.cores}c.native`, r.nativeSeconds, 's')] : []),
  ];
}

export function historyFigures(rs: readonly HistoryFigure[]): Figure[] {
  return rs.flatMap((r) => [time(`history.${r.kernel}.${r.cores}c.step-back`, r.stepBackMs), time(`history.${r.kernel}.${r.cores}c.ms-per-snapshot`, r.msPerSnapshot)]);
}

export function debuggerFigures(r: DebuggerBench): Figure[] {
  return [
    time('debugger.launch.unchanged', r.launchMs.unchanged), time('debugger.launch.edited', r.launchMs.edited), time('debugger.launch.cold', r.launchMs.cold),
    time('debugger.launch.prebuilt', r.launchMs.prebuilt), time('debugger.prebuild', r.prebuildMs),
    time('debugger.step-over.median', r.stepOverMedianMs), time('debugger.variables', r.variablesMs), time('debugger.pause.median', r.pauseMedianMs),
  ];
}

/** Moves beyond this share are reported (benchmarks on a shared machine wander by a few percent). */
export const NOISE = 0.1;

/** One line per figure that moved by more than NOISE against `previous`, worse ones marked REGRESSION. */
export function compare(figures: readonly Figure[], previous: HistoryEntry | undefined): string[] {
  if (!previous) return ['(no earlier recorded run to compare with: npm run bench -- --record appends this one)'];
  const out: string[] = [];
  for (const f of figures) {
    const before = previous.figures[f.name];
    if (before === undefined || before === 0) continue;
    const change = (f.value - before) / before;
    if (Math.abs(change) <= NOISE) continue;
    const worse = f.lowerIsBetter ? change > 0 : change < 0;
    out.push(`${worse ? 'REGRESSION' : 'better'}  ${f.name}: ${fmt(before)} → ${fmt(f.value)} ${f.unit} (${change > 0 ? '+' : ''}${(change * 100).toFixed(0)}%)`);
  }
  return out.length ? out : [`every figure within ${NOISE * 100}% of ${previous.commit.slice(0, 10)} (${previous.date})`];
}

const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3));

/** The history file's entries (malformed lines are skipped with their line number reported). */
export function parseHistory(text: string, file: string, warn: (m: string) => void): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  text.split('\n').forEach((line, k) => {
    if (!line.trim()) return;
    try {
      const e = JSON.parse(line) as HistoryEntry;
      if (typeof e.commit !== 'string' || typeof e.figures !== 'object' || e.figures === null) throw new Error('no commit or figures');
      out.push(e);
    } catch (err) {
      warn(`${file}:${k + 1}: skipped: ${(err as Error).message}`);
    }
  });
  return out;
}

/** The JSON line a recorded run appends. */
export function historyLine(figures: readonly Figure[], meta: Omit<HistoryEntry, 'figures'>): string {
  const values: Record<string, number> = {};
  for (const f of figures) values[f.name] = Number(f.value.toPrecision(4));
  return `${JSON.stringify({ ...meta, figures: values })}\n`;
}
