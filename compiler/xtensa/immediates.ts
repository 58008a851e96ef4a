// -O1 instruction selection with immediate operands: 32-bit arithmetic and compare-and-branch whose
// other operand is a constant (a register written once by `const`) use the Xtensa immediate forms —
// ADDI, SLLI/SRAI/SRLI, EXTUI for low-bit masks, BEQZ/BNEZ/BLTZ/BGEZ and BEQI/BNEI/BLTI/BGEI. A
// constant all of whose reads became immediates is not materialised at all.

import type { Func, Instr, VReg } from '../ir/ir';
import { vregsOf } from '../ir/uses';

type Bin = Extract<Instr, { op: 'bin' }>;
type Cmp = Extract<Instr, { op: 'cmp' }>;

/** B4CONST: the immediates of BEQI/BNEI/BLTI/BGEI. */
const B4CONST = new Set([-1, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256]);

const log2 = (v: number) => (v > 0 && (v & (v - 1)) === 0 ? 31 - Math.clz32(v) : -1);

/** The immediate form of `d = a <kind> value` (value the constant operand b), if there is one. */
export function binImmediate(kind: Bin['kind'], unsigned: boolean, value: number): ((d: string, a: string) => string) | undefined {
  switch (kind) {
    case 'add': return value >= -128 && value <= 127 ? (d, a) => `addi\t${d}, ${a}, ${value}` : undefined;
    case 'sub': return value >= -127 && value <= 128 ? (d, a) => `addi\t${d}, ${a}, ${-value}` : undefined;
    case 'mul': {
      const s = log2(value);
      return s >= 1 && s <= 31 ? (d, a) => `slli\t${d}, ${a}, ${s}` : undefined;
    }
    case 'shl': return value >= 1 && value <= 31 ? (d, a) => `slli\t${d}, ${a}, ${value}` : undefined;
    case 'shr':
      if (unsigned) return value >= 1 && value <= 15 ? (d, a) => `srli\t${d}, ${a}, ${value}` : undefined;
      return value >= 0 && value <= 31 ? (d, a) => `srai\t${d}, ${a}, ${value}` : undefined;
    case 'and': {
      const n = log2(value + 1);
      return n >= 1 && n <= 16 ? (d, a) => `extui\t${d}, ${a}, 0, ${n}` : undefined;
    }
    default: return undefined;
  }
}

const COMMUTATIVE = new Set(['add', 'mul', 'and']);

/** For `i`, which operand is the constant used as an immediate (and its value), if any. */
export function binImmediateOperand(i: Bin, konst: (v: VReg) => number | undefined): { reg: VReg; value: number; which: 'a' | 'b' } | undefined {
  if (i.dst.type !== 'i32') return undefined;
  const b = konst(i.b);
  if (b !== undefined && binImmediate(i.kind, i.unsigned, b)) return { reg: i.a, value: b, which: 'b' };
  const a = konst(i.a);
  if (a !== undefined && COMMUTATIVE.has(i.kind) && binImmediate(i.kind, i.unsigned, a)) return { reg: i.b, value: a, which: 'a' };
  return undefined;
}

/** The branch on `reg <cond> value` as one instruction with an immediate, if there is one. */
export function branchImmediate(cond: Cmp['cond'], unsigned: boolean, value: number): ((reg: string, label: string) => string) | undefined {
  if (value === 0 && !unsigned) {
    const z: Partial<Record<Cmp['cond'], string>> = { eq: 'beqz', ne: 'bnez', lt: 'bltz', ge: 'bgez' };
    const op = z[cond];
    if (op) return (r, l) => `${op}\t${r}, ${l}`;
  }
  if (value === 0 && unsigned && (cond === 'eq' || cond === 'ne')) return (r, l) => `${cond === 'eq' ? 'beqz' : 'bnez'}\t${r}, ${l}`;
  if (unsigned) return undefined;
  // a > c is a >= c + 1, a <= c is a < c + 1
  const [op, v] = cond === 'gt' ? ['bgei', value + 1] : cond === 'le' ? ['blti', value + 1] : [{ eq: 'beqi', ne: 'bnei', lt: 'blti', ge: 'bgei' }[cond], value];
  return B4CONST.has(v) && v <= 0x7fffffff ? (r, l) => `${op}\t${r}, ${v}, ${l}` : undefined;
}

/** Single-write i32 constants of `f` (by register id). */
export function constantsOf(f: Func): Map<number, number> {
  const writes = new Map<number, number>();
  const value = new Map<number, number>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = i.op === 'store' || i.op === 'memcpy' || i.op === 'memzero' ? undefined : vregsOf(i)[0];
      if (!d) continue;
      writes.set(d.id, (writes.get(d.id) ?? 0) + 1);
      if (i.op === 'const' && d.type === 'i32') value.set(d.id, Number(BigInt.asIntN(32, BigInt(i.value))));
    }
  }
  for (const p of f.params) writes.set(p.id, (writes.get(p.id) ?? 0) + 1);
  for (const id of [...value.keys()]) if (writes.get(id) !== 1) value.delete(id);
  return value;
}

/** Single-write i64 constants of `f` (by register id). */
export function constants64Of(f: Func): Map<number, bigint> {
  const writes = new Map<number, number>();
  const value = new Map<number, bigint>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = i.op === 'store' || i.op === 'memcpy' || i.op === 'memzero' ? undefined : vregsOf(i)[0];
      if (!d) continue;
      writes.set(d.id, (writes.get(d.id) ?? 0) + 1);
      if (i.op === 'const' && d.type === 'i64') value.set(d.id, BigInt.asIntN(64, BigInt(i.value)));
    }
  }
  for (const p of f.params) writes.set(p.id, (writes.get(p.id) ?? 0) + 1);
  for (const id of [...value.keys()]) if (writes.get(id) !== 1) value.delete(id);
  return value;
}
