// Pretty views of the stream and TCM accessors in a kernel stopped on the device: data pointer with
// its exact HBM address, counters, the enforcer of the tensor, and the elements in HBM; a double
// scalar parameter.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { Program } from '../../debuginfo';
import { Inspector, type ValueNode } from '../../debuginfo/values';
import { Device, findKernel } from '../../emulator/device';
import { dtypeByScalarType } from '../../tensors';
import { compileSource } from '../compiler/harness';
import { tensorArg } from '../emulator/device/helpers';
import { deviceTarget, lineAddress } from './helpers';

const KERNEL = `#include <stddef.h>
#include <torch/torch.h>
torch::Tensor stream_scale(const torch::Tensor& t_in, double scale) {
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
  const size_t count = (size_t)t_in.numel();
  auto reader = t_in.read_stream_accessor<float>();
  auto writer = t_out.write_stream_accessor<float>();
  auto tcm = t_in.tcm_accessor();
  const float factor = (float)scale;
  for (size_t i = 0; i < count; i++) writer.write(reader.read() * factor);
  reader.close();
  writer.close();
  return t_out;
}
`;
const STOP_LINE = 11;
const INPUT = [1.5, -2, 0.25, 8, 3, -0.5];

describe('debuginfo values: stream and TCM accessor views on the device', function () {
  this.timeout(120_000);

  it('shows counters, enforcers, exact HBM addresses and the elements', async () => {
    const r = await compileSource(KERNEL, '/kernels/s.cpp', { optimize: 0 });
    assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
    const image = r.image!;
    const dev = new Device(image, { cores: 1 });
    const arg = tensorArg('t_in', { dtype: dtypeByScalarType(6)!, shape: [2, 3], data: new Uint8Array(Float32Array.from(INPUT).buffer) });
    const scale = { kind: 'scalar' as const, name: 'scale', bytes: new Uint8Array(Float64Array.of(2.5).buffer) };
    dev.prepare({ opcode: findKernel(image, 'stream_scale').opcode, args: [arg, scale], returnsTensor: true, kernelName: 'stream_scale' });
    dev.cores[0].m.addBreakpoint(lineAddress(image, 's.cpp', STOP_LINE));
    assert.equal(dev.runUntil().kind, 'breakpoint');
    const target = deviceTarget(dev);
    const ins = new Inspector(Program.fromElf(image));
    const vars = new Map(ins.locals(target).map((n): [string, ValueNode] => [n.name, n]));
    const inAddr = dev.hbm.tensors.find((t) => t.name === 't_in')!.addr;
    const outAddr = dev.hbm.tensors.find((t) => t.name.startsWith('created '))!.addr;
    assert.equal(vars.get('scale')?.value, '2.5');
    assert.equal(vars.get('factor')?.value, '2.5');
    const ptr = (a: number) => `\\{hbm_addr = 0x${a.toString(16)}, ctx_ptr = 0x[0-9a-f]+, is_nullptr = false\\}`;
    assert.match(vars.get('reader')!.value, new RegExp(`^\\{data_ = ${ptr(inAddr)}, numel_ = 6, next_ = 6, buffered_from_ = 0, buffered_count_ = 6, closed_ = false, enforcer = \\{readers = 1, writers = 0, unbuffered = 0, policy = COHERENT\\}\\}$`));
    assert.match(vars.get('writer')!.value, new RegExp(`^\\{data_ = ${ptr(outAddr)}, numel_ = 6, next_ = 6, pending_ = 6, closed_ = false, enforcer = \\{readers = 0, writers = 1, unbuffered = 0, policy = COHERENT\\}\\}$`));
    assert.match(vars.get('tcm')!.value, new RegExp(`^\\{data_ = ${ptr(inAddr)}, numel_ = 6\\}$`));
    const reader = vars.get('reader')!;
    assert.equal(reader.indexedCount, 6);
    const els = ins.children(target, reader.ref, 0, 6);
    assert.ok(els.ok);
    assert.deepEqual(els.value.filter((n) => n.name.startsWith('[')).map((n) => n.value), INPUT.map(String));
    const ev = ins.evaluate(target, 'reader[3] * factor');
    assert.ok(ev.ok, ev.ok ? '' : ev.error);
    assert.equal(ev.value.value, '20');
  });
});
