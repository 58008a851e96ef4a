// The conditional operator with accessor element proxies (TensorElementReference, read-only and
// writable) as operands, as real kernels write it — AWS's relu.cpp line
// `t_out_acc[i][j] = t_in_acc[i][j] > 0.0 ? t_in_acc[i][j] : 0.0;` among them — builds and runs on the
// emulated device with the results C++ gives (each checked against values computed here, and against
// the kernel's native build with the host shim when g++ is present).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildNative, runNative } from '../../../hostshim';
import { HostTensor, generateTensor, parseTensorSpec, readNpy, writeNpy } from '../../../tensors';
import { findTool } from '../../../harness/oracle/tools';
import { f32, kernelImage, launch, outputOf, tensorArg } from './helpers';

const SRC = `#include <stdint.h>
#include <torch/torch.h>

torch::Tensor relu_forward(const torch::Tensor& t_in) {
  size_t num_elem = t_in.numel();
  torch::Tensor t_out = torch::zeros({t_in.size(0), t_in.size(1)}, torch::kFloat);
  auto t_in_acc = t_in.accessor<float, 2>();
  auto t_out_acc = t_out.accessor<float, 2>();
  for (int i = 0; i < t_in.size(0); i++) {
    for (int j = 0; j < t_in.size(1); j++) {
      t_out_acc[i][j] = t_in_acc[i][j] > 0.0 ? t_in_acc[i][j] : 0.0;
    }
  }
  return t_out;
}

// an int on the other side: the proxy converts to int (float -> int truncates)
torch::Tensor to_int_arm(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::zeros({t_in.size(0), t_in.size(1)}, torch::kFloat);
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  for (int i = 0; i < t_in.size(0); i++)
    for (int j = 0; j < t_in.size(1); j++) out[i][j] = in[i][j] > 0 ? 7 : in[i][j];
  return t_out;
}

// writable proxies on either side, both sides class (read-only and writable), nested conditionals
torch::Tensor mixed(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::zeros({t_in.size(0), t_in.size(1)}, torch::kFloat);
  torch::Tensor t_tmp = torch::zeros({t_in.size(0), t_in.size(1)}, torch::kFloat);
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  auto tmp = t_tmp.accessor<float, 2>();
  for (int i = 0; i < t_in.size(0); i++) {
    for (int j = 0; j < t_in.size(1); j++) {
      tmp[i][j] = 0.25 < in[i][j] ? 0.25 : in[i][j];
      tmp[i][j] = tmp[i][j] > -0.5 ? tmp[i][j] : -0.5;
      float both = (i + j) % 2 ? in[i][j] : tmp[i][j];
      double nested = in[i][j] > 0.0f ? (in[i][j] > 1.0 ? 1.0 : in[i][j]) : -in[i][j];
      out[i][j] = both + nested;
    }
  }
  return t_out;
}
`;

const fr = Math.fround;
const EXPECT: Record<string, (x: number, i: number, j: number) => number> = {
  relu_forward: (x) => (x > 0 ? x : 0),
  to_int_arm: (x) => (x > 0 ? 7 : Math.trunc(x) | 0),
  mixed: (x, i, j) => {
    const tmp0 = 0.25 < x ? fr(0.25) : x;
    const tmp = tmp0 > -0.5 ? tmp0 : -0.5;
    const both = (i + j) % 2 ? x : tmp;
    const nested = x > 0 ? (x > 1 ? 1 : x) : -x;
    return fr(both + nested);
  },
};

describe('device: ?: with accessor element proxies (AWS relu.cpp)', function () {
  this.timeout(300_000);
  const x = generateTensor(parseTensorSpec('shape=6x11,init=randn,seed=12'));
  const [rows, cols] = x.shape;
  const xs = f32(x);

  for (const [fn, expect] of Object.entries(EXPECT)) {
    it(`${fn} runs with C++'s results`, async () => {
      const image = await kernelImage(SRC, '/kernels/relu_aws.cpp');
      const r = launch(image, fn, [tensorArg('t_in', x)]);
      assert.deepEqual(r.lines, []);
      const got = f32(outputOf(r.result));
      const want = xs.map((v, k) => fr(expect(v, Math.floor(k / cols), k % cols)));
      assert.equal(got.length, rows * cols);
      assert.deepEqual(got, want);
      assert.ok(got.some((v) => v !== 0) && got.some((v, k) => v !== xs[k]));
      if (findTool('gcc')) assert.deepEqual(got, nativeRun(fn, x));
    });
  }
});

/** The kernel built natively against the host shim (g++), run on the same input. */
function nativeRun(fn: string, x: HostTensor): number[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-cond-'));
  try {
    const file = path.join(dir, 'relu_aws.cpp');
    fs.writeFileSync(file, SRC);
    const exe = buildNative(file, { name: fn, params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, { dir });
    const input = path.join(dir, 'in.npy');
    const out = path.join(dir, 'out.npy');
    fs.writeFileSync(input, writeNpy(x));
    const r = runNative(exe, out, [input]);
    assert.equal(r.status, 0, r.stderr);
    return f32(readNpy(new Uint8Array(fs.readFileSync(out)), out));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
