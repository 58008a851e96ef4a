// -O1, IR → IR: control-flow cleanup. A block that ends in a jump to a block with no other
// predecessor absorbs it (what inlining leaves: the call's block, the callee's body, the
// continuation); a jump to an empty block that only jumps on goes straight to its target. The entry
// block stays first; unreachable blocks are dropped unless they hold scope marks.

import type { Block, Func } from '../ir/ir';
import { predecessorCounts, successors } from './walk';

/** Skips empty forwarding blocks in jumps and branches; returns how many edges moved. */
function threadJumps(f: Func): number {
  const entry = f.blocks[0];
  const final = (b: Block): Block => {
    let r = b;
    for (let n = 0; n < 16 && r !== entry && !r.instrs.length && r.term?.op === 'jump' && r.term.target !== r; n++) r = r.term.target;
    return r;
  };
  let moved = 0;
  for (const b of f.blocks) {
    const t = b.term;
    if (t?.op === 'jump') {
      const to = final(t.target);
      if (to !== t.target) {
        b.term = { ...t, target: to };
        moved++;
      }
    } else if (t?.op === 'branch') {
      const then = final(t.then);
      const otherwise = final(t.else);
      if (then !== t.then || otherwise !== t.else) {
        b.term = { ...t, then, else: otherwise };
        moved++;
      }
    }
  }
  return moved;
}

/** Drops the blocks no path from the entry reaches (unless they, or blocks they reach, hold scope marks). */
function dropUnreachable(f: Func): void {
  const reached = new Set<Block>();
  const work = [f.blocks[0], ...f.blocks.filter((b) => b.instrs.some((i) => i.op === 'scope'))];
  while (work.length) {
    const b = work.pop()!;
    if (reached.has(b)) continue;
    reached.add(b);
    work.push(...successors(b));
  }
  f.blocks.splice(0, f.blocks.length, ...f.blocks.filter((b) => reached.has(b)));
}

/** Merges straight-line block chains; returns how many blocks were absorbed. */
export function mergeBlocks(f: Func): number {
  threadJumps(f);
  dropUnreachable(f);
  const preds = predecessorCounts(f);
  const absorbed = new Set<Block>();
  let merged = 0;
  for (const a of f.blocks) {
    if (absorbed.has(a)) continue;
    for (let t = a.term; t?.op === 'jump'; t = a.term) {
      const b = t.target;
      if (b === a || b === f.blocks[0] || preds.get(b.id) !== 1 || absorbed.has(b)) break;
      a.instrs.push(...b.instrs);
      a.term = b.term;
      absorbed.add(b);
      merged++;
    }
  }
  if (merged) f.blocks.splice(0, f.blocks.length, ...f.blocks.filter((b) => !absorbed.has(b)));
  return merged;
}
