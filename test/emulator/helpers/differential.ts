// Differential probes: the same probe ELF (helpers/probe.ts) runs on QEMU and on our emulator, and
// the decoded outcomes (result words, or the exception record) must be identical.

import { strict as assert } from 'node:assert';
import { Machine, MemoryHost } from '../../../emulator';
import { PROBE_CORES, Probe, ProbeOptions, ProbeResult, buildProbe, parseProbeOutput } from './probe';
import type { ProgramBuilder } from './program';
import { runImageOnQemu } from './qemu-probe';

export type ProbeCoreName = keyof typeof PROBE_CORES;

export function runProbeOnEmulator(core: ProbeCoreName, probe: Probe): ProbeResult {
  const host = new MemoryHost();
  const m = new Machine(core, { host });
  m.loadElf(probe.image);
  const stop = m.run({ maxInstructions: 50_000_000 });
  const exitCode = stop.kind === 'exit' ? stop.code & 0xff : -1;
  return parseProbeOutput(PROBE_CORES[core], exitCode, host.output(1));
}

export function runProbeOnQemu(core: ProbeCoreName, probe: Probe): ProbeResult {
  const q = runImageOnQemu(probe.image, core);
  return parseProbeOutput(PROBE_CORES[core], q.exitCode, q.stdout);
}

/** Runs the probe on both and asserts identical outcomes; returns the (common) outcome. */
export function sameOnBoth(core: ProbeCoreName, what: string, body: (p: ProgramBuilder) => void, opts: ProbeOptions): ProbeResult {
  const probe = buildProbe(PROBE_CORES[core], body, opts);
  const ours = runProbeOnEmulator(core, probe);
  const qemu = runProbeOnQemu(core, probe);
  assert.deepEqual(ours, qemu, `${core} ${what}: emulator vs QEMU`);
  return ours;
}
