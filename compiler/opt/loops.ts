// -O2 analyses: the dominator tree of a function's blocks (iterative, over reverse post-order) and its
// natural loops (a back edge b → h where h dominates b; the loop is h plus every block that reaches
// b without passing h; back edges to one header make one loop), innermost first. The loop passes ask
// again after every loop they offer a change to (most leave the loop alone), so each function's last
// analysis is kept and returned while its control flow is unchanged: the same blocks in the same order
// with the same jump and branch targets (a check that allocates nothing). Instructions may change
// meanwhile; neither analysis reads them.

import type { Block, Func } from '../ir/ir';
import { successors } from './walk';

export interface Dominators {
  /** Whether `a` dominates `b` (every path from the entry to b passes a; a block dominates itself). */
  dominates(a: Block, b: Block): boolean;
  /** Blocks reachable from the entry, in reverse post-order. */
  readonly order: readonly Block[];
  /** Predecessors of each reachable block (by id). */
  readonly preds: ReadonlyMap<number, readonly Block[]>;
}

/** A function's last analyses and the control flow they were made of. */
interface Analysed {
  readonly blocks: readonly Block[];
  /** Each block's jump target or branch targets (then, else), two slots per block. */
  readonly targets: readonly (Block | undefined)[];
  readonly dom: Dominators;
  loops?: readonly Loop[];
}

const analysed = new WeakMap<Func, Analysed>();

/** The first and second successor slots of a block's terminator. */
const firstTarget = (b: Block) => (b.term?.op === 'jump' ? b.term.target : b.term?.op === 'branch' ? b.term.then : undefined);
const secondTarget = (b: Block) => (b.term?.op === 'branch' ? b.term.else : undefined);

/** Whether `f`'s blocks and their targets are still those `a` was made of. */
function sameControlFlow(f: Func, a: Analysed): boolean {
  const blocks = f.blocks;
  if (blocks.length !== a.blocks.length) return false;
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k];
    if (b !== a.blocks[k] || firstTarget(b) !== a.targets[2 * k] || secondTarget(b) !== a.targets[2 * k + 1]) return false;
  }
  return true;
}

/** The dominator tree of `f`: the last one made while the control flow is unchanged, else a new one. */
export function dominators(f: Func): Dominators {
  const last = analysed.get(f);
  if (last && sameControlFlow(f, last)) return last.dom;
  const dom = computeDominators(f);
  analysed.set(f, { blocks: [...f.blocks], targets: f.blocks.flatMap((b) => [firstTarget(b), secondTarget(b)]), dom });
  return dom;
}

function computeDominators(f: Func): Dominators {
  const order: Block[] = [];
  const seen = new Set<Block>();
  // iterative depth-first post-order from the entry
  const stack: { b: Block; next: number }[] = [];
  const push = (b: Block) => {
    seen.add(b);
    stack.push({ b, next: 0 });
  };
  if (f.blocks.length) push(f.blocks[0]);
  while (stack.length) {
    const top = stack[stack.length - 1];
    const succ = successors(top.b);
    if (top.next < succ.length) {
      const s = succ[top.next++];
      if (!seen.has(s)) push(s);
    } else {
      order.push(top.b);
      stack.pop();
    }
  }
  order.reverse();
  const index = new Map(order.map((b, k) => [b, k]));
  const preds = new Map<number, Block[]>();
  for (const b of order) for (const s of successors(b)) (preds.get(s.id) ?? preds.set(s.id, []).get(s.id)!).push(b);
  const idom: number[] = order.map(() => -1);
  if (order.length) idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (a > b) a = idom[a];
      while (b > a) b = idom[b];
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = 1; k < order.length; k++) {
      let d = -1;
      for (const p of preds.get(order[k].id) ?? []) {
        const pk = index.get(p)!;
        if (idom[pk] === -1) continue;
        d = d === -1 ? pk : intersect(pk, d);
      }
      if (d !== -1 && idom[k] !== d) {
        idom[k] = d;
        changed = true;
      }
    }
  }
  return {
    order,
    preds,
    dominates: (a, b) => {
      const ka = index.get(a);
      let kb = index.get(b);
      if (ka === undefined || kb === undefined) return false;
      while (kb > ka) kb = idom[kb];
      return kb === ka;
    },
  };
}

export interface Loop {
  readonly header: Block;
  readonly blocks: Set<Block>;
  /** Blocks inside the loop that jump back to the header. */
  readonly latches: Block[];
}

/** The natural loops of `f`, innermost (smallest) first (a new array; the loops are shared while the
 *  control flow is unchanged and must not be changed). */
export function naturalLoops(f: Func, dom: Dominators = dominators(f)): Loop[] {
  const last = analysed.get(f);
  if (last?.dom !== dom) return findLoops(dom);
  last.loops ??= findLoops(dom);
  return [...last.loops];
}

function findLoops(dom: Dominators): Loop[] {
  const byHeader = new Map<Block, Loop>();
  for (const b of dom.order) {
    for (const h of successors(b)) {
      if (!dom.dominates(h, b)) continue;
      let loop = byHeader.get(h);
      if (!loop) byHeader.set(h, (loop = { header: h, blocks: new Set([h]), latches: [] }));
      loop.latches.push(b);
      const work = [b];
      while (work.length) {
        const x = work.pop()!;
        if (loop.blocks.has(x)) continue;
        loop.blocks.add(x);
        work.push(...(dom.preds.get(x.id) ?? []));
      }
    }
  }
  return [...byHeader.values()].sort((a, b) => a.blocks.size - b.blocks.size);
}

/** Blocks of the loop with a successor outside it. */
export function exitingBlocks(loop: Loop): Block[] {
  return [...loop.blocks].filter((b) => successors(b).some((s) => !loop.blocks.has(s)));
}
