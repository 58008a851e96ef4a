// Conditional branches (taken and not taken, signed/unsigned, B4CONST immediates, bit tests), jumps
// and call0 calls, and zero-overhead loops with the LBEG/LEND/LCOUNT rules of §8.

import { strict as assert } from 'node:assert';
import type { Machine } from '../../emulator';
import { runSnippet } from './helpers/snippet';
import type { ProgramBuilder } from './helpers/program';

/** 1 when the branch falls through, 2 when taken. */
function branch(mn: string, ops: number[], regs: Record<number, number>, core: 'q7' | 'de233_fpu' = 'q7'): number {
  const r = runSnippet(
    core,
    (p) => {
      p.i(mn, ...ops, 'taken').i('movi', 9, 1).i('j', 'done').label('taken').i('movi', 9, 2).label('done').i('nop');
    },
    { setup: (m) => Object.entries(regs).forEach(([n, v]) => m.writeAR(Number(n), v)) },
  );
  assert.equal(r.stop.kind, 'breakpoint');
  return r.machine.readAR(9);
}

describe('emulator: branches', () => {
  it('compares registers', () => {
    const cases: [string, number, number, number][] = [
      ['beq', 5, 5, 2], ['beq', 5, 6, 1], ['bne', 5, 6, 2], ['bne', 5, 5, 1],
      ['blt', 0xffffffff, 0, 2], ['blt', 0, 0xffffffff, 1], ['bge', 0, 0xffffffff, 2], ['bge', 0xffffffff, 0, 1],
      ['bltu', 0, 0xffffffff, 2], ['bltu', 0xffffffff, 0, 1], ['bgeu', 0xffffffff, 0, 2], ['bgeu', 0, 1, 1],
      ['bge', 7, 7, 2], ['blt', 7, 7, 1],
      ['bany', 0b1010, 0b0010, 2], ['bany', 0b1010, 0b0101, 1], ['bnone', 0b1010, 0b0101, 2], ['bnone', 0b1010, 0b0010, 1],
      ['ball', 0b1110, 0b0110, 2], ['ball', 0b1010, 0b0110, 1], ['bnall', 0b1010, 0b0110, 2], ['bnall', 0b1110, 0b0110, 1],
      ['bbc', 0xfffffffe, 32, 2], ['bbc', 0xffffffff, 0, 1], ['bbs', 0x80000000, 31, 2], ['bbs', 0x80000000, 63, 2], ['bbs', 0, 3, 1],
    ];
    for (const [mn, x, y, want] of cases) assert.equal(branch(mn, [2, 3], { 2: x, 3: y }), want, `${mn} ${x} ${y}`);
  });

  it('tests bits and compares with B4CONST/B4CONSTU immediates', () => {
    const cases: [string, number, number, number][] = [
      ['bbci', 31, 0x7fffffff, 2], ['bbci', 31, 0x80000000, 1], ['bbsi', 16, 0x10000, 2], ['bbsi', 0, 2, 1],
      ['beqi', -1, 0xffffffff, 2], ['beqi', 256, 256, 2], ['bnei', 10, 10, 1], ['bnei', 12, 10, 2],
      ['blti', 1, 0, 2], ['blti', 1, 1, 1], ['bgei', -1, 0xffffffff, 2], ['bgei', 8, 7, 1],
      ['bltui', 32768, 32767, 2], ['bltui', 32768, 0xffffffff, 1], ['bgeui', 65536, 65536, 2], ['bgeui', 2, 1, 1],
    ];
    for (const [mn, imm, x, want] of cases) assert.equal(branch(mn, [2, imm], { 2: x }), want, `${mn} ${imm} ${x}`);
  });

  it('compares with zero (BRI12 and narrow forms)', () => {
    const cases: [string, number, number][] = [
      ['beqz', 0, 2], ['beqz', 1, 1], ['bnez', 1, 2], ['bnez', 0, 1], ['bltz', 0x80000000, 2], ['bltz', 0, 1],
      ['bgez', 0, 2], ['bgez', 0xffffffff, 1], ['beqz.n', 0, 2], ['beqz.n', 5, 1], ['bnez.n', 5, 2], ['bnez.n', 0, 1],
    ];
    for (const [mn, x, want] of cases) assert.equal(branch(mn, [2], { 2: x }), want, `${mn} ${x}`);
  });

  it('tests boolean registers with BT/BF (de233_fpu)', () => {
    const bt = (mn: string, br: number) =>
      runSnippet('de233_fpu', (p) => {
        p.i(mn, 3, 'taken').i('movi', 9, 1).i('j', 'done').label('taken').i('movi', 9, 2).label('done').i('nop');
      }, { setup: (m) => m.writeSR('br', br) }).machine.readAR(9);
    assert.equal(bt('bt', 0b1000), 2);
    assert.equal(bt('bt', 0b0111), 1);
    assert.equal(bt('bf', 0b0111), 2);
    assert.equal(bt('bf', 0b1000), 1);
  });

  it('jumps and calls (call0/callx0 link a0; callx0 reads its target before writing a0)', () => {
    const r = runSnippet('q7', (p) => {
      p.i('j', 'start').align(4).label('gaddr').word('g').label('jaddr').word('end');
      p.label('start').i('call0', 'f').label('back').i('l32r', 3, 'gaddr').i('callx0', 3).label('back2').i('j', 'done');
      p.align(4).label('f').i('movi', 9, 1).i('mov.n', 10, 0).i('ret');
      p.align(4).label('g').i('movi', 11, 2).i('mov.n', 12, 0).i('ret.n');
      p.label('done').i('l32r', 0, 'jaddr').i('jx', 0).label('end').i('nop');
    });
    const m = r.machine;
    assert.equal(m.readAR(10), r.symbols.get('back'));
    assert.equal(m.readAR(12), r.symbols.get('back2'));
    assert.equal(m.readAR(9), 1);
    assert.equal(m.readAR(11), 2);
    const callx = runSnippet('q7', (p) => {
      p.i('j', 'start').align(4).label('gaddr').word('g');
      p.label('start').i('l32r', 0, 'gaddr').i('callx0', 0).label('back').i('j', 'done');
      p.align(4).label('g').i('mov.n', 12, 0).i('ret').label('done').i('nop');
    });
    assert.equal(callx.machine.readAR(12), callx.symbols.get('back'));
  });
});

/** Runs a loop test body on de233_fpu (which has the loop option). */
function loopRun(body: (p: ProgramBuilder) => void, setup?: (m: Machine) => void, limit?: number) {
  return runSnippet('de233_fpu', body, { setup, limit });
}

describe('emulator: zero-overhead loops', () => {
  it('runs the body a2 times and sets LBEG/LEND/LCOUNT', () => {
    const r = loopRun((p) => {
      p.i('movi', 2, 5).label('lp').i('loop', 2, 'end').label('body').i('addi.n', 3, 3, 1).i('addi.n', 4, 4, 2).label('end').i('nop').label('done').i('nop');
    });
    const m = r.machine;
    assert.equal(m.readAR(3), 5);
    assert.equal(m.readAR(4), 10);
    assert.equal(m.readSR('lbeg'), r.symbols.get('body'));
    assert.equal(m.readSR('lend'), r.symbols.get('end'));
    assert.equal(m.readSR('lcount'), 0);
    assert.equal(m.instructionCount, 1 + 1 + 10 + 1);
  });

  it('skips the body with LOOPNEZ for 0 and LOOPGTZ for values <= 0', () => {
    for (const [mn, n, iters] of [['loopnez', 0, 0], ['loopnez', 3, 3], ['loopgtz', 0, 0], ['loopgtz', 0xffffffff, 0], ['loopgtz', 2, 2]] as const) {
      const r = loopRun((p) => {
        p.i(mn, 2, 'end').i('addi.n', 3, 3, 1).label('end').i('nop').label('done').i('nop');
      }, (m) => m.writeAR(2, n));
      assert.equal(r.machine.readAR(3), iters, `${mn} ${n}`);
      assert.equal(r.machine.readSR('lcount'), iters === 0 ? (n - 1) >>> 0 : 0, `${mn} ${n} LCOUNT`);
    }
  });

  it('treats LOOP with a count of 0 as 2^32 iterations (LCOUNT = 0xffffffff)', () => {
    const r = loopRun((p) => {
      p.i('loop', 2, 'end').i('addi.n', 3, 3, 1).label('end').i('nop').label('done').i('nop');
    }, (m) => m.writeAR(2, 0), 1 + 1000);
    assert.equal(r.stop.kind, 'limit');
    assert.equal(r.machine.readAR(3), 1000);
    assert.equal(r.machine.readSR('lcount'), (0xffffffff - 1000) >>> 0, 'one decrement per loop-back');
  });

  it('does not loop back after a taken branch to LEND, but does after a not-taken one', () => {
    const r = loopRun((p) => {
      p.i('movi', 2, 4).i('loop', 2, 'end').i('addi.n', 3, 3, 1).i('beqi', 3, 2, 'end').label('end').i('addi.n', 5, 5, 1).label('done').i('nop');
    });
    // Iterations 1 (branch not taken, loops back), 2 (taken → LEND, no loop-back): a3 = 2, LCOUNT = 2.
    assert.equal(r.machine.readAR(3), 2);
    assert.equal(r.machine.readSR('lcount'), 2);
    assert.equal(r.machine.readAR(5), 1);
  });

  it('loops back after the last instruction even when it is a 2-byte one, and not with PS.EXCM = 1', () => {
    const body = (p: ProgramBuilder) => {
      p.i('movi', 2, 3).i('loop', 2, 'end').i('add.n', 3, 3, 2).label('end').i('nop').label('done').i('nop');
    };
    assert.equal(loopRun(body).machine.readAR(3), 3 + 3 + 3);
    const excm = loopRun(body, (m) => m.writeSR('ps', 0x40030));
    assert.equal(excm.machine.readAR(3), 3, 'one pass: no loop-back while EXCM is set');
  });

  it('follows WSR.LEND/LBEG/LCOUNT written by software', () => {
    const r = loopRun((p) => {
      p.i('j', 'start').align(4).label('lbeg').word('body').label('lend').word('end');
      p.label('start').i('l32r', 6, 'lbeg').i('wsr.lbeg', 6).i('l32r', 6, 'lend').i('wsr.lend', 6).i('movi', 6, 2).i('wsr.lcount', 6).i('isync');
      p.label('body').i('addi.n', 3, 3, 1).label('end').i('nop').label('done').i('nop');
    });
    assert.equal(r.machine.readAR(3), 3);
  });
});
