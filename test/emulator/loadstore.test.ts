// Loads and stores: widths and extension, alignment exceptions with EXCVADDR, bus errors for
// unmapped addresses, L32R (PC-relative and through LITBASE), S32C1I with SCOMPARE1 and ATOMCTL.

import { strict as assert } from 'node:assert';
import type { Machine } from '../../emulator';
import { checkCases, runOne } from './helpers/one';
import { DATA_BASE } from './helpers/snippet';
import { ProgramBuilder } from './helpers/program';
import { runSnippet } from './helpers/snippet';

const D = DATA_BASE.q7;
const bytes = (...b: number[]) => (m: Machine) => m.writeMemory(D, new Uint8Array(b));

describe('emulator: loads and stores', () => {
  it('loads bytes, halfwords and words with zero/sign extension', () => {
    const setup = bytes(0x81, 0xfe, 0x34, 0x12, 0x78, 0x56, 0x34, 0x12);
    checkCases(
      [
        ['l8ui', [4, 2, 1], { 2: D }, { 4: 0xfe }],
        ['l16ui', [4, 2, 0], { 2: D }, { 4: 0xfe81 }],
        ['l16si', [4, 2, 0], { 2: D }, { 4: 0xfffffe81 }],
        ['l16si', [4, 2, 2], { 2: D }, { 4: 0x1234 }],
        ['l32i', [4, 2, 4], { 2: D }, { 4: 0x12345678 }],
        ['l32i.n', [4, 2, 4], { 2: D }, { 4: 0x12345678 }],
        ['l32ai', [4, 2, 4], { 2: D }, { 4: 0x12345678 }],
      ],
      { setup },
    );
  });

  it('stores bytes, halfwords and words little-endian', () => {
    const store = (mn: string, off: number, v: number) => runOne(mn, [3, 2, off], { 2: D, 3: v }).readMemory(D, 8)!;
    assert.deepEqual([...store('s8i', 1, 0x1234)], [0, 0x34, 0, 0, 0, 0, 0, 0]);
    assert.deepEqual([...store('s16i', 2, 0xabcd1234)], [0, 0, 0x34, 0x12, 0, 0, 0, 0]);
    assert.deepEqual([...store('s32i', 4, 0xdeadbeef)], [0, 0, 0, 0, 0xef, 0xbe, 0xad, 0xde]);
    assert.deepEqual([...store('s32i.n', 4, 0x01020304)], [0, 0, 0, 0, 4, 3, 2, 1]);
    assert.deepEqual([...store('s32ri', 0, 0x01020304)], [4, 3, 2, 1, 0, 0, 0, 0]);
  });

  for (const [mn, off] of [
    ['l16ui', 1],
    ['l16si', 1],
    ['l32i', 2],
    ['s16i', 1],
    ['s32i', 3],
    ['l32ai', 2],
    ['s32ri', 1],
  ] as const) {
    it(`raises LoadStoreAlignment with EXCVADDR for an unaligned ${mn}`, () => {
      const m = runOne(mn, [4, 2, 0], { 2: D + off, 4: 7 }, { machine: { stopOnException: true } });
      assert.equal(m.readAR(4), 7);
      const v = runOne(mn, [4, 2, 0], { 2: D + off });
      assert.equal(v.readSR('exccause'), 9);
      assert.equal(v.readSR('excvaddr'), D + off);
      assert.equal(v.readSR('epc1'), 0x40000400);
    });
  }

  it('raises LoadStorePIFAddrError (15) for unmapped data addresses, as QEMU', () => {
    for (const mn of ['l8ui', 'l32i', 's8i', 's32i']) {
      const m = runOne(mn, [4, 2, 4], { 2: 0x10000000 });
      assert.equal(m.readSR('exccause'), 15, mn);
      assert.equal(m.readSR('excvaddr'), 0x10000004, mn);
    }
  });

  it('loads L32R literals PC-relatively, or from LITBASE when LITBASE[0] is set (lx106)', () => {
    const body = (p: ProgramBuilder) => {
      p.i('j', 'code').align(4).label('lit').word(0x11223344).label('lit2').word(0x55667788);
      p.label('code').i('l32r', 5, 'lit').i('l32r', 6, 'lit2').label('done').i('nop');
    };
    const r = runSnippet('lx106', body);
    assert.equal(r.machine.readAR(5), 0x11223344);
    assert.equal(r.machine.readAR(6), 0x55667788);
    // With LITBASE = 0x60001000 | 1, the literal offset relative to the aligned PC (-8 for both
    // loads here) applies to LITBASE[31:12] instead (QEMU lx106 reads the same addresses).
    const lit = runSnippet('lx106', body, {
      setup: (m) => {
        m.writeSR('litbase', 0x60001001);
        m.write32(0x60000ff4, 0xaaaaaaaa);
        m.write32(0x60000ff8, 0xbbbbbbbb);
      },
    });
    assert.equal(lit.machine.readAR(5), 0xbbbbbbbb);
    assert.equal(lit.machine.readAR(6), 0xbbbbbbbb);
    assert.equal(lit.machine.readSR('litbase'), 0x60001001);
  });

  it('compares and swaps with S32C1I (old value returned, store only on match)', () => {
    const setup = (m: Machine) => {
      m.write32(D, 0x1234);
      m.writeSR('scompare1', 0x1234);
    };
    const hit = runOne('s32c1i', [3, 2, 0], { 2: D, 3: 0x5555 }, { setup });
    assert.equal(hit.readAR(3), 0x1234);
    assert.equal(hit.read32(D), 0x5555);
    const miss = runOne('s32c1i', [3, 2, 0], { 2: D, 3: 0x5555 }, { setup: (m) => (setup(m), m.writeSR('scompare1', 1)) });
    assert.equal(miss.readAR(3), 0x1234);
    assert.equal(miss.read32(D), 0x1234);
  });

  it('raises LoadStoreError for S32C1I while ATOMCTL bypass = 0 on dc233c (reset 0x28), not with 0x29', () => {
    const d = DATA_BASE.dc233c;
    const r = runSnippet('dc233c', (p) => p.i('s32c1i', 3, 2, 0).label('done').i('nop'), {
      setup: (m) => m.writeAR(2, d),
      machine: { stopOnException: true },
    });
    assert.equal(r.machine.readSR('atomctl'), 0x28);
    assert.deepEqual(r.stop, { kind: 'exception', cause: 3, causeName: 'LoadStoreError', pc: 0xfe000000, vaddr: d });
    const ok = runSnippet('dc233c', (p) => p.i('s32c1i', 3, 2, 0).label('done').i('nop'), {
      setup: (m) => {
        m.writeAR(2, d);
        m.writeAR(3, 9);
        m.writeSR('atomctl', 0x29);
      },
    });
    assert.equal(ok.stop.kind, 'breakpoint');
    assert.equal(ok.machine.read32(d), 9);
  });
});
