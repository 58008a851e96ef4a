// -O2, IR → IR, after strength reduction: linear-function test replacement by versioning. A loop whose
// 32-bit counter `i` (stepped by one, not a debugger variable, dead at the loop's exits) is read only
// by its exit test `i < n` (n invariant), and that steps a register `r = r + k` which strength
// reduction (strength.ts) set to `i * k` before the loop (k a power of two: an element size, the
// torch::zeros fill's byte offset), can test `r < n * k` instead and drop the counter. That holds
// while nothing wraps: the preheader tests that n and i's entry value both lie below 2^31 / k (their
// OR, unsigned), then every value r takes up to the exit is below 2^31 and the unsigned tests agree;
// otherwise a copy of the loop, unchanged, runs (version.ts). The counter's register then holds no
// value through the loop: the fill loop keeps its 64-bit base address in registers instead.

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { isFaultReport } from './alias';
import { preheader } from './licm';
import type { Loop } from './loops';
import { constants, liveAt } from './narrow-loops';
import { versionInnermostLoops, versionLoop } from './version';
import { defOf, termUses, usesOf } from './walk';

interface Candidate {
  /** The counter and its increment. */
  readonly i: VReg;
  readonly step: Instr;
  /** The exit test `i < n`. */
  readonly test: Extract<Instr, { op: 'cmp' }>;
  /** The register stepped by k, equal to i * k on entry. */
  readonly r: VReg;
  readonly k: bigint;
}

const isPowerOfTwo = (k: bigint) => k > 1n && k <= 1n << 16n && (k & (k - 1n)) === 0n;

/** Whether `pre` sets r to i * k last (directly or through a copy), i unchanged after. */
function setToProduct(pre: Block, r: VReg, i: VReg, k: bigint, consts: ReadonlyMap<number, bigint>): boolean {
  const at = pre.instrs.map((x) => defOf(x)?.id).lastIndexOf(r.id);
  if (at < 0) return false;
  let src = r;
  let p = at;
  const d = pre.instrs[at];
  if (d.op === 'copy') {
    src = d.a;
    p = pre.instrs.map((x) => defOf(x)?.id).lastIndexOf(src.id, at - 1);
    if (p < 0) return false;
  }
  const m = pre.instrs[p];
  const product = m.op === 'bin' && m.kind === 'mul' && ((m.a.id === i.id && consts.get(m.b.id) === k) || (m.b.id === i.id && consts.get(m.a.id) === k));
  return product && !pre.instrs.slice(p + 1).some((x) => defOf(x)?.id === i.id || (x !== d && defOf(x)?.id === src.id));
}

function candidateOf(f: Func, loop: Loop, pre: Block, consts: ReadonlyMap<number, bigint>, debug: ReadonlySet<number>): Candidate | undefined {
  if (loop.latches.length !== 1) return undefined;
  const latch = loop.latches[0];
  const written = new Map<number, number>();
  for (const b of loop.blocks) for (const x of b.instrs) {
    if (x.op === 'call' && typeof x.callee === 'string' && isFaultReport(x.callee)) return undefined;
    const d = defOf(x);
    if (d) written.set(d.id, (written.get(d.id) ?? 0) + 1);
  }
  const steps = latch.instrs.filter((x): x is Extract<Instr, { op: 'bin' }> => x.op === 'bin' && x.kind === 'add' && x.dst.type === 'i32' && x.a.id === x.dst.id && written.get(x.dst.id) === 1 && consts.has(x.b.id));
  for (const step of steps) {
    const i = step.dst;
    if (consts.get(step.b.id) !== 1n || debug.has(i.id)) continue;
    const readers = [...loop.blocks].flatMap((b) => b.instrs.filter((x) => x !== step && usesOf(x).some((u) => u.id === i.id)));
    const test = readers[0];
    if (readers.length !== 1 || test.op !== 'cmp' || test.cond !== 'lt' || test.a.id !== i.id || test.b.id === i.id || written.has(test.b.id)) continue;
    if ([...loop.blocks].some((b) => termUses(b.term).some((u) => u.id === i.id))) continue;
    const at = latch.instrs.indexOf(test);
    if (at < latch.instrs.indexOf(step)) continue;
    const exits = [...loop.blocks].flatMap((b) => (b.term?.op === 'branch' ? [b.term.then, b.term.else] : b.term?.op === 'jump' ? [b.term.target] : [])).filter((s) => !loop.blocks.has(s));
    if (exits.some((x) => liveAt(x, i.id))) continue;
    for (const rs of steps) {
      const k = consts.get(rs.b.id)!;
      if (rs === step || !isPowerOfTwo(k) || latch.instrs.indexOf(rs) > at || !setToProduct(pre, rs.dst, i, k, consts)) continue;
      return { i, step, test, r: rs.dst, k };
    }
  }
  return undefined;
}

/** Versions the loop on n and i's entry value; the loop itself tests r against n * k and drops i. Returns the fallback copy's header. */
function replaceTest(f: Func, loop: Loop, pre: Block, c: Candidate, ids: { next: number }): Block {
  const pos = pre.term?.pos;
  const reg = (): VReg => ({ id: f.nextVReg++, type: 'i32' });
  const [either, limit, fits, k, nk] = [reg(), reg(), reg(), reg(), reg()];
  const test: Instr[] = [
    { op: 'bin', kind: 'or', dst: either, a: c.i, b: c.test.b, unsigned: true, pos },
    { op: 'const', dst: limit, value: Number((1n << 31n) / c.k), pos },
    { op: 'cmp', cond: 'lt', dst: fits, a: either, b: limit, unsigned: true, pos },
  ];
  const entry: Instr[] = [
    { op: 'const', dst: k, value: Number(c.k), pos },
    { op: 'bin', kind: 'mul', dst: nk, a: c.test.b, b: k, unsigned: true, pos },
  ];
  const fallback = versionLoop(f, loop, pre, ids, test, fits, entry);
  for (const b of loop.blocks) {
    const kept = b.instrs.filter((x) => x !== c.step).map((x) => (x === c.test ? { ...c.test, a: c.r, b: nk, unsigned: true } : x));
    b.instrs.splice(0, b.instrs.length, ...kept);
  }
  return fallback;
}

/** Replaces the counters' exit tests of innermost loops by tests of stepped byte offsets; returns how many loops changed. */
export function replaceLoopTests(f: Func): number {
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  const debug = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  return versionInnermostLoops(f, (loop, dom) => {
    const pre = preheader(f, loop, dom, ids);
    const c = pre && candidateOf(f, loop, pre, constants(f), debug);
    return pre && c ? replaceTest(f, loop, pre, c, ids) : undefined;
  });
}
