// -O1, IR → IR: constant folding and simplification of integer operations (32- and 64-bit).
// Operands that are constants written once are folded (arithmetic other than division, comparisons,
// integer conversions, `bool`); `x + 0`, `x - 0`, `x * 1`, `x | 0`, shifts by 0 become copies; `bool`
// of a value that is already 0 or 1 (a comparison, another `bool`) becomes a copy; a branch on a known
// condition becomes a jump. The folded instructions keep their destination, so copies.ts, fold.ts,
// dce.ts and blocks.ts clean up after this pass.

import type { BinKind, CmpCond, ConvKind, Func, Instr, Terminator, ValueType, VReg } from '../ir/ir';
import { defCounts } from './walk';

const wrap = (t: ValueType, v: bigint) => (t === 'i64' ? BigInt.asIntN(64, v) : BigInt.asIntN(32, v));
const unsignedOf = (t: ValueType, v: bigint) => (t === 'i64' ? BigInt.asUintN(64, v) : BigInt.asUintN(32, v));

function binValue(t: ValueType, kind: BinKind, a: bigint, b: bigint, unsigned: boolean): bigint | undefined {
  const bits = t === 'i64' ? 64n : 32n;
  switch (kind) {
    case 'add': return wrap(t, a + b);
    case 'sub': return wrap(t, a - b);
    case 'mul': return wrap(t, a * b);
    case 'and': return wrap(t, a & b);
    case 'or': return wrap(t, a | b);
    case 'xor': return wrap(t, a ^ b);
    case 'shl': return b >= 0n && b < bits ? wrap(t, a << b) : undefined;
    case 'shr': return b >= 0n && b < bits ? wrap(t, (unsigned ? unsignedOf(t, a) : a) >> b) : undefined;
    default: return undefined;
  }
}

function cmpValue(t: ValueType, cond: CmpCond, a: bigint, b: bigint, unsigned: boolean): number {
  const x = unsigned ? unsignedOf(t, a) : a;
  const y = unsigned ? unsignedOf(t, b) : b;
  switch (cond) {
    case 'eq': return +(x === y);
    case 'ne': return +(x !== y);
    case 'lt': return +(x < y);
    case 'le': return +(x <= y);
    case 'gt': return +(x > y);
    case 'ge': return +(x >= y);
  }
}

function convValue(kind: ConvKind, a: bigint): bigint | undefined {
  switch (kind) {
    case 'sext8': return BigInt.asIntN(8, a);
    case 'sext16': return BigInt.asIntN(16, a);
    case 'zext8': return BigInt.asUintN(8, a);
    case 'zext16': return BigInt.asUintN(16, a);
    case 'bool': case 'i64>bool': return a !== 0n ? 1n : 0n;
    case 'i32>i64s': return BigInt.asIntN(32, a);
    case 'i32>i64u': return BigInt.asUintN(32, a);
    case 'i64>i32': return BigInt.asIntN(32, a);
    default: return undefined;
  }
}

const integer = (t: ValueType) => t === 'i32' || t === 'i64';

/** Folds constants in `f`; returns how many instructions and branches changed. */
export function foldConstants(f: Func): number {
  const counts = defCounts(f);
  const known = new Map<number, bigint>();
  const boolean = new Set<number>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op === 'const' && integer(i.dst.type) && counts.get(i.dst.id) === 1) known.set(i.dst.id, wrap(i.dst.type, BigInt(i.value)));
      if ((i.op === 'cmp' || (i.op === 'conv' && (i.kind === 'bool' || i.kind === 'i64>bool'))) && counts.get(i.dst.id) === 1) boolean.add(i.dst.id);
    }
  }
  let changed = 0;
  for (const b of f.blocks) {
    b.instrs.forEach((i, k) => {
      const r = simplify(i, known, boolean);
      if (!r) return;
      b.instrs[k] = r;
      if (r.op === 'const' && counts.get(r.dst.id) === 1) known.set(r.dst.id, BigInt(r.value));
      changed++;
    });
    const t = b.term;
    if (t?.op === 'branch' && known.has(t.cond.id)) {
      b.term = { op: 'jump', target: known.get(t.cond.id) ? t.then : t.else, pos: t.pos } as Terminator;
      changed++;
    }
  }
  return changed;
}

function constant(dst: VReg, v: bigint, pos: Instr['pos']): Instr {
  return { op: 'const', dst, value: dst.type === 'i64' ? v : Number(v), pos };
}

function simplify(i: Instr, known: Map<number, bigint>, boolean: Set<number>): Instr | undefined {
  const c = (id: number) => known.get(id);
  if (i.op === 'bin' && integer(i.dst.type)) {
    const a = c(i.a.id);
    const b = c(i.b.id);
    if (a !== undefined && b !== undefined) {
      const v = binValue(i.dst.type, i.kind, a, b, i.unsigned);
      return v === undefined ? undefined : constant(i.dst, v, i.pos);
    }
    const identity = b === 0n ? ['add', 'sub', 'or', 'xor', 'shl', 'shr'].includes(i.kind) : b === 1n && (i.kind === 'mul' || i.kind === 'div');
    if (identity) return { op: 'copy', dst: i.dst, a: i.a, pos: i.pos };
    if ((a === 0n && (i.kind === 'add' || i.kind === 'or' || i.kind === 'xor')) || (a === 1n && i.kind === 'mul')) return { op: 'copy', dst: i.dst, a: i.b, pos: i.pos };
    return undefined;
  }
  if (i.op === 'cmp' && integer(i.a.type)) {
    const a = c(i.a.id);
    const b = c(i.b.id);
    return a !== undefined && b !== undefined ? constant(i.dst, BigInt(cmpValue(i.a.type, i.cond, a, b, i.unsigned)), i.pos) : undefined;
  }
  if (i.op === 'conv' && integer(i.a.type) && integer(i.dst.type)) {
    const a = c(i.a.id);
    if (a !== undefined) {
      const v = convValue(i.kind, a);
      return v === undefined ? undefined : constant(i.dst, v, i.pos);
    }
    if (i.kind === 'bool' && boolean.has(i.a.id)) return { op: 'copy', dst: i.dst, a: i.a, pos: i.pos };
  }
  return undefined;
}
