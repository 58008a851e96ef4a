// Register moves around calls (compiler/xtensa/moves.ts) on hand-written assembly: a value moved into
// an argument register is computed there (through a 64-bit add's carry branch), a call's result is
// read in a10 where it was moved away (across a loop's branch when the register is dead on every way
// out), and a moved register's later reads read its source while that is unchanged; a register still read later, a debugger variable's register,
// a stretch with a call or a label reached from outside, or a write of a10 keep the move; a move whose
// register is written again before any read goes.

import { strict as assert } from 'node:assert';
import { AsmWriter } from '../../compiler/xtensa/asm-writer';
import { dropMoves } from '../../compiler/xtensa/moves';

function run(lines: string[], keep: string[] = []): { text: string[]; dropped: number } {
  const w = new AsmWriter('t.cpp', 'u');
  const from = w.lineCount;
  for (const l of lines) {
    if (l.endsWith(':')) w.label(l.slice(0, -1));
    else w.insn(l);
  }
  const dropped = dropMoves(w, from, w.lineCount, new Set(keep));
  return { text: w.text().trim().split('\n').map((l) => l.trim()), dropped };
}

describe('compiler: register moves around calls (xtensa/moves.ts)', () => {
  it('a value moved into an argument register is computed there, through a carry branch', () => {
    const r = run(['add\ta5, a8, a7', 'mov\ta7, a9', 'bgeu\ta5, a8, .L1', 'addi\ta7, a7, 1', '.L1:', 'l32i\ta10, a1, 16',
      'mov\ta12, a5', 'mov\ta13, a7', 'call8\tf', 'l32i\ta5, a10, 0', 'movi\ta7, 0', 'retw']);
    assert.equal(r.dropped, 2);
    assert.deepEqual(r.text.slice(0, 7), ['add\ta12, a8, a7', 'mov\ta13, a9', 'bgeu\ta12, a8, .L1', 'addi\ta13, a13, 1', '.L1:', 'l32i\ta10, a1, 16', 'call8\tf']);
  });

  it("a call's result is read in a10 up to the next write of the register it was moved to", () => {
    const r = run(['call8\tf', 'mov\ta2, a10', 'l32i\ta5, a2, 0', 's32i\ta5, a1, 16', 'l32i\ta2, a6, 8', 'retw']);
    assert.deepEqual(r.text, ['call8\tf', 'l32i\ta5, a10, 0', 's32i\ta5, a1, 16', 'l32i\ta2, a6, 8', 'retw']);
    // an update of the register itself reads a10 and writes it
    assert.deepEqual(run(['call8\tf', 'mov\ta2, a10', 'addi\ta2, a2, 4', 'retw']).text.slice(0, 3), ['call8\tf', 'addi\ta2, a10, 4', 'retw']);
  });

  it("a call's result is read in a10 across a branch when its register is dead on every way out", () => {
    // a fill loop: the result's register is written again at the loop's head before any read, and dead at the return
    const loop = ['.L1:', 'mov\ta10, a7', 'call8\tf', 'mov\ta6, a10', 's32i\ta3, a6, 0', 'addi\ta5, a5, 1', 'bltu\ta5, a2, .L1', 'retw'];
    const r = run(loop);
    assert.equal(r.dropped, 1);
    assert.deepEqual(r.text.slice(1, 5), ['mov\ta10, a7', 'call8\tf', 's32i\ta3, a10, 0', 'addi\ta5, a5, 1']);
    // read on the way out of the loop after a10 changed, or returned: the move stays
    assert.equal(run([...loop.slice(0, -1), 'l32i\ta10, a1, 8', 's32i\ta6, a1, 16', 'retw']).dropped, 0);
    assert.equal(run(['.L1:', 'mov\ta10, a7', 'call8\tf', 'mov\ta2, a10', 's32i\ta3, a2, 0', 'bltu\ta5, a4, .L1', 'retw']).dropped, 0);
    // a jump out of the lines: not followed, the move stays
    assert.equal(run(['call8\tf', 'mov\ta6, a10', 's32i\ta3, a6, 0', 'j\t.Lelsewhere']).dropped, 0);
  });

  it('the later reads of a moved register read its source when that is unchanged and the register dead after them', () => {
    // a 64-bit loop test: j's new low word compared where it was computed, on every way out the register is dead
    const test = ['.L9:', 'l32i\ta8, a1, 16', 'addi\ta12, a8, 1', 's32i\ta12, a1, 16', 'mov\ta8, a12', 'blt\ta6, a9, .L7',
      'bne\ta6, a9, .L8', 'bgeu\ta8, a5, .L7', '.L8:', 'j\t.L9', '.L7:', 'l32i\ta8, a1, 20', 'retw'];
    const r = run(test);
    assert.equal(r.dropped, 1);
    assert.deepEqual(r.text.slice(3, 7), ['s32i\ta12, a1, 16', 'blt\ta6, a9, .L7', 'bne\ta6, a9, .L8', 'bgeu\ta12, a5, .L7']);
    // the source written before the read, the register read where a branch goes, or read by a call: the move stays
    assert.equal(run(['mov\ta8, a12', 'movi\ta12, 0', 'bgeu\ta8, a5, .L7', '.L7:', 'retw']).dropped, 0);
    assert.equal(run(['mov\ta8, a12', 'beqz\ta5, .L7', 'bgeu\ta8, a5, .L6', '.L6:', 'retw', '.L7:', 's32i\ta8, a1, 0', 'retw']).dropped, 0);
    assert.equal(run(['mov\ta12, a5', 'call8\tf', 'movi\ta5, 0', 'retw']).dropped, 0);
  });

  it('a move whose register is written again before any read goes (the copy of a debugger variable described in its source register)', () => {
    // `float x = in[i][j]`: x's register is overwritten by the next line, the uses read the source
    const r = run(['l32i\ta5, a10, 0', 'mov\ta3, a5', 'l32i\ta3, a2, 8', 'wfr\tf0, a5', 'retw']);
    assert.equal(r.dropped, 1);
    assert.deepEqual(r.text, ['l32i\ta5, a10, 0', 'l32i\ta3, a2, 8', 'wfr\tf0, a5', 'retw']);
    // dead at every way out of a branch too; but not where the debugger reads it, nor where a return reads it
    assert.equal(run(['mov\ta6, a5', 'beqz\ta5, .L1', 'movi\ta6, 1', '.L1:', 'movi\ta6, 2', 'retw']).dropped, 1);
    assert.equal(run(['l32i\ta5, a10, 0', 'mov\ta3, a5', 'l32i\ta3, a2, 8', 'retw'], ['a3']).dropped, 0);
    assert.equal(run(['mov\ta3, a5', 'retw']).dropped, 0);
  });

  it('a later read, a kept register, a call or an outside label in the stretch, or a write of a10 keep the move', () => {
    // a5 read after the move
    assert.equal(run(['add\ta5, a8, a7', 'mov\ta12, a5', 'call8\tf', 'add\ta6, a5, a5', 'movi\ta5, 0', 'retw']).dropped, 0);
    // a debugger variable's register
    assert.equal(run(['add\ta5, a8, a7', 'mov\ta12, a5', 'movi\ta5, 0', 'retw'], ['a5']).dropped, 0);
    // a call between the write and the move
    assert.equal(run(['add\ta5, a8, a7', 'call8\tg', 'mov\ta12, a5', 'movi\ta5, 0', 'call8\tf', 'retw']).dropped, 0);
    // a label reached from elsewhere between the write and the move
    assert.equal(run(['add\ta5, a8, a7', '.L2:', 'mov\ta12, a5', 'movi\ta5, 0', 'call8\tf', 'bnez\ta3, .L2', 'retw']).dropped, 0);
    // the argument register read in between
    assert.equal(run(['add\ta5, a8, a7', 'add\ta9, a12, a12', 'mov\ta12, a5', 'movi\ta5, 0', 'call8\tf', 'retw']).dropped, 0);
    // the result: a10 written before the last read, or the register never written again in sight
    assert.equal(run(['call8\tf', 'mov\ta2, a10', 'l32i\ta10, a1, 16', 'l32i\ta5, a2, 0', 'movi\ta2, 0', 'retw']).dropped, 0);
    assert.equal(run(['call8\tf', 'mov\ta2, a10', 'l32i\ta5, a2, 0', 'retw']).dropped, 0);
  });
});
