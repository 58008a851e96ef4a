// The history benchmark (step back / reverse continue): on the accessor ReLU (relu.cpp, -O0, one
// core) and the 8-core ReLU, the cost of recording (run time with snapshots every `interval`
// instructions vs without; per snapshot: milliseconds and bytes copied; bytes held by all
// snapshots) and the latency of going back (stepBack of one instruction, reverse continue to the
// previous hit of a breakpoint in the inner loop).
// Exported for bench/run.ts: historyBench() and formatHistoryBench().

import * as fs from 'node:fs';
import * as path from 'node:path';
import { compile } from '../compiler';
import { Frontend, locateGrammarFiles, memoryHost } from '../language';
import { KernelSession, resolveLine, DEFAULT_SNAPSHOT_INTERVAL } from '../session';
import type { ElfImage } from '../xtensa/elf';
import { noFiles } from './device';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples', 'kernels');

export interface HistoryFigure {
  readonly kernel: string;
  readonly cores: number;
  readonly instructions: number;
  readonly plainSeconds: number;
  readonly recordedSeconds: number;
  readonly snapshots: number;
  readonly msPerSnapshot: number;
  readonly copiedPerSnapshot: number;
  readonly heldBytes: number;
  /** Median of stepBack(core 0) at points spread over the run. */
  readonly stepBackMs: number;
  readonly reverseContinueMs?: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function image(file: string): Promise<ElfImage> {
  const found = locateGrammarFiles((p) => (fs.existsSync(p) ? fs.readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
  if (typeof found === 'string') throw new Error(found);
  const fe = await Frontend.create(found);
  const text = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
  const r = compile(fe, file, memoryHost({ [file]: text }), { optimize: 0 });
  if (!r.image) throw new Error(`bench: ${file} does not build`);
  return r.image;
}

const seconds = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e9;

function measure(img: ElfImage, kernel: string, fn: string, shape: number[], cores: number, interval: number, bpLine?: number): HistoryFigure {
  const opts = { file: kernel, fn, args: [{ shape, dtype: 'float32', init: 'randn', seed: 1 }], cores };
  let t0 = process.hrtime.bigint();
  const plain = KernelSession.open(img, opts, noFiles).run();
  const plainSeconds = seconds(t0);
  const instructions = plain.device.cores.reduce((n, c) => n + c.instructions, 0);
  const s = KernelSession.open(img, { ...opts, history: { interval } }, noFiles);
  t0 = process.hrtime.bigint();
  while (s.runUntil().kind !== 'done');
  const recordedSeconds = seconds(t0);
  const h = s.history!;
  const end = s.position;
  const back: number[] = [];
  for (let k = 1; k <= 7; k++) {
    s.runToPosition(Math.floor((end * k) / 8) + 12_345);
    const t = process.hrtime.bigint();
    s.stepBack(0);
    back.push(seconds(t) * 1e3);
  }
  let reverseContinueMs: number | undefined;
  if (bpLine !== undefined) {
    const m = s.device.cores[0].m;
    for (const a of resolveLine(s.debug, kernel, bpLine)?.addresses ?? []) m.addBreakpoint(a);
    s.runToPosition(Math.floor(end / 2));
    const t = process.hrtime.bigint();
    s.reverseContinue();
    reverseContinueMs = seconds(t) * 1e3;
  }
  return {
    kernel, cores, instructions, plainSeconds, recordedSeconds, snapshots: h.cost.snapshots, msPerSnapshot: h.cost.ms / h.cost.snapshots,
    copiedPerSnapshot: h.cost.copiedBytes / h.cost.snapshots, heldBytes: h.bytes, stepBackMs: median(back), reverseContinueMs,
  };
}

export async function historyBench(options: { rows?: number; interval?: number } = {}): Promise<HistoryFigure[]> {
  const rows = options.rows ?? 128;
  const interval = options.interval ?? DEFAULT_SNAPSHOT_INTERVAL;
  return [
    measure(await image('relu.cpp'), 'relu.cpp', 'relu_forward', [rows, 128], 1, interval, 11),
    measure(await image('relu_multicore.cpp'), 'relu_multicore.cpp', 'relu_multicore_forward', [rows * 8, 128], 8, interval),
  ];
}

export function formatHistoryBench(fs: readonly HistoryFigure[]): string[] {
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(2)} MiB`;
  return fs.map((f) =>
    `${f.kernel.padEnd(20)} ${String(f.cores).padStart(2)} core(s) ${f.instructions.toExponential(2)} insns: run ${f.plainSeconds.toFixed(2)} s, recorded ${f.recordedSeconds.toFixed(2)} s ` +
    `(${f.snapshots} snapshots, ${f.msPerSnapshot.toFixed(2)} ms and ${mb(f.copiedPerSnapshot)} copied each, ${mb(f.heldBytes)} held); ` +
    `step back ${f.stepBackMs.toFixed(1)} ms` + (f.reverseContinueMs !== undefined ? `, reverse continue ${f.reverseContinueMs.toFixed(1)} ms` : ''),
  );
}
