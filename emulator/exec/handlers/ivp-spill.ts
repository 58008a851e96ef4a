// Spill and fill of the IVP register files that have no loads or stores of their own in §12: a wide
// accumulator (192 bytes), an alignment register (64 bytes) or a predicate (8 bytes: the 64-bit mask,
// low word first) to or from memory at the address in the AR, rounded down to its natural alignment
// (64 bytes; 8 for a predicate). The compiler keeps these registers in the frame with them
// (docs/ivp-encoding.md). Also the project's register-to-register moves of those files (MOVWW, MOVBB,
// MOVUU): the whole register copied.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';

function words(file: Int32Array, first: number, n: number, c: Cpu, addr: number, store: boolean): void {
  for (let k = 0; k < n; k++) {
    const at = (addr + 4 * k) >>> 0;
    if (store) c.mem.write32(at, file[first + k]);
    else file[first + k] = c.mem.read32(at);
  }
}

const spill = (which: 'wv' | 'va' | 'vb', n: number, align: number, store: boolean) => (c: Cpu, i: Insn): number => {
  words(c[which], i.a * n, n, c, (c.a[i.b] & -align) >>> 0, store);
  return i.next;
};

const move = (which: 'wv' | 'va' | 'vb', n: number) => (c: Cpu, i: Insn): number => {
  c[which].copyWithin(i.a * n, i.b * n, i.b * n + n);
  return i.next;
};

export const FAMILIES: readonly Family[] = [
  family(['ivp_svw'], spill('wv', 48, 64, true)),
  family(['ivp_lvw'], spill('wv', 48, 64, false)),
  family(['ivp_svalign'], spill('va', 16, 64, true)),
  family(['ivp_lvalign'], spill('va', 16, 64, false)),
  family(['ivp_svbool'], spill('vb', 2, 8, true)),
  family(['ivp_lvbool'], spill('vb', 2, 8, false)),
  family(['ivp_movww'], move('wv', 48)),
  family(['ivp_movbb'], move('vb', 2)),
  family(['ivp_movuu'], move('va', 16)),
];
