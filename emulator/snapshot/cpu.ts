// The state of a Cpu as a snapshot: every numeric register and counter field and every register
// file (typed arrays, the physical AR file included), taken generically from the object so a field
// added to Cpu later is captured too (a field of any other kind must be classified here, or capture
// throws). Run-loop bookkeeping, configuration and callbacks are not state.

import type { Cpu } from '../core/cpu';
import { placeWindow } from '../core/window';

/** Fields that are configuration, callbacks, diagnostics or the run loop's scratch, not state. */
const NOT_STATE = new Set([
  'config', 'mem', 'host', 'onCodeStateChange', 'stop', 'npanes', 'windowed', 'hasLoops', 'stopOnException', 'breakMode',
  'jitN', 'jitK', 'jitFault', 'jitCompiled', 'jitFamily', 'codeEpoch', 'runStartSteps', 'runBudget',
  'ivp', // typed views of the vector files vr/wv, which are captured themselves
  'panes', 'wrap', // the windows of the panes: views of phys, or the wrap-around copy that `a` is while current
  'fv', // the FP registers as numbers: a view of f, which is captured itself
]);

export interface CpuSnapshot {
  readonly scalars: ReadonlyMap<string, number | boolean>;
  readonly arrays: ReadonlyMap<string, Int32Array>;
  readonly lastException: Cpu['lastException'];
}

export function captureCpu(c: Cpu): CpuSnapshot {
  const scalars = new Map<string, number | boolean>();
  const arrays = new Map<string, Int32Array>();
  for (const [k, v] of Object.entries(c)) {
    if (NOT_STATE.has(k) || k === 'lastException') continue;
    if (typeof v === 'number' || typeof v === 'boolean') scalars.set(k, v);
    else if (v instanceof Int32Array) arrays.set(k, v.slice());
    else throw new Error(`cpu snapshot: field '${k}' is neither state nor listed as not state`);
  }
  return { scalars, arrays, lastException: c.lastException && { ...c.lastException } };
}

export function restoreCpu(c: Cpu, s: CpuSnapshot): void {
  const rec = c as unknown as Record<string, unknown>;
  for (const [k, v] of s.scalars) rec[k] = v;
  for (const [k, v] of s.arrays) if (k !== 'a') (rec[k] as Int32Array).set(v);
  // the window is a view of phys at WINDOWBASE (or the wrap-around copy): placed after both are back
  placeWindow(c, s.arrays.get('a'));
  c.lastException = s.lastException && { ...s.lastException };
  c.stop = null;
}
