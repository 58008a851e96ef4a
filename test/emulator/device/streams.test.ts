// Stream accessors on the device: each open stream takes a 4 KiB buffer from the 16 KiB TCM pool, so
// from the fifth open stream on tcm_malloc fails and the stream takes the slow path the SDK documents
// (every element through neuron_translate instead of DMA'd chunks) — with the same results.

import { strict as assert } from 'node:assert';
import { f32, kernelImage, launch, outputOf, specArg } from './helpers';

const SRC = `#include <torch/torch.h>
// four streams: every one gets its TCM buffer
torch::Tensor four(const torch::Tensor& a) {
  torch::Tensor out = torch::empty(a.sizes(), torch::kFloat);
  auto r1 = a.read_stream_accessor<float>();
  auto r2 = a.read_stream_accessor<float>();
  auto r3 = a.read_stream_accessor<float>();
  auto w = out.write_stream_accessor<float>();
  for (int64_t k = 0; k < a.numel(); k++) w.write(r1.read() + r2.read() + r3.read());
  return out;
}
// five streams: the fifth (the writer) finds the pool exhausted
torch::Tensor five(const torch::Tensor& a) {
  torch::Tensor out = torch::empty(a.sizes(), torch::kFloat);
  auto r1 = a.read_stream_accessor<float>();
  auto r2 = a.read_stream_accessor<float>();
  auto r3 = a.read_stream_accessor<float>();
  auto r4 = a.read_stream_accessor<float>();
  auto w = out.write_stream_accessor<float>();
  for (int64_t k = 0; k < a.numel(); k++) w.write(r1.read() + r2.read() + r3.read() + r4.read());
  return out;
}
`;

describe('device: stream accessors and the TCM pool', function () {
  this.timeout(120000);
  const n = 3000;

  it('four open streams are all buffered: DMA only, no translates', async () => {
    const image = await kernelImage(SRC, '/kernels/streams.cpp');
    const r = launch(image, 'four', [specArg('a', `shape=${n},init=arange`)], {}, { dst: false });
    assert.deepEqual(r.lines, []);
    assert.deepEqual(f32(outputOf(r.result)), Array.from({ length: n }, (_, k) => 3 * k));
    assert.equal(r.result.cores[0].translates, 0);
    assert.equal(r.result.cores[0].dmaBytes, 4 * 4 * n);
    assert.equal(r.result.cores[0].tcmHighWater, 4 * 4096);
  });

  it('from the fifth open stream on, the slow path: one translate per element, same results', async () => {
    const image = await kernelImage(SRC, '/kernels/streams.cpp');
    const r = launch(image, 'five', [specArg('a', `shape=${n},init=arange`)], {}, { dst: false });
    assert.deepEqual(r.lines, []);
    assert.deepEqual(f32(outputOf(r.result)), Array.from({ length: n }, (_, k) => 4 * k));
    assert.equal(r.result.cores[0].translates, n, 'the unbuffered writer translates every element');
    assert.equal(r.result.cores[0].dmaBytes, 4 * 4 * n, 'only the four buffered readers use DMA');
  });
});
