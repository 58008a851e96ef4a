// -O2 loop versioning, shared by the passes that specialise a loop under a condition tested once before
// it (narrow-loops.ts, test-replace.ts): the loop is copied (unswitch.ts: duplicateLoop) as the fallback
// that runs when the condition fails; the loop itself, entered through a new preheader, is then free to
// be rewritten as the condition allows. The copy has no scope marks (the debugger shows the loop's
// block-scope variables out of scope there, as in unswitching's reporting copies) and is laid out
// before the specialised loop, so the live ranges of the registers only it still reads (one interval
// per register in block order, xtensa/registers.ts) end before the specialised loop begins.

import type { Block, Func, Instr, VReg } from '../ir/ir';
import type { Loop } from './loops';
import { duplicateLoop } from './unswitch';

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
