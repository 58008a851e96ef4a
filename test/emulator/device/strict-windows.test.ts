// Strict stale-window mode (seed 000: "a translation window is valid only until the next
// neuron_translate"): with strictWindows every local address an earlier translate produced faults as
// `stale-window` at the user's line, naming the tensor and element; by default (valid until the window
// is evicted) the same kernel runs clean. The example kernels follow the seed's rule: clean in both.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../cli/main';
import { nodeIO, type CliIO } from '../../../cli/io';
import { EXAMPLES, kernelImage, launch, outputOf, specArg } from './helpers';

const lineOf = (src: string, needle: string) => src.split('\n').findIndex((l) => l.includes(needle)) + 1;
const double = (name: string, v: number) => ({ kind: 'scalar' as const, name, bytes: new Uint8Array(new Float64Array([v]).buffer) });

const HELD_REFERENCE = `#include <torch/torch.h>
void k(const torch::Tensor& t) {
  auto acc = t.accessor<float, 2>();
  c10::Q7PtrType p = t.q7_data_ptr();
  float& first = p.operator[]<float>(5);
  float second = acc[1][0];
  first = second + 1.0f;
}
`;

describe('device: strict stale-window mode', function () {
  this.timeout(240000);

  it('a reference kept across a second translate faults only in strict mode, at its line, naming the element', async () => {
    const image = await kernelImage(HELD_REFERENCE, '/kernels/held.cpp');
    const arg = () => [specArg('t', 'shape=4x8,init=arange')];
    const lax = launch(image, 'k', arg(), {}, { returnsTensor: false });
    assert.deepEqual(lax.lines, []);
    const strict = launch(image, 'k', arg(), { strictWindows: true }, { returnsTensor: false });
    assert.equal(strict.result.faults.length, 1, strict.lines.join('\n'));
    const f = strict.result.faults[0];
    assert.equal(f.kind, 'stale-window');
    assert.equal(f.location?.line, lineOf(HELD_REFERENCE, 'first = second'));
    assert.equal(f.tensor, 't');
    assert.equal(f.index, '[5]');
    assert.match(f.message, /an earlier neuron_translate produced/);
  });

  it('q7 run --strict-windows: exit 1 with the fault at the line; without it the run is clean', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-strict-')), 'held.cpp');
    fs.writeFileSync(file, HELD_REFERENCE);
    const run = async (...extra: string[]) => {
      let err = '';
      const io: CliIO = { ...nodeIO, stdout: () => undefined, stderr: (t) => void (err += t) };
      return { code: await main(['run', file, '--arg', 'shape=4x8,init=arange', ...extra], io), err };
    };
    const lax = await run();
    assert.equal(lax.code, 0, lax.err);
    const strict = await run('--strict-windows');
    assert.equal(strict.code, 1, strict.err);
    assert.match(strict.err, new RegExp(`held\\.cpp:${lineOf(HELD_REFERENCE, 'first = second')}:\\d+: fault stale-window: .*an earlier neuron_translate produced`));
  });

  it('the TCM/pointer path: a pointer from one translate used after another translate', async () => {
    const src = `#include <torch/torch.h>
void k(const torch::Tensor& t) {
  c10::Q7PtrType p = t.q7_data_ptr();
  float* a = &p.operator[]<float>(0);
  float* b = &p.operator[]<float>(1);
  *b = 2.0f;
  *a = 1.0f;
}
`;
    const image = await kernelImage(src, '/kernels/ptrs.cpp');
    const strict = launch(image, 'k', [specArg('t', 'shape=16,init=zeros')], { strictWindows: true }, { returnsTensor: false });
    assert.equal(strict.result.faults[0]?.kind, 'stale-window', strict.lines.join('\n'));
    assert.equal(strict.result.faults[0].location?.line, lineOf(src, '*a = 1.0f'));
    assert.equal(strict.result.faults[0].index, '[0]');
    assert.deepEqual(launch(image, 'k', [specArg('t', 'shape=16,init=zeros')], {}, { returnsTensor: false }).lines, []);
  });

  it('every translate maps a fresh window in strict mode (no hits), and results are unchanged', async () => {
    const file = path.join(EXAMPLES, 'relu.cpp');
    const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
    const lax = launch(image, 'relu_forward', [specArg('t_in', 'shape=8x8,init=randn,seed=3')]);
    const strict = launch(image, 'relu_forward', [specArg('t_in', 'shape=8x8,init=randn,seed=3')], { strictWindows: true });
    assert.deepEqual(strict.lines, []);
    assert.deepEqual(outputOf(strict.result).data, outputOf(lax.result).data);
    const c = strict.result.cores[0];
    assert.ok(c.translates >= 128, `${c.translates}`);
    assert.equal(c.windowMaps, c.translates);
    assert.ok(lax.result.cores[0].windowMaps < 4);
  });

  const examples: [string, string, () => ReturnType<typeof specArg | typeof double>[], number][] = [
    ['relu.cpp', 'relu_forward', () => [specArg('t_in', 'shape=8x8,init=randn')], 1],
    ['relu.cpp', 'relu_backward', () => [specArg('t_grad', 'shape=8x8,init=randn,seed=4'), specArg('t_in', 'shape=8x8,init=randn')], 1],
    ['relu_tcm.cpp', 'relu_tcm_forward', () => [specArg('t_in', 'shape=300,init=randn')], 1],
    ['relu_multicore.cpp', 'relu_multicore_forward', () => [specArg('t_in', 'shape=1000,init=randn')], 8],
    ['stream_scale.cpp', 'stream_scale', () => [specArg('t_in', 'shape=64x16,init=randn'), double('scale', 2)], 1],
    ['rnn_cell.cpp', 'wkv_forward', () => [
      specArg('k', 'shape=1x4x2x3,init=randn,seed=1'), specArg('v', 'shape=1x4x2x3,init=randn,seed=2'), specArg('r', 'shape=1x4x2x3,init=randn,seed=3'),
      specArg('decay', 'shape=2x3,init=randn,seed=4'), specArg('bonus', 'shape=2x3,init=randn,seed=5')], 1],
  ];
  for (const [name, fn, args, cores] of examples) {
    it(`examples/kernels/${name} ${fn} runs clean in strict mode`, async () => {
      const file = path.join(EXAMPLES, name);
      const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
      const lax = launch(image, fn, args(), { cores });
      const strict = launch(image, fn, args(), { cores, strictWindows: true });
      assert.deepEqual(strict.lines.filter((l) => !/multicore-rule/.test(l)), []);
      assert.deepEqual(outputOf(strict.result).data, outputOf(lax.result).data);
    });
  }
});
