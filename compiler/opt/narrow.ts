// -O1, IR → IR: avoids 64-bit arithmetic whose result is only narrowed to 32 bits. The low word of
// a sum, difference, product or bitwise combination depends only on the low words of the operands,
// so `conv.i64>i32 (x op y)` is computed as `(low x) op (low y)` in 32 bits, where the low word of a
// widened 32-bit value is that value and the low word of a constant is a 32-bit constant. Only
// definitions in the same block whose operands are not written in between are looked through; the
// 64-bit originals are left for dce.ts.

import type { Func, Instr, VReg } from '../ir/ir';
import { defCounts, defOf } from './walk';

const LOW_WORD_OPS = new Set(['add', 'sub', 'mul', 'and', 'or', 'xor']);

/** Narrows 64-bit arithmetic feeding `i64>i32` conversions; returns how many conversions changed. */
export function narrowArithmetic(f: Func): number {
  const counts = defCounts(f);
  let changed = 0;
  for (const b of f.blocks) {
    const out: Instr[] = [];
    // the defining instruction of each register written once, while its operands are unchanged
    const defs = new Map<number, Instr>();
    for (const i of b.instrs) {
      if (i.op === 'conv' && i.kind === 'i64>i32') {
        const x = defs.get(i.a.id);
        if (x?.op === 'bin' && LOW_WORD_OPS.has(x.kind)) {
          const low = (v: VReg, depth: number): VReg => lowWord(f, v, defs, out, i.pos, depth);
          const r: VReg = { id: f.nextVReg++, type: 'i32' };
          out.push({ op: 'bin', dst: r, kind: x.kind, a: low(x.a, 0), b: low(x.b, 0), unsigned: x.unsigned, pos: i.pos });
          out.push({ op: 'copy', dst: i.dst, a: r, pos: i.pos });
          changed++;
          noteDef(i, defs, counts);
          continue;
        }
      }
      out.push(i);
      noteDef(i, defs, counts);
    }
    b.instrs.splice(0, b.instrs.length, ...out);
  }
  return changed;
}

function noteDef(i: Instr, defs: Map<number, Instr>, counts: Map<number, number>): void {
  const d = defOf(i);
  if (!d) return;
  // a write invalidates every recorded definition that reads the register written
  for (const [id, x] of [...defs]) if (readsReg(x, d.id)) defs.delete(id);
  defs.delete(d.id);
  if (counts.get(d.id) === 1 && (i.op === 'bin' || i.op === 'conv' || i.op === 'const')) defs.set(d.id, i);
}

function readsReg(i: Instr, id: number): boolean {
  if (i.op === 'bin') return i.a.id === id || i.b.id === id;
  if (i.op === 'conv') return i.a.id === id;
  return false;
}

function lowWord(f: Func, v: VReg, defs: Map<number, Instr>, out: Instr[], pos: Instr['pos'], depth: number): VReg {
  const x = defs.get(v.id);
  if (x?.op === 'conv' && (x.kind === 'i32>i64s' || x.kind === 'i32>i64u')) return x.a;
  const r: VReg = { id: f.nextVReg++, type: 'i32' };
  if (x?.op === 'const') {
    out.push({ op: 'const', dst: r, value: Number(BigInt.asIntN(32, BigInt(x.value))), pos });
    return r;
  }
  if (x?.op === 'bin' && LOW_WORD_OPS.has(x.kind) && depth < 3) {
    out.push({ op: 'bin', dst: r, kind: x.kind, a: lowWord(f, x.a, defs, out, pos, depth + 1), b: lowWord(f, x.b, defs, out, pos, depth + 1), unsigned: x.unsigned, pos });
    return r;
  }
  out.push({ op: 'conv', dst: r, kind: 'i64>i32', a: v, pos });
  return r;
}
