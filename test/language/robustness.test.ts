// Robustness: random mutations of the example kernels (deleted, duplicated and swapped tokens,
// truncations) never make the analysis throw, and every diagnostic has a valid range.
// Q7_MUTATIONS sets the count (the figure is 10,000; the default keeps `npm test` short).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isValidRange } from '../../language/diagnostics';
import { memoryHost } from '../../language';
import { sharedFrontend } from './grammar';

const KERNELS = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');
const COUNT = Number(process.env.Q7_MUTATIONS ?? 100);

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function mutate(src: string, rand: () => number): string {
  const tokens = src.match(/\s+|[A-Za-z_]\w*|\d[\w.]*|::|->|<<|>>|[<>=!]=|&&|\|\||\+\+|--|[^\s\w]/g) ?? [];
  const pick = () => Math.floor(rand() * tokens.length);
  const kind = Math.floor(rand() * 4);
  const n = 1 + Math.floor(rand() * 3);
  for (let k = 0; k < n && tokens.length; k++) {
    const i = pick();
    if (kind === 0) tokens.splice(i, 1);
    else if (kind === 1) tokens.splice(i, 0, tokens[i]);
    else if (kind === 2) {
      const j = pick();
      [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
    } else return tokens.slice(0, i).join('');
  }
  return tokens.join('');
}

describe('language/robustness', function () {
  this.timeout(0);
  it(`survives ${COUNT} random mutations of the example kernels`, async () => {
    const fe = await sharedFrontend();
    const sources = fs.readdirSync(KERNELS).filter((f) => f.endsWith('.cpp')).map((f) => fs.readFileSync(path.join(KERNELS, f), 'utf8'));
    const rand = rng(20240601);
    let withDiagnostics = 0;
    let changed = 0;
    for (let k = 0; k < COUNT; k++) {
      const src = sources[k % sources.length];
      const text = mutate(src, rand);
      const file = `/m/${k}.cpp`;
      const a = fe.analyze(file, memoryHost({ [file]: text }));
      for (const d of a.diagnostics) assert.ok(isValidRange(d.range), `invalid range in mutant ${k}: ${JSON.stringify(d)}`);
      if (text !== src) changed++;
      if (a.diagnostics.length) withDiagnostics++;
    }
    // most mutants are broken code and say so
    assert.ok(withDiagnostics > changed * 0.6, `${withDiagnostics} of ${changed} changed mutants had diagnostics`);
  });
});
