// FPU semantics without QEMU: correctly rounded ADD/SUB/MUL and fused MADD/MSUB checked against an
// exact BigInt reference in all four rounding modes (results and Inexact/Underflow/Overflow flags),
// plus the named cases QEMU's de233_fpu showed (NaN rules, conversion saturation, compare flags)
// and the instruction-level plumbing (FCR mode, sticky FSR, BR bits, CPENABLE).

import { strict as assert } from 'node:assert';
import { fadd, fmul, fmuladd, fpFlags, fsub } from '../../emulator/fp/arith';
import { floatToInt, floatToUint, intToFloat, cvtFlags } from '../../emulator/fp/convert';
import { fcompare, cmpFlags } from '../../emulator/fp/compare';
import { runSnippet } from './helpers/snippet';

const I = 1;
const U = 2;
const O = 4;
const V = 16;

/** An exact value N × 2^e. */
interface Exact {
  n: bigint;
  e: number;
}

function decodeBits(b: number): Exact {
  const exp = (b >>> 23) & 0xff;
  const frac = b & 0x7fffff;
  const sign = b >>> 31 ? -1n : 1n;
  return exp === 0 ? { n: sign * BigInt(frac), e: -149 } : { n: sign * BigInt(frac | 0x800000), e: exp - 150 };
}

function addExact(x: Exact, y: Exact): Exact {
  const e = Math.min(x.e, y.e);
  return { n: (x.n << BigInt(x.e - e)) + (y.n << BigInt(y.e - e)), e };
}

function mulExact(x: Exact, y: Exact): Exact {
  return { n: x.n * y.n, e: x.e + y.e };
}

function bitLength(v: bigint): number {
  return v.toString(2).length;
}

/** Rounds |n| × 2^e to a multiple of 2^q in direction dir (0 nearest-even, 1 up, -1 down). */
function roundTo(mag: bigint, e: number, q: number, dir: number): { n: bigint; inexact: boolean } {
  if (q <= e) return { n: mag << BigInt(e - q), inexact: false };
  const shift = BigInt(q - e);
  const n0 = mag >> shift;
  const rem = mag & ((1n << shift) - 1n);
  const half = 1n << (shift - 1n);
  if (rem === 0n) return { n: n0, inexact: false };
  const up = dir > 0 || (dir === 0 && (rem > half || (rem === half && (n0 & 1n) === 1n)));
  return { n: up ? n0 + 1n : n0, inexact: true };
}

/** Reference: exact value → single bits and flags (tininess after rounding, as softfloat). */
function refRound(x: Exact, mode: number, zeroSign: number): [number, number] {
  if (x.n === 0n) return [zeroSign, 0];
  const neg = x.n < 0n;
  const mag = neg ? -x.n : x.n;
  const dir = mode === 0 ? 0 : (mode === 2 && !neg) || (mode === 3 && neg) ? 1 : -1;
  const E = x.e + bitLength(mag) - 1;
  const sign = neg ? 0x80000000 : 0;
  const over = (): [number, number] => [(dir < 0 ? 0x7f7fffff : 0x7f800000) | sign, O | I];
  if (E >= 128) return over();
  const q = Math.max(E, -126) - 23;
  const r = roundTo(mag, x.e, q, dir);
  const bitLen = bitLength(r.n);
  if (q + bitLen - 1 >= 128) return over();
  let flags = r.inexact ? I : 0;
  if (r.inexact && E < -126) {
    const t = roundTo(mag, x.e, E - 23, dir);
    if (E - 23 + bitLength(t.n) - 1 < -126) flags |= U;
  }
  // encode r.n × 2^q
  let bits: number;
  if (r.n === 0n) bits = 0;
  else {
    const top = q + bitLen - 1;
    if (top < -126) bits = Number(r.n << BigInt(q + 149));
    else bits = ((top + 127) << 23) | Number((r.n << BigInt(24 - bitLen)) & 0x7fffffn);
  }
  return [(bits | sign) >>> 0, flags];
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/** Finite non-NaN random singles, with exponents clustered so that sums and products are varied. */
function randomFinite(next: () => number, near?: number): number {
  const baseExp = near === undefined ? next() % 255 : Math.max(0, Math.min(254, ((near >>> 23) & 0xff) + (next() % 40) - 20));
  return (((next() & 1) << 31) | (baseExp << 23) | (next() & 0x7fffff)) >>> 0;
}

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

describe('emulator: FP arithmetic against an exact reference', () => {
  for (const mode of [0, 1, 2, 3]) {
    it(`rounds ADD/SUB/MUL/MADD/MSUB exactly in mode ${mode} (20000 random cases)`, () => {
      const next = rng(1234 + mode);
      for (let k = 0; k < 4000; k++) {
        const a = randomFinite(next);
        const b = randomFinite(next, next() % 2 ? a : undefined);
        const c = randomFinite(next, next() % 2 ? (a + b) >>> 0 : undefined);
        const X = decodeBits(a);
        const Y = decodeBits(b);
        const C = decodeBits(c);
        const rdZero = mode === 3 ? 0x80000000 : 0;
        const check = (what: string, got: number, want: [number, number]) => {
          assert.equal(hex(got), hex(want[0]), `${what} result a=${hex(a)} b=${hex(b)} c=${hex(c)} mode ${mode}`);
          assert.equal(fpFlags.value, want[1], `${what} flags a=${hex(a)} b=${hex(b)} c=${hex(c)} mode ${mode}`);
        };
        const zeroOf = (p: number, q: number) => ((p & q & 0x80000000) !== 0 ? 0x80000000 : (p | q) === 0 ? 0 : rdZero);
        check('add', fadd(a, b, mode), refRound(addExact(X, Y), mode, (a & 0x7fffffff) === 0 && (b & 0x7fffffff) === 0 ? zeroOf(a, b) : rdZero));
        const nb = (b ^ 0x80000000) >>> 0;
        check('sub', fsub(a, b, mode), refRound(addExact(X, decodeBits(nb)), mode, (a & 0x7fffffff) === 0 && (b & 0x7fffffff) === 0 ? zeroOf(a, nb) : rdZero));
        check('mul', fmul(a, b, mode), refRound(mulExact(X, Y), mode, ((a ^ b) & 0x80000000) >>> 0));
        const prod = mulExact(X, Y);
        const psign = ((a ^ b) & 0x80000000) >>> 0;
        const bothZero = (c & 0x7fffffff) === 0 && prod.n === 0n;
        check('madd', fmuladd(c, a, b, false, mode), refRound(addExact(C, prod), mode, bothZero ? zeroOf(c, psign) : rdZero));
        const nprod = { n: -prod.n, e: prod.e };
        check('msub', fmuladd(c, a, b, true, mode), refRound(addExact(C, nprod), mode, bothZero ? zeroOf(c, (psign ^ 0x80000000) >>> 0) : rdZero));
      }
    });
  }

  it('MUL.S to nearest (the Math.fround fast path) agrees with the exact reference on edge values', () => {
    // Subnormals, around the smallest normal (a tie rounding up to it still underflows), overflow,
    // exact ties to even, zeros, infinities, NaNs; every pair, both signs.
    const edges = [
      0, 1, 2, 3, 0x007fffff, 0x00800000, 0x00800001, 0x00ffffff, 0x01000000, 0x0b000000, 0x1f800000, 0x1fffffff,
      0x20000000, 0x20000001, 0x33ffffff, 0x34000000, 0x3effffff, 0x3f000000, 0x3f000001, 0x3f7fffff, 0x3f800000,
      0x3f800001, 0x3f800800, 0x3f801000, 0x3fffffff, 0x40400000, 0x40400001, 0x5f7fffff, 0x5f800000, 0x5f800001,
      0x7effffff, 0x7f000000, 0x7f7fffff, 0x7f800000, 0x7fc00000, 0x7f800001,
    ].flatMap((v) => [v, (v | 0x80000000) >>> 0]);
    let fast = 0;
    for (const a of edges) {
      for (const b of edges) {
        const got = fmul(a, b, 0) >>> 0;
        const flags = fpFlags.value;
        const nan = (v: number) => (v & 0x7fffffff) > 0x7f800000;
        const inf = (v: number) => (v & 0x7fffffff) === 0x7f800000;
        const zero = (v: number) => (v & 0x7fffffff) === 0;
        let want: [number, number];
        if (nan(a) || nan(b)) want = [((nan(b) ? b : a) | 0x400000) >>> 0, (nan(a) && !(a & 0x400000)) || (nan(b) && !(b & 0x400000)) ? V : 0];
        else if (inf(a) || inf(b)) want = zero(a) || zero(b) ? [0x7fc00000, V] : [(0x7f800000 | ((a ^ b) & 0x80000000)) >>> 0, 0];
        else want = refRound(mulExact(decodeBits(a), decodeBits(b)), 0, ((a ^ b) & 0x80000000) >>> 0);
        assert.equal(hex(got), hex(want[0]), `mul.s ${hex(a)} × ${hex(b)}`);
        assert.equal(flags, want[1], `mul.s flags ${hex(a)} × ${hex(b)}`);
        if ((got & 0x7f800000) !== 0 && (got & 0x7f800000) !== 0x7f800000) fast++;
      }
    }
    assert.ok(fast > 1000, `${fast} normal results`);
    // The named cases: a tie to even; a tie up to the smallest normal (Underflow, tininess after rounding).
    assert.equal(hex(fmul(0x3f800800, 0x3f800800, 0)), '0x3f801000');
    assert.equal(fpFlags.value, I);
    assert.equal(hex(fmul(0x00ffffff, 0x3f000000, 0)), '0x800000');
    assert.equal(fpFlags.value, I | U);
  });

  it('fuses MADD.S: (1 + 2^-23)^2 - 1 = 2^-22 + 2^-46 rounds once (inexact)', () => {
    const r = fmuladd(0xbf800000, 0x3f800001, 0x3f800001, false, 0);
    assert.equal(hex(r), '0x34800000');
    assert.equal(fpFlags.value, I);
    assert.equal(hex(fmuladd(0xbf800000, 0x3f800001, 0x3f800001, false, 2)), '0x34800001', 'rounded up');
  });

  it('gives exact zeros the IEEE signs (x - x = -0 only rounding down)', () => {
    assert.equal(hex(fsub(0x3f800000, 0x3f800000, 0)), '0x0');
    assert.equal(hex(fsub(0x3f800000, 0x3f800000, 3)), '0x80000000');
    assert.equal(hex(fadd(0x80000000, 0x80000000, 0)), '0x80000000');
    assert.equal(hex(fadd(0x80000000, 0, 0)), '0x0');
    assert.equal(hex(fmul(0x80000000, 0x3f800000, 0)), '0x80000000');
  });

  it('propagates NaNs as QEMU de233_fpu: second operand first, accumulator first for MADD', () => {
    assert.equal(hex(fadd(0x7fc00001, 0x7fc00002, 0)), '0x7fc00002');
    assert.equal(hex(fadd(0x7f800001, 0x3f800000, 0)), '0x7fc00001');
    assert.equal(fpFlags.value, V);
    assert.equal(hex(fsub(0x3f800000, 0xff800003, 0)), '0xffc00003', 'the sign of the NaN is kept');
    assert.equal(hex(fadd(0x7f800000, 0xff800000, 0)), '0x7fc00000');
    assert.equal(hex(fmul(0, 0x7f800000, 0)), '0x7fc00000');
    assert.equal(hex(fmuladd(0x3f800000, 0x7fc00001, 0x7fc00002, false, 0)), '0x7fc00002');
    assert.equal(hex(fmuladd(0x7fc00002, 0x7fc00001, 0x3f800000, false, 0)), '0x7fc00002');
    assert.equal(hex(fmuladd(0x7fc00001, 0x7f800000, 0, false, 0)), '0x7fc00001', 'inf × 0 + NaN returns the NaN');
    assert.equal(fpFlags.value, V, '… and raises Invalid');
  });
});

describe('emulator: FP conversions and compares (values probed on QEMU de233_fpu)', () => {
  const f = (x: number) => new Uint32Array(new Float32Array([x]).buffer)[0];
  it('converts to integers with saturation and flags', () => {
    const cases: [string, number, number, number, number][] = [
      // how, input, scale, result, flags
      ['zero', 0x7fc00000, 0, 0x7fffffff, V],
      ['zero', 0xff800000, 0, 0x80000000, V],
      ['zero', f(3e9), 0, 0x7fffffff, V],
      ['zero', f(-0.5), 0, 0, I],
      ['zero', f(-1.5), 0, 0xffffffff, I],
      ['zero', f(1.75), 1, 3, I],
      ['nearest', f(-1.5), 0, 0xfffffffe, I],
      ['nearest', f(2.5), 0, 2, I],
      ['nearest', f(1.25), 2, 5, 0],
      ['floor', f(-0.5), 0, 0xffffffff, I],
      ['ceil', f(0.5), 0, 1, I],
      ['ceil', f(-0.5), 0, 0, I],
    ];
    for (const [how, x, t, want, flags] of cases) {
      assert.equal(hex(floatToInt(x, t, how as 'zero')), hex(want), `${how} ${hex(x)} ${t}`);
      assert.equal(cvtFlags.value, flags, `${how} ${hex(x)} flags`);
    }
  });

  it('converts to unsigned like QEMU (negative inputs convert signed; Invalid replaces the flags)', () => {
    const cases: [number, number, number, boolean][] = [
      [f(3e9), 0xb2d05e00, 0, false],
      [f(-3e9), 0x80000000, V, true],
      [f(-0.5), 0, I, false],
      [f(-1.5), 0xffffffff, V, true],
      [0x7fc00000, 0xffffffff, V, false],
      [f(1e10), 0xffffffff, V, false],
      [0xff800000, 0x80000000, V, true],
    ];
    for (const [x, want, flags, replace] of cases) {
      assert.equal(hex(floatToUint(x, 0)), hex(want), hex(x));
      assert.deepEqual([cvtFlags.value, cvtFlags.replace], [flags, replace], `${hex(x)} flags`);
    }
  });

  it('converts integers with the rounding mode and scale', () => {
    assert.equal(hex(intToFloat(0x7fffffff, 0, 0)), '0x4f000000');
    assert.equal(cvtFlags.value, I);
    assert.equal(hex(intToFloat(0x7fffffff, 0, 1)), '0x4effffff');
    assert.equal(hex(intToFloat(0xffffffff, 0, 1)), '0x4f7fffff');
    assert.equal(hex(intToFloat(-0x80000000, 0, 0)), '0xcf000000');
    assert.equal(cvtFlags.value, 0);
    assert.equal(hex(intToFloat(3, 1, 0)), '0x3fc00000');
    assert.equal(hex(intToFloat(1, 15, 0)), '0x38000000');
  });

  it('compares with ordered/unordered semantics and signalling only for OLT/OLE', () => {
    const q = 0x7fc00001;
    const s = 0x7f800001;
    const one = 0x3f800000;
    const cases: [string, number, number, boolean, number][] = [
      ['un', q, one, true, 0], ['un', s, one, true, V], ['oeq', q, one, false, 0], ['oeq', 0, 0x80000000, true, 0],
      ['ueq', q, one, true, 0], ['olt', q, one, false, V], ['ult', q, one, true, 0], ['ole', one, one, true, 0],
      ['ule', s, one, true, V], ['olt', one, 0x40000000, true, 0], ['ult', 0x40000000, one, false, 0],
    ];
    for (const [rel, a, b, want, flags] of cases) {
      assert.equal(fcompare(a, b, rel as 'un'), want, `${rel} ${hex(a)} ${hex(b)}`);
      assert.equal(cmpFlags.value, flags, `${rel} flags`);
    }
  });
});

describe('emulator: FP instructions', () => {
  it('uses FCR rounding, keeps FSR flags sticky, writes BR bits and honours CPENABLE', () => {
    const r = runSnippet('de233_fpu', (p) => {
      p.i('movi', 2, 1).i('wsr.cpenable', 2).i('movi', 2, 3).i('wur.fcr', 2);
      p.i('movi', 3, 1).i('float.s', 1, 3, 0).i('movi', 3, 3).i('float.s', 2, 3, 0);
      p.i('div0.s', 0, 2).i('mkdadj.s', 2, 1).i('rfr', 4, 2); // f2 = 1/3 rounded down
      p.i('olt.s', 7, 2, 1).i('mul.s', 0, 2, 2).i('rur.fsr', 5).i('rur.fcr', 6);
      p.i('movi', 2, 0).i('wsr.cpenable', 2).label('done').i('add.s', 0, 1, 2);
    }, { machine: { stopOnException: true } });
    const m = r.machine;
    assert.equal(hex(m.readAR(4)), '0x3eaaaaaa');
    assert.equal(m.readSR('br'), 1 << 7);
    assert.equal(m.readAR(5), I << 7);
    assert.equal(m.readAR(6), 3);
    assert.deepEqual(m.step(1), { kind: 'exception', cause: 32, causeName: 'Coprocessor0Disabled', pc: r.symbols.get('done'), vaddr: undefined });
  });
});
