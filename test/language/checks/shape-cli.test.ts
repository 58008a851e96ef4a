// `q7 check` finds a kernel's shape file (shape.cpp next to it, or --shape-src) and reports where the
// two disagree; the SDK's torchneuron/register.h lets a shape file in the samples' form check clean.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkCommand } from '../../../cli/commands/check';
import { UsageError, type CliIO } from '../../../cli/io';

const SHAPE = `#include <stdint.h>
#include <stdlib.h>
#include <torch/torch.h>
#include "torchneuron/register.h"

torch::Tensor fwd_shape(torch::Tensor t_in) {
  torch::Tensor t_out = torch::zeros(t_in.sizes(), torch::kFloat);
  return t_out;
}

NEURON_LIBRARY(my_ops, m) {
  m.def("relu_forward", &fwd_shape, "relu_forward");
}
`;
const KERNEL = `#include <torch/torch.h>
torch::Tensor relu_forward(const torch::Tensor& t_in, int64_t n) {
  return t_in;
}
`;

async function run(args: string[]): Promise<{ status: number; out: string }> {
  let out = '';
  const io: CliIO = { stdout: (s) => void (out += s), stderr: () => undefined, readFile: (p) => fs.readFileSync(p), writeFile: () => undefined };
  const status = await checkCommand.run(args, io);
  return { status, out };
}

describe('q7 check with a shape file', function () {
  this.timeout(60000);
  let dir = '';
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shape-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('checks a NEURON_LIBRARY shape file clean', async () => {
    fs.writeFileSync(path.join(dir, 'shape.cpp'), SHAPE);
    assert.deepEqual(await run([path.join(dir, 'shape.cpp')]), { status: 0, out: '' });
  });

  it('compares the kernel with shape.cpp next to it', async () => {
    fs.writeFileSync(path.join(dir, 'shape.cpp'), SHAPE);
    fs.writeFileSync(path.join(dir, 'relu.cpp'), KERNEL);
    const r = await run([path.join(dir, 'relu.cpp')]);
    assert.equal(r.status, 1);
    assert.match(r.out, /relu\.cpp:2:15: error: kernel 'relu_forward' takes 2 parameters but its shape function 'fwd_shape' takes 1 \[Q7-S016\]\n {2}note: the kernel takes \(Tensor, int64_t\)\n\S*shape\.cpp:\d+:\d+: note: shape function 'fwd_shape\(Tensor\)' in shape\.cpp\n.*\n {2}help: give the kernel and its shape function the same parameters\n$/);
  });

  it('takes the shape file from --shape-src, and says when it cannot read it', async () => {
    fs.mkdirSync(path.join(dir, 'host'));
    fs.writeFileSync(path.join(dir, 'host', 'shapes.cpp'), SHAPE.replace('"relu_forward");', '"relu_fwd");'));
    fs.writeFileSync(path.join(dir, 'relu.cpp'), KERNEL);
    const r = await run(['--shape-src', path.join(dir, 'host', 'shapes.cpp'), path.join(dir, 'relu.cpp')]);
    assert.match(r.out, /shapes\.cpp:12:37: warning: 'relu_forward' is registered with compute function "relu_fwd", which relu\.cpp does not define/);
    assert.match(r.out, /relu\.cpp:2:15: warning: kernel 'relu_forward' is not registered in shapes\.cpp/);
    await assert.rejects(run(['--shape-src', path.join(dir, 'nope.cpp'), path.join(dir, 'relu.cpp')]), (e: unknown) => e instanceof UsageError && /nope\.cpp: cannot read the shape file/.test(e.message));
  });
});
