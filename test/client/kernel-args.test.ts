// The lens arguments (client/kernel-args.ts): defaults per parameter kind, typed text validated per
// kind, and the launch configuration a lens starts.

import * as assert from 'node:assert/strict';
import { DEFAULT_TENSOR, defaultArg, kernelLaunchConfig, parseArgText, rememberKey } from '../../client/kernel-args';

const T = { name: 't_in', kind: 'tensor' as const, type: 'const at::Tensor &' };
const S = { name: 'factor', kind: 'scalar' as const, type: 'double' };

describe('client: kernel lens arguments', () => {
  it('defaults a tensor to a generated float32 tensor and a scalar to 1', () => {
    assert.equal(defaultArg(T), DEFAULT_TENSOR);
    assert.equal(defaultArg(S), 1);
  });

  it('accepts .npy paths and generator texts for tensors, numbers for scalars, and explains anything else', () => {
    assert.equal(parseArgText(T, ' in.npy '), 'in.npy');
    assert.equal(parseArgText(T, 'shape=2x3,init=arange'), 'shape=2x3,init=arange');
    assert.deepEqual(parseArgText(T, '2.5'), { error: `t_in (const at::Tensor &) takes a .npy file or a generator such as ${DEFAULT_TENSOR}` });
    assert.equal(parseArgText(S, '-0.5'), -0.5);
    assert.deepEqual(parseArgText(S, 'x'), { error: 'factor (double) takes a number' });
    assert.deepEqual(parseArgText(S, ''), { error: 'factor (double) takes a number' });
  });

  it('builds the q7 launch configuration and a per-file, per-kernel memory key', () => {
    assert.deepEqual(kernelLaunchConfig('/w/relu.cpp', 'relu_forward', ['shape=4x8'], false), {
      type: 'q7', request: 'launch', name: 'Debug relu_forward', program: '/w/relu.cpp', function: 'relu_forward', args: ['shape=4x8'], stopOnEntry: false,
    });
    assert.equal(kernelLaunchConfig('/w/relu.cpp', 'f', [], true).name, 'Run f');
    assert.notEqual(rememberKey('/w/a.cpp', 'f'), rememberKey('/w/b.cpp', 'f'));
  });
});
