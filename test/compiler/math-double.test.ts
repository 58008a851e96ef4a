// The runtime's double-precision math (target/q7/guest/runtime/math-double.cpp: the functions behind the SDK's
// elementwise ops) against the host's glibc: floor/ceil bit-exact, exp/log/log2/log10/sin/cos/tan
// within 2 ulp (sin/cos/tan in the exactly reduced range), pow within 1e-13 relative, and the C99
// special values (NaN, ±inf, ±0, negative arguments) exactly.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileAndRun, runNative } from './harness';
import { requireTool } from '../../harness/oracle/tools';

const UNARY = ['floor', 'ceil', 'exp', 'log', 'log2', 'log10', 'sin', 'cos', 'tan'] as const;

/** Deterministic arguments: special values, integers and halves, then pseudo-random spreads. */
function argumentsFor(): number[] {
  const xs = [0, -0, 0.5, -0.5, 1, -1, 1.5, -2.5, 3, 1e-300, 5e-324, -7.25, 100, 700, -740, 710, -746, Infinity, -Infinity, NaN, 1e6, 123456.789, Math.PI / 4, Math.PI / 2, Math.PI, 4503599627370497];
  let s = 12345;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 12; i++) xs.push((rnd() - 0.5) * 20);
  for (let i = 0; i < 6; i++) xs.push(rnd() * 1e-3);
  return xs;
}

const POW: [number, number][] = [
  [2, 3], [2, -3], [-2, 3], [-2, 0.5], [0, -1], [-0, 3], [-0, -3], [-0, 2], [10, 0.5], [1.5, 100.25], [3, 1e10], [0.5, -1e10],
  [-8, 1 / 3], [2, 0], [NaN, 0], [1, NaN], [1, 1e300], [7, 64], [7, 65], [-1, Infinity], [0.5, Infinity], [2, -Infinity], [Infinity, -2], [-Infinity, 3], [-Infinity, 2], [2.5, -7.5],
];

/** A C expression for a double (NaN and the infinities through a volatile zero, so nothing folds them). */
const literal = (v: number) => (Number.isNaN(v) ? '(zero / zero)' : v === Infinity ? '(1.0 / zero)' : v === -Infinity ? '(-1.0 / zero)' : Object.is(v, -0) ? '(-0.0)' : v.toExponential(17));

function program(xs: number[]): string {
  return `#include <math.h>
#include <stdio.h>
#include <string.h>
static unsigned long long bits(double d) { unsigned long long b; memcpy(&b, &d, 8); return b; }
static volatile double zero = 0.0;
int main() {
  double xs[] = {${xs.map(literal).join(', ')}};
  for (unsigned i = 0; i < sizeof(xs) / sizeof(xs[0]); i++) {
    double x = xs[i];
    printf("%016llx${UNARY.map(() => ' %016llx').join('')}\\n", bits(x)${UNARY.map((f) => `, bits(${f}(x))`).join('')});
  }
  double ps[][2] = {${POW.map(([a, b]) => `{${literal(a)}, ${literal(b)}}`).join(', ')}};
  for (unsigned i = 0; i < sizeof(ps) / sizeof(ps[0]); i++) printf("%016llx\\n", bits(pow(ps[i][0], ps[i][1])));
  return 0;
}
`;
}

const view = new DataView(new ArrayBuffer(8));
const fromHex = (h: string): number => {
  view.setBigUint64(0, BigInt(`0x${h}`));
  return view.getFloat64(0);
};
/** Distance in units in the last place between two finite doubles of the same sign. */
const ulps = (a: number, b: number): number => {
  view.setFloat64(0, a);
  const ia = view.getBigInt64(0);
  view.setFloat64(0, b);
  const ib = view.getBigInt64(0);
  return Number(ia > ib ? ia - ib : ib - ia);
};

describe('runtime double math (floor, ceil, exp, log, log2, log10, pow, sin, cos, tan) against glibc', function () {
  this.timeout(300000);

  it('agrees value by value within the documented accuracy', async function () {
    requireTool(this, 'gcc');
    const xs = argumentsFor();
    const src = program(xs);
    const dev = await compileAndRun(src);
    assert.equal(dev.exitCode, 0, dev.stderr);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-math-')), 'math.cpp');
    fs.writeFileSync(file, src);
    const host = runNative(file);
    const d = dev.stdout.trim().split('\n');
    const h = host.stdout.trim().split('\n');
    assert.equal(d.length, h.length);
    const problems: string[] = [];
    for (let i = 0; i < xs.length; i++) {
      const dv = d[i].split(' ').map(fromHex);
      const hv = h[i].split(' ').map(fromHex);
      const x = dv[0];
      UNARY.forEach((f, k) => {
        const [a, b] = [dv[k + 1], hv[k + 1]];
        const trig = f === 'sin' || f === 'cos' || f === 'tan';
        if (trig && Math.abs(x) > 1.6e6) {
          if (!(Number.isNaN(b) ? Number.isNaN(a) : f === 'tan' || Math.abs(a) <= 1)) problems.push(`${f}(${x}) = ${a}: out of range`);
          return;
        }
        if (Number.isNaN(b) || Number.isNaN(a)) {
          if (Number.isNaN(a) !== Number.isNaN(b)) problems.push(`${f}(${x}) = ${a}, glibc ${b}`);
          return;
        }
        const limit = f === 'floor' || f === 'ceil' || !Number.isFinite(b) || b === 0 ? 0 : 2;
        if (Math.sign(a) !== Math.sign(b) || Object.is(a, -0) !== Object.is(b, -0) || ulps(a, b) > limit) problems.push(`${f}(${x}) = ${a}, glibc ${b} (${ulps(a, b)} ulp)`);
      });
    }
    POW.forEach(([x, y], k) => {
      const a = fromHex(d[xs.length + k]);
      const b = fromHex(h[xs.length + k]);
      const ok = Number.isNaN(b) ? Number.isNaN(a) : Object.is(a, b) || (Number.isFinite(b) && b !== 0 && Math.abs(a - b) <= 1e-13 * Math.abs(b));
      if (!ok) problems.push(`pow(${x}, ${y}) = ${a}, glibc ${b}`);
    });
    assert.deepEqual(problems, []);
  });
});
