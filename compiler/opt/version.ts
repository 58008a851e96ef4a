// -O2 loop versioning, shared by the passes that specialise a loop under a condition tested once before
// it (narrow-loops.ts, test-replace.ts): the loop is copied (unswitch.ts: duplicateLoop) as the fallback
// that runs when the condition fails; the loop itself, entered through a new preheader, is then free to
// be rewritten as the condition allows. The copy has no scope marks (the debugger shows the loop's
// block-scope variables out of scope there, as in unswitching's reporting copies) and is laid out
// before the specialised loop, so the live ranges of the registers only it still reads (one interval
// per register in block order, xtensa/registers.ts) end before the specialised loop begins.

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { dominators, naturalLoops, type Dominators, type Loop } from './loops';
import { duplicateLoop } from './unswitch';

/**
 * Offers each innermost loop of `f` to `version` once, the loops found again after each change (at
 * most 64 offers). `version` returns the header of the fallback copy it made (never offered), or
 * undefined when it left the loop alone. Returns how many loops it versioned.
 */
export function versionInnermostLoops(f: Func, version: (loop: Loop, dom: Dominators) => Block | undefined): number {
  const done = new Set<Block>();
  let count = 0;
  for (let guard = 0; guard < 64; guard++) {
    const dom = dominators(f);
    const loops = naturalLoops(f, dom);
    const innermost = (l: Loop) => !loops.some((o) => o !== l && l.blocks.has(o.header));
    const loop = loops.find((l) => !done.has(l.header) && innermost(l));
    if (!loop) break;
    done.add(loop.header);
    const fallback = version(loop, dom);
    if (!fallback) continue;
    done.add(fallback);
    count++;
  }
  return count;
}

/**
 * Versions `loop` (entered from `pre`, which jumps to its header): `test` is appended to `pre`, which
 * branches on `fits` into a new preheader holding `entry` (then the loop) or into the fallback copy.
 * Returns the fallback copy's header.
 */
export function versionLoop(f: Func, loop: Loop, pre: Block, ids: { next: number }, test: readonly Instr[], fits: VReg, entry: readonly Instr[]): Block {
  const scoped = [...loop.blocks].some((b) => b.instrs.some((i) => i.op === 'scope'));
  const fallback = duplicateLoop(f, loop, scoped, ids, loop.header);
  const pos = pre.term?.pos;
  const specialised: Block = { id: ids.next++, instrs: [...entry], term: { op: 'jump', target: loop.header, pos } };
  f.blocks.splice(f.blocks.indexOf(loop.header), 0, specialised);
  pre.instrs.push(...test);
  const header = fallback.get(loop.header)!;
  pre.term = { op: 'branch', cond: fits, then: specialised, else: header, pos };
  return header;
}
