// -O2, IR → IR, after unswitching: the accessors' per-element index checks (Q7_SANITIZE_BOUNDS:
// `if (j < 0 || j >= size) __q7_index_out_of_bounds(…)`) removed from a loop by versioning.
// A loop counting a register up by one (`j = j + 1; if (j < n) repeat`, rotated, signed, `j` written
// nowhere else in the loop, `n` not written in it) reads `j` only in [start, max(start, n - 1)], where
// `start` is j's value on entry (signed overflow of `j + 1` is undefined in C++). A branch of the loop
// whose taken way goes straight to a fault report, on `j < k` or on `j >= s` (signed), is never taken
// when `start >= k`, resp. when `start < s` and `n <= s`; on an index `x` the loop does not write,
// when `x >= k`, resp. `x < s`. k and s are registers the loop does not write, or a size it loads from
// an address it does not write, reads on every way through an iteration (so loading it before the
// loop traps no sooner than the first iteration would) and no store of the loop may overlap
// (licm.ts: loopLeaves). When every block of the loop that reports a fault is entered only through
// such branches, the preheader tests all those conditions at once: when they hold, the loop runs with
// those branches replaced by jumps their quiet way (no report left in it, so narrow-loops.ts may
// narrow its counter next); otherwise its unchanged copy (version.ts), which checks and reports
// exactly as before: the same fault at the same element and line.

import type { Address, Block, Func, Instr, VReg } from '../ir/ir';
import { isFaultReport } from './alias';
import { loopLeaves, preheader } from './licm';
import type { Dominators, Loop } from './loops';
import { versionInnermostLoops, versionLoop } from './version';
import { defOf, successors, useCounts } from './walk';

interface Check {
  /** The block whose branch goes to the report when the check fails. */
  readonly at: Block;
  readonly quiet: Block;
  /** `j < k`: below; `j >= s`: above (j the counter, or `x` written before the loop: invariant). */
  readonly kind: 'below' | 'above';
  /** The invariant register compared, when it is not the counter. */
  readonly invariant?: VReg;
  readonly limit: VReg;
  /** The limit's load inside the loop (a size the loop does not write), loaded again before it. */
  readonly load?: Load;
}

type Load = Extract<Instr, { op: 'load' }>;

interface Counter {
  readonly v: VReg;
  readonly bound: VReg;
  readonly step: Instr;
}

const reports = (b: Block) => b.instrs.some((i) => i.op === 'call' && typeof i.callee === 'string' && isFaultReport(i.callee));

/** Each register's defining instructions, with their blocks. */
function definitions(f: Func): Map<number, { i: Instr; b: Block }[]> {
  const defs = new Map<number, { i: Instr; b: Block }[]>();
  for (const b of f.blocks) for (const i of b.instrs) {
    const d = defOf(i);
    if (d) (defs.get(d.id) ?? defs.set(d.id, []).get(d.id)!).push({ i, b });
  }
  return defs;
}

/** The loop's counter: stepped by one in its only latch, which repeats while `v < bound`. */
function counterOf(loop: Loop, defs: ReadonlyMap<number, { i: Instr; b: Block }[]>, outside: (v: VReg) => boolean): Counter | undefined {
  if (loop.latches.length !== 1) return undefined;
  const latch = loop.latches[0];
  const t = latch.term;
  if (t?.op !== 'branch' || t.then !== loop.header || loop.blocks.has(t.else)) return undefined;
  const test = defs.get(t.cond.id);
  if (test?.length !== 1 || test[0].b !== latch) return undefined;
  const cmp = test[0].i;
  if (cmp.op !== 'cmp' || cmp.cond !== 'lt' || cmp.unsigned || !outside(cmp.b)) return undefined;
  const v = cmp.a;
  const steps = defs.get(v.id)?.filter((d) => loop.blocks.has(d.b)) ?? [];
  if (steps.length !== 1 || steps[0].b !== latch) return undefined;
  const step = steps[0].i;
  if (step.op !== 'bin' || step.kind !== 'add' || step.a.id !== v.id || latch.instrs.indexOf(step) > latch.instrs.indexOf(cmp)) return undefined;
  const one = defs.get(step.b.id);
  if (one?.length !== 1 || one[0].i.op !== 'const' || BigInt(one[0].i.value as number | bigint) !== 1n) return undefined;
  return { v, bound: cmp.b, step };
}

const sameAddress = (a: Address, b: Address) =>
  a.offset === b.offset && (a.kind === 'reg' ? b.kind === 'reg' && a.base.id === b.base.id : a.kind === 'slot' ? b.kind === 'slot' && a.slot === b.slot : b.kind === 'sym' && a.sym === b.sym);

/** Whether every way through one iteration of the loop reads what `load` reads (so reading it before the loop traps no sooner than the loop's first iteration would). */
function readEveryIteration(loop: Loop, load: Load): boolean {
  const reads = (b: Block) => b.instrs.some((i) => i.op === 'load' && i.mem === load.mem && sameAddress(i.addr, load.addr));
  const seen = new Set<Block>();
  const work = [loop.header];
  while (work.length > 0) {
    const b = work.pop()!;
    if (seen.has(b) || reads(b)) continue;
    seen.add(b);
    if (loop.latches.includes(b)) return false;
    for (const s of successors(b)) {
      if (!loop.blocks.has(s)) return false;
      if (s !== loop.header) work.push(s);
    }
  }
  return true;
}

/** The loop's branches on its counter straight into a fault report, when they are the only ways into its reports. */
function checksOf(f: Func, loop: Loop, c: Counter, defs: ReadonlyMap<number, { i: Instr; b: Block }[]>, outside: (v: VReg) => boolean): Check[] {
  let leaves: ((load: Load) => boolean) | undefined;
  // a limit written before the loop, or loaded in it from an address written before it that the loop does not write
  const limitOf = (v: VReg): { load?: Load } | undefined => {
    if (outside(v)) return {};
    const d = defs.get(v.id);
    const i = d?.length === 1 ? d[0].i : undefined;
    if (i?.op !== 'load' || (i.addr.kind === 'reg' && !outside(i.addr.base))) return undefined;
    leaves ??= loopLeaves(f, loop);
    return leaves(i) && readEveryIteration(loop, i) ? { load: i } : undefined;
  };
  const reporting = [...loop.blocks].filter(reports);
  if (reporting.length === 0 || reporting.includes(loop.header)) return [];
  const checks: Check[] = [];
  const latch = loop.latches[0];
  for (const b of loop.blocks) {
    const t = b.term;
    if (t?.op !== 'branch' || !reporting.includes(t.then) || reporting.includes(t.else)) continue;
    const d = defs.get(t.cond.id);
    if (d?.length !== 1 || !loop.blocks.has(d[0].b)) continue;
    const cmp = d[0].i;
    if (cmp.op !== 'cmp' || cmp.unsigned || (cmp.a.id !== c.v.id && !outside(cmp.a))) continue;
    const invariant = cmp.a.id === c.v.id ? undefined : cmp.a;
    const limit = limitOf(cmp.b);
    if (!limit) continue;
    // read after the step, the counter is one further than the range says
    if (d[0].b === latch && latch.instrs.indexOf(cmp) > latch.instrs.indexOf(c.step)) continue;
    if (cmp.cond === 'lt') checks.push({ at: b, quiet: t.else, kind: 'below', limit: cmp.b, invariant, ...limit });
    else if (cmp.cond === 'ge') checks.push({ at: b, quiet: t.else, kind: 'above', limit: cmp.b, invariant, ...limit });
  }
  const guarded = new Set(checks.map((k) => k.at));
  for (const b of loop.blocks) {
    if (guarded.has(b)) continue;
    if (successors(b).some((s) => reporting.includes(s))) return [];
  }
  return checks;
}

/** Versions the loop on its checks' conditions; the loop itself loses the checks. Returns the fallback copy's header. */
function versionChecks(f: Func, loop: Loop, pre: Block, c: Counter, checks: readonly Check[], ids: { next: number }): Block {
  const pos = pre.term?.pos;
  const reg = (): VReg => ({ id: f.nextVReg++, type: 'i32' });
  const test: Instr[] = [];
  const conds: VReg[] = [];
  const cmp = (cond: 'ge' | 'lt' | 'le', a: VReg, b: VReg) => {
    const dst = reg();
    test.push({ op: 'cmp', cond, dst, a, b, unsigned: false, pos });
    conds.push(dst);
  };
  for (const k of checks) {
    let limit = k.limit;
    if (k.load) {
      limit = { id: f.nextVReg++, type: k.limit.type };
      test.push({ ...k.load, dst: limit, pos });
    }
    if (k.invariant) cmp(k.kind === 'below' ? 'ge' : 'lt', k.invariant, limit);
    else if (k.kind === 'below') cmp('ge', c.v, limit);
    else {
      cmp('lt', c.v, limit);
      cmp('le', c.bound, limit);
    }
  }
  let fits = conds[0];
  for (const x of conds.slice(1)) {
    const dst = reg();
    test.push({ op: 'bin', kind: 'and', dst, a: fits, b: x, unsigned: true, pos });
    fits = dst;
  }
  const fallback = versionLoop(f, loop, pre, ids, test, fits, []);
  for (const k of checks) k.at.term = { op: 'jump', target: k.quiet, pos: k.at.term?.pos };
  dropUnread(f, loop, checks);
  return fallback;
}

/** The checks' comparisons and the limits' loads in the loop that nothing reads any more (the test before the loop loads those limits). */
function dropUnread(f: Func, loop: Loop, checks: readonly Check[]): void {
  const uses = useCounts(f);
  const dead = new Set<Instr>();
  for (const b of loop.blocks) for (const i of b.instrs) {
    if (i.op === 'cmp' && uses.get(i.dst.id) === undefined && checks.some((k) => i.b.id === k.limit.id)) {
      dead.add(i);
      uses.set(i.b.id, (uses.get(i.b.id) ?? 0) - 1);
    }
  }
  for (const k of checks) if (k.load && !uses.get(k.limit.id)) dead.add(k.load);
  for (const b of loop.blocks) if (b.instrs.some((i) => dead.has(i))) b.instrs.splice(0, b.instrs.length, ...b.instrs.filter((i) => !dead.has(i)));
}

/** Removes the index checks on innermost loops' counters by versioning; returns how many loops were versioned. */
export function versionIndexChecks(f: Func): number {
  if (!f.blocks.some(reports)) return 0;
  const ids = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  return versionInnermostLoops(f, (loop: Loop, dom: Dominators) => {
    if (![...loop.blocks].some(reports)) return undefined;
    const defs = definitions(f);
    // written before the loop and not in it: the value the loop reads is the one the preheader has
    const outside = (v: VReg) => {
      const d = defs.get(v.id);
      return d !== undefined && d.every((x) => !loop.blocks.has(x.b));
    };
    const c = counterOf(loop, defs, outside);
    const checks = c ? checksOf(f, loop, c, defs, outside) : [];
    if (!c || checks.length === 0) return undefined;
    const pre = preheader(f, loop, dom, ids);
    return pre && versionChecks(f, loop, pre, c, checks, ids);
  });
}
