// IVP integer families against a scalar reference model written here with BigInt (independent of
// the emulator's typed-array handlers): random lanes mixed with the edge values of each width
// (saturation bounds, the most negative value, ±1), shift counts at and past the lane width, every
// SEL*I / DSEL*I pattern, predicated forms with random predicates (xtensa-ivp-spec.md §12.2–§12.5).

import { strict as assert } from 'node:assert';
import { INSN_BY_MNEMONIC } from '../../xtensa/isa';
import { IvpMachine, operand, rng } from './helpers/ivp';

const TYPES: [string, number][] = [['2nx8', 8], ['nx16', 16], ['n_2x32', 32]];
const ROUNDS = 12;

const sat = (v: bigint, bits: number): bigint => {
  const max = (1n << BigInt(bits - 1)) - 1n;
  return v > max ? max : v < -max - 1n ? -max - 1n : v;
};
const u = (v: bigint, bits: number): bigint => BigInt.asUintN(bits, v);
const floorHalf = (v: bigint): bigint => (v >= 0n ? v / 2n : -((-v + 1n) / 2n));
const clz = (v: bigint, bits: number): bigint => {
  let n = 0n;
  for (let k = bits - 1; k >= 0 && ((v >> BigInt(k)) & 1n) === 0n; k--) n++;
  return n;
};

type Ref2 = (x: bigint, y: bigint, bits: number) => bigint;
const BINARY: Record<string, Ref2> = {
  add: (x, y) => x + y,
  sub: (x, y) => x - y,
  avg: (x, y) => floorHalf(x + y),
  avgu: (x, y, b) => floorHalf(u(x, b) + u(y, b)),
  avgr: (x, y) => floorHalf(x + y + 1n),
  avgru: (x, y, b) => floorHalf(u(x, b) + u(y, b) + 1n),
  min: (x, y) => (x < y ? x : y),
  max: (x, y) => (x > y ? x : y),
  minu: (x, y, b) => (u(x, b) < u(y, b) ? x : y),
  maxu: (x, y, b) => (u(x, b) > u(y, b) ? x : y),
  and: (x, y) => x & y,
  or: (x, y) => x | y,
  xor: (x, y) => x ^ y,
};
const UNARY: Record<string, (x: bigint, bits: number) => bigint> = {
  neg: (x) => -x,
  abs: (x) => (x < 0n ? -x : x),
  not: (x) => ~x,
};
const SATURATING: Record<string, Ref2> = {
  adds: (x, y, b) => sat(x + y, b),
  subs: (x, y, b) => sat(x - y, b),
  abssub: (x, y) => (x > y ? x - y : y - x),
  abssubu: (x, y, b) => (u(x, b) > u(y, b) ? u(x, b) - u(y, b) : u(y, b) - u(x, b)),
};

/** Runs `op v3, v1, v2` over random operands and compares every lane with `ref`. */
function checkBinary(t: string, bits: number, mnemonic: string, ref: Ref2, seed: number, second?: () => bigint[]): void {
  const x = new IvpMachine();
  const next = rng(seed);
  const n = 512 / bits;
  for (let round = 0; round < ROUNDS; round++) {
    const a = operand(next, bits, n);
    const b = second ? second() : operand(next, bits, n);
    x.setVec(1, bits, a);
    x.setVec(2, bits, b);
    x.exec(mnemonic, INSN_BY_MNEMONIC.get(mnemonic)?.operands.length === 2 ? [3, 1] : [3, 1, 2]);
    const got = x.vec(3, bits);
    for (let i = 0; i < n; i++) {
      const want = BigInt.asIntN(bits, ref(a[i], b[i], bits));
      if (got[i] !== want) assert.fail(`${mnemonic} lane ${i}: ${a[i]}, ${b[i]} → ${got[i]}, want ${want}`);
    }
  }
}

describe('IVP integer arithmetic (§12.3) against a scalar model', () => {
  for (const [t, bits] of TYPES) {
    it(`${t}: add sub avg(u) avgr(u) min max minu maxu and or xor`, () => {
      for (const [op, ref] of Object.entries(BINARY)) checkBinary(t, bits, `ivp_${op}${t}`, ref, bits * 31 + op.length);
    });
    it(`${t}: neg abs not (the most negative value wraps)`, () => {
      for (const [op, ref] of Object.entries(UNARY)) checkBinary(t, bits, `ivp_${op}${t}`, (a) => ref(a, bits), bits + 7);
      const x = new IvpMachine();
      const min = -(1n << BigInt(bits - 1));
      x.setVec(1, bits, Array(512 / bits).fill(min));
      x.exec(`ivp_abs${t}`, [2, 1]);
      assert.equal(x.vec(2, bits)[0], min);
    });
    it(`${t}: predicated add/sub keep the lanes whose predicate is false`, () => {
      const x = new IvpMachine();
      const next = rng(bits);
      const n = 512 / bits;
      for (const [op, ref] of [['add', BINARY.add], ['sub', BINARY.sub]] as const) {
        for (let round = 0; round < 4; round++) {
          const [a, b, r] = [operand(next, bits, n), operand(next, bits, n), operand(next, bits, n)];
          const p = Array.from({ length: n }, () => next() & 1);
          x.setVec(1, bits, a);
          x.setVec(2, bits, b);
          x.setVec(3, bits, r);
          x.setPredLanes(5, p);
          x.exec(`ivp_${op}${t}t`, [3, 1, 2, 5]);
          const got = x.vec(3, bits);
          for (let i = 0; i < n; i++) assert.equal(got[i], p[i] ? BigInt.asIntN(bits, ref(a[i], b[i], bits)) : r[i], `${op}${t}t lane ${i}`);
        }
      }
    });
  }
  for (const [t, bits] of TYPES.slice(0, 2)) {
    it(`${t}: adds subs saturate at the bounds, abssub(u) is unsigned`, () => {
      for (const [op, ref] of Object.entries(SATURATING)) {
        checkBinary(t, bits, `ivp_${op}${t}`, (a, b, w) => BigInt.asIntN(w, ref(a, b, w)), bits * 3 + op.length);
      }
      const x = new IvpMachine();
      const max = (1n << BigInt(bits - 1)) - 1n;
      x.setVec(1, bits, Array(512 / bits).fill(max));
      x.setVec(2, bits, Array(512 / bits).fill(1n));
      x.exec(`ivp_adds${t}`, [3, 1, 2]);
      assert.equal(x.vec(3, bits)[5], max);
      x.exec(`ivp_subs${t}`, [3, 2, 1]);
      x.exec(`ivp_subs${t}`, [3, 3, 2]);
      x.exec(`ivp_subs${t}`, [3, 3, 2]);
      assert.equal(x.vec(3, bits)[9], -max - 1n);
    });
  }
  it('nsau / nsa count leading zeros and redundant sign bits; popc counts bits', () => {
    for (const [t, bits] of TYPES.slice(1)) {
      checkBinary(t, bits, `ivp_nsau${t}`, (a) => clz(u(a, bits), bits), 5);
      checkBinary(t, bits, `ivp_nsa${t}`, (a) => clz(u(a < 0n ? ~a : a, bits), bits) - 1n, 6);
    }
    checkBinary('2nx8', 8, 'ivp_popc2nx8', (a) => BigInt([...u(a, 8).toString(2)].filter((c) => c === '1').length), 7);
  });
  it('mulnx16packl keeps the low 16 bits; mulanx16packl accumulates them', () => {
    checkBinary('nx16', 16, 'ivp_mulnx16packl', (a, b) => a * b, 8);
    checkBinary('nx16', 16, 'ivp_mulnx16upackl', (a, b) => a * b, 9);
    const x = new IvpMachine();
    const next = rng(10);
    const [a, b, r] = [operand(next, 16, 32), operand(next, 16, 32), operand(next, 16, 32)];
    x.setVec(1, 16, a);
    x.setVec(2, 16, b);
    x.setVec(3, 16, r);
    x.exec('ivp_mulanx16packl', [3, 1, 2]);
    assert.deepEqual(x.vec(3, 16), r.map((v, i) => BigInt.asIntN(16, v + a[i] * b[i])));
  });
});

describe('IVP shifts (§12.4) against a scalar model', () => {
  const counts = (bits: number, next: () => number): (() => bigint[]) => () =>
    Array.from({ length: 512 / bits }, (_, i) => {
      const special = [0, 1, bits - 1, bits, bits + 1, -1, -(bits - 1), -bits, -bits - 1, 127 % (1 << (bits - 1))];
      return BigInt(i < special.length ? special[i] : (next() % (2 * bits + 7)) - bits - 3);
    });
  const clamp = (s: bigint, bits: number) => (s > BigInt(bits) ? BigInt(bits) : s < -BigInt(bits) ? -BigInt(bits) : s);
  for (const [t, bits] of TYPES) {
    it(`${t}: slli srli srai for every count 0..31 (counts at and past the width)`, () => {
      const x = new IvpMachine();
      const next = rng(bits + 100);
      const a = operand(next, bits, 512 / bits);
      x.setVec(1, bits, a);
      for (let s = 0; s < 32; s++) {
        const S = BigInt(s);
        x.exec(`ivp_slli${t}`, [2, 1, s]);
        assert.deepEqual(x.vec(2, bits), a.map((v) => BigInt.asIntN(bits, v << S)), `slli ${s}`);
        x.exec(`ivp_srli${t}`, [2, 1, s]);
        assert.deepEqual(x.vec(2, bits), a.map((v) => BigInt.asIntN(bits, u(v, bits) >> S)), `srli ${s}`);
        x.exec(`ivp_srai${t}`, [2, 1, s]);
        assert.deepEqual(x.vec(2, bits), a.map((v) => v >> S), `srai ${s}`);
      }
    });
  }
  for (const [t, bits] of TYPES.slice(1)) {
    it(`${t}: per-lane sll srl sla sra sls srs with negative counts and counts past the width`, () => {
      const next = rng(bits + 200);
      const refs: Record<string, Ref2> = {
        sll: (x, y, b) => (clamp(y, b) >= 0n ? x << clamp(y, b) : u(x, b) >> -clamp(y, b)),
        srl: (x, y, b) => (clamp(y, b) >= 0n ? u(x, b) >> clamp(y, b) : x << -clamp(y, b)),
        sla: (x, y, b) => (clamp(y, b) >= 0n ? x << clamp(y, b) : x >> -clamp(y, b)),
        sra: (x, y, b) => (clamp(y, b) >= 0n ? x >> clamp(y, b) : x << -clamp(y, b)),
        sls: (x, y, b) => (clamp(y, b) >= 0n ? sat(x << clamp(y, b), b) : x >> -clamp(y, b)),
        srs: (x, y, b) => (clamp(y, b) >= 0n ? x >> clamp(y, b) : sat(x << -clamp(y, b), b)),
      };
      for (const [op, ref] of Object.entries(refs)) checkBinary(t, bits, `ivp_${op}${t}`, ref, bits + op.charCodeAt(2), counts(bits, next));
      const x = new IvpMachine();
      const a = operand(next, bits, 512 / bits);
      x.setVec(1, bits, a);
      for (const s of [0, 1, bits - 1, 31]) {
        x.exec(`ivp_slsi${t}`, [2, 1, s]);
        assert.deepEqual(x.vec(2, bits), a.map((v) => sat(v << BigInt(s), bits)), `slsi ${s}`);
      }
    });
  }
});

describe('IVP compares and predicate logic (§12.5) against a scalar model', () => {
  const REL: Record<string, (x: bigint, y: bigint) => boolean> = {
    eq: (x, y) => x === y, neq: (x, y) => x !== y, lt: (x, y) => x < y, le: (x, y) => x <= y, gt: (x, y) => x > y, ge: (x, y) => x >= y,
  };
  for (const [t, bits] of TYPES) {
    it(`${t}: signed and unsigned compares write every lane's predicate bits`, () => {
      const x = new IvpMachine();
      const next = rng(bits + 300);
      const n = 512 / bits;
      for (let round = 0; round < ROUNDS; round++) {
        const a = operand(next, bits, n, 0.6);
        const b = a.map((v) => (next() % 3 === 0 ? v : operand(next, bits, 1, 0.6)[0]));
        x.setVec(1, bits, a);
        x.setVec(2, bits, b);
        for (const [op, rel] of Object.entries(REL)) {
          x.exec(`ivp_${op}${t}`, [4, 1, 2]);
          assert.deepEqual(x.predLanes(4, n), a.map((v, i) => (rel(v, b[i]) ? 1 : 0)), `${op}${t}`);
          const mask = x.m.readPredicate(4);
          const per = 64 / n;
          for (let i = 0; i < n; i++) {
            const laneBits = (mask >> BigInt(i * per)) & ((1n << BigInt(per)) - 1n);
            assert.ok(laneBits === 0n || laneBits === (1n << BigInt(per)) - 1n, 'all bits of a lane are written');
          }
          if (['lt', 'le', 'gt', 'ge'].includes(op)) {
            x.exec(`ivp_${op}u${t}u`, [4, 1, 2]);
            assert.deepEqual(x.predLanes(4, n), a.map((v, i) => (rel(u(v, bits), u(b[i], bits)) ? 1 : 0)), `${op}u${t}u`);
          }
        }
      }
    });
  }
  it('andb orb xorb andnotb notb on whole masks; extractb and joinb convert lane counts', () => {
    const x = new IvpMachine();
    const next = rng(400);
    const rand64 = () => (BigInt(next()) << 32n) | BigInt(next());
    const M = (1n << 64n) - 1n;
    for (let round = 0; round < 8; round++) {
      const [p, q] = [rand64(), rand64()];
      x.m.writePredicate(1, p);
      x.m.writePredicate(2, q);
      for (const s of ['2n', 'n', 'n_2']) {
        x.exec(`ivp_andb${s}`, [3, 1, 2]);
        assert.equal(x.m.readPredicate(3), p & q);
        x.exec(`ivp_orb${s}`, [3, 1, 2]);
        assert.equal(x.m.readPredicate(3), p | q);
        x.exec(`ivp_xorb${s}`, [3, 1, 2]);
        assert.equal(x.m.readPredicate(3), p ^ q);
        x.exec(`ivp_andnotb${s}`, [3, 1, 2]);
        assert.equal(x.m.readPredicate(3), p & ~q & M);
        x.exec(`ivp_notb${s}`, [3, 1]);
        assert.equal(x.m.readPredicate(3), ~p & M);
      }
      const lanes64 = Array.from({ length: 64 }, () => next() & 1);
      x.setPredLanes(1, lanes64);
      x.exec('ivp_extractbl2n', [3, 1]);
      assert.deepEqual(x.predLanes(3, 32), lanes64.slice(0, 32));
      x.exec('ivp_extractbh2n', [4, 1]);
      assert.deepEqual(x.predLanes(4, 32), lanes64.slice(32));
      x.exec('ivp_joinbn', [5, 4, 3]);
      assert.deepEqual(x.predLanes(5, 64), lanes64);
      x.exec('ivp_extractbln', [6, 3]);
      assert.deepEqual(x.predLanes(6, 16), lanes64.slice(0, 16));
      x.exec('ivp_extractbhn', [7, 3]);
      assert.deepEqual(x.predLanes(7, 16), lanes64.slice(16, 32));
      x.exec('ivp_joinbn_2', [8, 7, 6]);
      assert.deepEqual(x.predLanes(8, 32), lanes64.slice(0, 32));
    }
  });
});

describe('IVP moves, sequences, lane extraction, select and shuffle (§12.2, §12.5)', () => {
  it('movva broadcasts, seq counts, extr reads a lane sign-extended, movt selects by predicate', () => {
    const x = new IvpMachine();
    x.m.writeAR(3, 0x89abcdef);
    for (const [bits, m] of [[8, 'ivp_movva8'], [16, 'ivp_movva16'], [32, 'ivp_movva32']] as const) {
      x.exec(m, [1, 3]);
      assert.deepEqual(x.vec(1, bits, false), Array(512 / bits).fill(BigInt(0x89abcdef) & ((1n << BigInt(bits)) - 1n)));
    }
    for (const [t, bits] of TYPES) {
      const n = 512 / bits;
      x.exec(`ivp_seq${t}`, [2]);
      assert.deepEqual(x.vec(2, bits, false), Array.from({ length: n }, (_, i) => BigInt(i)));
      const next = rng(bits);
      const a = operand(next, bits, n);
      x.setVec(4, bits, a);
      for (const lane of [0, 1, n - 1, n === 64 ? 63 : n + 2]) {
        x.exec(`ivp_extr${t}`, [5, 4, lane]);
        assert.equal(BigInt(x.m.readAR(5) | 0), a[lane % n], `extr${t} ${lane}`);
      }
      const b = operand(next, bits, n);
      x.setVec(6, bits, b);
      const p = Array.from({ length: n }, () => next() & 1);
      x.setPredLanes(2, p);
      x.exec(`ivp_mov${t}t`, [7, 4, 6, 2]);
      assert.deepEqual(x.vec(7, bits), a.map((v, i) => (p[i] ? v : b[i])));
    }
  });
  it('ltr predicates: the first n lanes, n from an AR or an immediate, clamped to 0..lanes', () => {
    const x = new IvpMachine();
    for (const [s, n] of [['2n', 64], ['n', 32], ['n_2', 16]] as const) {
      for (const k of [-5, 0, 1, n - 1, n, n + 9]) {
        x.m.writeAR(2, k);
        x.exec(`ivp_ltr${s}`, [1, 2]);
        assert.deepEqual(x.predLanes(1, n), Array.from({ length: n }, (_, i) => (i < k ? 1 : 0)));
        if (k >= 0) {
          x.exec(`ivp_ltr${s}i`, [3, k]);
          assert.deepEqual(x.predLanes(3, n), Array.from({ length: n }, (_, i) => (i < k ? 1 : 0)));
        }
      }
    }
  });
  for (const [t, bits] of TYPES) {
    it(`${t}: sel indexes concat(lo, hi), shfl permutes one source (index bits above the range ignored)`, () => {
      const x = new IvpMachine();
      const next = rng(bits + 500);
      const n = 512 / bits;
      const [hi, lo] = [operand(next, bits, n), operand(next, bits, n)];
      const idx = Array.from({ length: n }, () => BigInt(next() % (1 << Math.min(bits, 16))));
      x.setVec(1, bits, hi);
      x.setVec(2, bits, lo);
      x.setVec(3, bits, idx);
      x.exec(`ivp_sel${t}`, [2, 1, 2, 3]); // destination aliases lo
      const cat = [...lo, ...hi];
      assert.deepEqual(x.vec(2, bits), idx.map((j) => cat[Number(u(j, bits) % BigInt(2 * n))]));
      x.setVec(2, bits, lo);
      x.exec(`ivp_shfl${t}`, [2, 2, 3]);
      assert.deepEqual(x.vec(2, bits), idx.map((j) => lo[Number(u(j, bits) % BigInt(n))]));
    });
  }
  it('sel*i: every immediate pattern of every element size (interleave, extract, rotate)', () => {
    const x = new IvpMachine();
    const next = rng(600);
    for (const [code, es] of [[0, 8], [1, 16], [2, 32]] as const) {
      const L = 512 / es;
      const [hi, lo] = [operand(next, es, L), operand(next, es, L)];
      const cat = [...lo, ...hi];
      const inter1: bigint[] = [];
      const inter2: bigint[] = [];
      for (let k = 0; k < L; k++) inter1.push(lo[k], hi[k]);
      for (let k = 0; k < L; k += 2) inter2.push(lo[k], lo[k + 1], hi[k], hi[k + 1]);
      const want: [number, bigint[]][] = [
        [0, inter1.slice(0, L)], [1, inter1.slice(L)], [2, inter2.slice(0, L)], [3, inter2.slice(L)],
        [4, cat.filter((_, j) => j % 2 === 0)], [5, cat.filter((_, j) => j % 2 === 1)],
      ];
      for (let r = 0; r < 64; r++) want.push([64 + r, Array.from({ length: L }, (_, i) => cat[(i + r) % (2 * L)])]);
      x.setVec(1, es, hi);
      x.setVec(2, es, lo);
      for (const [kind, out] of want) {
        for (const t of ['2nx8', 'nx16', 'n_2x32']) {
          x.exec(`ivp_sel${t}i`, [3, 1, 2, (code << 7) | kind]);
          assert.deepEqual(x.vec(3, es), out, `sel${t}i element ${es} kind ${kind}`);
        }
      }
      x.exec('ivp_selnx16i', [3, 1, 2, (code << 7) | 9]);
      assert.deepEqual(x.vec(3, es), Array(L).fill(0n), 'a reserved pattern gives zero');
    }
  });
  it('dsel*i: both outputs of the interleave and deinterleave patterns', () => {
    const x = new IvpMachine();
    const next = rng(700);
    for (const [code, es] of [[0, 8], [1, 16], [2, 32]] as const) {
      const L = 512 / es;
      const [hi, lo] = [operand(next, es, L), operand(next, es, L)];
      const cat = [...lo, ...hi];
      const inter1: bigint[] = [];
      const inter2: bigint[] = [];
      for (let k = 0; k < L; k++) inter1.push(lo[k], hi[k]);
      for (let k = 0; k < L; k += 2) inter2.push(lo[k], lo[k + 1], hi[k], hi[k + 1]);
      const pairs = (odd: number) => cat.filter((_, j) => (j >> 1) % 2 === odd);
      const cases: [number, bigint[], bigint[]][] = [
        [0, inter1.slice(L), inter1.slice(0, L)],
        [1, inter2.slice(L), inter2.slice(0, L)],
        [2, cat.filter((_, j) => j % 2 === 1), cat.filter((_, j) => j % 2 === 0)],
        [3, pairs(1), pairs(0)],
      ];
      for (const [kind, outHi, outLo] of cases) {
        x.setVec(1, es, hi);
        x.setVec(2, es, lo);
        x.exec('ivp_dselnx16i', [1, 2, 1, 2, (code << 2) | kind]); // outputs alias the inputs
        assert.deepEqual(x.vec(1, es), outHi, `element ${es} kind ${kind} hi`);
        assert.deepEqual(x.vec(2, es), outLo, `element ${es} kind ${kind} lo`);
      }
    }
  });
  it('dsel*i 3-channel steps: an RGB stream of 64 pixels to three planes and back', () => {
    const x = new IvpMachine();
    const next = rng(701);
    const pixels = Array.from({ length: 64 }, () => [BigInt(next() & 255), BigInt(next() & 255), BigInt(next() & 255)]);
    const stream = pixels.flat();
    const plane = (ch: number) => pixels.map((p) => p[ch]);
    const or = (a: bigint[], b: bigint[]) => a.map((v, k) => v | b[k]);
    const dsel = (pattern: number, hi: bigint[], lo: bigint[]): [bigint[], bigint[]] => {
      x.setVec(1, 8, hi);
      x.setVec(2, 8, lo);
      x.exec('ivp_dsel2nx8i', [3, 4, 1, 2, pattern]);
      return [x.vec(3, 8, false), x.vec(4, 8, false)];
    };
    const [a0, a1, a2] = [stream.slice(0, 64), stream.slice(64, 128), stream.slice(128)];
    // deinterleave: two C3 steps give the R,G pairs of each half and B in halves, DEINTERLEAVE_1 splits R and G
    const [b0, rg0] = dsel(12, a1, a0);
    const [b1, rg1] = dsel(13, a2, a1);
    assert.deepEqual(b0.slice(32), Array(32).fill(0n), 'step 0 leaves the high half of B zero');
    assert.deepEqual(b1.slice(0, 32), Array(32).fill(0n), 'step 1 leaves the low half of B zero');
    assert.deepEqual(or(b0, b1), plane(2), 'B');
    const [g, r] = dsel(2, rg1, rg0);
    assert.deepEqual(r, plane(0), 'R');
    assert.deepEqual(g, plane(1), 'G');
    // interleave: INTERLEAVE_1 pairs R and G, two C3 steps place B
    const [rgHi, rgLo] = dsel(0, plane(1), plane(0));
    assert.deepEqual([rgLo, rgHi], [rg0, rg1], 'the R,G pairs are the deinterleave steps\' ones');
    const [a1lo, o0] = dsel(14, plane(2), rgLo);
    const [o2, a1hi] = dsel(15, plane(2), rgHi);
    assert.deepEqual(o0, a0, 'a0');
    assert.deepEqual(or(a1lo, a1hi), a1, 'a1');
    assert.deepEqual(o2, a2, 'a2');
  });
});

