// The sanitizers, each positive (reported as kind + source line + core + tensor/index) and negative
// (a correct kernel, or the sanitizer switched off, reports nothing): accessor bounds (the
// aws-neuron-sdk #1019 program), TCM copies past the end, torch::empty reads, bad tcm_free, TCM use
// after free, stack overflow, stale windows, and guest exceptions with their EXCCAUSE.

import { strict as assert } from 'node:assert';
import { SANITIZERS } from '../../../emulator/device';
import { ISSUE_1019, SANITIZE_DEFINES, kernelImage, launch, specArg } from './helpers';


/** The line of `needle` in `src` (1-based). */
const lineOf = (src: string, needle: string) => src.split('\n').findIndex((l) => l.includes(needle)) + 1;


/** A kernel whose recursion depth (parameter n) decides how much stack it uses (about 300 bytes a frame). */
const DEEP_RECURSION = `#include <torch/torch.h>
int deep(int n) {
  volatile int pad[64];
  pad[0] = n;
  return n == 0 ? 0 : deep(n - 1) + pad[0];
}
void k(const torch::Tensor& t, int n) { deep(n); }
`;
/** A 32-bit integer kernel argument. */
function int32Arg(name: string, v: number) {
  return { kind: 'scalar' as const, name, bytes: new Uint8Array(new Int32Array([v]).buffer) };
}

describe('device: sanitizers', function () {
  this.timeout(120000);

  it('#1019: acc[15][20][30] on a {5,5,5} tensor is an out-of-bounds fault at its line', async () => {
    const image = await kernelImage(ISSUE_1019, '/kernels/issue1019.cpp');
    const { result, lines } = launch(image, 'fill3', [specArg('t', 'shape=1,init=zeros')]);
    assert.equal(result.faults.length, 1, lines.join('\n'));
    const f = result.faults[0];
    assert.equal(f.kind, 'out-of-bounds');
    assert.equal(f.location?.line, lineOf(ISSUE_1019, 'acc[15]'));
    assert.match(f.location!.file, /issue1019\.cpp$/);
    assert.match(lines[0], /issue1019\.cpp:6:\d+: fault out-of-bounds: index 15 is out of bounds for dimension 0 of size 5 \[core 0, tensor created at issue1019\.cpp:3/);
    assert.equal(result.output, undefined);
  });

  it('#1019 without the bounds sanitizer runs silently (as on the device)', async () => {
    const image = await kernelImage(ISSUE_1019, '/kernels/issue1019.cpp', {});
    const { result } = launch(image, 'fill3', [specArg('t', 'shape=1,init=zeros')], { sanitize: SANITIZERS.filter((s) => s !== 'bounds') });
    assert.deepEqual(result.faults.filter((f) => f.kind === 'out-of-bounds'), []);
  });

  it('reads of torch::empty memory never written fault; after a write they do not', async () => {
    const src = `#include <torch/torch.h>
torch::Tensor k(const torch::Tensor& t) {
  torch::Tensor e = torch::empty({4}, torch::kFloat);
  auto a = e.accessor<float, 1>();
  a[0] = 1.0f;
  float x = a[0];
  float y = a[2];
  torch::Tensor out = torch::zeros({1}, torch::kFloat);
  auto o = out.accessor<float, 1>();
  o[0] = x + y;
  return out;
}
`;
    const image = await kernelImage(src, '/kernels/empty.cpp');
    const { result, lines } = launch(image, 'k', [specArg('t', 'shape=1,init=zeros')]);
    assert.equal(result.faults.length, 1, lines.join('\n'));
    assert.equal(result.faults[0].kind, 'uninitialized-read');
    assert.equal(result.faults[0].location?.line, lineOf(src, 'float y'));
    assert.equal(result.faults[0].index, '[2]');
    const off = launch(image, 'k', [specArg('t', 'shape=1,init=zeros')], { sanitize: SANITIZERS.filter((s) => s !== 'uninitialized') });
    assert.deepEqual(off.result.faults, []);
  });

  it('a page of torch::empty memory written completely drops its shadow (fast path again); a gap is still caught', async () => {
    const src = `#include <torch/torch.h>
void k(const torch::Tensor& t, int skip) {
  torch::Tensor e = torch::empty({32768}, torch::kFloat);
  auto a = e.accessor<float, 1>();
  for (int64_t i = 0; i < 32768; i++) if (i != skip) a[i] = 1.0f;
  volatile float s = 0.0f;
  for (int64_t i = 0; i < 32768; i++) s += a[i];
}
`;
    const image = await kernelImage(src, '/kernels/shadow.cpp');
    const int32 = (v: number) => int32Arg('skip', v);
    // 32768 floats: two 64 KiB pages, each written completely
    const full = launch(image, 'k', [specArg('t', 'shape=1'), int32(-1)], {}, { returnsTensor: false });
    assert.deepEqual(full.lines, []);
    assert.equal(full.device.hbm.initShadow.size, 0, 'no shadow page left');
    // element 20000 (second page) never written: its page keeps the shadow, the first page drops it
    const gap = launch(image, 'k', [specArg('t', 'shape=1'), int32(20000)], {}, { returnsTensor: false });
    assert.equal(gap.result.faults.length, 1, gap.lines.join('\n'));
    assert.equal(gap.result.faults[0].kind, 'uninitialized-read');
    assert.equal(gap.result.faults[0].index, '[20000]');
    assert.equal(gap.device.hbm.initShadow.size, 1);
  });

  it('tcm_free of a pointer tcm_malloc did not return; a matching free is clean', async () => {
    const src = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
void k(const torch::Tensor& t, int bad) {
  char* p = (char*)torch::neuron::tcm_malloc(64);
  torch::neuron::tcm_free(bad ? p + 4 : p);
}
`;
    const image = await kernelImage(src, '/kernels/tcmfree.cpp');
    const int32 = (v: number) => int32Arg('bad', v);
    const bad = launch(image, 'k', [specArg('t', 'shape=1'), int32(1)], {}, { returnsTensor: false });
    assert.equal(bad.result.faults[0]?.kind, 'bad-tcm-free', bad.lines.join('\n'));
    assert.equal(bad.result.faults[0].location?.line, lineOf(src, 'tcm_free(bad'));
    const good = launch(image, 'k', [specArg('t', 'shape=1'), int32(0)], {}, { returnsTensor: false });
    assert.deepEqual(good.lines, []);
    assert.equal(good.result.cores[0].tcmHighWater >= 64, true);
  });

  it('a load or store of TCM after tcm_free faults at its instruction; a re-allocation makes the bytes legal again', async () => {
    const src = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
void k(const torch::Tensor& t, int mode) {
  float* p = (float*)torch::neuron::tcm_malloc(64);
  p[3] = 1.0f;
  volatile float sum = p[3];
  torch::neuron::tcm_free(p);
  if (mode == 1) p[3] = 2.0f;
  if (mode == 2) sum += p[5];
  float* q = (float*)torch::neuron::tcm_malloc(64);
  q[5] = 4.0f;
  sum += q[5];
  torch::neuron::tcm_free(q);
  if (mode == 3) t.tcm_accessor().tensor_to_tcm<float>(q, 0, 1);
}
`;
    const image = await kernelImage(src, '/kernels/uaf.cpp');
    const int32 = (v: number) => int32Arg('mode', v);
    const run = (mode: number) => launch(image, 'k', [specArg('t', 'shape=4'), int32(mode)], {}, { returnsTensor: false });
    const store = run(1);
    assert.equal(store.result.faults.length, 1, store.lines.join('\n'));
    assert.equal(store.result.faults[0].kind, 'tcm-use-after-free');
    assert.equal(store.result.faults[0].location?.line, lineOf(src, 'mode == 1'));
    assert.match(store.result.faults[0].message, /^store of 4 bytes of TCM at 0x3fff000c, 12 bytes into the 64-byte block at 0x3fff0000, after tcm_free/);
    const load = run(2);
    assert.equal(load.result.faults[0]?.kind, 'tcm-use-after-free', load.lines.join('\n'));
    assert.equal(load.result.faults[0].location?.line, lineOf(src, 'mode == 2'));
    assert.match(load.result.faults[0].message, /^load of 4 bytes of TCM at 0x3fff0014/);
    const dma = run(3);
    assert.equal(dma.result.faults[0]?.kind, 'tcm-use-after-free', dma.lines.join('\n'));
    assert.equal(dma.result.faults[0].location?.line, lineOf(src, 'mode == 3'));
    assert.match(dma.result.faults[0].message, /^copy into 4 bytes of TCM at 0x3fff0000/);
    // the same block allocated again (q) is used legally; nothing else is reported
    assert.deepEqual(run(0).lines, []);
    // switched off: no guard, the late store and load run silently
    const off = launch(image, 'k', [specArg('t', 'shape=4'), int32(2)], { sanitize: SANITIZERS.filter((x) => x !== 'tcm') }, { returnsTensor: false });
    assert.deepEqual(off.lines, []);
  });

  it('TCM copies past the end of a tensor are reported (SDK check, and the device DMA check)', async () => {
    const src = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
torch::Tensor k(const torch::Tensor& t, int n) {
  torch::Tensor out = torch::zeros({8}, torch::kFloat);
  float* buf = (float*)torch::neuron::tcm_malloc(64);
  auto src = t.tcm_accessor();
  src.tensor_to_tcm<float>(buf, 4, n);
  auto dst = out.tcm_accessor();
  dst.tcm_to_tensor<float>(buf, 0, 4);
  torch::neuron::tcm_free(buf);
  return out;
}
`;
    const int32 = (v: number) => int32Arg('n', v);
    const image = await kernelImage(src, '/kernels/copies.cpp');
    const bad = launch(image, 'k', [specArg('t', 'shape=8,init=arange'), int32(6)]);
    assert.equal(bad.result.faults[0]?.kind, 'copy-out-of-bounds', bad.lines.join('\n'));
    assert.equal(bad.result.faults[0].location?.line, lineOf(src, 'tensor_to_tcm'));
    // built without Q7_SANITIZE_COPIES: the device's own DMA check still sees it
    const plain = await kernelImage(src, '/kernels/copies.cpp', {});
    const dev = launch(plain, 'k', [specArg('t', 'shape=8,init=arange'), int32(6)]);
    assert.equal(dev.result.faults[0]?.kind, 'dma-out-of-bounds', dev.lines.join('\n'));
    assert.equal(dev.result.faults[0].tensor, 't');
    assert.match(dev.lines[0], /elements \[4, 10\) of a tensor of 8 elements \(2 past the end\)/);
    const good = launch(image, 'k', [specArg('t', 'shape=8,init=arange'), int32(4)]);
    assert.deepEqual(good.lines, []);
    assert.equal(good.result.cores[0].dmaBytes, 32);
  });

  it('stack overflow: deep recursion past the 8 KiB stack, at the ENTRY that crosses the limit', async () => {
    const src = DEEP_RECURSION;
    const int32 = (v: number) => int32Arg('n', v);
    const image = await kernelImage(src, '/kernels/stack.cpp');
    const bad = launch(image, 'k', [specArg('t', 'shape=1'), int32(200)], {}, { returnsTensor: false });
    assert.equal(bad.result.faults.length, 1, bad.lines.join('\n'));
    const f = bad.result.faults[0];
    assert.equal(f.kind, 'stack-overflow', bad.lines.join('\n'));
    assert.equal(f.location?.line, lineOf(src, 'int deep'), bad.lines.join('\n'));
    assert.match(f.message, /the entry of deep would move the stack pointer to 0x[0-9a-f]+, \d+ bytes below the stack limit 0x3fffe000 \(stack size 8192/);
    // exact: nothing below the limit was written (the frame that would cross it was never made)
    assert.ok(bad.result.cores[0].stackHighWater <= 8192, `${bad.result.cores[0].stackHighWater}`);
    const good = launch(image, 'k', [specArg('t', 'shape=1'), int32(5)], {}, { returnsTensor: false });
    assert.deepEqual(good.lines, []);
    assert.ok(good.result.cores[0].stackHighWater > 5 * 256, `${good.result.cores[0].stackHighWater}`);
    // switched off, the same kernel runs on (into the memory below the stack) without a stack fault
    const off = launch(image, 'k', [specArg('t', 'shape=1'), int32(40)], { sanitize: SANITIZERS.filter((x) => x !== 'stack') }, { returnsTensor: false });
    assert.deepEqual(off.lines, []);
  });

  it('stack overflow of a -DSTACK_SIZE stack in slow RAM is caught at its limit too', async () => {
    const src = DEEP_RECURSION;
    const int32 = (v: number) => int32Arg('n', v);
    const image = await kernelImage(src, '/kernels/stack.cpp', { ...SANITIZE_DEFINES, STACK_SIZE: '65536' });
    const opts = { stackSize: 65536 };
    // 100 frames overflow 8 KiB but fit in 64 KiB
    const fits = launch(image, 'k', [specArg('t', 'shape=1'), int32(100)], opts, { returnsTensor: false });
    assert.deepEqual(fits.lines, []);
    assert.ok(fits.result.cores[0].stackHighWater > 8192, `${fits.result.cores[0].stackHighWater}`);
    const bad = launch(image, 'k', [specArg('t', 'shape=1'), int32(2000)], opts, { returnsTensor: false });
    assert.equal(bad.result.faults.length, 1, bad.lines.join('\n'));
    assert.equal(bad.result.faults[0].kind, 'stack-overflow');
    assert.equal(bad.result.faults[0].location?.line, lineOf(src, 'int deep'));
    // the slow-RAM stack ends at 0x3ff00000: its limit is 64 KiB below
    assert.match(bad.result.faults[0].message, /below the stack limit 0x3fef0000 \(stack size 65536/);
  });

  it('stale window: a reference held across translates that evicted its window', async () => {
    const src = `#include <torch/torch.h>
void k(const torch::Tensor& t, int far) {
  c10::Q7PtrType p = t.q7_data_ptr();
  float& first = p.operator[]<float>(0);
  for (int w = 1; w <= far; w++) p.operator[]<float>(w * 16384) = 0.0f;
  first = 1.0f;
}
`;
    const int32 = (v: number) => int32Arg('far', v);
    const image = await kernelImage(src, '/kernels/stale.cpp');
    const bad = launch(image, 'k', [specArg('t', 'shape=100000,init=zeros'), int32(5)], {}, { returnsTensor: false });
    assert.equal(bad.result.faults[0]?.kind, 'stale-window', bad.lines.join('\n'));
    assert.equal(bad.result.faults[0].location?.line, lineOf(src, 'first = 1.0f'));
    assert.equal(bad.result.faults[0].index, '[0]');
    // three other windows fit next to the first one: no eviction, no fault
    const good = launch(image, 'k', [specArg('t', 'shape=100000,init=zeros'), int32(3)], {}, { returnsTensor: false });
    assert.deepEqual(good.lines, []);
    // with 8 windows the same program is fine
    const wide = launch(image, 'k', [specArg('t', 'shape=100000,init=zeros'), int32(5)], { windowCount: 8 }, { returnsTensor: false });
    assert.deepEqual(wide.lines, []);
  });

  it('guest exceptions carry EXCCAUSE: divide by zero, unaligned access', async () => {
    const src = `#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
void k(const torch::Tensor& t, int d) {
  char* p = (char*)torch::neuron::tcm_malloc(16);
  int q = 100 / d;
  int* u = (int*)(p + (d == 1 ? 1 : 0));
  *u = q;
  torch::neuron::tcm_free(p);
}
`;
    const int32 = (v: number) => int32Arg('d', v);
    const image = await kernelImage(src, '/kernels/exc.cpp');
    const div = launch(image, 'k', [specArg('t', 'shape=1'), int32(0)], {}, { returnsTensor: false });
    assert.equal(div.result.faults[0]?.kind, 'divide-by-zero', div.lines.join('\n'));
    assert.match(div.lines[0], /exc\.cpp:5:\d+: fault divide-by-zero: EXCCAUSE 6 \(IntegerDivideByZero\)/);
    const una = launch(image, 'k', [specArg('t', 'shape=1'), int32(1)], {}, { returnsTensor: false });
    assert.equal(una.result.faults[0]?.kind, 'unaligned-access', una.lines.join('\n'));
    assert.match(una.lines[0], /exc\.cpp:7:\d+: fault unaligned-access: EXCCAUSE 9 \(LoadStoreAlignment\) at address 0x3fff0001/);
    const ok = launch(image, 'k', [specArg('t', 'shape=1'), int32(2)], {}, { returnsTensor: false });
    assert.deepEqual(ok.lines, []);
  });

  it('an illegal instruction (ILL patched over the kernel body) carries EXCCAUSE 0 and the kernel line', async () => {
    const src = `#include <torch/torch.h>
void k(const torch::Tensor& t) {
  int x = 1;
}
`;
    const built = await kernelImage(src, '/kernels/ill.cpp');
    const sym = built.symbols.find((s) => s.name.startsWith('_Z1k'))!;
    // a copy of the image whose code has ILL (0x000000) right after the function's ENTRY
    const image = { ...built, segments: built.segments.map((seg) => ({ ...seg, data: seg.data.slice() })) };
    const seg = image.segments.find((x) => sym.value >= x.paddr && sym.value < x.paddr + x.data.length)!;
    seg.data.fill(0, sym.value + 3 - seg.paddr, sym.value + 6 - seg.paddr);
    const r = launch(image, 'k', [specArg('t', 'shape=1')], {}, { returnsTensor: false });
    assert.equal(r.result.faults[0]?.kind, 'illegal-instruction', r.lines.join('\n'));
    assert.match(r.lines[0], /ill\.cpp:[23]:\d+: fault illegal-instruction: EXCCAUSE 0 \(IllegalInstruction\)/);
  });
});

describe('device: bad device-call arguments', function () {
  this.timeout(120000);
  it('a DMA to an unmapped local address is a bus-error fault, not a crash', async () => {
    const src = `#include <torch/torch.h>
void k(const torch::Tensor& t) {
  neuron_memcpy((void*)0x10, t.q7_data_ptr().ctx_ptr, t.q7_data_ptr().hbm_addr, 4, NEURON_MEMCPY_TO_LOCAL);
}
`;
    const image = await kernelImage(src, '/kernels/baddma.cpp');
    const r = launch(image, 'k', [specArg('t', 'shape=4')], {}, { returnsTensor: false });
    assert.equal(r.result.faults[0]?.kind, 'bus-error', r.lines.join('\n'));
    assert.match(r.lines[0], /baddma\.cpp:3:\d+: fault bus-error: device call 5102: device: local address 0x10 is not mapped/);
  });
});
