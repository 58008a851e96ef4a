// -O2, IR → IR, after unswitching: 64-bit induction variables narrowed by versioning. A loop counting
// an `int64_t` up by one to a bound it does not write (`for (int64_t j = 0; j < n; j++)`, rotated:
// `j = j + 1; if (j < n) repeat`), reading the counter only through its low word (`(int32_t)j`,
// the accessors' index arithmetic) and leaving it dead at its exits, gets a test in its preheader:
// when the counter's entry value and the bound both lie in [0, 2^31) (their OR, unsigned, below 2^31)
// the loop runs with the counter in one 32-bit register (`j32 = j32 + 1; if (j32 <u n32) repeat`:
// j32 stays within [0, 2^31], so the unsigned comparison of the low words is the 64-bit one), its
// high word the constant 0; otherwise a copy of the loop, the unchanged 64-bit one, runs (version.ts:
// the copy lies before the narrowed loop, so the 64-bit counter's live range ends before it). The debugger finds the
// counter in the narrowed loop through `Func.narrowed`: its low word in the 32-bit register, its
// high word zero (xtensa/debug-ranges.ts, a DWARF composite location).
// Loops that report faults (unswitching's cold copies) are left as they are.

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { isFaultReport } from './alias';
import { preheader } from './licm';
import type { Loop } from './loops';
import { versionInnermostLoops, versionLoop } from './version';
import { defOf, readBeforeWritten, successors, termUses, usesOf } from './walk';

const LIMIT = 2n ** 31n;

interface Counter {
  readonly v: VReg;
  readonly bound: VReg;
  readonly step: Instr;
}

/** Integer registers written once, by a constant, and their values. */
export function constants(f: Func): Map<number, bigint> {
  const writes = new Map<number, number>();
  const value = new Map<number, bigint>();
  for (const b of f.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (!d) continue;
    writes.set(d.id, (writes.get(d.id) ?? 0) + 1);
    if (i.op === 'const' && (d.type === 'i32' || d.type === 'i64') && (typeof i.value === 'bigint' || Number.isInteger(i.value))) value.set(d.id, BigInt(i.value));
  }
  for (const id of [...value.keys()]) if (writes.get(id) !== 1) value.delete(id);
  return value;
}

/** Whether some path from `from` reads register `id` before writing it. */
export function liveAt(from: Block, id: number): boolean {
  return readBeforeWritten(from, id);
}

/** The loop's 64-bit counter stepped by one and read only as a low word and against one invariant bound. */
function counterOf(f: Func, loop: Loop, consts: ReadonlyMap<number, bigint>): Counter | undefined {
  if (loop.latches.length !== 1) return undefined;
  const written = new Map<number, number>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    if (i.op === 'call' && typeof i.callee === 'string' && isFaultReport(i.callee)) return undefined;
    const d = defOf(i);
    if (d) written.set(d.id, (written.get(d.id) ?? 0) + 1);
  }
  for (const step of loop.latches[0].instrs) {
    if (step.op !== 'bin' || step.kind !== 'add' || step.dst.type !== 'i64' || step.a.id !== step.dst.id || consts.get(step.b.id) !== 1n) continue;
    const v = step.dst;
    if (written.get(v.id) !== 1) continue;
    let bound: VReg | undefined;
    let fits = true;
    for (const b of loop.blocks) {
      if (termUses(b.term).some((u) => u.id === v.id)) fits = false;
      for (const i of b.instrs) {
        if (i === step || !usesOf(i).some((u) => u.id === v.id)) continue;
        if (i.op === 'conv' && i.kind === 'i64>i32') continue;
        if (i.op === 'cmp' && i.cond === 'lt' && !i.unsigned && i.a.id === v.id && i.b.id !== v.id && !written.has(i.b.id) && (!bound || bound.id === i.b.id)) {
          bound = i.b;
          continue;
        }
        fits = false;
      }
    }
    if (!fits || !bound) continue;
    const exits = [...loop.blocks].flatMap((b) => successors(b).filter((s) => !loop.blocks.has(s)));
    if (exits.some((x) => liveAt(x, v.id))) continue;
    return { v, bound, step };
  }
  return undefined;
}

/** Versions the loop on its counter's range; the loop itself becomes the narrowed one. Returns the fallback copy's header. */
function narrowLoop(f: Func, loop: Loop, pre: Block, c: Counter, ids: { next: number }): Block {
  const pos = pre.term?.pos;
  const reg = (type: VReg['type']): VReg => ({ id: f.nextVReg++, type });
  const [j32, n32, one] = [reg('i32'), reg('i32'), reg('i32')];
  const [either, limit, fits] = [reg('i64'), reg('i64'), reg('i32')];
  const test: Instr[] = [
    { op: 'bin', kind: 'or', dst: either, a: c.v, b: c.bound, unsigned: true, pos },
    { op: 'const', dst: limit, value: LIMIT, pos },
    { op: 'cmp', cond: 'lt', dst: fits, a: either, b: limit, unsigned: true, pos },
  ];
  const entry: Instr[] = [
    { op: 'conv', kind: 'i64>i32', dst: j32, a: c.v, pos },
    { op: 'conv', kind: 'i64>i32', dst: n32, a: c.bound, pos },
    { op: 'const', dst: one, value: 1, pos },
  ];
  const fallback = versionLoop(f, loop, pre, ids, test, fits, entry);
  for (const b of loop.blocks) {
    const renamed = b.instrs.map((i): Instr => {
      if (i === c.step) return { op: 'bin', kind: 'add', dst: j32, a: j32, b: one, unsigned: false, pos: i.pos };
      if (i.op === 'conv' && i.a.id === c.v.id) return { op: 'copy', dst: i.dst, a: j32, pos: i.pos };
      if (i.op === 'cmp' && i.a.id === c.v.id) return { ...i, a: j32, b: n32, unsigned: true };
      return i;
    });
    b.instrs.splice(0, b.instrs.length, ...renamed);
  }
  (f.narrowed ??= new Map()).set(j32.id, c.v);
  return fallback;
}

/** Narrows the 64-bit counters of innermost loops by versioning; returns how many loops were narrowed. */
export function narrowLoopCounters(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  return versionInnermostLoops(f, (loop, dom) => {
    const c = counterOf(f, loop, constants(f));
    // a counter already narrowed elsewhere is the fallback copy's: it stays 64-bit
    if (!c || [...(f.narrowed?.values() ?? [])].some((v) => v.id === c.v.id)) return undefined;
    const pre = preheader(f, loop, dom, ids);
    return pre && narrowLoop(f, loop, pre, c, ids);
  });
}
