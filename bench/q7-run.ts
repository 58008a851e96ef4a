// The user's view of speed: `q7 run` as a whole process (start-up, build and run) with its default
// options on the scale kernel of the speed issue (`out[i][j] = 3.0f * in[i][j]` through accessors,
// float32), with an empty build cache (the build included) and with the build cached, the median of
// three runs each at 1024² (one at larger sides); and the same kernel built natively with g++ -O2
// against the host shim as the yardstick. When the environment sets NODE_EXTRA_CA_CERTS (Node then
// loads those certificates at every start, before any of q7's code), the same runs are also timed
// without it, side by side: what a machine without extra CA certificates sees.
// Exported for bench/run.ts: q7RunBench() and formatQ7RunBench().

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { nativeKernelSeconds } from './native-kernel';
import { extraCertsSet, withoutExtraCerts } from './extra-certs';

export const SCALE_KERNEL = `#include <torch/torch.h>
torch::Tensor scale_forward(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  for (int64_t i = 0; i < t_in.size(0); i++)
    for (int64_t j = 0; j < t_in.size(1); j++)
      out[i][j] = 3.0f * in[i][j];
  return t_out;
}
`;

const Q7 = path.join(__dirname, '..', '..', 'bin', 'q7');

export interface Q7RunFigure {
  readonly side: number;
  /** Whole process with an empty build cache (build included). */
  readonly coldSeconds: number;
  /** Whole process with the build in the cache. */
  readonly warmSeconds: number;
  readonly instructions: number;
  /** The same two figures with NODE_EXTRA_CA_CERTS removed from q7's environment (only when it is set here). */
  readonly withoutExtraCerts?: { readonly coldSeconds: number; readonly warmSeconds: number };
  readonly nativeSeconds?: number;
  readonly nativeNote?: string;
}

function timeQ7(args: string[], cacheDir: string, env: NodeJS.ProcessEnv): { seconds: number; instructions: number } {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [Q7, 'run', ...args], { encoding: 'utf8', env: { ...env, Q7_CACHE_DIR: cacheDir } });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0 || !/on 1 core: ok/.test(r.stderr)) throw new Error(`bench: q7 run ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { seconds, instructions: Number(/core 0: (\d+) instructions/.exec(r.stderr)?.[1]) };
}

/** Medians of `runs` whole processes with an empty build cache each, and of `runs` with the build cached. */
function coldAndWarm(args: string[], dir: string, runs: number, env: NodeJS.ProcessEnv): { coldSeconds: number; warmSeconds: number; instructions: number } {
  const cold: number[] = [];
  const warm: number[] = [];
  let instructions = NaN;
  for (let i = 0; i < runs; i++) {
    const cache = fs.mkdtempSync(path.join(dir, 'cache-'));
    const c = timeQ7(args, cache, env);
    cold.push(c.seconds);
    instructions = c.instructions;
    warm.push(timeQ7(args, cache, env).seconds);
  }
  return { coldSeconds: median(cold), warmSeconds: median(warm), instructions };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

export function q7RunBench(sides: readonly number[]): Q7RunFigure[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bench-run-'));
  try {
    const file = path.join(dir, 'scale.cpp');
    fs.writeFileSync(file, SCALE_KERNEL);
    return sides.map((side) => {
      const args = [file, '--fn', 'scale_forward', '--arg', `shape=${side}x${side},init=randn,seed=1`];
      const runs = side <= 1024 ? 3 : 1;
      const asIs = coldAndWarm(args, dir, runs, process.env);
      const noCerts = extraCertsSet() ? coldAndWarm(args, dir, runs, withoutExtraCerts()) : undefined;
      const native = nativeKernelSeconds(file, 'scale_forward', 1, `shape=${side}x${side},init=randn,seed=1`, dir);
      return { side, ...asIs, withoutExtraCerts: noCerts, nativeSeconds: native.seconds, nativeNote: native.note };
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The targets of the speed issue: 1024² in 1.5 s, 4096² in 15 s (q7 run, defaults, build included). */
const TARGET_SECONDS: Record<number, number> = { 1024: 1.5, 4096: 15 };

export function formatQ7RunBench(figures: readonly Q7RunFigure[]): string[] {
  return figures.flatMap((f) => {
    const target = TARGET_SECONDS[f.side];
    const perElement = f.instructions / (f.side * f.side);
    const lines = [
      `${f.side}x${f.side}: build + run ${f.coldSeconds.toFixed(2)} s${target ? ` (target ${target} s: ${(f.coldSeconds / target).toFixed(2)}x)` : ''}, ` +
        `cached build ${f.warmSeconds.toFixed(2)} s; ${f.instructions.toExponential(3)} instructions (${perElement.toFixed(1)} per element)`,
    ];
    const w = f.withoutExtraCerts;
    if (w) {
      lines.push(
        `  without NODE_EXTRA_CA_CERTS (set in this environment; Node loads those certificates at every start): build + run ${w.coldSeconds.toFixed(2)} s` +
          `${target ? ` (target ${target} s: ${(w.coldSeconds / target).toFixed(2)}x)` : ''}, cached build ${w.warmSeconds.toFixed(2)} s`,
      );
    }
    if (f.nativeSeconds !== undefined) lines.push(`  native g++ -O2 through the host shim (whole process): ${f.nativeSeconds.toFixed(3)} s; q7 run / native = ${(f.warmSeconds / f.nativeSeconds).toFixed(0)}x`);
    else lines.push(`  native: ${f.nativeNote ?? 'not available'}`);
    return lines;
  });
}
