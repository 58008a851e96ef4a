// Argument generators: `shape=4x1024,dtype=float32,init=randn|zeros|ones|arange|uniform,seed=1` builds
// a host tensor (deterministic for a seed: xorshift128+ and Box–Muller), so a kernel can be run without
// preparing .npy files.

import { DTYPE_NAMES, DTYPES, DType, DTypeName, dtypeByName, elementWriter } from './dtype';
import { HostTensor, numelOf } from './tensor';

export const INITS = ['randn', 'zeros', 'ones', 'arange', 'uniform'] as const;
export type Init = (typeof INITS)[number];

export interface TensorSpec {
  shape: number[];
  dtype: DTypeName;
  init: Init;
  seed: number;
}

export class SpecError extends Error {}

/** True when `text` looks like a generator spec (rather than a file name or a number). */
export function isTensorSpec(text: string): boolean {
  return /^shape=/.test(text) || /(^|,)(shape|dtype|init|seed)=/.test(text);
}

export function parseTensorSpec(text: string): TensorSpec {
  const spec: TensorSpec = { shape: [], dtype: 'float32', init: 'randn', seed: 1 };
  let haveShape = false;
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) throw new SpecError(`'${part}' in '${text}' is not key=value`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 'shape') {
      const dims = value === '' || value === '()' ? [] : value.split('x');
      if (dims.some((d) => !/^\d+$/.test(d))) throw new SpecError(`shape '${value}' is not of the form 4x1024`);
      spec.shape = dims.map(Number);
      haveShape = true;
    } else if (key === 'dtype') {
      if (!dtypeByName(value)) throw new SpecError(`unknown dtype '${value}' (known: ${DTYPE_NAMES.join(', ')})`);
      spec.dtype = value as DTypeName;
    } else if (key === 'init') {
      if (!(INITS as readonly string[]).includes(value)) throw new SpecError(`unknown init '${value}' (known: ${INITS.join(', ')})`);
      spec.init = value as Init;
    } else if (key === 'seed') {
      if (!/^\d+$/.test(value)) throw new SpecError(`seed '${value}' is not a non-negative integer`);
      spec.seed = Number(value);
    } else throw new SpecError(`unknown key '${key}' in '${text}' (known: shape, dtype, init, seed)`);
  }
  if (!haveShape) throw new SpecError(`'${text}' has no shape= (e.g. shape=4x1024)`);
  return spec;
}

/**
 * A deterministic generator of doubles in [0, 1) (xorshift128+ seeded by splitmix32). The 64-bit state
 * words are kept as 32-bit halves (hi, lo): the same sequence as 64-bit integer arithmetic, without
 * BigInt (which costs several times more per number).
 */
export function randomSource(seed: number): () => number {
  let s = seed >>> 0;
  const mix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  // the state lives in a typed array: as closure variables, words above 2^30 would be boxed on every step
  const st = new Uint32Array(4);
  st[0] = mix();
  st[1] = mix();
  st[2] = mix();
  st[3] = (mix() | 1) >>> 0;
  return () => {
    let xHi = st[0];
    let xLo = st[1];
    const yHi = st[2];
    const yLo = st[3];
    st[0] = yHi;
    st[1] = yLo;
    // x ^= x << 23
    xHi = (xHi ^ ((xHi << 23) | (xLo >>> 9))) >>> 0;
    xLo = (xLo ^ (xLo << 23)) >>> 0;
    // b = x ^ y ^ (x >> 17) ^ (y >> 26)
    const bHi = (xHi ^ yHi ^ (xHi >>> 17) ^ (yHi >>> 26)) >>> 0;
    const bLo = (xLo ^ yLo ^ ((xLo >>> 17) | (xHi << 15)) ^ ((yLo >>> 26) | (yHi << 6))) >>> 0;
    st[2] = bHi;
    st[3] = bLo;
    // ((b + y) mod 2^64) >> 11, as a 53-bit integer over 2^53
    const lo = bLo + yLo;
    const hi = (bHi + yHi + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    return (hi * 2 ** 21 + ((lo >>> 0) >>> 11)) / 2 ** 53;
  };
}

export function generateTensor(spec: TensorSpec): HostTensor {
  const dtype = DTYPES[spec.dtype];
  const n = numelOf(spec.shape);
  const data = new Uint8Array(n * dtype.size);
  const store = elementWriter(dtype, data);
  const value = valueSource(spec, dtype);
  for (let k = 0; k < n; k++) store(k, value(k));
  return { dtype, shape: spec.shape, data };
}

/** Element k's value for the spec's init (randn and uniform draw from the seeded source, in order). */
function valueSource(spec: TensorSpec, dtype: DType): (k: number) => number {
  const rnd = randomSource(spec.seed);
  const randn = (): number => {
    const u = 1 - rnd();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
  };
  switch (spec.init) {
    case 'zeros': return () => 0;
    case 'ones': return () => 1;
    case 'arange': return (k) => k;
    case 'uniform': {
      const bias = dtype.name === 'uint8' ? 0 : 128;
      return dtype.float ? () => rnd() * 2 - 1 : () => Math.floor(rnd() * 256) - bias;
    }
    case 'randn': return dtype.float ? randn : () => Math.round(randn() * 10);
  }
}
