// -O1 passes one by one on hand-built IR (IR in → IR out, printed with compiler/opt/print.ts), and
// programs whose output must not change when the passes run (-O1 against -O0 and the expected text).

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr, slotAddr, symAddr } from '../../compiler/ir/builder';
import type { Func } from '../../compiler/ir/ir';
import { mergeBlocks } from '../../compiler/opt/blocks';
import { foldConstants } from '../../compiler/opt/constants';
import { eliminateDeadCode } from '../../compiler/opt/dce';
import { foldAddresses, forwardInvariantCopies } from '../../compiler/opt/fold';
import { inlineCalls } from '../../compiler/opt/inline';
import { printFunc } from '../../compiler/opt/print';
import { promoteLocals } from '../../compiler/opt/promote';
import { scalarizeSlots } from '../../compiler/opt/scalarize';
import { compileSource, runImage } from './harness';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };
const body = (f: Func) => printFunc(f).split('\n').slice(1).map((l) => l.trim());

describe('compiler -O1 passes (IR in → IR out)', () => {
  it('inline.ts: a small callee replaces the call; its blocks, registers and slots are renamed into the caller', () => {
    const callee = new FunctionBuilder('get', 'get', POS, true);
    const p = callee.addParam('i32');
    callee.setReturn('i32');
    const s = callee.slot(4, 4, 'x');
    callee.store('i32', p, slotAddr(s));
    callee.terminate({ op: 'ret', value: callee.load('i32', slotAddr(s), 'i32') });
    const caller = new FunctionBuilder('main', 'main', POS, true);
    caller.setReturn('i32');
    const r = caller.call('get', [caller.const('i32', 7)], 'i32')!;
    caller.terminate({ op: 'ret', value: r });
    assert.equal(inlineCalls(caller.func, (n) => (n === 'get' ? { body: callee.func, size: 3 } : undefined)), 1);
    mergeBlocks(caller.func);
    assert.deepEqual(body(caller.func), ['b0:', 'v0 = const 7', 'v2 = v0', 'store.i32 [%x], v2', 'v3 = load.i32 [%x]', 'v1 = v3', 'ret v1']);
    assert.equal(caller.func.slots.length, 1);
    assert.equal(inlineCalls(callee.func, () => ({ body: callee.func, size: 3 })), 0, 'never into itself');
  });

  it('fold.ts: copies of invariant registers are forwarded and an object address folds into its slot', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    b.setReturn('i32');
    const obj = b.slot(8, 4, 'obj');
    const a = b.addr(slotAddr(obj));
    const t = b.vreg('i32');
    b.copy(t, a);
    b.store('i32', b.const('i32', 3), regAddr(t, 4));
    b.terminate({ op: 'ret', value: b.load('i32', regAddr(t, 4), 'i32') });
    assert.equal(forwardInvariantCopies(b.func), 1);
    assert.equal(foldAddresses(b.func), 2);
    eliminateDeadCode(b.func);
    assert.deepEqual(body(b.func), ['b0:', 'v2 = const 3', 'store.i32 [%obj+4], v2', 'v3 = load.i32 [%obj+4]', 'ret v3']);
  });

  it('fold.ts: a register written in a loop is not invariant (its address is not folded across blocks)', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    const loop = b.newBlock();
    b.place(loop);
    const t = b.addr(regAddr(p, 4));
    const next = b.newBlock();
    b.jump(next);
    b.place(next);
    b.store('i32', p, regAddr(t, 0));
    b.branch(p, loop, loop);
    // t is written once but inside a loop, from an invariant base: invariant, folds
    assert.equal(foldAddresses(b.func), 1);
    assert.match(printFunc(b.func), /store\.i32 \[v0\+4\], v0/);
  });

  it('scalarize.ts: an object copied field by field becomes one slot per field, then registers', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    b.setReturn('i32');
    const x = b.slot(16, 8, 'x');
    const y = b.slot(16, 8, 'y');
    b.store('i64', b.const('i64', 5n), slotAddr(x));
    b.store('i32', b.const('i32', 6), slotAddr(x, 8));
    b.emit({ op: 'memcpy', dst: slotAddr(y), src: slotAddr(x), size: 16, align: 8 });
    b.terminate({ op: 'ret', value: b.load('i32', slotAddr(y, 8), 'i32') });
    assert.equal(scalarizeSlots(b.func), 2);
    assert.deepEqual(b.func.slots.map((s) => s.name).sort(), ['x.0', 'x.8', 'y.0', 'y.8']);
    promoteLocals(b.func);
    eliminateDeadCode(b.func);
    assert.equal(b.func.slots.length, 0);
    assert.ok(!printFunc(b.func).includes('memcpy'));
  });

  it('scalarize.ts: an object copied into memory that stays keeps every byte (gaps copied too)', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const x = b.slot(16, 8, 'x');
    b.store('i64', b.const('i64', 5n), slotAddr(x));
    b.store('u8', b.const('i32', 1), slotAddr(x, 12));
    b.emit({ op: 'memcpy', dst: symAddr('g'), src: slotAddr(x), size: 16, align: 8 });
    b.terminate({ op: 'ret' });
    scalarizeSlots(b.func);
    const text = printFunc(b.func);
    for (const off of ['', '+8', '+12', '+13', '+14']) assert.ok(text.includes(`[@g${off}]`), `a store to g${off}: ${text}`);
  });

  it('scalarize.ts: a slot whose address escapes stays whole', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const x = b.slot(8, 4, 'x');
    b.store('i32', b.const('i32', 1), slotAddr(x));
    b.call('use', [b.addr(slotAddr(x))]);
    b.terminate({ op: 'ret' });
    assert.equal(scalarizeSlots(b.func), 0);
  });

  it('constants.ts: constant arithmetic folds; bool of a comparison is a copy', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    b.setReturn('i32');
    const m = b.bin('mul', b.const('i32', 3), b.const('i32', 8));
    const c = b.conv('bool', b.cmp('lt', p, m), 'i32');
    b.terminate({ op: 'ret', value: b.bin('add', c, b.const('i32', 0)) });
    assert.ok(foldConstants(b.func) >= 3);
    assert.deepEqual(body(b.func).slice(3), ['v3 = const 24', 'v4 = cmp.lt v0, v3', 'v5 = v4', 'v6 = const 0', 'v7 = v5', 'ret v7']);
  });

  it('blocks.ts: straight-line chains merge and unreachable blocks go', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const next = b.newBlock();
    b.jump(next);
    b.const('i32', 1); // dead block after the jump
    b.place(next);
    b.terminate({ op: 'ret' });
    mergeBlocks(b.func);
    assert.deepEqual(body(b.func), ['b0:', 'ret']);
  });
});

const PROGRAM = `#include <stdio.h>
struct P { long long a; int b; bool c; };
struct Acc {
  P p; int n;
  Acc(P q, int m) : p(q), n(m) {}
  int at(int i) const { return (int)p.a + p.b * i + (p.c ? 1 : 0) + n; }
  P shifted(int k) const { P r = p; r.a += k; return r; }
};
static int twice(int x) { return x + x; }
int main() {
  P p{5, 7, true};
  Acc acc(p, 3);
  long long sum = 0;
  for (int i = 0; i < 100; i++) {
    P q = acc.shifted(i);
    Acc b(q, i & 3);
    sum += b.at(i) + twice(i);
  }
  printf("%lld\\n", sum);
  return 0;
}
`;

describe('compiler -O1 passes (programs)', function () {
  this.timeout(120_000);
  it('inlining, folding and scalar replacement keep a program\'s output, with fewer instructions', async () => {
    const o1 = await compileSource(PROGRAM, '/t/passes.cpp', { optimize: 1 });
    const o0 = await compileSource(PROGRAM, '/t/passes.cpp');
    assert.deepEqual(o1.diagnostics, []);
    const r1 = runImage(o1);
    const r0 = runImage(o0);
    assert.equal(r0.stdout, '50250\n');
    assert.equal(r1.stdout, r0.stdout);
    assert.ok(r1.instructions < r0.instructions * 0.6, `-O1 ${r1.instructions} vs -O0 ${r0.instructions}`);
    assert.ok(!/call8\t_ZNK3Acc2atEi/.test(o1.assembly!), 'Acc::at is inlined');
  });
});
