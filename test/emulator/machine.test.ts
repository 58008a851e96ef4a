// The machine API the debugger and tests build on: reset state per core, ELF loading (physical
// addresses, zero fill, errors), run/step and their stop reasons, breakpoints, read/write
// watchpoints, the trace hook, register access (logical, physical, SR, UR, FP), CCOUNT, PRID,
// determinism and the invalidation of decoded code by stores.

import { strict as assert } from 'node:assert';
import { LoadError, Machine, createMachine } from '../../emulator';
import type { CoreName } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

function program(core: CoreName, body: (p: ProgramBuilder) => void, opts: { prid?: number } = {}) {
  const base = core === 'q7' ? 0x40000400 : core === 'lx106' ? 0x50000000 : 0xfe000000;
  const p = new ProgramBuilder(base);
  body(p);
  const prog = p.build();
  const m = createMachine(core, { prid: opts.prid });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], base));
  return { m, sym: prog.symbols, base };
}

/** A counting loop on q7: a2 counts down from 5, a3 accumulates, then stores a3 at 0x3fe00010. */
const loopBody = (p: ProgramBuilder) => {
  p.i('j', 'start').align(4).label('addr').word(0x3fe00010);
  p.label('start').i('l32r', 4, 'addr').i('movi', 2, 5).label('loop').i('add', 3, 3, 2).i('addi', 2, 2, -1).i('bnez', 2, 'loop');
  p.label('store').i('s32i', 3, 4, 0).i('l32i', 5, 4, 0).label('end').i('movi', 2, 1).i('simcall');
};

describe('emulator: machine API', () => {
  it('resets the QEMU cores as QEMU does, and q7 at the ELF entry with WOE = 1, WS = 1', () => {
    for (const core of ['lx106', 'dc233c', 'de233_fpu'] as const) {
      const m = new Machine(core);
      assert.equal(m.readSR('ps'), 0x1f, core);
      assert.equal(m.readSR('windowbase') | m.readSR('windowstart'), 0, core);
      assert.equal(m.pc, core === 'lx106' ? 0x50000000 : 0xfe000000);
      assert.equal(m.readSR('vecbase'), core === 'lx106' ? 0x40000000 : 0x2000);
      for (let i = 0; i < 16; i++) assert.equal(m.readAR(i), 0);
    }
    assert.equal(new Machine('dc233c').readSR('atomctl'), 0x28);
    const { m } = program('q7', (p) => p.i('nop'));
    assert.equal(m.pc, 0x40000400);
    assert.equal(m.readSR('ps'), 0x40020);
    assert.equal(m.readSR('windowstart'), 1);
    m.pc = 0x40000500;
    m.reset();
    assert.equal(m.pc, 0x40000400, 'reset returns to the entry');
  });

  it('loads segments at their physical addresses and zero-fills memsz; rejects unmapped ones', () => {
    const m = new Machine('lx106');
    m.writeMemory(0x60000100, new Uint8Array([9, 9, 9, 9, 9, 9]));
    const img = imageOf([{ addr: 0x60000100, bytes: new Uint8Array([1, 2]), zeroFill: 3 }], 0x50000000);
    img.segments[0].vaddr = 0x3ffc0000; // VMA elsewhere: PADDR is what gets loaded (as QEMU)
    m.loadElf(img);
    assert.deepEqual([...m.readMemory(0x60000100, 6)!], [1, 2, 0, 0, 0, 9]);
    assert.throws(() => m.loadElf(imageOf([{ addr: 0x10000000, bytes: new Uint8Array(4) }], 0)), LoadError);
  });

  it('runs to exit, counts instructions and keeps CCOUNT = retired instructions', () => {
    const { m } = program('q7', (p) => {
      loopBody(p);
    });
    const stop0 = m.run({ maxInstructions: 3 });
    assert.deepEqual(stop0, { kind: 'limit', pc: m.pc });
    assert.equal(m.instructionCount, 3);
    assert.equal(m.readSR('ccount'), 3);
    const stop = m.run();
    assert.deepEqual(stop, { kind: 'exit', code: 15 }, 'SIMCALL 1 exits with a3');
    assert.equal(m.readAR(5), 15);
    assert.equal(m.read32(0x3fe00010), 15);
    assert.equal(m.instructionCount, 3 + 5 * 3 + 4);
    assert.equal(m.readSR('ccount'), 3 + 5 * 3 + 4);
  });

  it('stops at breakpoints before the instruction and continues over them', () => {
    const { m, sym } = program('q7', loopBody);
    const loop = sym.get('loop')!;
    m.addBreakpoint(loop);
    assert.deepEqual(m.run(), { kind: 'breakpoint', pc: loop });
    assert.equal(m.readAR(3), 0);
    assert.deepEqual(m.run(), { kind: 'breakpoint', pc: loop });
    assert.equal(m.readAR(3), 5);
    assert.deepEqual(m.listBreakpoints(), [loop]);
    m.removeBreakpoint(loop);
    m.addBreakpoint(sym.get('end')!);
    assert.deepEqual(m.run(), { kind: 'breakpoint', pc: sym.get('end') });
    assert.equal(m.readAR(3), 15);
    m.clearBreakpoints();
    assert.deepEqual(m.listBreakpoints(), []);
  });

  it('stops after an access to a watched range (write and read watchpoints)', () => {
    const { m, sym } = program('q7', loopBody);
    const id = m.addWatchpoint(0x3fe00012, 2, { write: true });
    const stop = m.run();
    assert.deepEqual(stop, { kind: 'watchpoint', id, pc: sym.get('store'), nextPc: sym.get('store')! + 3, addr: 0x3fe00010, size: 4, access: 'write' });
    assert.equal(m.read32(0x3fe00010), 15, 'the store completed');
    const rid = m.addWatchpoint(0x3fe00010, 4, { read: true });
    const r = m.run();
    assert.equal(r.kind === 'watchpoint' && r.access, 'read');
    assert.equal(r.kind === 'watchpoint' && r.id, rid);
    assert.ok(m.removeWatchpoint(id) && m.removeWatchpoint(rid));
    assert.equal(m.listWatchpoints().length, 0);
  });

  it('calls the trace hook before every instruction (state before) and stays deterministic', () => {
    let loop = 0;
    const trace = () => {
      const { m, sym } = program('q7', loopBody);
      loop = sym.get('loop')!;
      const lines: string[] = [];
      m.trace = (ev, mm) => lines.push(`${ev.pc.toString(16)} ${ev.mnemonic} a3=${mm.readAR(3)}`);
      m.run({ maxInstructions: 20 });
      return lines;
    };
    const a = trace();
    assert.equal(a.length, 20);
    assert.equal(a[0], '40000400 j a3=0');
    assert.equal(a[3], `${loop.toString(16)} add a3=0`);
    assert.equal(a[6], `${loop.toString(16)} add a3=5`);
    assert.deepEqual(trace(), a);
  });

  it('reads and writes logical and physical ARs, SRs, URs and FP registers', () => {
    const m = new Machine('dc233c');
    m.writeSR('windowbase', 2);
    m.writeAR(3, 0x1234);
    assert.equal(m.readPhysAR(11), 0x1234);
    m.writePhysAR(8, 77);
    assert.equal(m.readAR(0), 77);
    m.writeSR('windowbase', 0);
    assert.equal(m.readAR(8), 77);
    assert.equal(m.readAR(11), 0x1234);
    assert.throws(() => m.readAR(16), RangeError);
    assert.throws(() => m.readPhysAR(32), RangeError);
    assert.throws(() => m.readSR('nosuch'), RangeError);
    m.writeSR('sar', 0x7f);
    assert.equal(m.readSR('sar'), 0x3f);
    m.writeUR('threadptr', 0xabcdef);
    assert.equal(m.readUR('threadptr'), 0xabcdef);
    const f = new Machine('de233_fpu');
    f.writeFR(3, 0x3fc00000);
    assert.equal(f.readFR(3), 0x3fc00000);
    assert.equal(f.readFRValue(3), 1.5);
  });

  it('gives each core instance its configured PRID', () => {
    const { m } = program('q7', (p) => p.i('rsr.prid', 2).i('nop'), { prid: 5 });
    m.step(1);
    assert.equal(m.readAR(2), 5);
    assert.equal(new Machine('q7', { prid: 7 }).readSR('prid'), 7);
  });

  it('re-decodes code changed by stores (self-modifying code) and by writeMemory', () => {
    // The first pass patches the immediate of its own `movi a2, 1` (byte 2) to 5.
    const { m, sym } = program('q7', (p) => {
      p.i('j', 'start').align(4).label('patch').word(0);
      p.label('start').i('l32r', 6, 'patch').i('movi', 9, 2);
      p.label('target').i('movi', 2, 1).i('add', 8, 8, 2).i('movi', 7, 5).i('s8i', 7, 6, 0);
      p.i('addi', 9, 9, -1).i('bnez', 9, 'target').label('done').i('nop');
    });
    const t = sym.get('target')!;
    m.write32(sym.get('patch')!, t + 2);
    m.addBreakpoint(sym.get('done')!);
    assert.equal(m.run({ maxInstructions: 100 }).kind, 'breakpoint');
    assert.equal(m.readAR(8), 1 + 5, 'the second pass ran the patched instruction');
    m.writeMemory(t + 2, new Uint8Array([9]));
    m.pc = t;
    m.step(1);
    assert.equal(m.readAR(2), 9, 'writeMemory over decoded code');
  });
});
