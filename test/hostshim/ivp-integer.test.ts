// The host shim's integer lane intrinsics against a reference model written here (BigInt arithmetic on
// lane values): modular and saturating arithmetic, averages, absolute values, min/max, bitwise, leading
// zeros and sign bits, population count, the non-widening multiply, the divide, shifts by immediates
// and per-lane counts at and past the lane width, compares, predicate logic and moves, sequences,
// lane extraction, loop-tail predicates, bit injection and extraction, reinterpretations. Random
// operands mixed with the edge values of each lane width.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { edges, operand, rng } from '../emulator/helpers/ivp';
import { ShimProgram, VEC, VecKind, lane, lanesOf } from './helpers/shim-program';

type F1 = (x: bigint) => bigint;
type F2 = (x: bigint, y: bigint) => bigint;

const SIGNED: VecKind[] = ['2NX8', 'NX16', 'N_2X32'];
const UNSIGNED: Record<string, VecKind> = { '2NX8': '2NX8U', NX16: 'NX16U', N_2X32: 'N_2X32U' };
const PRED_SUFFIX: Record<string, string> = { '2NX8': '2N', NX16: 'N', N_2X32: 'N_2' };
const bitsOf = (k: VecKind) => VEC[k].bits;
const sat = (x: bigint, bits: number) => {
  const hi = (1n << BigInt(bits - 1)) - 1n;
  return x > hi ? hi : x < -hi - 1n ? -hi - 1n : x;
};
const floorDiv2 = (x: bigint) => (x >= 0n ? x / 2n : -((-x + 1n) / 2n));
const abs = (x: bigint) => (x < 0n ? -x : x);
const clz = (u: bigint, bits: number) => {
  let n = 0;
  for (let b = bits - 1; b >= 0 && !((u >> BigInt(b)) & 1n); b--) n++;
  return BigInt(n);
};
/** Reference shifts on a lane of `bits` (x signed, s ≥ 0). */
const shl = (x: bigint, s: number, bits: number) => (s >= bits ? 0n : BigInt.asIntN(bits, x << BigInt(s)));
const shrl = (x: bigint, s: number, bits: number) => (s >= bits ? 0n : BigInt.asIntN(bits, BigInt.asUintN(bits, x) >> BigInt(s)));
const shra = (x: bigint, s: number, bits: number) => (s >= bits ? (x < 0n ? -1n : 0n) : x >> BigInt(s));
const shls = (x: bigint, s: number, bits: number) => (x === 0n ? 0n : sat(x * (1n << BigInt(Math.min(s, bits + 1))), bits));

function operands(next: () => number, k: VecKind): bigint[] {
  return operand(next, bitsOf(k), lanesOf(k)).map((x) => lane(k, x));
}

describe('hostshim: IVP integer intrinsics against an independent model', function () {
  this.timeout(180000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-int-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function lanewise(p: ShimProgram, label: string, ret: VecKind, expr: string, ins: bigint[][], f: (...x: bigint[]) => bigint): void {
    p.expectVec(label, ret, expr, ins[0].map((_, i) => lane(ret, f(...ins.map((v) => v[i])))));
  }

  it('arithmetic, saturation, averages, absolute values, min/max, bitwise, NSA, POPC, PACKL multiply', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(14);
    for (const k of SIGNED) {
      const b = bitsOf(k);
      const ku = UNSIGNED[k];
      for (let round = 0; round < 3; round++) {
        const A = operands(next, k);
        const B = operands(next, k);
        const [a, bv] = [p.vec(k, A), p.vec(k, B)];
        const AU = A.map((x) => lane(ku, x));
        const BU = B.map((x) => lane(ku, x));
        const [au, bu] = [p.vec(ku, AU), p.vec(ku, BU)];
        const t = `${round}`;
        const two: [string, F2][] = [
          ['ADD', (x, y) => x + y], ['SUB', (x, y) => x - y], ['MIN', (x, y) => (x < y ? x : y)], ['MAX', (x, y) => (x > y ? x : y)],
          ['AND', (x, y) => x & y], ['OR', (x, y) => x | y], ['XOR', (x, y) => x ^ y],
          ['AVG', (x, y) => floorDiv2(x + y)], ['AVGR', (x, y) => floorDiv2(x + y + 1n)],
        ];
        for (const [op, f] of two) lanewise(p, `${op}${k}/${t}`, k, `IVP_${op}${k}(${a}, ${bv})`, [A, B], f);
        const twoU: [string, F2][] = [['MINU', (x, y) => (x < y ? x : y)], ['MAXU', (x, y) => (x > y ? x : y)], ['AVGU', (x, y) => (x + y) >> 1n], ['AVGRU', (x, y) => (x + y + 1n) >> 1n]];
        for (const [op, f] of twoU) lanewise(p, `${op}${k}/${t}`, ku, `IVP_${op}${k}(${au}, ${bu})`, [AU, BU], f);
        const one: [string, F1][] = [['NEG', (x) => -x], ['ABS', (x) => abs(x)], ['NOT', (x) => ~x]];
        for (const [op, f] of one) lanewise(p, `${op}${k}/${t}`, k, `IVP_${op}${k}(${a})`, [A], f);
        lanewise(p, `operators${k}/${t}`, k, `(${a} + ${bv}) ^ ~(${a} - 3) & ${bv}`, [A, B], (x, y) => (x + y) ^ (~(x - 3n) & y));
        if (b <= 16) {
          lanewise(p, `ADDS${k}/${t}`, k, `IVP_ADDS${k}(${a}, ${bv})`, [A, B], (x, y) => sat(x + y, b));
          lanewise(p, `SUBS${k}/${t}`, k, `IVP_SUBS${k}(${a}, ${bv})`, [A, B], (x, y) => sat(x - y, b));
          lanewise(p, `ABSSUB${k}/${t}`, ku, `IVP_ABSSUB${k}(${a}, ${bv})`, [A, B], (x, y) => abs(x - y));
          lanewise(p, `ABSSUBU${k}/${t}`, ku, `IVP_ABSSUBU${k}(${au}, ${bu})`, [AU, BU], (x, y) => abs(x - y));
        }
        if (b >= 16) {
          lanewise(p, `NSAU${k}/${t}`, k, `IVP_NSAU${k}(${a})`, [A], (x) => clz(BigInt.asUintN(b, x), b));
          lanewise(p, `NSA${k}/${t}`, k, `IVP_NSA${k}(${a})`, [A], (x) => clz(BigInt.asUintN(b, x < 0n ? ~x : x), b) - 1n);
        }
        if (b === 8) {
          const popc = (x: bigint) => BigInt([...BigInt.asUintN(8, x).toString(2)].filter((c) => c === '1').length);
          lanewise(p, `POPC/${t}`, k, `IVP_POPC2NX8(${a})`, [A], popc);
          lanewise(p, `POPCU/${t}`, ku, `IVP_POPC2NX8U(${au})`, [AU], popc);
        }
        if (b === 16) {
          lanewise(p, `MULPACKL/${t}`, k, `IVP_MULNX16PACKL(${a}, ${bv})`, [A, B], (x, y) => x * y);
          lanewise(p, `MULUPACKL/${t}`, ku, `IVP_MULNX16UPACKL(${au}, ${bu})`, [AU, BU], (x, y) => x * y);
          lanewise(p, `MULAPACKL/${t}`, k, `[&]{ xb_vecNx16 r = ${bv}; IVP_MULANX16PACKL(r, ${a}, ${a}); return r; }()`, [A, B], (x, y) => y + x * x);
        }
      }
    }
    p.run(dir, 'arith');
  });

  it('predicated forms, compares, predicate logic, selects, loop-tail predicates, sequences, lanes and bits', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(99);
    for (const k of SIGNED) {
      const b = bitsOf(k);
      const L = lanesOf(k);
      const ku = UNSIGNED[k];
      const P = PRED_SUFFIX[k];
      const A = operands(next, k);
      const B = operands(next, k);
      const R = operands(next, k);
      A[1] = B[1]; // an equal pair
      const [a, bv, r] = [p.vec(k, A), p.vec(k, B), p.vec(k, R)];
      const au = p.vec(ku, A.map((x) => lane(ku, x)));
      const bu = p.vec(ku, B.map((x) => lane(ku, x)));
      const X = Array.from({ length: L }, () => next() & 1);
      const Y = Array.from({ length: L }, () => next() & 1);
      const [x, y] = [p.pred(X), p.pred(Y)];
      const T = (name: string, f: F2) =>
        p.expectVec(`${name}${k}T`, k, `[&]{ auto q = ${r}; IVP_${name}${k}T(q, ${a}, ${bv}, ${x}); return q; }()`, R.map((rv, i) => (X[i] ? lane(k, f(A[i], B[i])) : rv)));
      T('ADD', (u, v) => u + v);
      T('SUB', (u, v) => u - v);
      if (k === 'NX16') {
        T('ADDS', (u, v) => sat(u + v, 16));
        T('MIN', (u, v) => (u < v ? u : v));
        T('MAX', (u, v) => (u > v ? u : v));
      }
      const rel: [string, (u: bigint, v: bigint) => boolean][] = [['EQ', (u, v) => u === v], ['NEQ', (u, v) => u !== v], ['LT', (u, v) => u < v], ['LE', (u, v) => u <= v], ['GT', (u, v) => u > v], ['GE', (u, v) => u >= v]];
      for (const [op, f] of rel) p.expectPred(`${op}${k}`, `IVP_${op}${k}(${a}, ${bv})`, A.map((u, i) => (f(u, B[i]) ? 1 : 0)));
      for (const [op, f] of rel.slice(2)) p.expectPred(`${op}U${k}`, `IVP_${op}U${ku}(${au}, ${bu})`, A.map((u, i) => (f(lane(ku, u), lane(ku, B[i])) ? 1 : 0)));
      const logic: [string, (u: number, v: number) => number][] = [['ANDB', (u, v) => u & v], ['ORB', (u, v) => u | v], ['XORB', (u, v) => u ^ v], ['ANDNOTB', (u, v) => u & (1 - v)]];
      for (const [op, f] of logic) p.expectPred(`${op}${P}`, `IVP_${op}${P}(${x}, ${y})`, X.map((u, i) => f(u, Y[i])));
      p.expectPred(`NOTB${P}`, `IVP_NOTB${P}(${x})`, X.map((u) => 1 - u));
      p.expectVec(`MOV${k}T`, k, `IVP_MOV${k}T(${a}, ${bv}, ${x})`, A.map((u, i) => (X[i] ? u : B[i])));
      p.expectVec(`MOV${ku}T`, ku, `IVP_MOV${ku}T(${au}, ${bu}, ${x})`, A.map((u, i) => lane(ku, X[i] ? u : B[i])));
      for (const n of [-3, 0, 1, L >> 1, L - 1, L, L + 5]) {
        const want = Array.from({ length: L }, (_, i) => (i < n ? 1 : 0));
        p.expectPred(`LTRS${P}(${n})`, `IVP_LTRS${P}(${n})`, want);
        p.expectPred(`LTR${P}I(${n})`, `IVP_LTR${P}I(${n})`, want);
      }
      p.expectVec(`SEQ${k}`, k, `IVP_SEQ${k}()`, Array.from({ length: L }, (_, i) => BigInt(i)));
      for (const bit of [0, 3, b - 1, b, b + 2]) {
        const m = bit % b;
        p.expectPred(`EXTBI${k}(${bit})`, `IVP_EXTBI${k}(${a}, ${bit})`, A.map((u) => Number((BigInt.asUintN(b, u) >> BigInt(m)) & 1n)));
        p.expectVec(`INJBI${k}(${bit})`, k, `[&]{ auto q = ${a}; IVP_INJBI${k}(q, ${x}, ${bit}); return q; }()`, A.map((u, i) => lane(k, X[i] ? u | (1n << BigInt(m)) : u & ~(1n << BigInt(m)))));
      }
    }
    const V32 = operands(next, 'N_2X32');
    const v32 = p.vec('N_2X32', V32);
    const W32 = operands(next, 'N_2X32');
    const w32 = p.vec('N_2X32', W32);
    for (const i of [0, 5, 15, 16, 21]) {
      p.expectInt(`EXTR(${i})`, `IVP_EXTRN_2X32(${v32}, ${i})`, V32[i % 16]);
      p.expectInt(`EXTRPR(${i})`, `IVP_EXTRPRN_2X32(${v32}, ${i})`, V32[i % 16]);
      p.expectInt(`DEXTRPR(${i})`, `IVP_DEXTRPRN_2X32(${v32}, ${w32}, ${i}, ${(i + 3) % 16})`, BigInt.asIntN(64, (BigInt.asUintN(32, V32[i % 16]) << 32n) | BigInt.asUintN(32, W32[(i + 3) % 16])));
    }
    const X64 = Array.from({ length: 64 }, () => next() & 1);
    const x64 = p.pred(X64);
    p.expectPred('EXTRACTBL2N', `IVP_EXTRACTBL2N(${x64})`, X64.slice(0, 32));
    p.expectPred('EXTRACTBH2N', `IVP_EXTRACTBH2N(${x64})`, X64.slice(32));
    p.expectPred('EXTRACTBLN', `IVP_EXTRACTBLN(IVP_EXTRACTBH2N(${x64}))`, X64.slice(32, 48));
    p.expectPred('EXTRACTBHN', `IVP_EXTRACTBHN(IVP_EXTRACTBL2N(${x64}))`, X64.slice(16, 32));
    p.expectPred('JOINBN', `IVP_JOINBN(IVP_EXTRACTBL2N(${x64}), IVP_EXTRACTBH2N(${x64}))`, [...X64.slice(32), ...X64.slice(0, 32)]);
    p.expectPred('JOINBN_2', `IVP_JOINBN_2(IVP_EXTRACTBLN(IVP_EXTRACTBL2N(${x64})), IVP_EXTRACTBHN(IVP_EXTRACTBL2N(${x64})))`, [...X64.slice(16, 32), ...X64.slice(0, 16)]);
    // reinterpretations keep the bytes (lane 0 lowest)
    const bytes = operands(next, '2NX8U');
    const v8 = p.vec('2NX8U', bytes);
    p.expectVec('MOVNX16_FROM2NX8', 'NX16U', `IVP_MOVNX16_FROM2NX8(${v8})`, Array.from({ length: 32 }, (_, i) => bytes[2 * i] | (bytes[2 * i + 1] << 8n)));
    p.expectVec('MOVN_2X32_FROMNX16', 'N_2X32U', `IVP_MOVN_2X32_FROMNX16(IVP_MOVNX16_FROM2NX8(${v8}))`, Array.from({ length: 16 }, (_, i) => [0, 1, 2, 3].reduce((s, j) => s | (bytes[4 * i + j] << BigInt(8 * j)), 0n)));
    p.expectVec('MOV2NX8_FROMN_2XF32', '2NX8U', `IVP_MOV2NX8_FROMN_2XF32(IVP_MOVN_2XF32_FROMNXF16(IVP_MOVNXF16_FROMN_2X32(IVP_MOVN_2X32_FROM2NX8(${v8}))))`, bytes);
    p.run(dir, 'lanes');
  });

  it('divide 32 / 16 with zero divisors and the overflowing quotient', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(5);
    const N = operands(next, 'N_2X32');
    const D = operands(next, 'NX16');
    N[0] = -(1n << 31n);
    D[0] = -1n;
    D[3] = 0n;
    D[4] = 0n;
    const [n, d] = [p.vec('N_2X32', N), p.vec('NX16', D)];
    const NU = N.map((x) => lane('N_2X32U', x));
    const DU = D.map((x) => lane('NX16U', x));
    const [nu, du] = [p.vec('N_2X32U', NU), p.vec('NX16U', DU)];
    const trunc = (x: bigint, y: bigint) => x / y; // BigInt division truncates toward zero
    for (const sel of [0, 1]) {
      const q = N.map((x, i) => (D[2 * i + sel] === 0n ? -1n : trunc(x, D[2 * i + sel])));
      const r = N.map((x, i) => (D[2 * i + sel] === 0n ? x : x - trunc(x, D[2 * i + sel]) * D[2 * i + sel]));
      p.stmt(`xb_vecN_2x32v q${sel}, r${sel}; IVP_DIVN_2X32X16(q${sel}, r${sel}, ${n}, ${d}, ${sel});`);
      p.expectVec(`DIV q sel ${sel}`, 'N_2X32', `q${sel}`, q.map((x) => lane('N_2X32', x)));
      p.expectVec(`DIV r sel ${sel}`, 'N_2X32', `r${sel}`, r.map((x) => lane('N_2X32', x)));
      const qu = NU.map((x, i) => (DU[2 * i + sel] === 0n ? 0xffffffffn : x / DU[2 * i + sel]));
      const ru = NU.map((x, i) => (DU[2 * i + sel] === 0n ? x : x % DU[2 * i + sel]));
      p.stmt(`xb_vecN_2x32Uv qu${sel}, ru${sel}; IVP_DIVN_2X32X16U(qu${sel}, ru${sel}, ${nu}, ${du}, ${sel});`);
      p.expectVec(`DIVU q sel ${sel}`, 'N_2X32U', `qu${sel}`, qu);
      p.expectVec(`DIVU r sel ${sel}`, 'N_2X32U', `ru${sel}`, ru);
    }
    p.run(dir, 'div');
  });

  it('shifts by immediates and per-lane counts at and past the lane width, negative counts, saturating forms', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(31);
    for (const k of SIGNED) {
      const b = bitsOf(k);
      const A = operands(next, k);
      const a = p.vec(k, A);
      for (const s of [0, 1, b >> 1, b - 1, b, b + 3, 31]) {
        lanewise(p, `SLLI${k}(${s})`, k, `IVP_SLLI${k}(${a}, ${s})`, [A], (x) => shl(x, s, b));
        lanewise(p, `SRLI${k}(${s})`, k, `IVP_SRLI${k}(${a}, ${s})`, [A], (x) => shrl(x, s, b));
        lanewise(p, `SRAI${k}(${s})`, k, `IVP_SRAI${k}(${a}, ${s})`, [A], (x) => shra(x, s, b));
        if (b >= 16) lanewise(p, `SLSI${k}(${s})`, k, `IVP_SLSI${k}(${a}, ${s})`, [A], (x) => shls(x, s, b));
      }
      if (b === 8) continue;
      // per-lane counts: every count from −(b + 2) to b + 2 and random ones
      const C = A.map((_, i) => (i < 2 * b + 5 ? BigInt(i - b - 2) : lane(k, BigInt(next()))));
      const c = p.vec(k, C);
      const by = (pos: (x: bigint, s: number, w: number) => bigint, neg: (x: bigint, s: number, w: number) => bigint) => (x: bigint, s: bigint) => {
        const n = s > BigInt(b) ? b : s < -BigInt(b) ? -b : Number(s);
        return n >= 0 ? pos(x, n, b) : neg(x, -n, b);
      };
      const forms: [string, F2][] = [['SLL', by(shl, shrl)], ['SRL', by(shrl, shl)], ['SLA', by(shl, shra)], ['SRA', by(shra, shl)], ['SLS', by(shls, shra)], ['SRS', by(shra, shls)]];
      for (const [op, f] of forms) lanewise(p, `${op}${k}`, k, `IVP_${op}${k}(${a}, ${c})`, [A, C], f);
      lanewise(p, `<<${k}`, k, `(${a} << 3)`, [A], (x) => shl(x, 3, b));
      lanewise(p, `>>${k}`, k, `(${a} >> 5)`, [A], (x) => shra(x, 5, b));
    }
    p.run(dir, 'shifts');
  });

  it('the edge values are in the operands', function () {
    // the generator mixes edges into every operand: the tests above exercise saturation bounds
    const next = rng(14);
    const A = operands(next, 'NX16');
    const e = edges(16);
    const hits = e.filter((x) => A.includes(x));
    if (hits.length < 3) throw new Error(`only ${hits.length} edge values in a 32-lane operand`);
  });
});
