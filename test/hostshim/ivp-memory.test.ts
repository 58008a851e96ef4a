// The host shim's memory intrinsics against a model of a byte buffer written here: aligned loads and
// stores in the _I/_IP/_X/_XP forms (the address's low six bits ignored), the aligning streams with
// LAV/SAV byte counts below 0, inside and past 64, the widening loads and narrowing stores (truncating
// and saturating), scalar loads replicated, gathers by byte offsets and scatters in lane order.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { rng } from '../emulator/helpers/ivp';
import { ShimProgram, VEC, VecKind } from './helpers/shim-program';

const SIZE = 512;

describe('hostshim: IVP loads, stores, streams, gathers and scatters against an independent model', function () {
  this.timeout(180000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-mem-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('loads, stores and streams with their pointer updates', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(64);
    const MEM = Array.from({ length: SIZE }, () => BigInt(next() & 255));
    p.stmt(`alignas(64) static uint8_t mem[${SIZE}]; static const uint8_t init[${SIZE}] = {${MEM.join(',')}};`);
    p.stmt('auto reset = [&]{ memcpy(mem, init, sizeof mem); };');
    const bytesAt = (m: bigint[], at: number, n = 64) => m.slice(at, at + n);
    const vecOf = (k: VecKind, bytes: bigint[]) => {
      const per = VEC[k].bits / 8;
      return Array.from({ length: 64 / per }, (_, i) => bytes.slice(i * per, i * per + per).reduceRight((v, b) => (v << 8n) | b, 0n));
    };
    const block = (a: number) => a & ~63;
    const k: VecKind = 'NX16';
    const T = VEC[k].ctype;
    // aligned loads: _I and _X at offsets (rounded down), _IP/_XP load at p then advance
    for (const [at, off] of [[0, 64], [64, 70], [130, -64], [200, 0]]) {
      p.expectVec(`LVNX16_I ${at}+${off}`, k, `[&]{ reset(); return IVP_LVNX16_I((const ${T}*)(mem + ${at}), ${off}); }()`, vecOf(k, bytesAt(MEM, block(at + off))));
      p.expectVec(`LVNX16_X ${at}+${off}`, k, `[&]{ reset(); return IVP_LVNX16_X((const ${T}*)(mem + ${at}), ${off}); }()`, vecOf(k, bytesAt(MEM, block(at + off))));
      p.expectVec(`LVNX16_IP ${at}+${off}`, k, `[&]{ reset(); const ${T}* q = (const ${T}*)(mem + ${at}); ${T} v; IVP_LVNX16_IP(v, q, ${off}); return (const uint8_t*)q - mem == ${at + off} ? v : ${T}(); }()`, vecOf(k, bytesAt(MEM, block(at))));
      p.expectVec(`LVNX16_XP ${at}+${off}`, k, `[&]{ reset(); const ${T}* q = (const ${T}*)(mem + ${at}); ${T} v; IVP_LVNX16_XP(v, q, ${off}); return (const uint8_t*)q - mem == ${at + off} ? v : ${T}(); }()`, vecOf(k, bytesAt(MEM, block(at))));
    }
    // aligned stores of a vector: the memory after
    const V = Array.from({ length: 32 }, () => BigInt(next() & 0xffff));
    const v = p.vec('NX16U', V);
    const vbytes = V.flatMap((x) => [x & 255n, x >> 8n]);
    const stored = (at: number) => {
      const m = [...MEM];
      vbytes.forEach((b, i) => (m[block(at) + i] = b));
      return m;
    };
    for (const [at, off] of [[0, 64], [70, 64], [190, -3]]) {
      p.expectVec(`SVNX16_I ${at}+${off}`, '2NX8U', `[&]{ reset(); IVP_SVNX16U_I(${v}, (xb_vecNx16U*)(mem + ${at}), ${off}); return q7_bytes<xb_vec2Nx8U>(mem + ${block(at + off)}); }()`, stored(at + off).slice(block(at + off), block(at + off) + 64));
      p.expectVec(`SVNX16_XP ${at}+${off}`, '2NX8U', `[&]{ reset(); xb_vecNx16U* q = (xb_vecNx16U*)(mem + ${at}); IVP_SVNX16U_XP(${v}, q, ${off}); return (uint8_t*)q - mem == ${at + off} ? q7_bytes<xb_vec2Nx8U>(mem + ${block(at)}) : xb_vec2Nx8U(); }()`, stored(at).slice(block(at), block(at) + 64));
    }
    // unaligned streams: LA loads 64 bytes at p, LAV min(max(n, 0), 64) bytes (the rest zero), p advances by what moved
    for (const at of [3, 64, 101]) {
      p.expectVec(`LANX16_IP ${at}`, k, `[&]{ reset(); const ${T}* q = (const ${T}*)(mem + ${at}); valign u = IVP_LA_PP(q); ${T} v; IVP_LANX16_IP(v, u, q); return (const uint8_t*)q - mem == ${at + 64} ? v : ${T}(); }()`, vecOf(k, bytesAt(MEM, at)));
      for (const n of [-5, 0, 17, 64, 100]) {
        const moved = Math.max(0, Math.min(64, n));
        const want = [...bytesAt(MEM, at, moved), ...Array(64 - moved).fill(0n)];
        p.expectVec(`LAVNX16_XP ${at} ${n}`, k, `[&]{ reset(); const ${T}* q = (const ${T}*)(mem + ${at}); valign u = IVP_LA_PP(q); ${T} v; IVP_LAVNX16_XP(v, u, q, ${n}); return (const uint8_t*)q - mem == ${at + moved} ? v : ${T}(); }()`, vecOf(k, want));
        const m = [...MEM];
        vbytes.slice(0, moved).forEach((b, i) => (m[at + i] = b));
        p.expectVec(`SAVNX16_XP ${at} ${n}`, '2NX8U', `[&]{ reset(); xb_vecNx16U* q = (xb_vecNx16U*)(mem + ${at}); valign u = IVP_ZALIGN(); IVP_SAVNX16U_XP(${v}, u, q, ${n}); IVP_SAPOSNX16U_FP(u, q); return (uint8_t*)q - mem == ${at + moved} ? q7_bytes<xb_vec2Nx8U>(mem + ${at}) : xb_vec2Nx8U(); }()`, m.slice(at, at + 64));
      }
      const m = [...MEM];
      vbytes.forEach((b, i) => (m[at + i] = b));
      p.expectVec(`SANX16_IP ${at}`, '2NX8U', `[&]{ reset(); xb_vecNx16U* q = (xb_vecNx16U*)(mem + ${at}); valign u = IVP_ZALIGN(); IVP_SANX16U_IP(${v}, u, q); IVP_SAPOSNX16U_FP(u, q); return (uint8_t*)q - mem == ${at + 64} ? q7_bytes<xb_vec2Nx8U>(mem + ${at}) : xb_vec2Nx8U(); }()`, m.slice(at, at + 64));
      p.expectVec(`L2U2NX8U_XP ${at}`, '2NX8U', `[&]{ reset(); const xb_vec2Nx8U* q = (const xb_vec2Nx8U*)(mem + ${at}); xb_vec2Nx8U v; IVP_L2U2NX8U_XP(v, q, 5); return (const uint8_t*)q - mem == ${at + 5} ? v : xb_vec2Nx8U(); }()`, bytesAt(MEM, at));
    }
    // widening loads (32 bytes), narrowing stores (truncate / saturate)
    const at = 37;
    const s8 = (b: bigint) => BigInt.asIntN(8, b);
    p.expectVec('LANX8S_IP', 'NX16', `[&]{ reset(); const xb_vecNx8* q = (const xb_vecNx8*)(mem + ${at}); valign u; xb_vecNx16 v; IVP_LANX8S_IP(v, u, q); return (const uint8_t*)q - mem == ${at + 32} ? v : xb_vecNx16(); }()`, bytesAt(MEM, at, 32).map(s8));
    p.expectVec('LANX8U_IP', 'NX16U', `[&]{ reset(); const xb_vecNx8U* q = (const xb_vecNx8U*)(mem + ${at}); valign u; xb_vecNx16U v; IVP_LANX8U_IP(v, u, q); return v; }()`, bytesAt(MEM, at, 32));
    const halves = Array.from({ length: 16 }, (_, i) => MEM[at + 2 * i] | (MEM[at + 2 * i + 1] << 8n));
    p.expectVec('LAN_2X16S_IP', 'N_2X32', `[&]{ reset(); const xb_vecN_2x16* q = (const xb_vecN_2x16*)(mem + ${at}); valign u; xb_vecN_2x32v v; IVP_LAN_2X16S_IP(v, u, q); return (const uint8_t*)q - mem == ${at + 32} ? v : xb_vecN_2x32v(); }()`, halves.map((h) => BigInt.asIntN(16, h)));
    p.expectVec('LAN_2X16U_IP', 'N_2X32U', `[&]{ reset(); const xb_vecN_2x16U* q = (const xb_vecN_2x16U*)(mem + ${at}); valign u; xb_vecN_2x32Uv v; IVP_LAN_2X16U_IP(v, u, q); return v; }()`, halves);
    const W16 = V.map((x) => BigInt.asIntN(16, x));
    const w16 = p.vec('NX16', W16);
    const narrowed = (vals: bigint[], bytes: number) => {
      const m = [...MEM];
      vals.forEach((x, i) => { for (let b = 0; b < bytes; b++) m[at + i * bytes + b] = (BigInt.asUintN(8 * bytes, x) >> BigInt(8 * b)) & 255n; });
      return m.slice(at, at + 64);
    };
    const satN = (x: bigint, bits: number) => { const hi = (1n << BigInt(bits - 1)) - 1n; return x > hi ? hi : x < -hi - 1n ? -hi - 1n : x; };
    p.expectVec('SANX8S_IP', '2NX8U', `[&]{ reset(); xb_vecNx8* q = (xb_vecNx8*)(mem + ${at}); valign u; IVP_SANX8S_IP(${w16}, u, q); return (uint8_t*)q - mem == ${at + 32} ? q7_bytes<xb_vec2Nx8U>(mem + ${at}) : xb_vec2Nx8U(); }()`, narrowed(W16.map((x) => satN(x, 8)), 1));
    p.expectVec('SANX8U_IP', '2NX8U', `[&]{ reset(); xb_vecNx8U* q = (xb_vecNx8U*)(mem + ${at}); valign u; IVP_SANX8U_IP(${v}, u, q); return q7_bytes<xb_vec2Nx8U>(mem + ${at}); }()`, narrowed(V, 1));
    const W32 = Array.from({ length: 16 }, (_, i) => BigInt.asIntN(32, BigInt(next()) * (i % 3 === 0 ? 1n : 1n << 20n)));
    const w32 = p.vec('N_2X32', W32);
    p.expectVec('SAN_2X16S_IP', '2NX8U', `[&]{ reset(); xb_vecN_2x16* q = (xb_vecN_2x16*)(mem + ${at}); valign u; IVP_SAN_2X16S_IP(${w32}, u, q); return q7_bytes<xb_vec2Nx8U>(mem + ${at}); }()`, narrowed(W32.map((x) => satN(x, 16)), 2));
    p.expectVec('SAN_2X16U_IP', '2NX8U', `[&]{ reset(); xb_vecN_2x16U* q = (xb_vecN_2x16U*)(mem + ${at}); valign u; IVP_SAN_2X16U_IP(IVP_MOVN_2X32_FROMNX16(IVP_MOVNX16_FROMN_2X32(${w32})), u, q); return q7_bytes<xb_vec2Nx8U>(mem + ${at}); }()`, narrowed(W32, 2));
    // scalar loads replicated (byte offsets)
    const elem = (off: number, bytes: number) => MEM.slice(off, off + bytes).reduceRight((x, b) => (x << 8n) | b, 0n);
    p.expectVec('LSR2NX8_I', '2NX8U', `[&]{ reset(); const xb_vec2Nx8 t = IVP_LSR2NX8_I((const int8_t*)mem + 9, 3); return xb_vec2Nx8U(t); }()`, Array(64).fill(elem(12, 1)));
    p.expectVec('LSRNX16_IP', 'NX16U', `[&]{ reset(); const int16_t* q = (const int16_t*)(mem + 20); xb_vecNx16 v; IVP_LSRNX16_IP(v, q, 6); return (const uint8_t*)q - mem == 26 ? xb_vecNx16U(v) : xb_vecNx16U(); }()`, Array(32).fill(elem(20, 2)));
    p.expectVec('LSRN_2X32_XP', 'N_2X32U', `[&]{ reset(); const int32_t* q = (const int32_t*)(mem + 44); xb_vecN_2x32v v; IVP_LSRN_2X32_XP(v, q, -8); return (const uint8_t*)q - mem == 36 ? xb_vecN_2x32Uv(v) : xb_vecN_2x32Uv(); }()`, Array(16).fill(elem(44, 4)));
    p.expectVec('LSRN_2XF32_I', 'N_2X32U', `[&]{ reset(); xb_vecN_2xf32 f = IVP_LSRN_2XF32_I((const float*)(mem + 64), 8); return IVP_MOVN_2X32_FROMN_2XF32(f); }()`, Array(16).fill(elem(72, 4)));
    p.run(dir, 'memory');
  });

  it('gathers by byte offsets (widening the byte forms) and scatters in increasing lane order', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(65);
    const MEM = Array.from({ length: SIZE }, () => BigInt(next() & 255));
    p.stmt(`alignas(64) static uint8_t mem[${SIZE}]; static const uint8_t init[${SIZE}] = {${MEM.join(',')}};`);
    p.stmt('auto reset = [&]{ memcpy(mem, init, sizeof mem); };');
    const elem = (m: bigint[], off: number, bytes: number) => m.slice(off, off + bytes).reduceRight((x, b) => (x << 8n) | b, 0n);
    const O16 = Array.from({ length: 32 }, () => BigInt(2 * (next() % 200)));
    const O32 = Array.from({ length: 16 }, () => BigInt(4 * (next() % 100)));
    const [o16, o32] = [p.vec('NX16U', O16), p.vec('N_2X32U', O32)];
    p.expectVec('GATHERNX16', 'NX16', `[&]{ reset(); return IVP_GATHERDNX16(IVP_GATHERANX16((const int16_t*)(mem + 8), ${o16})); }()`, O16.map((o) => BigInt.asIntN(16, elem(MEM, 8 + Number(o), 2))));
    p.expectVec('GATHERNX16U', 'NX16U', `[&]{ reset(); return IVP_GATHERDNX16U(IVP_GATHERANX16U((const uint16_t*)(mem + 8), ${o16})); }()`, O16.map((o) => elem(MEM, 8 + Number(o), 2)));
    p.expectVec('GATHERNX8S', 'NX16', `[&]{ reset(); return IVP_GATHERDNX8S(IVP_GATHERANX8S((const int8_t*)(mem + 3), ${o16})); }()`, O16.map((o) => BigInt.asIntN(8, MEM[3 + Number(o)])));
    p.expectVec('GATHERNX8U', 'NX16U', `[&]{ reset(); return IVP_GATHERDNX8U(IVP_GATHERANX8U((const uint8_t*)(mem + 3), ${o16})); }()`, O16.map((o) => MEM[3 + Number(o)]));
    p.expectVec('GATHERN_2X32', 'N_2X32U', `[&]{ reset(); return xb_vecN_2x32Uv(IVP_GATHERDN_2X32(IVP_GATHERAN_2X32((const int32_t*)(mem + 12), ${o32}))); }()`, O32.map((o) => elem(MEM, 12 + Number(o), 4)));
    p.expectVec('GATHERN_2XF32', 'N_2X32U', `[&]{ reset(); return xb_vecN_2x32Uv(IVP_MOVN_2X32_FROMN_2XF32(IVP_GATHERDN_2XF32(IVP_GATHERAN_2XF32((const float*)(mem + 12), ${o32})))); }()`, O32.map((o) => elem(MEM, 12 + Number(o), 4)));
    p.expectVec('GATHERNXF16', 'NX16U', `[&]{ reset(); return IVP_MOVNX16_FROMNXF16(IVP_GATHERDNXF16(IVP_GATHERANXF16((const xb_f16*)(mem + 8), ${o16}))); }()`, O16.map((o) => elem(MEM, 8 + Number(o), 2)));
    // scatters: colliding offsets, the highest lane wins
    O16[5] = O16[20];
    O32[2] = O32[9];
    const [c16, c32] = [p.vec('NX16U', O16), p.vec('N_2X32U', O32)];
    const V16 = Array.from({ length: 32 }, () => BigInt(next() & 0xffff));
    const V32 = Array.from({ length: 16 }, () => BigInt(next() >>> 0));
    const [v16, v32] = [p.vec('NX16U', V16), p.vec('N_2X32U', V32)];
    const scattered = (offs: bigint[], vals: bigint[], base: number, bytes: number) => {
      const m = [...MEM];
      offs.forEach((o, i) => { for (let b = 0; b < bytes; b++) m[base + Number(o) + b] = (vals[i] >> BigInt(8 * b)) & 255n; });
      return m;
    };
    const dump = (name: string, m: bigint[]) => {
      for (let at = 0; at < SIZE; at += 64) p.expectVec(`${name} bytes ${at}`, '2NX8U', `q7_bytes<xb_vec2Nx8U>(mem + ${at})`, m.slice(at, at + 64));
    };
    p.stmt(`reset(); IVP_SCATTERNX16U(${v16}, (uint16_t*)(mem + 16), ${c16});`);
    dump('SCATTERNX16U', scattered(O16, V16, 16, 2));
    p.stmt(`reset(); IVP_SCATTERN_2X32(xb_vecN_2x32v(${v32}), (int32_t*)(mem + 4), ${c32});`);
    dump('SCATTERN_2X32', scattered(O32, V32, 4, 4));
    p.stmt(`reset(); IVP_SCATTERN_2XF32(IVP_MOVN_2XF32_FROMN_2X32(${v32}), (float*)(mem + 4), ${c32});`);
    dump('SCATTERN_2XF32', scattered(O32, V32, 4, 4));
    p.run(dir, 'gather');
  });
});
