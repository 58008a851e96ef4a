// -O2, IR → IR: strength reduction of index arithmetic in loops. An induction variable is a register
// the loop writes once, `i = add i, c` (c not written in the loop), in its only latch block (the one
// jumping back to the header). A 32-bit value the loop computes from it by multiplications and shifts
// by loop invariants (and adding invariants) — `base + i * 4`, or an accessor's `size * (stride *
// (int32_t)j)` of a 64-bit counter's low word — is linear in i: it grows by the same amount on every
// iteration. Such a value becomes a register of its own: computed once in the preheader, increased by
// its step right after i's increment, and the loop's multiplication chain becomes a copy of it. All
// of it is arithmetic modulo 2^32, where (i + c) * k = i * k + c * k holds for any values.
//
// The value is taken where the loop computes it only if that point runs before the increment in the
// iteration (another block than the latch, or earlier in it), so the register holds i's current
// value's image there. Only the largest linear values are replaced (those read by something that is
// not itself linear in i); a value without a multiplication or shift stays as it is (an add for an
// add). In a loop that calls a function, only values with a constant step are taken (one ADDI per
// iteration): a step in a register would have to live through the calls beside the value, and with
// a2..a7 the only registers kept across a call both end up in the frame, costing more than the
// multiplication. Debugger variables are never rewritten.

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { preheader } from './licm';
import { dominators, naturalLoops, type Dominators, type Loop } from './loops';
import { defCounts, defOf, termUses, usesOf } from './walk';

/** One step from the induction variable to a linear value: its low word, a product, a shift or a sum with an invariant. */
type Step =
  | { readonly kind: 'low' }
  | { readonly kind: 'mul' | 'shl' | 'add'; readonly by: VReg; readonly instr: Instr };

interface Linear {
  /** The induction variable (its increment's instruction and step register). */
  readonly iv: VReg;
  readonly steps: readonly Step[];
  /** Whether a multiplication or shift is among the steps (else nothing is gained). */
  readonly scaled: boolean;
}

interface Induction {
  readonly step: VReg;
  readonly block: Block;
  readonly at: Instr;
}

/** Reduces the linear index arithmetic of every loop; returns how many values became registers of their own. */
export function reduceStrength(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  const debug = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  const done = new Set<Block>();
  let count = 0;
  for (let guard = 0; guard < 256; guard++) {
    const dom = dominators(f);
    const loop = naturalLoops(f, dom).find((l) => !done.has(l.header));
    if (!loop) break;
    done.add(loop.header);
    if (loop.latches.length !== 1) continue;
    const pre = preheader(f, loop, dom, ids);
    if (!pre) continue;
    count += reduceLoop(f, loop, pre, debug, dom);
  }
  return count;
}

function reduceLoop(f: Func, loop: Loop, pre: Block, debug: Set<number>, dom: Dominators): number {
  const dominates = (a: Block, b: Block) => dom.dominates(a, b);
  const latch = loop.latches[0];
  const defsIn = new Map<number, { b: Block; i: Instr }[]>();
  for (const b of loop.blocks) {
    for (const i of b.instrs) {
      const d = defOf(i);
      if (d) (defsIn.get(d.id) ?? defsIn.set(d.id, []).get(d.id)!).push({ b, i });
    }
  }
  const invariant = (v: VReg) => !defsIn.has(v.id);
  // induction variables: one write in the loop, `i = add i, c`, in the latch
  const ivs = new Map<number, Induction>();
  for (const [id, list] of defsIn) {
    if (list.length !== 1 || list[0].b !== latch) continue;
    const i = list[0].i;
    if (i.op !== 'bin' || i.kind !== 'add' || i.a.id !== id || !invariant(i.b) || (i.dst.type !== 'i32' && i.dst.type !== 'i64')) continue;
    ivs.set(id, { step: i.b, block: latch, at: i });
  }
  if (!ivs.size) return 0;
  const counts = defCounts(f);
  const before = (b: Block, i: Instr, iv: Induction) => b !== iv.block || b.instrs.indexOf(i) < b.instrs.indexOf(iv.at);
  const where = new Map<number, { b: Block; i: Instr }>();
  const linear = new Map<number, Linear>();
  // values linear in an induction variable, in dominance order (a value's operands are looked at first)
  const order = dom.order.filter((b) => loop.blocks.has(b));
  const operandOf = (v: VReg, b: Block, i: Instr): Linear | undefined => {
    if (ivs.has(v.id)) return v.type === 'i32' ? { iv: v, steps: [], scaled: false } : undefined;
    const l = linear.get(v.id);
    const at = where.get(v.id);
    if (!l || !at) return undefined;
    // the operand's only write comes before this read in every iteration
    if (at.b === b ? b.instrs.indexOf(at.i) > b.instrs.indexOf(i) : !dominates(at.b, b)) return undefined;
    return l;
  };
  for (const b of order) {
    for (const i of b.instrs) {
      const d = defOf(i);
      if (!d || d.type !== 'i32' || counts.get(d.id) !== 1 || debug.has(d.id)) continue;
      let found: Linear | undefined;
      if (i.op === 'conv' && i.kind === 'i64>i32' && ivs.has(i.a.id)) found = { iv: i.a, steps: [{ kind: 'low' }], scaled: false };
      else if (i.op === 'bin' && (i.kind === 'mul' || i.kind === 'add' || i.kind === 'shl')) {
        for (const [x, y] of [[i.a, i.b], [i.b, i.a]] as const) {
          if (i.kind === 'shl' && x !== i.a) continue;
          const l = invariant(y) ? operandOf(x, b, i) : undefined;
          if (!l) continue;
          found = { iv: l.iv, steps: [...l.steps, { kind: i.kind, by: y, instr: i }], scaled: l.scaled || i.kind !== 'add' };
          break;
        }
      }
      if (!found) continue;
      const iv = ivs.get(found.iv.id)!;
      // computed before the increment, in a block every iteration runs (else its update would cost
      // more than the arithmetic it replaces on the iterations that do not use it)
      if (!before(b, i, iv) || !dominates(b, latch)) continue;
      linear.set(d.id, found);
      where.set(d.id, { b, i });
    }
  }
  // the largest linear values: read by something that is not linear in turn (or by a terminator, or outside the loop)
  const linearReaders = new Map<number, number>();
  const readers = new Map<number, number>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = defOf(i);
      for (const u of usesOf(i)) {
        readers.set(u.id, (readers.get(u.id) ?? 0) + 1);
        if (d && linear.has(d.id) && where.get(d.id)?.i === i) linearReaders.set(u.id, (linearReaders.get(u.id) ?? 0) + 1);
      }
    }
    for (const u of termUses(b.term)) readers.set(u.id, (readers.get(u.id) ?? 0) + 1);
  }
  // a register stepped by a constant is one ADDI; stepped by a register, it and its step must both
  // live through the loop, which is only worth it where no call forces them out to the frame
  const constants = new Set<number>();
  for (const b of f.blocks) for (const i of b.instrs) if (i.op === 'const' && counts.get(i.dst.id) === 1) constants.add(i.dst.id);
  const calls = [...loop.blocks].some((b) => b.instrs.some((i) => i.op === 'call' || i.op === 'memcpy' || i.op === 'memzero'));
  let count = 0;
  for (const [id, l] of linear) {
    if (!l.scaled || (readers.get(id) ?? 0) === (linearReaders.get(id) ?? 0)) continue;
    const at = where.get(id)!;
    const iv = ivs.get(l.iv.id)!;
    const constantStep = constants.has(iv.step.id) && l.steps.every((s) => s.kind === 'low' || s.kind === 'add' || constants.has(s.by.id));
    if (calls && !constantStep) continue;
    const fresh = (): VReg => ({ id: f.nextVReg++, type: 'i32' });
    const emit: Instr[] = [];
    // entry value: the steps replayed on the counter's value as the loop is entered
    let value: VReg = l.iv;
    let step: VReg = iv.step;
    for (const s of l.steps) {
      if (s.kind === 'low') {
        const [v, c] = [fresh(), fresh()];
        emit.push({ op: 'conv', kind: 'i64>i32', dst: v, a: value, pos: at.i.pos }, { op: 'conv', kind: 'i64>i32', dst: c, a: step, pos: at.i.pos });
        [value, step] = [v, c];
        continue;
      }
      const v = fresh();
      emit.push({ op: 'bin', kind: s.kind, dst: v, a: value, b: s.by, unsigned: false, pos: at.i.pos });
      value = v;
      if (s.kind === 'add') continue;
      const c = fresh();
      emit.push({ op: 'bin', kind: s.kind, dst: c, a: step, b: s.by, unsigned: false, pos: at.i.pos });
      step = c;
    }
    const reg = fresh();
    emit.push({ op: 'copy', dst: reg, a: value, pos: at.i.pos });
    pre.instrs.push(...emit);
    iv.block.instrs.splice(iv.block.instrs.indexOf(iv.at) + 1, 0, { op: 'bin', kind: 'add', dst: reg, a: reg, b: step, unsigned: false, pos: iv.at.pos });
    at.b.instrs[at.b.instrs.indexOf(at.i)] = { op: 'copy', dst: defOf(at.i)!, a: reg, pos: at.i.pos };
    count++;
  }
  return count;
}
