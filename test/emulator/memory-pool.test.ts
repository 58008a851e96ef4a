// The memory's page pool (the first own pages are views of one buffer, which compiled code reaches
// through pool8/16/32 and the tables Memory.rPool/wPool in its first words): its tables agree with the pages, pages past its
// capacity and aliased pages keep working through the other path, a reused pool page reads as zero,
// snapshots restore into it, and compiled code over more pages than the pool holds ends in the
// interpreter's state.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { Memory, PAGE_SIZE, POOL_PAGES, POOL_READ, POOL_SLOW, POOL_WRITE } from '../../emulator/memory/memory';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const BASE = 0x60000000;
/** Pool pages holding data (the tables take the first ones). */
const DATA_PAGES = 63;
const PAGES = POOL_PAGES + 20;

function ram(): Memory {
  return new Memory([{ name: 'ram', base: BASE, size: PAGES * PAGE_SIZE }], true);
}

const addrOf = (page: number, word: number) => (BASE + page * PAGE_SIZE + 4 * word) >>> 0;
const valueOf = (page: number, word: number) => (page * 7919 + word * 31 + 1) | 0;

/** Every page's value as compiled code reads it: the pool when its table names a pool page, else the Memory. */
function poolView(m: Memory, addr: number): number | undefined {
  const o = m.pool32[POOL_READ + (addr >>> 16)] + (addr & 0xffff);
  return o < 0 ? undefined : m.pool32[o >> 2];
}

function fill(m: Memory): void {
  for (let p = 0; p < PAGES; p++) for (const w of [0, 1, 16383]) m.write32(addrOf(p, w), valueOf(p, w));
}

function checkAll(m: Memory): void {
  let pooled = 0;
  for (let p = 0; p < PAGES; p++) {
    for (const w of [0, 1, 16383]) {
      assert.equal(m.read32(addrOf(p, w)), valueOf(p, w), `page ${p} word ${w}`);
      const v = poolView(m, addrOf(p, w));
      if (v !== undefined) assert.equal(v, valueOf(p, w), `pool view of page ${p} word ${w}`);
    }
    const n = addrOf(p, 0) >>> 16;
    if (m.rPool[n] !== POOL_SLOW) pooled++;
    assert.equal(m.wPool[n], m.rPool[n], `page ${p}: no code or watchpoint, so stores are as fast as loads`);
    assert.equal(m.pool32[POOL_WRITE + n], m.wPool[n], 'the write table is in the pool');
  }
  assert.equal(pooled, DATA_PAGES, 'the pool holds as many pages as it has room for, the rest have buffers of their own');
}

describe('emulator: the memory page pool', () => {
  it('keeps its tables and views in agreement with every page, past its capacity too', () => {
    const m = ram();
    fill(m);
    checkAll(m);
    // a byte and a halfword store land in the same bytes the word views see
    m.write8(addrOf(3, 2), 0xab);
    m.write16(addrOf(3, 2) + 2, 0x1234);
    assert.equal(m.read32(addrOf(3, 2)) >>> 0, 0x123400ab);
    const o = m.rPool[addrOf(3, 2) >>> 16] + (addrOf(3, 2) & 0xffff);
    assert.ok(o >= 0);
    assert.equal(m.pool8[o], 0xab);
    assert.equal(m.pool16[(o + 2) >> 1], 0x1234);
  });

  it('gives a page taken again from the pool as zeros (clear, unaliasPage)', () => {
    const m = ram();
    fill(m);
    m.clear();
    for (let p = 0; p < PAGES; p++) assert.equal(m.read32(addrOf(p, 1)), 0, `page ${p} after clear`);
    fill(m);
    const n = addrOf(5, 0) >>> 16;
    const q = m.rPool[n];
    assert.notEqual(q, POOL_SLOW);
    m.unaliasPage(n);
    assert.equal(m.rPool[n], POOL_SLOW);
    assert.equal(m.read32(addrOf(5, 0)), 0, 'the page comes back as zeros');
    assert.equal(m.rPool[n], q, 'in the pool page it left');
  });

  it('takes aliased pages out of the pool tables and back', () => {
    const m = ram();
    fill(m);
    const n = addrOf(2, 0) >>> 16;
    const shared = new Int32Array(PAGE_SIZE / 4).fill(-5);
    m.aliasPage(n, shared.buffer);
    assert.equal(m.rPool[n], POOL_SLOW, 'an aliased page is reached through the Memory');
    assert.equal(m.wPool[n], POOL_SLOW);
    assert.equal(m.read32(addrOf(2, 1)), -5);
    m.write32(addrOf(2, 1), 77);
    assert.equal(shared[1], 77);
    m.unaliasPage(n);
    assert.equal(m.read32(addrOf(2, 1)), 0);
  });

  it('restores a snapshot into pool pages, kept and new', () => {
    const m = ram();
    fill(m);
    const snap = m.snapshot(undefined, { copied: 0 });
    for (let p = 0; p < PAGES; p += 3) m.write32(addrOf(p, 0), -1);
    m.unaliasPage(addrOf(4, 0) >>> 16);
    m.restore(snap);
    checkAll(m);
    const fresh = ram();
    fresh.restore(snap);
    checkAll(fresh);
  });

  it('runs compiled loads and stores over more pages than the pool holds as the interpreter does', () => {
    const outcome = (jit: boolean) => {
      const p = new ProgramBuilder(0x50000000);
      // pass 1 stores a[page] = 3 * page + 5 at one word of each page; pass 2 sums them back with halfword and byte loads too
      p.i('j', 'start').align(4).label('ram').word(BASE).label('start');
      p.i('movi', 8, 1).i('slli', 8, 8, 16).i('movi', 5, 5).i('movi', 7, 0);
      p.i('l32r', 3, 'ram').i('movi', 4, PAGES).label('store');
      p.i('s32i', 5, 3, 4).i('s16i', 5, 3, 10).i('s8i', 5, 3, 13).i('addi', 5, 5, 3).i('add', 3, 3, 8).i('addi', 4, 4, -1).i('bnez', 4, 'store');
      p.i('l32r', 3, 'ram').i('movi', 4, PAGES).label('load');
      p.i('l32i', 6, 3, 4).i('add', 7, 7, 6).i('l16si', 6, 3, 10).i('add', 7, 7, 6).i('l8ui', 6, 3, 13).i('add', 7, 7, 6);
      p.i('add', 3, 3, 8).i('addi', 4, 4, -1).i('bnez', 4, 'load').label('done').i('nop');
      const prog = p.build();
      const m = new Machine('lx106', { jit, hotThreshold: 8 });
      m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
      m.pc = prog.addr;
      m.writeSR('ps', 0x20);
      m.addBreakpoint(prog.symbols.get('done')!);
      const stop = m.run({ maxInstructions: 100000 });
      assert.equal(stop.kind, 'breakpoint');
      if (jit) assert.ok(m.compiledBlocks > 0, 'blocks were compiled');
      return {
        regs: Array.from({ length: 16 }, (_, k) => m.readAR(k)),
        words: Array.from({ length: PAGES }, (_, k) => [m.read32(addrOf(k, 1)), m.read32(addrOf(k, 2)), m.read32(addrOf(k, 3))]),
        count: m.instructionCount,
      };
    };
    const compiled = outcome(true);
    assert.deepEqual(compiled, outcome(false));
    let sum = 0;
    for (let k = 0; k < PAGES; k++) {
      const v = 3 * k + 5;
      sum += v + ((v << 16) >> 16) + (v & 0xff);
    }
    assert.equal(compiled.regs[7], sum | 0);
  });
});
