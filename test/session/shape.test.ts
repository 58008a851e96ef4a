// The output tensor is what the op registers: `q7 run --shape-src shape.cpp` runs the shape function
// NEURON_LIBRARY registers for the kernel on the device, and its returned tensor sizes get_dst_tensor()
// and the result. A multicore row-sum (N×M → N) is right in shape and values with it, and gets the old
// rule's false unwritten-output fault without it; the registrations are read as the AWS samples write them.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../cli/main';
import { nodeIO, type CliIO } from '../../cli/io';
import { generateTensor, parseTensorSpec, readNpy, toNumbers, writeNpy } from '../../tensors';
import { neuronRegistrations } from '../../language';
import { memoryHost } from '../../language';
import { sharedFrontend } from '../language/grammar';
import { KernelSession, SessionError } from '../../session';
import { compileSource } from '../compiler/harness';

async function q7(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { ...nodeIO, stdout: (t) => void (out += t), stderr: (t) => void (err += t) };
  const code = await main(['run', ...args], io);
  return { code, out, err };
}

const ROW_SUM = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>

torch::Tensor row_sum(const torch::Tensor& x) {
  torch::Tensor out = get_dst_tensor();
  int64_t rows = x.size(0);
  int64_t cols = x.size(1);
  uint32_t id = get_cpu_id();
  uint32_t count = get_cpu_count();
  int64_t per = (rows + count - 1) / count;
  int64_t first = per * id;
  int64_t last = first + per < rows ? first + per : rows;
  float* row = (float*)torch::neuron::tcm_malloc(sizeof(float) * cols);
  float* sums = (float*)torch::neuron::tcm_malloc(sizeof(float) * per);
  auto in = x.tcm_accessor();
  auto o = out.tcm_accessor();
  for (int64_t r = first; r < last; r++) {
    in.tensor_to_tcm<float>(row, r * cols, cols);
    float s = 0;
    for (int64_t c = 0; c < cols; c++) s += row[c];
    sums[r - first] = s;
  }
  if (last > first) o.tcm_to_tensor<float>(sums, first, last - first);
  torch::neuron::tcm_free(sums);
  torch::neuron::tcm_free(row);
  return out;
}
`;

const SHAPE = `#include <stdint.h>
#include <torch/torch.h>
#include "torchneuron/register.h"

torch::Tensor row_sum_shape(const torch::Tensor& x) {
  torch::Tensor out = torch::zeros({x.size(0)}, torch::kFloat);
  return out;
}

NEURON_LIBRARY(my_ops, m) {
  m.def("row_sum", &row_sum_shape, "row_sum");
}
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shape-'));
const write = (name: string, text: string | Uint8Array) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

describe('the output is what the op registers (--shape-src)', function () {
  this.timeout(180_000);
  const kernel = write('row_sum.cpp', ROW_SUM);
  const shape = write('shape.cpp', SHAPE);
  const input = generateTensor(parseTensorSpec('shape=21x13,init=randn,seed=5'));
  const inFile = write('x.npy', writeNpy(input));

  it('an 8-core row sum N×M → N: the registered shape, no false fault, the host\'s sums', async () => {
    const outFile = path.join(dir, 'out.npy');
    const r = await q7(kernel, '--multicore', '--arg', inFile, '--shape-src', shape, '--out', outFile);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /row_sum on 8 cores: ok/);
    assert.doesNotMatch(r.err, /unwritten-output/);
    const out = readNpy(new Uint8Array(fs.readFileSync(outFile)), outFile);
    assert.deepEqual(out.shape, [21]);
    assert.equal(out.dtype.name, 'float32');
    const x = toNumbers(input);
    const got = [...toNumbers(out)];
    for (let i = 0; i < 21; i++) {
      let s = 0;
      for (let j = 0; j < 13; j++) s = Math.fround(s + x[i * 13 + j]);
      assert.equal(got[i], s, `row ${i}`);
    }
  });

  it('without --shape-src the destination is shaped like the first argument (today\'s rule, a false fault)', async () => {
    const r = await q7(kernel, '--multicore', '--arg', inFile);
    assert.equal(r.code, 1);
    assert.match(r.err, /fault unwritten-output: 252 of 273 elements of the destination tensor were written by no core/);
  });

  it('a shape function registering a larger output: the row sum leaves half of it unwritten', async () => {
    const wide = write('wide-shape.cpp', SHAPE.replace('torch::zeros({x.size(0)}, torch::kFloat)', 'torch::zeros({x.size(0), 2}, torch::kFloat)'));
    const r = await q7(kernel, '--multicore', '--arg', inFile, '--shape-src', wide);
    assert.equal(r.code, 1);
    assert.match(r.err, /fault unwritten-output: 21 of 42 elements of the destination tensor were written by no core/);
  });

  it('a returned tensor that is not the registered one: the result is refused, exit 1', async () => {
    const k = write('ints.cpp', '#include <torch/torch.h>\ntorch::Tensor row_sum(const torch::Tensor& x) {\n  return torch::zeros({x.size(0)}, torch::kInt);\n}\n');
    const r = await q7(k, '--arg', inFile, '--shape-src', shape);
    assert.equal(r.code, 1);
    assert.match(r.err, /row_sum returned a int32 21 tensor, but its shape function 'row_sum_shape' \(.*shape\.cpp:11\) registers float32 21\n/);
  });

  it('a shape file that registers another kernel: exit 2 naming what it registers', async () => {
    const other = write('other.cpp', SHAPE.replace('"row_sum", &row_sum_shape, "row_sum"', '"col_sum", &row_sum_shape, "col_sum_compute"'));
    const r = await q7(kernel, '--multicore', '--arg', inFile, '--shape-src', other);
    assert.equal(r.code, 2);
    assert.equal(r.err.trim(), `q7 run: ${other}: no registration names the kernel 'row_sum': it registers 'col_sum' (compute function 'col_sum_compute')`);
  });

  it('a shape function that faults: exit 2 with its fault at its line', async () => {
    const bad = write('bad-shape.cpp', SHAPE.replace('  return out;', '  TORCH_CHECK(x.dim() == 3);\n  return out;'));
    const r = await q7(kernel, '--multicore', '--arg', inFile, '--shape-src', bad);
    assert.equal(r.code, 2);
    assert.match(r.err, /bad-shape\.cpp:12: shape function 'row_sum_shape' of 'row_sum' faulted on the device:\n.*bad-shape\.cpp:7:\d+: fault check-failed/);
  });

  it('--help says what the destination is without a shape file', async () => {
    const r = await q7('--help');
    assert.match(r.out, /--shape-src FILE/);
    assert.match(r.out, /Without it, get_dst_tensor\(\)\s+is shaped like the first tensor argument/);
  });

  it('session: shapeSrc without a builder is a SessionError naming the field', async () => {
    const image = (await compileSource(ROW_SUM, '/k/row_sum.cpp')).image!;
    assert.throws(
      () => KernelSession.open(image, { file: 'row_sum.cpp', args: ['shape=4x4'], shapeSrc: 'shape.cpp' }, () => new Uint8Array()),
      (e: unknown) => e instanceof SessionError && e.field === 'shapeSrc',
    );
  });

  it('registrations as the AWS samples write them: the compute function\'s name is the third argument', async () => {
    const fe = await sharedFrontend();
    const src = `#include <torch/torch.h>\n#include "torchneuron/register.h"\n\ntorch::Tensor tensor_negate_shape(torch::Tensor t1) {\n  return torch::zeros({t1.numel()}, torch::kFloat);\n}\n\nNEURON_LIBRARY(my_ops, m) {\n   m.def("tensor_negate", &tensor_negate_shape, "tensor_negate_compute");\n   m.def("other", &tensor_negate_shape, "other_compute");\n}\n`;
    const a = fe.analyze('/s/shape.cpp', memoryHost({ '/s/shape.cpp': src }));
    assert.deepEqual(a.diagnostics.filter((d) => d.severity === 'error'), []);
    assert.deepEqual(neuronRegistrations(a.model, '/s/shape.cpp'), [
      { op: 'tensor_negate', shapeFn: 'tensor_negate_shape', compute: 'tensor_negate_compute', file: '/s/shape.cpp', line: 9 },
      { op: 'other', shapeFn: 'tensor_negate_shape', compute: 'other_compute', file: '/s/shape.cpp', line: 10 },
    ]);
  });
});
