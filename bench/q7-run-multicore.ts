// `q7 run --multicore` as a whole process: the multicore ReLU example (examples/kernels/relu_multicore.cpp,
// each of 8 cores converting its slice through TCM) on a 1024x4096 float32 tensor, at q7 run's
// defaults, with the build cached (the median of three runs: start-up, the 8 cores' run and the report)
// — what the 8 cores' compiled code costs, e.g. when each core compiled its own copy of every region;
// the same kernel built natively with g++ -O2 against the host shim, 8 threads, as the yardstick.
// Exported for bench/run.ts: q7RunMulticoreBench() and formatQ7RunMulticoreBench().

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { nativeKernelSeconds } from './native-kernel';

const ROOT = path.join(__dirname, '..', '..');
const KERNEL = path.join(ROOT, 'examples', 'kernels', 'relu_multicore.cpp');
const FN = 'relu_multicore_forward';
const SPEC = 'shape=1024x4096,init=randn,seed=1';
const CORES = 8;

export interface Q7RunMulticoreFigure {
  readonly cores: number;
  /** Whole process with the build cached: median of three. */
  readonly cachedSeconds: number;
  /** Emulated instructions, all cores. */
  readonly instructions: number;
  readonly nativeSeconds?: number;
  readonly nativeNote?: string;
}

function timeRun(cacheDir: string): { seconds: number; instructions: number } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'q7'), 'run', KERNEL, '--fn', FN, '--multicore', '--arg', SPEC], {
    encoding: 'utf8',
    env: { ...process.env, Q7_CACHE_DIR: cacheDir },
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0 || !new RegExp(`on ${CORES} cores: ok`).test(r.stderr)) throw new Error(`bench: q7 run --multicore failed (${r.status}): ${r.stderr}`);
  const instructions = [...r.stderr.matchAll(/core \d+: (\d+) instructions/g)].reduce((n, m) => n + Number(m[1]), 0);
  return { seconds, instructions };
}

export function q7RunMulticoreBench(): Q7RunMulticoreFigure {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bench-multicore-'));
  try {
    const cache = path.join(dir, 'cache');
    const first = timeRun(cache);
    const times = [0, 1, 2].map(() => timeRun(cache).seconds).sort((a, b) => a - b);
    const native = nativeKernelSeconds(KERNEL, FN, CORES, SPEC, dir);
    return { cores: CORES, cachedSeconds: times[1], instructions: first.instructions, nativeSeconds: native.seconds, nativeNote: native.note };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatQ7RunMulticoreBench(f: Q7RunMulticoreFigure): string[] {
  return [
    `relu_multicore.cpp on ${f.cores} cores, 1024x4096: ${f.cachedSeconds.toFixed(2)} s with the build cached (median of 3); ${f.instructions.toExponential(3)} instructions on all cores`,
    f.nativeSeconds !== undefined
      ? `  native g++ -O2 through the host shim, ${f.cores} threads (whole process): ${f.nativeSeconds.toFixed(3)} s; q7 run / native = ${(f.cachedSeconds / f.nativeSeconds).toFixed(0)}x`
      : `  native: ${f.nativeNote ?? 'not available'}`,
  ];
}
