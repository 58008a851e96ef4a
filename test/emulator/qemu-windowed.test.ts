// The windowed ABI and the exceptions of the windowed QEMU cores, compared with QEMU itself: the
// same probe ELF runs on qemu-system-xtensa (dc233c, de233_fpu) and on the emulator, and the result
// words or the exception records (vector, EXCCAUSE, EPC1, EXCVADDR, DEPC, PS, WB, WS) must match.

import { strict as assert } from 'node:assert';
import { requireTool } from '../../harness/oracle/tools';
import { sameOnBoth } from './helpers/differential';
import type { ProgramBuilder } from './helpers/program';
import { windowVectors } from './helpers/rom';
import { PROBE_CORES } from './helpers/probe';

/** The ROM's window handlers as probe vector code (position-independent bytes). */
function romVectors(): Map<number, (p: ProgramBuilder) => void> {
  const rom = windowVectors(0x40000000).piece.bytes;
  const map = new Map<number, (p: ProgramBuilder) => void>();
  for (const off of [0x0, 0x40, 0x80, 0xc0, 0x100, 0x140]) {
    map.set(off, (p) => p.bytes([...rom.slice(off, off + 0x40)]));
  }
  return map;
}

/** Mixed CALL4/CALL8/CALL12 recursion (see windowed.test.ts), result and state into the buffer. */
function recursionBody(n: number) {
  return (p: ProgramBuilder) => {
    p.i('l32r', 1, 'lit_0').i('movi', 6, n).i('call4', 'r_main').i('l32r', 14, 'lit_buf').i('s32i', 6, 14, 0);
    p.i('rsr.windowbase', 2).i('s32i', 2, 14, 4).i('rsr.windowstart', 2).i('s32i', 2, 14, 8).i('s32i', 1, 14, 12);
    p.i('rsr.ps', 2).i('s32i', 2, 14, 16).i('j', 'report');
  };
}

function recursionTail(p: ProgramBuilder): void {
  p.align(4).label('r_main').i('entry', 1, 48).i('mov.n', 10, 2).i('call8', 'r_f').i('mov.n', 2, 10).i('retw');
  p.align(4).label('r_f').i('entry', 1, 48).i('beqz', 2, 'r_zero').i('mov.n', 3, 2).i('movi', 5, 3).i('remu', 5, 2, 5).i('addi', 2, 2, -1);
  p.i('beqz', 5, 'r_do4').i('beqi', 5, 1, 'r_do8');
  p.i('mov.n', 14, 2).i('addx2', 11, 3, 3).i('call12', 'r_f').i('add', 2, 14, 3).i('add', 2, 2, 11).i('retw');
  p.label('r_do8').i('mov.n', 10, 2).i('addx4', 7, 3, 3).i('call8', 'r_f').i('add', 2, 10, 3).i('add', 2, 2, 7).i('retw');
  p.label('r_do4').i('mov.n', 6, 2).i('call4', 'r_f').i('add', 2, 6, 3).i('retw');
  p.label('r_zero').i('movi', 2, 0).i('retw');
}

describe('emulator vs QEMU: windowed ABI (dc233c, de233_fpu)', function () {
  this.timeout(60000);
  before(function () {
    requireTool(this, ['qemu-system-xtensa']);
  });

  for (const core of ['dc233c', 'de233_fpu'] as const) {
    it(`runs deep mixed CALL4/8/12 recursion identically on ${core}`, () => {
      for (const n of [3, 50, 400]) {
        const r = sameOnBoth(core, `recursion ${n}`, recursionBody(n), {
          words: 5,
          literals: [0x00100000],
          vectorCode: romVectors(),
          tail: recursionTail,
        });
        assert.equal(r.kind, 'done');
      }
    });
  }

  const core = 'dc233c';
  const exc = (what: string, body: (p: ProgramBuilder) => void, opts: { literals?: number[] } = {}) => {
    const r = sameOnBoth(core, what, body, { words: 4, ...opts });
    assert.equal(r.kind, 'exception', `${what} raised an exception`);
    return r;
  };

  it('takes WindowOverflow4/8/12 with the same WB, WS, PS.OWB and EPC1', () => {
    for (const ws of [0b101, 0b1001, 0b11, 0b10000011, 0b1000101]) {
      exc(`overflow ws=${ws.toString(2)}`, (p) => p.i('movi', 2, ws).i('wsr.windowstart', 2).i('rsync').i('add', 12, 2, 3));
    }
  });

  it('checks the CALLn link register and the ENTRY frame for overflow like QEMU', () => {
    exc('call8 into a live pane', (p) => p.i('movi', 2, 0b101).i('wsr.windowstart', 2).i('rsync').i('call8', 'tgt').align(4).label('tgt').i('nop'));
    exc('entry after call12 into a live pane', (p) => {
      p.i('movi', 2, 0b10001).i('wsr.windowstart', 2).i('rsync').i('call12', 'e').align(4).label('e').i('entry', 1, 32);
    });
  });

  it('takes WindowUnderflow4/8/12 for RETW to a spilled caller', () => {
    for (const n of [1, 2, 3]) {
      exc(`underflow n=${n}`, (p) => {
        // Enter a callee frame n panes up, then mark the caller as spilled and return.
        p.i(n === 1 ? 'call4' : n === 2 ? 'call8' : 'call12', 'callee').i('j', 'report');
        p.align(4).label('callee').i('entry', 1, 32).i('rsr.windowbase', 2).i('movi', 3, 1).i('ssl', 2).i('sll', 3, 3);
        p.i('wsr.windowstart', 3).i('rsync').i('retw');
      });
    }
  });

  it('rejects ENTRY and RETW like QEMU (IllegalInstruction)', () => {
    exc('entry with WOE=0', (p) => p.i('movi', 2, 0x2f).i('wsr.ps', 2).i('rsync').i('entry', 1, 32));
    exc('entry a5', (p) => p.i('entry', 5, 32));
    exc('retw with a0[31:30]=0', (p) => p.i('movi', 0, 0x100).i('retw'));
    exc('retw.n mismatched caller frame', (p) => {
      p.i('call4', 'c').align(4).label('c').i('entry', 1, 32).i('l32r', 0, 'lit_0').i('retw.n');
    }, { literals: [0x80000100] });
  });

  it('raises Alloca for MOVSP without a live frame below, and runs ROTW/L32E/S32E alike', () => {
    exc('movsp alloca', (p) => p.i('movi', 2, 0b10000).i('wsr.windowstart', 2).i('movi', 2, 4).i('wsr.windowbase', 2).i('rsync').i('movsp', 1, 3));
    const r = sameOnBoth(core, 'rotw/l32e/s32e', (p) => {
      p.i('movi', 2, 0x3f).i('wsr.ps', 2).i('rsync').i('movi', 5, 0x77).i('rotw', 1);
      p.i('mov.n', 6, 14).i('addi', 6, 6, 64).i('movi', 2, 0x55).i('s32e', 2, 6, -60).i('l32e', 3, 6, -60).i('rotw', -1);
      p.i('s32i', 5, 14, 0).i('rsr.windowbase', 2).i('s32i', 2, 14, 8);
      p.i('rotw', 1).i('s32i', 3, 14, 12).i('rotw', -1);
    }, { words: 4 });
    assert.equal(r.kind, 'done');
  });

  it('reports the exceptions of both windowed cores identically (alignment, bus error, illegal)', () => {
    for (const c of ['dc233c', 'de233_fpu'] as const) {
      assert.ok(PROBE_CORES[c].windowed);
      sameOnBoth(c, 'unaligned l32i', (p) => p.i('addi', 3, 14, 2).i('l32i', 2, 3, 0), { words: 1 });
      sameOnBoth(c, 'unmapped s32i', (p) => p.i('l32r', 3, 'lit_0').i('s32i', 2, 3, 4), { words: 1, literals: [0x40000000] });
      sameOnBoth(c, 'fetch unmapped', (p) => p.i('l32r', 3, 'lit_0').i('jx', 3), { words: 1, literals: [0x50000000] });
      sameOnBoth(c, 'syscall', (p) => p.i('syscall'), { words: 1 });
      sameOnBoth(c, 'double exception', (p) => p.i('l32r', 2, 'lit_0').i('wsr.ps', 2).i('rsync').i('ill'), { words: 1, literals: [0x4003f] });
    }
  });
});
