// The host shim's float unit against a model written here: f32 lanes through Math.fround and f16 lanes
// through an exact binary16 rounding (BigInt), over random values and the edges (NaN, ±Inf, ±0,
// subnormals, the largest finite values, rounding ties): arithmetic, fused MULA/MULS with the NaN
// rules docs/ivp-encoding.md gives, MIN/MAX/MINNUM/MAXNUM, sign operations, rounding to integral,
// compares, conversions with a scale, f16 ↔ f32, and the float reductions.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { rng } from '../emulator/helpers/ivp';
import { ShimProgram } from './helpers/shim-program';

const F = new Float32Array(1);
const U = new Uint32Array(F.buffer);
const bitsOf = (x: number) => {
  F[0] = x;
  return U[0];
};
const valueOf = (b: number) => {
  U[0] = b >>> 0;
  return F[0];
};
const NAN32 = 0x7fc00000;
const NAN16 = 0x7e00;
/** A lane result: a NaN is the default NaN. */
const f32 = (x: number) => (Number.isNaN(x) ? NAN32 : bitsOf(Math.fround(x)));

/** binary16 bits → value (exact). */
function half(h: number): number {
  const e = (h >> 10) & 31;
  const m = h & 1023;
  const s = h & 0x8000 ? -1 : 1;
  if (e === 31) return m ? NaN : s * Infinity;
  return s * (e ? 1024 + m : m) * 2 ** ((e || 1) - 25);
}
/** An exact rational value n × 2^k (n BigInt) rounded to binary16 bits, nearest-even. */
function roundHalf(n: bigint, k: number, negZero = false): number {
  const sign = n < 0n || (n === 0n && negZero) ? 0x8000 : 0;
  const a = n < 0n ? -n : n;
  if (a === 0n) return sign;
  // normalise to a × 2^k with the quantum 2^-24 at least
  const exp = a.toString(2).length - 1 + k; // value in [2^exp, 2^(exp+1))
  const quantumExp = Math.max(exp - 10, -24);
  const shift = quantumExp - k; // divide a by 2^shift
  let q: bigint;
  if (shift <= 0) q = a << BigInt(-shift);
  else {
    q = a >> BigInt(shift);
    const rem = a - (q << BigInt(shift));
    const halfQ = 1n << BigInt(shift - 1);
    if (rem > halfQ || (rem === halfQ && (q & 1n) === 1n)) q += 1n;
  }
  if (quantumExp === -24) return sign | Number(q); // subnormal (q may reach 1024: the smallest normal)
  let field = quantumExp + 25;
  if (q === 2048n) {
    q = 1024n;
    field++;
  }
  if (field >= 31) return sign | 0x7c00;
  return sign | (field << 10) | Number(q - 1024n);
}
/** A double (finite) as n × 2^k exactly. */
function exact(x: number): [bigint, number] {
  if (x === 0) return [0n, 0];
  let k = 0;
  let v = Math.abs(x);
  while (!Number.isInteger(v)) {
    v *= 2;
    k--;
  }
  return [BigInt(v) * (x < 0 ? -1n : 1n), k];
}
/** A double result rounded to binary16 (NaN → the default NaN). */
function toHalf(x: number): number {
  if (Number.isNaN(x)) return NAN16;
  if (!Number.isFinite(x)) return x > 0 ? 0x7c00 : 0xfc00;
  const [n, k] = exact(x);
  return roundHalf(n, k, Object.is(x, -0));
}
const isNeg = (x: number) => x < 0 || Object.is(x, -0);
const fmin = (x: number, y: number) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : x < y ? x : y < x ? y : isNeg(x) ? x : y);
const fmax = (x: number, y: number) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : x > y ? x : y > x ? y : isNeg(x) ? y : x);
const fminnum = (x: number, y: number) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : fmin(x, y));
const fmaxnum = (x: number, y: number) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : fmax(x, y));
const roundEven = (x: number) => {
  if (!Number.isFinite(x)) return x;
  const f = Math.floor(x);
  const d = x - f;
  const r = d > 0.5 || (d === 0.5 && f % 2 !== 0) ? f + 1 : f;
  return r === 0 && isNeg(x) ? -0 : r;
};
const roundAway = (x: number) => {
  if (!Number.isFinite(x)) return x;
  const r = Math.sign(x) * Math.floor(Math.abs(x) + 0.5);
  return r === 0 && isNeg(x) ? -0 : r;
};

const EDGE32 = [0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, Infinity, -Infinity, NaN, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45, 1.1754943508222875e-38, 16777217];
const EDGE16 = [0x0000, 0x8000, 0x3c00, 0xbc00, 0x3800, 0x3e00, 0x4100, 0xc100, 0x7c00, 0xfc00, 0x7e00, 0x7bff, 0xfbff, 0x0001, 0x0400, 0x03ff];

describe('hostshim: IVP float unit against an independent model', function () {
  this.timeout(180000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-float-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('f32: arithmetic, fused MULA/MULS, min/max, sign, rounding, compares, conversions, reductions', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(32);
    const rand = () => {
      const r = next() % 4;
      if (r === 0) return EDGE32[next() % EDGE32.length];
      if (r === 1) return ((next() % 2001) - 1000) / 4;
      return valueOf(next() & 0xbfffffff); // any finite-ish magnitude, both signs
    };
    for (let round = 0; round < 3; round++) {
      const [A, B, C] = [0, 1, 2].map(() => Array.from({ length: 16 }, rand));
      if (round === 0) EDGE32.forEach((x, i) => { A[i] = x; B[i] = EDGE32[(i * 7) % 16]; });
      if (round === 0) {
        // ±0 against each other, and fused ties: 1 + 2^-24 (to even: 1) and (1 + 2^-23) + 2^-24 (to even: up)
        [[0, -0], [-0, 0]].forEach(([x, y], i) => { A[10 + i] = x; B[10 + i] = y; });
        [[1, 2 ** -12, 2 ** -12], [1 + 2 ** -23, 2 ** -12, 2 ** -12], [-(1 + 2 ** -23), 2 ** -12, -(2 ** -12)]].forEach(([acc, x, y], i) => { C[12 + i] = acc; A[12 + i] = x; B[12 + i] = y; });
      }
      const [a, b, c] = [A, B, C].map((v) => p.vec('N_2XF32', v.map((x) => BigInt(bitsOf(x)))));
      const V = (label: string, expr: string, f: (i: number) => number) => p.expectVec(`${label}/${round}`, 'N_2XF32', expr, A.map((_, i) => BigInt(f(i) >>> 0)));
      const two: [string, (x: number, y: number) => number][] = [['ADD', (x, y) => x + y], ['SUB', (x, y) => x - y], ['MUL', (x, y) => x * y], ['DIV', (x, y) => x / y], ['MIN', fmin], ['MAX', fmax], ['MINNUM', fminnum], ['MAXNUM', fmaxnum]];
      for (const [op, f] of two) V(`${op}N_2XF32`, `IVP_${op}N_2XF32(${a}, ${b})`, (i) => f32(f(Math.fround(A[i]), Math.fround(B[i]))));
      V('C ops', `(${a} + ${b}) * ${c}`, (i) => f32(Math.fround(Math.fround(A[i]) + Math.fround(B[i])) * Math.fround(C[i])));
      const one: [string, (x: number) => number][] = [['SQRT', Math.sqrt], ['FIRINT', roundEven], ['FIFLOOR', Math.floor], ['FICEIL', Math.ceil], ['FIROUND', roundAway], ['FITRUNC', Math.trunc]];
      for (const [op, f] of one) V(`${op}N_2XF32`, `IVP_${op}N_2XF32(${a})`, (i) => f32(f(Math.fround(A[i]))));
      V('ABSN_2XF32', `IVP_ABSN_2XF32(${a})`, (i) => bitsOf(A[i]) & 0x7fffffff);
      V('NEGN_2XF32', `IVP_NEGN_2XF32(${a})`, (i) => bitsOf(A[i]) ^ 0x80000000);
      // fused: acc ± a × b rounded once (exact in BigInt, then rounded through Math.fround of a double
      // that is itself exact or off by less than half an f32 ulp away from a tie)
      const fma = (acc: number, x: number, y: number, neg: boolean) => {
        const [bc, bx, by] = [bitsOf(acc), bitsOf(x), bitsOf(y)];
        if (Number.isNaN(acc) || Number.isNaN(x) || Number.isNaN(y)) return (Number.isNaN(acc) ? bc : Number.isNaN(y) ? by : bx) | 0x400000;
        const p2 = neg ? -(x * y) : x * y;
        if (!Number.isFinite(acc) || !Number.isFinite(p2)) return f32(acc + p2);
        const [n1, k1] = exact(acc);
        const [n2, k2] = exact(p2);
        const k = Math.min(k1, k2);
        const sum = (n1 << BigInt(k1 - k)) + (n2 << BigInt(k2 - k));
        if (sum === 0n) return bitsOf(isNeg(acc) && isNeg(p2) ? -0 : 0);
        return f32(roundToF32(sum, k));
      };
      V('MULAN_2XF32', `[&]{ auto r = ${c}; IVP_MULAN_2XF32(r, ${a}, ${b}); return r; }()`, (i) => fma(Math.fround(C[i]), Math.fround(A[i]), Math.fround(B[i]), false));
      V('MULSN_2XF32', `[&]{ auto r = ${c}; IVP_MULSN_2XF32(r, ${a}, ${b}); return r; }()`, (i) => fma(Math.fround(C[i]), Math.fround(A[i]), Math.fround(B[i]), true));
      const rel: [string, (x: number, y: number) => boolean][] = [
        ['OEQ', (x, y) => x === y], ['OLT', (x, y) => x < y], ['OLE', (x, y) => x <= y], ['OGT', (x, y) => x > y], ['OGE', (x, y) => x >= y],
        ['UEQ', (x, y) => !(x < y || x > y)], ['ULT', (x, y) => !(x >= y)], ['ULE', (x, y) => !(x > y)], ['UN', (x, y) => Number.isNaN(x) || Number.isNaN(y)],
      ];
      for (const [op, f] of rel) p.expectPred(`${op}N_2XF32/${round}`, `IVP_${op}N_2XF32(${a}, ${b})`, A.map((x, i) => (f(Math.fround(x), Math.fround(B[i])) ? 1 : 0)));
      p.expectVec(`MOVN_2XF32T/${round}`, 'N_2XF32', `IVP_MOVN_2XF32T(${a}, ${b}, IVP_OLTN_2XF32(${a}, ${b}))`, A.map((x, i) => BigInt(bitsOf(Math.fround(x) < Math.fround(B[i]) ? x : B[i]))));
      const I = Array.from({ length: 16 }, (_, i) => (i < 4 ? [0, -1, 2147483647, -2147483648][i] : next() | 0));
      const iv = p.vec('N_2X32', I.map(BigInt));
      const uv = p.vec('N_2X32U', I.map((x) => BigInt(x >>> 0)));
      for (const scale of [0, 1, 7, 31]) {
        V(`FLOATN_2X32(${scale})`, `IVP_FLOATN_2X32(${iv}, ${scale})`, (i) => f32(I[i] * 2 ** -scale));
        V(`UFLOATN_2X32(${scale})`, `IVP_UFLOATN_2X32(${uv}, ${scale})`, (i) => f32((I[i] >>> 0) * 2 ** -scale));
        const trunc = (x: number, lo: number, hi: number) => (Number.isNaN(x) ? hi : Math.max(lo, Math.min(hi, Math.trunc(x))));
        p.expectVec(`TRUNCN_2XF32(${scale})/${round}`, 'N_2X32', `IVP_TRUNCN_2XF32(${a}, ${scale})`, A.map((x) => BigInt(trunc(Math.fround(x) * 2 ** scale, -(2 ** 31), 2 ** 31 - 1))));
        p.expectVec(`UTRUNCN_2XF32(${scale})/${round}`, 'N_2X32U', `IVP_UTRUNCN_2XF32(${a}, ${scale})`, A.map((x) => BigInt(trunc(Math.fround(x) * 2 ** scale, 0, 2 ** 32 - 1))));
      }
      // reductions: the pairwise sum tree, NaN-absorbing and NaN-skipping extrema
      const A32 = A.map((x) => Math.fround(x));
      let t = A32;
      while (t.length > 1) t = t.filter((_, k) => k % 2 === 0).map((x, k) => Math.fround(x + t[2 * k + 1]));
      p.expectF32(`RADDN_2XF32/${round}`, `IVP_RADDN_2XF32(${a})`, f32(t[0]));
      p.expectF32(`RMAXN_2XF32/${round}`, `IVP_RMAXN_2XF32(${a})`, f32(A32.reduce(fmax)));
      p.expectF32(`RMINN_2XF32/${round}`, `IVP_RMINN_2XF32(${a})`, f32(A32.reduce(fmin)));
      p.expectF32(`RMAXNUMN_2XF32/${round}`, `IVP_RMAXNUMN_2XF32(${a})`, f32(A32.reduce(fmaxnum)));
      p.expectF32(`RMINNUMN_2XF32/${round}`, `IVP_RMINNUMN_2XF32(${a})`, f32(A32.reduce(fminnum)));
    }
    p.run(dir, 'f32');
  });

  it('f16: arithmetic rounded once to binary16, fused MULA/MULS, min/max, compares, conversions', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(16);
    const rand = () => (next() % 3 === 0 ? EDGE16[next() % EDGE16.length] : next() & 0xffff);
    for (let round = 0; round < 3; round++) {
      const [A, B, C] = [0, 1, 2].map(() => Array.from({ length: 32 }, rand));
      if (round === 0) EDGE16.forEach((x, i) => { A[i] = x; B[i] = EDGE16[(i * 5) % 16]; A[16 + i] = EDGE16[(i * 3) % 16]; B[16 + i] = x; });
      if (round === 0) {
        // ±0 against each other, and fused ties: 1 + 2^-11 (to even: 1) and (1 + 2^-10) + 2^-11 (to even: up)
        [[0x0000, 0x8000], [0x8000, 0x0000]].forEach(([x, y], i) => { A[26 + i] = x; B[26 + i] = y; });
        [[0x3c00, 0x1c00, 0x2800], [0x3c01, 0x1c00, 0x2800], [0xbc01, 0x1c00, 0xa800], [0x3c01, 0x9c00, 0x2800]].forEach(([acc, x, y], i) => { C[28 + i] = acc; A[28 + i] = x; B[28 + i] = y; });
      }
      const [a, b, c] = [A, B, C].map((v) => p.vec('NXF16', v.map(BigInt)));
      const V = (label: string, expr: string, f: (i: number) => number) => p.expectVec(`${label}/${round}`, 'NXF16', expr, A.map((_, i) => BigInt(f(i))));
      const two: [string, (x: number, y: number) => number][] = [['ADD', (x, y) => x + y], ['SUB', (x, y) => x - y], ['MUL', (x, y) => x * y], ['MIN', fmin], ['MAX', fmax], ['MINNUM', fminnum], ['MAXNUM', fmaxnum]];
      for (const [op, f] of two) V(`${op}NXF16`, `IVP_${op}NXF16(${a}, ${b})`, (i) => toHalf(f(half(A[i]), half(B[i]))));
      // division and square root: exact quotients are rare; a double is within 2^-53 relative, and the
      // binary16 rounding of it is the correctly rounded result (p = 53 >= 2 × 11 + 2)
      V('DIVNXF16', `IVP_DIVNXF16(${a}, ${b})`, (i) => toHalf(half(A[i]) / half(B[i])));
      V('SQRTNXF16', `IVP_SQRTNXF16(${a})`, (i) => toHalf(Math.sqrt(half(A[i]))));
      const one: [string, (x: number) => number][] = [['FIRINT', roundEven], ['FIFLOOR', Math.floor], ['FICEIL', Math.ceil], ['FIROUND', roundAway], ['FITRUNC', Math.trunc]];
      for (const [op, f] of one) V(`${op}NXF16`, `IVP_${op}NXF16(${a})`, (i) => toHalf(f(half(A[i]))));
      V('ABSNXF16', `IVP_ABSNXF16(${a})`, (i) => A[i] & 0x7fff);
      V('NEGNXF16', `IVP_NEGNXF16(${a})`, (i) => A[i] ^ 0x8000);
      const fma = (acc: number, x: number, y: number, neg: boolean) => {
        const [vc, vx, vy] = [half(acc), half(x), half(y)];
        const prod = neg ? -(vx * vy) : vx * vy;
        if (!Number.isFinite(vc) || !Number.isFinite(prod)) return toHalf(vc + prod);
        const [n1, k1] = exact(vc);
        const [n2, k2] = exact(prod);
        const k = Math.min(k1, k2);
        const sum = (n1 << BigInt(k1 - k)) + (n2 << BigInt(k2 - k));
        if (sum === 0n) return isNeg(vc) && isNeg(prod) ? 0x8000 : 0;
        return roundHalf(sum, k);
      };
      V('MULANXF16', `[&]{ auto r = ${c}; IVP_MULANXF16(r, ${a}, ${b}); return r; }()`, (i) => fma(C[i], A[i], B[i], false));
      V('MULSNXF16', `[&]{ auto r = ${c}; IVP_MULSNXF16(r, ${a}, ${b}); return r; }()`, (i) => fma(C[i], A[i], B[i], true));
      const rel: [string, (x: number, y: number) => boolean][] = [['OEQ', (x, y) => x === y], ['OLT', (x, y) => x < y], ['OGE', (x, y) => x >= y], ['ULE', (x, y) => !(x > y)], ['UN', (x, y) => Number.isNaN(x) || Number.isNaN(y)]];
      for (const [op, f] of rel) p.expectPred(`${op}NXF16/${round}`, `IVP_${op}NXF16(${a}, ${b})`, A.map((x, i) => (f(half(x), half(B[i])) ? 1 : 0)));
      const I = Array.from({ length: 32 }, (_, i) => (i < 3 ? [32767, -32768, 0][i] : ((next() & 0xffff) << 16) >> 16));
      const iv = p.vec('NX16', I.map(BigInt));
      for (const scale of [0, 3, 14]) {
        V(`FLOAT16NX16(${scale})`, `IVP_FLOAT16NX16(${iv}, ${scale})`, (i) => toHalf(I[i] * 2 ** -scale));
        p.expectVec(`TRUNC16NXF16(${scale})/${round}`, 'NX16', `IVP_TRUNC16NXF16(${a}, ${scale})`, A.map((x) => {
          const v = half(x) * 2 ** scale;
          return BigInt(Number.isNaN(v) ? 32767 : Math.max(-32768, Math.min(32767, Math.trunc(v))));
        }));
      }
      for (const odd of [0, 1]) {
        p.expectVec(`CVTF32NXF16_${odd}/${round}`, 'N_2XF32', `IVP_CVTF32NXF16_${odd}(${a})`, Array.from({ length: 16 }, (_, k) => BigInt(f32(half(A[2 * k + odd])))));
      }
      const F32in = Array.from({ length: 16 }, (_, k) => (k < EDGE32.length && round === 0 ? EDGE32[k] : valueOf(next() & 0xc7ffffff)));
      const fv = p.vec('N_2XF32', F32in.map((x) => BigInt(bitsOf(x))));
      p.expectVec(`CVTF16N_2XF32_0/${round}`, 'NXF16', `IVP_CVTF16N_2XF32_0(${fv})`, Array.from({ length: 32 }, (_, k) => BigInt(k % 2 ? 0 : toHalf(Math.fround(F32in[k / 2])))));
    }
    p.expectVec('broadcast f16', 'NXF16', '[]{ xb_vecNxf16 h = 1.5f; return h; }()', Array(32).fill(0x3e00n));
    p.run(dir, 'f16');
  });
});

/** n × 2^k rounded to the nearest f32 (even on ties), as a number. */
function roundToF32(n: bigint, k: number): number {
  const neg = n < 0n;
  let a = neg ? -n : n;
  const len = a.toString(2).length;
  const exp = len - 1 + k;
  if (exp > 127) return neg ? -Infinity : Infinity;
  const quantumExp = Math.max(exp - 23, -149);
  const shift = quantumExp - k;
  if (shift > 0) {
    let q = a >> BigInt(shift);
    const rem = a - (q << BigInt(shift));
    const h = 1n << BigInt(shift - 1);
    if (rem > h || (rem === h && (q & 1n) === 1n)) q += 1n;
    a = q;
  } else {
    a <<= BigInt(-shift);
  }
  const v = Number(a) * 2 ** quantumExp;
  return neg ? -v : v;
}
