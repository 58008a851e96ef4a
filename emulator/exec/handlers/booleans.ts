// Boolean option: b0..b15 live in BR; logic on single bits, ANY/ALL reductions over 4 or 8 bits,
// BF/BT branches and MOVF/MOVT conditional moves of address registers.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';

function bit(c: Cpu, n: number): number {
  return (c.br >>> n) & 1;
}
function setBit(c: Cpu, n: number, v: number): void {
  c.br = (c.br & ~(1 << n)) | ((v & 1) << n);
}

export function andb(c: Cpu, i: Insn): number {
  setBit(c, i.a, bit(c, i.b) & bit(c, i.c));
  return i.next;
}
export function andbc(c: Cpu, i: Insn): number {
  setBit(c, i.a, bit(c, i.b) & ~bit(c, i.c));
  return i.next;
}
export function orb(c: Cpu, i: Insn): number {
  setBit(c, i.a, bit(c, i.b) | bit(c, i.c));
  return i.next;
}
export function orbc(c: Cpu, i: Insn): number {
  setBit(c, i.a, bit(c, i.b) | (bit(c, i.c) ^ 1));
  return i.next;
}
export function xorb(c: Cpu, i: Insn): number {
  setBit(c, i.a, bit(c, i.b) ^ bit(c, i.c));
  return i.next;
}

function group(c: Cpu, first: number, n: number): number {
  return (c.br >>> first) & ((1 << n) - 1);
}
/** ANY4 bt, bs: bt = OR of bs..bs+3 */
export function any4(c: Cpu, i: Insn): number {
  setBit(c, i.a, group(c, i.b, 4) !== 0 ? 1 : 0);
  return i.next;
}
export function all4(c: Cpu, i: Insn): number {
  setBit(c, i.a, group(c, i.b, 4) === 15 ? 1 : 0);
  return i.next;
}
export function any8(c: Cpu, i: Insn): number {
  setBit(c, i.a, group(c, i.b, 8) !== 0 ? 1 : 0);
  return i.next;
}
export function all8(c: Cpu, i: Insn): number {
  setBit(c, i.a, group(c, i.b, 8) === 255 ? 1 : 0);
  return i.next;
}
/** BF bs, label */
export function bf(c: Cpu, i: Insn): number {
  return bit(c, i.a) === 0 ? i.target : i.next;
}
export function bt(c: Cpu, i: Insn): number {
  return bit(c, i.a) !== 0 ? i.target : i.next;
}
/** MOVF ar, as, bt */
export function movf(c: Cpu, i: Insn): number {
  if (bit(c, i.c) === 0) c.a[i.a] = c.a[i.b];
  return i.next;
}
export function movt(c: Cpu, i: Insn): number {
  if (bit(c, i.c) !== 0) c.a[i.a] = c.a[i.b];
  return i.next;
}

export const FAMILIES: readonly Family[] = [
  family(['andb'], andb),
  family(['andbc'], andbc),
  family(['orb'], orb),
  family(['orbc'], orbc),
  family(['xorb'], xorb),
  family(['any4'], any4),
  family(['all4'], all4),
  family(['any8'], any8),
  family(['all8'], all8),
  family(['bf'], bf),
  family(['bt'], bt),
  family(['movf'], movf),
  family(['movt'], movt),
];
