// The SDK's device side as compiled into kernel images, run on the bare q7 machine with the test-side
// device host: the accessor path of the first seed (one neuron_translate per element, none while
// descending, the element index narrowed to 32 bits), coherency policies, TORCH_CHECK, assert, and the
// sanitizer hooks that exist only under Q7_SANITIZE_BOUNDS / Q7_SANITIZE_COPIES.

import { strict as assert } from 'node:assert';
import { DEVICE_CALL, NEURON_TRANSLATE_SYMBOL, POLICY, REPORT, SCALAR_TYPE, TENSOR_HANDLE } from '../../target/q7/abi';
import type { CompileOptions, CompileResult } from '../../compiler';
import { compileSource } from './harness';
import { KernelHost } from './kernel-host';

const PRELUDE = '#include <stdio.h>\n#include <torch/torch.h>\n';

async function kernel(body: string, options: CompileOptions = {}): Promise<CompileResult> {
  const r = await compileSource(PRELUDE + body, '/test/sdk.cpp', options);
  assert.deepEqual(r.diagnostics, []);
  return r;
}

/** Runs opcode 1 with one float tensor argument of `sizes` holding 0, 1, 2, … */
function runWithTensor(r: CompileResult, sizes: number[], opts: { strides?: bigint[]; policy?: number; logSize?: number } = {}) {
  const host = new KernelHost(r.image!, { logSize: opts.logSize ?? 256, windowSize: 0x40, windowCount: 2 });
  host.count(r.image!, NEURON_TRANSLATE_SYMBOL);
  const impl = host.tensorImpl(sizes, SCALAR_TYPE.Float, 4, opts.strides);
  const numel = sizes.reduce((a, b) => a * b, 1);
  host.writeFloats(impl, Array.from({ length: numel }, (_, i) => i));
  const handle = host.handle(impl);
  if (opts.policy !== undefined) host.m.write32(handle + TENSOR_HANDLE.enforcer + 12, opts.policy);
  const argv = host.alloc(4);
  host.m.write32(argv, handle);
  host.launch('opcode', 1);
  host.launch('argv', argv);
  host.launch('argc', 1);
  const { exitCode } = host.run();
  return { host, exitCode, handle };
}

function readString(host: KernelHost, addr: number): string {
  let s = '';
  for (let a = addr; ; a++) {
    const b = host.m.readMemory(a, 1)![0];
    if (b === 0) return s;
    s += String.fromCharCode(b);
  }
}

describe('compiler kernel SDK (device side)', function () {
  this.timeout(120_000);

  it('translates once per element access, never while descending a dimension', async () => {
    const r = await kernel(`void sum2d(const torch::Tensor& t) {
  auto a = t.accessor<float, 2>();
  float s = 0.0f;
  for (int64_t i = 0; i < t.size(0); i++)
    for (int64_t j = 0; j < t.size(1); j++) s += a[i][j];
  printf("%d\\n", (int)s);
}
`);
    const { host, exitCode } = runWithTensor(r, [3, 5]);
    assert.equal(exitCode, 0);
    assert.equal(host.logText(), '105\n');
    assert.equal(host.calls.get(NEURON_TRANSLATE_SYMBOL), 15);
  });

  it('narrows the element index to 32 bits where the seed does (stride·i as size_t)', async () => {
    const r = await kernel(`void pick(const torch::Tensor& t) {
  auto a = t.accessor<float, 1>();
  printf("%d\\n", (int)(float)a[1]);
}
`);
    // stride 2^32 + 1: 64-bit arithmetic would address element 2^32 + 1; the narrowed index is 1
    const { host, exitCode } = runWithTensor(r, [2], { strides: [0x1_0000_0001n] });
    assert.equal(exitCode, 0);
    assert.equal(host.logText(), '1\n');
  });

  it('has no bounds checks without Q7_SANITIZE_BOUNDS, and reports outOfBounds with it', async () => {
    const src = `void oob(const torch::Tensor& t) {
  auto a = t.accessor<float, 2>();
  printf("%d\\n", (int)(float)a[1][5]);
}
`;
    const plain = await kernel(src);
    assert.doesNotMatch(plain.assembly!, /__q7_index_out_of_bounds/);
    const checked = await kernel(src, { defines: { Q7_SANITIZE_BOUNDS: '1' } });
    assert.match(checked.assembly!, /call8\t__q7_index_out_of_bounds/);
    const { host, exitCode, handle } = runWithTensor(checked, [3, 5]);
    assert.equal(exitCode, 134);
    const reports = host.callsOf(DEVICE_CALL.report);
    assert.deepEqual(reports.map((e) => e.args), [[REPORT.outOfBounds, handle + TENSOR_HANDLE.enforcer, 5, 5, 1]]);
  });

  it('reports copyOutOfBounds for a TCM copy past the tensor end only under Q7_SANITIZE_COPIES', async () => {
    const src = `void copy(const torch::Tensor& t) {
  float* buf = (float*)torch::neuron::tcm_malloc(64);
  if (buf == nullptr) return;
  auto src = t.tcm_accessor();
  src.tensor_to_tcm<float>(buf, 4, 3);
  printf("%d\\n", (int)buf[1]);
  torch::neuron::tcm_free(buf);
}
`;
    const plain = await kernel(src);
    const ok = runWithTensor(plain, [8]);
    assert.equal(ok.exitCode, 0);
    assert.equal(ok.host.logText(), '5\n');
    const checked = await kernel(src, { defines: { Q7_SANITIZE_COPIES: '1' } });
    const inBounds = runWithTensor(checked, [8]);
    assert.deepEqual(inBounds.host.callsOf(DEVICE_CALL.report), []);
    const past = runWithTensor(checked, [6]);
    assert.equal(past.exitCode, 134);
    assert.deepEqual(past.host.callsOf(DEVICE_CALL.report).map((e) => [e.args[0], e.args[2], e.args[3], e.args[4]]), [[REPORT.copyOutOfBounds, 4, 3, 6]]);
  });

  it('coherency conflicts: COHERENT reports fatally, INCOHERENT_VERBOSE warns, INCOHERENT_QUIET says nothing', async () => {
    const r = await kernel(`void conflict(torch::Tensor& t) {
  auto a = t.accessor<float, 1>();
  auto w = t.write_stream_accessor<float>();
  printf("after\\n");
}
`);
    const coherent = runWithTensor(r, [4], { policy: POLICY.COHERENT });
    assert.equal(coherent.exitCode, 134);
    assert.deepEqual(coherent.host.callsOf(DEVICE_CALL.report).map((e) => [e.args[0], e.args[2]]), [[REPORT.coherency, coherent.handle + TENSOR_HANDLE.enforcer]]);
    assert.match(readString(coherent.host, coherent.host.callsOf(DEVICE_CALL.report)[0].args[1]), /buffered writer/);
    const verbose = runWithTensor(r, [4], { policy: POLICY.INCOHERENT_VERBOSE });
    assert.equal(verbose.exitCode, 0);
    assert.deepEqual(verbose.host.callsOf(DEVICE_CALL.report).map((e) => [e.args[0], e.args[2]]), [[REPORT.coherencyWarning, verbose.handle + TENSOR_HANDLE.enforcer]]);
    assert.equal(verbose.host.logText(), 'after\n');
    const quiet = runWithTensor(r, [4], { policy: POLICY.INCOHERENT_QUIET });
    assert.equal(quiet.exitCode, 0);
    assert.deepEqual(quiet.host.callsOf(DEVICE_CALL.report), []);
  });

  it('a failed assert (<cassert>, <assert.h>) reports assertFailed with the expression, file and line; NDEBUG removes it', async () => {
    const src = `#include <cassert>
void one_dim(const torch::Tensor& t) {
  assert(t.dim() == 1);
  printf("after\\n");
}
`;
    const ok = runWithTensor(await kernel(src), [4]);
    assert.equal(ok.exitCode, 0);
    assert.deepEqual(ok.host.callsOf(DEVICE_CALL.report), []);
    assert.equal(ok.host.logText(), 'after\n');
    const failed = runWithTensor(await kernel(src), [2, 2]);
    assert.equal(failed.exitCode, 134);
    const [report] = failed.host.callsOf(DEVICE_CALL.report);
    assert.equal(report.args[0], REPORT.assertFailed);
    assert.equal(readString(failed.host, report.args[1]), 't.dim() == 1');
    assert.equal(readString(failed.host, report.args[2]), '/test/sdk.cpp');
    assert.equal(report.args[3], 5, 'the line of the assert (after the two-line prelude)');
    assert.equal(failed.host.logText(), '');
    const ndebug = runWithTensor(await kernel(src, { defines: { NDEBUG: '1' } }), [2, 2]);
    assert.equal(ndebug.exitCode, 0);
    assert.equal(ndebug.host.logText(), 'after\n');
    // <assert.h> may be included again after NDEBUG changes: each inclusion redefines assert
    const again = await kernel(`#define NDEBUG
#include <assert.h>
#undef NDEBUG
#include <assert.h>
void one_dim(const torch::Tensor& t) { assert(t.dim() == 1); }
`);
    assert.equal(runWithTensor(again, [2, 2]).host.callsOf(DEVICE_CALL.report)[0]?.args[0], REPORT.assertFailed);
  });

  it('a failed TORCH_CHECK reports checkFailed with the condition, file and line', async () => {
    const r = await kernel(`void wrong_rank(const torch::Tensor& t) {
  auto a = t.accessor<float, 2>();
}
`);
    const { host, exitCode } = runWithTensor(r, [4]);
    assert.equal(exitCode, 134);
    const [report] = host.callsOf(DEVICE_CALL.report);
    assert.equal(report.args[0], REPORT.checkFailed);
    assert.equal(readString(host, report.args[1]), 'dim() == N');
    assert.match(readString(host, report.args[2]), /TensorBase\.h$/);
    assert.ok(report.args[3] > 0, 'a line number');
  });
});
