// RSR/WSR/XSR and RUR/WUR: one row per register in the table, one handler per access kind here;
// the register number is predecoded into the record (`b`).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import type { InsnDef, RegAccess } from '../../../xtensa/isa';
import { readSR, readUR, writeSR, writeUR } from '../../core/sysregs';
import { family, type Family } from '../family';

/** RSR.* at */
export function rsr(c: Cpu, i: Insn): number {
  c.a[i.a] = readSR(c, i.b);
  return i.next;
}
/** WSR.* at */
export function wsr(c: Cpu, i: Insn): number {
  writeSR(c, i.b, c.a[i.a]);
  return i.next;
}
/**
 * XSR.* at: exchange. The old value lands in `at` of the window the instruction started in (matters
 * for XSR.WINDOWBASE, which rotates), as in QEMU.
 */
export function xsr(c: Cpu, i: Insn): number {
  const v = c.a[i.a];
  c.a[i.a] = readSR(c, i.b);
  writeSR(c, i.b, v);
  return i.next;
}
/** RUR.* ar */
export function rur(c: Cpu, i: Insn): number {
  c.a[i.a] = readUR(c, i.b);
  return i.next;
}
/** WUR.* at */
export function wur(c: Cpu, i: Insn): number {
  writeUR(c, i.b, c.a[i.a]);
  return i.next;
}

/** The rows of one register file and access kind (the table marks them: InsnDef.reg). */
const rowsOf = (file: RegAccess['file'], access: RegAccess['access']) => (d: InsnDef) => d.reg?.file === file && d.reg.access === access;

export const FAMILIES: readonly Family[] = [
  family(rowsOf('special', 'read'), rsr),
  family(rowsOf('special', 'write'), wsr),
  family(rowsOf('special', 'exchange'), xsr),
  family(rowsOf('user', 'read'), rur),
  family(rowsOf('user', 'write'), wur),
];
