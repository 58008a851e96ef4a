// The generators' random source: the 32-bit-halves xorshift128+ must give exactly the numbers of the
// former 64-bit BigInt implementation (kept here as the reference), so a `seed=` spec builds the same
// tensor as before; and a generated randn tensor is pinned by a few of its values.

import { strict as assert } from 'node:assert';
import { generateTensor, parseTensorSpec, randomSource, toNumbers } from '../../tensors';

/** The former implementation, verbatim in its arithmetic: 64-bit state words as BigInt. */
function bigIntSource(seed: number): () => number {
  let s = seed >>> 0;
  const mix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = (BigInt(mix()) << 32n) | BigInt(mix());
  let b = (BigInt(mix()) << 32n) | BigInt(mix()) | 1n;
  const M = (1n << 64n) - 1n;
  return () => {
    let x = a;
    const y = b;
    a = y;
    x ^= (x << 23n) & M;
    b = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return Number(((b + y) & M) >> 11n) / 2 ** 53;
  };
}

describe('tensors: generator random source', () => {
  it('gives the same doubles as the BigInt xorshift128+ for several seeds', () => {
    for (const seed of [0, 1, 2, 7, 42, 12345, 0x7fffffff, 0xffffffff]) {
      const fast = randomSource(seed);
      const ref = bigIntSource(seed);
      for (let k = 0; k < 20000; k++) {
        const [x, y] = [fast(), ref()];
        if (x !== y) assert.fail(`seed ${seed}, number ${k}: ${x} (32-bit halves) vs ${y} (BigInt)`);
        assert.ok(x >= 0 && x < 1);
      }
    }
  });

  it('keeps a randn tensor the same as the BigInt source builds it', () => {
    const t = toNumbers(generateTensor(parseTensorSpec('shape=64x64,init=randn,seed=3')));
    const rnd = bigIntSource(3);
    for (let k = 0; k < t.length; k++) {
      const u = 1 - rnd();
      const expected = Math.fround(Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd()));
      if (t[k] !== expected) assert.fail(`element ${k}: ${t[k]} vs ${expected}`);
    }
  });
});
