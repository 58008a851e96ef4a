// The one binary16 codec (tensors/binary16.ts: float16 tensor elements and the IVP's half lanes) against
// NumPy's float64 ↔ float16 conversions: every one of the 65,536 encodings decoded, and encoding of edge values
// (ties, values a hair off a tie below binary32's precision — the double-rounding trap — subnormals, the
// overflow bound, ±0, ±Inf, NaN) and random doubles over the whole half range.
// NumPy is an oracle: without python3-numpy the test skips locally and fails under CI=true.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { halfToNumber, numberToHalf } from '../../tensors';
import { isCI } from '../../harness/oracle/tools';

function numpy(ctx: Mocha.Context, script: string, input: string): string {
  const probe = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' });
  if (probe.status !== 0) {
    if (isCI()) throw new Error('oracle tool missing: python3 with numpy (Debian package python3-numpy)');
    ctx.skip();
  }
  const r = spawnSync('python3', ['-c', script], { input, encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** A deterministic xorshift stream of doubles spread over the binary16 range and beyond. */
function randomDoubles(n: number): number[] {
  let s = 0x9e3779b9;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((next() < 0.5 ? -1 : 1) * (1 + next()) * 2 ** Math.floor(next() * 46 - 28));
  return out;
}

describe('tensors: binary16 against NumPy', function () {
  this.timeout(60000);

  it('decodes all 65,536 encodings as NumPy does', function () {
    const script = 'import numpy as np\nh = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16).astype(np.float64)\nprint("\\n".join(float(x).hex() for x in h))';
    const lines = numpy(this, script, '').trim().split('\n');
    assert.equal(lines.length, 65536);
    let checked = 0;
    for (let h = 0; h < 65536; h++) {
      const ours = halfToNumber(h);
      if (lines[h] === 'nan') assert.ok(Number.isNaN(ours), `0x${h.toString(16)}`);
      else {
        const theirs = lines[h] === 'inf' ? Infinity : lines[h] === '-inf' ? -Infinity : parseHexFloat(lines[h]);
        assert.ok(Object.is(ours, theirs), `0x${h.toString(16)}: ours ${ours}, NumPy ${theirs}`);
      }
      checked++;
    }
    assert.equal(checked, 65536);
  });

  it('encodes edge values and random doubles as NumPy does (directly from float64, no double rounding)', function () {
    const edges = [
      0, -0, 1, -1, Infinity, -Infinity, NaN, 65504, 65519.99, 65520, -65520, 2 ** -24, 2 ** -25, 2 ** -25 + 2 ** -60, 3 * 2 ** -26,
      2 ** -14, 2 ** -14 - 2 ** -25, 1 + 2 ** -11, 1 + 3 * 2 ** -11, 1 + 2 ** -11 + 2 ** -40, 1 + 2 ** -11 - 2 ** -40, 2048 + 1, 2048 + 1 + 2 ** -30,
    ];
    const values = [...edges, ...randomDoubles(20000)];
    const input = values.map((v) => (Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : hexOf(v))).join('\n');
    const script = 'import sys, numpy as np\nv = np.array([float.fromhex(l) if l not in ("nan", "inf", "-inf") else float(l) for l in sys.stdin.read().split()], dtype=np.float64)\nprint("\\n".join(str(int(x)) for x in v.astype(np.float16).view(np.uint16)))';
    const theirs = numpy(this, script, input).trim().split('\n').map(Number);
    assert.equal(theirs.length, values.length);
    const wrong = values.map((v, i) => [v, numberToHalf(v), theirs[i]] as const).filter(([, a, b]) => a !== b);
    assert.deepEqual(wrong.slice(0, 5), [], `${wrong.length} of ${values.length} differ (value, ours, NumPy)`);
    assert.equal(numberToHalf(1 + 2 ** -11 + 2 ** -40), 0x3c01); // rounding through binary32 would give 0x3c00
  });
});

/** `v` as Python's float.hex() reads it (exact). */
function hexOf(v: number): string {
  const sign = v < 0 || Object.is(v, -0) ? '-' : '';
  const a = Math.abs(v);
  if (a === 0) return `${sign}0x0p+0`;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  const m = a / 2 ** e; // in [1, 2): 52 fraction bits, exact as an integer after scaling
  const frac = BigInt(Math.round((m - 1) * 2 ** 52)).toString(16).padStart(13, '0');
  return `${sign}0x1.${frac}p${e >= 0 ? '+' : ''}${e}`;
}

/** Python's float.hex() text back to a number (exact). */
function parseHexFloat(s: string): number {
  const m = /^(-?)0x([01])\.([0-9a-f]+)p([+-]\d+)$/.exec(s);
  assert.ok(m, `unexpected hex float ${s}`);
  const mant = Number(m[2]) + Number(BigInt(`0x${m[3]}`)) / 16 ** m[3].length;
  const v = mant * 2 ** Number(m[4]);
  return m[1] ? -v : v;
}
