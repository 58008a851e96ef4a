// The guest registers compiled regions keep in JavaScript locals (emulator/exec/jit/locals.ts): only
// the registers the region assigns are written back (the others always equal the window); around a
// called handler only its register operands are written back and read again; around code that
// reaches the window otherwise (ENTRY, RETW, a computed index), every local.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { registerLocals } from '../../emulator/exec/jit/locals';
import { emit } from '../../emulator/exec/jit/emit';
import type { Emitted } from '../../emulator/exec/jit/template';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;

describe('emulator: register locals of compiled regions', () => {
  it('writes back and reads again only the registers a called handler names', () => {
    const add: Emitted = { kind: 'seq', code: 'a[2] = a[3] + a[4]; a[4] = a[4] + 1;' };
    const call: Emitted = { kind: 'seq', code: 'c.jitK = 1; c.jitN = done + 1; hf[1](c, hi[1]);', window: [3, 4, 9] };
    const regs = registerLocals([add, call]);
    assert.equal(regs.flush.trim(), 'a[2] = r2; a[4] = r4;');
    const named = regs.rewrite(call.code, call.window);
    assert.equal(named.pre.trim(), 'a[4] = r4;');
    assert.equal(named.post.trim(), 'r3 = a[3]; r4 = a[4];');
    const opaque = regs.rewrite('if (!jitEntry(c, 1, 32)) { return 0; }');
    assert.equal(opaque.pre.trim(), 'a[2] = r2; a[4] = r4;');
    assert.equal(opaque.post.trim(), 'r2 = a[2]; r3 = a[3]; r4 = a[4];');
  });

  it('keeps loads and stores, slow paths included, on the locals without writing back or reading again', () => {
    const p = new ProgramBuilder(CODE);
    p.i('l32i', 3, 2, 4).i('s16i', 3, 2, 6).i('addi', 2, 2, 8).i('nop');
    const prog = p.build();
    const m = new Machine('q7', {});
    m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
    const emitted: Emitted[] = [];
    for (let pc = prog.addr, k = 0; k < 3; k++) {
      const i = m.lookup(pc);
      emitted.push(emit(i, k, 0, 0)!);
      pc = i.next;
    }
    const regs = registerLocals(emitted);
    for (const e of emitted.slice(0, 2)) {
      assert.ok(e.kind === 'seq' && /jit(Read|Write)\(c,/.test(e.code), 'the slow path calls the Memory');
      const r = regs.rewrite(e.code);
      assert.deepEqual([r.pre, r.post], ['', '']);
      assert.ok(!/\ba\[/.test(r.text), r.text);
    }
    });

  it('writes back only the registers the region assigns (the others always equal their window slots)', () => {
    const load: Emitted = { kind: 'seq', code: '{ const ad = (a[3] + 4) | 0; a[5] = mem.read32(ad >>> 0); }' };
    const branch: Emitted = { kind: 'branch', cond: 'a[6] !== a[7]', target: 0 };
    const regs = registerLocals([load, branch]);
    assert.equal(regs.declare, 'let r3 = a[3], r5 = a[5], r6 = a[6], r7 = a[7];');
    assert.equal(regs.flush, 'a[5] = r5;');
    assert.equal(registerLocals([branch]).flush, '', 'a region that writes no register needs no write-back');
  });

  it('gives each called FP handler its AR operands as the registers it reaches', () => {
    const p = new ProgramBuilder(CODE);
    p.i('trunc.s', 5, 1, 0).i('moveqz.s', 2, 3, 7).i('lsip', 3, 9, 8).i('float.s', 4, 11, 0).i('add.s', 1, 2, 3).i('nop');
    const prog = p.build();
    const m = new Machine('q7', {});
    m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
    m.writeSR('cpenable', 1);
    const windows: (readonly number[] | undefined)[] = [];
    for (let pc = prog.addr, k = 0; k < 5; k++) {
      const i = m.lookup(pc);
      const e = emit(i, k, 0, 0);
      assert.ok(e && e.kind === 'seq', `${i.def?.mnemonic} is compiled as a handler call`);
      windows.push(e.window);
      pc = i.next;
    }
    assert.deepEqual(windows, [[5], [7], [9], [11], []]);
  });
});
