// Shifts and the shift-amount register SAR (6 bits, 0..32 meaningful; xtensa-ivp-spec.md §6):
// SLL shifts by 32 - SAR, SRL/SRA by SAR, SRC funnels {as, at} right by SAR. Amounts of 32..63
// behave as 64-bit shifts would (QEMU): the result is zero, the sign fill, or the high word.

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { family, type Family } from '../family';
import { A, rrr, seq } from '../jit/template';

/** EXTUI ar, at, shift, bits */
export function extui(c: Cpu, i: Insn): number {
  const a = c.a;
  const v = a[i.b] >>> i.c;
  a[i.a] = v & ((1 << i.d) - 1);
  return i.next;
}
/** SLLI ar, as, amount (1..32; 32 shifts by 0 as in QEMU) */
export function slli(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] << (i.c & 31);
  return i.next;
}
/** SRLI ar, at, amount (0..15) */
export function srli(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] >>> i.c;
  return i.next;
}
/** SRAI ar, at, amount (0..31) */
export function srai(c: Cpu, i: Insn): number {
  const a = c.a;
  a[i.a] = a[i.b] >> i.c;
  return i.next;
}
/** SLL ar, as: as << (32 - SAR) as a 64-bit shift (SAR = 0 → 0). */
export function sll(c: Cpu, i: Insn): number {
  const a = c.a;
  const sh = (32 - c.sar) & 63;
  a[i.a] = sh >= 32 ? 0 : a[i.b] << sh;
  return i.next;
}
/** SRL ar, at: logical right by SAR (≥ 32 → 0). */
export function srl(c: Cpu, i: Insn): number {
  const a = c.a;
  const sh = c.sar;
  a[i.a] = sh >= 32 ? 0 : a[i.b] >>> sh;
  return i.next;
}
/** SRA ar, at: arithmetic right by SAR (≥ 32 → sign fill). */
export function sra(c: Cpu, i: Insn): number {
  const a = c.a;
  const sh = c.sar;
  a[i.a] = a[i.b] >> (sh >= 32 ? 31 : sh);
  return i.next;
}
/** SRC ar, as, at: low word of the 64-bit {as, at} shifted right by SAR. */
export function src(c: Cpu, i: Insn): number {
  const a = c.a;
  const sh = c.sar;
  const hi = a[i.b];
  const lo = a[i.c];
  if (sh === 0) a[i.a] = lo;
  else if (sh < 32) a[i.a] = (lo >>> sh) | (hi << (32 - sh));
  else if (sh === 32) a[i.a] = hi;
  else a[i.a] = hi >>> (sh - 32);
  return i.next;
}
/** SSR as: SAR = as & 31 */
export function ssr(c: Cpu, i: Insn): number {
  c.sar = c.a[i.a] & 31;
  return i.next;
}
/** SSL as: SAR = 32 - (as & 31) */
export function ssl(c: Cpu, i: Insn): number {
  c.sar = 32 - (c.a[i.a] & 31);
  return i.next;
}
/** SSA8L as: SAR = (as & 3) * 8 */
export function ssa8l(c: Cpu, i: Insn): number {
  c.sar = (c.a[i.a] & 3) << 3;
  return i.next;
}
/** SSA8B as: SAR = 32 - (as & 3) * 8 */
export function ssa8b(c: Cpu, i: Insn): number {
  c.sar = 32 - ((c.a[i.a] & 3) << 3);
  return i.next;
}
/** SSAI imm: SAR = imm (0..31) */
export function ssai(c: Cpu, i: Insn): number {
  c.sar = i.a;
  return i.next;
}

/** The rows of each handler and their inline templates. */
export const FAMILIES: readonly Family[] = [
  family(['extui'], extui, (i) => rrr(i, `(${A(i.b)} >>> ${i.c}) & ${(1 << i.d) - 1}`)),
  family(['slli'], slli, (i) => rrr(i, `${A(i.b)} << ${i.c & 31}`)),
  family(['srli'], srli, (i) => rrr(i, `${A(i.b)} >>> ${i.c}`)),
  family(['srai'], srai, (i) => rrr(i, `${A(i.b)} >> ${i.c}`)),
  family(['sll'], sll, (i) => seq(`{ const sh = (32 - c.sar) & 63; a[${i.a}] = sh >= 32 ? 0 : ${A(i.b)} << sh; }`)),
  family(['srl'], srl, (i) => seq(`{ const sh = c.sar; a[${i.a}] = sh >= 32 ? 0 : ${A(i.b)} >>> sh; }`)),
  family(['sra'], sra, (i) => seq(`{ const sh = c.sar; a[${i.a}] = ${A(i.b)} >> (sh >= 32 ? 31 : sh); }`)),
  family(['src'], src, (i) =>
    seq(`{ const sh = c.sar, hi = ${A(i.b)}, lo = ${A(i.c)}; a[${i.a}] = sh === 0 ? lo : sh < 32 ? (lo >>> sh) | (hi << (32 - sh)) : sh === 32 ? hi : hi >>> (sh - 32); }`),
  ),
  family(['ssr'], ssr, (i) => seq(`c.sar = ${A(i.a)} & 31;`)),
  family(['ssl'], ssl, (i) => seq(`c.sar = 32 - (${A(i.a)} & 31);`)),
  family(['ssa8l'], ssa8l, (i) => seq(`c.sar = (${A(i.a)} & 3) << 3;`)),
  family(['ssa8b'], ssa8b, (i) => seq(`c.sar = 32 - ((${A(i.a)} & 3) << 3);`)),
  family(['ssai'], ssai, (i) => seq(`c.sar = ${i.a};`)),
];
