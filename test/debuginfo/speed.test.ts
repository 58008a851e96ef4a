// Speed: the variables of a kernel frame holding three accessors, fetched cold (a fresh Program and
// Inspector: types and scopes built on first use) and expanded one level, take well under 20 ms.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { Program } from '../../debuginfo';
import { Inspector } from '../../debuginfo/values';
import { Device, findKernel } from '../../emulator/device';
import { dtypeByScalarType } from '../../tensors';
import { compileSource } from '../compiler/harness';
import { tensorArg } from '../emulator/device/helpers';
import { deviceTarget, lineAddress } from './helpers';

const KERNEL = `#include <torch/torch.h>
torch::Tensor mix(const torch::Tensor& a, const torch::Tensor& b) {
  torch::Tensor out = torch::zeros({4, 4}, torch::kFloat);
  auto x = a.accessor<float, 2>();
  auto y = b.accessor<float, 2>();
  auto z = out.accessor<float, 2>();
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      z[i][j] = x[i][j] + y[j][i];
  return out;
}
`;

describe('debuginfo values: speed of a frame with three accessors', function () {
  this.timeout(120_000);

  it('fetches and expands the locals in well under 20 ms', async () => {
    const r = await compileSource(KERNEL, '/kernels/mix.cpp', { optimize: 0 });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    const image = r.image!;
    const dt = dtypeByScalarType(6)!;
    const data = () => new Uint8Array(Float32Array.from({ length: 16 }, (_, k) => k).buffer);
    const dev = new Device(image, { cores: 1 });
    dev.prepare({ opcode: findKernel(image, 'mix').opcode, args: [tensorArg('a', { dtype: dt, shape: [4, 4], data: data() }), tensorArg('b', { dtype: dt, shape: [4, 4], data: data() })], returnsTensor: true, kernelName: 'mix' });
    const bp = lineAddress(image, 'mix.cpp', 10);
    dev.cores[0].m.addBreakpoint(bp);
    assert.equal(dev.runUntil().kind, 'breakpoint');
    const target = deviceTarget(dev);
    const times: number[] = [];
    let names: string[] = [];
    const parse: number[] = [];
    for (let k = 0; k < 5; k++) {
      const p0 = performance.now();
      const program = Program.fromElf(image);
      const t0 = performance.now();
      parse.push(t0 - p0);
      const ins = new Inspector(program);
      const locals = ins.locals(target);
      for (const n of locals) if (n.ref) ins.children(target, n.ref, 0, 100);
      times.push(performance.now() - t0);
      names = locals.map((n) => `${n.name}=${n.value}`);
    }
    const best = Math.min(...times);
    assert.ok(names.some((n) => n.startsWith('z={data_ = {hbm_addr = 0x')), names.join('\n'));
    assert.ok(best < 20, `best of 5: ${best.toFixed(2)} ms (all: ${times.map((x) => x.toFixed(1)).join(', ')})`);
    console.log(`      locals + one level of children, cold: ${best.toFixed(2)} ms; reading the image's DWARF once: ${Math.min(...parse).toFixed(1)} ms (best of 5)`);
  });
});
