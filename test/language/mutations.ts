// Test helper: deterministic random mutations of C++ source (deleted, duplicated and swapped tokens,
// truncations), shared by the robustness and incremental-analysis tests.

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The text split into the pieces mutations work on (whitespace runs are pieces too). */
export function pieces(src: string): string[] {
  return src.match(/\s+|[A-Za-z_]\w*|\d[\w.]*|::|->|<<|>>|[<>=!]=|&&|\|\||\+\+|--|[^\s\w]/g) ?? [];
}

export type MutationKind = 'delete' | 'duplicate' | 'swap' | 'truncate';

export interface Mutant {
  text: string;
  kind: MutationKind;
}

/** One to three mutations of a single kind. */
export function mutate(src: string, rand: () => number): Mutant {
  const tokens = pieces(src);
  const pick = () => Math.floor(rand() * tokens.length);
  const kind = (['delete', 'duplicate', 'swap', 'truncate'] as const)[Math.floor(rand() * 4)];
  const n = 1 + Math.floor(rand() * 3);
  for (let k = 0; k < n && tokens.length; k++) {
    const i = pick();
    if (kind === 'delete') tokens.splice(i, 1);
    else if (kind === 'duplicate') tokens.splice(i, 0, tokens[i]);
    else if (kind === 'swap') {
      const j = pick();
      [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
    } else return { text: tokens.slice(0, i).join(''), kind };
  }
  return { text: tokens.join(''), kind };
}

/** The example kernels (sorted by name), the mutants the robustness test analyses are made from. */
export interface Kernel {
  name: string;
  text: string;
}

/** The `count` mutants of the robustness test, in order: mutant k is made from kernel k mod n. */
export function* kernelMutants(kernels: Kernel[], count: number, seed = ROBUSTNESS_SEED): Generator<{ index: number; kernel: Kernel; mutant: Mutant }> {
  const rand = rng(seed);
  for (let index = 0; index < count; index++) {
    const kernel = kernels[index % kernels.length];
    yield { index, kernel, mutant: mutate(kernel.text, rand) };
  }
}

export const ROBUSTNESS_SEED = 20240601;
