// IVP predicate bits in lanes, gathers/scatters, the 32 ÷ 16-bit divide, the remaining MAC and
// convert forms (xtensa-ivp-spec.md §12.1–§12.7), against a BigInt model written here; and the
// vector state through snapshots (the debugger's history restores it).

import { strict as assert } from 'node:assert';
import { DATA, IvpMachine, bytesToLanes, lanesToBytes, operand, rng } from './helpers/ivp';

const u = (v: bigint, bits: number) => BigInt.asUintN(bits, v);

describe('IVP predicate bits, gathers and scatters, divide, more MAC forms', () => {
  it('injbi writes and extbi reads bit imm of every lane', () => {
    const x = new IvpMachine();
    const next = rng(1);
    for (const [t, bits] of [['2nx8', 8], ['nx16', 16], ['n_2x32', 32]] as const) {
      const n = 512 / bits;
      const a = operand(next, bits, n);
      const p = Array.from({ length: n }, () => next() & 1);
      for (const bit of [0, 3, bits - 1]) {
        x.setVec(1, bits, a);
        x.setPredLanes(2, p);
        x.exec(`ivp_injbi${t}`, [1, 2, bit]);
        const B = 1n << BigInt(bit);
        const want = a.map((v, k) => BigInt.asIntN(bits, p[k] ? u(v, bits) | B : u(v, bits) & ~B));
        assert.deepEqual(x.vec(1, bits), want, `injbi${t} ${bit}`);
        x.exec(`ivp_extbi${t}`, [3, 1, bit]);
        assert.deepEqual(x.predLanes(3, n), p, `extbi${t} ${bit}`);
        x.setVec(1, bits, a);
        x.exec(`ivp_extbi${t}`, [3, 1, bit]);
        assert.deepEqual(x.predLanes(3, n), a.map((v) => Number((u(v, bits) >> BigInt(bit)) & 1n)));
      }
    }
  });
  it('gathers read base + byte offsets per lane; scatters store per lane (the highest colliding lane wins)', () => {
    const x = new IvpMachine();
    const next = rng(2);
    const mem = Uint8Array.from({ length: 4096 }, () => next() & 255);
    x.m.writeMemory(DATA, mem);
    x.m.writeAR(2, DATA + 256);
    const off16 = Array.from({ length: 32 }, () => BigInt(2 * (next() % 1000)));
    x.setVec(1, 16, off16);
    x.exec('ivp_gatheranx16', [2, 2, 1]);
    x.exec('ivp_gatherdnx16', [3, 2]);
    assert.deepEqual(x.vec(3, 16), off16.map((o) => bytesToLanes(mem.subarray(256 + Number(o), 258 + Number(o)), 16, true)[0]));
    x.exec('ivp_gatheranx8s', [2, 2, 1]);
    assert.deepEqual(x.vec(2, 16), off16.map((o) => BigInt((mem[256 + Number(o)] << 24) >> 24)));
    x.exec('ivp_gatheranx8u', [2, 2, 1]);
    assert.deepEqual(x.vec(2, 16), off16.map((o) => BigInt(mem[256 + Number(o)])));
    const off32 = Array.from({ length: 16 }, () => BigInt(4 * (next() % 500)));
    x.setVec(4, 32, off32);
    x.exec('ivp_gatheran_2x32', [5, 2, 4]);
    assert.deepEqual(x.vec(5, 32), off32.map((o) => bytesToLanes(mem.subarray(256 + Number(o), 260 + Number(o)), 32, true)[0]));
    // scatter with a collision: lanes 3 and 9 store to the same place
    const data = operand(next, 32, 16);
    const so = off32.map((o, k) => (k === 9 ? off32[3] : o));
    x.setVec(4, 32, so);
    x.setVec(6, 32, data);
    x.exec('ivp_scattern_2x32', [6, 2, 4]);
    const want = new Map<number, bigint>();
    so.forEach((o, k) => want.set(Number(o), data[k]));
    for (const [o, v] of want) assert.equal(bytesToLanes(x.m.readMemory(DATA + 256 + o, 4)!, 32, true)[0], v);
  });
  it('divn_2x32x16(u): quotient and remainder by the sel half of each 32-bit lane, zero divisors defined', () => {
    const x = new IvpMachine();
    const next = rng(3);
    for (const unsigned of [false, true]) {
      for (const sel of [0, 1]) {
        const num = operand(next, 32, 16, 0.4);
        const den = operand(next, 16, 32, 0.4).map((v, k) => (k % 7 === 0 ? 0n : v));
        x.setVec(1, 32, num);
        x.setVec(2, 16, den);
        x.exec(unsigned ? 'ivp_divn_2x32x16u' : 'ivp_divn_2x32x16', [3, 4, 1, 2, sel]);
        const q: bigint[] = [];
        const r: bigint[] = [];
        num.forEach((n0, k) => {
          const n = unsigned ? u(n0, 32) : n0;
          const d = unsigned ? u(den[2 * k + sel], 16) : den[2 * k + sel];
          if (d === 0n) {
            q.push(-1n);
            r.push(BigInt.asIntN(32, n));
          } else {
            q.push(BigInt.asIntN(32, n / d)); // BigInt division truncates
            r.push(BigInt.asIntN(32, n % d));
          }
        });
        assert.deepEqual(x.vec(3, 32), q, `q unsigned=${unsigned} sel=${sel}`);
        assert.deepEqual(x.vec(4, 32), r, `r unsigned=${unsigned} sel=${sel}`);
      }
    }
  });
  it('cvt24unx32l/h, muluupda2nx8, muluun_2x16x32_0', () => {
    const x = new IvpMachine();
    const next = rng(4);
    const vs = [0, 1, 2, 3].map(() => operand(next, 32, 16));
    vs.forEach((v, k) => x.setVec(k + 1, 32, v));
    x.exec('ivp_cvt24unx32l', [0, 2, 1]);
    x.exec('ivp_cvt24unx32h', [0, 4, 3]);
    const w = bytesToLanes(x.m.readWide(0), 24, true);
    assert.deepEqual(w, [...vs[0], ...vs[1], ...vs[2], ...vs[3]].map((v) => BigInt.asIntN(24, v)));
    const [d1, c, d2] = [operand(next, 8, 64), operand(next, 8, 64), operand(next, 8, 64)];
    const acc = operand(next, 24, 64);
    x.m.writeWide(1, lanesToBytes(acc, 24));
    x.setVec(5, 8, d1);
    x.setVec(6, 8, c);
    x.setVec(7, 8, d2);
    x.exec('ivp_muluupda2nx8', [1, 5, 6, 7]);
    assert.deepEqual(bytesToLanes(x.m.readWide(1), 24, true), acc.map((v, k) => BigInt.asIntN(24, v + (u(d1[k], 8) - u(d2[k], 8)) * u(c[k], 8))));
    const [a16, b32] = [operand(next, 16, 32), operand(next, 32, 16)];
    x.setVec(5, 16, a16);
    x.setVec(6, 32, b32);
    x.exec('ivp_muluun_2x16x32_0', [2, 5, 6]);
    assert.deepEqual(bytesToLanes(x.m.readWide(2), 96, true).map((v) => BigInt.asIntN(64, v)), b32.map((v, k) => u(a16[2 * k], 16) * u(v, 32)));
  });

  it('movww, movbb and movuu copy a whole register of their file and leave the source and the others', () => {
    const x = new IvpMachine();
    const next = rng(9);
    const bytes = (n: number) => Uint8Array.from({ length: n }, () => next() & 255);
    const [w1, w2, a0, a3] = [bytes(192), bytes(192), bytes(64), bytes(64)];
    x.m.writeWide(1, w1);
    x.m.writeWide(2, w2);
    x.exec('ivp_movww', [3, 1]);
    assert.deepEqual([x.m.readWide(3), x.m.readWide(1), x.m.readWide(2)], [w1, w1, w2]);
    x.m.writePredicate(14, 0x8000_0001_f0f0_1234n);
    x.m.writePredicate(2, 0x1111n);
    x.exec('ivp_movbb', [2, 14]);
    assert.deepEqual([x.m.readPredicate(2), x.m.readPredicate(14), x.m.readPredicate(3)], [0x8000_0001_f0f0_1234n, 0x8000_0001_f0f0_1234n, 0n]);
    x.m.writeAlign(0, a0);
    x.m.writeAlign(3, a3);
    x.exec('ivp_movuu', [0, 3]);
    assert.deepEqual([x.m.readAlign(0), x.m.readAlign(3)], [a3, a3]);
  });
});

describe('IVP state in snapshots', () => {
  it('restores vector, wide, predicate and alignment registers taken in a snapshot', () => {
    const x = new IvpMachine();
    const next = rng(5);
    const v = operand(next, 32, 16);
    x.setVec(7, 32, v);
    x.m.writePredicate(3, 0x0123456789abcdefn);
    x.m.writeWide(2, Uint8Array.from({ length: 192 }, (_, k) => k));
    x.m.writeAlign(1, Uint8Array.from({ length: 64 }, (_, k) => 255 - k));
    const snap = x.m.snapshot(undefined, { copied: 0 });
    x.setVec(7, 32, Array(16).fill(0n));
    x.m.writePredicate(3, 0n);
    x.m.writeWide(2, new Uint8Array(192));
    x.m.writeAlign(1, new Uint8Array(64));
    x.m.restore(snap);
    assert.deepEqual(x.vec(7, 32), v);
    assert.equal(x.m.readPredicate(3), 0x0123456789abcdefn);
    assert.deepEqual(Array.from(x.m.readWide(2)), Array.from({ length: 192 }, (_, k) => k));
    assert.deepEqual(Array.from(x.m.readAlign(1)), Array.from({ length: 64 }, (_, k) => 255 - k));
  });
});
