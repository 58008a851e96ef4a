// The back end's reload removal (compiler/xtensa/reloads.ts) on hand-written assembly: a reload of a
// home into a register that still holds it goes (into another one: a move from it); a write of the
// register, a store of the home from elsewhere (directly or through an address computed from a1), a
// loop head, a call (for a8..a15) and a statement's first line keep it; the line marks after a removed
// line move up with their lines.

import { strict as assert } from 'node:assert';
import { AsmWriter } from '../../compiler/xtensa/asm-writer';
import { writeLines } from './asm-lines';
import { dropRedundantReloads, foldLoadMoves } from '../../compiler/xtensa/reloads';

const HOMES = new Set([16, 20, 24, 1028]);

/** Writes `lines` (labels end with ':'), runs both passes over them; returns the kept text and how many lines went. */
function run(lines: string[], stmtAt: number[] = []): { text: string[]; dropped: number; w: AsmWriter } {
  const w = new AsmWriter('t.cpp', 'u');
  const from = w.lineCount;
  writeLines(w, lines, stmtAt);
  const dropped = dropRedundantReloads(w, from, w.lineCount, HOMES) + foldLoadMoves(w, from, w.lineCount);
  return { text: w.text().trim().split('\n').map((l) => l.trim()), dropped, w };
}

describe('compiler: redundant home reloads (xtensa/reloads.ts)', () => {
  it('a reload after a store or load of the same home into the same register goes', () => {
    const r = run(['s32i\ta8, a1, 16', 'l32i\ta9, a1, 20', 'add\ta10, a9, a9', 'l32i\ta8, a1, 16', 'l32i\ta9, a1, 20']);
    assert.equal(r.dropped, 2);
    assert.deepEqual(r.text, ['s32i\ta8, a1, 16', 'l32i\ta9, a1, 20', 'add\ta10, a9, a9']);
  });

  it('a reload into another register while one still holds the home becomes a move from it', () => {
    const r = run(['s32i\ta7, a1, 16', 'call8\tf', 'l32i\ta10, a1, 16', 'l32i\ta11, a1, 20']);
    assert.deepEqual(r.text, ['s32i\ta7, a1, 16', 'call8\tf', 'mov\ta10, a7', 'l32i\ta11, a1, 20']);
    // a call forgets a8..a15: no move from a9 after it
    assert.equal(run(['s32i\ta9, a1, 16', 'call8\tf', 'l32i\ta10, a1, 16']).text[2], 'l32i\ta10, a1, 16');
  });

  it('a write of the register or a store of the home from another register keeps the reload', () => {
    const r = run(['l32i\ta8, a1, 16', 'addi\ta8, a8, 1', 'l32i\ta8, a1, 16', 'l32i\ta9, a1, 20', 's32i\ta10, a1, 20', 'l32i\ta9, a1, 20']);
    assert.equal(r.dropped, 0);
  });

  it('a store through an address computed from a1 (a large offset) forgets every home', () => {
    const r = run(['l32i\ta8, a1, 16', 'addmi\ta15, a1, 1024', 's32i\ta9, a15, 4', 'l32i\ta8, a1, 16']);
    assert.equal(r.dropped, 0);
    // a store through an ordinary pointer cannot reach a home
    assert.equal(run(['l32i\ta8, a1, 16', 'l32i\ta12, a8, 0', 's32i\ta9, a12, 8', 'l32i\ta8, a1, 16']).dropped, 1);
  });

  it('a call keeps a2..a7 and forgets a8..a15', () => {
    const r = run(['l32i\ta4, a1, 16', 'l32i\ta8, a1, 20', 'call8\tf', 'l32i\ta4, a1, 16', 'l32i\ta8, a1, 20']);
    assert.deepEqual(r.text, ['l32i\ta4, a1, 16', 'l32i\ta8, a1, 20', 'call8\tf', 'l32i\ta8, a1, 20']);
  });

  it('labels: the facts every forward way agrees on; a loop head starts with none', () => {
    const forward = run(['l32i\ta8, a1, 16', 'beqz\ta9, .L1', 'j\t.L2', '.L1:', 'movi\ta10, 1', '.L2:', 'l32i\ta8, a1, 16']);
    assert.equal(forward.dropped, 1);
    const disagree = run(['l32i\ta8, a1, 16', 'beqz\ta9, .L2', 'movi\ta8, 1', '.L2:', 'l32i\ta8, a1, 16']);
    assert.equal(disagree.dropped, 0);
    const loop = run(['l32i\ta8, a1, 16', '.L3:', 'l32i\ta8, a1, 16', 'addi\ta9, a8, 1', 'bnez\ta9, .L3']);
    assert.equal(loop.dropped, 0);
  });

  it('a reload that begins a statement stays; the marks of later lines move with them', () => {
    assert.equal(run(['l32i\ta8, a1, 16', 'l32i\ta8, a1, 16'], [1]).dropped, 0);
    const r = run(['l32i\ta8, a1, 16', 'l32i\ta8, a1, 16', 'movi\ta9, 3'], [2]);
    assert.equal(r.dropped, 1);
    const movi = r.text.indexOf('movi\ta9, 3') + 1;
    assert.equal(r.w.marks.get(movi)?.pos.line, 12);
    assert.equal(r.w.marks.get(movi)?.stmt, true);
  });

  it('a load into a scratch register moved on folds into one load when the scratch is dead', () => {
    assert.deepEqual(run(['l32i\ta8, a1, 16', 'mov\ta5, a8', 'l32i\ta8, a1, 20']).text, ['l32i\ta5, a1, 16', 'l32i\ta8, a1, 20']);
    assert.deepEqual(run(['l32i\ta8, a1, 16', 'mov\ta5, a8', 'call8\tf']).text, ['l32i\ta5, a1, 16', 'call8\tf']);
    // read again, read by CALLX8, kept by a conditional move, or live past a branch: no fold
    for (const after of ['add\ta6, a8, a5', 'callx8\ta8', 'moveqz\ta8, a9, a10', 'bnez\ta5, .L1']) {
      assert.equal(run(['l32i\ta8, a1, 16', 'mov\ta5, a8', after]).text[0], 'l32i\ta8, a1, 16', after);
    }
  });

  it("on the emitter's output, a scratch register is dead at a block's label (not at an instruction's own label)", () => {
    const fold = (lines: string[]) => {
      const w = new AsmWriter('t.cpp', 'u');
      const from = w.lineCount;
      for (const l of lines) {
        if (l.endsWith(':')) w.label(l.slice(0, -1));
        else w.insn(l);
      }
      foldLoadMoves(w, from, w.lineCount, /^\.L0_B\d+$/);
      return w.text().trim().split('\n').map((l) => l.trim());
    };
    assert.deepEqual(fold(['l32i\ta8, a1, 16', 'mov\ta5, a8', '.L0_B3:', 'add\ta6, a8, a5']), ['l32i\ta5, a1, 16', '.L0_B3:', 'add\ta6, a8, a5']);
    assert.deepEqual(fold(['l32i\ta8, a1, 16', 'mov\ta5, a8', 'j\t.L0_B3']), ['l32i\ta5, a1, 16', 'j\t.L0_B3']);
    assert.deepEqual(fold(['l32i\ta8, a1, 16', 'mov\ta5, a8', 'bnez\ta5, .L0_B3', 'movi\ta8, 0']), ['l32i\ta5, a1, 16', 'bnez\ta5, .L0_B3', 'movi\ta8, 0']);
    // a label of the instruction's own code (a carry, a select) or a branch there: the scratch may live on
    assert.equal(fold(['l32i\ta8, a1, 16', 'mov\ta5, a8', '.L0_k3:', 'add\ta6, a8, a5'])[0], 'l32i\ta8, a1, 16');
    assert.equal(fold(['l32i\ta8, a1, 16', 'mov\ta5, a8', 'bnez\ta5, .L0_k3', 'movi\ta8, 0'])[0], 'l32i\ta8, a1, 16');
    // the branch to a block reads the scratch itself
    assert.equal(fold(['l32i\ta8, a1, 16', 'mov\ta5, a8', 'bnez\ta8, .L0_B3', 'movi\ta8, 0'])[0], 'l32i\ta8, a1, 16');
  });
});

