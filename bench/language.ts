// Front-end benchmark: analysis (preprocess + parse + semantic model) of a generated 2,000-line kernel
// file, medians over runs after warm-up. Four figures:
//   full      — a file never analysed before (new path, every function body new); the SDK headers are
//               already analysed, as they are in a running language server after its first file.
//   edit      — the same file again after a one-line edit inside one function body.
//   unchanged — the same file again with no change at all.
//   cold      — the very first analysis in a new front-end (SDK headers included), measured once.
// Warm-up is long because V8 moves tree-sitter's WebAssembly to its optimising tier only after a few
// dozen parses; before that, parsing is about twice as slow.
// Run alone with `node out/bench/language.js [--lines N] [--runs N] [--warmup N]`.

import * as fs from 'node:fs';
import { Frontend, locateGrammarFiles, memoryHost } from '../language';

export interface LanguageBenchFigures {
  lines: number;
  runs: number;
  /** Median analysis of a new file, ms (target < 50). */
  fullMs: number;
  /** Median analysis after a one-line edit, ms (target < 10). */
  editMs: number;
  /** Median analysis of an unchanged file, ms. */
  unchangedMs: number;
  /** First analysis in a new front-end (SDK headers included), ms. */
  coldMs: number;
  /** CPU time (all threads, so garbage collection included) of the same medians, ms. */
  fullCpuMs: number;
  editCpuMs: number;
  diagnostics: number;
}

/** A kernel file of about `lines` lines: many small accessor kernels; `variant` changes every body. */
export function generateKernel(lines: number, variant = 0): string {
  const out = ['#include <stdint.h>', '#include <torch/torch.h>', '#include <neuron/neuron-utils.hpp>', ''];
  for (let k = 0; out.length < lines; k++) {
    out.push(
      `torch::Tensor scale_${k}(const torch::Tensor& t_in, double factor) {`,
      '  torch::Tensor t_out = torch::zeros(t_in.sizes(), torch::kFloat);',
      '  auto in = t_in.accessor<float, 2>();',
      '  auto out = t_out.accessor<float, 2>();',
      '  const float f = (float)factor;',
      '  for (int64_t i = 0; i < t_in.size(0); i++) {',
      '    for (int64_t j = 0; j < t_in.size(1); j++) {',
      `      float x = in[i][j] * f + ${k}.${variant}f;`,
      '      out[i][j] = x > 0.0f ? x : 0.0f;',
      '    }',
      '  }',
      '  return t_out;',
      '}',
      '',
    );
  }
  return out.join('\n');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function createFrontend(): Promise<Frontend> {
  const found = locateGrammarFiles((p) => (fs.existsSync(p) ? fs.readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
  if (typeof found === 'string') throw new Error(found);
  return Frontend.create(found);
}

interface Timing {
  ms: number;
  cpuMs: number;
  diagnostics: number;
}

function timed(fe: Frontend, file: string, text: string): Timing {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const a = fe.analyze(file, memoryHost({ [file]: text }));
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, diagnostics: a.diagnostics.length };
}

export async function languageBench(options: { lines?: number; runs?: number; warmup?: number } = {}): Promise<LanguageBenchFigures> {
  const lines = options.lines ?? 2000;
  const runs = options.runs ?? 9;
  const warmup = options.warmup ?? 30;
  const fe = await createFrontend();
  const text = generateKernel(lines);
  const cold = timed(fe, '/bench/cold.cpp', text);
  let variant = 1;
  for (let i = 0; i < warmup; i++) {
    timed(fe, `/bench/warm${i}.cpp`, generateKernel(lines, variant++));
    timed(fe, '/bench/edit.cpp', text.replace('+ 7.0f;', `+ 7.${i % 9}f;`));
  }
  const full: Timing[] = [];
  const edit: Timing[] = [];
  const unchanged: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    full.push(timed(fe, `/bench/new${i}.cpp`, generateKernel(lines, variant++)));
    const before = text.replace('+ 7.0f;', `+ 7.${(i % 9) + 1}f;`);
    timed(fe, '/bench/edit.cpp', before);
    unchanged.push(timed(fe, '/bench/edit.cpp', before));
    edit.push(timed(fe, '/bench/edit.cpp', text));
  }
  return {
    lines: text.split('\n').length,
    runs,
    fullMs: median(full.map((t) => t.ms)),
    editMs: median(edit.map((t) => t.ms)),
    unchangedMs: median(unchanged.map((t) => t.ms)),
    coldMs: cold.ms,
    fullCpuMs: median(full.map((t) => t.cpuMs)),
    editCpuMs: median(edit.map((t) => t.cpuMs)),
    diagnostics: full[0].diagnostics,
  };
}

/** The figures as the lines `npm run bench` prints. */
export function formatLanguageBench(f: LanguageBenchFigures): string[] {
  const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
  return [
    `  kernel of ${f.lines} lines, median of ${f.runs} runs after warm-up (${f.diagnostics} diagnostics)`,
    `  full analysis of a new file  ${ms(f.fullMs)}  (cpu ${f.fullCpuMs.toFixed(1)} ms)   target < 50 ms`,
    `  after a one-line edit        ${ms(f.editMs)}  (cpu ${f.editCpuMs.toFixed(1)} ms)   target < 10 ms`,
    `  unchanged file again         ${ms(f.unchangedMs)}`,
    `  first analysis (SDK too)     ${ms(f.coldMs)}`,
  ];
}

function argValue(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  languageBench({ lines: argValue(args, '--lines'), runs: argValue(args, '--runs'), warmup: argValue(args, '--warmup') })
    .then((f) => {
      console.log('\n== Language front-end: generated kernel (bench/language.ts) ==');
      for (const l of formatLanguageBench(f)) console.log(l);
    })
    .catch((e) => {
      console.error(e);
      process.exitCode = 1;
    });
}
