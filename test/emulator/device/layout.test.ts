// The objects the device builds have the seed's byte layouts: read back from emulated memory after a
// launch, and the abi.ts offsets agree with the semantic model's layout of the SDK classes.

import { strict as assert } from 'node:assert';
import { memoryHost, type Analysis } from '../../../language';
import { sharedFrontend } from '../../language/grammar';
import {
  CLAIM_UNCLAIMED, COHERENCY_ENFORCER, CSR_BASE, LAUNCH, LAUNCH_BLOCK_OFFSET, MAILBOX, POLICY, TENSOR_HANDLE, TENSOR_IMPL, WINDOW_ENTRY, WINDOW_ENTRY_SIZE,
  IRAM_BASE, DEFAULT_WINDOW_SIZE, HBM_APERTURE_BASE,
} from '../../../target/q7/abi';
import { GuestMemory } from '../../../emulator/device/guest-memory';
import { kernelImage, launch, specArg } from './helpers';

const KERNEL = `#include <torch/torch.h>
torch::Tensor first_row(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({t.size(1)}, torch::kFloat);
  auto a = t.accessor<float, 2>();
  auto o = out.accessor<float, 1>();
  for (int64_t j = 0; j < t.size(1); j++) o[j] = a[0][j];
  return out;
}
`;

describe('device: object layouts in emulated memory', function () {
  this.timeout(120000);

  it('argument handle, NeuronTensorImpl, window entries and the mailbox hold the seed layouts', async () => {
    const image = await kernelImage(KERNEL, '/kernels/layout.cpp');
    const { device, result } = launch(image, 'first_row', [specArg('t', 'shape=2x3,init=arange')], { policy: POLICY.INCOHERENT_QUIET });
    assert.deepEqual(result.faults, []);
    const core = device.cores[0];
    const g = new GuestMemory(core.m);
    const launchAt = CSR_BASE + LAUNCH_BLOCK_OFFSET;
    assert.equal(g.u32(launchAt + LAUNCH.argc), 1);
    const handle = g.u32(g.u32(launchAt + LAUNCH.argv));
    const impl = g.u32(handle + TENSOR_HANDLE.impl);
    // the enforcer: all counters back at 0 after the accessors closed, the policy as launched
    assert.deepEqual([0, 4, 8, 12].map((o) => g.u32(handle + TENSOR_HANDLE.enforcer + o)), [0, 0, 0, POLICY.INCOHERENT_QUIET]);
    const tensor = device.hbm.tensors.find((t) => t.name === 't')!;
    const raw = g.bytes(impl, TENSOR_IMPL.size);
    const dv = new DataView(raw.buffer, raw.byteOffset);
    const i64 = (o: number) => Number(dv.getBigInt64(o, true));
    assert.deepEqual([i64(0), i64(8)], [2, 3]); // sizes_
    assert.deepEqual([i64(64), i64(72)], [3, 1]); // strides_ (elements)
    assert.equal(i64(128), 2); // dim_
    assert.equal(i64(136), 6); // numel_
    assert.equal(Number(dv.getBigUint64(144, true)), tensor.addr); // hbm_addr_ (above 4 GiB)
    assert.ok(tensor.addr >= 2 ** 32);
    assert.equal(dv.getUint32(152, true), core.ctx); // ctx_ptr_
    assert.equal(raw[156], 6); // dtype_ = kFloat
    // the window entry neuron_translate used
    const e = g.bytes(core.ctx, WINDOW_ENTRY_SIZE);
    const ev = new DataView(e.buffer, e.byteOffset);
    assert.equal(Number(ev.getBigUint64(WINDOW_ENTRY.base, true)), Math.floor(tensor.addr / DEFAULT_WINDOW_SIZE) * DEFAULT_WINDOW_SIZE);
    assert.ok(ev.getUint32(WINDOW_ENTRY.local, true) >= HBM_APERTURE_BASE);
    assert.equal(ev.getUint32(WINDOW_ENTRY.valid, true), 1);
    assert.equal(ev.getBigUint64(WINDOW_ENTRY.mask, true), BigInt.asUintN(64, ~BigInt(DEFAULT_WINDOW_SIZE - 1)));
    assert.equal(Number(ev.getBigUint64(WINDOW_ENTRY.generation, true)), 1);
    // the mailbox after teardown: released, log ring and pc-bounds as the provider wrote them
    assert.equal(g.u32(CSR_BASE + MAILBOX.claim), CLAIM_UNCLAIMED);
    assert.equal(g.u32(CSR_BASE + MAILBOX.logBufPtr), core.logBuf);
    assert.equal(g.u32(CSR_BASE + MAILBOX.logBufSize), core.logSize);
    assert.equal(g.u32(CSR_BASE + MAILBOX.maxLogLevel), 3);
    assert.deepEqual([0, 1, 2, 3, 4].map((k) => g.u32(CSR_BASE + MAILBOX.dgePriorityMap + 4 * k)), [0, 1, 2, 3, 4]);
    assert.equal(g.u32(CSR_BASE + MAILBOX.pcBoundsLo), IRAM_BASE);
    assert.ok(g.u32(CSR_BASE + MAILBOX.pcBoundsHi) > IRAM_BASE + 0x400);
    // the result handle points at an impl of the factory-made tensor
    const res = g.u32(g.u32(launchAt + LAUNCH.result) + TENSOR_HANDLE.impl);
    assert.equal(Number(new DataView(g.bytes(res, 160).buffer).getBigInt64(TENSOR_IMPL.numel, true)), 3);
  });

  describe('abi.ts offsets match the semantic model', () => {
    let analysis: Analysis;
    before(async () => {
      const fe = await sharedFrontend();
      analysis = fe.analyze('/k.cpp', memoryHost({ '/k.cpp': '#include <torch/torch.h>\n' }));
    });
    const layout = (name: string) => {
      const t = analysis.model.resolveType(name);
      assert.ok(t && t.kind === 'class', name);
      const l = analysis.model.classLayout(t.decl)!;
      return { size: analysis.model.sizeAlign(t)!.size, fields: Object.fromEntries(l.fields.map((f) => [f.name, f.offset])) };
    };

    it('c10::NeuronTensorImpl', () => {
      const l = layout('c10::NeuronTensorImpl');
      assert.equal(l.size, TENSOR_IMPL.size);
      assert.deepEqual(l.fields, {
        sizes_: TENSOR_IMPL.sizes, strides_: TENSOR_IMPL.strides, dim_: TENSOR_IMPL.dim, numel_: TENSOR_IMPL.numel,
        hbm_addr_: TENSOR_IMPL.hbmAddr, ctx_ptr_: TENSOR_IMPL.ctxPtr, dtype_: TENSOR_IMPL.dtype,
      });
    });

    it('at::Tensor handle and at::CoherencyEnforcer', () => {
      assert.equal(layout('at::Tensor').size, TENSOR_HANDLE.size);
      assert.deepEqual(layout('at::TensorBase').fields, { impl_: TENSOR_HANDLE.impl, coherency_enforcer_: TENSOR_HANDLE.enforcer });
      const e = layout('at::CoherencyEnforcer');
      assert.equal(e.size, COHERENCY_ENFORCER.size);
      assert.deepEqual(e.fields, {
        buffered_readers_: COHERENCY_ENFORCER.readers, buffered_writers_: COHERENCY_ENFORCER.writers,
        unbuffered_accessors_: COHERENCY_ENFORCER.unbuffered, policy_: COHERENCY_ENFORCER.policy,
      });
    });
  });
});
