// IVP intrinsics compiled by our compiler and run on the emulator at -O0 and -O1, per family, against
// a scalar model written here (not the emulator's code): random operands plus the edge values
// (saturation bounds, the most negative value, shifts at and past the lane width, NaN, ±0, ±Inf).
// Operands enter through the aligning load stream and results leave through the aligning store
// stream into C arrays the program prints.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { compileAndRun, compileSource } from './harness';
import { program } from './ivp-program';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

const I16_EDGES = [-32768, 32767, 0, -1, 1, -32767, 16384, -16384];
const I32_EDGES = [-2147483648, 2147483647, 0, -1, 1, 65536];

function ints(n: number, bits: 16 | 32, seed: number, edges: number[]): number[] {
  const r = rng(seed);
  const out = Array.from({ length: n }, () => (bits === 16 ? (r() << 16) >> 16 : r() | 0));
  edges.forEach((e, k) => (out[(k * 5 + seed) % n] = e));
  return out;
}

const wrap16 = (v: number) => (v << 16) >> 16;
const sat16 = (v: number) => Math.max(-32768, Math.min(32767, v));


const arr = (type: string, name: string, xs: number[]) => `${type} ${name}[${xs.length}] = {${xs.map((x) => (x === -2147483648 ? '(-2147483647 - 1)' : String(x))).join(', ')}};`;

async function run(src: string, optimize: 0 | 1): Promise<number[]> {
  const built = await compileSource(src, '/test/ivp.cpp', { optimize });
  assert.deepEqual(built.diagnostics.map(formatCompileDiagnostic), []);
  const r = await compileAndRun(src, { optimize });
  assert.equal(r.exitCode, 0, r.stderr);
  return r.stdout.trim().split('\n').map(Number);
}

describe('compiler: IVP intrinsics against scalar models', function () {
  this.timeout(300_000);

  for (const optimize of [0, 1] as const) {
    it(`int16 arithmetic: modular and saturating add/sub, min, max, abs, operators (-O${optimize})`, async () => {
      const a = ints(32, 16, 1, I16_EDGES);
      const b = ints(32, 16, 2, I16_EDGES.slice().reverse());
      const n = 32;
      const src = program(`${arr('int16_t', 'A', a)}\n${arr('int16_t', 'B', b)}`, `
  const xb_vecNx16 *pa = (const xb_vecNx16 *)A, *pb = (const xb_vecNx16 *)B;
  valign la = IVP_LA_PP(pa);
  xb_vecNx16 va, vb;
  IVP_LANX16_IP(va, la, pa);
  valign lb = IVP_LA_PP(pb);
  IVP_LANX16_IP(vb, lb, pb);
  xb_vecNx16 r[7] = {IVP_ADDNX16(va, vb), IVP_SUBNX16(va, vb), IVP_ADDSNX16(va, vb), IVP_SUBSNX16(va, vb), IVP_MINNX16(va, vb), IVP_MAXNX16(va, vb), IVP_ABSNX16(va)};
  xb_vecNx16 ops = (va ^ vb) - (va & 7);
  valign s = IVP_ZALIGN();
  xb_vecNx16 *po = (xb_vecNx16 *)O;
  for (int k = 0; k < 7; k++) IVP_SANX16_IP(r[k], s, po);
  IVP_SANX16_IP(ops, s, po);
  IVP_SAPOSNX16_FP(s, po);`, [{ name: 'O', type: 'int16_t', n: 8 * n, fmt: '%d' }]);
      const want: number[] = [];
      const lanes = (f: (x: number, y: number) => number) => a.forEach((x, i) => want.push(f(x, b[i])));
      lanes((x, y) => wrap16(x + y));
      lanes((x, y) => wrap16(x - y));
      lanes((x, y) => sat16(x + y));
      lanes((x, y) => sat16(x - y));
      lanes((x, y) => Math.min(x, y));
      lanes((x, y) => Math.max(x, y));
      lanes((x) => wrap16(Math.abs(x)));
      lanes((x, y) => wrap16((x ^ y) - (x & 7)));
      assert.deepEqual(await run(src, optimize), want);
    });

    it(`int32 shifts by immediates and counts, compares into predicates, selects and predicated in/out forms (-O${optimize})`, async () => {
      const c = ints(16, 32, 3, I32_EDGES);
      const d = ints(16, 32, 4, [0, -1, 7, 31, 32, 40].concat(I32_EDGES));
      const h = ints(32, 16, 5, I16_EDGES);
      const src = program(`${arr('int32_t', 'C', c)}\n${arr('int32_t', 'D', d)}\n${arr('int16_t', 'H', h)}`, `
  const xb_vecN_2x32v *pc = (const xb_vecN_2x32v *)C, *pd = (const xb_vecN_2x32v *)D;
  const xb_vecNx16 *ph = (const xb_vecNx16 *)H;
  valign l1 = IVP_LA_PP(pc), l2 = IVP_LA_PP(pd), l3 = IVP_LA_PP(ph);
  xb_vecN_2x32v vc, vd;
  xb_vecNx16 vh;
  IVP_LAN_2X32_IP(vc, l1, pc);
  IVP_LAN_2X32_IP(vd, l2, pd);
  IVP_LANX16_IP(vh, l3, ph);
  vboolN_2 gt = IVP_GTN_2X32(vc, vd);
  xb_vecN_2x32v r[6] = {IVP_SRAIN_2X32(vc, 31), IVP_SRLIN_2X32(vc, 5), IVP_SLLIN_2X32(vc, 0), vc << 3, IVP_MOVN_2X32T(vc, vd, gt), IVP_MAXN_2X32(vc, vd)};
  valign s = IVP_ZALIGN();
  xb_vecN_2x32v *po = (xb_vecN_2x32v *)O;
  for (int k = 0; k < 6; k++) IVP_SAN_2X32_IP(r[k], s, po);
  IVP_SAPOSN_2X32_FP(s, po);
  xb_vecNx16 acc = 1000;
  vboolN neg = IVP_LTNX16(vh, 0);
  IVP_ADDNX16T(acc, vh, vh, neg);
  valign s2 = IVP_ZALIGN();
  xb_vecNx16 *pq = (xb_vecNx16 *)Q;
  IVP_SANX16_IP(acc, s2, pq);
  IVP_SAPOSNX16_FP(s2, pq);`, [{ name: 'O', type: 'int32_t', n: 96, fmt: '%d' }, { name: 'Q', type: 'int16_t', n: 32, fmt: '%d' }]);
      const want: number[] = [];
      const lanes = (f: (x: number, y: number) => number) => c.forEach((x, i) => want.push(f(x, d[i]) | 0));
      lanes((x) => x >> 31);
      lanes((x) => x >>> 5);
      lanes((x) => x);
      lanes((x) => x << 3);
      lanes((x, y) => (x > y ? x : y));
      lanes((x, y) => Math.max(x, y));
      h.forEach((x) => want.push(x < 0 ? wrap16(x + x) : 1000));
      assert.deepEqual(await run(src, optimize), want);
    });

    it(`16 x 16 multiplies into the 48-bit accumulator, accumulate, rounding saturating pack; reductions (-O${optimize})`, async () => {
      const a = ints(32, 16, 6, I16_EDGES);
      const b = ints(32, 16, 7, I16_EDGES);
      const src = program(`${arr('int16_t', 'A', a)}\n${arr('int16_t', 'B', b)}`, `
  const xb_vecNx16 *pa = (const xb_vecNx16 *)A, *pb = (const xb_vecNx16 *)B;
  valign la = IVP_LA_PP(pa), lb = IVP_LA_PP(pb);
  xb_vecNx16 va, vb;
  IVP_LANX16_IP(va, la, pa);
  IVP_LANX16_IP(vb, lb, pb);
  xb_vecNx48 w = IVP_MULNX16(va, vb);
  xb_vecNx16 p15 = IVP_PACKVRNX48(w, 15);
  IVP_MULANX16(w, va, va);
  xb_vecNx16 p16 = IVP_PACKVRNX48(w, 16);
  valign s = IVP_ZALIGN();
  xb_vecNx16 *po = (xb_vecNx16 *)O;
  IVP_SANX16_IP(p15, s, po);
  IVP_SANX16_IP(p16, s, po);
  IVP_SAPOSNX16_FP(s, po);
  R[0] = (int32_t)IVP_RMAXNX16(va);
  R[1] = (int32_t)IVP_RMINNX16(vb);
  R[2] = (int32_t)IVP_RADDNX16(va);`, [{ name: 'O', type: 'int16_t', n: 64, fmt: '%d' }, { name: 'R', type: 'int32_t', n: 3, fmt: '%d' }]);
      const pack = (v: bigint, sh: number) => {
        const r = sh > 0 ? (v + (1n << BigInt(sh - 1))) >> BigInt(sh) : v;
        return Number(r > 32767n ? 32767n : r < -32768n ? -32768n : r);
      };
      const want: number[] = [];
      a.forEach((x, i) => want.push(pack(BigInt(x) * BigInt(b[i]), 15)));
      a.forEach((x, i) => want.push(pack(BigInt(x) * BigInt(b[i]) + BigInt(x) * BigInt(x), 16)));
      want.push(Math.max(...a), Math.min(...b), a.reduce((s, x) => (s + x) | 0, 0));
      assert.deepEqual(await run(src, optimize), want);
    });

    it(`the float unit: add, mul, min with NaN, ±0 and ±Inf, a broadcast and a float reduction (-O${optimize})`, async () => {
      const r = rng(9);
      const f = Array.from({ length: 16 }, () => Math.fround(((r() >>> 8) / (1 << 24) - 0.5) * 100));
      const g = Array.from({ length: 16 }, () => Math.fround(((r() >>> 8) / (1 << 24) - 0.5) * 100));
      [NaN, 0, -0, Infinity, -Infinity, 1e-40].forEach((x, k) => (f[k * 2] = x));
      [1, -0, 0, 2, Infinity, NaN].forEach((x, k) => (g[k * 2 + 1] = x));
      const bits = (xs: number[]) => [...new Int32Array(new Float32Array(xs).buffer)];
      const h = Array.from({ length: 16 }, () => Math.fround(((r() >>> 8) / (1 << 24) - 0.5) * 1000));
      const src = program(`${arr('int32_t', 'F', bits(f))}\n${arr('int32_t', 'G', bits(g))}\n${arr('int32_t', 'H', bits(h))}`, `
  const xb_vecN_2xf32 *pf = (const xb_vecN_2xf32 *)F, *pg = (const xb_vecN_2xf32 *)G;
  valign l1 = IVP_LA_PP(pf), l2 = IVP_LA_PP(pg);
  xb_vecN_2xf32 vf, vg;
  IVP_LAN_2XF32_IP(vf, l1, pf);
  IVP_LAN_2XF32_IP(vg, l2, pg);
  const xb_vecN_2xf32 half = 0.5f;
  xb_vecN_2xf32 r[4] = {IVP_ADDN_2XF32(vf, vg), IVP_MULN_2XF32(vf, half), IVP_MINN_2XF32(vf, vg), vf - vg};
  valign s = IVP_ZALIGN();
  xb_vecN_2xf32 *po = (xb_vecN_2xf32 *)O;
  for (int k = 0; k < 4; k++) IVP_SAN_2XF32_IP(r[k], s, po);
  IVP_SAPOSN_2XF32_FP(s, po);
  const xb_vecN_2xf32 *ph = (const xb_vecN_2xf32 *)H;
  valign l3 = IVP_LA_PP(ph);
  xb_vecN_2xf32 vh;
  IVP_LAN_2XF32_IP(vh, l3, ph);
  union { float f; int32_t i; } u;
  u.f = IVP_RADDN_2XF32(vh);
  S[0] = u.i;`, [{ name: 'O', type: 'int32_t', n: 64, fmt: '%d' }, { name: 'S', type: 'int32_t', n: 1, fmt: '%d' }]);
      const nan = 0x7fc00000;
      const b32 = (x: number) => (Number.isNaN(x) ? nan : new Int32Array(new Float32Array([x]).buffer)[0]);
      const min = (x: number, y: number) => (Number.isNaN(x) || Number.isNaN(y) ? NaN : x < y || (x === 0 && y === 0 && Object.is(x, -0)) ? x : y);
      const want: number[] = [];
      f.forEach((x, i) => want.push(b32(Math.fround(x + g[i]))));
      f.forEach((x) => want.push(b32(Math.fround(x * 0.5))));
      f.forEach((x, i) => want.push(b32(min(x, g[i]))));
      f.forEach((x, i) => want.push(b32(Math.fround(x - g[i]))));
      // the sum adds pairwise, each addition rounded to f32
      let level = h;
      while (level.length > 1) level = Array.from({ length: level.length / 2 }, (_, k) => Math.fround(level[2 * k] + level[2 * k + 1]));
      want.push(b32(level[0]));
      const got = await run(src, optimize);
      assert.deepEqual(got, want);
    });

    it(`aligned loads and stores in the _I, _IP, _X and _XP forms update the pointer lvalue (-O${optimize})`, async () => {
      const src = program('', `
  static int32_t buf[16 * 5 + 16];
  int32_t *base = (int32_t *)(((uintptr_t)buf + 63) & ~(uintptr_t)63);
  for (int i = 0; i < 64; i++) base[i] = i * 3 - 7;
  const xb_vecN_2x32v *p = (const xb_vecN_2x32v *)base;
  xb_vecN_2x32v a = IVP_LVN_2X32_I(p, 64);
  xb_vecN_2x32v b;
  IVP_LVN_2X32_IP(b, p, 128);
  xb_vecN_2x32v c = IVP_LVN_2X32_X(p, 64);
  xb_vecN_2x32v d;
  IVP_LVN_2X32_XP(d, p, -64);
  xb_vecN_2x32v *q = (xb_vecN_2x32v *)base;
  IVP_SVN_2X32_IP(a + c, q, 64);
  IVP_SVN_2X32_XP(b, q, 64);
  IVP_SVN_2X32_I(d, q, 0);
  IVP_SVN_2X32_X(d - b, q, 64);
  for (int i = 0; i < 64; i++) O[i] = base[i];
  O[64] = (int32_t)((const int32_t *)p - base);
  O[65] = (int32_t)((int32_t *)q - base);`, [{ name: 'O', type: 'int32_t', n: 66, fmt: '%d' }]);
      const mem = Array.from({ length: 64 }, (_, i) => i * 3 - 7);
      const vec = (k: number) => mem.slice(16 * k, 16 * k + 16);
      const a = vec(1), b = vec(0), c = vec(3), d = vec(2);
      const out = mem.slice();
      const put = (k: number, v: number[]) => v.forEach((x, i) => (out[16 * k + i] = x));
      put(0, a.map((x, i) => x + c[i]));
      put(1, b);
      put(2, d);
      put(3, d.map((x, i) => x - b[i]));
      assert.deepEqual(await run(src, optimize), [...out, 16, 32]);
    });
  }
});
