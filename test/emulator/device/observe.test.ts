// The debugger's observations of the device change nothing the guest executes: window-entry hit
// counts (a hook on neuron_translate's return), the open accessors per enforcer (hooks on the
// enforcer's members) with the earlier access of a coherency conflict, and the destination's written
// elements on one core — each checked against a run without them, and for its values.

import { strict as assert } from 'node:assert';
import { Device, findKernel, type DeviceOptions, type KernelArg } from '../../../emulator/device';
import { deviceSymbols, readDebugInfo } from '../../../session';
import type { ElfImage } from '../../../xtensa/elf/types';
import { kernelImage, specArg } from './helpers';

const SUM = `#include <torch/torch.h>
float g_sum;
void sum(const torch::Tensor& t, int n) {
  auto a = t.accessor<float, 1>();
  float s = 0.0f;
  for (int i = 0; i < n; i++) s += a[i];
  g_sum = s;
}
`;

const CONFLICT = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
void k(torch::Tensor& t) {
  if (get_cpu_id() == 1) {
    auto a = t.accessor<float, 1>();
    auto r = t.read_stream_accessor<float>();
  }
}
`;

const int32 = (name: string, v: number): KernelArg => ({ kind: 'scalar', name, bytes: new Uint8Array(new Int32Array([v]).buffer) });

function run(image: ElfImage, fn: string, args: KernelArg[], options: DeviceOptions, midway?: number): Device {
  const dev = new Device(image, { symbols: deviceSymbols(readDebugInfo(image)), ...options });
  dev.prepare({ opcode: findKernel(image, fn).opcode, args, returnsTensor: false, kernelName: fn });
  if (midway !== undefined) {
    // a snapshot, a stretch of run, then back to the snapshot: the counts follow the restored state
    dev.runUntil({ budget: midway });
    const snap = dev.snapshot();
    dev.runUntil({ budget: midway });
    dev.restore(snap);
  }
  while (dev.runUntil().kind !== 'done');
  dev.settleWindowHits();
  return dev;
}

describe('device: the debugger\'s observations (window hits, open accessors)', function () {
  this.timeout(120_000);

  it('counts each window entry\'s hits: N reads of one tensor over three windows, the same run as without', async () => {
    const image = await kernelImage(SUM, '/kernels/sum.cpp');
    const args = () => [specArg('t', 'shape=40000,init=arange'), int32('n', 40_000)];
    const plain = run(image, 'sum', args(), {});
    const counted = run(image, 'sum', args(), { countWindowHits: true });
    const w = counted.cores[0].windows;
    // one translate per read: the first of each window misses (mapWindow), the others hit its entry
    assert.deepEqual(w.entries.map((e) => e.hits), [16_383, 16_383, 40_000 - 2 * 16_384 - 1, 0]);
    assert.deepEqual(w.stats, { maps: 3, evictions: 0, hits: 39_997 });
    assert.equal(counted.cores[0].translateCounter!.count, 40_000);
    assert.equal(counted.cores[0].m.stepCount, plain.cores[0].m.stepCount);
    assert.equal(plain.cores[0].windows.stats.hits, 0);
    assert.equal(plain.cores[0].hitCounter, undefined);
    // through a snapshot and a restore midway, the counts are those of a straight run
    const restored = run(image, 'sum', args(), { countWindowHits: true }, 123_457);
    assert.deepEqual(restored.cores[0].windows.entries.map((e) => e.hits), w.entries.map((e) => e.hits));
  });

  it('strict windows: every translate maps, so no entry has a hit', async () => {
    const image = await kernelImage(SUM, '/kernels/sum.cpp');
    const dev = run(image, 'sum', [specArg('t', 'shape=100,init=arange'), int32('n', 100)], { countWindowHits: true, strictWindows: true });
    assert.equal(dev.cores[0].windows.stats.maps, 100);
    assert.equal(dev.cores[0].windows.stats.hits, 0);
  });

  it('a coherency conflict carries the earlier access still open (line, core, tensor); the run is unchanged', async () => {
    const image = await kernelImage(CONFLICT, '/kernels/conflict2.cpp');
    const plain = run(image, 'k', [specArg('t', 'shape=16')], { cores: 2 });
    const tracked = run(image, 'k', [specArg('t', 'shape=16')], { cores: 2, trackAccessors: true });
    const [f] = tracked.faults.faults;
    assert.deepEqual([f.kind, f.core, f.location?.line, f.tensor], ['coherency', 1, 6, 't']);
    assert.deepEqual({ ...f.related, pc: undefined }, { what: 'standard accessor', now: 'stream reader', core: 1, pc: undefined, location: { file: '/kernels/conflict2.cpp', line: 5, column: 5 }, tensor: 't' });
    assert.ok(f.related!.pc! >= 0x40000000);
    assert.equal(plain.faults.faults[0].related, undefined);
    assert.deepEqual(tracked.cores.map((c) => c.m.stepCount), plain.cores.map((c) => c.m.stepCount));
    // the stream's acquire failed (fatal), so both are still open on core 1; core 0 opened none
    assert.deepEqual(tracked.cores[1].accessors!.open.map((a) => [a.kind, a.location?.line]), [['accessor', 5], ['reader', 6]]);
    assert.deepEqual(tracked.cores[0].accessors!.open, []);
  });
});
