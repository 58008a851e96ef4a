// General exceptions: every cause the emulator raises, with EPC1/EXCCAUSE/EXCVADDR/PS.EXCM and the
// user/kernel/double vectors (DEPC), RFE/RFDE/RFI, privileged instructions on cores with rings,
// BREAK in both modes, and the two non-vectoring outcomes: stopOnException and unhandled faults.

import { strict as assert } from 'node:assert';
import { Machine, CAUSE } from '../../emulator';
import type { CoreName } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const PS_UM = 0x20;
const PS_EXCM = 0x10;
const PS_WOE = 0x40000;

function machineWith(core: CoreName, body: (p: ProgramBuilder) => void, ps: number, opts: { stopOnException?: boolean } = {}) {
  const base = core === 'q7' ? 0x40000400 : core === 'lx106' ? 0x50000000 : 0xfe000000;
  const p = new ProgramBuilder(base);
  body(p);
  const prog = p.build();
  const m = new Machine(core, { stopOnException: opts.stopOnException });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], base));
  m.pc = base;
  m.writeSR('windowstart', 1);
  m.writeSR('ps', ps);
  return { m, base, sym: prog.symbols };
}

/** Executes one instruction and returns the machine after it vectored. */
function raise(core: CoreName, body: (p: ProgramBuilder) => void, ps: number, setup?: (m: Machine) => void, before = 0) {
  const r = machineWith(core, body, ps);
  setup?.(r.m);
  const stop = r.m.step(before + 1);
  assert.deepEqual(stop, { kind: 'limit', pc: r.m.pc });
  assert.equal(r.m.instructionCount, before, 'the faulting instruction does not retire');
  assert.equal(r.m.stepCount, before + 1, 'but counts as a step');
  return r;
}

describe('emulator: general exceptions', () => {
  const cases: [string, (p: ProgramBuilder) => void, number, ((m: Machine) => void)?, number?][] = [
    ['IllegalInstruction', (p) => p.i('ill'), CAUSE.IllegalInstruction],
    ['IllegalInstruction (ill.n)', (p) => p.i('ill.n'), CAUSE.IllegalInstruction],
    ['Syscall', (p) => p.i('syscall'), CAUSE.Syscall],
    ['InstrPIFAddrError', (p) => p.i('jx', 2), CAUSE.InstrPIFAddrError, (m) => m.writeAR(2, 0x10000000), 0x10000000],
    ['LoadStorePIFAddrError', (p) => p.i('l32i', 3, 2, 8), CAUSE.LoadStorePIFAddrError, (m) => m.writeAR(2, 0x70000000), 0x70000008],
    ['LoadStoreAlignment', (p) => p.i('s16i', 3, 2, 0), CAUSE.LoadStoreAlignment, (m) => m.writeAR(2, 0x3fe00001), 0x3fe00001],
    ['IntegerDivideByZero', (p) => p.i('quou', 3, 2, 4), CAUSE.IntegerDivideByZero],
    ['Alloca', (p) => p.i('movsp', 3, 2), CAUSE.Alloca],
    ['Coprocessor0Disabled', (p) => p.i('lsi', 0, 2, 0), CAUSE.Coprocessor0Disabled],
  ];
  for (const [name, body, cause, setup, vaddr] of cases) {
    it(`raises ${name} (cause ${cause}) with EPC1, EXCCAUSE${vaddr ? ', EXCVADDR' : ''} and the user vector`, () => {
      const fetchFault = cause === CAUSE.InstrPIFAddrError;
      const { m, base } = raise('q7', body, PS_WOE | PS_UM, (mm) => {
        mm.writeSR('excvaddr', 0xdead);
        setup?.(mm);
      }, fetchFault ? 1 : 0);
      assert.equal(m.readSR('exccause'), cause);
      assert.equal(m.readSR('epc1'), fetchFault ? 0x10000000 : base, 'EPC1 = the faulting PC');
      assert.equal(m.readSR('excvaddr'), vaddr ?? 0xdead);
      assert.equal(m.readSR('ps'), PS_WOE | PS_UM | PS_EXCM);
      assert.equal(m.pc, 0x40000000 + 0x340);
    });
  }

  it('uses the kernel vector with PS.UM = 0 and the double vector (DEPC) with PS.EXCM = 1', () => {
    const k = raise('q7', (p) => p.i('syscall'), PS_WOE);
    assert.equal(k.m.pc, 0x40000300);
    assert.equal(k.m.readSR('epc1'), k.base);
    const d = raise('q7', (p) => p.i('syscall'), PS_WOE | PS_UM | PS_EXCM, (m) => m.writeSR('epc1', 0x1234));
    assert.equal(d.m.pc, 0x40000000 + 0x3c0);
    assert.equal(d.m.readSR('depc'), d.base);
    assert.equal(d.m.readSR('epc1'), 0x1234, 'EPC1 untouched by a double exception');
    assert.equal(d.m.readSR('exccause'), CAUSE.Syscall);
  });

  it('vectors relative to VECBASE with the lx106 offsets (user 0x50, kernel 0x30, double 0x70)', () => {
    for (const [ps, off] of [[PS_UM, 0x50], [0, 0x30], [PS_EXCM, 0x70]]) {
      const r = raise('lx106', (p) => p.i('ill'), ps, (m) => m.writeSR('vecbase', 0x40001000));
      assert.equal(r.m.pc, 0x40001000 + off);
    }
  });

  it('returns with RFE (clears EXCM, PC = EPC1), RFDE (PC = DEPC) and RFI (PS = EPSn, PC = EPCn)', () => {
    const e = machineWith('q7', (p) => p.i('rfe'), PS_WOE | PS_UM | PS_EXCM).m;
    e.writeSR('epc1', 0x40000500);
    e.step(1);
    assert.equal(e.pc, 0x40000500);
    assert.equal(e.readSR('ps'), PS_WOE | PS_UM);
    const d = machineWith('q7', (p) => p.i('rfde'), PS_UM | PS_EXCM).m;
    d.writeSR('depc', 0x40000600);
    d.step(1);
    assert.equal(d.pc, 0x40000600);
    assert.equal(d.readSR('ps'), PS_UM | PS_EXCM, 'RFDE leaves PS');
    const i = machineWith('q7', (p) => p.i('rfi', 2), PS_EXCM | 2).m;
    i.writeSR('epc2', 0x40000700);
    i.writeSR('eps2', PS_WOE | PS_UM);
    i.step(1);
    assert.equal(i.pc, 0x40000700);
    assert.equal(i.readSR('ps'), PS_WOE | PS_UM);
  });

  it('raises InstFetchPrivilege (cause 18) for any fetch in ring 1 on the MMU cores (ring-0 reset mapping)', () => {
    for (const body of [(p: ProgramBuilder) => p.i('rsr.ps', 2), (p: ProgramBuilder) => p.i('nop'), (p: ProgramBuilder) => p.i('add', 8, 2, 3)]) {
      const r = raise('dc233c', body, PS_WOE | PS_UM | 0x40);
      assert.equal(r.m.readSR('exccause'), CAUSE.InstFetchPrivilege);
      assert.equal(r.m.readSR('excvaddr'), r.base);
      assert.equal(r.m.pc, 0x2000 + 0x340);
      const ok = machineWith('dc233c', body, PS_WOE | PS_UM).m;
      ok.step(1);
      assert.equal(ok.instructionCount, 1, 'ring 0 runs it');
    }
    const q7 = machineWith('q7', (p) => p.i('nop'), PS_WOE | PS_UM | 0x40).m;
    q7.step(1);
    assert.equal(q7.instructionCount, 1, 'q7 has no rings');
  });

  it('stops instead of vectoring with stopOnException, leaving the state untouched', () => {
    const { m, base } = machineWith('q7', (p) => p.i('movi', 3, 5).i('quos', 4, 3, 2), PS_WOE | PS_UM, { stopOnException: true });
    const stop = m.run({ maxInstructions: 10 });
    assert.deepEqual(stop, { kind: 'exception', cause: 6, causeName: 'IntegerDivideByZero', pc: base + 3, vaddr: undefined });
    assert.equal(m.pc, base + 3);
    assert.equal(m.readSR('ps'), PS_WOE | PS_UM);
    assert.equal(m.instructionCount, 1);
  });

  it('reports a fault when the vector of an exception holds no executable code', () => {
    // q7's VECBASE is the start of IRAM, which is zero-filled here: the user vector decodes as ILL.
    const { m, base } = machineWith('q7', (p) => p.i('movi', 2, 0).i('l32i', 3, 2, 0), PS_WOE | PS_UM);
    const stop = m.run({ maxInstructions: 100 });
    assert.deepEqual(stop, { kind: 'fault', cause: 15, causeName: 'LoadStorePIFAddrError', pc: base + 3, vaddr: 0 });
    const u = machineWith('q7', (p) => p.i('movi', 2, 0).i('jx', 2), PS_WOE | PS_UM).m;
    u.writeSR('vecbase', 0x80000000); // unmapped vectors
    assert.deepEqual(u.run({ maxInstructions: 100 }), { kind: 'fault', cause: 14, causeName: 'InstrPIFAddrError', pc: 0, vaddr: 0 });
  });

  it('stops at BREAK by default and takes the debug exception in architectural mode', () => {
    const { m, base } = machineWith('q7', (p) => p.i('break', 1, 2).i('nop'), PS_WOE | PS_UM);
    assert.deepEqual(m.run({ maxInstructions: 10 }), { kind: 'break', pc: base, s: 1, t: 2 });
    assert.equal(m.pc, base + 3, 'continues after the BREAK');
    const a = machineWith('q7', (p) => p.i('break.n', 3), PS_WOE | PS_UM).m;
    a.cpu.breakMode = 'architectural';
    a.step(1);
    assert.equal(a.pc, 0x40000000 + 0x280, 'debug vector');
    assert.equal(a.readSR('epc1'), 0);
    assert.equal(a.readSR('debugcause'), 0x10);
    assert.equal(a.readSR('ps') & 0x1f, PS_EXCM | 6, 'INTLEVEL = debug level 6');
    const masked = machineWith('q7', (p) => p.i('break', 0, 0), PS_WOE | PS_UM | 15).m;
    masked.cpu.breakMode = 'architectural';
    masked.step(1);
    assert.equal(masked.pc, 0x40000403, 'a no-op at INTLEVEL 15 (QEMU)');
  });
});
