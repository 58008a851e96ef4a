// Window-entry hit counts (DeviceOptions.countWindowHits) with compiled regions: the hook on
// neuron_translate's return runs in the region's own code (ExecutionCounter.hookCompiles), so the
// return no longer leaves the region for the interpreter, and the counts are the interpreter's —
// per entry, in total, with the same instructions and output — also when windows are evicted.

import { strict as assert } from 'node:assert';
import { compileSource } from '../../compiler/harness';
import { launch, specArg } from './helpers';
import type { Device } from '../../../emulator/device';
import { WindowMap } from '../../../emulator/device/windows';
import { SCALE_KERNEL } from '../../../bench/q7-run';

interface Counts {
  readonly instructions: number;
  readonly translates: number;
  readonly stats: unknown;
  readonly entries: number[];
  readonly output: string;
}

function counts(device: Device, r: ReturnType<typeof launch>['result']): Counts {
  const core = device.cores[0];
  return {
    instructions: r.cores[0].instructions,
    translates: r.cores[0].translates,
    stats: { ...core.windows.stats },
    entries: core.windows.entries.map((e) => e.hits),
    output: Buffer.from(r.output!.data).toString('hex'),
  };
}

describe('device: window-entry hit counts in compiled regions', function () {
  this.timeout(120_000);

  for (const windows of [4, 1]) {
    it(`equal the interpreter's, ${windows} window${windows > 1 ? 's' : ''} (${windows > 1 ? 'hits' : 'evictions'})`, async () => {
      const r = await compileSource(SCALE_KERNEL, '/kernels/scale.cpp', { optimize: 2 });
      assert.deepEqual(r.diagnostics, []);
      const run = (jit: boolean) => {
        // who calls the hook: a compiled region's function is named region_<pc>_…
        let fromRegions = 0;
        const note = WindowMap.prototype.noteReturn;
        WindowMap.prototype.noteReturn = function (this: WindowMap, local: number, completed: number) {
          if (/\bregion_[0-9a-f]+_/.test(new Error().stack ?? '')) fromRegions++;
          note.call(this, local, completed);
        };
        let l;
        try {
          // 20 rows of 1000 floats: each tensor spans two 64 KiB windows
          l = launch(r.image!, 'scale_forward', [specArg('t_in', 'shape=20x1000,init=randn,seed=2')], { countWindowHits: true, countTranslates: true, jit, windowCount: windows });
        } finally {
          WindowMap.prototype.noteReturn = note;
        }
        assert.deepEqual(l.lines, []);
        return { c: counts(l.device, l.result), fromRegions };
      };
      const interpreted = run(false);
      const compiled = run(true);
      assert.deepEqual(compiled.c, interpreted.c);
      assert.equal(interpreted.c.translates, 40_000);
      const hits = (interpreted.c.stats as { hits: number }).hits;
      assert.ok(windows > 1 ? hits > 39_000 : hits < 40_000, `hits ${hits}`);
      // the hook on the translate's return was called from a compiled region, not the interpreter
      assert.ok(compiled.fromRegions > 0.99 * interpreted.c.translates, `${compiled.fromRegions} of ${interpreted.c.translates} hooks in compiled code`);
      assert.equal(interpreted.fromRegions, 0);
    });
  }
});
