// IVP multiply-accumulate, packs, conversions and reductions (xtensa-ivp-spec.md §12.6–§12.8)
// against a BigInt scalar model written here: wide lanes read back through readWide (24-bit lanes,
// 48-bit pairs, 64-bit lanes in 96-bit slices), pack shifts at 0, at and past their clamp and
// negative, rounding ties of the packs (exact halves round up), saturation bounds.

import { strict as assert } from 'node:assert';
import { IvpMachine, bytesToLanes, lanesToBytes, operand, rng } from './helpers/ivp';

const u = (v: bigint, bits: number) => BigInt.asUintN(bits, v);
const wide = (x: IvpMachine, r: number, bits: 24 | 48 | 64): bigint[] =>
  bits === 64 ? bytesToLanes(x.m.readWide(r), 96, true).map((v) => BigInt.asIntN(64, v)) : bytesToLanes(x.m.readWide(r), bits, true);
const setWide = (x: IvpMachine, r: number, bits: 24 | 48 | 64, lanes: bigint[]) =>
  x.m.writeWide(r, bits === 64 ? lanesToBytes(lanes.map((v) => BigInt.asIntN(64, v)), 96) : lanesToBytes(lanes, bits));

describe('IVP multiply and multiply-accumulate into wide accumulators (§12.6)', () => {
  const cases: [string, 8 | 16, 24 | 48][] = [['2nx8', 8, 24], ['nx16', 16, 48]];
  for (const [t, bits, wbits] of cases) {
    it(`${t}: mul muluu mulus mula muluua muls, pair forms, widening adds`, () => {
      const x = new IvpMachine();
      const next = rng(bits * 11);
      const n = 512 / bits;
      for (let round = 0; round < 6; round++) {
        const [a, b, c, d] = [0, 1, 2, 3].map(() => operand(next, bits, n, 0.5));
        const acc = operand(next, wbits, n, 0.3);
        [a, b, c, d].forEach((v, k) => x.setVec(k + 1, bits, v));
        const refs: [string, (k: number) => bigint, boolean][] = [
          ['mul', (k) => a[k] * b[k], false],
          ['muluu', (k) => u(a[k], bits) * u(b[k], bits), false],
          ['mulus', (k) => u(a[k], bits) * b[k], false],
          ['mula', (k) => acc[k] + a[k] * b[k], true],
          ['muluua', (k) => acc[k] + u(a[k], bits) * u(b[k], bits), true],
          ['muls', (k) => acc[k] - a[k] * b[k], true],
        ];
        for (const [op, ref, uses] of refs) {
          if (uses) setWide(x, 1, wbits, acc);
          x.exec(`ivp_${op}${t}`, [1, 1, 2]);
          assert.deepEqual(wide(x, 1, wbits).slice(0, n), Array.from({ length: n }, (_, k) => BigInt.asIntN(wbits, ref(k))), `${op}${t}`);
        }
        const pairs: [string, (k: number) => bigint, boolean][] = [
          ['mulp', (k) => a[k] * b[k] + c[k] * d[k], false],
          ['muluup', (k) => u(a[k], bits) * u(b[k], bits) + u(c[k], bits) * u(d[k], bits), false],
          ['mulpa', (k) => acc[k] + a[k] * b[k] + c[k] * d[k], true],
          ['muluupa', (k) => acc[k] + u(a[k], bits) * u(b[k], bits) + u(c[k], bits) * u(d[k], bits), true],
        ];
        for (const [op, ref, uses] of pairs) {
          if (uses) setWide(x, 2, wbits, acc);
          x.exec(`ivp_${op}${t}`, [2, 1, 2, 3, 4]);
          assert.deepEqual(wide(x, 2, wbits).slice(0, n), Array.from({ length: n }, (_, k) => BigInt.asIntN(wbits, ref(k))), `${op}${t}`);
        }
        const sfx = t === 'nx16' ? 'nx16' : '2nx8';
        const adds: [string, (k: number) => bigint, boolean][] = [
          [`addw${sfx}`, (k) => a[k] + b[k], false],
          [`addwu${sfx}u`, (k) => u(a[k], bits) + u(b[k], bits), false],
          [`addwa${sfx}`, (k) => acc[k] + a[k] + b[k], true],
          [`addwua${sfx}u`, (k) => acc[k] + u(a[k], bits) + u(b[k], bits), true],
        ];
        for (const [m, ref, uses] of adds) {
          if (uses) setWide(x, 3, wbits, acc);
          x.exec(`ivp_${m}`, [3, 1, 2]);
          assert.deepEqual(wide(x, 3, wbits).slice(0, n), Array.from({ length: n }, (_, k) => BigInt.asIntN(wbits, ref(k))), m);
        }
      }
    });
  }
  it('n_2x32: 64-bit products, accumulate and subtract; mulus takes the first operand unsigned', () => {
    const x = new IvpMachine();
    const next = rng(77);
    for (let round = 0; round < 6; round++) {
      const [a, b] = [operand(next, 32, 16, 0.5), operand(next, 32, 16, 0.5)];
      const acc = operand(next, 64, 16, 0.3);
      x.setVec(1, 32, a);
      x.setVec(2, 32, b);
      x.exec('ivp_muln_2x32', [0, 1, 2]);
      assert.deepEqual(wide(x, 0, 64), a.map((v, k) => v * b[k]));
      x.exec('ivp_mulusn_2x32', [0, 1, 2]);
      assert.deepEqual(wide(x, 0, 64), a.map((v, k) => BigInt.asIntN(64, u(v, 32) * b[k])));
      setWide(x, 0, 64, acc);
      x.exec('ivp_mulan_2x32', [0, 1, 2]);
      assert.deepEqual(wide(x, 0, 64), acc.map((v, k) => BigInt.asIntN(64, v + a[k] * b[k])));
      setWide(x, 0, 64, acc);
      x.exec('ivp_mulsn_2x32', [0, 1, 2]);
      assert.deepEqual(wide(x, 0, 64), acc.map((v, k) => BigInt.asIntN(64, v - a[k] * b[k])));
      const bytes = x.m.readWide(0);
      for (let k = 0; k < 16; k++) {
        const top = bytesToLanes(bytes.subarray(12 * k + 8, 12 * k + 12), 32, true)[0];
        assert.equal(top, acc[k] - a[k] * b[k] < 0n && BigInt.asIntN(64, acc[k] - a[k] * b[k]) < 0n ? -1n : BigInt.asIntN(64, acc[k] - a[k] * b[k]) < 0n ? -1n : 0n, 'the 96-bit slice holds the sign extension');
      }
    }
  });
  it('quad MACs: a register quad against the four bytes of an AR (two ARs for the dual form)', () => {
    const x = new IvpMachine();
    const next = rng(79);
    for (const signed of [true, false]) {
      const q = [0, 1, 2, 3].map(() => operand(next, 8, 64, 0.5));
      q.forEach((v, j) => x.setVec(8 + j, 8, v));
      const [accA, accB] = [operand(next, 24, 64), operand(next, 24, 64)];
      const [s, t] = [0x80ff017f, 0x12fe8003];
      const bytes = (w: number) => [0, 1, 2, 3].map((j) => BigInt(signed ? ((w << (24 - 8 * j)) >> 24) : (w >>> (8 * j)) & 255));
      const lane = (j: number, k: number) => (signed ? q[j][k] : u(q[j][k], 8));
      const want = (acc: bigint[], w: number) => acc.map((v, k) => BigInt.asIntN(24, v + bytes(w).reduce((sum, b, j) => sum + lane(j, k) * b, 0n)));
      x.m.writeAR(3, s);
      x.m.writeAR(5, t);
      setWide(x, 1, 24, accA);
      x.exec(signed ? 'ivp_mulqa2n8xr8' : 'ivp_muluuqa2n8xr8', [1, 8, 3]);
      assert.deepEqual(wide(x, 1, 24), want(accA, s), `mulqa signed=${signed}`);
      setWide(x, 1, 24, accA);
      setWide(x, 2, 24, accB);
      x.exec(signed ? 'ivp_dmulqa2n8xr8' : 'ivp_dmuluuqa2n8xr8', [1, 2, 8, 3, 5]);
      assert.deepEqual(wide(x, 2, 24), want(accB, s), `dmulqa lo signed=${signed}`);
      assert.deepEqual(wide(x, 1, 24), want(accA, t), `dmulqa hi signed=${signed}`);
    }
  });
  it('mulpn16xr16 / mulsupn16xr16 take the AR halves; decnegwnx48 and zero*', () => {
    const x = new IvpMachine();
    const next = rng(78);
    const [a, b] = [operand(next, 16, 32), operand(next, 16, 32)];
    x.setVec(1, 16, a);
    x.setVec(2, 16, b);
    x.m.writeAR(5, 0x8001fffe);
    x.exec('ivp_mulpn16xr16', [1, 1, 2, 5]);
    assert.deepEqual(wide(x, 1, 48), a.map((v, k) => v * -32767n + b[k] * -2n));
    x.exec('ivp_mulsupn16xr16', [1, 1, 2, 5]);
    assert.deepEqual(wide(x, 1, 48), a.map((v, k) => v * 32769n + b[k] * 65534n));
    const acc = operand(next, 48, 32, 0.5);
    setWide(x, 2, 48, acc);
    x.exec('ivp_decnegwnx48', [2]);
    assert.deepEqual(wide(x, 2, 48), acc.map((v) => (v < 0n ? BigInt.asIntN(48, v - 1n) : v)));
    for (const z of ['ivp_zero2nx24', 'ivp_zeronx48', 'ivp_zeron_2x64w']) {
      setWide(x, 2, 48, acc);
      x.exec(z, [2]);
      assert.deepEqual(Array.from(x.m.readWide(2)), Array(192).fill(0));
    }
  });
});

describe('IVP packs and conversions (§12.7)', () => {
  const layouts: [string, 24 | 48 | 64, 8 | 16 | 32, number][] = [['2nx24', 24, 8, 23], ['nx48', 48, 16, 32], ['n_2x64w', 64, 32, 32]];
  const sat = (v: bigint, bits: number, unsigned = false) => {
    const B = BigInt(bits);
    const [lo, hi] = unsigned ? [0n, (1n << B) - 1n] : [-(1n << (B - 1n)), (1n << (B - 1n)) - 1n];
    return v < lo ? lo : v > hi ? hi : v;
  };
  for (const [t, wbits, out, maxSh] of layouts) {
    it(`${t}: packvr (round half up, saturate), packvrnr, packv (vector shifts), packl; ties and shift clamps`, () => {
      const x = new IvpMachine();
      const next = rng(wbits);
      const n = 512 / out;
      for (const sh of [0, 1, 2, 7, 15, maxSh, maxSh + 1, 40, -3]) {
        const s = Math.max(0, Math.min(maxSh, sh));
        const S = BigInt(s);
        const lanes = operand(next, wbits, n, 0.3).map((v, k) => (k % 4 === 0 && s > 0 ? ((v >> S) << S) + (1n << (S - 1n)) : v)); // exact ties
        setWide(x, 1, wbits, lanes.map((v) => BigInt.asIntN(wbits, v)));
        const L = wide(x, 1, wbits).slice(0, n);
        x.m.writeAR(4, sh);
        x.exec(`ivp_packvr${t}`, [2, 1, 4]);
        assert.deepEqual(x.vec(2, out), L.map((v) => sat(s ? (v + (1n << (S - 1n))) >> S : v, out)), `packvr ${sh}`);
        if (t === '2nx24') {
          x.exec('ivp_packvru2nx24', [2, 1, 4]);
          assert.deepEqual(x.vec(2, 8, false), L.map((v) => sat(s ? (v + (1n << (S - 1n))) >> S : v, 8, true)), `packvru ${sh}`);
        }
        x.exec(`ivp_packvrnr${t}`, [2, 1, 4]);
        assert.deepEqual(x.vec(2, out), L.map((v) => BigInt.asIntN(out, v >> S)), `packvrnr ${sh}`);
      }
      const L = wide(x, 1, wbits).slice(0, n);
      const shifts = Array.from({ length: n }, (_, k) => BigInt([0, 1, 3, maxSh, maxSh + 5, -1][k % 6]));
      x.setVec(3, out, shifts);
      x.exec(`ivp_packv${t}`, [2, 1, 3]);
      assert.deepEqual(x.vec(2, out), L.map((v, k) => {
        const s = shifts[k] < 0n ? 0n : shifts[k] > BigInt(maxSh) ? BigInt(maxSh) : shifts[k];
        return sat(s ? (v + (1n << (s - 1n))) >> s : v, out);
      }), 'packv');
      x.exec(`ivp_packl${t}`, [2, 1]);
      assert.deepEqual(x.vec(2, out), L.map((v) => BigInt.asIntN(out, v)), 'packl');
    });
  }
  it('packvrnr*_0 / _1: even and odd lanes into lanes of twice the width, shifted without rounding', () => {
    const x = new IvpMachine();
    const next = rng(8);
    for (const [t, wbits, out] of [['nx48', 48, 32], ['2nx24', 24, 16]] as const) {
      const n = 1536 / wbits;
      const lanes = operand(next, wbits, n, 0.4);
      setWide(x, 1, wbits, lanes);
      for (const sh of [0, 5, 16, 40]) {
        const S = BigInt(Math.min(sh, wbits === 48 ? 32 : 23));
        x.m.writeAR(4, sh);
        for (const odd of [0, 1]) {
          x.exec(`ivp_packvrnr${t}_${odd}`, [2, 1, 4]);
          assert.deepEqual(x.vec(2, out), lanes.filter((_, k) => k % 2 === odd).map((v) => BigInt.asIntN(out, v >> S)), `${t}_${odd} ${sh}`);
        }
      }
    }
  });
  it('packhn_2x64w, packmnx48, packqnx48', () => {
    const x = new IvpMachine();
    const next = rng(5);
    const w64 = operand(next, 64, 16);
    setWide(x, 1, 64, w64);
    x.exec('ivp_packhn_2x64w', [2, 1]);
    assert.deepEqual(x.vec(2, 32), w64.map((v) => v >> 32n));
    const w48 = operand(next, 48, 32, 0.3).map((v, k) => (k % 3 === 0 ? ((v >> 15n) << 15n) + (1n << 14n) : v));
    setWide(x, 1, 48, w48);
    x.exec('ivp_packmnx48', [2, 1]);
    assert.deepEqual(x.vec(2, 16), w48.map((v) => BigInt.asIntN(16, v >> 16n)));
    x.exec('ivp_packqnx48', [2, 1]);
    assert.deepEqual(x.vec(2, 16), w48.map((v) => BigInt.asIntN(16, (v + 16384n) >> 15n)));
  });
  it('cvt48s/u, cvt32s/u from 48, cvt24s, cvt16 from 24, cvt32s from 24, unpk', () => {
    const x = new IvpMachine();
    const next = rng(6);
    const [hi, lo] = [operand(next, 32, 16), operand(next, 32, 16)];
    x.setVec(1, 32, hi);
    x.setVec(2, 32, lo);
    x.exec('ivp_cvt48snx32', [0, 1, 2]);
    assert.deepEqual(wide(x, 0, 48), [...lo, ...hi]);
    x.exec('ivp_cvt32snx48h', [3, 0]);
    assert.deepEqual(x.vec(3, 32), hi);
    x.exec('ivp_cvt32unx48l', [3, 0]);
    assert.deepEqual(x.vec(3, 32), lo);
    x.exec('ivp_cvt48unx32', [0, 1, 2]);
    assert.deepEqual(wide(x, 0, 48), [...lo, ...hi].map((v) => u(v, 32)));
    const [h16, l16] = [operand(next, 16, 32), operand(next, 16, 32)];
    x.setVec(1, 16, h16);
    x.setVec(2, 16, l16);
    x.exec('ivp_cvt24s2nx16', [1, 1, 2]);
    const w24 = [...l16, ...h16];
    assert.deepEqual(wide(x, 1, 24), w24);
    x.exec('ivp_cvt16s2nx24l', [3, 1]);
    assert.deepEqual(x.vec(3, 16), l16);
    x.exec('ivp_cvt16u2nx24h', [3, 1]);
    assert.deepEqual(x.vec(3, 16), h16);
    ['ll', 'lh', 'hl', 'hh'].forEach((q, k) => {
      x.exec(`ivp_cvt32s2nx24${q}`, [3, 1]);
      assert.deepEqual(x.vec(3, 32), w24.slice(16 * k, 16 * k + 16), q);
    });
    x.setVec(4, 16, l16);
    x.exec('ivp_unpksnx16_h', [4, 4]);
    assert.deepEqual(x.vec(4, 32), l16.slice(16));
    x.setVec(4, 16, l16);
    x.exec('ivp_unpkunx16_l', [5, 4]);
    assert.deepEqual(x.vec(5, 32), l16.slice(0, 16).map((v) => u(v, 16)));
  });
});

describe('IVP integer reductions (§12.8)', () => {
  for (const [t, bits] of [['2nx8', 8], ['nx16', 16], ['n_2x32', 32]] as const) {
    it(`${t}: radd rmax rmin rmaxu rminu into lane 0`, () => {
      const x = new IvpMachine();
      const next = rng(bits * 5);
      const n = 512 / bits;
      for (let round = 0; round < 5; round++) {
        const a = operand(next, bits, n, 0.5);
        x.setVec(1, bits, a);
        const ua = a.map((v) => u(v, bits));
        const refs: [string, bigint][] = [
          ['radd', BigInt.asIntN(32, a.reduce((s, v) => s + v, 0n))],
          ['rmax', a.reduce((m, v) => (v > m ? v : m))],
          ['rmin', a.reduce((m, v) => (v < m ? v : m))],
          ['rmaxu', BigInt.asIntN(32, ua.reduce((m, v) => (v > m ? v : m)))],
          ['rminu', BigInt.asIntN(32, ua.reduce((m, v) => (v < m ? v : m)))],
        ];
        for (const [op, want] of refs) {
          x.exec(`ivp_${op}${t}`, [2, 1]);
          assert.deepEqual(x.vec(2, 32), [want, ...Array(15).fill(0n)], `${op}${t}`);
        }
        if (bits === 8) {
          x.exec('ivp_raddu2nx8', [2, 1]);
          assert.equal(x.vec(2, 32)[0], ua.reduce((s, v) => s + v, 0n));
        }
      }
    });
  }
});
