// Compiled regions that follow windowed calls into their callees (emulator/exec/jit/region.ts): a hot
// loop calling leaf functions with CALL4, CALL8 and CALL12 is one region, the callees' registers
// renamed, and at every instruction budget — leaving inside a callee (the budget, a taken branch, a
// memory fault), before its ENTRY or after its RETW — the machine's state (PC, counts, WINDOWBASE,
// WINDOWSTART, PS, the whole physical register file) is the interpreter's; so is recursion whose
// callee reaches its own call (which leaves the region), and deep recursion that spills and fills
// frames through the ROM's window handlers.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import type { StopReason } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { type Piece, imageOf } from './helpers/elf-image';
import { windowVectors } from './helpers/rom';
import { recursion } from './helpers/recursion';

const BASE = 0x40000400;
const STACK_TOP = 0x40000000;
const DATA = 0x3ffe0000;

/**
 * main(n) sums leaf8(i) + leaf12(i) + leaf4(i) for i = n..1 (CALL8, CALL12, CALL4); leaf8 takes a
 * rare branch for i = 7 and, for i = `faultAt`, loads from an unmapped address. leaf8's a9 and
 * leaf12's a5 are both register 17 counted from main's window, past the 16 the region is entered with.
 */
function calls(p: ProgramBuilder, n: number, faultAt = -1): void {
  p.i('j', 'start').align(4).label('lit_sp').word(STACK_TOP).label('lit_bad').word(0x10000000).label('lit_data').word(DATA);
  p.label('start').i('l32r', 1, 'lit_sp').i('movi', 0, 0).i('movi', 6, n).i('call4', 'main').label('done').i('nop');
  // the counter in a2, the sum in a3 (a4..a7 are CALL4's)
  p.align(4).label('main').i('entry', 1, 48).i('movi', 3, 0);
  p.label('loop').i('mov.n', 10, 2).i('call8', 'leaf8').i('add', 3, 3, 10);
  p.i('mov.n', 14, 2).i('call12', 'leaf12').i('add', 3, 3, 14);
  p.i('mov.n', 6, 2).i('call4', 'leaf4').i('add', 3, 3, 6);
  p.i('addi', 2, 2, -1).i('bnez', 2, 'loop').i('mov.n', 2, 3).i('retw');
  // leaf8: a store and a load on its own frame, a rare branch, a load that faults for one argument
  p.align(4).label('leaf8').i('entry', 1, 32).i('slli', 3, 2, 1).i('beqi', 2, 7, 'rare8');
  p.label('back8').i('movi', 6, faultAt).i('beq', 2, 6, 'bad8');
  p.label('ok8').i('addi', 5, 3, 1).i('s32i', 5, 1, 4).i('l32i', 7, 1, 4).i('add', 2, 7, 2).i('addi', 9, 2, 5).i('add', 2, 2, 9).i('retw');
  p.label('rare8').i('addi', 3, 3, 100).i('j', 'back8');
  p.label('bad8').i('l32r', 8, 'lit_bad').i('l32i', 8, 8, 0).i('j', 'ok8');
  // leaf12: reads its stack pointer; leaf4: writes memory outside its frame
  p.align(4).label('leaf12').i('entry', 1, 32).i('addi', 2, 2, 3).i('extui', 3, 1, 4, 4).i('xor', 2, 2, 3).i('movi', 5, 9).i('add', 2, 2, 5).i('retw');
  p.align(4).label('leaf4').i('entry', 1, 32).i('addx4', 2, 2, 2).i('l32r', 3, 'lit_data').i('s32i', 2, 3, 0).i('retw');
}

/** main sums fib(i) for i = n..1, fib recursing twice with CALL8: its straight path reaches its own call. */
function fibs(p: ProgramBuilder, n: number): void {
  p.i('j', 'start').align(4).label('lit_sp').word(STACK_TOP);
  p.label('start').i('l32r', 1, 'lit_sp').i('movi', 0, 0).i('movi', 6, n).i('call4', 'main').label('done').i('nop');
  p.align(4).label('main').i('entry', 1, 48).i('movi', 3, 0);
  p.label('loop').i('mov.n', 10, 2).i('call8', 'fib').i('add', 3, 3, 10).i('addi', 2, 2, -1).i('bnez', 2, 'loop').i('mov.n', 2, 3).i('retw');
  p.align(4).label('fib').i('entry', 1, 32).i('blti', 2, 2, 'small');
  p.i('addi', 10, 2, -1).i('call8', 'fib').i('mov.n', 3, 10).i('addi', 10, 2, -2).i('call8', 'fib').i('add', 2, 3, 10);
  p.label('small').i('retw');
}

function machine(jit: boolean, body: (p: ProgramBuilder) => void): { m: Machine; done: number } {
  const p = new ProgramBuilder(BASE);
  body(p);
  const prog = p.build();
  const m = new Machine('q7', { jit, hotThreshold: 4 });
  const pieces: Piece[] = [{ addr: prog.addr, bytes: prog.bytes }, windowVectors(m.readSR('vecbase')).piece];
  m.loadElf(imageOf(pieces, BASE));
  m.pc = BASE;
  m.writeSR('windowbase', 0);
  m.writeSR('windowstart', 1);
  m.writeSR('ps', 0x40000 | 0x20);
  const done = prog.symbols.get('done')!;
  m.addBreakpoint(done);
  return { m, done };
}

interface State {
  stop: StopReason['kind'];
  pc: number;
  count: number;
  steps: number;
  wb: number;
  ws: number;
  ps: number;
  phys: number[];
  data: number;
}

function stateOf(m: Machine, stop: StopReason): State {
  return {
    stop: stop.kind,
    pc: m.pc,
    count: m.instructionCount,
    steps: m.stepCount,
    wb: m.readSR('windowbase'),
    ws: m.readSR('windowstart'),
    ps: m.readSR('ps'),
    phys: Array.from({ length: 64 }, (_, k) => m.readPhysAR(k)),
    data: m.read32(DATA) ?? -1,
  };
}

function stateAfter(jit: boolean, body: (p: ProgramBuilder) => void, limit: number): State {
  const { m } = machine(jit, body);
  return stateOf(m, m.run({ maxInstructions: limit }));
}

/** The region source compiled for the loop of `main`, or '' when there is none. */
function loopRegion(m: Machine, body: (p: ProgramBuilder) => void): string {
  const p = new ProgramBuilder(BASE);
  body(p);
  const loop = p.build().symbols.get('loop');
  return loop === undefined ? '' : (m.lookup(loop).blk?.fn.toString() ?? '');
}

describe('emulator: compiled regions that follow windowed calls', () => {
  it('compile a loop calling leaves with CALL4/8/12 into one region with its callees, and leave with the interpreter\'s state at every budget', () => {
    const body = (p: ProgramBuilder) => calls(p, 24);
    const { m } = machine(true, body);
    const stop = m.run({ maxInstructions: 100_000 });
    assert.equal(stop.kind, 'breakpoint');
    const src = loopRegion(m, body);
    assert.equal((src.match(/in frame \d+\n/g) ?? []).length >= 3, true, `the three callees are frames of the loop's region:\n${src.slice(0, 400)}`);
    assert.match(src, /calleeFree\(c, 1\)/);
    assert.match(src, /calleeFree\(c, 2\)/);
    assert.match(src, /calleeFree\(c, 3\)/);
    const end = stateOf(m, stop);
    assert.deepEqual(end, stateAfter(false, body, 100_000), 'the interpreter ends the same');
    assert.equal(m.readAR(6), expectedSum(24), 'main(24)');
    for (let limit = 1; limit <= end.count; limit++) {
      assert.deepEqual(stateAfter(true, body, limit), stateAfter(false, body, limit), `after ${limit} instructions`);
    }
  });

  it('a memory fault inside a callee is raised at its instruction in the callee\'s window', () => {
    const body = (p: ProgramBuilder) => calls(p, 30, 5);
    const jit = machine(true, body).m;
    jit.cpu.stopOnException = true;
    const stop = jit.run({ maxInstructions: 100_000 });
    assert.equal(stop.kind, 'exception');
    const plain = machine(false, body).m;
    plain.cpu.stopOnException = true;
    const ref = plain.run({ maxInstructions: 100_000 });
    assert.deepEqual(stop, ref);
    assert.deepEqual(stateOf(jit, stop), stateOf(plain, ref));
    assert.equal(jit.readSR('windowbase'), 2 + 1, 'in leaf8\'s window (main at pane 1, CALL8)');
    assert.notEqual(loopRegion(jit, body), '', 'the loop was compiled before the fault');
  });

  it('a call inside a followed callee leaves the region (recursion whose straight path reaches its own call)', () => {
    const body = (p: ProgramBuilder) => fibs(p, 9);
    const { m } = machine(true, body);
    const stop = m.run({ maxInstructions: 1_000_000 });
    assert.equal(stop.kind, 'breakpoint');
    assert.match(loopRegion(m, body), /in frame 1\n/, 'main\'s loop follows its call of fib');
    const fib = (k: number): number => (k < 2 ? k : fib(k - 1) + fib(k - 2));
    assert.equal(m.readAR(6), [1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((t, k) => t + fib(k), 0));
    const end = stateOf(m, stop);
    assert.deepEqual(end, stateAfter(false, body, 1_000_000));
    for (let limit = 1; limit <= end.count; limit += 3) {
      assert.deepEqual(stateAfter(true, body, limit), stateAfter(false, body, limit), `after ${limit} instructions`);
    }
  });

  it('deep CALL4/8/12 recursion that spills and fills frames ends as the interpreter does at every budget', () => {
    const body = (p: ProgramBuilder) => recursion(p, 40, STACK_TOP);
    const { m } = machine(true, body);
    const stop = m.run({ maxInstructions: 1_000_000 });
    assert.equal(stop.kind, 'breakpoint');
    const end = stateOf(m, stop);
    assert.deepEqual(end, stateAfter(false, body, 1_000_000));
    for (let limit = 1; limit <= end.count; limit += 7) {
      assert.deepEqual(stateAfter(true, body, limit), stateAfter(false, body, limit), `after ${limit} instructions`);
    }
  });
});

/** What main(n) of `calls` returns. */
function expectedSum(n: number): number {
  let s = 0;
  for (let i = n; i >= 1; i--) {
    const leaf8 = 2 * i + (i === 7 ? 100 : 0) + 1 + i;
    s += 2 * leaf8 + 5;
    // leaf12's stack pointer: main's frame of 48 bytes, its own of 32
    s += ((i + 3) ^ (((STACK_TOP - 48 - 32) >>> 4) & 15)) + 9;
    s += 5 * i;
  }
  return s | 0;
}
