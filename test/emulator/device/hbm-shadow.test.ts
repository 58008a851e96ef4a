// The HBM's sanitizer shadows under stores (emulator/device/hbm.ts): a page's store recorder (what an
// aperture slot's hook calls on every store) leaves the shadows exactly as noteWrite does — the bytes
// written, the pages whose init shadow completed (and when), the writers — for random stores, and also
// after shadows changed under a recorder made before (another tensor tracked in the same page, a
// restore, a completed page written again); a page whose stores take the Memory's marking path (its
// write marks are the init shadow, no hook) leaves them as noteWrite does too. And trackInit itself:
// exactly a tensor's bytes are unwritten, over partial and whole pages.

import * as assert from 'node:assert/strict';
import { Hbm } from '../../../emulator/device/hbm';
import { Memory, PAGE_SIZE } from '../../../emulator/memory/memory';
import { MemFault } from '../../../emulator/memory/fault';

/** A small deterministic generator (xorshift32). */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

interface Side {
  readonly hbm: Hbm;
  readonly completed: number[];
}

function side(): Side {
  const hbm = new Hbm();
  const completed: number[] = [];
  hbm.onInitComplete = (page) => completed.push(page);
  return { hbm, completed };
}

/** Every byte's state of [addr, addr + len): the first unwritten byte from each offset, sampled, and the writers. */
function state(s: Side, addr: number, len: number): unknown {
  const unwritten: (number | undefined)[] = [];
  for (let k = 0; k < len; k += 61) unwritten.push(s.hbm.firstUnwritten(addr + k, Math.min(64, len - k)));
  const writers: number[] = [];
  for (let k = 0; k < len; k += 37) writers.push(s.hbm.writerOf(addr + k));
  return { unwritten, writers, completed: s.completed };
}

describe('device: HBM init shadows as tracked', () => {
  it('a tensor over a partial page, whole pages and a partial page: exactly its bytes are unwritten, each page completes once its bytes are written', () => {
    const s = side();
    const addr = 0x1000_0000 + PAGE_SIZE - 24;
    const len = 24 + 2 * PAGE_SIZE + 40;
    s.hbm.trackInit(addr, len);
    // bytes before and after the tensor are not tracked; every byte of it is unwritten
    assert.equal(s.hbm.firstUnwritten(addr - 64, 64), undefined);
    assert.equal(s.hbm.firstUnwritten(addr + len, 64), undefined);
    for (let k = 0; k < len; k += 997) assert.equal(s.hbm.firstUnwritten(addr + k, 1), addr + k);
    for (let k = 0; k < len; k += 8) s.hbm.noteWrite(addr + k, Math.min(8, len - k), 0);
    assert.equal(s.hbm.firstUnwritten(addr, len), undefined, 'all written');
    const first = Math.floor(addr / PAGE_SIZE);
    assert.deepEqual(s.completed, [first, first + 1, first + 2, first + 3]);
  });
});

describe('device: HBM shadows under stores (store recorder against noteWrite)', () => {
  it('random 1/2/4-byte stores by two cores leave the same shadows and complete the same pages in order', () => {
    const rnd = random(7);
    const general = side();
    const recorded = side();
    const len = 3 * PAGE_SIZE;
    const addrs = [general, recorded].map((s) => {
      const a = s.hbm.alloc(len);
      s.hbm.trackInit(a, len);
      s.hbm.trackWriters(a, len);
      return a;
    });
    assert.equal(addrs[0], addrs[1]);
    const addr = addrs[0];
    const first = Math.floor(addr / PAGE_SIZE);
    const recorders = new Map<string, (off: number, n: number) => void>();
    for (let i = 0; i < 40_000; i++) {
      const size = [1, 2, 4][Math.floor(rnd() * 3)];
      const at = addr + Math.floor((rnd() * len) / size) * size;
      const core = rnd() < 0.5 ? 0 : 1;
      general.hbm.noteWrite(at, size, core);
      const page = Math.floor(at / PAGE_SIZE);
      const key = `${page}:${core}`;
      if (!recorders.has(key)) recorders.set(key, recorded.hbm.storeRecorder(page, core));
      recorders.get(key)!(at - page * PAGE_SIZE, size);
      if (i % 5000 === 4999) assert.deepEqual(state(recorded, addr, len), state(general, addr, len), `after ${i + 1} stores`);
    }
    // then every byte once, so that every page completes
    for (let at = addr; at < addr + len; at += 4) {
      general.hbm.noteWrite(at, 4, 0);
      const page = Math.floor(at / PAGE_SIZE);
      recorders.get(`${page}:0`)!(at - page * PAGE_SIZE, 4);
      if ((at - addr) % 4096 === 4092) assert.deepEqual(recorded.completed, general.completed, `after the store at +${at - addr}`);
    }
    assert.deepEqual(recorded.completed, [first, first + 1, first + 2]);
    assert.deepEqual(state(recorded, addr, len), state(general, addr, len));
  });

  it("stores through a Memory page whose write marks are the init shadow leave it as noteWrite does, and complete the same pages in order", () => {
    const rnd = random(11);
    const general = side();
    const marked = side();
    const len = 3 * PAGE_SIZE;
    const addr = general.hbm.alloc(len);
    marked.hbm.alloc(len);
    for (const s of [general, marked]) s.hbm.trackInit(addr + 8, len - 16);
    const first = Math.floor(addr / PAGE_SIZE);
    // the HBM pages aliased at local pages 0x8000.., re-aliased without marks once complete (as the device does)
    const mem = new Memory([], true);
    const local = (p: number) => 0x8000 + p - first;
    const alias = (p: number) => mem.aliasPage(local(p), marked.hbm.page(p), { marks: marked.hbm.initMarks(p) });
    marked.hbm.onInitComplete = (p) => {
      marked.completed.push(p);
      alias(p);
    };
    for (let p = first; p < first + 3; p++) alias(p);
    const store = (at: number, size: number, v: number) => {
      const a = (local(Math.floor(at / PAGE_SIZE)) * PAGE_SIZE + (at % PAGE_SIZE)) >>> 0;
      if (size === 1) mem.write8(a, v);
      else if (size === 2) mem.write16(a, v);
      else mem.write32(a, v);
    };
    for (let i = 0; i < 40_000; i++) {
      const size = [1, 2, 4][Math.floor(rnd() * 3)];
      const at = addr + Math.floor((rnd() * len) / size) * size;
      general.hbm.noteWrite(at, size, 0);
      store(at, size, i);
      if (i % 5000 === 4999) assert.deepEqual(state(marked, addr, len), state(general, addr, len), `after ${i + 1} stores`);
    }
    // an unaligned store raises and marks nothing
    assert.throws(() => store(addr + 8 + 2, 4, 0), MemFault);
    assert.deepEqual(state(marked, addr, len), state(general, addr, len));
    for (let at = addr; at < addr + len; at += 4) {
      general.hbm.noteWrite(at, 4, 0);
      store(at, 4, at - addr);
      if ((at - addr) % 4096 === 4092) assert.deepEqual(marked.completed, general.completed, `after the store at +${at - addr}`);
    }
    assert.deepEqual(marked.completed, [first, first + 1, first + 2]);
    assert.deepEqual(state(marked, addr, len), state(general, addr, len));
    assert.equal(mem.read32(local(first + 1) * PAGE_SIZE + 64), PAGE_SIZE + 64, 'the stores wrote the HBM page');
  });

  it('a recorder made before its page changed (another tensor tracked there, a restore) still records what noteWrite does', () => {
    const general = side();
    const recorded = side();
    const a = general.hbm.alloc(64);
    recorded.hbm.alloc(64);
    for (const s of [general, recorded]) s.hbm.trackInit(a, 64);
    const page = Math.floor(a / PAGE_SIZE);
    const off = a - page * PAGE_SIZE;
    const rec = recorded.hbm.storeRecorder(page, 0);
    // a second tensor in the same page: its bytes become tracked under the old recorder
    const b = general.hbm.alloc(64);
    recorded.hbm.alloc(64);
    for (const s of [general, recorded]) s.hbm.trackInit(b, 64);
    for (let k = 0; k < 128; k += 4) {
      general.hbm.noteWrite(a + k, 4, 0);
      rec(off + k, 4);
      assert.deepEqual(recorded.completed, general.completed, `after the store at +${k}`);
    }
    assert.deepEqual(state(recorded, a, 128), state(general, a, 128));
    // a restore replaces the shadow arrays: the recorder made before it must not write the old ones
    const snap = general.hbm.snapshot(undefined, { copied: 0 });
    const snapR = recorded.hbm.snapshot(undefined, { copied: 0 });
    const rec2 = recorded.hbm.storeRecorder(page, 0);
    for (const s of [general, recorded]) s.hbm.trackInit(a, 64);
    general.hbm.restore(snap);
    recorded.hbm.restore(snapR);
    general.hbm.noteWrite(a + 128, 4, 0);
    rec2(off + 128, 4);
    assert.deepEqual(state(recorded, a, 256), state(general, a, 256));
  });
});
