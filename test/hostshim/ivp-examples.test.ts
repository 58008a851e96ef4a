// The vectorised example kernels built natively through the host shim: the Q15 multiply
// (examples/kernels/mul_q15_ivp.cpp) and the compare-select-reduce (count_max_ivp.cpp) each equal their
// scalar version and NumPy's answer, over lengths with and without a scalar tail and over the edge
// values (−32768 × −32768 saturates, rounding ties, INT32_MIN/INT32_MAX, no element above the threshold).
// NumPy is an oracle: without python3-numpy the test skips locally and fails under CI=true.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildNative, runNative } from '../../hostshim';
import { DTYPES, DType, HostTensor, readNpy, setElement, toNumbers, writeNpy } from '../../tensors';
import { isCI, requireTool } from '../../harness/oracle/tools';
import { rng } from '../emulator/helpers/ivp';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

function tensor(dtype: DType, values: readonly number[]): HostTensor {
  const data = new Uint8Array(values.length * dtype.size);
  values.forEach((v, k) => setElement(dtype, data, k, v));
  return { dtype, shape: [values.length], data };
}

function requireNumpy(ctx: Mocha.Context): void {
  const r = spawnSync('python3', ['-c', 'import numpy'], { encoding: 'utf8' });
  if (r.status === 0) return;
  if (isCI()) throw new Error('oracle tool missing: python3 with numpy (Debian package python3-numpy)');
  ctx.skip();
}

/** Runs a NumPy expression over the .npy inputs a0, a1, … (scalars s0, …) and reads the .npy it writes. */
function numpy(dir: string, inputs: readonly string[], scalars: readonly number[], expr: string): number[] {
  const out = path.join(dir, 'numpy_out.npy');
  const script = ['import numpy as np, sys', ...inputs.map((f, i) => `a${i} = np.load(${JSON.stringify(f)})`), ...scalars.map((s, i) => `s${i} = ${s}`), `np.save(${JSON.stringify(out)}, ${expr})`].join('\n');
  const r = spawnSync('python3', ['-c', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return [...toNumbers(readNpy(new Uint8Array(fs.readFileSync(out)), out))];
}

describe('hostshim: the vectorised example kernels natively, against their scalar versions and NumPy', function () {
  this.timeout(180000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-examples-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(exe: string, args: string[], dtype: DType): number[] {
    const out = path.join(dir, `out_${path.basename(exe)}.npy`);
    const r = runNative(exe, out, args);
    assert.equal(r.status, 0, r.stderr);
    const t = readNpy(new Uint8Array(fs.readFileSync(out)), out);
    assert.equal(t.dtype, dtype);
    return [...toNumbers(t)];
  }

  it('mul_q15_ivp: Q15 multiply through the 48-bit accumulator and a rounding, saturating pack', function () {
    requireTool(this, 'gcc');
    requireNumpy(this);
    const file = path.join(EXAMPLES, 'mul_q15_ivp.cpp');
    const params = [{ kind: 'tensor' as const, name: 't_a' }, { kind: 'tensor' as const, name: 't_b' }];
    const vector = buildNative(file, { name: 'mul_q15_ivp', params, returnsTensor: true, cores: 1 }, { dir: path.join(dir, 'q15v') });
    const scalar = buildNative(file, { name: 'mul_q15_scalar', params, returnsTensor: true, cores: 1 }, { dir: path.join(dir, 'q15s') });
    const next = rng(15);
    for (const n of [32, 1000, 1300, 7]) {
      const a = Array.from({ length: n }, () => ((next() >>> 16) & 0xffff) - 32768);
      const b = Array.from({ length: n }, () => ((next() >>> 16) & 0xffff) - 32768);
      // edges: saturation (−1 × −1 in Q15), rounding ties of both signs, zero, the bounds
      const edges: [number, number][] = [[-32768, -32768], [1, 16384], [-1, 16384], [3, 16384], [-3, 16384], [0, 32767], [32767, 32767], [-32768, 32767]];
      edges.forEach(([x, y], i) => { if (i < n) { a[i] = x; b[i] = y; } });
      const fa = path.join(dir, 'a.npy');
      const fb = path.join(dir, 'b.npy');
      fs.writeFileSync(fa, writeNpy(tensor(DTYPES.int16, a)));
      fs.writeFileSync(fb, writeNpy(tensor(DTYPES.int16, b)));
      const want = numpy(dir, [fa, fb], [], 'np.clip((a0.astype(np.int64) * a1 + (1 << 14)) >> 15, -32768, 32767).astype(np.int16)');
      assert.deepEqual(run(scalar, [fa, fb], DTYPES.int16), want, `scalar, ${n} elements`);
      assert.deepEqual(run(vector, [fa, fb], DTYPES.int16), want, `vector, ${n} elements`);
      if (n >= 8) assert.deepEqual(want.slice(0, 5), [32767, 1, 0, 2, -1], 'saturation and ties rounding half up');
    }
  });

  it('count_max_ivp: compare into a predicate, select, and reduce to [count, max]', function () {
    requireTool(this, 'gcc');
    requireNumpy(this);
    const file = path.join(EXAMPLES, 'count_max_ivp.cpp');
    const params = [{ kind: 'tensor' as const, name: 't_in' }, { kind: 'scalar' as const, name: 'threshold', ctype: 'int64_t' }];
    const vector = buildNative(file, { name: 'count_max_ivp', params, returnsTensor: true, cores: 1 }, { dir: path.join(dir, 'cmv') });
    const scalar = buildNative(file, { name: 'count_max_scalar', params, returnsTensor: true, cores: 1 }, { dir: path.join(dir, 'cms') });
    const next = rng(16);
    const cases: [number, number][] = [[16, 0], [1000, 1 << 29], [517, -5], [9, 100], [300, 2147483647]];
    for (const [n, threshold] of cases) {
      const x = Array.from({ length: n }, () => next() | 0);
      x[0] = 2147483647;
      x[n - 1] = -2147483648;
      if (n > 20) x[n - 3] = threshold; // equal to the threshold: not counted
      const fx = path.join(dir, 'x.npy');
      fs.writeFileSync(fx, writeNpy(tensor(DTYPES.int32, x)));
      const want = numpy(dir, [fx], [threshold], 'np.array([np.count_nonzero(a0 > s0), a0[a0 > s0].max() if np.any(a0 > s0) else -2**31], dtype=np.int32)');
      assert.deepEqual(run(scalar, [fx, String(threshold)], DTYPES.int32), want, `scalar, ${n} elements, threshold ${threshold}`);
      assert.deepEqual(run(vector, [fx, String(threshold)], DTYPES.int32), want, `vector, ${n} elements, threshold ${threshold}`);
    }
  });
});
