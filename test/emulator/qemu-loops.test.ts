// Zero-overhead loops compared with QEMU (dc233c): when a loop-back happens (fall-through to LEND,
// not a taken branch/jump/call/return to it even when LEND is the next address, not with
// PS.EXCM = 1), LOOPNEZ/LOOPGTZ skipping, and LCOUNT/LBEG/LEND as software sees them.

import { strict as assert } from 'node:assert';
import { requireTool } from '../../harness/oracle/tools';
import { sameOnBoth } from './helpers/differential';
import type { ProgramBuilder } from './helpers/program';

/** Stores a3 (iteration counter), a5, LCOUNT and LBEG-relative LEND after the body. */
function finish(p: ProgramBuilder): void {
  p.i('s32i', 3, 14, 0).i('s32i', 5, 14, 4).i('rsr.lcount', 2).i('s32i', 2, 14, 8);
  p.i('rsr.lend', 2).i('rsr.lbeg', 4).i('sub', 2, 2, 4).i('s32i', 2, 14, 12);
}

const cases: [string, (p: ProgramBuilder) => void][] = [
  ['plain loop', (p) => p.i('movi', 2, 7).i('loop', 2, 'e1').i('addi.n', 3, 3, 1).label('e1').i('addi.n', 5, 5, 1)],
  ['taken branch to LEND (LEND = next)', (p) => {
    p.i('movi', 2, 6).i('loop', 2, 'e2').i('addi.n', 3, 3, 1).i('beqi', 3, 3, 'e2').label('e2').i('addi.n', 5, 5, 1);
  }],
  ['not-taken branch at the end', (p) => {
    p.i('movi', 2, 4).i('loop', 2, 'e3').i('addi.n', 3, 3, 1).i('beqi', 3, 10, 'e3').label('e3').i('nop');
  }],
  ['jump to LEND', (p) => p.i('movi', 2, 4).i('loop', 2, 'e4').i('addi.n', 3, 3, 1).i('j', 'e4').label('e4').i('addi.n', 5, 5, 1)],
  ['jx to LEND', (p) => {
    p.i('movi', 2, 4).i('j', 'g5').align(4).label('t5').word('e5').label('g5').i('l32r', 6, 't5');
    p.i('loop', 2, 'e5').i('addi.n', 3, 3, 1).i('jx', 6).label('e5').i('addi.n', 5, 5, 1);
  }],
  ['loopnez 0', (p) => p.i('movi', 2, 0).i('loopnez', 2, 'e6').i('addi.n', 3, 3, 1).label('e6').i('nop')],
  ['loopgtz -5', (p) => p.i('movi', 2, -5).i('loopgtz', 2, 'e7').i('addi.n', 3, 3, 1).label('e7').i('nop')],
  ['loopgtz 3', (p) => p.i('movi', 2, 3).i('loopgtz', 2, 'e8').i('addi.n', 3, 3, 1).label('e8').i('nop')],
  ['EXCM blocks the loop-back', (p) => {
    p.i('l32r', 2, 'lit_0').i('wsr.ps', 2).i('rsync').i('movi', 2, 5).i('loop', 2, 'e9').i('addi.n', 3, 3, 1).label('e9').i('nop');
    p.i('l32r', 2, 'lit_1').i('wsr.ps', 2).i('rsync');
  }],
  ['WSR.LCOUNT inside the body', (p) => {
    p.i('movi', 2, 3).i('loop', 2, 'e10').i('addi.n', 3, 3, 1).i('bnei', 3, 2, 'k10').i('movi', 4, 5).i('wsr.lcount', 4).label('k10').i('nop').label('e10').i('nop');
  }],
  ['three-byte last instruction and narrow body', (p) => p.i('movi', 2, 9).i('loop', 2, 'e11').i('add.n', 3, 3, 2).i('addi', 5, 5, 2).label('e11').i('nop')],
];

describe('emulator vs QEMU: zero-overhead loops (dc233c)', function () {
  this.timeout(60000);
  before(function () {
    requireTool(this, ['qemu-system-xtensa']);
  });

  for (const [name, body] of cases) {
    it(name, () => {
      const r = sameOnBoth('dc233c', name, (p) => {
        p.i('movi', 3, 0).i('movi', 5, 0);
        body(p);
        finish(p);
      }, { words: 4, literals: [0x4003f, 0x4002f] });
      assert.equal(r.kind, 'done');
    });
  }
});
