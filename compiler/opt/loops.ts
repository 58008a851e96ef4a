// -O2 analyses: the dominator tree of a function's blocks (iterative, over reverse post-order) and its
// natural loops (a back edge b → h where h dominates b; the loop is h plus every block that reaches
// b without passing h; back edges to one header make one loop), innermost first.

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

export function dominators(f: Func): Dominators {
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

/** The natural loops of `f`, innermost (smallest) first. */
export function naturalLoops(f: Func, dom: Dominators = dominators(f)): Loop[] {
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
