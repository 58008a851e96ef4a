// `q7 run kernel.cpp --fn NAME --arg ...`: builds and runs a kernel on the device, writes --out,
// compares with --expect, prints the report; exit 0 clean, 1 on a fault or a mismatch, 2 on bad input
// (malformed .npy, wrong argument count or kind, unknown function, bad options) with a clear message.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../cli/main';
import { nodeIO, type CliIO } from '../../../cli/io';
import { generateTensor, parseTensorSpec, readNpy, toNumbers, writeNpy } from '../../../tensors';
import { EXAMPLES } from './helpers';

interface Result {
  code: number;
  out: string;
  err: string;
}

async function q7(...args: string[]): Promise<Result> {
  let out = '';
  let err = '';
  const io: CliIO = { ...nodeIO, stdout: (t) => void (out += t), stderr: (t) => void (err += t) };
  const code = await main(['run', ...args], io);
  return { code, out, err };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-run-cli-'));
const RELU = path.join(EXAMPLES, 'relu.cpp');

describe('q7 run: kernels', function () {
  this.timeout(180000);

  it('runs relu_forward on a generated tensor, writes --out and matches --expect', async () => {
    const input = generateTensor(parseTensorSpec('shape=4x16,init=randn,seed=2'));
    const inFile = path.join(dir, 'in.npy');
    fs.writeFileSync(inFile, writeNpy(input));
    const expect = { ...input, data: input.data.slice() };
    const v = new Float32Array(expect.data.buffer);
    v.forEach((x, i) => (v[i] = x > 0 ? x : 0));
    const expFile = path.join(dir, 'expect.npy');
    fs.writeFileSync(expFile, writeNpy(expect));
    const outFile = path.join(dir, 'out.npy');
    const r = await q7(RELU, '--fn', 'relu_forward', '--arg', inFile, '--out', outFile, '--expect', expFile);
    assert.equal(r.code, 0, r.err);
    assert.match(r.err, /relu_forward on 1 core: ok/);
    assert.match(r.err, /core 0: \d+ instructions, \d+ translates, window hit rate \d+\.\d% \(1 maps\), DMA \d+ bytes, TCM high-water 0 bytes, stack high-water \d+ bytes/);
    assert.match(r.err, /result: matches \(0 of 64 elements differ/);
    assert.deepEqual([...toNumbers(readNpy(new Uint8Array(fs.readFileSync(outFile)), outFile))], [...v]);
  });

  it('builds at -O2 by default with the sanitizers on; -O0 gives the same result in more instructions', async () => {
    const runAt = async (...level: string[]) => {
      const outFile = path.join(dir, `relu${level.join('')}.npy`);
      const r = await q7(RELU, ...level, '--fn', 'relu_forward', '--arg', 'shape=4x16,init=randn,seed=3', '--out', outFile);
      assert.equal(r.code, 0, r.err);
      const insns = Number(/core 0: (\d+) instructions/.exec(r.err)?.[1]);
      return { insns, out: fs.readFileSync(outFile) };
    };
    const byDefault = await runAt();
    const o2 = await runAt('-O2');
    const o0 = await runAt('-O0');
    assert.equal(byDefault.insns, o2.insns, 'the default level is -O2');
    assert.ok(o0.insns > 2 * o2.insns, `-O0 ${o0.insns} instructions, -O2 ${o2.insns}`);
    assert.deepEqual(o0.out, o2.out);
    const oob = path.join(dir, 'oob.cpp');
    fs.writeFileSync(oob, fs.readFileSync(RELU, 'utf8').replace(/(\w+)\[i\]\[j\]/, '$1[i][j + 1]'));
    const fault = await q7(oob, '--fn', 'relu_forward', '--arg', 'shape=2x3,init=ones');
    assert.equal(fault.code, 1, fault.err);
    assert.match(fault.err, /oob\.cpp:11:\d+: fault out-of-bounds: index 3 is out of bounds for dimension 1 of size 3/, 'the bounds sanitizer is on at -O2, at its line');
  });

  it('a mismatch against --expect exits 1 with the first mismatches', async () => {
    const expFile = path.join(dir, 'ones.npy');
    fs.writeFileSync(expFile, writeNpy(generateTensor(parseTensorSpec('shape=2x3,init=ones'))));
    const r = await q7(RELU, '--fn', 'relu_forward', '--arg', 'shape=2x3,init=arange', '--expect', expFile);
    assert.equal(r.code, 1);
    assert.match(r.err, /result: MISMATCH \(5 of 6 elements differ; max abs error 4/);
    assert.match(r.err, /result\[0\]\[0\]: got 0, expected 1/);
  });

  it('a fault exits 1 and prints file:line:col: fault <kind>', async () => {
    const src = path.join(dir, 'oob.cpp');
    fs.writeFileSync(src, '#include <torch/torch.h>\nvoid k(torch::Tensor& t) {\n  auto a = t.accessor<float, 1>();\n  a[4] = 1.0f;\n}\n');
    const r = await q7(src, '--arg', 'shape=4');
    assert.equal(r.code, 1);
    assert.match(r.err, /oob\.cpp:4:\d+: fault out-of-bounds: index 4 is out of bounds for dimension 0 of size 4 \[core 0, tensor t, index \[4\] in dimension 0\]/);
    const off = await q7(src, '--arg', 'shape=4', '--no-sanitize=bounds');
    assert.equal(off.code, 0, off.err);
  });

  it('a failed assert exits 1 and prints file:line:col: fault assertion-failed; -D NDEBUG compiles it out', async () => {
    const src = path.join(dir, 'asserts.cpp');
    fs.writeFileSync(src, '#include <assert.h>\n#include <torch/torch.h>\nvoid k(const torch::Tensor& a, const torch::Tensor& b) {\n  assert(a.numel() > 0);\n  assert(a.sizes() == b.sizes());\n}\n');
    const r = await q7(src, '--arg', 'shape=2x3', '--arg', 'shape=3x2');
    assert.equal(r.code, 1);
    assert.match(r.err, /asserts\.cpp:5:3: fault assertion-failed: assert\(a\.sizes\(\) == b\.sizes\(\)\) failed \[core 0\]\n/);
    assert.equal((r.err.match(/fault/g) ?? []).length, 1);
    const same = await q7(src, '--arg', 'shape=2x3', '--arg', 'shape=2x3');
    assert.equal(same.code, 0, same.err);
    const off = await q7(src, '-D', 'NDEBUG', '--arg', 'shape=2x3', '--arg', 'shape=3x2');
    assert.equal(off.code, 0, off.err);
  });

  it('the documented Scalar-first ops: pow(Scalar, Tensor), bitwise_and/or(Scalar, Tensor) and their _out forms', async () => {
    const src = path.join(dir, 'scalar_first.cpp');
    fs.writeFileSync(src, `#include <stdio.h>
#include <torch/torch.h>
void k(const torch::Tensor& f, const torch::Tensor& i) {
  torch::Tensor p = torch::pow(2, f);
  torch::Tensor a = torch::bitwise_and(6, i);
  torch::Tensor o = torch::empty(i.sizes(), torch::kInt);
  torch::bitwise_or_out(o, 8, i);
  auto pa = p.accessor<float, 1>();
  auto aa = a.accessor<int, 1>();
  auto oa = o.accessor<int, 1>();
  for (int k = 0; k < 4; k++) printf("%g %d %d\\n", (double)pa[k], (int)aa[k], (int)oa[k]);
}
`);
    const r = await q7(src, '--arg', 'shape=4,init=arange', '--arg', 'shape=4,dtype=int32,init=arange');
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, '1 0 8\n2 0 9\n4 2 10\n8 2 11\n');
  });

  it('IntArrayRef == and != compare lengths and elements (t.sizes() of tensors and of factories)', async () => {
    const src = path.join(dir, 'sizes.cpp');
    fs.writeFileSync(src, `#include <stdio.h>
#include <torch/torch.h>
void k(const torch::Tensor& a, const torch::Tensor& b) {
  torch::Tensor z = torch::zeros(a.sizes(), torch::kFloat);
  int64_t dims[] = {2, 3};
  torch::IntArrayRef two_three(dims, 2);
  printf("%d %d %d %d %d %d\\n", a.sizes() == b.sizes(), a.sizes() != b.sizes(), z.sizes() == a.sizes(),
         a.sizes() == two_three, two_three != a.sizes(), a.sizes().equals(z.sizes()));
}
`);
    const cases: [string, string, string][] = [
      ['shape=2x3', 'shape=2x3', '1 0 1 1 0 1\n'],
      ['shape=2x3', 'shape=3x2', '0 1 1 1 0 1\n'],
      ['shape=2x3', 'shape=2x3x1', '0 1 1 1 0 1\n'],
      ['shape=6', 'shape=6', '1 0 1 0 1 1\n'],
    ];
    for (const [a, b, out] of cases) {
      const r = await q7(src, '--arg', a, '--arg', b);
      assert.equal(r.code, 0, r.err);
      assert.equal(r.out, out, `${a} vs ${b}`);
    }
  });

  it('--policy sets the argument tensors\' coherency policy: coherent faults, verbose warns, quiet is silent', async () => {
    const src = path.join(dir, 'conflict.cpp');
    fs.writeFileSync(src, '#include <torch/torch.h>\nvoid k(torch::Tensor& t) {\n  for (int i = 0; i < 3; i++) {\n    auto w1 = t.write_stream_accessor<float>();\n    auto w2 = t.write_stream_accessor<float>();\n  }\n}\n');
    const coherent = await q7(src, '--arg', 'shape=4');
    assert.equal(coherent.code, 1, coherent.err);
    assert.match(coherent.err, /conflict\.cpp:5:\d+: fault coherency: .*\]\n/);
    const verbose = await q7(src, '--arg', 'shape=4', '--policy', 'verbose');
    assert.equal(verbose.code, 0, verbose.err);
    // the same warning from each of the three iterations: one line with its count
    assert.match(verbose.err, /conflict\.cpp:5:\d+: warning coherency-warning: .*\] \(3 times\)\n/);
    assert.equal(verbose.err.match(/coherency-warning/g)?.length, 1);
    const quiet = await q7(src, '--arg', 'shape=4', '--policy', 'quiet');
    assert.equal(quiet.code, 0, quiet.err);
    assert.doesNotMatch(quiet.err, /coherency/);
  });

  it('runs a kernel image built by q7 build (ELF)', async () => {
    const elf = path.join(dir, 'relu.elf');
    const b = await main(['build', RELU, '-o', elf], { ...nodeIO, stdout: () => {}, stderr: () => {} });
    assert.equal(b, 0);
    const r = await q7(elf, '--fn', 'relu_backward', '--arg', 'shape=2x2,init=ones', '--arg', 'shape=2x2,init=arange', '--out', path.join(dir, 'back.npy'));
    assert.equal(r.code, 0, r.err);
    assert.deepEqual([...toNumbers(readNpy(new Uint8Array(fs.readFileSync(path.join(dir, 'back.npy'))), 'back.npy'))], [0, 1, 1, 1]);
  });

  it('--multicore runs 8 cores; --stream-log prints while running', async () => {
    const r = await q7(path.join(EXAMPLES, 'relu_multicore.cpp'), '--multicore', '--arg', 'shape=1000,init=randn', '--stream-log');
    assert.equal(r.code, 0, r.err);
    assert.equal((r.err.match(/core \d: /g) ?? []).length, 8);
  });

  describe('bad input exits 2 with a clear message', () => {
    const cases: [string, string[], RegExp][] = [
      ['unknown function', ['--fn', 'relu_sideways', '--arg', 'shape=2x2'], /no kernel function 'relu_sideways' in the image \(kernels: relu_forward, relu_backward\)/],
      ['several kernels and no --fn', ['--arg', 'shape=2x2'], /the image has 2 kernels \(relu_forward, relu_backward\): choose one with --fn NAME/],
      ['wrong argument count', ['--fn', 'relu_backward', '--arg', 'shape=2x2'], /relu_backward\(const (at::)?Tensor & t_grad, const (at::)?Tensor & t_in\) takes 2 arguments, 1 given/],
      ['a number for a tensor', ['--fn', 'relu_forward', '--arg', '2.5'], /argument 1 't_in' \(const (at::)?Tensor &\): expects a tensor \(FILE\.npy or shape=\.\.\.\), got '2\.5'/],
      ['a bad generator', ['--fn', 'relu_forward', '--arg', 'shape=2x2,dtype=float64'], /unknown dtype 'float64'/],
      ['a bad policy', ['--fn', 'relu_forward', '--arg', 'shape=2', '--policy', 'lax'], /--policy: 'lax' is not one of coherent, verbose, quiet/],
      ['a bad sanitizer', ['--fn', 'relu_forward', '--arg', 'shape=2', '--no-sanitize=memory'], /unknown sanitizer 'memory'/],
      ['a tensor of 9 dimensions', ['--fn', 'relu_forward', '--arg', 'shape=1x1x1x1x1x1x1x1x2'], /a tensor has at most 8 dimensions \(got 9\)/],
      ['a bad window size', ['--fn', 'relu_forward', '--arg', 'shape=2', '--window-size', '1000'], /window size 1000 must be a power of two/],
    ];
    for (const [what, args, re] of cases) {
      it(what, async () => {
        const r = await q7(RELU, ...args);
        assert.equal(r.code, 2, r.err);
        assert.match(r.err, re);
        assert.doesNotMatch(r.err, /at .*\.js:\d+/); // no stack trace
      });
    }

    it('a malformed .npy names the file and the cause', async () => {
      const bad = path.join(dir, 'bad.npy');
      fs.writeFileSync(bad, new Uint8Array([0x93, ...new TextEncoder().encode('NUMPY\x01\x00\xff\x00{garbage')]));
      const r = await q7(RELU, '--fn', 'relu_forward', '--arg', bad);
      assert.equal(r.code, 2);
      assert.match(r.err, new RegExp(`bad\\.npy: (truncated header|malformed)`));
      const missing = await q7(RELU, '--fn', 'relu_forward', '--arg', path.join(dir, 'none.npy'));
      assert.equal(missing.code, 2);
      assert.match(missing.err, /none\.npy: cannot read file: ENOENT/);
    });

    it('a scalar parameter given a non-integer', async () => {
      const src = path.join(dir, 'scal.cpp');
      fs.writeFileSync(src, '#include <torch/torch.h>\nvoid k(const torch::Tensor& t, int n) {}\n');
      const r = await q7(src, '--arg', 'shape=1', '--arg', '2.5');
      assert.equal(r.code, 2);
      assert.match(r.err, /k: argument 'n' \(int\): '2\.5' is not an integer/);
    });
  });
});
