// Hbm.write (emulator/device/hbm.ts): bytes written over partial pages, whole pages not made yet
// (which start as a copy of their bytes) and pages made before (written in place, so that a window
// map aliasing the page sees them) read back exactly; the HBM keeps no view of the caller's bytes.

import * as assert from 'node:assert/strict';
import { Hbm, HBM_ALLOC_BASE } from '../../../emulator/device/hbm';
import { PAGE_SIZE } from '../../../emulator/memory/memory';

/** `n` bytes of a pattern that differs per page and per offset, `shift` apart from another call's. */
function pattern(n: number, shift: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, k) => (k * 7 + (k >>> 16) * 13 + shift) & 0xff);
}

describe('emulator: HBM writes', () => {
  it('writes over partial and whole pages, new and made before, and reads them back', () => {
    const hbm = new Hbm();
    const base = HBM_ALLOC_BASE;
    const first = base / PAGE_SIZE;
    // page first+1 exists before the write: it is written in place, its buffer kept
    const made = hbm.page(first + 1);
    const addr = base + 100;
    const bytes = pattern(4 * PAGE_SIZE, 3);
    hbm.write(addr, bytes);
    assert.deepEqual(hbm.read(addr, bytes.length), bytes);
    assert.equal(hbm.page(first + 1), made, 'a page made before keeps its buffer');
    assert.deepEqual(new Uint8Array(made, 0, 16), bytes.subarray(PAGE_SIZE - 100, PAGE_SIZE - 100 + 16));
    assert.deepEqual(hbm.read(base, 100), new Uint8Array(100), 'the bytes before the write are zeros');
    assert.deepEqual(hbm.read(addr + bytes.length, 64), new Uint8Array(64), 'the bytes after it too');
  });

  it('copies the bytes: a later change of the caller\'s array, or of a view into a larger buffer, does not reach the HBM', () => {
    const hbm = new Hbm();
    const outer = pattern(3 * PAGE_SIZE + 8, 5);
    const view = outer.subarray(8, 8 + 2 * PAGE_SIZE);
    const expected = view.slice();
    hbm.write(HBM_ALLOC_BASE, view);
    outer.fill(0xee);
    assert.deepEqual(hbm.read(HBM_ALLOC_BASE, 2 * PAGE_SIZE), expected);
    assert.equal(hbm.page(HBM_ALLOC_BASE / PAGE_SIZE).byteLength, PAGE_SIZE);
  });
});
