// A windowed test program: f(n) recursing through mixed CALL4/CALL8/CALL12 deep enough to spill and
// reload frames through the window-exception handlers, and its expected result.

import type { ProgramBuilder } from './program';

/** `_start` sets a1 = stackTop, calls main(n) with CALL4; the result lands in a9 at label `done`. */
export function recursion(p: ProgramBuilder, n: number, stackTop: number): void {
  p.i('j', 'start').align(4).label('lit_sp').word(stackTop);
  p.label('start').i('l32r', 1, 'lit_sp').i('movi', 0, 0).i('movi', 6, n).i('call4', 'main').label('back').i('mov.n', 9, 6).label('done').i('nop');
  p.align(4).label('main').i('entry', 1, 48).i('mov.n', 10, 2).i('call8', 'f').i('mov.n', 2, 10).i('retw');
  p.align(4).label('f').i('entry', 1, 48).i('beqz', 2, 'zero').i('mov.n', 3, 2).i('movi', 5, 3).i('remu', 5, 2, 5).i('addi', 2, 2, -1);
  p.i('beqz', 5, 'do4').i('beqi', 5, 1, 'do8');
  p.i('mov.n', 14, 2).i('addx2', 11, 3, 3).i('call12', 'f').i('add', 2, 14, 3).i('add', 2, 2, 11).i('retw');
  p.label('do8').i('mov.n', 10, 2).i('addx4', 7, 3, 3).i('call8', 'f').i('add', 2, 10, 3).i('add', 2, 2, 7).i('retw');
  p.label('do4').i('mov.n', 6, 2).i('call4', 'f').i('add', 2, 6, 3).i('retw');
  p.label('zero').i('movi', 2, 0).i('retw');
}

/** What a9 holds at `done` after recursion(p, n, …). */
export function recursionResult(n: number): number {
  let s = 0;
  for (let k = 1; k <= n; k++) s += k + (k % 3 === 1 ? 5 * k : k % 3 === 2 ? 3 * k : 0);
  return s;
}
