// Bad input and big input: a tensor whose dtype is not what the kernel reads is a dtype-mismatch fault
// naming the tensor, both dtypes and the line; an argument past the HBM's capacity exits 2 with one line;
// a factory past it faults at its line at once; --expect is checked against the registered output before
// the run; multicore output faults point at the copy that wrote (or stopped short); copy-out-of-bounds
// names its tensor and the element range.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../cli/main';
import { nodeIO, type CliIO } from '../../../cli/io';
import { generateTensor, parseTensorSpec, writeNpy } from '../../../tensors';

async function q7(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { ...nodeIO, stdout: (t) => void (out += t), stderr: (t) => void (err += t) };
  const code = await main(['run', ...args], io);
  return { code, out, err };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bad-input-'));
const write = (name: string, text: string | Uint8Array) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

const TWICE = `#include <torch/torch.h>
torch::Tensor twice(const torch::Tensor& x) {
  torch::Tensor out = torch::zeros({x.size(0), x.size(1)}, torch::kFloat);
  auto a = x.accessor<float, 2>();
  auto o = out.accessor<float, 2>();
  for (int i = 0; i < x.size(0); i++)
    for (int j = 0; j < x.size(1); j++) o[i][j] = 2 * a[i][j];
  return out;
}
`;

const TCM_IN = `#include <torch/torch.h>
void copy_in(const torch::Tensor& x) {
  float* buf = (float*)torch::neuron::tcm_malloc(64);
  auto acc = x.tcm_accessor();
  acc.tensor_to_tcm<float>(buf, 0, 4);
  torch::neuron::tcm_free(buf);
}
`;

const BIG = `#include <torch/torch.h>
torch::Tensor big(const torch::Tensor& x) {
  torch::Tensor t = torch::zeros({1 << 20, 1 << 20}, torch::kFloat);
  return t;
}
`;

// AWS's multicore ReLU sample (its partition arithmetic), copies through TCM
const SPLIT = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
torch::Tensor split(const torch::Tensor& t_in) {
  size_t num_elem = t_in.numel();
  torch::Tensor t_out = get_dst_tensor();
  uint32_t cpu_id = get_cpu_id();
  uint32_t cpu_count = get_cpu_count();
  uint32_t partition = num_elem / cpu_count;
  if (cpu_id == cpu_count - 1) partition = num_elem - partition * (cpu_count - 1);
  float* buf = (float*)torch::neuron::tcm_malloc(sizeof(float) * 64);
  auto in = t_in.tcm_accessor();
  auto out = t_out.tcm_accessor();
  in.tensor_to_tcm<float>(buf, partition * cpu_id, partition);
  out.tcm_to_tensor<float>(buf, partition * cpu_id, partition);
  torch::neuron::tcm_free(buf);
  return t_out;
}
`;

// every core writes the first rows (the GIoU article's offset defect: partition*cpu_id + i*row)
const OVERLAP = SPLIT.replace('out.tcm_to_tensor<float>(buf, partition * cpu_id, partition);', 'out.tcm_to_tensor<float>(buf, 0, partition);\n  out.tcm_to_tensor<float>(buf, partition * cpu_id, partition);');

describe('bad input and big input', function () {
  this.timeout(180_000);

  it('an int32 tensor into accessor<float, 2>(): dtype-mismatch naming the tensor, both dtypes and the line', async () => {
    const k = write('twice.cpp', TWICE);
    const r = await q7(k, '--arg', 'shape=3x4,dtype=int32');
    assert.equal(r.code, 1);
    assert.match(r.err, /twice\.cpp:4:\d+: fault dtype-mismatch: accessor<float> reads float32 elements from tensor x of dtype int32 \(the bytes would be reinterpreted\) \[core 0, tensor x\]\n/);
    assert.doesNotMatch(r.err, /: ok/);
    const ok = await q7(k, '--arg', 'shape=3x4');
    assert.equal(ok.code, 0, ok.err);
  });

  it('tensor_to_tcm<float> on an int16 .npy: dtype-mismatch at the copy\'s line', async () => {
    const k = write('tcm_in.cpp', TCM_IN);
    const npy = write('i16.npy', writeNpy(generateTensor(parseTensorSpec('shape=8,dtype=int16,init=arange'))));
    const r = await q7(k, '--arg', npy);
    assert.equal(r.code, 1);
    assert.match(r.err, /tcm_in\.cpp:5:\d+: fault dtype-mismatch: tensor_to_tcm<float> reads float32 elements from tensor x of dtype int16/);
  });

  it('--arg shape=100000x100000 exits 2 with one line', async () => {
    const k = write('big.cpp', BIG);
    const r = await q7(k, '--arg', 'shape=100000x100000');
    assert.equal(r.code, 2);
    assert.equal(r.err, "q7 run: big: argument 1 'x' (const at::Tensor &): shape=100000x100000 float32 is 37.3 GiB, more than the device's HBM holds (16 GiB; --hbm-size)\n");
    const small = await q7(k, '--arg', 'shape=1024x1024', '--hbm-size', '2M');
    assert.equal(small.code, 2);
    assert.match(small.err, /^q7 run: .*4 MiB, more than the device's HBM holds \(2 MiB; --hbm-size\)\n$/);
    const tiny = await q7(k, '--arg', 'shape=4', '--hbm-size', '1K');
    assert.equal(tiny.code, 2);
    assert.match(tiny.err, /--hbm-size: 1024 bytes is less than/);
  });

  it('torch::zeros({1 << 20, 1 << 20}) faults out-of-memory at its line at once (16 GiB HBM)', async () => {
    const k = write('big.cpp', BIG);
    const t0 = Date.now();
    const r = await q7(k, '--arg', 'shape=4');
    assert.equal(r.code, 1);
    assert.match(r.err, /big\.cpp:3:\d+: fault out-of-memory: a tensor of 1048576x1048576 elements of 4 bytes needs 4 TiB, more than the HBM has free \(16 GiB of 16 GiB; --hbm-size\)/);
    assert.match(r.err, /core 0: \d{3,4} instructions/);
    assert.ok(Date.now() - t0 < 30_000);
  });

  it('--expect is checked against the registered output before the kernel runs', async () => {
    const k = write('twice2.cpp', TWICE);
    const shape = write('twice-shape.cpp', '#include <torch/torch.h>\n#include "torchneuron/register.h"\ntorch::Tensor twice_shape(const torch::Tensor& x) {\n  return torch::zeros({x.size(0), x.size(1)}, torch::kFloat);\n}\nNEURON_LIBRARY(ops, m) {\n  m.def("twice", &twice_shape, "twice");\n}\n');
    const exp = write('exp-3.npy', writeNpy(generateTensor(parseTensorSpec('shape=3,init=zeros'))));
    const r = await q7(k, '--arg', 'shape=3x4', '--shape-src', shape, '--expect', exp);
    assert.equal(r.code, 2);
    assert.match(r.err, /^q7 run: --expect: the expected tensor is float32 3, but the op's output is float32 3x4 \(shape function 'twice_shape', .*twice-shape\.cpp:7\)\n$/);
    const bad = write('bad.npy', 'not a npy');
    const r2 = await q7(k, '--arg', 'shape=3x4', '--expect', bad);
    assert.equal(r2.code, 2);
    assert.doesNotMatch(r2.err, /twice on 1 core/);
  });

  it('unwritten-output points at the copy of the core that stopped short', async () => {
    const k = write('split.cpp', SPLIT);
    const r = await q7(k, '--multicore', '--arg', 'shape=10', '--no-sanitize=copies');
    assert.equal(r.code, 1);
    assert.match(r.err, /split\.cpp:14:\d+: fault unwritten-output: 3 of 10 elements of the destination tensor were written by no core \(\[7\], \[8\], \[9\]\); the nearest write is core 6's copy of elements \[6, 7\) at split\.cpp:14, which stops short of them \[core 6, tensor dst, index \[7\]\]/);
  });

  it('multiple-writers names both cores and the copies, at the second writer\'s copy', async () => {
    const k = write('overlap.cpp', OVERLAP);
    const r = await q7(k, '--multicore', '--arg', 'shape=16');
    assert.equal(r.code, 1);
    assert.match(r.err, /overlap\.cpp:14:\d+: fault multiple-writers: 2 elements of the destination tensor were written by more than one core \(\[0\], \[1\]\); element \[0\] was written by core 0 \(copy at overlap\.cpp:14\) and core 1 \(copy at overlap\.cpp:14\) \(and 6 more cores\) \[core 1, tensor dst, index \[0\]\]/);
  });

  it('copy-out-of-bounds names its tensor and the element range', async () => {
    const k = write('split2.cpp', SPLIT);
    const r = await q7(k, '--multicore', '--arg', 'shape=10');
    assert.equal(r.code, 1);
    assert.match(r.err, /split2\.cpp:13:\d+: fault copy-out-of-bounds: copy of elements \[21, 24\) of tensor t_in of 10 elements \(14 past the end\) \[core 7, tensor t_in, index \[10\]\]/);
  });
});

const LONG = `#include <torch/torch.h>
torch::Tensor spin(const torch::Tensor& x) {
  torch::Tensor out = torch::zeros({1}, torch::kFloat);
  auto o = out.accessor<float, 1>();
  float s = 0;
  for (int64_t i = 0; i < 400000000; i++) s += 1.0f;
  o[0] = s;
  return out;
}
`;

describe('long runs: progress on a terminal, Ctrl-C stops with the partial report', function () {
  this.timeout(180_000);

  async function q7io(extra: Partial<CliIO>, ...args: string[]) {
    let out = '';
    let err = '';
    const io: CliIO = { ...nodeIO, stdout: (t) => void (out += t), stderr: (t) => void (err += t), ...extra };
    const code = await main(['run', ...args], io);
    return { code, out, err };
  }

  it('a terminal sees instructions and elapsed time; Ctrl-C exits 130 with an interrupted fault and the figures', async () => {
    const k = write('spin.cpp', LONG);
    let clock = 0;
    let handler: (() => void) | undefined;
    let removed = false;
    const r = await q7io({
      stderrIsTTY: true,
      now: () => {
        clock += 600;
        if (clock >= 600 * 4) handler?.(); // Ctrl-C after a few slices
        return clock;
      },
      onInterrupt: (f) => {
        handler = f;
        return () => void (removed = true);
      },
    }, k, '--arg', 'shape=1');
    assert.equal(r.code, 130, r.err);
    assert.match(r.err, /\r.*spin\.cpp: \d+\.\d M instructions, 0\.6 s \(Ctrl-C stops\)/);
    assert.match(r.err, /spin\.cpp:6:\d+: fault interrupted: stopped by Ctrl-C \(SIGINT\) after \d+ instructions \[core 0\]\n/);
    assert.match(r.err, /spin on 1 core: FAULT\n {2}core 0: \d+ instructions/);
    assert.ok(removed, 'the SIGINT handler is removed');
  });

  it('not a terminal: no progress text (the report as before)', async () => {
    const k = write('short.cpp', TWICE);
    const r = await q7io({ stderrIsTTY: false, now: () => 1e9 }, k, '--arg', 'shape=2x2');
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.err, /\r|M instructions/);
  });
});
