// The example ReLU kernels (accessor forward/backward, TCM, multicore, stream) on the emulated
// device give the outputs of their native build against the host shim (g++); the multicore kernel
// with a split that drops or overruns elements is reported; and the accessor's translation fidelity
// (one neuron_translate per leaf element access, none when descending dimensions).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildNative, runNative, HostKernel } from '../../../hostshim';
import { HostTensor, generateTensor, parseTensorSpec, readNpy, writeNpy } from '../../../tensors';
import { requireTool } from '../../../harness/oracle/tools';
import { EXAMPLES, kernelImage, launch, outputOf, specArg, tensorArg } from './helpers';
import type { KernelArg } from '../../../emulator/device';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-relu-'));

function native(file: string, k: HostKernel, inputs: HostTensor[], scalars: string[] = []): HostTensor {
  const exe = buildNative(file, k, { dir });
  const files = inputs.map((t, i) => {
    const f = path.join(dir, `${k.name}_in${i}.npy`);
    fs.writeFileSync(f, writeNpy(t));
    return f;
  });
  const out = path.join(dir, `${k.name}_out.npy`);
  const r = runNative(exe, out, [...files, ...scalars]);
  assert.equal(r.status, 0, r.stderr);
  return readNpy(new Uint8Array(fs.readFileSync(out)), out);
}

const gen = (spec: string) => generateTensor(parseTensorSpec(spec));

async function onDevice(file: string, fn: string, args: KernelArg[], cores = 1): Promise<HostTensor> {
  const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
  const r = launch(image, fn, args, { cores });
  assert.deepEqual(r.lines.filter((l) => !/warning/.test(l)), []);
  return outputOf(r.result);
}

describe('device: example ReLU kernels match their host-shim native build', function () {
  this.timeout(300000);
  const relu = path.join(EXAMPLES, 'relu.cpp');

  it('relu_forward (accessor)', async function () {
    requireTool(this, 'gcc');
    const x = gen('shape=7x13,init=randn,seed=3');
    const dev = await onDevice(relu, 'relu_forward', [tensorArg('t_in', x)]);
    const ref = native(relu, { name: 'relu_forward', params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, [x]);
    assert.deepEqual([dev.shape, [...dev.data]], [ref.shape, [...ref.data]]);
    assert.ok([...dev.data].some((b) => b !== 0));
  });

  it('relu_backward (accessor, two inputs)', async function () {
    requireTool(this, 'gcc');
    const g = gen('shape=5x9,init=randn,seed=4');
    const x = gen('shape=5x9,init=randn,seed=5');
    const dev = await onDevice(relu, 'relu_backward', [tensorArg('t_grad', g), tensorArg('t_in', x)]);
    const ref = native(relu, { name: 'relu_backward', params: [{ kind: 'tensor', name: 't_grad' }, { kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, [g, x]);
    assert.deepEqual([...dev.data], [...ref.data]);
  });

  it('relu_tcm_forward (TCM copies)', async function () {
    requireTool(this, 'gcc');
    const file = path.join(EXAMPLES, 'relu_tcm.cpp');
    const x = gen('shape=3000,init=randn,seed=6');
    const dev = await onDevice(file, 'relu_tcm_forward', [tensorArg('t_in', x)]);
    const ref = native(file, { name: 'relu_tcm_forward', params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, [x]);
    assert.deepEqual([...dev.data], [...ref.data]);
  });

  it('relu_multicore_forward on 8 cores', async function () {
    requireTool(this, 'gcc');
    const file = path.join(EXAMPLES, 'relu_multicore.cpp');
    const x = gen('shape=4099,init=randn,seed=8');
    const dev = await onDevice(file, 'relu_multicore_forward', [tensorArg('t_in', x)], 8);
    const ref = native(file, { name: 'relu_multicore_forward', params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 8 }, [x]);
    assert.deepEqual([...dev.data], [...ref.data]);
  });

  it('stream_scale (stream accessors, a double scalar)', async function () {
    requireTool(this, 'gcc');
    const file = path.join(EXAMPLES, 'stream_scale.cpp');
    const x = gen('shape=2500,init=randn,seed=9');
    const scale: KernelArg = { kind: 'scalar', name: 'scale', bytes: new Uint8Array(new Float64Array([2.5]).buffer) };
    const dev = await onDevice(file, 'stream_scale', [tensorArg('t_in', x), scale]);
    const ref = native(file, { name: 'stream_scale', params: [{ kind: 'tensor', name: 't_in' }, { kind: 'scalar', name: 'scale', ctype: 'double' }], returnsTensor: true, cores: 1 }, [x], ['2.5']);
    assert.deepEqual([...dev.data], [...ref.data]);
  });
});

describe('device: multicore split errors', function () {
  this.timeout(120000);
  // every core takes count / cores elements (the remainder is dropped), or ceil(count / cores) (the last core overruns)
  const SRC = (share: string) => `#include <stddef.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
torch::Tensor relu_split(const torch::Tensor& t_in) {
  torch::Tensor t_out = get_dst_tensor();
  const size_t count = (size_t)t_in.numel();
  const size_t cores = get_cpu_count();
  const size_t share = ${share};
  const size_t begin = share * get_cpu_id();
  float* buffer = (float*)torch::neuron::tcm_malloc(sizeof(float) * share);
  auto src = t_in.tcm_accessor();
  auto dst = t_out.tcm_accessor();
  src.tensor_to_tcm<float>(buffer, begin, share);
  for (size_t k = 0; k < share; k++) buffer[k] = buffer[k] > 0.0f ? buffer[k] : 0.0f;
  dst.tcm_to_tensor<float>(buffer, begin, share);
  torch::neuron::tcm_free(buffer);
  return t_out;
}
`;

  it('count / cores: the elements of the remainder are reported as never written', async () => {
    const image = await kernelImage(SRC('count / cores'), '/kernels/split_floor.cpp');
    const r = launch(image, 'relu_split', [specArg('t_in', 'shape=1003,init=randn')], { cores: 8 });
    assert.deepEqual(r.result.faults.map((f) => f.kind), ['unwritten-output'], r.lines.join('\n'));
    assert.match(r.lines[0], /3 of 1003 elements of the destination tensor were written by no core \(\[1000\], \[1001\], \[1002\]\)/);
  });

  it('ceil(count / cores): core 7 copies past the end of both tensors', async () => {
    const image = await kernelImage(SRC('(count + cores - 1) / cores'), '/kernels/split_ceil.cpp', {});
    const r = launch(image, 'relu_split', [specArg('t_in', 'shape=1003,init=randn')], { cores: 8 });
    const f = r.result.faults[0];
    assert.equal(f?.kind, 'dma-out-of-bounds', r.lines.join('\n'));
    assert.equal(f.core, 7);
    assert.equal(f.tensor, 't_in');
    assert.match(r.lines[0], /split_ceil\.cpp:13:\d+: fault dma-out-of-bounds: copy from elements \[882, 1008\) of a tensor of 1003 elements \(5 past the end\) \[core 7, tensor t_in/);
  });

  it('every core converting the whole tensor: elements written by more than one core', async () => {
    const src = SRC('count').replace('share * get_cpu_id()', '0');
    const image = await kernelImage(src, '/kernels/split_all.cpp');
    const r = launch(image, 'relu_split', [specArg('t_in', 'shape=1003,init=randn')], { cores: 8 });
    assert.deepEqual(r.result.faults.map((f) => f.kind), ['multiple-writers'], r.lines.join('\n'));
    assert.match(r.lines[0], /1003 elements of the destination tensor were written by more than one core \(\[0\], \[1\], \[2\], \[3\], \[4\], …\)/);
    // the same kernel on one core is fine
    assert.deepEqual(launch(image, 'relu_split', [specArg('t_in', 'shape=1003,init=randn')], { cores: 1 }).lines, []);
  });

  it('the correct split (examples/kernels/relu_multicore.cpp) reports nothing on 1003 elements', async () => {
    const file = path.join(EXAMPLES, 'relu_multicore.cpp');
    const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
    const r = launch(image, 'relu_multicore_forward', [specArg('t_in', 'shape=1003,init=randn')], { cores: 8 });
    assert.deepEqual(r.lines, []);
    assert.equal(r.result.cores.length, 8);
    assert.ok(r.result.cores.every((c) => c.dmaBytes > 0 && c.instructions > 0));
  });
});

describe('device: accessor translation fidelity', function () {
  this.timeout(120000);
  const SRC = `#include <torch/torch.h>
void walk(const torch::Tensor& t, int leaves) {
  auto a = t.accessor<float, 3>();
  float s = 0.0f;
  for (int64_t i = 0; i < t.size(0); i++) {
    for (int64_t j = 0; j < t.size(1); j++) {
      auto row = a[i][j];
      if (leaves)
        for (int64_t k = 0; k < t.size(2); k++) s += row[k];
    }
  }
}
`;
  it('one neuron_translate per leaf element access, none when descending', async () => {
    const image = await kernelImage(SRC, '/kernels/walk.cpp');
    const leaves = (v: number) => ({ kind: 'scalar' as const, name: 'leaves', bytes: new Uint8Array(new Int32Array([v]).buffer) });
    const full = launch(image, 'walk', [specArg('t', 'shape=3x4x5'), leaves(1)], {}, { returnsTensor: false });
    assert.deepEqual(full.lines, []);
    assert.equal(full.result.cores[0].translates, 3 * 4 * 5);
    // the count does not depend on where the scheduling quanta end
    for (const quantum of [7, 13, 101]) {
      const q = launch(image, 'walk', [specArg('t', 'shape=3x4x5'), leaves(1)], { quantum }, { returnsTensor: false });
      assert.equal(q.result.cores[0].translates, 3 * 4 * 5, `quantum ${quantum}`);
    }
    const descend = launch(image, 'walk', [specArg('t', 'shape=3x4x5'), leaves(0)], {}, { returnsTensor: false });
    assert.equal(descend.result.cores[0].translates, 0);
  });
});
