// -O1 register homes: a2..a7 (free once the incoming arguments are stored, preserved across CALL8 by
// the register window) for the most used whole-function virtual registers, then, block by block, for
// the temporaries used only in that block (linear scan).

import type { Func, VReg } from '../ir/ir';
import { sizeOfValue } from '../ir/ir';
import { vregsOf } from '../ir/uses';

/** a2..a7: free after the incoming arguments are stored, and kept across CALL8 by the window. */
const ALLOCATABLE = ['a2', 'a3', 'a4', 'a5', 'a6', 'a7'];

/** -O1: the most used promoted (and other multi-block) virtual registers get a2..a7 for the whole function. */
export function allocateRegisters(f: Func, all: Map<number, VReg>, shared: Map<number, VReg>): Map<number, string[]> {
  const regs = new Map<number, string[]>();
  if (!f.promoted) return regs;
  // candidates: promoted variables and the other registers that live in several blocks (not the
  // parameters, whose incoming registers are read on entry)
  const params = new Set(f.params.map((p) => p.id));
  const candidates = new Set([...f.promoted, ...[...shared.keys()].filter((id) => !params.has(id))]);
  const uses = new Map<number, number>();
  const count = (v: VReg | undefined) => {
    if (v && candidates.has(v.id)) uses.set(v.id, (uses.get(v.id) ?? 0) + 1);
  };
  for (const b of f.blocks) {
    for (const i of b.instrs) vregsOf(i).forEach(count);
    if (b.term?.op === 'branch') count(b.term.cond);
    if (b.term?.op === 'ret') count(b.term.value);
  }
  const free = [...ALLOCATABLE];
  const ranked = [...uses].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  for (const [id] of ranked) {
    const words = sizeOfValue(all.get(id)!.type) / 4;
    if (free.length - words < TEMP_REGISTERS) continue;
    regs.set(id, free.splice(0, words));
  }
  return regs;
}

/** Registers of a2..a7 kept for block-local temporaries at -O1. */
const TEMP_REGISTERS = 2;

/**
 * -O1: block-local temporaries share the registers the whole-function ones left, by linear scan over
 * each block. A register is reused only after the instruction of its last use (never by a result of
 * that same instruction, so no instruction overwrites an operand it has still to read).
 */
export function allocateTemporaries(f: Func, local: Map<number, VReg[]>, regs: Map<number, string[]>): void {
  const taken = new Set([...regs.values()].flat());
  const pool = ALLOCATABLE.filter((r) => !taken.has(r));
  for (const b of f.blocks) {
    const vs = local.get(b.id);
    if (!vs?.length) continue;
    const first = new Map<number, number>();
    const last = new Map<number, number>();
    const note = (v: VReg | undefined, at: number) => {
      if (!v) return;
      if (!first.has(v.id)) first.set(v.id, at);
      last.set(v.id, at);
    };
    b.instrs.forEach((i, at) => vregsOf(i).forEach((v) => note(v, at)));
    if (b.term?.op === 'branch') note(b.term.cond, b.instrs.length);
    if (b.term?.op === 'ret') note(b.term.value, b.instrs.length);
    const free = [...pool];
    const active: { end: number; regs: string[] }[] = [];
    const order = [...vs].filter((v) => first.has(v.id)).sort((x, y) => first.get(x.id)! - first.get(y.id)! || x.id - y.id);
    for (const v of order) {
      const start = first.get(v.id)!;
      for (let k = active.length - 1; k >= 0; k--) {
        if (active[k].end < start) {
          free.push(...active[k].regs);
          active.splice(k, 1);
        }
      }
      free.sort((x, y) => Number(x.slice(1)) - Number(y.slice(1)));
      const words = sizeOfValue(v.type) / 4;
      if (free.length < words) continue;
      const got = free.splice(0, words);
      regs.set(v.id, got);
      active.push({ end: last.get(v.id)!, regs: got });
    }
  }
}

