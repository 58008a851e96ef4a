// The device's determinism: the same image and inputs give the same run — outputs, faults, per-core
// instruction counts, translates, DMA bytes, high-water marks and log — every time, and whether the
// guest code runs compiled (the default) or interpreted only (DeviceOptions.jit = false): compiled
// blocks respect the scheduling quantum to the instruction, so the interleaving of the cores is
// the same.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DeviceOptions } from '../../../emulator/device';
import { EXAMPLES, kernelImage, launch, specArg } from './helpers';

/** What a run shows to its user (all of it must match between runs). */
async function observe(file: string, fn: string, spec: string, options: DeviceOptions) {
  const image = await kernelImage(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'), `/kernels/${file}`);
  const { result, lines } = launch(image, fn, [specArg('t_in', spec)], options);
  return { output: result.output ? [...result.output.data] : undefined, lines, cores: result.cores, log: result.log };
}

describe('device: determinism', function () {
  this.timeout(180000);

  it('multicore ReLU on a count that is not a multiple of 8 is identical across runs and with or without compiled blocks', async () => {
    // 1003 elements on 8 cores and a small quantum: many interleavings of the cores
    const spec = 'shape=1003,init=randn,seed=3';
    const opts = { cores: 8, quantum: 997 };
    const first = await observe('relu_multicore.cpp', 'relu_multicore_forward', spec, opts);
    const again = await observe('relu_multicore.cpp', 'relu_multicore_forward', spec, opts);
    const interpreted = await observe('relu_multicore.cpp', 'relu_multicore_forward', spec, { ...opts, jit: false });
    assert.deepEqual(again, first);
    assert.deepEqual(interpreted, first);
    assert.ok(first.cores.every((c) => c.instructions > 1000), 'every core ran several quanta');
  });

  it('the accessor ReLU (translates, window maps, stack high-water) is identical with or without compiled blocks', async () => {
    const spec = 'shape=24x40,init=randn,seed=4';
    const compiled = await observe('relu.cpp', 'relu_forward', spec, { quantum: 1234 });
    const interpreted = await observe('relu.cpp', 'relu_forward', spec, { quantum: 1234, jit: false });
    assert.deepEqual(interpreted, compiled);
    assert.ok(compiled.cores[0].translates >= 2 * 24 * 40, `${compiled.cores[0].translates} translates`);
  });
});
