// The Memory hooks the device relies on: pages aliased onto shared buffers (two cores see one HBM
// page), unaliasing (later accesses fault, as a stale window does), access hooks on aliased pages, and
// fetch bounds (the pc-bounds check) — through the interpreter and the compiled-block engine alike.

import { strict as assert } from 'node:assert';
import { Machine } from '../../../emulator';
import { MemFault } from '../../../emulator/memory/fault';
import { PAGE_SIZE } from '../../../emulator/memory/memory';
import { CAUSE } from '../../../emulator/core/causes';
import { ProgramBuilder } from '../helpers/program';
import { imageOf } from '../helpers/elf-image';

const APERTURE = 0x80000000;

/** A program that loads [a3], adds 1, stores it back, and exits with the loaded value. */
function incrementer(): ReturnType<ProgramBuilder['build']> {
  const p = new ProgramBuilder(0x40000400);
  p.i('j', 'start').align(4).label('addr').word(APERTURE + 0x10).label('start');
  p.i('l32r', 3, 'addr').i('l32i', 4, 3, 0).i('addi', 5, 4, 1).i('s32i', 5, 3, 0);
  p.i('or', 3, 4, 4).i('movi', 2, 1).i('simcall');
  return p.build();
}

function machine(jit: boolean): Machine {
  const prog = incrementer();
  const m = new Machine('q7', { jit, stopOnException: true });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
  return m;
}

describe('device: Memory aliasing, hooks and fetch bounds', () => {
  for (const jit of [false, true]) {
    it(`two machines share an aliased page; unaliasing makes the access fault (${jit ? 'jit' : 'interpreter'})`, () => {
      const shared = new ArrayBuffer(PAGE_SIZE);
      new Int32Array(shared)[4] = 41;
      const a = machine(jit);
      const b = machine(jit);
      a.memory.aliasPage(APERTURE / PAGE_SIZE, shared);
      b.memory.aliasPage(APERTURE / PAGE_SIZE, shared);
      assert.deepEqual(a.run(), { kind: 'exit', code: 41 });
      assert.deepEqual(b.run(), { kind: 'exit', code: 42 });
      assert.equal(new Int32Array(shared)[4], 43);
      const c = machine(jit);
      c.memory.aliasPage(APERTURE / PAGE_SIZE, shared);
      c.memory.unaliasPage(APERTURE / PAGE_SIZE);
      const stop = c.run();
      assert.equal(stop.kind, 'exception');
      assert.equal(stop.kind === 'exception' && stop.cause, CAUSE.LoadStorePIFAddrError);
      assert.equal(stop.kind === 'exception' && stop.vaddr, APERTURE + 0x10);
    });
  }

  it('hooks see every access of an aliased page and can make it raise', () => {
    const m = machine(true);
    const seen: string[] = [];
    m.memory.aliasPage(APERTURE / PAGE_SIZE, new ArrayBuffer(PAGE_SIZE), {
      onRead: (addr, size) => void seen.push(`r ${addr.toString(16)} ${size}`),
      onWrite: (addr, size) => void seen.push(`w ${addr.toString(16)} ${size}`),
    });
    assert.deepEqual(m.run(), { kind: 'exit', code: 0 });
    assert.deepEqual(seen, ['r 80000010 4', 'w 80000010 4']);
    const n = machine(true);
    n.memory.aliasPage(APERTURE / PAGE_SIZE, new ArrayBuffer(PAGE_SIZE), {
      onRead: (addr) => {
        throw new MemFault(CAUSE.LoadStoreError, addr);
      },
    });
    const stop = n.run();
    assert.equal(stop.kind === 'exception' && stop.cause, CAUSE.LoadStoreError);
  });

  it('fetches outside the fetch bounds raise InstrPIFAddrError', () => {
    const m = machine(true);
    m.memory.fetchBounds = { lo: 0x40000400, hi: 0x40000408 };
    m.flushCode();
    const stop = m.run();
    assert.equal(stop.kind, 'exception');
    assert.equal(stop.kind === 'exception' && stop.cause, CAUSE.InstrPIFAddrError);
    assert.ok(stop.kind === 'exception' && stop.pc >= 0x40000408);
  });
});
