// The runtime's IEEE helpers against JavaScript's own IEEE arithmetic (round to nearest even):
// double +, -, *, /, compare, double ↔ float, double ↔ int32/int64, float / — on special values,
// subnormals, overflow, exact ties and deterministic random bit patterns.

import { strict as assert } from 'node:assert';
import { compileAndRun } from './harness';

/** xorshift32: deterministic pseudo-random words. */
function generator(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

const view = new DataView(new ArrayBuffer(8));
const bitsOf = (d: number): bigint => {
  view.setFloat64(0, d, true);
  return view.getBigUint64(0, true);
};
const fromBits = (b: bigint): number => {
  view.setBigUint64(0, b, true);
  return view.getFloat64(0, true);
};
const f32Bits = (d: number): number => {
  view.setFloat32(0, d, true);
  return view.getUint32(0, true);
};

/** NaN results are compared as "some NaN" (the helpers return the positive quiet NaN). */
function hex64(d: number): string {
  return Number.isNaN(d) ? 'nan' : bitsOf(d).toString(16).padStart(16, '0');
}

function hex32(f: number): string {
  return Number.isNaN(f) ? 'nan' : f32Bits(f).toString(16).padStart(8, '0');
}

const SPECIAL = [0, -0, 1, -1, 0.5, 1.5, 2, 3, 0.1, 1 / 3, 1e308, -1e308, 5e-324, 2.2250738585072014e-308, 2.225073858507201e-308, Infinity, -Infinity, NaN, 2 ** 52 + 1, 2 ** 53 - 1, 1 + 2 ** -52, 2 ** 53, 123456789.123, -7.25e-310];

function operands(): number[] {
  const next = generator(0x9e3779b9);
  const out = [...SPECIAL];
  while (out.length < 64) {
    const hi = next();
    const lo = next();
    // keep exponents mostly moderate so products and quotients are not all infinities or zeros
    const exp = (hi >>> 20) & 0x7ff;
    const tamed = exp > 1023 + 200 || exp < 1023 - 200 ? (hi & 0x800fffff) | ((1023 + ((exp % 400) - 200)) << 20) : hi;
    out.push(fromBits((BigInt(tamed >>> 0) << 32n) | BigInt(lo)));
  }
  return out;
}

describe('compiler runtime soft-float against JavaScript IEEE arithmetic', function () {
  this.timeout(180_000);

  it('double arithmetic, comparisons and conversions are correctly rounded', async () => {
    const xs = operands();
    const pairs: [number, number][] = [];
    for (let i = 0; i < xs.length; i++) pairs.push([xs[i], xs[(i * 7 + 3) % xs.length]]);
    const table = pairs.map(([a, b]) => `{0x${bitsOf(a).toString(16)}ULL, 0x${bitsOf(b).toString(16)}ULL}`).join(',\n  ');
    const src = `#include <stdio.h>
#include <string.h>
#include <stdint.h>
const uint64_t pairs[${pairs.length}][2] = {
  ${table}
};
double d(uint64_t bits) { double v; memcpy(&v, &bits, 8); return v; }
void show(double v) {
  if (v != v) { printf("nan "); return; }
  uint64_t b;
  memcpy(&b, &v, 8);
  printf("%016llx ", b);
}
void showf(float v) {
  if (v != v) { printf("nan "); return; }
  uint32_t b;
  memcpy(&b, &v, 4);
  printf("%08x ", b);
}
int main() {
  for (int i = 0; i < ${pairs.length}; i++) {
    double a = d(pairs[i][0]);
    double b = d(pairs[i][1]);
    show(a + b); show(a - b); show(a * b); show(a / b);
    printf("%d%d%d%d ", a < b, a == b, a >= b, a != b);
    showf((float)a);
    show((double)(float)b);
    printf("%d\\n", (a == a && a > -2e9 && a < 2e9) ? (int)a : 0);
  }
  return 0;
}
`;
    const run = await compileAndRun(src);
    const lines = run.stdout.trim().split('\n');
    assert.equal(lines.length, pairs.length);
    pairs.forEach(([a, b], i) => {
      const want = [
        hex64(a + b), hex64(a - b), hex64(a * b), hex64(a / b),
        `${+(a < b)}${+(a === b)}${+(a >= b)}${+(a !== b)}`,
        hex32(Math.fround(a)),
        hex64(Math.fround(b)),
        String(a === a && a > -2e9 && a < 2e9 ? Math.trunc(a) : 0),
      ].join(' ');
      assert.equal(lines[i], want, `pair ${i}: ${a} ${b}`);
    });
  });

  it('float division (through double) and int64 conversions are exact', async () => {
    const next = generator(12345);
    const fs: number[] = [1, -1, 3, 7, 0.1, 1e-38, 1e38, 3.4028234663852886e38, 1.401298464324817e-45, 0, -0].map(Math.fround);
    while (fs.length < 40) fs.push(Math.fround((next() / 2 ** 16 - 32768) * 2 ** ((next() % 40) - 20)));
    const ints = [0n, 1n, -1n, 9007199254740993n, -9007199254740993n, 4611686018427387903n, -9223372036854775807n, 18014398509481985n];
    const src = `#include <stdio.h>
#include <string.h>
#include <stdint.h>
const uint32_t fb[${fs.length}] = {${fs.map((f) => `0x${f32Bits(f).toString(16)}u`).join(', ')}};
const int64_t ints[${ints.length}] = {${ints.map((v) => `${v}LL`).join(', ')}};
float f(uint32_t bits) { float v; memcpy(&v, &bits, 4); return v; }
int main() {
  for (int i = 0; i < ${fs.length}; i++) {
    float q = f(fb[i]) / f(fb[(i + 5) % ${fs.length}]);
    uint32_t b;
    memcpy(&b, &q, 4);
    if (q != q) printf("nan\\n"); else printf("%08x\\n", b);
  }
  for (int i = 0; i < ${ints.length}; i++) {
    double d = (double)ints[i];
    float g = (float)ints[i];
    uint64_t db;
    uint32_t gb;
    memcpy(&db, &d, 8);
    memcpy(&gb, &g, 4);
    printf("%016llx %08x %lld\\n", db, gb, (int64_t)(d * 0.5));
  }
  return 0;
}
`;
    const run = await compileAndRun(src);
    const lines = run.stdout.trim().split('\n');
    fs.forEach((x, i) => {
      const q = Math.fround(x / fs[(i + 5) % fs.length]);
      assert.equal(lines[i], hex32(q), `${x} / ${fs[(i + 5) % fs.length]}`);
    });
    ints.forEach((v, i) => {
      const d = Number(v);
      const half = Math.trunc(d * 0.5);
      assert.equal(lines[fs.length + i], `${hex64(d)} ${hex32(Math.fround(Number(v)))} ${BigInt(half)}`, `int ${v}`);
    });
  });
});
