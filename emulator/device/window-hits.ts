// Window-entry hit counts (DeviceOptions.countWindowHits) without changing what the guest executes:
// the ROM's neuron_translate walks the window entries in guest code and the device sees only misses
// (mapWindow), so the device watches the walk's return instead. An execution counter with a hook sits
// on the first RETW of neuron_translate (the return of its hit path: the retry after a miss returns
// there too), where a2 holds the translated local address; the entry whose aperture slot holds it is
// the entry the walk matched. A return counts as a hit of that entry when no mapWindow happened during
// that translate (WindowMap.noteReturn/settleHits: credited once the RETW has completed, so a RETW
// re-executed after a window underflow counts once). Compiled regions call the hook themselves
// (ExecutionCounter.hookCompiles); nothing else changes, so the same instructions retire in the same order.

import type { ExecutionCounter } from '../exec/counted';
import type { Machine } from '../machine';
import { decode } from '../../xtensa/isa';
import type { DeviceCore } from './core';

/** Instructions scanned from neuron_translate's entry for its RETW. */
const SCAN_LIMIT = 64;

/** The address of the first RETW (or RETW.N) in the code at `entry`, decoded linearly. */
export function firstReturn(m: Machine, entry: number): number | undefined {
  let pc = entry >>> 0;
  for (let k = 0; k < SCAN_LIMIT; k++) {
    const b = m.readMemory(pc, 4) ?? m.readMemory(pc, 3);
    if (!b) return undefined;
    const d = decode(b[0], b[1] ?? 0, b[2] ?? 0, pc, b[3] ?? 0);
    if (!d) return undefined;
    if (d.def.mnemonic === 'retw' || d.def.mnemonic === 'retw.n') return pc;
    pc += d.size;
  }
  return undefined;
}

/** Starts counting `core`'s window hits; false when neuron_translate has no RETW to watch. */
export function countWindowHits(core: DeviceCore, translateAddr: number): ExecutionCounter | undefined {
  const pc = firstReturn(core.m, translateAddr);
  if (pc === undefined) return undefined;
  const counter = core.m.addCounter(pc);
  counter.onEnter = (a2?: number) => core.windows.noteReturn((a2 ?? core.m.readAR(2)) >>> 0, counter.count);
  // it reads a2 only (compiled code inside a followed call passes it), and a second call for one
  // return notes the same (noteReturn settles by count)
  counter.hookCompiles = true;
  counter.hookArg = 2;
  return counter;
}
