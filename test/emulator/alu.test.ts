// ALU, shift and multiply/divide semantics with exact expected values, including the corner cases
// of xtensa-ivp-spec.md §6 (ABS/NEG of 0x80000000, NSA/NSAU of 0 and -1, SEXT/CLAMPS limits,
// SAR = 0 and 32, SRC funnel shifts, QUOS/REMS overflow, division by zero).

import { strict as assert } from 'node:assert';
import { Case, checkCases, runOne } from './helpers/one';

const MIN = 0x80000000;

describe('emulator: ALU', () => {
  it('adds, subtracts and scales', () => {
    checkCases([
      ['add', [4, 2, 3], { 2: 5, 3: 7 }, { 4: 12 }],
      ['add', [4, 2, 3], { 2: 0xffffffff, 3: 2 }, { 4: 1 }],
      ['add.n', [4, 2, 3], { 2: 0x7fffffff, 3: 1 }, { 4: MIN }],
      ['addx2', [4, 2, 3], { 2: 3, 3: 1 }, { 4: 7 }],
      ['addx4', [4, 2, 3], { 2: 3, 3: 1 }, { 4: 13 }],
      ['addx8', [4, 2, 3], { 2: 0x20000000, 3: 5 }, { 4: 5 }],
      ['sub', [4, 2, 3], { 2: 5, 3: 7 }, { 4: 0xfffffffe }],
      ['subx2', [4, 2, 3], { 2: 3, 3: 1 }, { 4: 5 }],
      ['subx4', [4, 2, 3], { 2: 3, 3: 13 }, { 4: 0xffffffff }],
      ['subx8', [4, 2, 3], { 2: 3, 3: 4 }, { 4: 20 }],
      ['addi', [4, 2, -128], { 2: 100 }, { 4: 0xffffffe4 }],
      ['addi', [4, 2, 127], { 2: 1 }, { 4: 128 }],
      ['addmi', [4, 2, -32768], { 2: 0 }, { 4: 0xffff8000 }],
      ['addmi', [4, 2, 0x7f00], { 2: 1 }, { 4: 0x7f01 }],
      ['addi.n', [4, 2, -1], { 2: 0 }, { 4: 0xffffffff }],
      ['addi.n', [4, 2, 15], { 2: 1 }, { 4: 16 }],
    ]);
  });

  it('moves immediates and registers', () => {
    checkCases([
      ['movi', [5, -2048], {}, { 5: 0xfffff800 }],
      ['movi', [5, 2047], {}, { 5: 2047 }],
      ['movi.n', [5, -32], {}, { 5: 0xffffffe0 }],
      ['movi.n', [5, 95], {}, { 5: 95 }],
      ['mov.n', [5, 6], { 6: 0xdeadbeef }, { 5: 0xdeadbeef }],
    ]);
  });

  it('does logic, NEG and ABS (ABS 0x80000000 stays)', () => {
    checkCases([
      ['and', [4, 2, 3], { 2: 0xff00ff00, 3: 0x0ff00ff0 }, { 4: 0x0f000f00 }],
      ['or', [4, 2, 3], { 2: 0xff00ff00, 3: 0x0ff00ff0 }, { 4: 0xfff0fff0 }],
      ['xor', [4, 2, 3], { 2: 0xff00ff00, 3: 0x0ff00ff0 }, { 4: 0xf0f0f0f0 }],
      ['neg', [4, 3], { 3: 1 }, { 4: 0xffffffff }],
      ['neg', [4, 3], { 3: MIN }, { 4: MIN }],
      ['abs', [4, 3], { 3: 0xfffffff9 }, { 4: 7 }],
      ['abs', [4, 3], { 3: MIN }, { 4: MIN }],
      ['abs', [4, 3], { 3: 5 }, { 4: 5 }],
    ]);
  });

  it('moves conditionally (the destination is unchanged when the test fails)', () => {
    checkCases([
      ['moveqz', [4, 2, 3], { 2: 9, 3: 0, 4: 1 }, { 4: 9 }],
      ['moveqz', [4, 2, 3], { 2: 9, 3: 5, 4: 1 }, { 4: 1 }],
      ['movnez', [4, 2, 3], { 2: 9, 3: 5, 4: 1 }, { 4: 9 }],
      ['movnez', [4, 2, 3], { 2: 9, 3: 0, 4: 1 }, { 4: 1 }],
      ['movltz', [4, 2, 3], { 2: 9, 3: MIN, 4: 1 }, { 4: 9 }],
      ['movltz', [4, 2, 3], { 2: 9, 3: 0, 4: 1 }, { 4: 1 }],
      ['movgez', [4, 2, 3], { 2: 9, 3: 0, 4: 1 }, { 4: 9 }],
      ['movgez', [4, 2, 3], { 2: 9, 3: 0xffffffff, 4: 1 }, { 4: 1 }],
    ]);
  });

  it('compares signed and unsigned in MIN/MAX/MINU/MAXU', () => {
    checkCases([
      ['min', [4, 2, 3], { 2: 0xffffffff, 3: 1 }, { 4: 0xffffffff }],
      ['max', [4, 2, 3], { 2: 0xffffffff, 3: 1 }, { 4: 1 }],
      ['minu', [4, 2, 3], { 2: 0xffffffff, 3: 1 }, { 4: 1 }],
      ['maxu', [4, 2, 3], { 2: 0xffffffff, 3: 1 }, { 4: 0xffffffff }],
      ['min', [4, 2, 3], { 2: MIN, 3: 0x7fffffff }, { 4: MIN }],
      ['maxu', [4, 2, 3], { 2: MIN, 3: 0x7fffffff }, { 4: MIN }],
    ]);
  });

  it('counts sign bits and leading zeros (NSA 0/-1 = 31, NSAU 0 = 32)', () => {
    const cases: Case[] = [
      ['nsa', [4, 2], { 2: 0 }, { 4: 31 }],
      ['nsa', [4, 2], { 2: 0xffffffff }, { 4: 31 }],
      ['nsa', [4, 2], { 2: 1 }, { 4: 30 }],
      ['nsa', [4, 2], { 2: MIN }, { 4: 0 }],
      ['nsa', [4, 2], { 2: 0x7fffffff }, { 4: 0 }],
      ['nsa', [4, 2], { 2: 0xffff0000 }, { 4: 15 }],
      ['nsau', [4, 2], { 2: 0 }, { 4: 32 }],
      ['nsau', [4, 2], { 2: 1 }, { 4: 31 }],
      ['nsau', [4, 2], { 2: MIN }, { 4: 0 }],
      ['nsau', [4, 2], { 2: 0x00010000 }, { 4: 15 }],
    ];
    checkCases(cases);
  });

  it('sign-extends and clamps at bit positions 7..22', () => {
    checkCases([
      ['sext', [4, 2, 7], { 2: 0x180 }, { 4: 0xffffff80 }],
      ['sext', [4, 2, 7], { 2: 0x17f }, { 4: 0x7f }],
      ['sext', [4, 2, 15], { 2: 0x12348000 }, { 4: 0xffff8000 }],
      ['sext', [4, 2, 22], { 2: 0x00400000 }, { 4: 0xffc00000 }],
      ['clamps', [4, 2, 7], { 2: 200 }, { 4: 127 }],
      ['clamps', [4, 2, 7], { 2: 0xffffff00 }, { 4: 0xffffff80 }],
      ['clamps', [4, 2, 7], { 2: 0xffffff90 }, { 4: 0xffffff90 }],
      ['clamps', [4, 2, 22], { 2: 0x7fffffff }, { 4: 0x003fffff }],
      ['clamps', [4, 2, 22], { 2: MIN }, { 4: 0xffc00000 }],
    ]);
  });
});

describe('emulator: shifts and SAR', () => {
  const withSar = (sar: number) => ({ setup: (m: import('../../emulator').Machine) => m.writeSR('sar', sar) });

  it('sets SAR with SSR/SSL/SSA8L/SSA8B/SSAI (SSL 0 gives 32)', () => {
    const sar = (mn: string, ops: number[], regs: Record<number, number>) => runOne(mn, ops, regs).readSR('sar');
    assert.equal(sar('ssr', [2], { 2: 37 }), 5);
    assert.equal(sar('ssl', [2], { 2: 37 }), 27);
    assert.equal(sar('ssl', [2], { 2: 32 }), 32);
    assert.equal(sar('ssa8l', [2], { 2: 3 }), 24);
    assert.equal(sar('ssa8b', [2], { 2: 1 }), 24);
    assert.equal(sar('ssa8b', [2], { 2: 4 }), 32);
    assert.equal(sar('ssai', [31], {}), 31);
    assert.equal(runOne('wsr.sar', [2], { 2: 0xffffffff }).readSR('sar'), 63);
  });

  it('shifts by SAR including 0 and 32', () => {
    checkCases([['srl', [4, 3], { 3: 0x80000001 }, { 4: 0x80000001 }]], withSar(0));
    checkCases([['srl', [4, 3], { 3: 0x80000001 }, { 4: 0 }]], withSar(32));
    checkCases([['srl', [4, 3], { 3: 0x80000001 }, { 4: 0x40000000 }]], withSar(1));
    checkCases([['sra', [4, 3], { 3: 0x80000001 }, { 4: 0xffffffff }]], withSar(32));
    checkCases([['sra', [4, 3], { 3: 0x80000000 }, { 4: 0xfffe0000 }]], withSar(14));
    checkCases([['sll', [4, 2], { 2: 0x00000003 }, { 4: 0 }]], withSar(0));
    checkCases([['sll', [4, 2], { 2: 0x00000003 }, { 4: 3 }]], withSar(32));
    checkCases([['sll', [4, 2], { 2: 0x00000003 }, { 4: 0xc0000000 }]], withSar(2));
    checkCases([['sll', [4, 2], { 2: 0xffffffff }, { 4: 0 }]], withSar(40));
  });

  it('funnel-shifts {as, at} right by SAR with SRC', () => {
    const regs = { 2: 0x12345678, 3: 0x9abcdef0 };
    checkCases([['src', [4, 2, 3], regs, { 4: 0x9abcdef0 }]], withSar(0));
    checkCases([['src', [4, 2, 3], regs, { 4: 0x789abcde }]], withSar(8));
    checkCases([['src', [4, 2, 3], regs, { 4: 0x12345678 }]], withSar(32));
    checkCases([['src', [4, 2, 3], regs, { 4: 0x00123456 }]], withSar(40));
    checkCases([['src', [4, 2, 3], regs, { 4: 0x2468acf1 }]], withSar(31));
  });

  it('shifts by immediates (SLLI 32 encodes as a shift of 0, as QEMU executes it)', () => {
    checkCases([
      ['slli', [4, 2, 1], { 2: 0xc0000001 }, { 4: 0x80000002 }],
      ['slli', [4, 2, 31], { 2: 3 }, { 4: MIN }],
      ['slli', [4, 2, 32], { 2: 3 }, { 4: 3 }],
      ['srli', [4, 3, 15], { 3: 0xffffffff }, { 4: 0x1ffff }],
      ['srli', [4, 3, 0], { 3: 0xffffffff }, { 4: 0xffffffff }],
      ['srai', [4, 3, 31], { 3: MIN }, { 4: 0xffffffff }],
      ['srai', [4, 3, 4], { 3: 0x7ffffff0 }, { 4: 0x07ffffff }],
      ['extui', [4, 3, 28, 4], { 3: 0xabcdef12 }, { 4: 0xa }],
      ['extui', [4, 3, 0, 16], { 3: 0xabcdef12 }, { 4: 0xef12 }],
      ['extui', [4, 3, 31, 1], { 3: MIN }, { 4: 1 }],
      ['extui', [4, 3, 17, 16], { 3: 0xffffffff }, { 4: 0x7fff }],
    ]);
  });
});

describe('emulator: multiply and divide', () => {
  it('multiplies 16×16 and 32×32 (low and high words)', () => {
    checkCases([
      ['mul16u', [4, 2, 3], { 2: 0x1ffff, 3: 0x2ffff }, { 4: 0xfffe0001 }],
      ['mul16s', [4, 2, 3], { 2: 0x1ffff, 3: 0x20002 }, { 4: 0xfffffffe }],
      ['mul16s', [4, 2, 3], { 2: 0x8000, 3: 0x8000 }, { 4: 0x40000000 }],
      ['mull', [4, 2, 3], { 2: 0x12345678, 3: 0x9abcdef0 }, { 4: 0x242d2080 }],
      ['muluh', [4, 2, 3], { 2: 0xffffffff, 3: 0xffffffff }, { 4: 0xfffffffe }],
      ['muluh', [4, 2, 3], { 2: 0x12345678, 3: 0x9abcdef0 }, { 4: 0x0b00ea4e }],
      ['mulsh', [4, 2, 3], { 2: 0xffffffff, 3: 0xffffffff }, { 4: 0 }],
      ['mulsh', [4, 2, 3], { 2: MIN, 3: MIN }, { 4: 0x40000000 }],
      ['mulsh', [4, 2, 3], { 2: MIN, 3: 0x7fffffff }, { 4: 0xc0000000 }],
      ['mulsh', [4, 2, 3], { 2: 0x12345678, 3: 0x9abcdef0 }, { 4: 0xf8cc93d6 }],
    ]);
  });

  it('divides with C semantics and the QUOS/REMS overflow results', () => {
    checkCases([
      ['quou', [4, 2, 3], { 2: 0xffffffff, 3: 2 }, { 4: 0x7fffffff }],
      ['remu', [4, 2, 3], { 2: 0xffffffff, 3: 10 }, { 4: 5 }],
      ['quos', [4, 2, 3], { 2: 0xfffffff9, 3: 2 }, { 4: 0xfffffffd }],
      ['rems', [4, 2, 3], { 2: 0xfffffff9, 3: 2 }, { 4: 0xffffffff }],
      ['rems', [4, 2, 3], { 2: 7, 3: 0xfffffffe }, { 4: 1 }],
      ['quos', [4, 2, 3], { 2: MIN, 3: 0xffffffff }, { 4: MIN }],
      ['rems', [4, 2, 3], { 2: MIN, 3: 0xffffffff }, { 4: 0 }],
    ]);
  });

  for (const mn of ['quou', 'quos', 'remu', 'rems']) {
    it(`raises IntegerDivideByZero (cause 6) for ${mn} by zero, leaving the destination`, () => {
      const m = runOne(mn, [4, 2, 3], { 2: 10, 3: 0, 4: 77 }, { machine: { stopOnException: true } });
      assert.equal(m.readAR(4), 77);
      assert.equal(m.pc, 0x40000400);
      const m2 = runOne(mn, [4, 2, 3], { 2: 10, 3: 0 }, {});
      assert.equal(m2.readSR('exccause'), 6);
      assert.equal(m2.readSR('epc1'), 0x40000400);
      assert.equal(m2.pc, 0x40000000 + 0x340, 'user vector (PS.UM = 1)');
    });
  }
});
