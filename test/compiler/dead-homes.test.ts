// Dead frame-home stores (compiler/xtensa/dead-homes.ts) on hand-written assembly: a store to a home
// that no later line reads goes; a read on any path (a branch, a loop back), a home that is not a
// candidate (a debugger variable's), an address computed from a1, a partial store, or a store that
// begins a statement keep it.

import { strict as assert } from 'node:assert';
import { AsmWriter } from '../../compiler/xtensa/asm-writer';
import { writeLines } from './asm-lines';
import { dropDeadHomeStores } from '../../compiler/xtensa/dead-homes';

const HOMES = new Set([16, 20, 24]);

function run(lines: string[], stmtAt: number[] = [], homes: ReadonlySet<number> = HOMES): { text: string[]; dropped: number } {
  const w = new AsmWriter('t.cpp', 'u');
  const from = w.lineCount;
  writeLines(w, lines, stmtAt);
  const dropped = dropDeadHomeStores(w, from, w.lineCount, homes);
  return { text: w.text().trim().split('\n').map((l) => l.trim()), dropped };
}

describe('compiler: dead frame-home stores (xtensa/dead-homes.ts)', () => {
  it('a store nothing reads again goes; one read later stays', () => {
    const r = run(['s32i\ta12, a1, 16', 's32i\ta13, a1, 20', 'call8\tf', 'l32i\ta8, a1, 20', 'retw']);
    assert.deepEqual(r.text, ['s32i\ta13, a1, 20', 'call8\tf', 'l32i\ta8, a1, 20', 'retw']);
    // overwritten before any read
    assert.equal(run(['s32i\ta12, a1, 16', 's32i\ta13, a1, 16', 'l32i\ta8, a1, 16', 'retw']).dropped, 1);
  });

  it('a read on a branch or around a loop keeps the store', () => {
    assert.equal(run(['s32i\ta12, a1, 16', 'beqz\ta2, .L1', 'retw', '.L1:', 'l32i\ta8, a1, 16', 'retw']).dropped, 0);
    assert.equal(run(['.L0:', 'l32i\ta8, a1, 24', 'addi\ta2, a2, -1', 's32i\ta8, a1, 24', 'bnez\ta2, .L0', 'retw']).dropped, 0);
    // a byte load of a word reads it too
    assert.equal(run(['s32i\ta12, a1, 16', 'l8ui\ta8, a1, 17', 'retw']).dropped, 0);
  });

  it('not a candidate, an address from a1, a partial store, or a statement keep it', () => {
    assert.equal(run(['s32i\ta12, a1, 16', 'retw'], [], new Set([20])).dropped, 0);
    assert.equal(run(['s32i\ta12, a1, 16', 'addi\ta8, a1, 16', 'l32i\ta9, a8, 0', 'retw']).dropped, 0);
    assert.equal(run(['s8i\ta12, a1, 16', 'retw']).dropped, 0);
    assert.equal(run(['s32i\ta12, a1, 16', 'retw'], [0]).dropped, 0);
    assert.equal(run(['s32i\ta12, a1, 16', 'jx\ta9']).dropped, 0);
  });
});
