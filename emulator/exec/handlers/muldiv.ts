// MUL16, MUL32 (MULL), MUL32_HIGH (MULUH/MULSH) and DIV32 (QUOU/QUOS/REMU/REMS): division by zero
// raises IntegerDivideByZero (cause 6); QUOS(0x80000000, -1) = 0x80000000, REMS(0x80000000, -1) = 0,
// remainders take the sign of the dividend (xtensa-ivp-spec.md §6).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { CAUSE } from '../../core/causes';
import { generalException } from '../../core/exceptions';
import { family, type Family } from '../family';
import { A, rrr } from '../jit/template';

export function mul16u(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] & 0xffff) * (a[i.c] & 0xffff);
  return i.next;
}
export function mul16s(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = ((a[i.b] << 16) >> 16) * ((a[i.c] << 16) >> 16);
  return i.next;
}
export function mull(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = Math.imul(a[i.b], a[i.c]);
  return i.next;
}

/** High 32 bits of the unsigned 64-bit product of two uint32 values. */
export function mulHighUnsigned(x: number, y: number): number {
  const xl = x & 0xffff;
  const xh = x >>> 16;
  const yl = y & 0xffff;
  const yh = y >>> 16;
  const lh = xl * yh;
  const hl = xh * yl;
  const mid = ((xl * yl) >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  return (xh * yh + (lh >>> 16) + (hl >>> 16) + Math.floor(mid / 65536)) | 0;
}

export function muluh(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = mulHighUnsigned(a[i.b] >>> 0, a[i.c] >>> 0);
  return i.next;
}
export function mulsh(c: Cpu, i: Insn): number {
  const a = c.a;
  const x = a[i.b];
  const y = a[i.c];
  a[i.a] = mulHighUnsigned(x >>> 0, y >>> 0) - (x < 0 ? y : 0) - (y < 0 ? x : 0);
  return i.next;
}

function divideByZero(c: Cpu, i: Insn): number {
  return generalException(c, CAUSE.IntegerDivideByZero, i.pc);
}

export function quou(c: Cpu, i: Insn): number {
  const a = c.a;
  const d = a[i.c] >>> 0;
  if (d === 0) return divideByZero(c, i);
  a[i.a] = Math.floor((a[i.b] >>> 0) / d);
  return i.next;
}
export function quos(c: Cpu, i: Insn): number {
  const a = c.a;
  const d = a[i.c];
  if (d === 0) return divideByZero(c, i);
  const n = a[i.b];
  a[i.a] = n === -0x80000000 && d === -1 ? n : Math.trunc(n / d);
  return i.next;
}
export function remu(c: Cpu, i: Insn): number {
  const a = c.a;
  const d = a[i.c] >>> 0;
  if (d === 0) return divideByZero(c, i);
  a[i.a] = (a[i.b] >>> 0) % d;
  return i.next;
}
export function rems(c: Cpu, i: Insn): number {
  const a = c.a;
  const d = a[i.c];
  if (d === 0) return divideByZero(c, i);
  const n = a[i.b];
  a[i.a] = n === -0x80000000 && d === -1 ? 0 : n % d;
  return i.next;
}

/** The rows of each handler; MUL16/MULL compile inline, MULUH/MULSH are called (jit/callable.ts), DIV32 is interpreted. */
export const FAMILIES: readonly Family[] = [
  family(['mul16u'], mul16u, (i) => rrr(i, `(${A(i.b)} & 0xffff) * (${A(i.c)} & 0xffff)`)),
  family(['mul16s'], mul16s, (i) => rrr(i, `((${A(i.b)} << 16) >> 16) * ((${A(i.c)} << 16) >> 16)`)),
  family(['mull'], mull, (i) => rrr(i, `Math.imul(${A(i.b)}, ${A(i.c)})`)),
  family(['muluh'], muluh),
  family(['mulsh'], mulsh),
  family(['quou'], quou),
  family(['quos'], quos),
  family(['remu'], remu),
  family(['rems'], rems),
];
