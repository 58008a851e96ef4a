// A test helper for the -O2 loop passes' tests (opt-loops, opt-strength): a counted loop built into a
// function under construction, as the lowering makes it before the passes run.

import type { FunctionBuilder } from '../../compiler/ir/builder';
import type { Block, VReg } from '../../compiler/ir/ir';

/** `for (i = 0; i < n; i++) { body(i) }` with `body` built into the loop's block; returns the blocks. */
export function countedLoop(b: FunctionBuilder, n: VReg, body: (b: FunctionBuilder, i: VReg) => void): { head: Block; loop: Block; exit: Block } {
  const i = b.vreg('i32');
  b.copy(i, b.const('i32', 0));
  const head = b.newBlock();
  const loop = b.newBlock();
  const exit = b.newBlock();
  b.jump(head);
  b.place(head);
  b.branch(b.cmp('lt', i, n), loop, exit);
  b.place(loop);
  body(b, i);
  b.copy(i, b.bin('add', i, b.const('i32', 1)));
  b.jump(head);
  b.place(exit);
  return { head, loop, exit };
}
