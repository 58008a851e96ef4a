// Compiled vector kernels against scalar models written here: lane sequences (IVP_SEQ*) with
// predicated selects, an 8-bit lane kernel with a scalar tail, 24-bit accumulators (MULA, the quad
// MAC, the pair-difference MAC, a rounding saturating pack), 64-bit accumulators and f16 lanes (a
// scalar broadcast, add, multiply, widening to f32). Each runs on the emulator at -O0, -O1 and -O2
// and, as a second reference, natively through the host shim's <xtensa/tie/xt_ivp32.h>. Operands
// enter through the aligning load streams and leave through the aligning store streams.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { writeShimTree } from '../../hostshim';
import { requireTool } from '../../harness/oracle/tools';
import { program } from './ivp-program';
import { compileSource, runImage } from './harness';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

/** n values of `bits` bits (signed or not), the edge values spread among them. */
function ints(n: number, bits: number, signed: boolean, seed: number, edges: number[] = []): number[] {
  const r = rng(seed);
  const out = Array.from({ length: n }, () => (signed ? (r() << (32 - bits)) >> (32 - bits) : bits === 32 ? r() : r() & ((1 << bits) - 1)));
  edges.forEach((e, k) => (out[(k * 7 + seed) % n] = e));
  return out;
}

const wrap = (v: number, bits: number): number => Number(BigInt.asIntN(bits, BigInt(v)));
const sat = (v: number, bits: number): number => Math.max(-(2 ** (bits - 1)), Math.min(2 ** (bits - 1) - 1, v));

/** Round-to-nearest-even binary16 bits of a double (the model's own encoder). */
function f16(x: number): number {
  if (Number.isNaN(x)) return 0x7e00;
  const s = x < 0 || Object.is(x, -0) ? 0x8000 : 0;
  const a = Math.abs(x);
  const even = (v: number): number => {
    const f = Math.floor(v);
    const d = v - f;
    return d > 0.5 || (d === 0.5 && f % 2 === 1) ? f + 1 : f;
  };
  if (a >= 65520) return s | 0x7c00;
  if (a < 2 ** -14) return s | even(a / 2 ** -24);
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  let m = even((a / 2 ** e) * 1024);
  if (m === 2048) {
    e++;
    m = 1024;
  }
  return e + 15 >= 31 ? s | 0x7c00 : s | ((e + 15) << 10) | (m - 1024);
}

function f16Value(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 31;
  const m = h & 1023;
  if (e === 31) return m ? NaN : s * Infinity;
  return e === 0 ? s * m * 2 ** -24 : s * (1024 + m) * 2 ** (e - 25);
}

const f32Bits = (x: number): number => {
  const b = new DataView(new ArrayBuffer(4));
  b.setFloat32(0, x);
  return b.getUint32(0);
};


const arr = (type: string, name: string, xs: number[]): string => `${type} ${name}[${xs.length}] = {${xs.map((x) => (x === -2147483648 ? '(-2147483647 - 1)' : String(x))).join(', ')}};`;


async function onEmulator(src: string, optimize: 0 | 1 | 2): Promise<number[]> {
  const built = await compileSource(src, '/test/ivp-kernel.cpp', { optimize });
  assert.deepEqual(built.diagnostics.map(formatCompileDiagnostic), []);
  const r = runImage(built);
  assert.equal(r.exitCode, 0, r.stderr);
  return r.stdout.trim().split('\n').map(Number);
}

let shimDir: string | undefined;
function natively(src: string): number[] {
  shimDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'q7-ivp-model-'));
  const inc = writeShimTree(shimDir);
  const file = path.join(shimDir, 'kernel.cpp');
  const exe = path.join(shimDir, 'kernel');
  fs.writeFileSync(file, src);
  const b = spawnSync('g++', ['-std=gnu++17', '-O1', '-fno-strict-aliasing', '-w', `-I${inc}`, file, '-o', exe], { encoding: 'utf8' });
  assert.equal(b.status, 0, b.stderr.slice(0, 3000));
  const r = spawnSync(exe, [], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split('\n').map(Number);
}

interface Kernel {
  readonly title: string;
  readonly src: string;
  readonly want: number[];
}

/** IVP_SEQ* lanes in arithmetic, a broadcast runtime scalar, a compare against it and a predicated select. */
function sequences(): Kernel {
  const k = 7;
  const n = 11;
  const src = program('volatile int K = 7, NN = 11;', `
  int k = K, n = NN;
  xb_vecN_2x32v s32 = IVP_SEQN_2X32();
  xb_vecNx16 s16 = IVP_SEQNX16();
  xb_vec2Nx8 s8 = IVP_SEQ2NX8();
  xb_vecN_2x32v r32 = (s32 << 2) - s32 + k;
  vboolN_2 below = IVP_LTN_2X32(s32, n);
  xb_vecN_2x32v t32 = IVP_MOVN_2X32T(r32, -s32, below);
  xb_vecNx16 hundred = 100;
  xb_vecNx16 r16 = IVP_SUBNX16(hundred, s16) ^ (s16 & 3);
  xb_vec2Nx8 r8 = IVP_SLLI2NX8(s8, 1) ^ 0x55;
  valign a = IVP_ZALIGN();
  xb_vecN_2x32v *p32 = (xb_vecN_2x32v *)O32;
  IVP_SAN_2X32_IP(r32, a, p32);
  IVP_SAN_2X32_IP(t32, a, p32);
  IVP_SAPOSN_2X32_FP(a, p32);
  xb_vecNx16 *p16 = (xb_vecNx16 *)O16;
  IVP_SANX16_IP(r16, a, p16);
  IVP_SAPOSNX16_FP(a, p16);
  xb_vec2Nx8 *p8 = (xb_vec2Nx8 *)O8;
  IVP_SA2NX8_IP(r8, a, p8);
  IVP_SAPOS2NX8_FP(a, p8);`, [
    { name: 'O32', type: 'int32_t', n: 32, fmt: '%d' },
    { name: 'O16', type: 'int16_t', n: 32, fmt: '%d' },
    { name: 'O8', type: 'int8_t', n: 64, fmt: '%d' },
  ]);
  const lanes = (l: number, f: (i: number) => number) => Array.from({ length: l }, (_, i) => f(i));
  const want = [
    ...lanes(16, (i) => 3 * i + k),
    ...lanes(16, (i) => (i < n ? 3 * i + k : -i)),
    ...lanes(32, (i) => wrap((100 - i) ^ (i & 3), 16)),
    ...lanes(64, (i) => wrap((i << 1) ^ 0x55, 8)),
  ];
  return { title: 'sequences: IVP_SEQ* in arithmetic, a compare against a broadcast scalar and a predicated select', src, want };
}

/** Saturating int8 add, unsigned absolute difference and rounding average over 200 bytes, 8 of them in a scalar tail. */
function bytes(): Kernel {
  const n = 200;
  const a = ints(n, 8, false, 11, [0, 255, 128, 127, 1]);
  const b = ints(n, 8, false, 12, [255, 0, 128, 129, 1]);
  const src = program(`${arr('uint8_t', 'A', a)}\n${arr('uint8_t', 'B', b)}`, `
  const int n = ${n};
  const xb_vec2Nx8U *pa = (const xb_vec2Nx8U *)A, *pb = (const xb_vec2Nx8U *)B;
  xb_vec2Nx8U *pd = (xb_vec2Nx8U *)D, *pv = (xb_vec2Nx8U *)V;
  xb_vec2Nx8 *ps = (xb_vec2Nx8 *)S;
  valign la = IVP_LA_PP(pa), lb = IVP_LA_PP(pb);
  valign sd = IVP_ZALIGN(), sv = IVP_ZALIGN(), ss = IVP_ZALIGN();
  int i = 0;
  for (; i + 64 <= n; i += 64) {
    xb_vec2Nx8U x, y;
    IVP_LA2NX8U_IP(x, la, pa);
    IVP_LA2NX8U_IP(y, lb, pb);
    IVP_SA2NX8U_IP(IVP_ABSSUBU2NX8(x, y), sd, pd);
    IVP_SA2NX8U_IP(IVP_AVGRU2NX8(x, y), sv, pv);
    IVP_SA2NX8_IP(IVP_ADDS2NX8(x, y), ss, ps);
  }
  IVP_SAPOS2NX8U_FP(sd, pd);
  IVP_SAPOS2NX8U_FP(sv, pv);
  IVP_SAPOS2NX8_FP(ss, ps);
  for (; i < n; i++) {
    int x = A[i], y = B[i], sx = (int8_t)A[i], sy = (int8_t)B[i];
    D[i] = x > y ? x - y : y - x;
    V[i] = (x + y + 1) >> 1;
    int s = sx + sy;
    S[i] = s > 127 ? 127 : s < -128 ? -128 : s;
  }`, [
    { name: 'D', type: 'uint8_t', n, fmt: '%d' },
    { name: 'V', type: 'uint8_t', n, fmt: '%d' },
    { name: 'S', type: 'int8_t', n, fmt: '%d' },
  ]);
  const s8 = (x: number) => wrap(x, 8);
  const want = [...a.map((x, i) => Math.abs(x - b[i])), ...a.map((x, i) => (x + b[i] + 1) >> 1), ...a.map((x, i) => sat(s8(x) + s8(b[i]), 8))];
  return { title: '8-bit lanes: saturating add, absolute difference, rounding average, with a scalar tail', src, want };
}

/** 24-bit accumulators: MUL, MULA over four vectors, a quad MAC, a pair-difference MAC; read exactly and packed. */
function acc24(): Kernel {
  const x = [0, 1, 2, 3].map((k) => ints(64, 8, true, 20 + k, [-128, 127, -128, 0, -1]));
  const w = [0, 1, 2, 3].map((k) => ints(64, 8, true, 30 + k, [-128, -128, 127, 1]));
  const u = [0, 1, 2].map((k) => ints(64, 8, false, 40 + k, [255, 0, 255]));
  const coef = 0x80ff7f03 | 0;
  const sh = 5;
  const decls = [...x.map((v, k) => arr('int8_t', `X${k}`, v)), ...w.map((v, k) => arr('int8_t', `W${k}`, v)), ...u.map((v, k) => arr('uint8_t', `U${k}`, v)), `volatile int COEF = ${coef}, SH = ${sh};`].join('\n');
  const src = program(decls, `
  xb_vec2Nx8 x[4], w[4];
  const int8_t *xs[4] = {X0, X1, X2, X3}, *ws[4] = {W0, W1, W2, W3};
  for (int k = 0; k < 4; k++) {
    const xb_vec2Nx8 *p = (const xb_vec2Nx8 *)xs[k], *q = (const xb_vec2Nx8 *)ws[k];
    valign a = IVP_LA_PP(p), b = IVP_LA_PP(q);
    IVP_LA2NX8_IP(x[k], a, p);
    IVP_LA2NX8_IP(w[k], b, q);
  }
  xb_vec2Nx8U d1, c, d2;
  const xb_vec2Nx8U *pu = (const xb_vec2Nx8U *)U0;
  valign au = IVP_LA_PP(pu);
  IVP_LA2NX8U_IP(d1, au, pu);
  pu = (const xb_vec2Nx8U *)U1;
  au = IVP_LA_PP(pu);
  IVP_LA2NX8U_IP(c, au, pu);
  pu = (const xb_vec2Nx8U *)U2;
  au = IVP_LA_PP(pu);
  IVP_LA2NX8U_IP(d2, au, pu);
  xb_vec2Nx24 acc = IVP_MUL2NX8(x[0], w[0]);
  for (int k = 1; k < 4; k++) IVP_MULA2NX8(acc, x[k], w[k]);
  IVP_MULQA2N8XR8(acc, x[3], x[2], x[1], x[0], COEF);
  xb_vec2Nx24 diff = IVP_ZERO2NX24();
  IVP_MULUUPDA2NX8(diff, d1, c, d2, c);
  IVP_MULUUPDA2NX8(diff, d2, d1, d1, c);
  valign s = IVP_ZALIGN();
  xb_vecN_2x32v *po = (xb_vecN_2x32v *)E;
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24LL(acc), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24LH(acc), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24HL(acc), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24HH(acc), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24LL(diff), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24LH(diff), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24HL(diff), s, po);
  IVP_SAN_2X32_IP(IVP_CVT32S2NX24HH(diff), s, po);
  IVP_SAPOSN_2X32_FP(s, po);
  xb_vec2Nx8 *pp = (xb_vec2Nx8 *)P;
  IVP_SA2NX8_IP(IVP_PACKVR2NX24(acc, SH), s, pp);
  IVP_SAPOS2NX8_FP(s, pp);`, [
    { name: 'E', type: 'int32_t', n: 128, fmt: '%d' },
    { name: 'P', type: 'int8_t', n: 64, fmt: '%d' },
  ]);
  const cb = [0, 1, 2, 3].map((j) => wrap(coef >>> (8 * j), 8));
  const acc = Array.from({ length: 64 }, (_, i) => {
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += x[k][i] * w[k][i] + x[k][i] * cb[k];
    return wrap(sum, 24);
  });
  const diff = Array.from({ length: 64 }, (_, i) => wrap(u[0][i] * u[1][i] - u[2][i] * u[1][i] + u[2][i] * u[0][i] - u[0][i] * u[1][i], 24));
  const packed = acc.map((v) => sat(Math.floor((v + 2 ** (sh - 1)) / 2 ** sh), 8));
  return { title: '24-bit accumulators: MUL, MULA, the quad MAC against a coefficient, pair-difference MACs, a rounding saturating pack', src, want: [...acc, ...diff, ...packed] };
}

/** 64-bit accumulators: a product and a multiply-accumulate of int32 lanes, the low words and a rounding saturating pack. */
function acc64(): Kernel {
  const a = ints(16, 32, true, 50, [-2147483648, 2147483647, -1, 65536]);
  const b = ints(16, 32, true, 51, [-2147483648, -2147483648, 2147483647, 65536]);
  const c = ints(16, 16, true, 52, [-32768, 32767]);
  const d = ints(16, 16, true, 53, [32767, -32768]);
  const sh = 20;
  const src = program([arr('int32_t', 'A', a), arr('int32_t', 'B', b), arr('int32_t', 'C', c), arr('int32_t', 'D', d), `volatile int SH = ${sh};`].join('\n'), `
  xb_vecN_2x32v va, vb, vc, vd;
  const int32_t *src[4] = {A, B, C, D};
  xb_vecN_2x32v *dst[4] = {&va, &vb, &vc, &vd};
  for (int k = 0; k < 4; k++) {
    const xb_vecN_2x32v *p = (const xb_vecN_2x32v *)src[k];
    valign l = IVP_LA_PP(p);
    IVP_LAN_2X32_IP(*dst[k], l, p);
  }
  xb_vecN_2x64w w = IVP_MULN_2X32(va, vb);
  IVP_MULAN_2X32(w, vc, vd);
  valign s = IVP_ZALIGN();
  xb_vecN_2x32v *po = (xb_vecN_2x32v *)O;
  IVP_SAN_2X32_IP(IVP_PACKLN_2X64W(w), s, po);
  IVP_SAN_2X32_IP(IVP_PACKVRN_2X64W(w, SH), s, po);
  IVP_SAPOSN_2X32_FP(s, po);`, [{ name: 'O', type: 'int32_t', n: 32, fmt: '%d' }]);
  const w = a.map((x, i) => BigInt.asIntN(64, BigInt(x) * BigInt(b[i]) + BigInt(c[i]) * BigInt(d[i])));
  const lo = w.map((v) => Number(BigInt.asIntN(32, v)));
  const packed = w.map((v) => {
    const r = (v + (1n << BigInt(sh - 1))) >> BigInt(sh);
    return Number(r > 2147483647n ? 2147483647n : r < -2147483648n ? -2147483648n : r);
  });
  return { title: '64-bit accumulators: MUL and MULA of int32 lanes, the low words and a rounding saturating pack', src, want: [...lo, ...packed] };
}

/** f16 lanes: a runtime float broadcast, add, multiply, and the even lanes widened to f32. */
function half(): Kernel {
  const r = rng(60);
  const vals = Array.from({ length: 32 }, () => f16(((r() % 20001) - 10000) / 97));
  [0x7c00, 0xfc00, 0x8000, 0x0001, 0x7bff, 0x3c00].forEach((e, k) => (vals[k * 5 + 1] = e));
  const others = Array.from({ length: 32 }, () => f16(((r() % 2001) - 1000) / 13));
  const x = 0.1;
  const src = program([arr('uint16_t', 'H', vals), arr('uint16_t', 'G', others), 'volatile float X = 0.1f;'].join('\n'), `
  xb_vecNxf16 h, g;
  const xb_vecNxf16 *p = (const xb_vecNxf16 *)H;
  valign l = IVP_LA_PP(p);
  IVP_LANXF16_IP(h, l, p);
  p = (const xb_vecNxf16 *)G;
  l = IVP_LA_PP(p);
  IVP_LANXF16_IP(g, l, p);
  xb_vecNxf16 k = X;
  xb_vecNxf16 two = 2;
  valign s = IVP_ZALIGN();
  xb_vecNxf16 *po = (xb_vecNxf16 *)O;
  IVP_SANXF16_IP(k, s, po);
  IVP_SANXF16_IP(IVP_ADDNXF16(h, g), s, po);
  IVP_SANXF16_IP(IVP_MULNXF16(h, k), s, po);
  IVP_SANXF16_IP(IVP_MULNXF16(g, two), s, po);
  IVP_SAPOSNXF16_FP(s, po);
  xb_vecN_2xf32 *pf = (xb_vecN_2xf32 *)F;
  IVP_SAN_2XF32_IP(IVP_CVTF32NXF16_0(h), s, pf);
  IVP_SAPOSN_2XF32_FP(s, pf);`, [
    { name: 'O', type: 'uint16_t', n: 128, fmt: '%u' },
    { name: 'F', type: 'uint32_t', n: 16, fmt: '%u' },
  ]);
  const k = f16(Math.fround(x));
  const kv = f16Value(k);
  const want = [
    ...vals.map(() => k),
    ...vals.map((h, i) => f16(f16Value(h) + f16Value(others[i]))),
    ...vals.map((h) => f16(f16Value(h) * kv)),
    ...others.map((g) => f16(f16Value(g) * 2)),
    ...Array.from({ length: 16 }, (_, i) => f32Bits(f16Value(vals[2 * i]))),
  ];
  return { title: 'f16 lanes: a float broadcast, add with ±Inf, −0 and subnormals, multiply, widening to f32', src, want };
}

describe('compiler: vector kernels against scalar models at -O0/-O1/-O2 and natively through the host shim', function () {
  this.timeout(300_000);
  after(() => {
    if (shimDir) fs.rmSync(shimDir, { recursive: true, force: true });
  });

  for (const make of [sequences, bytes, acc24, acc64, half]) {
    const k = make();
    for (const optimize of [0, 1, 2] as const) {
      it(`${k.title} (-O${optimize})`, async () => {
        assert.deepEqual(await onEmulator(k.src, optimize), k.want);
      });
    }
    it(`${k.title} (native, host shim)`, function () {
      requireTool(this, 'gcc');
      assert.deepEqual(natively(k.src), k.want);
    });
  }
});
