// The vectorised example kernels on the emulated Q7 device: relu_ivp.cpp, mul_q15_ivp.cpp and
// count_max_ivp.cpp built by our compiler (at -O0 and -O2) and run on the device equal their scalar
// versions run on the device and their native builds through the host shim, over lengths with and
// without a scalar tail and the edge values (Q15 saturation and rounding ties, INT32_MIN/MAX).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildNative, runNative } from '../../../hostshim';
import { DTYPES, DType, HostTensor, readNpy, setElement, toNumbers, writeNpy } from '../../../tensors';
import { compileSource } from '../../compiler/harness';
import { requireTool } from '../../../harness/oracle/tools';
import { rng } from '../helpers/ivp';
import { EXAMPLES, launch, outputOf, tensorArg } from './helpers';
import type { KernelArg } from '../../../emulator/device';

function tensor(dtype: DType, values: readonly number[]): HostTensor {
  const data = new Uint8Array(values.length * dtype.size);
  values.forEach((v, k) => setElement(dtype, data, k, v));
  return { dtype, shape: [values.length], data };
}
const i64Scalar = (name: string, v: number): KernelArg => ({ kind: 'scalar', name, bytes: new Uint8Array(new BigInt64Array([BigInt(v)]).buffer) });

describe('device: the vectorised example kernels, compiled and emulated', function () {
  this.timeout(600000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-device-ivp-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const next = rng(77);

  async function image(file: string, optimize: 0 | 2) {
    const r = await compileSource(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'), `/examples/${file}`, { optimize });
    assert.deepEqual(r.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`), [], file);
    return r.image!;
  }

  function native(file: string, fn: string, params: Parameters<typeof buildNative>[1]['params'], inputs: HostTensor[], scalars: string[]): number[] {
    const exe = buildNative(path.join(EXAMPLES, file), { name: fn, params, returnsTensor: true, cores: 1 }, { dir: path.join(dir, fn) });
    const files = inputs.map((t, i) => {
      const f = path.join(dir, `${fn}_in${i}.npy`);
      fs.writeFileSync(f, writeNpy(t));
      return f;
    });
    const out = path.join(dir, `${fn}_out.npy`);
    const r = runNative(exe, out, [...files, ...scalars]);
    assert.equal(r.status, 0, r.stderr);
    return [...toNumbers(readNpy(new Uint8Array(fs.readFileSync(out)), out))];
  }

  for (const optimize of [0, 2] as const) {
    it(`relu_ivp at -O${optimize} equals the scalar ReLU and the native build`, async function () {
      requireTool(this, 'gcc');
      const img = await image('relu_ivp.cpp', optimize);
      for (const n of [1024, 1300, 13]) {
        const x = tensor(DTYPES.float32, Array.from({ length: n }, (_, i) => (i % 7 === 0 ? -0 : Math.fround(Math.sin(i + next() % 100) * 50))));
        const got = [...toNumbers(outputOf(launch(img, 'relu_ivp_forward', [tensorArg('t_in', x)]).result))];
        assert.deepEqual(got, [...toNumbers(x)].map((v) => (v > 0 ? v : 0)), `${n} elements`);
        assert.deepEqual(got, native('relu_ivp.cpp', 'relu_ivp_forward', [{ kind: 'tensor', name: 't_in' }], [x], []));
      }
    });

    it(`mul_q15_ivp at -O${optimize} equals mul_q15_scalar on the device and the native build`, async function () {
      requireTool(this, 'gcc');
      const img = await image('mul_q15_ivp.cpp', optimize);
      for (const n of [32, 1300, 7]) {
        const a = Array.from({ length: n }, () => ((next() >>> 16) & 0xffff) - 32768);
        const b = Array.from({ length: n }, () => ((next() >>> 16) & 0xffff) - 32768);
        [[-32768, -32768], [1, 16384], [-1, 16384], [3, 16384], [-3, 16384]].forEach(([x, y], i) => { if (i < n) { a[i] = x; b[i] = y; } });
        const [ta, tb] = [tensor(DTYPES.int16, a), tensor(DTYPES.int16, b)];
        const args = [tensorArg('t_a', ta), tensorArg('t_b', tb)];
        const vector = [...toNumbers(outputOf(launch(img, 'mul_q15_ivp', args).result))];
        const scalar = [...toNumbers(outputOf(launch(img, 'mul_q15_scalar', args).result))];
        assert.deepEqual(vector, scalar, `${n} elements`);
        assert.deepEqual(vector, native('mul_q15_ivp.cpp', 'mul_q15_ivp', [{ kind: 'tensor', name: 't_a' }, { kind: 'tensor', name: 't_b' }], [ta, tb], []));
      }
    });

    it(`count_max_ivp at -O${optimize} equals count_max_scalar on the device and the native build`, async function () {
      requireTool(this, 'gcc');
      const img = await image('count_max_ivp.cpp', optimize);
      for (const [n, threshold] of [[16, 0], [1000, 1 << 29], [9, 100], [300, 2147483647]]) {
        const x = Array.from({ length: n }, () => next() | 0);
        x[0] = 2147483647;
        x[n - 1] = -2147483648;
        const t = tensor(DTYPES.int32, x);
        const args = [tensorArg('t_in', t), i64Scalar('threshold', threshold)];
        const vector = [...toNumbers(outputOf(launch(img, 'count_max_ivp', args, {}, { dst: false }).result))];
        const scalar = [...toNumbers(outputOf(launch(img, 'count_max_scalar', args, {}, { dst: false }).result))];
        assert.deepEqual(vector, scalar, `${n} elements, threshold ${threshold}`);
        assert.deepEqual(vector, native('count_max_ivp.cpp', 'count_max_ivp', [{ kind: 'tensor', name: 't_in' }, { kind: 'scalar', name: 'threshold', ctype: 'int64_t' }], [t], [String(threshold)]));
      }
    });
  }
});
