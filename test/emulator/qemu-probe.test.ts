// Core configurations checked against QEMU: memory-map boundaries (bus error just past each region),
// the exception records of lx106 (vectors, EXCCAUSE, EPC1, EXCVADDR, DEPC, PS), reset values the
// probe frame can read, and LITBASE-relative L32R — the same probe ELF on QEMU and the emulator.

import { strict as assert } from 'node:assert';
import { requireTool } from '../../harness/oracle/tools';
import { CORES } from '../../emulator';
import { sameOnBoth } from './helpers/differential';
import type { ProbeCoreName } from './helpers/differential';

/** Loads the word at the address in literal 0 and stores it as the result. */
const load = (p: import('./helpers/program').ProgramBuilder) => p.i('l32r', 3, 'lit_0').i('l32i', 2, 3, 0).i('s32i', 2, 14, 0);

describe('emulator vs QEMU: core configurations', function () {
  this.timeout(120000);
  before(function () {
    requireTool(this, ['qemu-system-xtensa']);
  });

  for (const core of ['lx106', 'dc233c', 'de233_fpu'] as ProbeCoreName[]) {
    it(`maps exactly QEMU's memory regions on ${core} (first, last and next word of each)`, () => {
      for (const r of CORES[core].memory) {
        for (const addr of [r.base, r.base + r.size - 4, r.base + r.size]) {
          const a = addr >>> 0;
          if (a === 0 && addr !== 0) continue; // wraps past 4 GiB
          const res = sameOnBoth(core, `load 0x${a.toString(16)}`, load, { words: 1, literals: [a] });
          const inside = CORES[core].memory.some((m) => a >= m.base && a - m.base < m.size);
          assert.equal(res.kind, inside ? 'done' : 'exception', `0x${a.toString(16)}`);
        }
      }
    });
  }

  it('raises the same exceptions as QEMU on lx106 (user/kernel/double vectors)', () => {
    const c = 'lx106';
    sameOnBoth(c, 'illegal', (p) => p.i('ill'), { words: 1 });
    sameOnBoth(c, 'syscall', (p) => p.i('syscall'), { words: 1 });
    sameOnBoth(c, 'unaligned l16si', (p) => p.i('addi', 3, 14, 1).i('l16si', 2, 3, 0), { words: 1 });
    sameOnBoth(c, 'unaligned s32i.n', (p) => p.i('addi', 3, 14, 2).i('s32i.n', 2, 3, 4), { words: 1 });
    sameOnBoth(c, 'bus error', (p) => p.i('movi', 3, 0).i('s8i', 2, 3, 7), { words: 1 });
    sameOnBoth(c, 'fetch error', (p) => p.i('movi', 3, 0).i('callx0', 3), { words: 1 });
    sameOnBoth(c, 'kernel vector', (p) => p.i('movi', 2, 0xf).i('wsr.ps', 2).i('rsync').i('ill'), { words: 1 });
    sameOnBoth(c, 'double exception', (p) => p.i('movi', 2, 0x1f).i('wsr.ps', 2).i('rsync').i('ill'), { words: 1 });
    sameOnBoth(c, 'windowed op (illegal on lx106)', (p) => p.bytes([0x36, 0x41, 0x00]), { words: 1 });
  });

  it('reads the same reset and configuration registers', () => {
    for (const core of ['lx106', 'dc233c', 'de233_fpu'] as ProbeCoreName[]) {
      const r = sameOnBoth(core, 'registers', (p) => {
        p.i('rsr.prid', 2).i('s32i', 2, 14, 0).i('rsr.ps', 2).i('s32i', 2, 14, 4).i('rsr.vecbase', 2).i('s32i', 2, 14, 8);
        p.i('rsr.exccause', 2).i('s32i', 2, 14, 12).i('rsr.sar', 2).i('s32i', 2, 14, 16);
        if (core !== 'lx106') p.i('rsr.atomctl', 2).i('s32i', 2, 14, 20).i('rsr.cpenable', 2).i('s32i', 2, 14, 24);
      }, { words: 7 });
      assert.equal(r.kind, 'done');
    }
  });

  it('masks special-register writes and exchanges WINDOWBASE like QEMU', () => {
    const masks = sameOnBoth('dc233c', 'sr masks', (p) => {
      p.i('movi', 2, -1).i('wsr.sar', 2).i('rsr.sar', 3).i('s32i', 3, 14, 0);
      p.i('l32r', 2, 'lit_0').i('wsr.windowstart', 2).i('rsr.windowstart', 3).i('movi', 2, 1).i('wsr.windowstart', 2).i('rsync').i('s32i', 3, 14, 4);
      p.i('movi', 2, -1).i('wsr.atomctl', 2).i('rsr.atomctl', 3).i('s32i', 3, 14, 8);
      p.i('movi', 2, -1).i('wsr.cpenable', 2).i('rsr.cpenable', 3).i('s32i', 3, 14, 12);
      p.i('movi', 2, -1).i('wsr.icountlevel', 2).i('rsr.icountlevel', 3).i('s32i', 3, 14, 16);
      p.i('movi', 2, -1).i('wsr.excsave1', 2).i('rsr.excsave1', 3).i('s32i', 3, 14, 20);
      p.i('rsil', 3, 5).i('s32i', 3, 14, 24).i('rsr.ps', 3).i('s32i', 3, 14, 28);
      p.i('l32r', 2, 'lit_1').i('wsr.ps', 2).i('rsr.ps', 3).i('s32i', 3, 14, 32);
    }, { words: 9, literals: [0x1ff, 0x7fffff2f] });
    assert.equal(masks.kind, 'done');
    // Entering ring 3 faults the next fetch (InstFetchPrivilege) on both.
    const ring = sameOnBoth('dc233c', 'ring 3', (p) => p.i('l32r', 2, 'lit_0').i('wsr.ps', 2).i('rsr.ps', 3), { words: 1, literals: [0x400ef] });
    assert.equal(ring.kind === 'exception' && ring.cause, 18);
    // XSR.WINDOWBASE: the old value lands in a2 of the window it started in (physical AR2).
    const xsr = sameOnBoth('dc233c', 'xsr.windowbase', (p) => {
      p.i('movi', 2, 2).i('xsr.windowbase', 2).i('rsync').i('movi', 5, 55).i('rsr.windowbase', 3).i('rotw', -2);
      p.i('s32i', 2, 14, 0).i('s32i', 11, 14, 4).i('s32i', 13, 14, 8);
    }, { words: 3 });
    assert.deepEqual(xsr, { kind: 'done', words: [0, 2, 55] });
    const lit = sameOnBoth('lx106', 'litbase mask', (p) => {
      p.i('movi', 2, -1).i('wsr.litbase', 2).i('rsr.litbase', 3).i('movi', 2, 0).i('wsr.litbase', 2).i('s32i', 3, 14, 0);
    }, { words: 1 });
    assert.deepEqual(lit, { kind: 'done', words: [0xfffff001] });
  });

  it('resolves L32R through LITBASE like QEMU lx106', () => {
    const r = sameOnBoth('lx106', 'litbase', (p) => {
      p.i('l32r', 3, 'lit_2').i('l32r', 4, 'lit_3').label('fill').i('s32i', 3, 3, 0).i('addi', 3, 3, 4).i('bne', 3, 4, 'fill');
      p.i('l32r', 2, 'lit_4').i('wsr.litbase', 2).i('isync').i('l32r', 5, 'lit_0').i('l32r', 6, 'lit_1');
      p.i('movi', 2, 0).i('wsr.litbase', 2).i('isync').i('s32i', 5, 14, 0).i('s32i', 6, 14, 4);
    }, { words: 2, literals: [0x11111111, 0x22222222, 0x60000f00, 0x60001000, 0x60001001] });
    assert.ok(r.kind === 'done' && r.words[0] >= 0x60000f00 && r.words[0] < 0x60001000, JSON.stringify(r));
  });
});
