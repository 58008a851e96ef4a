// The host shim's wide-accumulator intrinsics and integer reductions against a model written here:
// multiplies and multiply-accumulates of every signedness (wrapping in 24/48/64-bit lanes), pairs,
// quads, widening adds, the packs at rounding ties, saturation bounds and shift clamps, the width
// conversions, and the sums, maxima and minima over lanes.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { operand, rng } from '../emulator/helpers/ivp';
import { ShimProgram, VEC, VecKind, WIDE, WideKind, lane, lanesOf } from './helpers/shim-program';

const wrap = (k: WideKind, v: bigint) => BigInt.asIntN(WIDE[k].bits, v);
const satR = (v: bigint, lo: bigint, hi: bigint) => (v < lo ? lo : v > hi ? hi : v);
const roundShift = (v: bigint, sh: number) => (sh === 0 ? v : (v + (1n << BigInt(sh - 1))) >> BigInt(sh));
const clampShift = (s: number, max: number) => Math.max(0, Math.min(max, s));

describe('hostshim: IVP wide accumulators, packs and reductions against an independent model', function () {
  this.timeout(180000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-wide-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const next = rng(48);
  const ops = (k: VecKind) => operand(next, VEC[k].bits, lanesOf(k)).map((x) => lane(k, x));

  it('multiplies and multiply-accumulates: 8 x 8, 16 x 16, 32 x 32, pairs, quads, widening adds', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const groups: [VecKind, VecKind, WideKind, string][] = [['2NX8', '2NX8U', '2NX24', '2NX8'], ['NX16', 'NX16U', 'NX48', 'NX16']];
    for (const [ks, ku, wk, t] of groups) {
      const [A, B, C, D] = [ops(ks), ops(ks), ops(ks), ops(ks)];
      const [AU, BU, CU, DU] = [A, B, C, D].map((v) => v.map((x) => lane(ku, x)));
      const [a, b, c, d] = [A, B, C, D].map((v) => p.vec(ks, v));
      const [au, bu, cu, du] = [AU, BU, CU, DU].map((v) => p.vec(ku, v));
      const ACC = operand(next, WIDE[wk].bits, WIDE[wk].lanes);
      const acc = p.wide(wk, ACC);
      const W = (label: string, expr: string, f: (i: number) => bigint) => p.expectWide(label, wk, expr, ACC.map((_, i) => wrap(wk, f(i))));
      const inout = (call: string) => `[&]{ auto w = ${acc}; ${call}; return w; }()`;
      const uu = t === 'NX16' ? 'NX16U' : '2NX8';
      W(`MUL${t}`, `IVP_MUL${t}(${a}, ${b})`, (i) => A[i] * B[i]);
      W(`MULUU${t}`, `IVP_MULUU${uu}(${au}, ${bu})`, (i) => AU[i] * BU[i]);
      W(`MULUS${t}`, `IVP_MULUS${t}(${au}, ${b})`, (i) => AU[i] * B[i]);
      W(`C * ${t}`, `${a} * ${b}`, (i) => A[i] * B[i]);
      W(`MULA${t}`, inout(`IVP_MULA${t}(w, ${a}, ${b})`), (i) => ACC[i] + A[i] * B[i]);
      W(`MULUUA${t}`, inout(`IVP_MULUUA${t}(w, ${au}, ${bu})`), (i) => ACC[i] + AU[i] * BU[i]);
      W(`MULS${t}`, inout(`IVP_MULS${t}(w, ${a}, ${b})`), (i) => ACC[i] - A[i] * B[i]);
      W(`MULP${t}`, `IVP_MULP${t}(${a}, ${b}, ${c}, ${d})`, (i) => A[i] * B[i] + C[i] * D[i]);
      W(`MULUUP${t}`, `IVP_MULUUP${t}(${au}, ${bu}, ${cu}, ${du})`, (i) => AU[i] * BU[i] + CU[i] * DU[i]);
      W(`MULPA${t}`, inout(`IVP_MULPA${t}(w, ${a}, ${b}, ${c}, ${d})`), (i) => ACC[i] + A[i] * B[i] + C[i] * D[i]);
      if (t === '2NX8') {
        W('MULUUPA2NX8', inout(`IVP_MULUUPA2NX8(w, ${au}, ${bu}, ${cu}, ${du})`), (i) => ACC[i] + AU[i] * BU[i] + CU[i] * DU[i]);
        W('MULUUPDA2NX8', inout(`IVP_MULUUPDA2NX8(w, ${au}, ${bu}, ${cu}, ${bu})`), (i) => ACC[i] + (AU[i] - CU[i]) * BU[i]);
        const s = BigInt.asIntN(32, BigInt(next()));
        const s2 = BigInt.asIntN(32, BigInt(next()));
        const quad = (acc: bigint[], v: bigint[][], sc: bigint, signed: boolean) => (i: number) =>
          acc[i] + [0, 1, 2, 3].reduce((sum, j) => {
            const byte = (BigInt.asUintN(32, sc) >> BigInt(8 * j)) & 255n;
            return sum + v[j][i] * (signed ? BigInt.asIntN(8, byte) : byte);
          }, 0n);
        W('MULQA2N8XR8', inout(`IVP_MULQA2N8XR8(w, ${d}, ${c}, ${b}, ${a}, ${s})`), quad(ACC, [A, B, C, D], s, true));
        W('MULUUQA2N8XR8', inout(`IVP_MULUUQA2N8XR8(w, ${du}, ${cu}, ${bu}, ${au}, ${s})`), quad(ACC, [AU, BU, CU, DU], s, false));
        const s64 = (BigInt.asUintN(32, s2) << 32n) | BigInt.asUintN(32, s);
        p.stmt(`xb_vec2Nx24 dh = ${acc}, dl; IVP_DMULQA2N8XR8(dh, dl, ${d}, ${c}, ${b}, ${a}, (int64_t)${BigInt.asIntN(64, s64)}ll);`);
        p.expectWide('DMULQA lo', wk, 'dl', ACC.map((_, i) => wrap(wk, quad(ACC.map(() => 0n), [A, B, C, D], s, true)(i))));
        p.expectWide('DMULQA hi', wk, 'dh', ACC.map((_, i) => wrap(wk, quad(ACC, [A, B, C, D], s2, true)(i))));
        p.stmt(`xb_vec2Nx24 uh, ul = ${acc}; IVP_DMULUUQA2N8XR8(uh, ul, ${du}, ${cu}, ${bu}, ${au}, (int64_t)${BigInt.asIntN(64, s64)}ll);`);
        p.expectWide('DMULUUQA lo', wk, 'ul', ACC.map((_, i) => wrap(wk, quad(ACC, [AU, BU, CU, DU], s, false)(i))));
        p.expectWide('DMULUUQA hi', wk, 'uh', ACC.map((_, i) => wrap(wk, quad(ACC.map(() => 0n), [AU, BU, CU, DU], s2, false)(i))));
        W('ADDW2NX8', `IVP_ADDW2NX8(${a}, ${b})`, (i) => A[i] + B[i]);
        W('ADDWU2NX8U', `IVP_ADDWU2NX8U(${au}, ${bu})`, (i) => AU[i] + BU[i]);
        W('ADDWA2NX8', inout(`IVP_ADDWA2NX8(w, ${a}, ${b})`), (i) => ACC[i] + A[i] + B[i]);
        W('ADDWUA2NX8U', inout(`IVP_ADDWUA2NX8U(w, ${au}, ${bu})`), (i) => ACC[i] + AU[i] + BU[i]);
      } else {
        W('ADDWNX16', `IVP_ADDWNX16(${a}, ${b})`, (i) => A[i] + B[i]);
        W('ADDWUNX16U', `IVP_ADDWUNX16U(${au}, ${bu})`, (i) => AU[i] + BU[i]);
        W('ADDWANX16', inout(`IVP_ADDWANX16(w, ${a}, ${b})`), (i) => ACC[i] + A[i] + B[i]);
        W('ADDWUANX16U', inout(`IVP_ADDWUANX16U(w, ${au}, ${bu})`), (i) => ACC[i] + AU[i] + BU[i]);
        W('DECNEGWNX48', inout('IVP_DECNEGWNX48(w)'), (i) => (ACC[i] < 0n ? ACC[i] - 1n : ACC[i]));
        for (const s of [0x7fff8000n, -1n, 0x00017fffn]) {
          const hi = BigInt.asIntN(16, BigInt.asUintN(32, s) >> 16n);
          const lo = BigInt.asIntN(16, s);
          W(`MULPN16XR16 ${s}`, `IVP_MULPN16XR16(${a}, ${b}, ${s})`, (i) => A[i] * hi + B[i] * lo);
          W(`MULSUPN16XR16 ${s}`, `IVP_MULSUPN16XR16(${a}, ${b}, ${s})`, (i) => A[i] * BigInt.asUintN(16, hi) + B[i] * BigInt.asUintN(16, lo));
        }
        W('ZERONX48', 'IVP_ZERONX48()', () => 0n);
      }
    }
    const [A, B] = [ops('N_2X32'), ops('N_2X32')];
    const [a, b] = [p.vec('N_2X32', A), p.vec('N_2X32', B)];
    const AU = A.map((x) => lane('N_2X32U', x));
    const au = p.vec('N_2X32U', AU);
    const H = ops('NX16U');
    const h = p.vec('NX16U', H);
    const ACC = operand(next, 64, 16);
    const acc = p.wide('N_2X64W', ACC);
    const W = (label: string, expr: string, f: (i: number) => bigint) => p.expectWide(label, 'N_2X64W', expr, ACC.map((_, i) => BigInt.asIntN(64, f(i))));
    W('MULN_2X32', `IVP_MULN_2X32(${a}, ${b})`, (i) => A[i] * B[i]);
    W('MULUSN_2X32', `IVP_MULUSN_2X32(${au}, ${b})`, (i) => AU[i] * B[i]);
    W('MULUUN_2X16X32_0', `IVP_MULUUN_2X16X32_0(${h}, ${au})`, (i) => H[2 * i] * AU[i]);
    W('MULAN_2X32', `[&]{ auto w = ${acc}; IVP_MULAN_2X32(w, ${a}, ${b}); return w; }()`, (i) => ACC[i] + A[i] * B[i]);
    W('MULSN_2X32', `[&]{ auto w = ${acc}; IVP_MULSN_2X32(w, ${a}, ${b}); return w; }()`, (i) => ACC[i] - A[i] * B[i]);
    p.run(dir, 'mac');
  });

  it('packs: rounding ties, saturation bounds, shift clamps, per-lane shifts, the even/odd forms', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const layouts: [WideKind, VecKind, number][] = [['2NX24', '2NX8', 23], ['NX48', 'NX16', 32], ['N_2X64W', 'N_2X32', 32]];
    for (const [wk, vk, max] of layouts) {
      const { lanes, bits } = WIDE[wk];
      const out = VEC[vk].bits;
      const t = wk;
      const Wv = operand(next, bits, lanes);
      // rounding ties (x.5 after the shift, both signs) and the saturation bounds
      [3n, -3n, 5n, -5n, (1n << BigInt(out + 3)) + 4n, -(1n << BigInt(out + 3)) - 4n, (1n << BigInt(out - 1)) * 8n - 4n, -(1n << BigInt(out - 1)) * 8n - 4n].forEach((x, i) => (Wv[i] = x));
      const w = p.wide(wk, Wv);
      const hi = (1n << BigInt(out - 1)) - 1n;
      for (const sh of [-2, 0, 1, 3, 8, max, max + 5]) {
        const s = clampShift(sh, max);
        p.expectVec(`PACKVR${t}(${sh})`, vk, `IVP_PACKVR${t}(${w}, ${sh})`, Wv.map((x) => satR(roundShift(x, s), -hi - 1n, hi)));
        p.expectVec(`PACKVRNR${t}(${sh})`, vk, `IVP_PACKVRNR${t}(${w}, ${sh})`, Wv.map((x) => lane(vk, x >> BigInt(s))));
        if (wk === '2NX24') p.expectVec(`PACKVRU2NX24(${sh})`, '2NX8U', `IVP_PACKVRU2NX24(${w}, ${sh})`, Wv.map((x) => satR(roundShift(x, s), 0n, 255n)));
      }
      p.expectVec(`PACKL${t}`, vk, `IVP_PACKL${t}(${w})`, Wv.map((x) => lane(vk, x)));
      const S = Array.from({ length: lanes }, (_, i) => BigInt((i % (max + 8)) - 3));
      const sv = p.vec(vk, S);
      p.expectVec(`PACKV${t}`, vk, `IVP_PACKV${t}(${w}, ${sv})`, Wv.map((x, i) => satR(roundShift(x, clampShift(Number(S[i]), max)), -hi - 1n, hi)));
      if (wk !== 'N_2X64W') {
        const wide: VecKind = wk === 'NX48' ? 'N_2X32' : 'NX16';
        for (const sh of [0, 5, max + 1]) {
          const s = clampShift(sh, max);
          for (const odd of [0, 1]) {
            p.expectVec(`PACKVRNR${t}_${odd}(${sh})`, wide, `IVP_PACKVRNR${t}_${odd}(${w}, ${sh})`, Array.from({ length: lanes / 2 }, (_, k) => lane(wide, Wv[2 * k + odd] >> BigInt(s))));
          }
        }
      }
      if (wk === 'NX48') {
        p.expectVec('PACKMNX48', vk, `IVP_PACKMNX48(${w})`, Wv.map((x) => lane(vk, x >> 16n)));
        p.expectVec('PACKQNX48', vk, `IVP_PACKQNX48(${w})`, Wv.map((x) => lane(vk, (x + (1n << 14n)) >> 15n)));
      }
      if (wk === 'N_2X64W') {
        p.expectVec('PACKHN_2X64W', vk, `IVP_PACKHN_2X64W(${w})`, Wv.map((x) => lane(vk, x >> 32n)));
        p.expectVec('PACKLN_2X96', vk, `IVP_PACKLN_2X96(${w})`, Wv.map((x) => lane(vk, x)));
      }
    }
    p.run(dir, 'pack');
  });

  it('width conversions and unpacks ((hi, lo) argument order)', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const [H32, L32] = [ops('N_2X32'), ops('N_2X32')];
    const [h32, l32] = [p.vec('N_2X32', H32), p.vec('N_2X32', L32)];
    const [hu, lu] = [p.vec('N_2X32U', H32.map((x) => lane('N_2X32U', x))), p.vec('N_2X32U', L32.map((x) => lane('N_2X32U', x)))];
    const cat32 = [...L32, ...H32];
    p.expectWide('CVT48SNX32', 'NX48', `IVP_CVT48SNX32(${h32}, ${l32})`, cat32);
    p.expectWide('CVT48UNX32', 'NX48', `IVP_CVT48UNX32(${hu}, ${lu})`, cat32.map((x) => lane('N_2X32U', x)));
    const W48 = operand(next, 48, 32);
    const w48 = p.wide('NX48', W48);
    p.expectVec('CVT32SNX48L', 'N_2X32', `IVP_CVT32SNX48L(${w48})`, W48.slice(0, 16).map((x) => lane('N_2X32', x)));
    p.expectVec('CVT32SNX48H', 'N_2X32', `IVP_CVT32SNX48H(${w48})`, W48.slice(16).map((x) => lane('N_2X32', x)));
    p.expectVec('CVT32UNX48L', 'N_2X32U', `IVP_CVT32UNX48L(${w48})`, W48.slice(0, 16).map((x) => lane('N_2X32U', x)));
    p.expectVec('CVT32UNX48H', 'N_2X32U', `IVP_CVT32UNX48H(${w48})`, W48.slice(16).map((x) => lane('N_2X32U', x)));
    const [H16, L16] = [ops('NX16'), ops('NX16')];
    const [h16, l16] = [p.vec('NX16', H16), p.vec('NX16', L16)];
    p.expectWide('CVT24S2NX16', '2NX24', `IVP_CVT24S2NX16(${h16}, ${l16})`, [...L16, ...H16]);
    const W24 = operand(next, 24, 64);
    const w24 = p.wide('2NX24', W24);
    p.expectVec('CVT16S2NX24L', 'NX16', `IVP_CVT16S2NX24L(${w24})`, W24.slice(0, 32).map((x) => lane('NX16', x)));
    p.expectVec('CVT16S2NX24H', 'NX16', `IVP_CVT16S2NX24H(${w24})`, W24.slice(32).map((x) => lane('NX16', x)));
    p.expectVec('CVT16U2NX24L', 'NX16U', `IVP_CVT16U2NX24L(${w24})`, W24.slice(0, 32).map((x) => lane('NX16U', x)));
    p.expectVec('CVT16U2NX24H', 'NX16U', `IVP_CVT16U2NX24H(${w24})`, W24.slice(32).map((x) => lane('NX16U', x)));
    ['LL', 'LH', 'HL', 'HH'].forEach((q, n) => p.expectVec(`CVT32S2NX24${q}`, 'N_2X32', `IVP_CVT32S2NX24${q}(${w24})`, W24.slice(16 * n, 16 * n + 16)));
    p.expectWide('CVT24UNX32L', '2NX24', `IVP_CVT24UNX32L(${hu}, ${lu})`, [...cat32.map((x) => BigInt.asIntN(24, x)), ...Array(32).fill(0n)]);
    p.expectWide('CVT24UNX32H', '2NX24', `[&]{ auto w = ${w24}; IVP_CVT24UNX32H(w, ${hu}, ${lu}); return w; }()`, [...W24.slice(0, 32), ...cat32.map((x) => BigInt.asIntN(24, x))]);
    p.expectVec('UNPKSNX16_L', 'N_2X32', `IVP_UNPKSNX16_L(${l16})`, L16.slice(0, 16));
    p.expectVec('UNPKSNX16_H', 'N_2X32', `IVP_UNPKSNX16_H(${l16})`, L16.slice(16));
    const LU16 = L16.map((x) => lane('NX16U', x));
    const lu16 = p.vec('NX16U', LU16);
    p.expectVec('UNPKUNX16_L', 'N_2X32U', `IVP_UNPKUNX16_L(${lu16})`, LU16.slice(0, 16));
    p.expectVec('UNPKUNX16_H', 'N_2X32U', `IVP_UNPKUNX16_H(${lu16})`, LU16.slice(16));
    const B8 = ops('2NX8');
    const b8 = p.vec('2NX8', B8);
    const bu8 = p.vec('2NX8U', B8.map((x) => lane('2NX8U', x)));
    p.expectVec('UNPKS2NX8_L', 'NX16', `IVP_UNPKS2NX8_L(${b8})`, B8.slice(0, 32));
    p.expectVec('UNPKS2NX8_H', 'NX16', `IVP_UNPKS2NX8_H(${b8})`, B8.slice(32));
    p.expectVec('UNPKU2NX8_L', 'NX16U', `IVP_UNPKU2NX8_L(${bu8})`, B8.slice(0, 32).map((x) => lane('2NX8U', x)));
    p.expectVec('UNPKU2NX8_H', 'NX16U', `IVP_UNPKU2NX8_H(${bu8})`, B8.slice(32).map((x) => lane('2NX8U', x)));
    p.run(dir, 'cvt');
  });

  it('integer reductions: sums wrapping in the result type, signed and unsigned maxima and minima', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const sum = (v: bigint[]) => v.reduce((s, x) => s + x, 0n);
    const max = (v: bigint[]) => v.reduce((m, x) => (x > m ? x : m));
    const min = (v: bigint[]) => v.reduce((m, x) => (x < m ? x : m));
    for (const [k, ku] of [['2NX8', '2NX8U'], ['NX16', 'NX16U'], ['N_2X32', 'N_2X32U']] as [VecKind, VecKind][]) {
      for (let r = 0; r < 3; r++) {
        const A = ops(k);
        if (r === 2) A.fill(lane(k, -(1n << BigInt(VEC[k].bits - 1))));
        const AU = A.map((x) => lane(ku, x));
        const [a, au] = [p.vec(k, A), p.vec(ku, AU)];
        const resBits = k === '2NX8' ? 16 : 32;
        p.expectInt(`RADD${k}/${r}`, `IVP_RADD${k}(${a})`, BigInt.asIntN(resBits, sum(A)));
        p.expectInt(`RMAX${k}/${r}`, `IVP_RMAX${k}(${a})`, max(A));
        p.expectInt(`RMIN${k}/${r}`, `IVP_RMIN${k}(${a})`, min(A));
        p.expectInt(`RMAXU${k}/${r}`, `IVP_RMAXU${ku}(${au})`, max(AU));
        p.expectInt(`RMINU${k}/${r}`, `IVP_RMINU${ku}(${au})`, min(AU));
        if (k === '2NX8') p.expectInt(`RADDU2NX8/${r}`, `IVP_RADDU2NX8(${au})`, sum(AU));
      }
    }
    p.run(dir, 'reduce');
  });
});
