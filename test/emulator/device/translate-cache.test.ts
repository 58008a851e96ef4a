// neuron_translate's call-site cache (abi.ts TRANSLATE_CACHE_*, the ROM's device-calls.S): a translate
// whose address lies in the window its call site hit last skips the window walk; every change of the
// window table empties the cache, so the answers, the maps and the faults are those of the plain walk.
// The walk is observed by an execution counter on its first instruction (the one after the cache
// path's RETW, which every return goes through).

import { strict as assert } from 'node:assert';
import { Device, DeviceOptions, DeviceResult, KernelArg, findKernel } from '../../../emulator/device';
import type { ExecutionCounter } from '../../../emulator/exec/counted';
import { firstReturn } from '../../../emulator/device/window-hits';
import { decode } from '../../../xtensa/isa';
import { NEURON_TRANSLATE_SYMBOL, TRANSLATE_CACHE_EMPTY, TRANSLATE_CACHE_SIZE, TRANSLATE_CACHE_SLOT, TRANSLATE_CACHE_SLOT_SIZE, TRANSLATE_CACHE_SLOTS } from '../../../target/q7/abi';
import { deviceSymbols, readDebugInfo } from '../../../session';
import type { ElfImage } from '../../../xtensa/elf/types';
import { kernelImage, outputOf, specArg } from './helpers';

/** Two call sites of neuron_translate, one per tensor, taking turns. */
const TWO_SITES = `#include <torch/torch.h>
void k(const torch::Tensor& x, const torch::Tensor& y) {
  c10::Q7PtrType px = x.q7_data_ptr();
  c10::Q7PtrType py = y.q7_data_ptr();
  for (int i = 0; i < 4; i++) {
    float* a = (float*)neuron_translate(px.ctx_ptr, px.hbm_addr + 4 * i);
    *a = *a + 1.0f;
    float* b = (float*)neuron_translate(py.ctx_ptr, py.hbm_addr + 4 * i);
    *b = *b + 2.0f;
  }
}
`;

/** One call site alternating between two tensors (the SDK's operator[] at -O0 is such a site). */
const ONE_SITE = `#include <torch/torch.h>
__attribute__((noinline)) float* at(const torch::Tensor& t, int i) {
  c10::Q7PtrType p = t.q7_data_ptr();
  return (float*)neuron_translate(p.ctx_ptr, p.hbm_addr + 4 * i);
}
void k(const torch::Tensor& x, const torch::Tensor& y) {
  for (int i = 0; i < 4; i++) {
    *at(x, i) = *at(x, i) + 1.0f;
    *at(y, i) = *at(y, i) + 2.0f;
  }
}
`;

/** A reference kept from a cached translate while another call site's translate evicts its window. */
const HELD_ACROSS_EVICTION = `#include <torch/torch.h>
void k(const torch::Tensor& x, const torch::Tensor& y) {
  c10::Q7PtrType px = x.q7_data_ptr();
  c10::Q7PtrType py = y.q7_data_ptr();
  float* a[2];
  for (int i = 0; i < 2; i++) a[i] = (float*)neuron_translate(px.ctx_ptr, px.hbm_addr + 4 * i);
  float* b = (float*)neuron_translate(py.ctx_ptr, py.hbm_addr);
  *b = 1.0f;
  a[1][0] = a[0][0] + 5.0f;
}
`;

interface Counted {
  readonly result: DeviceResult;
  readonly device: Device;
  readonly translates: number;
  readonly walks: number;
}

/** The address of the window walk: the instruction after the cache path's RETW. */
function walkAddress(device: Device, translate: number): number {
  const m = device.cores[0].m;
  const ret = firstReturn(m, translate);
  assert.ok(ret !== undefined, 'neuron_translate has a RETW');
  const b = m.readMemory(ret, 3)!;
  return ret + decode(b[0], b[1], b[2], ret, 0)!.size;
}

function run(image: ElfImage, args: KernelArg[], options: DeviceOptions): Counted {
  const device = new Device(image, { symbols: deviceSymbols(readDebugInfo(image)), ...WINDOW, ...options });
  const translate = image.symbols.find((s) => s.name === NEURON_TRANSLATE_SYMBOL)!.value;
  device.prepare({ opcode: findKernel(image, 'k').opcode, args, returnsTensor: false, kernelName: 'k' });
  const walk: ExecutionCounter = device.cores[0].m.addCounter(walkAddress(device, translate));
  while (device.runUntil().kind !== 'done');
  const result = device.finish();
  return { result, device, translates: result.cores[0].translates, walks: walk.count };
}

/** Windows of one page (64 KiB); the tensors' first elements lie 128 KiB apart, so in different windows. */
const WINDOW = { windowSize: 0x10000 };
const tensors = (): KernelArg[] => [specArg('x', 'shape=32768,init=arange'), specArg('y', 'shape=32768,init=arange')];

/** The first four values of an argument tensor after the run (the kernel writes them in place). */
function argValues(d: Device, name: string): number[] {
  const t = d.hbm.tensors.find((x) => x.name === name);
  assert.ok(t, `tensor ${name}`);
  return Array.from(new Float32Array(d.hbm.read(t.addr, 16).slice().buffer));
}

/** The cache slots (window base, low word) of core 0 that are not empty. */
function filledSlots(d: Device): number[] {
  const core = d.cores[0];
  const out: number[] = [];
  for (let k = 0; k < TRANSLATE_CACHE_SLOTS; k++) {
    const base = core.g.u32(core.ctx - TRANSLATE_CACHE_SIZE + k * TRANSLATE_CACHE_SLOT_SIZE + TRANSLATE_CACHE_SLOT.base);
    if (base !== TRANSLATE_CACHE_EMPTY) out.push(base);
  }
  return out;
}

describe('device: neuron_translate call-site cache', function () {
  this.timeout(240000);

  it('hits: after the first translate of each call site, the walk is skipped; each site keeps its own slot', async () => {
    const image = await kernelImage(TWO_SITES, '/kernels/two-sites.cpp');
    const r = run(image, tensors(), { windowCount: 2 });
    assert.deepEqual(r.result.faults, []);
    assert.equal(r.translates, 8);
    assert.equal(r.result.cores[0].windowMaps, 2);
    // the first translate of each site: probe miss, walk miss, map, walk hit — two walks; y's map empties
    // the cache, so x's second translate walks once more (a hit of the walk); the other 5 are cache hits
    assert.equal(r.walks, 2 + 2 + 1);
    assert.equal(filledSlots(r.device).length, 2);
    assert.deepEqual(argValues(r.device, 'x'), [1, 2, 3, 4]);
    assert.deepEqual(argValues(r.device, 'y'), [2, 3, 4, 5]);
  });

  it('misses: one call site taking turns between two windows walks every time, with the right addresses', async () => {
    const image = await kernelImage(ONE_SITE, '/kernels/one-site.cpp');
    const r = run(image, tensors(), { windowCount: 2 });
    assert.deepEqual(r.result.faults, []);
    assert.equal(r.translates, 16);
    assert.equal(r.result.cores[0].windowMaps, 2);
    // x, x, y, y per step: the second translate of each pair hits the slot the first filled
    assert.equal(r.walks, 8 + 2);
    assert.deepEqual(argValues(r.device, 'x'), [1, 2, 3, 4]);
    assert.deepEqual(argValues(r.device, 'y'), [2, 3, 4, 5]);
  });

  it('invalidation: a window change empties the cache, so an evicted window is mapped again, not reused', async () => {
    const image = await kernelImage(TWO_SITES, '/kernels/two-sites.cpp');
    // one entry: every translate evicts the other tensor's window; a stale cached slot would return an
    // address of the unmapped aperture slot (a stale-window fault) instead of a fresh mapping
    const r = run(image, tensors(), { windowCount: 1 });
    assert.deepEqual(r.result.faults, []);
    assert.equal(r.translates, 8);
    assert.equal(r.result.cores[0].windowMaps, 8);
    assert.equal(r.walks, 16);
    assert.equal(filledSlots(r.device).length, 1, 'the last map emptied the slot of the other site');
    assert.deepEqual(argValues(r.device, 'x'), [1, 2, 3, 4]);
    assert.deepEqual(argValues(r.device, 'y'), [2, 3, 4, 5]);
  });

  it('the same faults: a reference from a cached translate held across an eviction is a stale-window fault', async () => {
    const image = await kernelImage(HELD_ACROSS_EVICTION, '/kernels/held.cpp');
    const line = HELD_ACROSS_EVICTION.split('\n').findIndex((l) => l.includes('a[1][0] =')) + 1;
    const one = run(image, tensors(), { windowCount: 1 });
    assert.equal(one.result.faults.length, 1, JSON.stringify(one.result.faults));
    assert.equal(one.result.faults[0].kind, 'stale-window');
    assert.equal(one.result.faults[0].location?.line, line);
    assert.equal(one.walks, 2 + 2, 'the second translate of x came from the cache');
    // with room for both windows the same kernel is clean
    const two = run(image, tensors(), { windowCount: 2 });
    assert.deepEqual(two.result.faults, []);
    assert.deepEqual(argValues(two.device, 'x'), [0, 5, 2, 3]);
    assert.deepEqual(argValues(two.device, 'y'), [1, 1, 2, 3]);
  });

  it('strict windows: every translate maps afresh (the retirement empties the cache), faults unchanged', async () => {
    const image = await kernelImage(TWO_SITES, '/kernels/two-sites.cpp');
    const r = run(image, tensors(), { windowCount: 2, strictWindows: true });
    assert.deepEqual(r.result.faults, []);
    assert.equal(r.result.cores[0].windowMaps, 8);
    assert.equal(r.walks, 16);
    const held = run(await kernelImage(HELD_ACROSS_EVICTION, '/kernels/held.cpp'), tensors(), { windowCount: 2, strictWindows: true });
    assert.equal(held.result.faults[0]?.kind, 'stale-window');
  });

  it('outputs are unchanged: the accessor ReLU through the cache equals the reference', async () => {
    const image = await kernelImage(`#include <torch/torch.h>
torch::Tensor k(const torch::Tensor& t) {
  torch::Tensor o = torch::zeros({t.size(0), t.size(1)}, torch::kFloat);
  auto in = t.accessor<float, 2>();
  auto out = o.accessor<float, 2>();
  for (int64_t i = 0; i < t.size(0); i++)
    for (int64_t j = 0; j < t.size(1); j++) out[i][j] = in[i][j] > 0.0f ? (float)in[i][j] : 0.0f;
  return o;
}
`, '/kernels/relu.cpp');
    const x = specArg('x', 'shape=100x300,init=randn,seed=3');
    const device = new Device(image, { symbols: deviceSymbols(readDebugInfo(image)), windowCount: 2 });
    const result = device.launch({ opcode: findKernel(image, 'k').opcode, args: [x], returnsTensor: true, kernelName: 'k' });
    assert.deepEqual(result.faults, []);
    const input = x.kind === 'tensor' ? new Float32Array(x.tensor.data.slice().buffer) : new Float32Array(0);
    const got = new Float32Array(outputOf(result).data.slice().buffer);
    assert.deepEqual(Array.from(got), Array.from(input, (v) => (v > 0 ? v : 0)));
  });
});
