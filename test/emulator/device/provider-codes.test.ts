// Seed 003's provider result codes where their conditions arise, pinned by the seed's literal values
// (not the product's constants): ENOSPC (7) past the Cayman prelink cap of 0x10000 bytes, INVALID (8)
// for a load-sequence buffer that is not 8-byte aligned or a library of another context,
// UNKNOWN_CORE (1) for a coretype of the wrong scheme (scheme A {6,13,21,29} vs scheme B {2,9,17,25}),
// UNKNOWN_IMAGE (2) / MISSING_IMAGE (3), ALLOCATION (5) when staging in HBM fails, IO (6) when the rw
// accessor fails; the overlapping mailbox spans; stream accessors caught in multicore mode.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Device, ProviderError } from '../../../emulator/device';
import { Hbm } from '../../../emulator/device/hbm';
import {
  DeviceRw, contextCreate, coreCreate, enablePcBoundsCheck, getExtIsa, getMemoryImage, llCreate, llGetSequence, onUcodeBooted, setDgePriorityClassMap,
} from '../../../emulator/device/provider';
import { EXAMPLES, kernelImage, launch, specArg } from './helpers';

function mapRw(): DeviceRw & { words: Map<number, number> } {
  const words = new Map<number, number>();
  return { words, read32: (a) => words.get(a) ?? 0, write32: (a, v) => void words.set(a, v >>> 0) };
}
const lineOf = (src: string, needle: string) => src.split('\n').findIndex((l) => l.includes(needle)) + 1;

function codeOf(f: () => unknown): { code: number; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof ProviderError) return { code: e.code, message: e.message };
    throw e;
  }
  assert.fail('no ProviderError');
}

/** A kernel whose code is larger than 64 KiB (8 functions of 100 statements). */
const BIG = `#include <torch/torch.h>
#define S(k) v = v * 1.0001f + (float)(k) * n;
#define S10(k) S(k##0) S(k##1) S(k##2) S(k##3) S(k##4) S(k##5) S(k##6) S(k##7) S(k##8) S(k##9)
#define S100(k) S10(k##0) S10(k##1) S10(k##2) S10(k##3) S10(k##4) S10(k##5) S10(k##6) S10(k##7) S10(k##8) S10(k##9)
#define F(k) float f##k(float n) { volatile float v = 0; S100(k) return v; }
F(10) F(11) F(12) F(13) F(14) F(15) F(16) F(17)
#define C(k) + f##k(x)
void big(const torch::Tensor& t) {
  float x = (float)t.size(0);
  volatile float r = 0 C(10) C(11) C(12) C(13) C(14) C(15) C(16) C(17);
}
`;

describe('device: seed 003 provider result codes', function () {
  this.timeout(240000);

  it('scheme A coretypes 6/13/21/29 on the ext-isa paths, scheme B pool kinds 2/9/17/25 on core_create; a swap is UNKNOWN_CORE (1)', () => {
    for (const t of [6, 13, 21, 29]) assert.equal(getExtIsa(t).coreType, t);
    assert.equal(getExtIsa(6).prelink, false);
    assert.deepEqual([13, 21, 29].map((t) => getExtIsa(t).prelink), [true, true, true]);
    for (const k of [2, 9, 17, 25]) {
      const r = codeOf(() => getExtIsa(k));
      assert.equal(r.code, 1);
      assert.match(r.message, /scheme-B pool kind/);
    }
    const ctx = contextCreate(3, mapRw());
    for (const k of [2, 9, 17, 25]) assert.equal(coreCreate(ctx, k, 0x1000).kind, k);
    for (const t of [6, 13, 21, 29]) {
      const r = codeOf(() => coreCreate(ctx, t, 0x1000));
      assert.equal(r.code, 1);
      assert.match(r.message, /scheme-A ext-isa coretype/);
    }
    assert.equal(codeOf(() => getExtIsa(7)).code, 1);
    assert.equal(codeOf(() => llCreate(ctx, 9, 100, 0x40000000)).code, 1);
  });

  it('ENOSPC (7): a Cayman prelink library of 0x10000 bytes or more; SUNDA has no cap', () => {
    const ctx = contextCreate(3, mapRw());
    assert.equal(llCreate(ctx, 13, 0xffff, 0x40000000).size, 0xffff);
    for (const t of [13, 21, 29]) {
      const r = codeOf(() => llCreate(ctx, t, 0x10000, 0x40000000));
      assert.equal(r.code, 7);
      assert.match(r.message, /ENOSPC \(7\)/);
      assert.match(r.message, /larger than the available buffer on device/);
    }
    assert.equal(llCreate(ctx, 6, 0x10000, 0x40000000).size, 0x10000);
  });

  it('ENOSPC (7) from the device: a kernel image over 64 KiB on a Cayman coretype; the same on SUNDA runs', async () => {
    const image = await kernelImage(BIG, '/kernels/big.cpp');
    const r = codeOf(() => new Device(image, { coreType: 21 }));
    assert.equal(r.code, 7);
    const ok = launch(image, 'big', [specArg('t', 'shape=2')], { coreType: 6 }, { returnsTensor: false });
    assert.deepEqual(ok.lines, []);
    // a small image loads on Cayman, and the wrong scheme is refused
    const file = path.join(EXAMPLES, 'relu.cpp');
    const relu = await kernelImage(fs.readFileSync(file, 'utf8'), file);
    assert.deepEqual(launch(relu, 'relu_forward', [specArg('t_in', 'shape=2x2')], { coreType: 13 }).lines, []);
    assert.equal(codeOf(() => new Device(relu, { coreType: 2 })).code, 1);
  });

  it('INVALID (8): a load-sequence buffer not 8-byte aligned, or a library of another context', () => {
    const rw = mapRw();
    const ctx = contextCreate(3, rw);
    const core = coreCreate(ctx, 2, 0x1000);
    const ll = llCreate(ctx, 6, 0x1234, 0x40000000, () => 0x1_0000_0040);
    const buf = new Uint8Array(0x80);
    for (const off of [1, 4, 12]) assert.equal(codeOf(() => llGetSequence(ll, core, 1, buf, off)).code, 8);
    assert.equal(codeOf(() => llGetSequence(ll, core, 1, buf.subarray(4))).code, 8);
    const rec = llGetSequence(ll, core, 1, buf, 8);
    const v = new DataView(buf.buffer, 8);
    assert.equal(v.getUint16(0, true), 0x1095);
    assert.deepEqual([rec[0x0c], rec[0x0d]], [1, 0xff]);
    assert.equal(Number(v.getBigUint64(0x10, true)), 0x1_0000_0040);
    assert.deepEqual([v.getUint32(0x18, true), v.getUint32(0x1c, true)], [0x40000000, 0x1234]);
    const unload = llGetSequence(ll, core, 2, buf, 0x40);
    assert.deepEqual([unload[0x0c], Number(new DataView(buf.buffer, 0x40).getBigUint64(0x10, true))], [2, 0]);
    const other = coreCreate(contextCreate(3, mapRw()), 2, 0x1000);
    assert.equal(codeOf(() => llGetSequence(ll, other, 1, buf, 0)).code, 8);
  });

  it('UNKNOWN_IMAGE (2) and MISSING_IMAGE (3) from get_memory_image', () => {
    assert.equal(getMemoryImage(6, 'IRAM', { IRAM: 100 }), 100);
    assert.equal(codeOf(() => getMemoryImage(6, 'ROM', { IRAM: 100 })).code, 2);
    assert.equal(codeOf(() => getMemoryImage(6, 'DRAM', { IRAM: 100 })).code, 3);
    assert.equal(codeOf(() => getMemoryImage(6, 'IRAM', { IRAM: 0 })).code, 3);
  });

  it('ALLOCATION (5) when staging the library in HBM fails; IO (6) when the rw accessor fails', () => {
    const ctx = contextCreate(3, mapRw());
    const hbm = new Hbm(1 << 20);
    const r = codeOf(() => llCreate(ctx, 6, 2 << 20, 0x40000000, () => hbm.alloc(2 << 20)));
    assert.equal(r.code, 5);
    const broken: DeviceRw = { read32: () => { throw new RangeError('no device at that address'); }, write32: () => undefined };
    const core = coreCreate(contextCreate(3, broken), 2, 0x1000);
    const io = codeOf(() => onUcodeBooted(core));
    assert.equal(io.code, 6);
    assert.match(io.message, /rw_impl read at device address 0x1000/);
  });

  it('the mailbox spans overlap: DGE priority class 4 is mailbox slot 0 (+40), mailbox slot 4 is pc-bounds lo (+56)', () => {
    const rw = mapRw();
    const core = coreCreate(contextCreate(3, rw), 2, 0x1000);
    rw.write32(0x1000, 0x6099cb34);
    onUcodeBooted(core);
    assert.equal(rw.read32(0x1000), 0x502b2da1);
    setDgePriorityClassMap(core, [10, 11, 12, 13, 14]);
    assert.deepEqual([24, 28, 32, 36, 40].map((o) => rw.read32(0x1000 + o)), [10, 11, 12, 13, 14]);
    enablePcBoundsCheck(core, 0x40000000, 0x40010000);
    assert.deepEqual([56, 60, 64, 68].map((o) => rw.read32(0x1000 + o)), [0x40000000, 0, 0x40010000, 0]);
    // the priority map's last word was the DGE mailbox's first: still there; slot 4 now holds pc-bounds lo
    assert.equal(rw.read32(0x1000 + 40), 14);
  });

  it('a stream accessor in multicore mode is caught at run time at its line; single core is clean', async () => {
    const src = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
void k(const torch::Tensor& t) {
  if (get_cpu_id() != 0) return;
  auto reader = t.read_stream_accessor<float>();
  volatile float x = reader.read();
  reader.close();
}
`;
    const image = await kernelImage(src, '/kernels/stream_mc.cpp');
    const multi = launch(image, 'k', [specArg('t', 'shape=64')], { cores: 2 }, { returnsTensor: false, dst: false });
    const f = multi.result.faults.find((x) => x.kind === 'multicore-rule');
    assert.ok(f, multi.lines.join('\n'));
    assert.equal(f.location?.line, lineOf(src, 'read_stream_accessor'));
    assert.equal(f.tensor, 't');
    assert.match(f.message, /stream accessor \(read_stream_accessor\) is used in multicore mode/);
    assert.deepEqual(launch(image, 'k', [specArg('t', 'shape=64')], {}, { returnsTensor: false }).lines, []);
  });
});
