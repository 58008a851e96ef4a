// The host shim: a kernel compiled natively by g++ against the SDK headers over plain memory, run on
// .npy files written by tensors/ — its outputs are computed independently of the emulator.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildNative, runNative, HostShimError } from '../../hostshim';
import { DTYPES, generateTensor, parseTensorSpec, readNpy, toNumbers, writeNpy } from '../../tensors';
import { requireTool } from '../../harness/oracle/tools';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

describe('hostshim: native builds of the example kernels', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-hostshim-test-'));

  it('relu_forward computes max(x, 0) through the accessor API', function () {
    requireTool(this, 'gcc');
    const exe = buildNative(path.join(EXAMPLES, 'relu.cpp'), { name: 'relu_forward', params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, { dir });
    const input = generateTensor(parseTensorSpec('shape=3x5,init=randn,seed=7'));
    fs.writeFileSync(path.join(dir, 'in.npy'), writeNpy(input));
    const r = runNative(exe, path.join(dir, 'out.npy'), [path.join(dir, 'in.npy')]);
    assert.equal(r.status, 0, r.stderr);
    const out = readNpy(new Uint8Array(fs.readFileSync(path.join(dir, 'out.npy'))), 'out.npy');
    assert.deepEqual(out.shape, [3, 5]);
    assert.equal(out.dtype, DTYPES.float32);
    assert.deepEqual([...toNumbers(out)], [...toNumbers(input)].map((x) => (x > 0 ? x : 0)));
  });

  it('reports a failed build with the compiler output', function () {
    requireTool(this, 'gcc');
    const bad = path.join(dir, 'bad.cpp');
    fs.writeFileSync(bad, '#include <torch/torch.h>\ntorch::Tensor k(const torch::Tensor& t) { return t.nope(); }\n');
    assert.throws(() => buildNative(bad, { name: 'k', params: [{ kind: 'tensor', name: 't' }], returnsTensor: true, cores: 1 }, { dir }), (e: unknown) => e instanceof HostShimError && /nope/.test((e as Error).message));
  });
});
