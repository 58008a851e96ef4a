// The host shim and the emulator agree: the same random operands (with each lane width's edge values,
// float specials and NaN payloads) go through an intrinsic natively and through its instruction on the
// emulated Q7 (docs/ivp-encoding.md: the mnemonic is the intrinsic's name in lower case, operands in C
// order, the destination first), and the results must be the same bits. Both sides were written
// separately; each also has its own model tests (test/emulator/ivp-*.test.ts, test/hostshim/ivp-*.test.ts).

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { DATA, IvpMachine, bytesToLanes, lanesToBytes, operand, rng } from '../emulator/helpers/ivp';
import { ShimProgram, VEC, VecKind, WIDE, WideKind, lanesOf } from './helpers/shim-program';

type Arg = { vec: VecKind } | { wide: WideKind } | { pred: number } | { imm: number } | { ar: number };
/** ar: an AR result; lane0: a reduction's scalar in lane 0 of a vector register (as the C result type of `bits`); f32: the same, a float. */
type Ret = { vec: VecKind } | { wide: WideKind } | { pred: number } | { ar: true } | { lane0: number; signed: boolean } | { f32: true };
interface Case {
  readonly name: string;
  readonly args: readonly Arg[];
  /** The result; absent: the first argument is the in/out destination. */
  readonly ret?: Ret;
}

const SIGNED: VecKind[] = ['2NX8', 'NX16', 'N_2X32'];
const U: Record<string, VecKind> = { '2NX8': '2NX8U', NX16: 'NX16U', N_2X32: 'N_2X32U' };
const L: Record<string, number> = { '2NX8': 64, NX16: 32, N_2X32: 16, NXF16: 32, N_2XF32: 16 };
const v = (k: VecKind) => ({ vec: k });
/** Intrinsics whose mnemonic is not their lower-case name. */
const MNEMONIC: Record<string, string> = {
  IVP_MULUUNX16U: 'ivp_muluunx16', IVP_LTRS2N: 'ivp_ltr2n', IVP_LTRSN: 'ivp_ltrn', IVP_LTRSN_2: 'ivp_ltrn_2',
  IVP_RMAXU2NX8U: 'ivp_rmaxu2nx8', IVP_RMINU2NX8U: 'ivp_rminu2nx8', IVP_RMAXUNX16U: 'ivp_rmaxunx16', IVP_RMINUNX16U: 'ivp_rminunx16',
  IVP_RMAXUN_2X32U: 'ivp_rmaxun_2x32', IVP_RMINUN_2X32U: 'ivp_rminun_2x32',
};

function cases(): Case[] {
  const out: Case[] = [];
  for (const t of SIGNED) {
    const s = v(t);
    const u = v(U[t]);
    for (const op of ['ADD', 'SUB', 'MIN', 'MAX', 'AND', 'OR', 'XOR', 'AVG', 'AVGR']) out.push({ name: `IVP_${op}${t}`, args: [s, s], ret: s });
    for (const op of ['AVGU', 'AVGRU', 'MINU', 'MAXU']) out.push({ name: `IVP_${op}${t}`, args: [u, u], ret: u });
    for (const op of ['NEG', 'ABS', 'NOT']) out.push({ name: `IVP_${op}${t}`, args: [s], ret: s });
    for (const op of ['EQ', 'NEQ', 'LT', 'LE', 'GT', 'GE']) out.push({ name: `IVP_${op}${t}`, args: [s, s], ret: { pred: L[t] } });
    for (const op of ['LTU', 'LEU', 'GTU', 'GEU']) out.push({ name: `IVP_${op}${U[t]}`, args: [u, u], ret: { pred: L[t] } });
    for (const op of ['ADD', 'SUB']) out.push({ name: `IVP_${op}${t}T`, args: [s, s, s, { pred: L[t] }] });
    out.push({ name: `IVP_MOV${t}T`, args: [s, s, { pred: L[t] }], ret: s });
    out.push({ name: `IVP_SEL${t}`, args: [s, s, s], ret: s });
    out.push({ name: `IVP_SHFL${t}`, args: [s, s], ret: s });
    for (const imm of [0, 5, 7, 8, 15, 16, 31]) for (const op of ['SLLI', 'SRLI', 'SRAI']) out.push({ name: `IVP_${op}${t}`, args: [s, { imm }], ret: s });
    for (const pattern of [0, 1, 2, 3, 4, 5, 64 + 3, 128 + 1, 128 + 65, 256 + 2, 256 + 64 + 15]) out.push({ name: `IVP_SEL${t}I`, args: [s, s, { imm: pattern }], ret: s });
    if (t !== 'N_2X32') for (const op of ['ADDS', 'SUBS']) out.push({ name: `IVP_${op}${t}`, args: [s, s], ret: s });
    if (t !== 'N_2X32') out.push({ name: `IVP_ABSSUB${t}`, args: [s, s], ret: u }, { name: `IVP_ABSSUBU${t}`, args: [u, u], ret: u });
    if (t !== '2NX8') {
      for (const op of ['SLL', 'SRL', 'SLA', 'SRA', 'SLS', 'SRS']) out.push({ name: `IVP_${op}${t}`, args: [s, s], ret: s });
      for (const imm of [0, 3, 15, 16, 31]) out.push({ name: `IVP_SLSI${t}`, args: [s, { imm }], ret: s });
      for (const op of ['NSA', 'NSAU']) out.push({ name: `IVP_${op}${t}`, args: [s], ret: s });
    }
  }
  out.push({ name: 'IVP_POPC2NX8', args: [v('2NX8')], ret: v('2NX8') });
  out.push({ name: 'IVP_MULNX16PACKL', args: [v('NX16'), v('NX16')], ret: v('NX16') });
  for (const op of ['ADDSNX16T', 'MINNX16T', 'MAXNX16T']) out.push({ name: `IVP_${op}`, args: [v('NX16'), v('NX16'), v('NX16'), { pred: 32 }] });
  // multiplies into the accumulators, packs out of them
  for (const [t, w] of [['2NX8', '2NX24'], ['NX16', 'NX48']] as [VecKind, WideKind][]) {
    const s = v(t);
    const u = v(U[t]);
    const wide = { wide: w };
    out.push({ name: `IVP_MUL${t}`, args: [s, s], ret: wide }, { name: `IVP_MULUS${t}`, args: [u, s], ret: wide });
    out.push({ name: `IVP_MULA${t}`, args: [wide, s, s] }, { name: `IVP_MULS${t}`, args: [wide, s, s] }, { name: `IVP_MULUUA${t}`, args: [wide, u, u] });
    out.push({ name: `IVP_MULP${t}`, args: [s, s, s, s], ret: wide }, { name: `IVP_MULPA${t}`, args: [wide, s, s, s, s] });
  }
  out.push({ name: 'IVP_MULUU2NX8', args: [v('2NX8U'), v('2NX8U')], ret: { wide: '2NX24' } }, { name: 'IVP_MULUUNX16U', args: [v('NX16U'), v('NX16U')], ret: { wide: 'NX48' } });
  out.push({ name: 'IVP_MULN_2X32', args: [v('N_2X32'), v('N_2X32')], ret: { wide: 'N_2X64W' } }, { name: 'IVP_MULAN_2X32', args: [{ wide: 'N_2X64W' }, v('N_2X32'), v('N_2X32')] });
  out.push({ name: 'IVP_DECNEGWNX48', args: [{ wide: 'NX48' }] });
  for (const sh of [0, 1, 7, 15, 23, 31, 40]) {
    out.push({ name: 'IVP_PACKVRNX48', args: [{ wide: 'NX48' }, { ar: sh }], ret: v('NX16') }, { name: 'IVP_PACKVRNRNX48', args: [{ wide: 'NX48' }, { ar: sh }], ret: v('NX16') });
    out.push({ name: 'IVP_PACKVR2NX24', args: [{ wide: '2NX24' }, { ar: sh }], ret: v('2NX8') }, { name: 'IVP_PACKVRU2NX24', args: [{ wide: '2NX24' }, { ar: sh }], ret: v('2NX8U') });
    out.push({ name: 'IVP_PACKVRN_2X64W', args: [{ wide: 'N_2X64W' }, { ar: sh }], ret: v('N_2X32') });
  }
  out.push({ name: 'IVP_PACKVNX48', args: [{ wide: 'NX48' }, v('NX16')], ret: v('NX16') }, { name: 'IVP_PACKQNX48', args: [{ wide: 'NX48' }], ret: v('NX16') }, { name: 'IVP_PACKMNX48', args: [{ wide: 'NX48' }], ret: v('NX16') });
  out.push({ name: 'IVP_CVT48SNX32', args: [v('N_2X32'), v('N_2X32')], ret: { wide: 'NX48' } }, { name: 'IVP_CVT32SNX48H', args: [{ wide: 'NX48' }], ret: v('N_2X32') });
  // the float unit
  for (const [t, n] of [['N_2XF32', 16], ['NXF16', 32]] as [VecKind, number][]) {
    const f = v(t);
    for (const op of ['ADD', 'SUB', 'MUL', 'DIV', 'MIN', 'MAX', 'MINNUM', 'MAXNUM']) out.push({ name: `IVP_${op}${t}`, args: [f, f], ret: f });
    for (const op of ['SQRT', 'ABS', 'NEG', 'FIRINT', 'FIFLOOR', 'FICEIL', 'FIROUND', 'FITRUNC']) out.push({ name: `IVP_${op}${t}`, args: [f], ret: f });
    for (const op of ['MULA', 'MULS']) out.push({ name: `IVP_${op}${t}`, args: [f, f, f] });
    for (const op of ['OEQ', 'OLT', 'OLE', 'OGT', 'OGE', 'UEQ', 'ULT', 'ULE', 'UN']) out.push({ name: `IVP_${op}${t}`, args: [f, f], ret: { pred: n } });
  }
  for (const scale of [0, 5, 31]) {
    out.push({ name: 'IVP_FLOATN_2X32', args: [v('N_2X32'), { imm: scale }], ret: v('N_2XF32') }, { name: 'IVP_TRUNCN_2XF32', args: [v('N_2XF32'), { imm: scale }], ret: v('N_2X32') });
    out.push({ name: 'IVP_UTRUNCN_2XF32', args: [v('N_2XF32'), { imm: scale }], ret: v('N_2X32U') }, { name: 'IVP_FLOAT16NX16', args: [v('NX16'), { imm: scale }], ret: v('NXF16') });
  }
  out.push({ name: 'IVP_CVTF32NXF16_1', args: [v('NXF16')], ret: v('N_2XF32') }, { name: 'IVP_CVTF16N_2XF32_0', args: [v('N_2XF32')], ret: v('NXF16') });
  // lanes, predicates and bits
  for (const t of SIGNED) {
    const s = v(t);
    const P = t === '2NX8' ? '2N' : t === 'NX16' ? 'N' : 'N_2';
    out.push({ name: `IVP_SEQ${t}`, args: [], ret: s });
    for (const bit of [0, 6, 15, 31]) out.push({ name: `IVP_EXTBI${t}`, args: [s, { imm: bit }], ret: { pred: L[t] } }, { name: `IVP_INJBI${t}`, args: [s, { pred: L[t] }, { imm: bit }] });
    for (const n of [-1, 0, 5, L[t] - 1, L[t], 200]) out.push({ name: `IVP_LTRS${P}`, args: [{ ar: n }], ret: { pred: L[t] } });
    for (const n of [0, 3, L[t], 1023]) out.push({ name: `IVP_LTR${P}I`, args: [{ imm: n }], ret: { pred: L[t] } });
    const bits = VEC[t].bits;
    const r = bits === 8 ? 8 : bits === 16 ? 16 : 32;
    out.push({ name: `IVP_RADD${t}`, args: [s], ret: { lane0: t === '2NX8' ? 16 : 32, signed: true } });
    out.push({ name: `IVP_RMAX${t}`, args: [s], ret: { lane0: r, signed: true } }, { name: `IVP_RMIN${t}`, args: [s], ret: { lane0: r, signed: true } });
    out.push({ name: `IVP_RMAXU${U[t]}`, args: [v(U[t])], ret: { lane0: r, signed: false } }, { name: `IVP_RMINU${U[t]}`, args: [v(U[t])], ret: { lane0: r, signed: false } });
  }
  out.push({ name: 'IVP_RADDU2NX8', args: [v('2NX8U')], ret: { lane0: 16, signed: false } });
  for (const op of ['RADD', 'RMAX', 'RMIN', 'RMAXNUM', 'RMINNUM']) out.push({ name: `IVP_${op}N_2XF32`, args: [v('N_2XF32')], ret: { f32: true } });
  for (const lane of [0, 7, 15, 21]) out.push({ name: 'IVP_EXTRN_2X32', args: [v('N_2X32'), { imm: lane }], ret: { ar: true } });
  for (const op of ['ANDB', 'ORB', 'XORB', 'ANDNOTB']) out.push({ name: `IVP_${op}N`, args: [{ pred: 32 }, { pred: 32 }], ret: { pred: 32 } });
  out.push({ name: 'IVP_NOTBN_2', args: [{ pred: 16 }], ret: { pred: 16 } }, { name: 'IVP_EXTRACTBH2N', args: [{ pred: 64 }], ret: { pred: 32 } }, { name: 'IVP_JOINBN_2', args: [{ pred: 16 }, { pred: 16 }], ret: { pred: 32 } });
  out.push({ name: 'IVP_MOVNXF16T', args: [v('NXF16'), v('NXF16'), { pred: 32 }], ret: v('NXF16') });
  // more wide forms
  out.push({ name: 'IVP_ADDWNX16', args: [v('NX16'), v('NX16')], ret: { wide: 'NX48' } }, { name: 'IVP_ADDWUA2NX8U', args: [{ wide: '2NX24' }, v('2NX8U'), v('2NX8U')] });
  for (const sc of [0x7fff8000, -1, 0x00017fff]) out.push({ name: 'IVP_MULPN16XR16', args: [v('NX16'), v('NX16'), { ar: sc }], ret: { wide: 'NX48' } }, { name: 'IVP_MULSUPN16XR16', args: [v('NX16'), v('NX16'), { ar: sc }], ret: { wide: 'NX48' } });
  out.push({ name: 'IVP_PACKV2NX24', args: [{ wide: '2NX24' }, v('2NX8')], ret: v('2NX8') }, { name: 'IVP_PACKVN_2X64W', args: [{ wide: 'N_2X64W' }, v('N_2X32')], ret: v('N_2X32') });
  out.push({ name: 'IVP_PACKL2NX24', args: [{ wide: '2NX24' }], ret: v('2NX8') }, { name: 'IVP_PACKLN_2X64W', args: [{ wide: 'N_2X64W' }], ret: v('N_2X32') }, { name: 'IVP_PACKHN_2X64W', args: [{ wide: 'N_2X64W' }], ret: v('N_2X32') });
  for (const sh of [0, 9, 40]) out.push({ name: 'IVP_PACKVRNRNX48_1', args: [{ wide: 'NX48' }, { ar: sh }], ret: v('N_2X32') }, { name: 'IVP_PACKVRNR2NX24_0', args: [{ wide: '2NX24' }, { ar: sh }], ret: v('NX16') });
  out.push({ name: 'IVP_CVT24S2NX16', args: [v('NX16'), v('NX16')], ret: { wide: '2NX24' } }, { name: 'IVP_CVT16S2NX24H', args: [{ wide: '2NX24' }], ret: v('NX16') }, { name: 'IVP_CVT32S2NX24HL', args: [{ wide: '2NX24' }], ret: v('N_2X32') });
  out.push({ name: 'IVP_UNPKSNX16_H', args: [v('NX16')], ret: v('N_2X32') }, { name: 'IVP_UNPKUNX16_L', args: [v('NX16U')], ret: v('N_2X32U') });
  return out;
}

const F32_SPECIAL = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffc12345, 0x00000001, 0x3f800000, 0x3fc00000, 0x4b800001];
const F16_SPECIAL = [0, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0xfe55, 0x0001, 0x3c00, 0x3e00, 0x7bff];

/** Lanes of argument `arg` in `round`: random with edges; for floats, round 2 pairs the specials lane by lane (lane i of argument j: special i + j). */
function vecLanes(next: () => number, k: VecKind, round: number, arg: number): bigint[] {
  const bits = VEC[k].bits;
  if (k === 'N_2XF32' || k === 'NXF16') {
    const special = k === 'N_2XF32' ? F32_SPECIAL : F16_SPECIAL;
    if (round === 2) return Array.from({ length: lanesOf(k) }, (_, i) => BigInt(special[(i + arg) % special.length]));
    return Array.from({ length: lanesOf(k) }, () => BigInt(next() % 3 === 0 ? special[next() % special.length] : bits === 32 ? (next() & 0xc7ffffff) >>> 0 : next() & 0xffff));
  }
  return operand(next, bits, lanesOf(k)).map((x) => BigInt.asUintN(bits, x));
}

const wideBytes = (k: WideKind, lanes: bigint[]) => (k === 'N_2X64W' ? lanesToBytes(lanes.map((x) => BigInt.asIntN(64, x)), 96) : lanesToBytes(lanes, WIDE[k].bits));
const wideLanes = (k: WideKind, bytes: Uint8Array) => (k === 'N_2X64W' ? bytesToLanes(bytes, 96, true).map((x) => BigInt.asIntN(64, x)) : bytesToLanes(bytes, WIDE[k].bits, true));

describe('hostshim: the shim and the emulator agree on the IVP intrinsics', function () {
  this.timeout(300000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-agree-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the same operands give the same bits, natively and emulated', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const x = new IvpMachine();
    const next = rng(2026);
    let checks = 0;
    for (const c of cases()) {
      const rounds = c.args.some((a) => 'vec' in a && (a.vec === 'N_2XF32' || a.vec === 'NXF16')) ? 3 : 2;
      for (let round = 0; round < rounds; round++) {
        const names: string[] = [];
        const regs: number[] = [];
        let nv = 1;
        let nw = 1;
        let nb = 1;
        let na = 2;
        for (const [j, a] of c.args.entries()) {
          if ('vec' in a) {
            const lanes = vecLanes(next, a.vec, round, j);
            names.push(p.vec(a.vec, lanes));
            x.m.writeVector(nv, lanesToBytes(lanes, VEC[a.vec].bits));
            regs.push(nv++);
          } else if ('wide' in a) {
            const lanes = operand(next, WIDE[a.wide].bits, WIDE[a.wide].lanes);
            names.push(p.wide(a.wide, lanes));
            x.m.writeWide(nw, wideBytes(a.wide, lanes));
            regs.push(nw++);
          } else if ('pred' in a) {
            const bits = Array.from({ length: a.pred }, () => next() & 1);
            names.push(p.pred(bits));
            x.setPredLanes(nb, bits);
            regs.push(nb++);
          } else if ('imm' in a) {
            names.push(String(a.imm));
            regs.push(a.imm);
          } else {
            names.push(String(a.ar));
            x.m.writeAR(na, a.ar);
            regs.push(na++);
          }
        }
        const ret: Ret | Arg = c.ret ?? c.args[0];
        const dest = c.ret ? ('ar' in c.ret ? 8 : 0) : regs[0];
        x.exec(MNEMONIC[c.name] ?? c.name.toLowerCase(), c.ret ? [dest, ...regs] : regs);
        const expr = c.ret ? `${c.name}(${names.join(', ')})` : `[&]{ auto d = ${names[0]}; ${c.name}(${['d', ...names.slice(1)].join(', ')}); return d; }()`;
        const label = `${c.name}(${c.args.map((a) => ('imm' in a ? a.imm : 'ar' in a ? a.ar : '·')).join(', ')})/${round}`;
        if ('vec' in ret) p.expectVec(label, ret.vec, expr, bytesToLanes(x.m.readVector(dest), VEC[ret.vec].bits, VEC[ret.vec].signed));
        else if ('wide' in ret) p.expectWide(label, ret.wide, expr, wideLanes(ret.wide, x.m.readWide(dest)));
        else if ('pred' in ret) p.expectPred(label, expr, x.predLanes(dest, ret.pred));
        else if ('ar' in ret) p.expectInt(label, expr, BigInt(x.m.readAR(dest) | 0));
        else if ('f32' in ret) p.expectF32(label, expr, new DataView(x.m.readVector(dest).buffer).getUint32(0, true));
        else if ('lane0' in ret) {
          const lane0 = BigInt(new DataView(x.m.readVector(dest).buffer).getUint32(0, true));
          p.expectInt(label, expr, ret.signed ? BigInt.asIntN(ret.lane0, lane0) : BigInt.asUintN(ret.lane0, lane0));
        }
        checks++;
      }
    }
    if (checks < 400) throw new Error(`only ${checks} agreement checks`);
    p.run(dir, 'agree', '-O0'); // one large main: quicker to compile unoptimised
  });

  it('memory forms: the same loads, streams, stores and gathers at the same offsets from a 64-byte-aligned base', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(4242);
    const SIZE = 512;
    const MEM = Uint8Array.from({ length: SIZE }, () => next() & 255);
    p.stmt(`alignas(64) static uint8_t mem[${SIZE}]; static const uint8_t init[${SIZE}] = {${[...MEM].join(',')}};`);
    const V = Array.from({ length: 32 }, () => BigInt(next() & 0xffff));
    const v = p.vec('NX16U', V);
    const O = Array.from({ length: 32 }, () => BigInt(2 * (next() % 200)));
    const o = p.vec('NX16U', O);
    /** One memory case: the emulator's instruction (AR a2 = base; a3 = `x`; u1; v1 = V; v2 = offsets) and the shim's statements. */
    const cases: [string, string, number[], string, VecKind | null][] = [];
    for (const [at, off] of [[0, 64], [70, 64], [130, -64], [5, 0]]) {
      cases.push([`LVNX16_I ${at} ${off}`, 'ivp_lvnx16_i', [0, 2, off], `r = IVP_LVNX16_I((const xb_vecNx16*)q, ${off});`, 'NX16']);
      cases.push([`LVNX16_IP ${at} ${off}`, 'ivp_lvnx16_ip', [0, 2, off], `{ const xb_vecNx16* c = (const xb_vecNx16*)q; IVP_LVNX16_IP(r, c, ${off}); q = (uint8_t*)c; }`, 'NX16']);
      cases.push([`LVNX16_XP ${at} ${off}`, 'ivp_lvnx16_xp', [0, 2, 3], `{ const xb_vecNx16* c = (const xb_vecNx16*)q; IVP_LVNX16_XP(r, c, ${off}); q = (uint8_t*)c; }`, 'NX16']);
      cases.push([`SVNX16_XP ${at} ${off}`, 'ivp_svnx16_xp', [1, 2, 3], `{ xb_vecNx16* c = (xb_vecNx16*)q; IVP_SVNX16_XP(xb_vecNx16(${v}), c, ${off}); q = (uint8_t*)c; }`, null]);
    }
    for (const at of [3, 64, 101]) {
      for (const n of [-5, 0, 17, 64, 100]) {
        cases.push([`LAVNX16_XP ${at} ${n}`, 'ivp_lavnx16_xp', [0, 1, 2, 3], `{ const xb_vecNx16* c = (const xb_vecNx16*)q; valign u = IVP_LA_PP(c); IVP_LAVNX16_XP(r, u, c, ${n}); q = (uint8_t*)c; }`, 'NX16']);
        cases.push([`SAVNX16_XP ${at} ${n}`, 'ivp_savnx16_xp', [1, 1, 2, 3], `{ xb_vecNx16* c = (xb_vecNx16*)q; valign u = IVP_ZALIGN(); IVP_SAVNX16_XP(xb_vecNx16(${v}), u, c, ${n}); IVP_SAPOSNX16_FP(u, c); q = (uint8_t*)c; }`, null]);
      }
      cases.push([`LANX8S_IP ${at}`, 'ivp_lanx8s_ip', [0, 1, 2], `{ const xb_vecNx8* c = (const xb_vecNx8*)q; valign u; IVP_LANX8S_IP(r, u, c); q = (uint8_t*)c; }`, 'NX16']);
      cases.push([`SANX8S_IP ${at}`, 'ivp_sanx8s_ip', [1, 1, 2], `{ xb_vecNx8* c = (xb_vecNx8*)q; valign u; IVP_SANX8S_IP(xb_vecNx16(${v}), u, c); q = (uint8_t*)c; }`, null]);
      // element loads need their natural alignment (the emulator raises LoadStoreAlignment otherwise)
      if (at % 2 === 0) cases.push([`LSRNX16_IP ${at}`, 'ivp_lsrnx16_ip', [0, 2, 6], `{ const int16_t* c = (const int16_t*)q; IVP_LSRNX16_IP(r, c, 6); q = (uint8_t*)c; }`, 'NX16']);
    }
    cases.push(['GATHERNX16', 'ivp_gatheranx16', [0, 2, 2], 'r = IVP_GATHERDNX16(IVP_GATHERANX16((const int16_t*)q, ' + o + '));', 'NX16']);
    const ats = cases.map((c) => Number(c[0].split(' ')[1] ?? 8) || 8);
    const x = new IvpMachine();
    cases.forEach(([label, mnemonic, ops, code, ret], i) => {
      const at = label.startsWith('GATHER') ? 8 : ats[i];
      const off = Number(label.split(' ')[2] ?? 0);
      x.m.writeMemory(DATA, MEM);
      x.m.writeAR(2, DATA + at);
      x.m.writeAR(3, off);
      x.m.writeVector(1, lanesToBytes(V, 16));
      x.m.writeVector(2, lanesToBytes(O, 16));
      x.exec(mnemonic, ops);
      if (label.startsWith('GATHER')) x.exec('ivp_gatherdnx16', [0, 0]);
      const delta = x.m.readAR(2) - (DATA + at);
      const memAfter = x.m.readMemory(DATA, SIZE) ?? new Uint8Array(0);
      p.stmt(`memcpy(mem, init, sizeof mem); { uint8_t* q = mem + ${at}; xb_vecNx16 r; ${code} printf("${label} delta|%d\\n", (int)(q - (mem + ${at}))); q7t_hex_line("${label} memory", mem, ${SIZE}); ${ret ? `q7t_hex_line("${label} vector", &r, 64);` : ''} }`);
      p.expectRaw(`${label} delta`, String(delta));
      p.expectRaw(`${label} memory`, Buffer.from(memAfter).toString('hex'));
      if (ret) p.expectRaw(`${label} vector`, Buffer.from(x.m.readVector(0)).toString('hex'));
    });
    p.run(dir, 'agree-memory', '-O0');
  });
});
