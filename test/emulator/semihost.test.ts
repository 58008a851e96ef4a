// SIMCALL semihosting as QEMU's Xtensa `-semihosting` defines it (a2 = call, a3..a5 = arguments,
// result in a2, errno in a3): exit, write, read, open/close/lseek through the injected host,
// select_one, argc/argv, memset, and ENOSYS for unknown calls.

import { strict as assert } from 'node:assert';
import { Machine, MemoryHost } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const BUF = 0x3fe00100;

/** Runs SIMCALLs: each call is [a2, a3, a4, a5]; after each, a2/a3 are stored to BUF + 8k. */
function simcalls(calls: number[][], host: MemoryHost, data: Uint8Array = new Uint8Array(0)) {
  const q = new ProgramBuilder(0x40000400);
  q.i('j', 'start').align(4);
  calls.forEach((c, k) => q.label(`a2_${k}`).word(c[0]).label(`a3_${k}`).word(c[1]).label(`a4_${k}`).word(c[2]).label(`a5_${k}`).word(c[3]));
  q.label('out').word(BUF + 0x400);
  q.label('start');
  calls.forEach((_, k) => {
    q.i('l32r', 2, `a2_${k}`).i('l32r', 3, `a3_${k}`).i('l32r', 4, `a4_${k}`).i('l32r', 5, `a5_${k}`).i('simcall');
    q.i('l32r', 10, 'out').i('s32i', 2, 10, 8 * k).i('s32i', 3, 10, 8 * k + 4);
  });
  q.label('end').i('movi', 2, 1).i('movi', 3, 42).i('simcall');
  const prog = q.build();
  const m = new Machine('q7', { host });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }, { addr: BUF, bytes: data }], prog.addr));
  const stop = m.run({ maxInstructions: 10000 });
  const results = calls.map((_, k) => [m.read32(BUF + 0x400 + 8 * k)! | 0, m.read32(BUF + 0x404 + 8 * k)! | 0]);
  return { m, stop, results };
}

const enc = (s: string) => new TextEncoder().encode(s);

describe('emulator: SIMCALL semihosting', () => {
  it('exits with a3 and writes to stdout/stderr through the host', () => {
    const seen: string[] = [];
    const host = new MemoryHost({ onOutput: (fd, d) => seen.push(`${fd}:${new TextDecoder().decode(d)}`) });
    const { stop, results } = simcalls([[4, 1, BUF, 6], [4, 2, BUF + 6, 3]], host, enc('hello\nerr'));
    assert.deepEqual(stop, { kind: 'exit', code: 42 });
    assert.deepEqual(results, [[6, 0], [3, 0]]);
    assert.equal(host.text(1), 'hello\n');
    assert.equal(host.text(2), 'err');
    assert.deepEqual(seen, ['1:hello\n', '2:err']);
  });

  it('reads stdin and files, seeks, closes, and reports errors with errno in a3', () => {
    const files = new Map([['in.txt', enc('abcdefgh')]]);
    const written = new Map<string, string>();
    const host = new MemoryHost({
      stdin: enc('xyz'),
      readFile: (p) => files.get(p),
      writeFile: (p, d) => written.set(p, new TextDecoder().decode(d)),
    });
    const { m, results } = simcalls(
      [
        [3, 0, BUF + 0x80, 10], // read stdin → 3 bytes
        [5, BUF, 0, 0], // open "in.txt" read-only → fd 3
        [19, 3, 2, 0], // lseek fd 3 to 2
        [3, 3, BUF + 0x90, 4], // read 4 → "cdef"
        [6, 3, 0, 0], // close → 0
        [6, 3, 0, 0], // close again → EBADF
        [5, BUF + 0x20, 0, 0], // open missing → ENOENT
        [5, BUF + 0x30, 1, 0], // open out.txt for writing → fd 3
        [4, 3, BUF + 0x80, 3], // write "xyz"
        [6, 3, 0, 0], // close → written back
        [19, 1, 0, 0], // lseek stdout → ESPIPE
        [77, 0, 0, 0], // unknown → ENOSYS
      ],
      host,
      (() => {
        const d = new Uint8Array(0x40);
        d.set(enc('in.txt\0'), 0);
        d.set(enc('missing\0'), 0x20);
        d.set(enc('out.txt\0'), 0x30);
        return d;
      })(),
    );
    assert.deepEqual(results, [[3, 0], [3, 0], [2, 0], [4, 0], [0, 0], [-1, 9], [-1, 2], [3, 0], [3, 0], [0, 0], [-1, 29], [-1, 88]]);
    assert.equal(new TextDecoder().decode(m.readMemory(BUF + 0x80, 3)), 'xyz');
    assert.equal(new TextDecoder().decode(m.readMemory(BUF + 0x90, 4)), 'cdef');
    assert.equal(written.get('out.txt'), 'xyz');
  });

  it('passes arguments (argc, argv_sz, argv), answers select_one and does memset', () => {
    const host = new MemoryHost({ argv: ['prog', 'ab'] });
    const { m, results } = simcalls(
      [
        [1000, 0, 0, 0],
        [1001, 0, 0, 0],
        [1002, BUF, 0, 0],
        [29, 1, 2, 0],
        [29, 0, 1, 0],
        [1004, BUF + 0x40, 0x5a, 4],
      ],
      host,
    );
    assert.deepEqual(results, [[2, 0], [3 * 4 + 5 + 3, 0], [results[2][0], 0], [1, 0], [0, 0], [BUF + 0x40, 0]]);
    assert.equal(m.read32(BUF), BUF + 12);
    assert.equal(m.read32(BUF + 4), BUF + 17);
    assert.equal(m.read32(BUF + 8), 0);
    assert.equal(new TextDecoder().decode(m.readMemory(BUF + 12, 8)), 'prog\0ab\0');
    assert.equal(m.read32(BUF + 0x40), 0x5a5a5a5a);
  });
  it("a device call sees the SIMCALL's own address as the PC, also in a hot loop", () => {
    const q = new ProgramBuilder(0x40000400);
    q.i('j', 'start').align(4).label('number').word(0x5101);
    q.label('start').i('movi', 6, 20);
    q.label('loop').i('l32r', 2, 'number').i('addi', 7, 6, 1).label('call').i('simcall').i('addi', 6, 6, -1).i('bnez', 6, 'loop');
    q.i('movi', 2, 1).i('movi', 3, 0).i('simcall');
    const prog = q.build();
    const seen: number[] = [];
    const host = Object.assign(new MemoryHost(), {
      deviceCall: (cpu: { pc: number; a: Int32Array | Uint32Array }) => {
        seen.push(cpu.pc >>> 0);
        cpu.a[2] = 0;
        return true;
      },
    });
    const m = new Machine('q7', { host });
    m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
    assert.deepEqual(m.run({ maxInstructions: 10000 }), { kind: 'exit', code: 0 });
    assert.equal(seen.length, 20);
    const call = prog.symbols.get('call')!;
    assert.deepEqual([...new Set(seen)], [call], 'every call saw the SIMCALL address');
  });
});
