// Integer ALU instructions: add/sub (with scaling), logic, negate/abs, conditional moves, immediate
// moves and adds, MIN/MAX, NSA/NSAU, SEXT and CLAMPS (xtensa-ivp-spec.md §6). Registers are an
// Int32Array, so every store wraps to 32 bits by itself. FAMILIES (at the end) declares which rows
// each handler implements and the block compiler's inline template for them.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { A, imm, rrr, seq } from '../jit/template';

export function add(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] + a[i.c];
  return i.next;
}
export function addx2(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] << 1) + a[i.c];
  return i.next;
}
export function addx4(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] << 2) + a[i.c];
  return i.next;
}
export function addx8(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] << 3) + a[i.c];
  return i.next;
}
export function sub(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] - a[i.c];
  return i.next;
}
export function subx2(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] << 1) - a[i.c];
  return i.next;
}
export function subx4(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] << 2) - a[i.c];
  return i.next;
}
export function subx8(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = (a[i.b] << 3) - a[i.c];
  return i.next;
}
export function and(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] & a[i.c];
  return i.next;
}
export function or(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] | a[i.c];
  return i.next;
}
export function xor(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] ^ a[i.c];
  return i.next;
}
/** NEG ar, at */
export function neg(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = -a[i.b];
  return i.next;
}
/** ABS ar, at — abs(0x80000000) stays 0x80000000 (wraps on store). */
export function abs(c: Cpu, i: Insn): number {
  const a = c.a;
  const v = a[i.b];
  a[i.a] = v < 0 ? -v : v;
  return i.next;
}
export function moveqz(c: Cpu, i: Insn): number {
  const a = c.a;
  if (a[i.c] === 0) a[i.a] = a[i.b];
  return i.next;
}
export function movnez(c: Cpu, i: Insn): number {
  const a = c.a;
  if (a[i.c] !== 0) a[i.a] = a[i.b];
  return i.next;
}
export function movltz(c: Cpu, i: Insn): number {
  const a = c.a;
  if (a[i.c] < 0) a[i.a] = a[i.b];
  return i.next;
}
export function movgez(c: Cpu, i: Insn): number {
  const a = c.a;
  if (a[i.c] >= 0) a[i.a] = a[i.b];
  return i.next;
}
/** MOVI at, imm / MOVI.N as, imm */
export function movi(c: Cpu, i: Insn): number {
  c.a[i.a] = i.b;
  return i.next;
}
/** ADDI / ADDMI / ADDI.N: a = b + imm */
export function addi(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] + i.c;
  return i.next;
}
/** MOV.N at, as */
export function mov(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b];
  return i.next;
}
export function min(c: Cpu, i: Insn): number {
  const a = c.a;
  const x = a[i.b];
  const y = a[i.c];
  a[i.a] = x < y ? x : y;
  return i.next;
}
export function max(c: Cpu, i: Insn): number {
  const a = c.a;
  const x = a[i.b];
  const y = a[i.c];
  a[i.a] = x > y ? x : y;
  return i.next;
}
export function minu(c: Cpu, i: Insn): number {
  const a = c.a;
  const x = a[i.b] >>> 0;
  const y = a[i.c] >>> 0;
  a[i.a] = x < y ? x : y;
  return i.next;
}
export function maxu(c: Cpu, i: Insn): number {
  const a = c.a;
  const x = a[i.b] >>> 0;
  const y = a[i.c] >>> 0;
  a[i.a] = x > y ? x : y;
  return i.next;
}
/** NSA at, as: redundant sign bits (0..31); NSA(0) = NSA(-1) = 31. */
export function nsa(c: Cpu, i: Insn): number {
  const a = c.a;
  const v = a[i.b];
  a[i.a] = Math.clz32(v < 0 ? ~v : v) - 1;
  return i.next;
}
/** NSAU at, as: leading zeros (0..32). */
export function nsau(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = Math.clz32(a[i.b]);
  return i.next;
}
/** SEXT ar, as, bit (bit = 7..22): sign-extend from bit `bit`. */
export function sext(c: Cpu, i: Insn): number {
  const a = c.a;
  const sh = 31 - i.c;
  a[i.a] = (a[i.b] << sh) >> sh;
  return i.next;
}
/** CLAMPS ar, as, bit: clamp to [-2^bit, 2^bit - 1]. */
export function clamps(c: Cpu, i: Insn): number {
  const a = c.a;
  const lo = -(2 ** i.c);
  const hi = 2 ** i.c - 1;
  const v = a[i.b];
  a[i.a] = v < lo ? lo : v > hi ? hi : v;
  return i.next;
}

export const FAMILIES: readonly Family[] = [
  family(['add', 'add.n'], add, (i) => rrr(i, `${A(i.b)} + ${A(i.c)}`)),
  family(['addx2'], addx2, (i) => rrr(i, `(${A(i.b)} << 1) + ${A(i.c)}`)),
  family(['addx4'], addx4, (i) => rrr(i, `(${A(i.b)} << 2) + ${A(i.c)}`)),
  family(['addx8'], addx8, (i) => rrr(i, `(${A(i.b)} << 3) + ${A(i.c)}`)),
  family(['sub'], sub, (i) => rrr(i, `${A(i.b)} - ${A(i.c)}`)),
  family(['subx2'], subx2, (i) => rrr(i, `(${A(i.b)} << 1) - ${A(i.c)}`)),
  family(['subx4'], subx4, (i) => rrr(i, `(${A(i.b)} << 2) - ${A(i.c)}`)),
  family(['subx8'], subx8, (i) => rrr(i, `(${A(i.b)} << 3) - ${A(i.c)}`)),
  family(['and'], and, (i) => rrr(i, `${A(i.b)} & ${A(i.c)}`)),
  family(['or'], or, (i) => rrr(i, `${A(i.b)} | ${A(i.c)}`)),
  family(['xor'], xor, (i) => rrr(i, `${A(i.b)} ^ ${A(i.c)}`)),
  family(['neg'], neg, (i) => rrr(i, `-${A(i.b)}`)),
  family(['abs'], abs, (i) => seq(`{ const v = ${A(i.b)}; a[${i.a}] = v < 0 ? -v : v; }`)),
  family(['movi', 'movi.n'], movi, (i) => rrr(i, imm(i.b))),
  family(['addi', 'addi.n', 'addmi'], addi, (i) => rrr(i, `${A(i.b)} + ${imm(i.c)}`)),
  family(['mov.n'], mov, (i) => rrr(i, A(i.b))),
  family(['moveqz'], moveqz, (i) => seq(`if (${A(i.c)} === 0) a[${i.a}] = ${A(i.b)};`)),
  family(['movnez'], movnez, (i) => seq(`if (${A(i.c)} !== 0) a[${i.a}] = ${A(i.b)};`)),
  family(['movltz'], movltz, (i) => seq(`if (${A(i.c)} < 0) a[${i.a}] = ${A(i.b)};`)),
  family(['movgez'], movgez, (i) => seq(`if (${A(i.c)} >= 0) a[${i.a}] = ${A(i.b)};`)),
  family(['min'], min, (i) => seq(`{ const x = ${A(i.b)}, y = ${A(i.c)}; a[${i.a}] = x < y ? x : y; }`)),
  family(['max'], max, (i) => seq(`{ const x = ${A(i.b)}, y = ${A(i.c)}; a[${i.a}] = x > y ? x : y; }`)),
  family(['minu'], minu, (i) => seq(`{ const x = ${A(i.b)} >>> 0, y = ${A(i.c)} >>> 0; a[${i.a}] = x < y ? x : y; }`)),
  family(['maxu'], maxu, (i) => seq(`{ const x = ${A(i.b)} >>> 0, y = ${A(i.c)} >>> 0; a[${i.a}] = x > y ? x : y; }`)),
  family(['nsau'], nsau, (i) => rrr(i, `Math.clz32(${A(i.b)})`)),
  family(['nsa'], nsa, (i) => seq(`{ const v = ${A(i.b)}; a[${i.a}] = Math.clz32(v < 0 ? ~v : v) - 1; }`)),
  family(['sext'], sext, (i) => rrr(i, `(${A(i.b)} << ${31 - i.c}) >> ${31 - i.c}`)),
  family(['clamps'], clamps),
];
