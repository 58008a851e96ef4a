// Conditional branches, J/JX and the call0-ABI calls and returns. Handlers return the target or the
// fall-through address; the run loop does the rest (a taken branch never triggers a loop-back).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { A, branch, hex, imm, jumpDirect, jumpTo } from '../jit/template';

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

/** The rows of each handler and their templates (a transfer is always the last instruction of a block). */
export const FAMILIES: readonly Family[] = [
  family(['beq'], beq, (i) => branch(i, `${A(i.a)} === ${A(i.b)}`)),
  family(['bne'], bne, (i) => branch(i, `${A(i.a)} !== ${A(i.b)}`)),
  family(['blt'], blt, (i) => branch(i, `${A(i.a)} < ${A(i.b)}`)),
  family(['bge'], bge, (i) => branch(i, `${A(i.a)} >= ${A(i.b)}`)),
  family(['bltu'], bltu, (i) => branch(i, `(${A(i.a)} >>> 0) < (${A(i.b)} >>> 0)`)),
  family(['bgeu'], bgeu, (i) => branch(i, `(${A(i.a)} >>> 0) >= (${A(i.b)} >>> 0)`)),
  family(['bany'], bany, (i) => branch(i, `(${A(i.a)} & ${A(i.b)}) !== 0`)),
  family(['bnone'], bnone, (i) => branch(i, `(${A(i.a)} & ${A(i.b)}) === 0`)),
  family(['ball'], ball, (i) => branch(i, `(~${A(i.a)} & ${A(i.b)}) === 0`)),
  family(['bnall'], bnall, (i) => branch(i, `(~${A(i.a)} & ${A(i.b)}) !== 0`)),
  family(['bbc'], bbc, (i) => branch(i, `(${A(i.a)} & (1 << (${A(i.b)} & 31))) === 0`)),
  family(['bbs'], bbs, (i) => branch(i, `(${A(i.a)} & (1 << (${A(i.b)} & 31))) !== 0`)),
  family(['bbci'], bbci, (i) => branch(i, `(${A(i.a)} & ${hex(1 << i.b)}) === 0`)),
  family(['bbsi'], bbsi, (i) => branch(i, `(${A(i.a)} & ${hex(1 << i.b)}) !== 0`)),
  family(['beqi'], beqi, (i) => branch(i, `${A(i.a)} === ${imm(i.b)}`)),
  family(['bnei'], bnei, (i) => branch(i, `${A(i.a)} !== ${imm(i.b)}`)),
  family(['blti'], blti, (i) => branch(i, `${A(i.a)} < ${imm(i.b)}`)),
  family(['bgei'], bgei, (i) => branch(i, `${A(i.a)} >= ${imm(i.b)}`)),
  family(['bltui'], bltui, (i) => branch(i, `(${A(i.a)} >>> 0) < ${i.b >>> 0}`)),
  family(['bgeui'], bgeui, (i) => branch(i, `(${A(i.a)} >>> 0) >= ${i.b >>> 0}`)),
  family(['beqz', 'beqz.n'], beqz, (i) => branch(i, `${A(i.a)} === 0`)),
  family(['bnez', 'bnez.n'], bnez, (i) => branch(i, `${A(i.a)} !== 0`)),
  family(['bltz'], bltz, (i) => branch(i, `${A(i.a)} < 0`)),
  family(['bgez'], bgez, (i) => branch(i, `${A(i.a)} >= 0`)),
  family(['j'], j, (i) => jumpDirect(i, '')),
  family(['jx'], jx, (i) => jumpTo(`const to = ${A(i.a)} >>> 0;`)),
  family(['call0'], call0, (i) => jumpDirect(i, `a[0] = ${hex(i.next)};`)),
  family(['callx0'], callx0, (i) => jumpTo(`const to = ${A(i.a)} >>> 0; a[0] = ${hex(i.next)};`)),
  family(['ret', 'ret.n'], ret, () => jumpTo('const to = a[0] >>> 0;')),
];
