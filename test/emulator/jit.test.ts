// The block compiler against the interpreter (the reference): random programs over every compiled
// instruction run with and without compilation and must end in identical state; faults, stores into
// the running block, zero-overhead loops and breakpoints inside compiled code behave identically.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { Machine, MemoryHost } from '../../emulator';
import { CORPUS_TOOLS, requireTool } from '../../harness/oracle/tools';
import { buildProgram, listPrograms, prebuild } from '../../harness/oracle/build';
import { readElf } from '../../xtensa/elf/reader';
import type { CoreName, StopReason } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';
import { windowVectors } from './helpers/rom';
import { recursion, recursionResult } from './helpers/recursion';

const RAM: Record<CoreName, number> = { q7: 0x3fe00000, lx106: 0x60000000, dc233c: 0x10000, de233_fpu: 0x10000 };
const CODE: Record<CoreName, number> = { q7: 0x40000400, lx106: 0x50000000, dc233c: 0xfe000000, de233_fpu: 0xfe000000 };

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

interface Outcome {
  stop: StopReason;
  compiled: boolean;
  regs: number[];
  fregs: number[];
  sar: number;
  mem: number[];
  count: number;
  steps: number;
  epc1: number;
  exccause: number;
  br: number;
}

function run(core: CoreName, build: (p: ProgramBuilder) => void, jit: boolean, setup?: (m: Machine) => void, limit = 100000): Outcome {
  const p = new ProgramBuilder(CODE[core]);
  build(p);
  const prog = p.build();
  const m = new Machine(core, { jit, hotThreshold: 8 });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }, { addr: RAM[core], bytes: new Uint8Array(256).map((_, k) => (k * 37 + 11) & 255) }], prog.addr));
  m.pc = prog.addr;
  if (core !== 'q7') {
    m.writeSR('windowstart', 1);
    m.writeSR('ps', core === 'lx106' ? 0x20 : 0x40020);
  }
  setup?.(m);
  const done = prog.symbols.get('done');
  if (done !== undefined) m.addBreakpoint(done);
  const stop = m.run({ maxInstructions: limit });
  if (jit) assert.ok(m.compiledBlocks > 0, 'blocks were compiled');
  else assert.equal(m.compiledBlocks, 0);
  return {
    stop,
    compiled: jit,
    regs: Array.from({ length: 16 }, (_, k) => m.readAR(k)),
    fregs: Array.from({ length: 16 }, (_, k) => m.readFR(k)),
    sar: m.readSR('sar'),
    mem: Array.from({ length: 64 }, (_, k) => m.read32(RAM[core] + 4 * k)!),
    count: m.instructionCount,
    steps: m.stepCount,
    epc1: m.readSR('epc1'),
    exccause: m.readSR('exccause'),
    br: m.readSR('br'),
  };
}

/** A random compiled instruction; a13 = RAM base and a15 = loop counter are never written. */
function randomInsn(p: ProgramBuilder, next: () => number): void {
  const r = () => [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12][next() % 11];
  const any = () => next() % 16;
  const rrr = ['add', 'add.n', 'addx2', 'addx4', 'addx8', 'sub', 'subx2', 'subx4', 'subx8', 'and', 'or', 'xor', 'min', 'max', 'minu', 'maxu', 'moveqz', 'movnez', 'movltz', 'movgez', 'mul16u', 'mul16s', 'mull', 'src'];
  const kind = next() % 12;
  if (kind < 4) p.i(rrr[next() % rrr.length], r(), any(), any());
  else if (kind === 4) p.i(['neg', 'abs'][next() % 2], r(), any());
  else if (kind === 5) p.i(['nsa', 'nsau'][next() % 2], r(), any());
  else if (kind === 6) {
    const m = ['movi', 'movi.n', 'addi', 'addmi', 'addi.n'][next() % 5];
    if (m === 'movi') p.i(m, r(), (next() % 4096) - 2048);
    else if (m === 'movi.n') p.i(m, r(), (next() % 128) - 32);
    else if (m === 'addi') p.i(m, r(), any(), (next() % 256) - 128);
    else if (m === 'addmi') p.i(m, r(), any(), ((next() % 256) - 128) * 256);
    else p.i(m, r(), any(), next() % 2 ? -1 : 1 + (next() % 15));
  }
  else if (kind === 7) {
    const m = ['slli', 'srli', 'srai', 'extui', 'sext'][next() % 5];
    if (m === 'slli') p.i(m, r(), any(), 1 + (next() % 31));
    else if (m === 'srli') p.i(m, r(), any(), next() % 16);
    else if (m === 'srai') p.i(m, r(), any(), next() % 32);
    else if (m === 'extui') p.i(m, r(), any(), next() % 32, 1 + (next() % 16));
    else p.i(m, r(), any(), 7 + (next() % 16));
  } else if (kind === 8) {
    const m = ['ssr', 'ssl', 'ssa8l', 'ssa8b', 'ssai', 'sll', 'srl', 'sra'][next() % 8];
    if (m === 'ssai') p.i(m, next() % 32);
    else if (m === 'sll') p.i(m, r(), any());
    else if (m === 'srl' || m === 'sra') p.i(m, r(), any());
    else p.i(m, any());
  } else if (kind === 9) {
    const m = ['l8ui', 'l16ui', 'l16si', 'l32i', 'l32i.n'][next() % 5];
    const scale = m === 'l8ui' ? 1 : m.startsWith('l16') ? 2 : 4;
    p.i(m, r(), 13, scale * (next() % (m === 'l32i.n' ? 16 : 60)));
  } else if (kind === 10) {
    const m = ['s8i', 's16i', 's32i', 's32i.n'][next() % 4];
    const scale = m === 's8i' ? 1 : m === 's16i' ? 2 : 4;
    p.i(m, any(), 13, scale * (next() % (m === 's32i.n' ? 16 : 60)));
  } else p.i(['nop', 'nop.n', 'memw'][next() % 3]);
}

describe('emulator: compiled blocks vs the interpreter', () => {
  it('ends random programs over every compiled instruction in identical state', () => {
    const next = rng(99);
    for (let prog = 0; prog < 60; prog++) {
      const n = 5 + (next() % 40);
      const seed = next();
      const build = (p: ProgramBuilder) => {
        const local = rng(seed);
        p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 20);
        for (let r = 2; r <= 12; r++) p.i('movi', r, (local() % 4096) - 2048);
        p.label('loop');
        for (let k = 0; k < n; k++) randomInsn(p, local);
        const b = ['beqz', 'bnez', 'bltz', 'bgez'][local() % 4];
        p.i(b, 2 + (local() % 11), 'skip').i('addi', 12, 12, 1).label('skip');
        p.i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
      };
      const jit = run('q7', build, true);
      const interp = run('q7', build, false);
      assert.deepEqual({ ...jit, compiled: false }, interp, `program ${prog}`);
      assert.equal(jit.stop.kind, 'breakpoint');
    }
  });

  it('compiles FP loads, stores and moves and calls the other FP, boolean-move and high-multiply handlers inside blocks, in identical state', () => {
    const next = rng(7);
    for (let prog = 0; prog < 30; prog++) {
      const seed = next();
      const build = (p: ProgramBuilder) => {
        const local = rng(seed);
        const r = () => 2 + (local() % 11);
        const f = () => local() % 16;
        p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 20);
        p.i('movi', 2, 1).i('wsr.cpenable', 2).i('rsync');
        for (let k = 2; k <= 12; k++) p.i('movi', k, (local() % 4096) - 2048);
        for (let k = 0; k < 16; k++) p.i('wfr', k, 2 + (k % 11));
        p.label('loop');
        for (let k = 0; k < 5 + (local() % 20); k++) {
          const kind = local() % 10;
          if (kind === 0) p.i(['add.s', 'sub.s', 'mul.s', 'madd.s'][local() % 4], f(), f(), f());
          else if (kind === 1) p.i(['olt.s', 'ole.s', 'oeq.s', 'un.s'][local() % 4], local() % 16, f(), f());
          else if (kind === 2) p.i(['movt', 'movf'][local() % 2], r(), r(), local() % 16);
          else if (kind === 3) p.i(['muluh', 'mulsh', 'add', 'xor'][local() % 4], r(), r(), r());
          else if (kind === 4) p.i('lsi', f(), 13, 4 * (local() % 60));
          else if (kind === 5) p.i('ssi', f(), 13, 4 * (local() % 60));
          else if (kind === 6) p.i(['trunc.s', 'floor.s'][local() % 2], r(), f(), local() % 8);
          else if (kind === 7) p.i('float.s', f(), r(), local() % 8);
          else if (kind === 8) p.i('rfr', r(), f());
          else p.i(['mov.s', 'neg.s', 'abs.s'][local() % 3], f(), f());
        }
        p.i('addi', 15, 15, -1).i('bnez', 15, 'loop').i('rur.fsr', 14).label('done').i('nop');
      };
      const jit = run('q7', build, true);
      const interp = run('q7', build, false);
      assert.deepEqual({ ...jit, compiled: false }, interp, `program ${prog}`);
      assert.equal(jit.stop.kind, 'breakpoint');
    }
  });

  it('compiles ADD.S, SUB.S and MUL.S with the flags and the special cases of their handlers, in identical state', () => {
    // 1.5, 0.1, -2.75, the largest finite, the smallest normal and subnormal, -0, +inf, a quiet and a
    // signalling NaN, 1 - 2^-24 (times the smallest normal: a tiny result rounded up to it), 1e-30
    // (added to 1: the double sum is already rounded), 1, 1e38 and -1e30
    const values = [
      0x3fc00000, 0x3dcccccd, 0xc0300000, 0x7f7fffff, 0x00800000, 0x00000001, 0x80000000, 0x7f800000, 0x7fc00000, 0x7f800001,
      0x3f7fffff, 0x0da24260, 0x3f800000, 0x7e967699, 0xf149f2ca,
    ];
    const n = values.length;
    for (const fcr of [0, 1, 2, 3]) {
      const build = (p: ProgramBuilder) => {
        p.i('j', 'start').align(4);
        values.forEach((v, k) => p.label(`v${k}`).word(v | 0));
        p.label('start').i('movi', 2, 1).i('wsr.cpenable', 2).i('rsync').i('movi', 2, fcr).i('wur.fcr', 2);
        values.forEach((_, k) => p.i('l32r', 3, `v${k}`).i('wfr', k, 3));
        p.i('movi', 15, 12).i('movi', 7, 31).i('movi', 4, 0).i('movi', 6, 0).label('loop');
        // every pair of values through each operation, each in a block of its own (a jump makes it hot);
        // the result and the flags of each one hashed into a4 and a6 (FSR cleared before each)
        let b = 0;
        for (let k = 0; k < n * n; k++) {
          for (const op of ['add.s', 'sub.s', 'mul.s']) {
            p.i('movi', 5, 0).i('wur.fsr', 5).i('j', `op${b}`).label(`op${b++}`).i(op, 15, Math.floor(k / n), k % n).i('rfr', 3, 15);
            p.i('mull', 4, 4, 7).i('xor', 4, 4, 3).i('rur.fsr', 5).i('mull', 6, 6, 7).i('add', 6, 6, 5);
          }
        }
        p.i('addi', 15, 15, -1).i('beqz', 15, 'done').i('j', 'loop').label('done').i('nop');
      };
      const jit = run('q7', build, true, undefined, 1e6);
      const interp = run('q7', build, false, undefined, 1e6);
      assert.deepEqual({ ...jit, compiled: false }, interp, `FCR ${fcr}`);
      assert.equal(jit.stop.kind, 'breakpoint');
    }
  });

  it('calls the handlers of CLAMPS, boolean logic and L32AI/S32RI inside blocks, in identical state', () => {
    const next = rng(11);
    for (let prog = 0; prog < 30; prog++) {
      const seed = next();
      const build = (p: ProgramBuilder) => {
        const local = rng(seed);
        const r = () => 2 + (local() % 11);
        const b = () => local() % 16;
        p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 20);
        for (let k = 2; k <= 12; k++) p.i('movi', k, (local() % 4096) - 2048);
        p.i('movi', 2, 0x5a5).i('wsr.br', 2);
        p.label('loop');
        for (let k = 0; k < 5 + (local() % 20); k++) {
          const kind = local() % 6;
          if (kind === 0) p.i('clamps', r(), r(), 7 + (local() % 16));
          else if (kind === 1) p.i(['andb', 'andbc', 'orb', 'orbc', 'xorb'][local() % 5], b(), b(), b());
          else if (kind === 2) p.i(['any4', 'all4'][local() % 2], b(), 4 * (local() % 4));
          else if (kind === 3) p.i(['any8', 'all8'][local() % 2], b(), 8 * (local() % 2));
          else if (kind === 4) p.i('l32ai', r(), 13, 4 * (local() % 60));
          else p.i('s32ri', r(), 13, 4 * (local() % 60));
        }
        p.i('movt', 3, 4, b()).i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
      };
      const jit = run('q7', build, true);
      const interp = run('q7', build, false);
      assert.deepEqual({ ...jit, compiled: false }, interp, `program ${prog}`);
      assert.equal(jit.stop.kind, 'breakpoint');
    }
  });

  it('attributes an L32AI alignment fault inside a compiled block like the interpreter', () => {
    // bit 4 of the counter a15 turns on at its 17th value (31), making the address unaligned.
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 47);
      p.label('loop').i('extui', 9, 15, 4, 1).i('slli', 9, 9, 1).i('add', 7, 13, 9).i('l32ai', 4, 7, 0);
      p.i('s32ri', 4, 13, 8).i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
    };
    const jit = run('q7', build, true);
    const interp = run('q7', build, false);
    assert.deepEqual({ ...jit, compiled: false }, interp);
    assert.equal(jit.exccause, 9);
    assert.equal(jit.regs[15], 31);
  });

  it('attributes an unaligned LSI or SSI inside a compiled block like the interpreter', () => {
    // bit 4 of the counter a15 turns on at its 17th value (31), making the address unaligned.
    for (const insn of ['lsi', 'ssi']) {
      const build = (p: ProgramBuilder) => {
        p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 47);
        p.i('movi', 2, 1).i('wsr.cpenable', 2).i('rsync').i('movi', 3, 1000).i('wfr', 1, 3);
        p.label('loop').i('extui', 9, 15, 4, 1).i('slli', 9, 9, 1).i('add', 7, 13, 9).i(insn, 1, 7, 0);
        p.i('rfr', 4, 1).i('mov.s', 2, 1).i('wfr', 1, 15).i('ssi', 2, 13, 8).i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
      };
      const jit = run('q7', build, true);
      const interp = run('q7', build, false);
      assert.deepEqual({ ...jit, compiled: false }, interp, insn);
      assert.equal(jit.exccause, 9, insn);
      assert.equal(jit.regs[15], 31, insn);
    }
  });

  it('leaves FP loads, stores and moves to the interpreter once CPENABLE disables coprocessor 0', () => {
    // CPENABLE is cleared when a15 reaches 10, after the loop's FP block has been compiled: the next
    // WFR raises Coprocessor0Disabled (cause 32) in both tiers, at the same instruction and count.
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 30).i('movi', 3, 0);
      p.label('loop').i('addi', 11, 15, -10).i('movi', 12, 1).i('moveqz', 12, 3, 11).i('wsr.cpenable', 12).i('rsync');
      p.label('fp').i('wfr', 1, 15).i('mov.s', 2, 1).i('ssi', 2, 13, 4).i('lsi', 3, 13, 4).i('rfr', 5, 3).i('add', 6, 6, 5);
      p.i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
    };
    const jit = run('q7', build, true);
    const interp = run('q7', build, false);
    assert.deepEqual({ ...jit, compiled: false }, interp);
    assert.equal(jit.exccause, 32);
    assert.equal(jit.regs[15], 10);
    assert.equal(jit.regs[6], 30 + 29 + 28 + 27 + 26 + 25 + 24 + 23 + 22 + 21 + 20 + 19 + 18 + 17 + 16 + 15 + 14 + 13 + 12 + 11);
  });

  it('does not compile FP loads, stores and moves that CPENABLE disables, in a block made hot while it does', () => {
    // CPENABLE stays 0: every FP instruction of the loop raises Coprocessor0Disabled and the user
    // vector (VECBASE = the program's start) skips it, so the loop's block gets hot and is compiled
    // with them still disabled: they must keep raising there (a6 stays 0; 5 exceptions a pass).
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 15, 30).i('movi', 6, 0);
      p.label('loop').i('wfr', 1, 15).i('mov.s', 2, 1).i('ssi', 2, 13, 4).i('lsi', 3, 13, 4).i('rfr', 5, 3).i('add', 6, 6, 5);
      p.i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
      p.org(CODE.q7 + 0x340).i('rsr.epc1', 14).i('addi', 14, 14, 3).i('wsr.epc1', 14).i('rfe');
    };
    const setup = (m: Machine) => m.writeSR('vecbase', CODE.q7);
    const jit = run('q7', build, true, setup);
    const interp = run('q7', build, false, setup);
    assert.deepEqual({ ...jit, compiled: false }, interp);
    assert.equal(jit.stop.kind, 'breakpoint');
    assert.equal(jit.exccause, 32);
    assert.equal(jit.regs[6], 0);
    assert.equal(jit.steps - jit.count, 30 * 5, 'every FP instruction raised');
  });

  it('attributes a fault inside a compiled block to the right instruction and count', () => {
    // a7 walks up to the end of sysram: the 17th iteration loads from 0x68000000.
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('ram').word(0x68000000 - 68).label('start').i('l32r', 13, 'ram').i('movi', 15, 30).i('movi', 6, 0);
      p.label('loop').i('addi', 6, 6, 4).i('add', 7, 13, 6).i('l32i', 8, 7, 0).i('addi', 9, 9, 1).i('s32i', 9, 7, 0);
      p.i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
    };
    const jit = run('lx106', build, true);
    const interp = run('lx106', build, false);
    assert.deepEqual({ ...jit, compiled: false }, interp);
    assert.equal(jit.exccause, 15);
    assert.equal(jit.regs[9], 16, 'sixteen stores done, then the seventeenth load faulted');
  });

  it('leaves a block that stores into its own code and runs the new instruction', () => {
    // 30 passes of one block; from the pass with a9 = 10 on, its store hits the immediate of the
    // `movi a2, 1` that follows it in the same (by then compiled) block, making it `movi a2, 5`.
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('patch').word(0).label('data').word(RAM.q7);
      p.label('start').i('l32r', 10, 'patch').i('l32r', 6, 'data').i('movi', 9, 30);
      p.label('top').i('addi', 11, 9, -10).i('moveqz', 6, 10, 11).i('movi', 7, 5).i('s8i', 7, 6, 0);
      p.label('target').i('movi', 2, 1).i('add', 8, 8, 2).i('addi', 9, 9, -1).i('bnez', 9, 'top').label('done').i('nop');
    };
    const p0 = new ProgramBuilder(CODE.q7);
    build(p0);
    const syms = p0.build().symbols;
    const setup = (m: Machine) => m.write32(syms.get('patch')!, syms.get('target')! + 2);
    const jit = run('q7', build, true, setup);
    const interp = run('q7', build, false, setup);
    assert.deepEqual({ ...jit, compiled: false }, interp);
    assert.equal(jit.regs[8], 20 * 1 + 10 * 5);
  });

  it('compiles L32R for the LITBASE it runs with, and again after a write changes it', () => {
    // 30 passes of a loop summing a literal; the pass with a9 = 15 turns LITBASE on, so from then on
    // the same (by then compiled) L32R reads below LITBASE, the words the setup wrote there.
    const base = 0x60001000;
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('lit').word(7).label('lb').word(base | 1);
      p.label('start').i('l32r', 12, 'lb').i('movi', 9, 30).i('movi', 8, 0);
      p.label('top').i('addi', 11, 9, -15).i('bnez', 11, 'skip').i('wsr.litbase', 12).i('isync');
      p.label('skip').i('l32r', 5, 'lit').i('add', 8, 8, 5).i('addi', 9, 9, -1).i('bnez', 9, 'top').label('done').i('nop');
    };
    const setup = (m: Machine) => {
      for (let k = 1; k <= 64; k++) m.write32(base - 4 * k, 1000 * k);
    };
    const jit = run('lx106', build, true, setup);
    assert.deepEqual({ ...jit, compiled: false }, run('lx106', build, false, setup));
    const after = (jit.regs[8] - 15 * 7) / 15;
    assert.ok(Number.isInteger(after) && after % 1000 === 0 && after >= 1000 && after <= 64000, `a8 = ${jit.regs[8]}`);
  });

  it('runs a loop nest compiled as one region, entered at any of its blocks, in identical state at every budget boundary', () => {
    // Three blocks branching to one another (an inner loop, a side branch, an outer loop): the
    // region runs them in one function; run in slices of 7..29 instructions, every slice must end
    // at the same PC, counts and registers as the interpreter's.
    const build = (p: ProgramBuilder) => {
      p.i('j', 'start').align(4).label('ram').word(RAM.q7).label('start').i('l32r', 13, 'ram').i('movi', 2, 40).i('movi', 5, 0);
      p.label('outer').i('movi', 3, 9);
      p.label('inner').i('addi', 5, 5, 7).i('l32i', 6, 13, 0).i('add', 6, 6, 5).i('s32i', 6, 13, 0);
      p.i('bbci', 5, 3, 'even').i('xor', 7, 7, 5).i('j', 'next').label('even').i('sub', 7, 7, 6);
      p.label('next').i('addi', 3, 3, -1).i('bnez', 3, 'inner');
      p.i('mull', 8, 7, 5).i('addi', 2, 2, -1).i('bnez', 2, 'outer').label('done').i('nop');
    };
    const prog = new ProgramBuilder(CODE.q7);
    build(prog);
    const bin = prog.build();
    const machine = (jit: boolean) => {
      const m = new Machine('q7', { jit, hotThreshold: 8 });
      m.loadElf(imageOf([{ addr: bin.addr, bytes: bin.bytes }, { addr: RAM.q7, bytes: new Uint8Array(64) }], bin.addr));
      m.pc = bin.addr;
      m.addBreakpoint(bin.symbols.get('done')!);
      return m;
    };
    const [jm, im] = [machine(true), machine(false)];
    const state = (m: Machine) => ({ pc: m.pc, steps: m.stepCount, count: m.instructionCount, regs: Array.from({ length: 16 }, (_, k) => m.readAR(k)), word: m.read32(RAM.q7) });
    let slices = 0;
    for (let n = 7; ; n = 7 + ((n * 5) % 23), slices++) {
      const [js, is] = [jm.run({ maxInstructions: n }), im.run({ maxInstructions: n })];
      assert.deepEqual(js, is, `slice ${slices}`);
      assert.deepEqual(state(jm), state(im), `slice ${slices}`);
      if (js.kind !== 'limit') break;
    }
    assert.ok(slices > 100);
    // the slices end at every block start of the nest; each enters the region compiled for the nest
    // instead of compiling one more (at most two: the inner loop's, hot before the outer blocks ran, and the nest's)
    assert.ok(jm.compiledBlocks > 0 && jm.compiledBlocks <= 2, `${jm.compiledBlocks} regions compiled`);
    assert.equal(jm.readAR(2), 0);
  });

  it('runs zero-overhead loops inside compiled blocks like the interpreter', () => {
    const build = (p: ProgramBuilder) => {
      p.i('movi', 2, 50).i('movi', 4, 0).label('outer').i('movi', 3, 7);
      p.i('loop', 3, 'lend').i('addi', 4, 4, 3).i('xor', 5, 5, 4).i('slli', 6, 4, 2).label('lend');
      p.i('addi', 2, 2, -1).i('bnez', 2, 'outer').label('done').i('nop');
    };
    const jit = run('q7', build, true);
    assert.deepEqual({ ...jit, compiled: false }, run('q7', build, false));
    assert.equal(jit.regs[4], 50 * 7 * 3);
  });

  it('stops at a breakpoint set inside code that was already compiled', () => {
    const p = new ProgramBuilder(CODE.q7);
    p.i('movi', 2, 100).label('loop').i('addi', 3, 3, 1).label('mid').i('addi', 4, 4, 2).i('addi', 2, 2, -1).i('bnez', 2, 'loop').label('done').i('nop');
    const prog = p.build();
    const m = new Machine('q7', { hotThreshold: 8 });
    m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
    assert.equal(m.run({ maxInstructions: 200 }).kind, 'limit');
    m.addBreakpoint(prog.symbols.get('mid')!);
    assert.deepEqual(m.run(), { kind: 'breakpoint', pc: prog.symbols.get('mid') });
    assert.equal(m.readAR(4) + 2, m.readAR(3) * 2);
  });
});

/** The windowed recursion on q7 with the window handlers at VECBASE; `setup` may add counters or a stack limit. */
function runWindowed(n: number, jit: boolean, setup: (m: Machine, sym: ReadonlyMap<string, number>) => void = () => {}) {
  const top = 0x40000000;
  const p = new ProgramBuilder(CODE.q7);
  recursion(p, n, top);
  const prog = p.build();
  const m = new Machine('q7', { jit, hotThreshold: 8 });
  const vecbase = m.readSR('vecbase');
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }, windowVectors(vecbase).piece], prog.addr));
  m.pc = prog.addr;
  m.writeSR('windowbase', 0);
  m.writeSR('windowstart', 1);
  m.writeSR('ps', 0x40020);
  setup(m, prog.symbols);
  m.addBreakpoint(prog.symbols.get('done')!);
  const stop = m.run({ maxInstructions: 5_000_000 });
  const stack = Array.from({ length: 256 }, (_, k) => m.read32(top - 4 * (k + 1))!);
  return {
    stop, regs: Array.from({ length: 16 }, (_, k) => m.readAR(k)), ws: m.readSR('windowstart'), wb: m.readSR('windowbase'), ps: m.readSR('ps'),
    count: m.instructionCount, steps: m.stepCount, stack, blocks: m.compiledBlocks,
  };
}

describe('emulator: compiled windowed code (CALLn, ENTRY, RETW) vs the interpreter', () => {
  it('runs deep recursion with window overflows and underflows in identical state', () => {
    for (const n of [1, 5, 40, 300]) {
      const jit = runWindowed(n, true);
      const interp = runWindowed(n, false);
      assert.deepEqual({ ...jit, blocks: 0 }, interp, `n = ${n}`);
      assert.equal(jit.regs[9], recursionResult(n), `f(${n})`);
      if (n >= 40) assert.ok(jit.blocks > 0, 'blocks were compiled');
    }
  });

  it('counts executions of an instruction identically, without stopping', () => {
    for (const n of [5, 300]) {
      const counts: number[] = [];
      for (const jit of [true, false]) {
        let counter: { count: number } | undefined;
        const r = runWindowed(n, jit, (m, sym) => (counter = m.addCounter(sym.get('f')!)));
        assert.equal(r.stop.kind, 'breakpoint');
        assert.equal(r.regs[9], recursionResult(n));
        counts.push(counter!.count);
      }
      // f runs for n, n - 1, …, 0: each call's ENTRY counted once, also when it overflowed first
      assert.deepEqual(counts, [n + 1, n + 1]);
    }
  });

  it('stops at the ENTRY that would move the stack pointer below Cpu.stackLimit, in both', () => {
    const limit = 0x40000000 - 48 * 100 - 8;
    const stops = [true, false].map((jit) => runWindowed(300, jit, (m) => (m.cpu.stackLimit = limit)));
    assert.deepEqual({ ...stops[0], blocks: 0 }, { ...stops[1], blocks: 0 });
    const stop = stops[0].stop;
    assert.equal(stop.kind, 'stack-limit');
    if (stop.kind !== 'stack-limit') return;
    assert.ok(stop.sp < limit && stop.sp >= limit - 48, `sp 0x${stop.sp.toString(16)}`);
    assert.equal(stops[0].regs[1], stop.sp + 48, 'the ENTRY did not execute: a1 is still the caller\'s');
    // the limit lower by a frame: one more call fits
    const lower = runWindowed(300, true, (m) => (m.cpu.stackLimit = limit - 48));
    assert.equal(lower.stop.kind, 'stack-limit');
    assert.ok(lower.count > stops[0].count);
    // no limit: the recursion completes
    assert.equal(runWindowed(300, true).stop.kind, 'breakpoint');
  });
});

describe('emulator: compiled blocks vs the interpreter on the C corpus (-O2)', function () {
  this.timeout(300000);
  const programs = listPrograms();

  before(async function () {
    requireTool(this, CORPUS_TOOLS);
    await prebuild(programs, { opts: ['-O2'], native: false });
  });

  it('gives the same output, exit status, instruction count and final registers', () => {
    for (const name of programs) {
      const elf = buildProgram(name, '-O2');
      const image = readElf(fs.readFileSync(elf), elf);
      const outcome = (jit: boolean) => {
        const host = new MemoryHost();
        const m = new Machine('lx106', { host, jit, hotThreshold: 8 });
        m.loadElf(image);
        const stop = m.run({ maxInstructions: 2e9 });
        return { stop, out: host.text(1), count: m.instructionCount, steps: m.stepCount, regs: Array.from({ length: 16 }, (_, k) => m.readAR(k)), pc: m.pc };
      };
      assert.deepEqual(outcome(true), outcome(false), name);
    }
  });
});

describe('emulator: compiled blocks respect the core options', () => {
  it('keeps an instruction of a missing option illegal inside a hot block (MIN on lx106)', () => {
    // Each MIN traps to the user vector, whose handler counts it in a10 and skips it (EPC1 += 3).
    const p = new ProgramBuilder(CODE.lx106);
    p.i('j', 'start').align(4).label('vec').word(0x50000400).label('start').i('l32r', 9, 'vec').i('wsr.vecbase', 9).i('movi', 2, 20);
    p.label('loop').i('addi', 3, 3, 1).i('min', 4, 5, 6).i('addi', 2, 2, -1).i('bnez', 2, 'loop').label('done').i('nop');
    p.org(0x50000400 + 0x50).i('rsr.epc1', 9).i('addi', 9, 9, 3).i('wsr.epc1', 9).i('addi', 10, 10, 1).i('rfe');
    const prog = p.build();
    for (const jit of [true, false]) {
      const m = new Machine('lx106', { jit, hotThreshold: 8 });
      m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
      m.writeSR('ps', 0x20);
      m.addBreakpoint(prog.symbols.get('done')!);
      assert.equal(m.run({ maxInstructions: 10000 }).kind, 'breakpoint');
      assert.equal(m.readAR(3), 20, `jit ${jit}`);
      assert.equal(m.readAR(10), 20, `jit ${jit}: every MIN trapped`);
      assert.equal(m.readSR('exccause'), 0);
      if (jit) assert.ok(m.compiledBlocks > 0);
    }
  });
});
