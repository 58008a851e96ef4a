// The provider/loader lifecycle of the second seed as the device models it: API level 3 (else
// VERSION), the core kinds, the mailbox claim/release values, the single 0x40-byte load record and
// its bytes, dispatch through kernel_info_table by opcode, the pc-bounds check, and the log ring
// (printed after the run, oldest text overwritten on overflow, streamed live on request, core 0 only).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Device, ProviderError, RESULT, findKernel, kernelTable } from '../../../emulator/device';
import { CLAIM_CLAIMED, CLAIM_UNCLAIMED, IRAM_BASE, MAILBOX } from '../../../target/q7/abi';
import { iramPayload } from '../../../emulator/device/image';
import {
  LOAD_RECORD_TAG, contextCreate, coreCreate, decodeLoadRecord, enableLogs, encodeLoadRecord, onUcodeBooted, coreDestroy, DeviceRw,
} from '../../../emulator/device/provider';
import { EXAMPLES, f32, kernelImage, launch, outputOf, specArg } from './helpers';

function mapRw(): DeviceRw & { words: Map<number, number> } {
  const words = new Map<number, number>();
  return { words, read32: (a) => words.get(a) ?? 0, write32: (a, v) => void words.set(a, v >>> 0) };
}

const int32 = (name: string, v: number) => ({ kind: 'scalar' as const, name, bytes: new Uint8Array(new Int32Array([v]).buffer) });

describe('device: provider lifecycle', function () {
  this.timeout(120000);

  it('context creation accepts only API level 3 (else VERSION = 4)', async () => {
    assert.equal(contextCreate(3, mapRw()).apiLevel, 3);
    for (const level of [2, 4]) {
      assert.throws(() => contextCreate(level, mapRw()), (e: unknown) => e instanceof ProviderError && e.code === RESULT.VERSION && /VERSION \(4\)/.test(e.message));
    }
    const image = await kernelImage(fs.readFileSync(path.join(EXAMPLES, 'relu.cpp'), 'utf8'), path.join(EXAMPLES, 'relu.cpp'));
    assert.throws(() => new Device(image, { apiLevel: 2 }), (e: unknown) => e instanceof ProviderError && e.code === 4);
  });

  it('core kinds of scheme B; the claim handshake and the release', () => {
    const rw = mapRw();
    const ctx = contextCreate(3, rw);
    assert.throws(() => coreCreate(ctx, 6, 0x1000), (e: unknown) => e instanceof ProviderError && e.code === RESULT.UNKNOWN_CORE);
    const core = coreCreate(ctx, 9, 0x1000);
    assert.throws(() => enableLogs(core, 0x2000, 64, 3), (e: unknown) => e instanceof ProviderError && e.code === RESULT.INVALID);
    assert.throws(() => onUcodeBooted(core), (e: unknown) => e instanceof ProviderError && e.code === RESULT.INVALID); // +0 is not UNCLAIMED
    rw.write32(0x1000, CLAIM_UNCLAIMED);
    onUcodeBooted(core);
    assert.equal(rw.read32(0x1000 + MAILBOX.claim), CLAIM_CLAIMED);
    enableLogs(core, 0x2000, 64, 3);
    assert.deepEqual([rw.read32(0x1004), rw.read32(0x1008), rw.read32(0x1010), rw.read32(0x1014)], [64, 0x2000, 0, 3]);
    coreDestroy(core);
    assert.equal(rw.read32(0x1000), CLAIM_UNCLAIMED);
    assert.equal(rw.read32(0x1004), 64); // the release writes +0 only
  });

  it('the kernel sees the claimed mailbox; teardown releases it', async () => {
    const src = `#include <torch/torch.h>
torch::Tensor claim(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({1}, torch::kInt);
  auto o = out.accessor<int, 1>();
  o[0] = (int)*(volatile unsigned*)0x3ff00000u;
  return out;
}
`;
    const image = await kernelImage(src, '/kernels/claim.cpp');
    const { device, result } = launch(image, 'claim', [specArg('t', 'shape=1')]);
    assert.equal(new Int32Array(outputOf(result).data.buffer)[0] >>> 0, CLAIM_CLAIMED);
    assert.equal(device.cores[0].g.u32(0x3ff00000), CLAIM_UNCLAIMED);
  });

  it('one 0x40-byte load record installs the image into IRAM; the unload record clears it', async () => {
    const file = path.join(EXAMPLES, 'relu.cpp');
    const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
    const { device } = launch(image, 'relu_forward', [specArg('t_in', 'shape=2x2')]);
    const core = device.cores[0];
    const rec = core.loadRecord!;
    const payload = iramPayload(image);
    assert.equal(rec.length, 0x40);
    const v = new DataView(rec.buffer);
    assert.equal(v.getUint16(0, true), LOAD_RECORD_TAG);
    assert.deepEqual([...rec.subarray(2, 12)], new Array(10).fill(0));
    assert.deepEqual([rec[0x0c], rec[0x0d], rec[0x0e], rec[0x0f]], [1, 0xff, 0, 0]);
    const ptr = Number(v.getBigUint64(0x10, true));
    assert.deepEqual([v.getUint32(0x18, true), v.getUint32(0x1c, true)], [IRAM_BASE, payload.length]);
    assert.deepEqual([...rec.subarray(0x20)], new Array(32).fill(0));
    assert.deepEqual([...device.hbm.read(ptr, payload.length)], [...payload]);
    const un = decodeLoadRecord(core.unloadRecord!);
    assert.deepEqual([un.seqType, un.payloadPtr, un.iramTarget, un.payloadLen], [2, 0, IRAM_BASE, payload.length]);
    assert.ok(core.g.bytes(IRAM_BASE, payload.length).every((b) => b === 0), 'IRAM cleared by the unload record');
    assert.deepEqual([...encodeLoadRecord(1, ptr, IRAM_BASE, payload.length)], [...rec]);
    const bad = rec.slice();
    bad[0] = 0x96;
    assert.throws(() => decodeLoadRecord(bad), (e: unknown) => e instanceof ProviderError && e.code === RESULT.INVALID);
  });

  it('dispatch by opcode through kernel_info_table (opcodes in source order)', async () => {
    const file = path.join(EXAMPLES, 'relu.cpp');
    const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
    assert.deepEqual(kernelTable(image).map((r) => [r.opcode, r.name]), [[1, 'relu_forward'], [2, 'relu_backward']]);
    const grad = specArg('t_grad', 'shape=2x2,init=arange');
    const x = specArg('t_in', 'shape=2x2,init=randn,seed=3');
    const d = new Device(image);
    const back = d.launch({ opcode: findKernel(image, 'relu_backward').opcode, args: [grad, x], returnsTensor: true });
    const xs = f32({ dtype: { name: 'float32', size: 4, descr: '<f4', scalarType: 6, float: true }, shape: [4], data: (x as { tensor: { data: Uint8Array } }).tensor.data });
    assert.deepEqual(f32(outputOf(back)), xs.map((v, i) => (v > 0 ? i : 0)));
    const none = new Device(image).launch({ opcode: 9, args: [grad, x], returnsTensor: true });
    assert.match(none.faults[0]?.message ?? '', /no kernel_info_table record for the launch opcode/);
  });

  it('a PC outside the pc-bounds is a fault', async () => {
    const file = path.join(EXAMPLES, 'relu.cpp');
    const image = await kernelImage(fs.readFileSync(file, 'utf8'), file);
    const entry = findKernel(image, 'relu_forward').entry;
    // bounds that end just before the kernel's thunk: the dispatcher's call into it faults
    const r = launch(image, 'relu_forward', [specArg('t_in', 'shape=2x2')], { pcBounds: { lo: IRAM_BASE, hi: entry } });
    assert.equal(r.result.faults[0]?.kind, 'pc-bounds', r.lines.join('\n'));
    assert.match(r.lines[0], new RegExp(`PC 0x${entry.toString(16)} is outside the pc-bounds \\[0x40000000, 0x${entry.toString(16)}\\) \\(EXCCAUSE 14`));
    // the default bounds cover the whole image
    assert.deepEqual(launch(image, 'relu_forward', [specArg('t_in', 'shape=2x2')]).lines, []);
  });
});

describe('device: log ring', function () {
  this.timeout(120000);
  const SRC = `#include <stdio.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
void chatter(const torch::Tensor& t, int lines) {
  for (int i = 0; i < lines; i++) printf("core %u line %d\\n", get_cpu_id(), i);
}
`;
  it('is printed after the run; on overflow the oldest text is lost', async () => {
    const image = await kernelImage(SRC, '/kernels/chatter.cpp');
    const small = launch(image, 'chatter', [specArg('t', 'shape=1'), int32('lines', 3)], {}, { returnsTensor: false });
    assert.equal(small.result.log, 'core 0 line 0\ncore 0 line 1\ncore 0 line 2\n');
    assert.equal(small.result.logLost, 0);
    const big = launch(image, 'chatter', [specArg('t', 'shape=1'), int32('lines', 100)], { logSize: 256 }, { returnsTensor: false });
    const all = Array.from({ length: 100 }, (_, i) => `core 0 line ${i}\n`).join('');
    assert.equal(big.result.log, all.slice(all.length - 256));
    assert.equal(big.result.logLost, all.length - 256);
  });

  it('streams live on request, and only core 0 prints in multicore mode', async () => {
    const image = await kernelImage(SRC, '/kernels/chatter.cpp');
    const seen: string[] = [];
    const r = launch(image, 'chatter', [specArg('t', 'shape=1'), int32('lines', 100)], { logSize: 256, onLog: (t) => seen.push(t) }, { returnsTensor: false });
    assert.equal(seen.length, 100);
    assert.equal(seen.join(''), Array.from({ length: 100 }, (_, i) => `core 0 line ${i}\n`).join(''));
    assert.equal(r.result.log, '');
    const multi = launch(image, 'chatter', [specArg('t', 'shape=1'), int32('lines', 2)], { cores: 8 }, { returnsTensor: false, dst: false });
    assert.equal(multi.result.log, 'core 0 line 0\ncore 0 line 1\n');
  });
});
