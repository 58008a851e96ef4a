// IVP loads, stores and aligning streams (xtensa-ivp-spec.md §12.1) against byte-level expectations
// computed here from the memory image: the aligned forms' address rounding and pointer updates, the
// unaligned streams, variable-length tails, widening loads and narrowing stores (S saturates, U
// truncates), replicating scalar loads; faults carry the address; cores without the vector unit
// raise IllegalInstruction for every IVP word.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { INSNS, INSN_BY_MNEMONIC, encode, wordBytes } from '../../xtensa/isa';
import { CODE, DATA, IvpMachine, bytesToLanes, rng } from './helpers/ivp';

const TYPES = ['2nx8', '2nx8u', 'nx16', 'nx16u', 'n_2x32', 'n_2x32u', 'nxf16', 'n_2xf32'];

function memoryImage(seed: number): Uint8Array {
  const next = rng(seed);
  return Uint8Array.from({ length: 1024 }, () => next() & 255);
}

function setup(seed = 1): { x: IvpMachine; mem: Uint8Array } {
  const x = new IvpMachine();
  const mem = memoryImage(seed);
  x.m.writeMemory(DATA, mem);
  return { x, mem };
}

const block = (mem: Uint8Array, off: number, n = 64) => Array.from(mem.subarray(off, off + n));

describe('IVP loads and stores (§12.1)', () => {
  for (const t of TYPES) {
    it(`lv${t} / sv${t}: _i _ip _x _xp access the aligned block and update the pointer`, () => {
      const { x, mem } = setup(t.length);
      x.m.writeAR(2, DATA + 64 + 5); // unaligned: the low six bits are ignored
      x.exec(`ivp_lv${t}_i`, [1, 2, 128]);
      assert.deepEqual(Array.from(x.m.readVector(1)), block(mem, 192));
      x.exec(`ivp_lv${t}_ip`, [2, 2, -64]);
      assert.deepEqual(Array.from(x.m.readVector(2)), block(mem, 64));
      assert.equal(x.m.readAR(2), DATA + 5);
      x.m.writeAR(3, 256);
      x.exec(`ivp_lv${t}_x`, [3, 2, 3]);
      assert.deepEqual(Array.from(x.m.readVector(3)), block(mem, 256));
      x.exec(`ivp_lv${t}_xp`, [4, 2, 3]);
      assert.deepEqual(Array.from(x.m.readVector(4)), block(mem, 0));
      assert.equal(x.m.readAR(2), DATA + 261);
      x.m.writeAR(5, DATA + 512);
      x.exec(`ivp_sv${t}_i`, [1, 5, 64]);
      x.exec(`ivp_sv${t}_ip`, [2, 5, 128]);
      x.exec(`ivp_sv${t}_x`, [3, 5, 3]);
      x.exec(`ivp_sv${t}_xp`, [4, 5, 3]);
      const out = x.m.readMemory(DATA + 512, 512)!;
      assert.deepEqual(block(out, 64), block(mem, 192));
      assert.deepEqual(block(out, 0), block(mem, 64));
      assert.deepEqual(block(out, 384), block(mem, 256));
      assert.deepEqual(block(out, 128), block(mem, 0));
      assert.equal(x.m.readAR(5), DATA + 512 + 128 + 256);
    });
  }
  it('la_pp fills the alignment register; la*_ip loads 64 unaligned bytes and advances 64; zalign clears', () => {
    const { x, mem } = setup(2);
    x.m.writeAR(2, DATA + 70);
    x.exec('ivp_la_pp', [1, 2]);
    assert.deepEqual(Array.from(x.m.readAlign(1)), block(mem, 64));
    for (const t of TYPES) {
      x.m.writeAR(2, DATA + 70);
      x.exec(`ivp_la${t}_ip`, [3, 1, 2]);
      assert.deepEqual(Array.from(x.m.readVector(3)), block(mem, 70), t);
      assert.equal(x.m.readAR(2), DATA + 134);
    }
    x.exec('ivp_zalign', [1]);
    assert.deepEqual(Array.from(x.m.readAlign(1)), Array(64).fill(0));
  });
  it('lav/sav move min(max(n, 0), 64) bytes (zero-filling the rest) and advance by that', () => {
    const { x, mem } = setup(3);
    for (const n of [-3, 0, 1, 17, 63, 64, 65, 1000]) {
      const k = Math.max(0, Math.min(64, n));
      x.m.writeVector(1, new Uint8Array(64).fill(0xaa));
      x.m.writeAR(2, DATA + 3);
      x.m.writeAR(3, n);
      x.exec('ivp_lavnx16_xp', [1, 0, 2, 3]);
      assert.deepEqual(Array.from(x.m.readVector(1)), [...block(mem, 3, k), ...Array(64 - k).fill(0)], `lav ${n}`);
      assert.equal(x.m.readAR(2), DATA + 3 + k);
      x.m.writeMemory(DATA + 600, new Uint8Array(80).fill(0x55));
      x.m.writeVector(1, Uint8Array.from(block(mem, 100)));
      x.m.writeAR(4, DATA + 601);
      x.exec('ivp_sav2nx8u_xp', [1, 0, 4, 3]);
      assert.deepEqual(Array.from(x.m.readMemory(DATA + 600, 80)!), [0x55, ...block(mem, 100, k), ...Array(79 - k).fill(0x55)], `sav ${n}`);
      assert.equal(x.m.readAR(4), DATA + 601 + k);
    }
  });
  it('sa*_ip stores 64 unaligned bytes and advances 64; sapos*_fp leaves memory as it is', () => {
    const { x, mem } = setup(4);
    x.m.writeVector(1, Uint8Array.from(block(mem, 0)));
    x.m.writeAR(2, DATA + 515);
    x.exec('ivp_zalign', [0]);
    x.exec('ivp_sanx16_ip', [1, 0, 2]);
    x.exec('ivp_saposnx16_fp', [0, 2]);
    assert.deepEqual(Array.from(x.m.readMemory(DATA + 515, 64)!), block(mem, 0));
    assert.equal(x.m.readAR(2), DATA + 579);
  });
  it('widening loads extend 32 bytes; narrowing stores truncate (U) or saturate (S) into 32 bytes', () => {
    const { x, mem } = setup(5);
    x.m.writeAR(2, DATA + 1);
    x.exec('ivp_lanx8s_ip', [1, 0, 2]);
    assert.deepEqual(bytesToLanes(x.m.readVector(1), 16, true), block(mem, 1, 32).map((b) => BigInt((b << 24) >> 24)));
    assert.equal(x.m.readAR(2), DATA + 33);
    x.exec('ivp_lanx8u_ip', [1, 0, 2]);
    assert.deepEqual(bytesToLanes(x.m.readVector(1), 16, true), block(mem, 33, 32).map(BigInt));
    x.m.writeAR(2, DATA + 1);
    x.exec('ivp_lan_2x16s_ip', [1, 0, 2]);
    const halves = bytesToLanes(Uint8Array.from(block(mem, 1, 32)), 16, true);
    assert.deepEqual(bytesToLanes(x.m.readVector(1), 32, true), halves);
    x.m.writeAR(2, DATA + 1);
    x.exec('ivp_lan_2x16u_ip', [1, 0, 2]);
    assert.deepEqual(bytesToLanes(x.m.readVector(1), 32, true), halves.map((v) => BigInt.asUintN(16, v)));
    // narrowing stores
    const v16 = bytesToLanes(Uint8Array.from(block(mem, 200)), 16, true);
    x.m.writeVector(2, Uint8Array.from(block(mem, 200)));
    x.m.writeAR(3, DATA + 700);
    x.exec('ivp_sanx8s_ip', [2, 0, 3]);
    x.exec('ivp_sanx8u_ip', [2, 0, 3]);
    const sat8 = (v: bigint) => Number(v > 127n ? 127n : v < -128n ? -128n : v) & 255;
    assert.deepEqual(Array.from(x.m.readMemory(DATA + 700, 64)!), [...v16.map(sat8), ...v16.map((v) => Number(BigInt.asUintN(8, v)))]);
    const v32 = bytesToLanes(Uint8Array.from(block(mem, 300)), 32, true);
    x.m.writeVector(2, Uint8Array.from(block(mem, 300)));
    x.exec('ivp_san_2x16s_ip', [2, 0, 3]);
    x.exec('ivp_san_2x16u_ip', [2, 0, 3]);
    const sat16 = (v: bigint) => BigInt.asUintN(16, v > 32767n ? 32767n : v < -32768n ? -32768n : v);
    const le16 = (vals: bigint[]) => vals.flatMap((v) => [Number(v & 255n), Number(v >> 8n)]);
    assert.deepEqual(Array.from(x.m.readMemory(DATA + 764, 64)!), [...le16(v32.map(sat16)), ...le16(v32.map((v) => BigInt.asUintN(16, v)))]);
    assert.equal(x.m.readAR(3), DATA + 828);
  });
  it('lsr*_i / _ip replicate one element; l2u2nx8u_xp loads unaligned and adds the AR', () => {
    const { x, mem } = setup(6);
    x.m.writeAR(2, DATA + 8);
    for (const [t, e] of [['2nx8', 1], ['nx16', 2], ['n_2x32', 4], ['nxf16', 2], ['n_2xf32', 4]] as const) {
      x.exec(`ivp_lsr${t}_i`, [1, 2, 4 * e]);
      const el = block(mem, 8 + 4 * e, e);
      assert.deepEqual(Array.from(x.m.readVector(1)), Array.from({ length: 64 }, (_, k) => el[k % e]), t);
      x.exec(`ivp_lsr${t}_ip`, [1, 2, e]);
      assert.deepEqual(Array.from(x.m.readVector(1)).slice(0, e), block(mem, 8, e));
      x.m.writeAR(2, DATA + 8);
    }
    x.m.writeAR(3, 7);
    x.m.writeAR(2, DATA + 9);
    x.exec('ivp_l2u2nx8u_xp', [1, 2, 3]);
    assert.deepEqual(Array.from(x.m.readVector(1)), block(mem, 9));
    assert.equal(x.m.readAR(2), DATA + 16);
  });
  it('a vector access to unmapped memory raises LoadStorePIFAddrError with the address', () => {
    const x = new IvpMachine();
    x.m.writeAR(2, 0x10000000);
    x.m.writeMemory(CODE, Uint8Array.from(wordBytes(encode(INSN_BY_MNEMONIC.get('ivp_lvnx16_i')!, [1, 2, 0], CODE), 4)));
    x.m.pc = CODE;
    const stop = x.m.step(1);
    assert.deepEqual(stop.kind === 'exception' && [stop.cause, stop.vaddr, stop.pc], [15, 0x10000000, CODE]);
  });
});

describe('IVP on cores without the vector unit', () => {
  it('every IVP row raises IllegalInstruction on lx106, de233_fpu and dc233c; the vector state API refuses', () => {
    for (const core of ['lx106', 'de233_fpu', 'dc233c'] as const) {
      const m = new Machine(core, { stopOnException: true });
      const at = core === 'lx106' ? 0x40000000 : 0x00001000;
      for (const d of INSNS.filter((r) => r.feature === 'ivp').filter((_, k) => k % 7 === 0)) {
        m.writeMemory(at, Uint8Array.from(wordBytes(d.match, 4)));
        m.pc = at;
        const stop = m.step(1);
        assert.deepEqual(stop.kind === 'exception' && [stop.causeName, stop.pc], ['IllegalInstruction', at], `${core} ${d.mnemonic}`);
      }
      assert.equal(m.hasVectorUnit, false);
      assert.throws(() => m.readVector(0), /no IVP vector unit/);
    }
  });
});
