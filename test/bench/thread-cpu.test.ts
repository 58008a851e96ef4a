// The cold-start benchmark's CPU reading (bench/server.ts threadCpuMs): a thread's CPU time from /proc,
// which grows by at least the work the thread did and does not count time it spent asleep; nothing for
// a process that does not exist (and nothing where /proc has no such file).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { threadCpuMs } from '../../bench/server';

describe('bench: the CPU time of a thread', () => {
  it('counts the main thread\'s work and not its sleep', async () => {
    const before = threadCpuMs(process.pid);
    if (!fs.existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`)) {
      assert.equal(before, undefined);
      return;
    }
    assert.ok(before !== undefined && before > 0, `read ${before}`);
    const until = performance.now() + 60;
    let spin = 0;
    while (performance.now() < until) spin++;
    const worked = threadCpuMs(process.pid)!;
    // at least most of the 60 ms of spinning (a loaded machine can take the core away meanwhile)
    assert.ok(worked - before >= 1 && spin > 0, `${before} → ${worked}`);
    await new Promise((r) => setTimeout(r, 200));
    const slept = threadCpuMs(process.pid)!;
    assert.ok(slept - worked < 100, `asleep for 200 ms, yet ${slept - worked} ms of CPU`);
  });

  it('gives nothing for a process that does not exist', () => {
    assert.equal(threadCpuMs(2 ** 30), undefined);
    assert.equal(threadCpuMs(undefined), undefined);
  });
});
