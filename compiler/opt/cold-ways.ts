// -O2: which way of a branch inside a loop is cold — the way that reports a fault (a coherency
// violation, an index out of bounds, a failed check) before the two ways join again. The join is the
// branch's nearest postdominator within one iteration (the back edge and the loop's exits count as
// the iteration's end). A way is cold when it may report and the other way cannot, or, when both may
// (an index test `i < 0 || i >= n` whose second half reports too), when it reports on every path and
// the other does not. Unswitching (unswitch.ts) keeps the hot way in the loop and sends the cold way
// to a copy that it then leaves alone.

import type { Block } from '../ir/ir';
import { isFaultReport } from './alias';
import type { Loop } from './loops';
import { successors } from './walk';

const reports = (b: Block) => b.instrs.some((i) => i.op === 'call' && typeof i.callee === 'string' && isFaultReport(i.callee));

/** Successors within one iteration of the loop (the header and blocks outside end it: undefined). */
function iterationSuccessors(loop: Loop, b: Block): (Block | undefined)[] {
  return successors(b).map((s) => (s === loop.header || !loop.blocks.has(s) ? undefined : s));
}

/** Each block's postdominators within one iteration of the loop (the iteration's end counts as none). */
function postdominators(loop: Loop): Map<Block, Set<Block>> {
  const blocks = [...loop.blocks];
  // iterated to the fixpoint from "all blocks"
  const pdom = new Map<Block, Set<Block>>(blocks.map((x) => [x, new Set(blocks)]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const x of blocks) {
      let meet: Set<Block> | undefined;
      for (const s of iterationSuccessors(loop, x)) {
        const ps = s ? pdom.get(s)! : new Set<Block>();
        meet = meet ? new Set([...meet].filter((y) => ps.has(y))) : new Set(ps);
      }
      const next = new Set(meet ?? []);
      next.add(x);
      if (next.size !== pdom.get(x)!.size) {
        pdom.set(x, next);
        changed = true;
      }
    }
  }
  return pdom;
}

/** The nearest block every path from `b` to the end of the iteration passes (undefined: none does). */
function joinOf(pdom: ReadonlyMap<Block, Set<Block>>, b: Block): Block | undefined {
  const strict = [...pdom.get(b)!].filter((y) => y !== b);
  // the nearest strict postdominator is the one postdominated by all the others
  return strict.sort((p, q) => pdom.get(q)!.size - pdom.get(p)!.size)[0];
}

/** Whether some path from `from` reaches a fault report before `join` or the iteration's end. */
function mayReport(loop: Loop, from: Block, join: Block | undefined): boolean {
  const seen = new Set<Block>();
  const work: (Block | undefined)[] = [from];
  while (work.length) {
    const b = work.pop();
    if (!b || b === join || seen.has(b)) continue;
    seen.add(b);
    if (reports(b)) return true;
    work.push(...iterationSuccessors(loop, b));
  }
  return false;
}

/** Whether every path from `from` reaches a fault report before `join` or the iteration's end. */
function alwaysReports(loop: Loop, from: Block, join: Block | undefined, busy = new Set<Block>()): boolean {
  if (reports(from)) return true;
  if (from === join || busy.has(from)) return false;
  busy.add(from);
  const succ = iterationSuccessors(loop, from);
  const all = succ.every((s) => s !== undefined && alwaysReports(loop, s, join, busy));
  busy.delete(from);
  return all;
}

/**
 * The cold way of a branch ending a block of `loop`, if one way is cold and the other not (the
 * postdominators are computed once per loop, on the first question).
 */
export function coldWays(loop: Loop): (at: Block) => 'then' | 'else' | undefined {
  let pdom: Map<Block, Set<Block>> | undefined;
  return (at) => {
    const t = at.term;
    if (t?.op !== 'branch' || t.then === t.else) return undefined;
    pdom ??= postdominators(loop);
    const join = joinOf(pdom, at);
    const inLoop = (b: Block) => (b === loop.header || !loop.blocks.has(b) ? undefined : b);
    const [then, other] = [inLoop(t.then), inLoop(t.else)];
    const may = [then ? mayReport(loop, then, join) : false, other ? mayReport(loop, other, join) : false];
    if (may[0] !== may[1]) return may[0] ? 'then' : 'else';
    if (!may[0]) return undefined;
    const always = [then ? alwaysReports(loop, then, join) : false, other ? alwaysReports(loop, other, join) : false];
    return always[0] === always[1] ? undefined : always[0] ? 'then' : 'else';
  };
}
