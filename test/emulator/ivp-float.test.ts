// The IVP float unit (xtensa-ivp-spec.md §12.9), float compares (§12.5) and float reductions (§12.8)
// against references written here: f32 through the host's IEEE single conversion (Math.fround of an
// exact or innocuously rounded double), f16 through a brute-force nearest-even search over every
// binary16 value decoded independently; edge operands NaN, ±Inf, ±0, subnormals, the largest finite.

import { strict as assert } from 'node:assert';
import { IvpMachine, rng } from './helpers/ivp';

const f32bits = (v: number) => new Uint32Array(new Float32Array([v]).buffer)[0];
const fromBits32 = (b: number) => new Float32Array(new Uint32Array([b >>> 0]).buffer)[0];

/** Every binary16 value by its bits, decoded from the definition. */
function decodeHalf(h: number): number {
  const sign = h >> 15 ? -1 : 1;
  const exp = (h >> 10) & 31;
  const frac = h & 1023;
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * (exp ? 1 + frac / 1024 : frac / 1024) * 2 ** ((exp || 1) - 15);
}
const POSITIVE = Array.from({ length: 0x7c00 }, (_, h) => h); // +0 … the largest finite, increasing

/** The binary16 bits nearest to x (ties to the even bit pattern), ±Inf past the largest finite's half-ulp. */
function refHalf(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const sign = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  if (a >= 65520) return sign | 0x7c00;
  let lo = 0;
  let hi = POSITIVE.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (decodeHalf(POSITIVE[mid]) <= a) lo = mid;
    else hi = mid;
  }
  const [dl, dh] = [a - decodeHalf(lo), decodeHalf(hi) - a];
  const pick = dl < dh ? lo : dh < dl ? hi : lo % 2 === 0 ? lo : hi;
  return sign | pick;
}

const EDGE32 = [0, -0, 1, -1, 0.5, -2.5, Infinity, -Infinity, NaN, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45, -1.1754943508222875e-38, 16777217, 1e-30];
const EDGE16 = [0, -0, 1, -1, 0.5, -2.5, Infinity, -Infinity, NaN, 65504, -65504, 5.960464477539063e-8, 6.103515625e-5, 2049, 0.1];

function randomF32(next: () => number): number[] {
  return Array.from({ length: 16 }, (_, k) => (k < 6 ? EDGE32[next() % EDGE32.length] : fromBits32(next() % 3 ? (next() & 0x3fffffff) | (next() & 0x80000000) : next())));
}
function randomF16(next: () => number): number[] {
  return Array.from({ length: 32 }, (_, k) => (k < 10 ? EDGE16[next() % EDGE16.length] : decodeHalf(next() & 0xffff)));
}

const setF32 = (x: IvpMachine, r: number, v: number[]) => x.m.writeVector(r, new Uint8Array(new Float32Array(v).buffer));
const getF32bits = (x: IvpMachine, r: number) => Array.from(new Uint32Array(x.m.readVector(r).slice().buffer));
const setF16 = (x: IvpMachine, r: number, v: number[]) => x.m.writeVector(r, new Uint8Array(new Uint16Array(v.map(refHalf)).buffer));
const getF16bits = (x: IvpMachine, r: number) => Array.from(new Uint16Array(x.m.readVector(r).slice().buffer));
/** The expected f32 bits of a number result (NaN → the default NaN). */
const want32 = (v: number) => (Number.isNaN(v) ? 0x7fc00000 : f32bits(v));

const isNeg = (v: number) => v < 0 || Object.is(v, -0);
const REF2: Record<string, (a: number, b: number) => number> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  min: (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a === b ? (isNeg(a) ? a : b) : Math.min(a, b)),
  max: (a, b) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a === b ? (isNeg(a) ? b : a) : Math.max(a, b)),
  minnum: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : REF2.min(a, b)),
  maxnum: (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : REF2.max(a, b)),
};
const roundHalfEven = (v: number) => {
  if (!Number.isFinite(v)) return v;
  const r = Math.round(v);
  const out = Math.abs(v % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  return out === 0 && isNeg(v) ? -0 : out;
};
const REF1: Record<string, (a: number) => number> = {
  sqrt: Math.sqrt,
  firint: roundHalfEven,
  fifloor: Math.floor,
  ficeil: Math.ceil,
  firound: (v) => (Number.isFinite(v) ? (v < 0 ? -Math.round(-v) : Math.round(v)) || (isNeg(v) ? -0 : 0) : v),
  fitrunc: Math.trunc,
};

describe('IVP float arithmetic (§12.9) against IEEE references', () => {
  it('n_2xf32: add sub mul div min max minnum maxnum sqrt and the rounding to integral values', () => {
    const x = new IvpMachine();
    const next = rng(32);
    for (let round = 0; round < 20; round++) {
      const [a, b] = [randomF32(next), randomF32(next)].map((v) => v.map(Math.fround));
      setF32(x, 1, a);
      setF32(x, 2, b);
      for (const [op, ref] of Object.entries(REF2)) {
        x.exec(`ivp_${op}n_2xf32`, [3, 1, 2]);
        assert.deepEqual(getF32bits(x, 3), a.map((v, k) => want32(ref(v, b[k]))), `${op} ${a} ${b}`);
      }
      for (const [op, ref] of Object.entries(REF1)) {
        x.exec(`ivp_${op}n_2xf32`, [3, 1]);
        assert.deepEqual(getF32bits(x, 3), a.map((v) => want32(ref(v))), op);
      }
      x.exec('ivp_absn_2xf32', [3, 1]);
      assert.deepEqual(getF32bits(x, 3), getF32bits(x, 1).map((v) => (v & 0x7fffffff) >>> 0));
      x.exec('ivp_negn_2xf32', [3, 1]);
      assert.deepEqual(getF32bits(x, 3), getF32bits(x, 1).map((v) => (v ^ 0x80000000) >>> 0));
    }
  });
  it('n_2xf32: mula/muls are fused (one rounding)', () => {
    const x = new IvpMachine();
    const e = 2 ** -23;
    setF32(x, 1, Array(16).fill(1 + e));
    setF32(x, 2, Array(16).fill(1 - e));
    setF32(x, 3, Array(16).fill(-1));
    x.exec('ivp_mulan_2xf32', [3, 1, 2]);
    assert.deepEqual(getF32bits(x, 3), Array(16).fill(f32bits(-(2 ** -46))));
    setF32(x, 3, Array(16).fill(1));
    x.exec('ivp_mulsn_2xf32', [3, 1, 2]);
    assert.deepEqual(getF32bits(x, 3), Array(16).fill(f32bits(2 ** -46)));
  });
  it('nxf16: add sub mul div min max sqrt, rounding to integral, fused mula; ties to even', () => {
    const x = new IvpMachine();
    const next = rng(16);
    for (let round = 0; round < 20; round++) {
      const [a, b] = [randomF16(next), randomF16(next)].map((v) => v.map((y) => decodeHalf(refHalf(y))));
      setF16(x, 1, a);
      setF16(x, 2, b);
      for (const [op, ref] of Object.entries(REF2)) {
        x.exec(`ivp_${op}nxf16`, [3, 1, 2]);
        assert.deepEqual(getF16bits(x, 3), a.map((v, k) => refHalf(ref(v, b[k]))), op);
      }
      for (const [op, ref] of Object.entries(REF1)) {
        x.exec(`ivp_${op}nxf16`, [3, 1]);
        assert.deepEqual(getF16bits(x, 3), a.map((v) => refHalf(ref(v))), op);
      }
      const c = randomF16(next).map((y) => decodeHalf(refHalf(y)));
      setF16(x, 3, c);
      x.exec('ivp_mulanxf16', [3, 1, 2]);
      // a×b + c of halves is exact in double except in rare cases the reference below avoids
      const exact = a.map((v, k) => v * b[k] + c[k]);
      getF16bits(x, 3).forEach((got, k) => {
        const p = a[k] * b[k];
        if (Number.isFinite(exact[k]) && exact[k] - p === c[k] && exact[k] - c[k] === p) assert.equal(got, refHalf(exact[k]), `mula lane ${k}`);
      });
    }
    // ties: 1 + 2^-11 lies halfway between 1 and 1 + 2^-10 (even: 1); 1 + 3·2^-11 rounds up to 1 + 2^-9
    setF16(x, 1, Array(32).fill(1));
    setF16(x, 2, Array(32).fill(2 ** -11));
    x.exec('ivp_addnxf16', [3, 1, 2]);
    assert.equal(getF16bits(x, 3)[0], 0x3c00);
    setF16(x, 2, Array(32).fill(3 * 2 ** -11));
    x.exec('ivp_addnxf16', [3, 1, 2]);
    assert.equal(getF16bits(x, 3)[0], 0x3c02);
    // fused: (1 + 2^-10)(1 - 2^-10) - 1 = -2^-20 exactly (rounding the product first would give 0)
    setF16(x, 1, Array(32).fill(1 + 2 ** -10));
    setF16(x, 2, Array(32).fill(1 - 2 ** -10));
    setF16(x, 3, Array(32).fill(-1));
    x.exec('ivp_mulanxf16', [3, 1, 2]);
    assert.equal(getF16bits(x, 3)[0], refHalf(-(2 ** -20)));
    setF16(x, 3, Array(32).fill(1));
    x.exec('ivp_mulsnxf16', [3, 1, 2]);
    assert.equal(getF16bits(x, 3)[0], refHalf(2 ** -20));
  });
  it('float/ufloat/trunc/utrunc with scales (saturating, NaN → the largest), f16 ↔ f32 of even/odd lanes', () => {
    const x = new IvpMachine();
    const ints = [0, 1, -1, 7, -7, 0x7fffffff, -0x80000000, 123456789, 16777217, -3, 5, 1 << 20, 99, -99, 2, 3];
    x.m.writeVector(1, new Uint8Array(new Int32Array(ints).buffer));
    for (const s of [0, 1, 3, 31]) {
      x.exec('ivp_floatn_2x32', [2, 1, s]);
      assert.deepEqual(getF32bits(x, 2), ints.map((v) => want32(v * 2 ** -s)), `float ${s}`);
      x.exec('ivp_ufloatn_2x32', [2, 1, s]);
      assert.deepEqual(getF32bits(x, 2), ints.map((v) => want32((v >>> 0) * 2 ** -s)), `ufloat ${s}`);
    }
    const fl = [0, -0, 1.5, -1.5, 2.5, -2.7, 3e9, -3e9, NaN, Infinity, -Infinity, 0.9999, 65535.5, -1e-9, 4294967296, 1e6];
    setF32(x, 1, fl);
    for (const s of [0, 2]) {
      x.exec('ivp_truncn_2xf32', [2, 1, s]);
      const sat = (v: number, lo: number, hi: number, nan: number) => (Number.isNaN(v) ? nan : Math.max(lo, Math.min(hi, Math.trunc(v))));
      assert.deepEqual(x.vec(2, 32), fl.map((v) => BigInt(sat(Math.fround(v) * 2 ** s, -(2 ** 31), 2 ** 31 - 1, 2 ** 31 - 1))), `trunc ${s}`);
      x.exec('ivp_utruncn_2xf32', [2, 1, s]);
      assert.deepEqual(x.vec(2, 32, false), fl.map((v) => BigInt(sat(Math.fround(v) * 2 ** s, 0, 2 ** 32 - 1, 2 ** 32 - 1))), `utrunc ${s}`);
    }
    const i16 = Array.from({ length: 32 }, (_, k) => BigInt([0, 1, -1, 2049, -32768, 32767, 1000, -7][k % 8]));
    x.setVec(1, 16, i16);
    x.exec('ivp_float16nx16', [2, 1, 1]);
    assert.deepEqual(getF16bits(x, 2), i16.map((v) => refHalf(Number(v) / 2)));
    setF16(x, 3, [...EDGE16, ...EDGE16, 1.5, -1.5]);
    x.exec('ivp_trunc16nxf16', [4, 3, 0]);
    const h = getF16bits(x, 3).map(decodeHalf);
    assert.deepEqual(x.vec(4, 16), h.map((v) => BigInt(Number.isNaN(v) ? 32767 : Math.max(-32768, Math.min(32767, Math.trunc(v))))));
    x.exec('ivp_cvtf32nxf16_0', [5, 3]);
    assert.deepEqual(getF32bits(x, 5), h.filter((_, k) => k % 2 === 0).map(want32));
    x.exec('ivp_cvtf32nxf16_1', [5, 3]);
    assert.deepEqual(getF32bits(x, 5), h.filter((_, k) => k % 2 === 1).map(want32));
    x.exec('ivp_cvtf16n_2xf32_0', [6, 5]);
    assert.deepEqual(getF16bits(x, 6), h.filter((_, k) => k % 2 === 1).flatMap((v) => [refHalf(v), 0]));
  });
});

describe('IVP float compares (§12.5) and reductions (§12.8)', () => {
  it('ordered and unordered compares on f32 and f16 lanes, NaN included', () => {
    const x = new IvpMachine();
    const next = rng(9);
    const un = (a: number, b: number) => Number.isNaN(a) || Number.isNaN(b);
    const REL: Record<string, (a: number, b: number) => boolean> = {
      oeq: (a, b) => a === b, olt: (a, b) => a < b, ole: (a, b) => a <= b, ogt: (a, b) => a > b, oge: (a, b) => a >= b,
      ueq: (a, b) => un(a, b) || a === b, ult: (a, b) => un(a, b) || a < b, ule: (a, b) => un(a, b) || a <= b, un,
    };
    for (let round = 0; round < 6; round++) {
      const a = randomF32(next).map(Math.fround);
      const b = a.map((v) => (next() % 3 ? v : Math.fround(randomF32(next)[0])));
      setF32(x, 1, a);
      setF32(x, 2, b);
      const a16 = randomF16(next).map((y) => decodeHalf(refHalf(y)));
      const b16 = a16.map((v) => (next() % 3 ? v : decodeHalf(refHalf(randomF16(next)[0]))));
      setF16(x, 3, a16);
      setF16(x, 4, b16);
      for (const [op, rel] of Object.entries(REL)) {
        x.exec(`ivp_${op}n_2xf32`, [1, 1, 2]);
        assert.deepEqual(x.predLanes(1, 16), a.map((v, k) => (rel(v, b[k]) ? 1 : 0)), `${op} f32`);
        x.exec(`ivp_${op}nxf16`, [1, 3, 4]);
        assert.deepEqual(x.predLanes(1, 32), a16.map((v, k) => (rel(v, b16[k]) ? 1 : 0)), `${op} f16`);
      }
    }
  });
  it('radd sums in a pairwise tree; rmax/rmin propagate NaN; rmaxnum/rminnum skip it', () => {
    const x = new IvpMachine();
    const v = [1e8, 1, -1e8, 1, 3.5, 0.25, -7, 2 ** -30, 1, 1, 1, 1, 1e-3, 5, 6, -2];
    setF32(x, 1, v);
    x.exec('ivp_raddn_2xf32', [2, 1]);
    let level = v.map(Math.fround);
    while (level.length > 1) level = level.filter((_, k) => k % 2 === 0).map((y, k) => Math.fround(y + level[2 * k + 1]));
    assert.deepEqual(getF32bits(x, 2), [f32bits(level[0]), ...Array(15).fill(0)]);
    x.exec('ivp_rmaxn_2xf32', [2, 1]);
    assert.equal(getF32bits(x, 2)[0], f32bits(1e8));
    x.exec('ivp_rminn_2xf32', [2, 1]);
    assert.equal(getF32bits(x, 2)[0], f32bits(Math.fround(-1e8)));
    setF32(x, 1, [...v.slice(0, 15), NaN]);
    x.exec('ivp_rmaxn_2xf32', [2, 1]);
    assert.equal(getF32bits(x, 2)[0], 0x7fc00000);
    x.exec('ivp_rmaxnumn_2xf32', [2, 1]);
    assert.equal(getF32bits(x, 2)[0], f32bits(1e8));
    x.exec('ivp_rminnumn_2xf32', [2, 1]);
    assert.equal(getF32bits(x, 2)[0], f32bits(Math.fround(-1e8)));
  });
});
