// Loads and stores of address registers: L8UI/L16UI/L16SI/L32I(.N), S8I/S16I/S32I(.N), L32R (with
// LITBASE), the acquire/release pair L32AI/S32RI and the compare-and-swap S32C1I. Faults (alignment,
// unmapped addresses) are thrown by the memory and turned into exceptions by the run loop.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { CAUSE } from '../../core/causes';
import { generalException } from '../../core/exceptions';
import { family, type Family } from '../family';
import { hex, load, poolOffset, seq, slowLoad, store } from '../jit/template';

export function l8ui(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = c.mem.read8((a[i.b] + i.c) >>> 0);
  return i.next;
}
export function l16ui(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = c.mem.read16((a[i.b] + i.c) >>> 0);
  return i.next;
}
export function l16si(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (c.mem.read16((a[i.b] + i.c) >>> 0) << 16) >> 16;
  return i.next;
}
/** L32I / L32I.N at, as, offset */
export function l32i(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = c.mem.read32((a[i.b] + i.c) >>> 0);
  return i.next;
}
export function s8i(c: Cpu, i: Insn): number {
  const a = c.a;
  c.mem.write8((a[i.b] + i.c) >>> 0, a[i.a]);
  return i.next;
}
export function s16i(c: Cpu, i: Insn): number {
  const a = c.a;
  c.mem.write16((a[i.b] + i.c) >>> 0, a[i.a]);
  return i.next;
}
/** S32I / S32I.N at, as, offset */
export function s32i(c: Cpu, i: Insn): number {
  const a = c.a;
  c.mem.write32((a[i.b] + i.c) >>> 0, a[i.a]);
  return i.next;
}
/** L32AI: load-acquire; always requires alignment. */
export function l32ai(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = c.mem.read32Aligned((a[i.b] + i.c) >>> 0);
  return i.next;
}
/** S32RI: store-release; always requires alignment. */
export function s32ri(c: Cpu, i: Insn): number {
  const a = c.a;
  c.mem.write32Aligned((a[i.b] + i.c) >>> 0, a[i.a]);
  return i.next;
}
/**
 * S32C1I at, as, offset: if mem == SCOMPARE1 store at; at receives the old value. On cores with
 * ATOMCTL the sim memory is accessed as "bypass", so ATOMCTL[1:0] = 0 (reset 0x28) raises
 * LoadStoreError as QEMU does; 1 (RCW) and 2 (internal) perform the operation.
 */
export function s32c1i(c: Cpu, i: Insn): number {
  const a = c.a;
  const addr = (a[i.b] + i.c) >>> 0;
  if ((addr & 3) !== 0) return generalException(c, CAUSE.LoadStoreAlignment, i.pc, addr);
  if (c.config.atomctl && (c.atomctl & 3) === 0) return generalException(c, CAUSE.LoadStoreError, i.pc, addr);
  const old = c.mem.read32Aligned(addr);
  if (old === c.scompare1) c.mem.write32Aligned(addr, a[i.a]);
  a[i.a] = old;
  return i.next;
}
/**
 * L32R at, literal: PC-relative literal (absolute address precomputed in `target`), or, with
 * LITBASE bit 0 set, LITBASE[31:12] plus the same negative offset (`d`).
 */
export function l32r(c: Cpu, i: Insn): number {
  const addr = c.litbase & 1 ? ((c.litbase & 0xfffff000) + i.d) >>> 0 : i.target;
  c.a[i.a] = c.mem.read32(addr);
  return i.next;
}

/** The rows of each handler and their inline templates (loads and stores: typed-array fast paths). */
export const FAMILIES: readonly Family[] = [
  family(['l8ui'], l8ui, (i, x) => load(i, x, 1, false)),
  family(['l16ui'], l16ui, (i, x) => load(i, x, 2, false)),
  family(['l16si'], l16si, (i, x) => load(i, x, 2, true)),
  family(['l32i', 'l32i.n'], l32i, (i, x) => load(i, x, 4, false)),
  family(['s8i'], s8i, (i, x) => store(i, x, 1)),
  family(['s16i'], s16i, (i, x) => store(i, x, 2)),
  family(['s32i', 's32i.n'], s32i, (i, x) => store(i, x, 4)),
  family(['l32ai'], l32ai),
  family(['s32ri'], s32ri),
  family(['s32c1i'], s32c1i),
  family(['l32r'], l32r, (i, x) => {
    // the literal's address is fixed while LITBASE is (a write that changes it drops compiled code)
    const addr = hex(x.litbase & 1 ? ((x.litbase & 0xfffff000) + i.d) >>> 0 : i.target);
    return seq(`{ const ad = ${addr}; ${poolOffset(false)} if (o >= 0) a[${i.a}] = m32[o >> 2]; else { ${slowLoad(i, x, 4, `a[${i.a}]`)} } }`);
  }),
];
