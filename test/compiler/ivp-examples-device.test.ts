// The vectorised example kernels (examples/kernels/*_ivp.cpp) built by our compiler and run on the
// emulated device at -O0, -O1 and -O2: each gives its scalar version's output bit for bit, and the
// float ReLU gives what a scalar model written here gives (random data plus the edge values ±0,
// ±Inf, NaN, subnormals, and a length that leaves a scalar tail).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KernelArg } from '../../emulator/device';
import { DTYPES } from '../../tensors';
import { compileSource } from './harness';
import { EXAMPLES, launch, outputOf, specArg, tensorArg } from '../emulator/device/helpers';

const LEVELS = [0, 1, 2] as const;

async function run(file: string, fn: string, args: KernelArg[], optimize: 0 | 1 | 2): Promise<Uint8Array> {
  const r = await compileSource(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'), `/examples/${file}`, { optimize });
  assert.deepEqual(r.diagnostics, [], `${file} -O${optimize}`);
  const { result } = launch(r.image!, fn, args);
  assert.deepEqual(result.faults.map((f) => f.message), [], `${file} ${fn} -O${optimize}: no fault`);
  return outputOf(result).data;
}

function reluInput(n: number): Float32Array {
  const x = new Float32Array(n);
  let s = 12345;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    x[i] = ((s >>> 8) / (1 << 24) - 0.5) * 8;
  }
  x.set([0, -0, Infinity, -Infinity, NaN, 1e-42, -1e-42, 3.4e38, -3.4e38], 7);
  // the scalar tail (n mod 16) and the vector body both see edge values
  x.set([-0, NaN, -Infinity, 2], n - 4);
  return x;
}

/**
 * The model of the kernel: per chunk of 1024, the whole vectors go through IVP_MAXN_2XF32 against +0
 * (a NaN lane stays NaN; -0 orders below +0), the tail through the scalar `x > 0 ? x : 0`.
 */
function relu(x: Float32Array): Float32Array {
  const out = new Float32Array(x.length);
  for (let start = 0; start < x.length; start += 1024) {
    const n = Math.min(1024, x.length - start);
    const body = n - (n % 16);
    for (let k = 0; k < n; k++) {
      const v = x[start + k];
      out[start + k] = k < body ? (Number.isNaN(v) ? NaN : v > 0 ? v : 0) : v > 0 ? v : 0;
    }
  }
  return out;
}

describe('compiler: the vectorised example kernels on the device', function () {
  this.timeout(600_000);

  for (const optimize of LEVELS) {
    it(`relu_ivp.cpp at -O${optimize} equals its model (edge values, a scalar tail, two chunks)`, async () => {
      const x = reluInput(1024 + 16 * 7 + 5);
      const arg = tensorArg('t_in', { dtype: DTYPES.float32, shape: [x.length], data: new Uint8Array(x.buffer) });
      const got = await run('relu_ivp.cpp', 'relu_ivp_forward', [arg], optimize);
      const want = relu(x);
      const gotF = new Float32Array(got.buffer.slice(got.byteOffset, got.byteOffset + got.byteLength));
      const bad = [...want].findIndex((v, i) => !Object.is(v, gotF[i]) && !(v === 0 && gotF[i] === 0));
      assert.equal(bad, -1, `element ${bad}: ${gotF[bad]} for input ${x[bad]}, want ${want[bad]}`);
      assert.ok(gotF.some((v) => v > 0) && gotF.some((v) => v === 0));
    });

    it(`mul_q15_ivp.cpp at -O${optimize}: the vector kernel equals the scalar kernel`, async () => {
      const args = () => [specArg('t_a', 'shape=1000,dtype=int16,init=uniform,seed=21'), specArg('t_b', 'shape=1000,dtype=int16,init=arange')];
      const v = await run('mul_q15_ivp.cpp', 'mul_q15_ivp', args(), optimize);
      const s = await run('mul_q15_ivp.cpp', 'mul_q15_scalar', args(), optimize);
      assert.equal(Buffer.from(v).toString('hex'), Buffer.from(s).toString('hex'));
      assert.ok(new Int16Array(v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength)).some((x) => x !== 0), 'not all zero');
    });

    it(`count_max_ivp.cpp at -O${optimize}: the vector kernel equals the scalar kernel`, async () => {
      const threshold = (t: bigint): KernelArg => ({ kind: 'scalar', name: 'threshold', bytes: new Uint8Array(new BigInt64Array([t]).buffer) });
      for (const t of [0n, 1n, -2n]) {
        const args = () => [specArg('t_in', 'shape=1111,dtype=int32,init=randn,seed=4'), threshold(t)];
        const v = await run('count_max_ivp.cpp', 'count_max_ivp', args(), optimize);
        const s = await run('count_max_ivp.cpp', 'count_max_scalar', args(), optimize);
        assert.equal(Buffer.from(v).toString('hex'), Buffer.from(s).toString('hex'), `threshold ${t}`);
      }
    });
  }
});
