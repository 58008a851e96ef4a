// Short branches where they reach (compiler/xtensa/branches.ts) on hand-written assembly: a branch
// over a `j` becomes the inverse branch to the `j`'s target; a branch to a `j` goes to its target;
// neither happens out of a short branch's reach, past a label other code reaches, or when the `j`
// begins a statement. The rewritten code is assembled, so a branch out of reach would fail the test.

import { strict as assert } from 'node:assert';
import { AsmWriter } from '../../compiler/xtensa/asm-writer';
import { writeLines } from './asm-lines';
import { shortenBranches } from '../../compiler/xtensa/branches';
import { assemble } from '../../xtensa/asm';

function run(lines: string[], stmtAt: number[] = []): { text: string[]; removed: number } {
  const w = new AsmWriter('t.cpp', 'u');
  w.directive('.text');
  w.label('f');
  const from = w.lineCount;
  writeLines(w, lines, stmtAt);
  const removed = shortenBranches(w, from, w.lineCount);
  assemble([{ name: 't.s', text: w.text() }]);
  return { text: w.text().trim().split('\n').slice(2).map((l) => l.trim()), removed };
}

const filler = (n: number) => Array.from({ length: n }, () => 'addi\ta9, a9, 1');

describe('compiler: short branches (xtensa/branches.ts)', () => {
  it('a branch over a j becomes the inverse branch to its target', () => {
    const r = run(['.L0:', 'addi\ta2, a2, 1', 'bgeu\ta2, a3, .L1', 'j\t.L0', '.L1:', 'retw']);
    assert.equal(r.removed, 1);
    assert.deepEqual(r.text, ['.L0:', 'addi\ta2, a2, 1', 'bltu\ta2, a3, .L0', '.L1:', 'retw']);
    const f = run(['.L0:', 'bt\tb0, .L1', 'j\t.L2', '.L1:', 'movi\ta2, 1', '.L2:', 'retw']);
    assert.deepEqual(f.text.slice(0, 2), ['.L0:', 'bf\tb0, .L2']);
  });

  it('out of reach, the branch and its j stay', () => {
    const near = run(['.L0:', ...filler(20), 'bgeu\ta2, a3, .L1', 'j\t.L0', '.L1:', 'retw']);
    assert.equal(near.removed, 1);
    const far = run(['.L0:', ...filler(60), 'bgeu\ta2, a3, .L1', 'j\t.L0', '.L1:', 'retw']);
    assert.equal(far.removed, 0);
    // BEQZ's 12-bit reach goes further than the 8-bit forms'
    const z = run(['.L0:', ...filler(60), 'bnez\ta2, .L1', 'j\t.L0', '.L1:', 'retw']);
    assert.equal(z.removed, 1);
    assert.equal(z.text[61], 'beqz\ta2, .L0');
  });

  it('a label reached from elsewhere between, a skip label reached twice, or a statement on the j keep it', () => {
    assert.equal(run(['.L0:', ...filler(60), 'bnez\ta2, .L1', '.L5:', 'j\t.L0', '.L1:', 'beq\ta4, a5, .L5', 'retw']).removed, 0);
    // in reach, the other branch goes to the j's target first, and the label is then reached by nothing
    const threaded = run(['.L0:', 'bgeu\ta2, a3, .L1', '.L5:', 'j\t.L0', '.L1:', 'beq\ta4, a5, .L5', 'retw']);
    assert.deepEqual(threaded.text, ['.L0:', 'bltu\ta2, a3, .L0', '.L5:', '.L1:', 'beq\ta4, a5, .L0', 'retw']);
    assert.equal(run(['.L0:', 'bgeu\ta2, a3, .L1', 'j\t.L0', '.L1:', 'beqz\ta4, .L1', 'retw']).removed, 0);
    assert.equal(run(['.L0:', 'bgeu\ta2, a3, .L1', 'j\t.L0', '.L1:', 'retw'], [2]).removed, 0);
  });

  it('a branch to a j is threaded to its target when in reach', () => {
    const r = run(['.L0:', 'addi\ta2, a2, 1', 'bne\ta2, a3, .L1', 'retw', '.L1:', 'j\t.L0']);
    assert.equal(r.text[2], 'bne\ta2, a3, .L0');
    const far = run(['.L0:', ...filler(60), 'bne\ta2, a3, .L1', 'retw', '.L1:', 'j\t.L0']);
    assert.equal(far.text[61], 'bne\ta2, a3, .L1');
  });
});
