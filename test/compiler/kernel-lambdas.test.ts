// Lambdas inside kernel functions of a kernel image: an accessor captured by reference (explicitly,
// through `[&]`, and by a generic lambda), read and written through, next to an init-capture; run on
// the bare q7 machine with the test-side device host.

import { strict as assert } from 'node:assert';
import { SCALAR_TYPE } from '../../target/q7/abi';
import { compileSource } from './harness';
import { KernelHost } from './kernel-host';

const SOURCE = `#include <stdio.h>
#include <torch/torch.h>
void lambdas(torch::Tensor& t) {
  auto a = t.accessor<float, 1>();
  float total = 0.0f;
  auto add = [&](int64_t i) { total += a[i]; };
  for (int64_t i = 0; i < t.size(0); i++) add(i);
  auto scaled = [&a, k = 2.0f](int64_t i) { return (float)a[i] * k; };
  auto pick = [&a](auto i) { return (int)(float)a[i]; };
  [&] { a[0] = 40.0f; }();
  printf("%d %d %d %d\\n", (int)total, (int)scaled(3), pick(2) + pick((int64_t)1), pick(0));
}
`;

describe('compiler kernel images with lambdas', function () {
  this.timeout(120_000);

  for (const optimize of [0, 1] as const) {
    it(`runs a kernel whose lambdas capture an accessor by reference (-O${optimize})`, async () => {
      const r = await compileSource(SOURCE, '/test/lambdas.cpp', { optimize });
      assert.deepEqual(r.diagnostics, []);
      const host = new KernelHost(r.image!, { logSize: 256, windowSize: 0x40, windowCount: 2 });
      const impl = host.tensorImpl([5], SCALAR_TYPE.Float, 4);
      host.writeFloats(impl, [0, 1, 2, 3, 4]);
      const argv = host.alloc(4);
      host.m.write32(argv, host.handle(impl));
      host.launch('opcode', 1);
      host.launch('argv', argv);
      host.launch('argc', 1);
      const { exitCode } = host.run();
      assert.equal(exitCode, 0);
      assert.equal(host.logText(), '10 6 3 40\n');
    });
  }
});
