// The single-precision FPU compared with QEMU's de233_fpu bit for bit: results and FSR flags of
// arithmetic (incl. fused MADD.S/MSUB.S), square root/division steps, conversions with scale and
// saturation, and compares, in all four FCR rounding modes, on special and random operands.
// Also pins the post-increment form of LSIP/SSIP/LSXP/SSXP that QEMU executes.

import { strict as assert } from 'node:assert';
import { requireTool } from '../../harness/oracle/tools';
import { PROBE_CORES, buildProbe } from './helpers/probe';
import { runProbeOnEmulator, runProbeOnQemu, sameOnBoth } from './helpers/differential';
import type { ProgramBuilder } from './helpers/program';

type Kind = 'bin' | 'mad' | 'un' | 'ftoi' | 'itof' | 'cmp';
interface FpCase {
  readonly m: string;
  readonly kind: Kind;
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly t: number;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const bits = (x: number) => ((f32[0] = x), u32[0]);

const SPECIAL = [
  0, 0x80000000, bits(1), bits(-1), bits(2), bits(0.5), bits(3), bits(-1.5), bits(2.5), 0x7f7fffff, 0xff7fffff,
  0x00800000, 0x80800000, 0x00000001, 0x80000001, 0x007fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
  0x7f800001, 0xff812345, 0x7fc12345, 0x3f800001, 0x3f7fffff, 0x4b800000, 0x4b7fffff, bits(1e-38), bits(3e38),
  bits(1e10), bits(-3e9), bits(0.1), bits(1 / 3), 0x33800000, 0x34000000,
];

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/** Random operands biased toward interesting pairs (close exponents, cancellation, tiny results). */
function operands(next: () => number, n: number): number[][] {
  const out: number[][] = [];
  const pick = () => {
    const r = next() % 8;
    if (r < 2) return SPECIAL[next() % SPECIAL.length];
    const exp = r < 4 ? 127 + (next() % 16) - 8 : r < 6 ? next() % 256 : next() % 8;
    return (((next() & 1) << 31) | (Math.min(exp, 254) << 23) | (next() & 0x7fffff)) >>> 0;
  };
  for (let k = 0; k < n; k++) {
    const a = pick();
    const b = next() % 5 === 0 ? (a ^ 0x80000000 ^ (next() & 7)) >>> 0 : pick();
    out.push([a, b, pick()]);
  }
  return out;
}

function generate(seed: number): FpCase[] {
  const next = rng(seed);
  const cases: FpCase[] = [];
  for (const m of ['add.s', 'sub.s', 'mul.s']) for (const [a, b] of operands(next, 70)) cases.push({ m, kind: 'bin', a, b, c: 0, t: 0 });
  for (const m of ['madd.s', 'msub.s']) for (const [a, b, c] of operands(next, 90)) cases.push({ m, kind: 'mad', a, b, c, t: 0 });
  for (const [a, b] of operands(next, 40)) cases.push({ m: 'mkdadj.s', kind: 'un', a, b, c: 0, t: 0 });
  for (const [a] of operands(next, 30)) cases.push({ m: 'mksadj.s', kind: 'un', a, b: 0, c: a & 0x7fffffff, t: 0 });
  for (const m of ['trunc.s', 'utrunc.s', 'round.s', 'floor.s', 'ceil.s']) {
    for (const [a] of operands(next, 24)) cases.push({ m, kind: 'ftoi', a, b: 0, c: 0, t: next() % 4 === 0 ? next() % 16 : 0 });
  }
  for (const m of ['float.s', 'ufloat.s']) {
    for (let k = 0; k < 24; k++) {
      const v = k < 6 ? [0x7fffffff, 0x80000000, 0xffffffff, 1, 0x01000001, 0x00ffffff][k] : next();
      cases.push({ m, kind: 'itof', a: v, b: 0, c: 0, t: next() % 3 === 0 ? next() % 16 : 0 });
    }
  }
  for (const m of ['un.s', 'oeq.s', 'ueq.s', 'olt.s', 'ult.s', 'ole.s', 'ule.s']) {
    for (const [a, b] of operands(next, 12)) cases.push({ m, kind: 'cmp', a, b: next() % 3 === 0 ? a : b, c: 0, t: 0 });
  }
  return cases;
}

/** Per case: FSR = 0, load a,b,c into f1,f2,f0 (and a into a6), run, store result and FSR. */
function body(cases: readonly FpCase[], fcr: number) {
  return (p: ProgramBuilder) => {
    p.i('movi', 2, 1).i('wsr.cpenable', 2).i('rsync').i('movi', 2, fcr).i('wur.fcr', 2);
    p.i('mov.n', 5, 13);
    for (const k of cases) {
      p.i('movi', 2, 0).i('wur.fsr', 2);
      p.i('lsi', 1, 5, 0).i('lsi', 2, 5, 4).i('lsi', 0, 5, 8).i('l32i', 6, 5, 0).i('addi', 5, 5, 12);
      if (k.kind === 'bin' || k.kind === 'mad') p.i(k.m, 0, 1, 2).i('rfr', 2, 0);
      else if (k.kind === 'un') p.i(k.m, 0, 1).i('rfr', 2, 0);
      else if (k.kind === 'ftoi') p.i(k.m, 2, 1, k.t);
      else if (k.kind === 'itof') p.i(k.m, 0, 6, k.t).i('rfr', 2, 0);
      else p.i('movi', 2, 0).i('wsr.br', 2).i(k.m, 3, 1, 2).i('rsr.br', 2);
      p.i('s32i', 2, 14, 0).i('rur.fsr', 2).i('s32i', 2, 14, 4).i('addi', 14, 14, 8);
    }
  };
}

const hex = (v: number) => `0x${(v >>> 0).toString(16).padStart(8, '0')}`;

describe('emulator vs QEMU: single-precision FPU (de233_fpu)', function () {
  this.timeout(120000);
  before(function () {
    requireTool(this, ['qemu-system-xtensa']);
  });

  const all = generate(20261130);
  for (const fcr of [0, 1, 2, 3]) {
    it(`matches results and FSR flags bit for bit in rounding mode ${fcr} (${all.length} operations)`, () => {
      const core = PROBE_CORES.de233_fpu;
      const chunk = 150;
      let compared = 0;
      for (let at = 0; at < all.length; at += chunk) {
        const cases = all.slice(at, at + chunk);
        const data = cases.flatMap((k) => [k.a, k.b, k.c]);
        const probe = buildProbe(core, body(cases, fcr), { words: 2 * cases.length, data });
        const ours = runProbeOnEmulator('de233_fpu', probe);
        const qemu = runProbeOnQemu('de233_fpu', probe);
        assert.equal(qemu.kind, 'done');
        assert.equal(ours.kind, 'done');
        if (ours.kind !== 'done' || qemu.kind !== 'done') return;
        cases.forEach((k, i) => {
          const o = [ours.words[2 * i], ours.words[2 * i + 1]];
          const q = [qemu.words[2 * i], qemu.words[2 * i + 1]];
          assert.deepEqual(
            o.map(hex),
            q.map(hex),
            `${k.m} a=${hex(k.a)} b=${hex(k.b)} c=${hex(k.c)} t=${k.t} rm=${fcr}: [result, FSR]`,
          );
          compared++;
        });
      }
      assert.equal(compared, all.length);
    });
  }

  it('executes op0=3 r=8/12 and LSCX 1/5 as post-increment (LSIP/SSIP/LSXP/SSXP), as QEMU', () => {
    const data = [0x11111111, 0x22222222, 0x33333333];
    const r = sameOnBoth('de233_fpu', 'post-increment', (p) => {
      p.i('movi', 2, 1).i('wsr.cpenable', 2).i('rsync').i('mov.n', 3, 13);
      p.i('lsip', 0, 3, 4).i('rfr', 2, 0).i('s32i', 2, 14, 0).i('sub', 4, 3, 13).i('s32i', 4, 14, 4);
      p.i('movi', 4, 4).i('lsxp', 1, 3, 4).i('rfr', 2, 1).i('s32i', 2, 14, 8).i('sub', 4, 3, 13).i('s32i', 4, 14, 12);
      p.i('mov.n', 3, 13).i('ssip', 1, 3, 8).i('movi', 4, 4).i('ssxp', 0, 3, 4).i('l32i', 2, 13, 0).i('s32i', 2, 14, 16);
      p.i('l32i', 2, 13, 8).i('s32i', 2, 14, 20).i('sub', 4, 3, 13).i('s32i', 4, 14, 24);
    }, { words: 7, data });
    assert.deepEqual(r, { kind: 'done', words: [0x11111111, 4, 0x22222222, 8, 0x22222222, 0x11111111, 12] });
  });

  it('raises Coprocessor0Disabled for FP instructions and FCR/FSR access while CPENABLE[0] = 0', () => {
    for (const [name, insn] of [['lsi', (p: ProgramBuilder) => p.i('lsi', 0, 13, 0)], ['rur.fcr', (p: ProgramBuilder) => p.i('rur.fcr', 2)], ['add.s', (p: ProgramBuilder) => p.i('add.s', 0, 1, 2)]] as const) {
      const r = sameOnBoth('de233_fpu', `${name} disabled`, insn, { words: 1 });
      assert.equal(r.kind === 'exception' && r.cause, 32);
    }
  });
});
