// Conditional branches, J/JX and the call0-ABI calls and returns. Handlers return the target or the
// fall-through address; the run loop does the rest (a taken branch never triggers a loop-back).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';

export function beq(c: Cpu, i: Insn): number {
  return c.a[i.a] === c.a[i.b] ? i.target : i.next;
}
export function bne(c: Cpu, i: Insn): number {
  return c.a[i.a] !== c.a[i.b] ? i.target : i.next;
}
export function blt(c: Cpu, i: Insn): number {
  return c.a[i.a] < c.a[i.b] ? i.target : i.next;
}
export function bge(c: Cpu, i: Insn): number {
  return c.a[i.a] >= c.a[i.b] ? i.target : i.next;
}
export function bltu(c: Cpu, i: Insn): number {
  return c.a[i.a] >>> 0 < c.a[i.b] >>> 0 ? i.target : i.next;
}
export function bgeu(c: Cpu, i: Insn): number {
  return c.a[i.a] >>> 0 >= c.a[i.b] >>> 0 ? i.target : i.next;
}
export function bany(c: Cpu, i: Insn): number {
  return (c.a[i.a] & c.a[i.b]) !== 0 ? i.target : i.next;
}
export function bnone(c: Cpu, i: Insn): number {
  return (c.a[i.a] & c.a[i.b]) === 0 ? i.target : i.next;
}
export function ball(c: Cpu, i: Insn): number {
  return (~c.a[i.a] & c.a[i.b]) === 0 ? i.target : i.next;
}
export function bnall(c: Cpu, i: Insn): number {
  return (~c.a[i.a] & c.a[i.b]) !== 0 ? i.target : i.next;
}
/** BBC as, at: bit at[4:0] of as clear */
export function bbc(c: Cpu, i: Insn): number {
  return (c.a[i.a] & (1 << (c.a[i.b] & 31))) === 0 ? i.target : i.next;
}
export function bbs(c: Cpu, i: Insn): number {
  return (c.a[i.a] & (1 << (c.a[i.b] & 31))) !== 0 ? i.target : i.next;
}
/** BBCI as, bit */
export function bbci(c: Cpu, i: Insn): number {
  return (c.a[i.a] & (1 << i.b)) === 0 ? i.target : i.next;
}
export function bbsi(c: Cpu, i: Insn): number {
  return (c.a[i.a] & (1 << i.b)) !== 0 ? i.target : i.next;
}
/** BEQI/BNEI/BLTI/BGEI as, b4const */
export function beqi(c: Cpu, i: Insn): number {
  return c.a[i.a] === i.b ? i.target : i.next;
}
export function bnei(c: Cpu, i: Insn): number {
  return c.a[i.a] !== i.b ? i.target : i.next;
}
export function blti(c: Cpu, i: Insn): number {
  return c.a[i.a] < i.b ? i.target : i.next;
}
export function bgei(c: Cpu, i: Insn): number {
  return c.a[i.a] >= i.b ? i.target : i.next;
}
/** BLTUI/BGEUI as, b4constu */
export function bltui(c: Cpu, i: Insn): number {
  return c.a[i.a] >>> 0 < i.b ? i.target : i.next;
}
export function bgeui(c: Cpu, i: Insn): number {
  return c.a[i.a] >>> 0 >= i.b ? i.target : i.next;
}
/** BEQZ / BEQZ.N as, label */
export function beqz(c: Cpu, i: Insn): number {
  return c.a[i.a] === 0 ? i.target : i.next;
}
export function bnez(c: Cpu, i: Insn): number {
  return c.a[i.a] !== 0 ? i.target : i.next;
}
export function bltz(c: Cpu, i: Insn): number {
  return c.a[i.a] < 0 ? i.target : i.next;
}
export function bgez(c: Cpu, i: Insn): number {
  return c.a[i.a] >= 0 ? i.target : i.next;
}
export function j(_c: Cpu, i: Insn): number {
  return i.target;
}
export function jx(c: Cpu, i: Insn): number {
  return c.a[i.a] >>> 0;
}
/** CALL0 label: a0 = return address. */
export function call0(c: Cpu, i: Insn): number {
  c.a[0] = i.next;
  return i.target;
}
/** CALLX0 as: the target is read before a0 is written. */
export function callx0(c: Cpu, i: Insn): number {
  const t = c.a[i.a] >>> 0;
  c.a[0] = i.next;
  return t;
}
/** RET / RET.N */
export function ret(c: Cpu, _i: Insn): number {
  return c.a[0] >>> 0;
}
