// Memory and code addresses as the DAP requests use them, with no DAP in them: bytes of a core's local
// address space or of HBM (read, and written as a recorded edit so step back keeps it), and the
// statement addresses of a source line (goto targets).

import { lineMap } from '../session';
import { RequestError } from './requests';
import type { Q7Runtime } from './runtime';

/** The device's HBM; a plain program has none. */
function hbmOf(rt: Q7Runtime) {
  if (!rt.kernel) throw new RequestError('hbm: a plain program has no HBM (only kernels on the Q7 device do)');
  return rt.kernel.device.hbm;
}

/** Up to `count` bytes from `start`; `unreadable` counts those past the first local address nothing maps. */
export function readBytes(rt: Q7Runtime, space: 'local' | 'hbm', start: bigint, count: number): { bytes: Uint8Array; unreadable: number } {
  if (space === 'hbm') return { bytes: hbmOf(rt).read(Number(start), count), unreadable: 0 };
  const m = rt.machine(rt.focus);
  const bytes: number[] = [];
  for (let k = 0; k < count; k++) {
    const at = start + BigInt(k);
    const b = at <= 0xffffffffn ? m.readMemory(Number(at), 1) : undefined;
    if (!b) return { bytes: Uint8Array.from(bytes), unreadable: count - k };
    bytes.push(b[0]);
  }
  return { bytes: Uint8Array.from(bytes), unreadable: 0 };
}

/** Writes `data` at `start` (false when local memory does not hold all of it). */
export function writeBytes(rt: Q7Runtime, space: 'local' | 'hbm', start: bigint, data: Uint8Array): boolean {
  if (space === 'hbm') {
    const hbm = hbmOf(rt);
    rt.edit(() => hbm.write(Number(start), data));
    return true;
  }
  return rt.edit(() => rt.machine(rt.focus).writeMemory(Number(start), data));
}

/** The statement addresses of `line` in `path`. */
export function lineAddresses(rt: Q7Runtime, path: string, line: number): number[] {
  return (lineMap(rt.debug, path).get(line) ?? []).map((a) => a >>> 0);
}
