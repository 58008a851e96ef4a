// Front-end benchmark: full analysis (preprocess + parse + semantic model) of a generated 2,000-line
// kernel file, and the same after a one-line edit; medians over runs after warm-up.

import * as fs from 'node:fs';
import { Frontend, locateGrammarFiles, memoryHost } from '../language';

export interface LanguageBenchFigures {
  lines: number;
  runs: number;
  /** Median full analysis time, ms (target < 50). */
  fullMs: number;
  /** Median analysis time after a one-line edit, ms (target < 10). */
  editMs: number;
  diagnostics: number;
}

/** A kernel file of about `lines` lines: many small accessor and TCM kernels. */
export function generateKernel(lines: number): string {
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
      `      float x = in[i][j] * f + ${k}.0f;`,
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

export async function languageBench(options: { lines?: number; runs?: number; warmup?: number } = {}): Promise<LanguageBenchFigures> {
  const lines = options.lines ?? 2000;
  const runs = options.runs ?? 9;
  const warmup = options.warmup ?? 3;
  const found = locateGrammarFiles((p) => (fs.existsSync(p) ? fs.readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
  if (typeof found === 'string') throw new Error(found);
  const fe = await Frontend.create(found);
  const file = '/bench/kernel.cpp';
  const text = generateKernel(lines);
  const edited = text.replace('+ 7.0f;', '+ 7.5f;');
  const time = (src: string) => {
    const t0 = performance.now();
    const a = fe.analyze(file, memoryHost({ [file]: src }));
    return { ms: performance.now() - t0, diagnostics: a.diagnostics.length };
  };
  for (let i = 0; i < warmup; i++) time(text);
  const full: number[] = [];
  const edit: number[] = [];
  let diagnostics = 0;
  for (let i = 0; i < runs; i++) {
    const r = time(text);
    diagnostics = r.diagnostics;
    full.push(r.ms);
    edit.push(time(edited).ms);
  }
  return { lines: text.split('\n').length, runs, fullMs: median(full), editMs: median(edit), diagnostics };
}
