// The coherency enforcers' counts as the SDK's constructors and destructors make them, at every
// optimisation level: every example kernel runs with write watchpoints on the enforcer counters of
// its argument and result tensors (buffered readers, buffered writers, standard accessors), and the
// sequence of counter values the kernel writes — each acquire and each release, in order — is the
// same at -O1 and -O2 as at -O0, with the sanitizers off and on (as q7 run builds).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Device, findKernel } from '../../emulator/device';
import { deviceSymbols, readDebugInfo } from '../../session';
import { COHERENCY_ENFORCER, CSR_BASE, LAUNCH, LAUNCH_BLOCK_OFFSET, TENSOR_HANDLE } from '../../target/q7/abi';
import type { ElfImage } from '../../xtensa/elf/types';
import { compileSource } from './harness';
import { SANITIZE_DEFINES } from '../emulator/device/helpers';
import { CASES, EXAMPLES, type ExampleCase } from './example-cases';

const COUNTERS = ['readers', 'writers', 'unbuffered'] as const;

interface EnforcerLog {
  /** One line per write: core, tensor, the three counters after it. */
  readonly writes: string[];
  /** Increments (acquires) and decrements (releases) of the counters, over all tensors. */
  readonly acquires: number;
  readonly releases: number;
}

/** Runs the kernel with every argument's and the result's enforcer counters watched. */
function enforcerLog(image: ElfImage, c: ExampleCase): EnforcerLog {
  const device = new Device(image, { symbols: deviceSymbols(readDebugInfo(image)) });
  const k = findKernel(image, c.fn);
  const args = c.args();
  const first = args.find((a) => a.kind === 'tensor');
  device.prepare({ opcode: k.opcode, args, returnsTensor: true, kernelName: c.fn, dst: first?.kind === 'tensor' ? { shape: first.tensor.shape, scalarType: first.tensor.scalarType } : undefined });
  const watched = new Map<number, { core: number; tensor: string; handle: number }>();
  const counters = (core: number, handle: number) => COUNTERS.map((n) => device.cores[core].g.u32(handle + TENSOR_HANDLE.enforcer + COHERENCY_ENFORCER[n]) | 0);
  const last = new Map<string, number[]>();
  for (const core of device.cores) {
    const handles = [...core.argHandles, { name: 'result', handle: core.g.u32(CSR_BASE + LAUNCH_BLOCK_OFFSET + LAUNCH.result) }];
    for (const h of handles) {
      const w = core.m.memory.addWatchpoint(h.handle + TENSOR_HANDLE.enforcer, COHERENCY_ENFORCER.policy, false, true);
      watched.set(w.id, { core: core.id, tensor: h.name, handle: h.handle });
      last.set(`${core.id}/${h.name}`, counters(core.id, h.handle));
    }
  }
  const writes: string[] = [];
  let acquires = 0;
  let releases = 0;
  for (;;) {
    const stop = device.runUntil();
    if (stop.kind === 'done') break;
    assert.equal(stop.kind, 'watchpoint', `${c.fn}: unexpected stop ${JSON.stringify(stop)}`);
    if (stop.kind !== 'watchpoint') break;
    const w = watched.get(stop.id)!;
    const values = counters(w.core, w.handle);
    const key = `${w.core}/${w.tensor}`;
    const before = last.get(key)!;
    values.forEach((v, n) => {
      if (v === before[n] + 1) acquires++;
      else if (v === before[n] - 1) releases++;
    });
    last.set(key, values);
    writes.push(`core ${w.core} ${w.tensor}: ${COUNTERS.map((n, i) => `${n}=${values[i]}`).join(' ')}`);
  }
  const result = device.finish();
  assert.deepEqual(result.faults.map((f) => f.message), [], `${c.fn}: no fault`);
  return { writes, acquires, releases };
}

describe('compiler: coherency enforcer counts at every optimisation level', function () {
  this.timeout(600_000);

  for (const c of CASES) {
    for (const [what, defines] of [['sanitizers off', {}], ['sanitizers on', SANITIZE_DEFINES]] as const) {
      it(`${c.file} ${c.fn} (${what}): the same acquires and releases, in the same order, at -O0, -O1 and -O2`, async () => {
        const text = fs.readFileSync(path.join(EXAMPLES, c.file), 'utf8');
        const logs: EnforcerLog[] = [];
        for (const optimize of [0, 1, 2] as const) {
          const r = await compileSource(text, `/examples/${c.file}`, { optimize, defines });
          assert.deepEqual(r.diagnostics, [], `-O${optimize}`);
          logs.push(enforcerLog(r.image!, c));
        }
        const [o0, o1, o2] = logs;
        // standard and stream accessors acquire the enforcer; TCM accessors do not
        assert.equal(o0.acquires > 0, c.accessors ?? /\.accessor<|_stream_accessor</.test(text), `-O0: ${o0.acquires} acquires`);
        assert.equal(o0.releases, o0.acquires, '-O0: every acquire released');
        assert.deepEqual({ acquires: o1.acquires, releases: o1.releases }, { acquires: o0.acquires, releases: o0.releases }, '-O1 counts');
        assert.deepEqual({ acquires: o2.acquires, releases: o2.releases }, { acquires: o0.acquires, releases: o0.releases }, '-O2 counts');
        assert.deepEqual(o1.writes, o0.writes, '-O1: the counters\' writes');
        assert.deepEqual(o2.writes, o0.writes, '-O2: the counters\' writes');
      });
    }
  }
});
