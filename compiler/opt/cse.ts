// -O2, IR → IR: common-subexpression elimination over the dominator tree. An instruction computing
// what an earlier one computed — the same operation on the same operands (a register written once by
// a constant counts as that constant), or a load of the same place — becomes a copy of the earlier
// result when the earlier one's block dominates it and, on every path between them, nothing writes
// the earlier result or an operand, nor (for a load) memory the load may read (alias.ts: stores that
// may overlap, calls that may write it, block copies and vector instructions). The IR is not in SSA
// form, so the paths are checked: the blocks between are those reached backwards from the later
// block without passing the earlier one (at most 64 blocks are looked at per pair). A load is not
// reused around a loop lying between the two (it may poll memory another agent writes).
// Pure operations only: no division (it may trap), no calls; comparisons, conversions, addresses.

import type { Address, Block, Func, Instr, Slot, VReg } from '../ir/ir';
import { callEffect, escapedSlots, mayAlias, type Access } from './alias';
import { dominators } from './loops';
import { defCounts, defOf } from './walk';

const MAX_BLOCKS = 64;

function memBytes(m: string): number {
  return m === 'i8' || m === 'u8' ? 1 : m === 'i16' || m === 'u16' ? 2 : m === 'i64' || m === 'f64' ? 8 : 4;
}

type Keyed = Extract<Instr, { op: 'bin' | 'cmp' | 'un' | 'conv' | 'addr' | 'load' }>;

/** What an instruction computes, as a string (undefined: not a candidate). */
function keyOf(i: Instr, operand: (v: VReg) => string): string | undefined {
  const addr = (a: Address) => (a.kind === 'slot' ? `%${a.slot.id}` : a.kind === 'sym' ? `@${a.sym}` : `r${operand(a.base)}`) + `+${a.offset}`;
  switch (i.op) {
    case 'bin':
      if (i.kind === 'div' || i.kind === 'rem') return undefined;
      return `bin ${i.kind} ${i.unsigned} ${i.dst.type} ${operand(i.a)} ${operand(i.b)}`;
    case 'cmp': return `cmp ${i.cond} ${i.unsigned} ${i.dst.type} ${operand(i.a)} ${operand(i.b)}`;
    case 'un': return `un ${i.kind} ${i.dst.type} ${operand(i.a)}`;
    case 'conv': return `conv ${i.kind} ${i.dst.type} ${operand(i.a)}`;
    case 'addr': return `addr ${i.dst.type} ${addr(i.addr)}`;
    case 'load': return `load ${i.mem} ${i.dst.type} ${addr(i.addr)}`;
    default: return undefined;
  }
}

function operandsOf(i: Keyed): VReg[] {
  switch (i.op) {
    case 'bin': case 'cmp': return [i.a, i.b];
    case 'un': case 'conv': return [i.a];
    case 'addr': case 'load': return i.addr.kind === 'reg' ? [i.addr.base] : [];
  }
}

/** Whether `x` may change `regs` or (for a load `load`) the memory it reads. */
function clobbers(x: Instr, regs: ReadonlySet<number>, load: Access | undefined, escaped: ReadonlySet<Slot>): boolean {
  const d = defOf(x);
  if (d && regs.has(d.id)) return true;
  if (!load) return false;
  switch (x.op) {
    case 'store': return mayAlias({ addr: x.addr, size: memBytes(x.mem), mem: x.mem, tag: x.tag }, load, escaped);
    case 'call': {
      const effect = callEffect(x.callee);
      // neuron_translate changes only the windows, which no pointer held from before it reads
      return effect === 'all';
    }
    case 'memcpy': case 'memzero': case 'vop': return true;
    default: return false;
  }
}

/** Replaces recomputations by copies of the earlier result; returns how many. */
export function eliminateCommonSubexpressions(f: Func): number {
  const dom = dominators(f);
  const defs = defCounts(f);
  const constants = new Map<number, string>();
  for (const b of f.blocks) for (const i of b.instrs) if (i.op === 'const' && defs.get(i.dst.id) === 1) constants.set(i.dst.id, `c${i.dst.type}:${String(i.value)}`);
  /** Registers written once by a copy this pass made of a register written once: the same value. */
  const same = new Map<number, string>();
  const operand = (v: VReg) => constants.get(v.id) ?? same.get(v.id) ?? `v${v.id}`;
  const escaped = escapedSlots(f);
  const seen = new Map<string, { block: Block; index: number }[]>();
  const rpo = new Map(dom.order.map((b, k) => [b, k]));
  let replaced = 0;

  const pathClear = (from: { block: Block; index: number }, to: { block: Block; index: number }, regs: Set<number>, load: Access | undefined): boolean => {
    const check = (b: Block, start: number, end: number) => {
      for (let k = start; k < end; k++) if (clobbers(b.instrs[k], regs, load, escaped)) return false;
      return true;
    };
    if (from.block === to.block) return check(from.block, from.index + 1, to.index);
    if (!check(from.block, from.index + 1, from.block.instrs.length) || !check(to.block, 0, to.index)) return false;
    // the blocks on paths from `from.block` to `to.block`: reached backwards from `to.block` without passing `from.block`
    const reached = new Set<Block>();
    const work = [...(dom.preds.get(to.block.id) ?? [])];
    while (work.length) {
      const b = work.pop()!;
      if (b === from.block || reached.has(b)) continue;
      reached.add(b);
      if (reached.size > MAX_BLOCKS) return false;
      work.push(...(dom.preds.get(b.id) ?? []));
    }
    for (const b of reached) if (!check(b, 0, b.instrs.length)) return false;
    // a load is not reused around a loop between the two (the loop may be polling memory another
    // agent writes: the IR does not mark volatile accesses)
    if (load) {
      const region = new Set([...reached, to.block, from.block]);
      for (const x of [...reached, to.block]) for (const p of dom.preds.get(x.id) ?? []) if (region.has(p) && rpo.get(p)! >= rpo.get(x)!) return false;
    }
    return true;
  };

  for (const b of dom.order) {
    b.instrs.forEach((i, index) => {
      const key = keyOf(i, operand);
      if (!key) return;
      const cur = i as Keyed;
      const list = seen.get(key) ?? [];
      for (let k = list.length - 1; k >= 0; k--) {
        const earlier = list[k];
        if (earlier.block !== b && !dom.dominates(earlier.block, b)) continue;
        const j = earlier.block.instrs[earlier.index] as Keyed;
        if (j.dst.id === cur.dst.id || j.dst.type !== cur.dst.type) continue;
        const regs = new Set([j.dst.id, ...operandsOf(j).map((v) => v.id)]);
        const load = j.op === 'load' ? { addr: j.addr, size: memBytes(j.mem), mem: j.mem, tag: j.tag } : undefined;
        if (!pathClear(earlier, { block: b, index }, regs, load)) continue;
        b.instrs[index] = { op: 'copy', dst: cur.dst, a: j.dst, pos: cur.pos } as Instr;
        if (defs.get(cur.dst.id) === 1 && defs.get(j.dst.id) === 1) same.set(cur.dst.id, operand(j.dst));
        replaced++;
        return;
      }
      // an instruction overwriting one of its own operands computes nothing a later one can reuse
      if (operandsOf(cur).some((v) => v.id === cur.dst.id)) return;
      list.push({ block: b, index });
      seen.set(key, list);
    });
  }
  return replaced;
}
