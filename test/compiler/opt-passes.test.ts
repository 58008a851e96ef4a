// -O1 passes one by one on hand-built IR (IR in → IR out, printed with compiler/opt/print.ts), and
// programs whose output must not change when the passes run (-O1 against -O0 and the expected text).

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr, slotAddr, symAddr } from '../../compiler/ir/builder';
import type { Func } from '../../compiler/ir/ir';
import { mergeBlocks } from '../../compiler/opt/blocks';
import { foldConstants } from '../../compiler/opt/constants';
import { propagateCopiesGlobally } from '../../compiler/opt/copy-flow';
import { eliminateRedundantLoads } from '../../compiler/opt/loads';
import { narrowArithmetic } from '../../compiler/opt/narrow';
import { eliminateDeadCode } from '../../compiler/opt/dce';
import { foldAddresses, forwardInvariantCopies } from '../../compiler/opt/fold';
import { inlineCalls } from '../../compiler/opt/inline';
import { printFunc } from '../../compiler/opt/print';
import { promoteLocals } from '../../compiler/opt/promote';
import { scalarizeSlots } from '../../compiler/opt/scalarize';
import { ISSUE_1019, SANITIZE_DEFINES, launch, specArg } from '../emulator/device/helpers';
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

  it('fold.ts: `t = b + constant` folds into the memory operands after it while b is unchanged', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const q = b.addParam('i32');
    const eight = b.const('i32', 8);
    const base = b.vreg('i32');
    b.emit({ op: 'load', dst: base, addr: regAddr(q), mem: 'i32' });
    const t = b.bin('add', base, eight);
    const u = b.bin('add', eight, base);
    const x = b.load('i32', regAddr(t, 4), 'i32');
    b.store('i32', x, regAddr(u));
    // base written again: t no longer stands for base + 8
    b.emit({ op: 'load', dst: base, addr: regAddr(q, 4), mem: 'i32' });
    b.store('i32', x, regAddr(t));
    b.terminate({ op: 'ret' });
    assert.equal(foldAddresses(b.func), 2);
    const text = printFunc(b.func);
    assert.match(text, new RegExp(`v\\d+ = load\\.i32 \\[v${base.id}\\+12\\]`), text);
    assert.match(text, new RegExp(`store\\.i32 \\[v${base.id}\\+8\\], v${x.id}`), text);
    assert.match(text, new RegExp(`store\\.i32 \\[v${t.id}\\], v${x.id}`), text);
  });

  it('fold.ts: an address computed inside a loop from an invariant base folds into later blocks', () => {
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
    // a base written on every iteration is not invariant: no folding across blocks
    const c = new FunctionBuilder('g', 'g', POS, true);
    const q = c.addParam('i32');
    const head = c.newBlock();
    c.place(head);
    const moving = c.vreg('i32');
    c.emit({ op: 'load', dst: moving, addr: regAddr(q), mem: 'i32' });
    const u = c.addr(regAddr(moving, 4));
    const after = c.newBlock();
    c.jump(after);
    c.place(after);
    c.emit({ op: 'load', dst: moving, addr: regAddr(q), mem: 'i32' });
    c.store('i32', q, regAddr(u, 0));
    c.branch(q, head, head);
    assert.equal(foldAddresses(c.func), 0);
  });

  it('loads.ts: a slot field loaded again after a store or load in the block reads the register', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    b.setReturn('i32');
    const s = b.slot(8, 4, 'obj');
    b.store('i32', p, slotAddr(s, 4));
    const x = b.load('i32', slotAddr(s, 4), 'i32');
    b.call('g', []);
    const y = b.load('i32', slotAddr(s, 4), 'i32');
    b.store('u8', p, slotAddr(s, 4));
    const z = b.load('i32', slotAddr(s, 4), 'i32');
    b.terminate({ op: 'ret', value: b.bin('add', b.bin('add', x, y), z) });
    assert.equal(eliminateRedundantLoads(b.func), 2, 'the load after the narrow store stays');
    assert.deepEqual(body(b.func).slice(2, 6), ['v1 = v0', 'call g()', 'v2 = v0', 'store.u8 [%obj+4], v0']);
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

  it('copy-flow.ts: a copy available on every path is read through; one killed on a path is not', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    const q = b.addParam('i32');
    b.setReturn('i32');
    const v = b.vreg('i32');
    b.copy(v, p);
    const left = b.newBlock();
    const right = b.newBlock();
    const join = b.newBlock();
    b.branch(q, left, right);
    b.place(left);
    b.jump(join);
    b.place(right);
    b.copy(p, q); // p written: v = p no longer holds on this path
    b.jump(join);
    b.place(join);
    const s = b.bin('add', v, v);
    const w = b.bin('add', s, v);
    b.terminate({ op: 'ret', value: w });
    assert.equal(propagateCopiesGlobally(b.func), 0, 'not available at the join');
    const b2 = new FunctionBuilder('g', 'g', POS, true);
    const p2 = b2.addParam('i32');
    b2.setReturn('i32');
    const v2 = b2.vreg('i32');
    b2.copy(v2, p2);
    const next = b2.newBlock();
    b2.jump(next);
    b2.place(next);
    b2.terminate({ op: 'ret', value: b2.bin('add', v2, v2) });
    assert.equal(propagateCopiesGlobally(b2.func), 2);
    assert.match(printFunc(b2.func), /add v0, v0/);
  });

  it('narrow.ts: the low word of 64-bit arithmetic is computed in 32 bits', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    b.setReturn('i32');
    const wide = b.conv('i32>i64s', p, 'i64');
    const prod = b.bin('mul', wide, b.const('i64', 8n));
    b.terminate({ op: 'ret', value: b.conv('i64>i32', prod, 'i32') });
    assert.equal(narrowArithmetic(b.func), 1);
    eliminateDeadCode(b.func);
    assert.deepEqual(body(b.func), ['b0:', 'v6 = const 8', 'v5 = mul v0, v6', 'v4 = v5', 'ret v4']);
  });

  it('constants.ts: a branch on a known condition becomes a jump; 64-bit constants fold', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const c = b.cmp('lt', b.conv('i32>i64s', b.const('i32', -1), 'i64'), b.const('i64', 0n));
    const yes = b.newBlock();
    const no = b.newBlock();
    b.branch(c, yes, no);
    b.place(yes);
    b.terminate({ op: 'ret' });
    b.place(no);
    b.terminate({ op: 'ret' });
    foldConstants(b.func);
    assert.equal(b.func.blocks[0].term?.op, 'jump');
    assert.equal((b.func.blocks[0].term as { target: { id: number } }).target.id, yes.id);
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

const LOOP = `#include <stdio.h>
int main() {
  int a[64];
  for (int i = 0; i < 64; i++) a[i] = (i * 7) & 15;
  long long s = 0;
  for (int i = 0; i < 64; i++) { if (a[i] > 3) s += a[i] << 2; else if (a[i] == 0) s -= 1; }
  unsigned u = 0xF0u;
  printf("%lld %u\\n", s, (u >> 4) + (unsigned)(s & 255));
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

  it('a sanitizer fault inside inlined SDK code is reported at the user line of the call (-O1 and -O2 as -O0)', async () => {
    for (const optimize of [0, 1, 2] as const) {
      const r = await compileSource(ISSUE_1019, '/kernels/inl.cpp', { optimize, defines: SANITIZE_DEFINES });
      const { result } = launch(r.image!, 'fill3', [specArg('t', 'shape=1,init=zeros')]);
      assert.equal(result.faults.length, 1);
      assert.equal(result.faults[0].kind, 'out-of-bounds');
      assert.equal(result.faults[0].location?.line, 6, `-O${optimize}`);
    }
  });

  it('immediate operands and compare-and-branch (emitter, -O1 only) keep a loop\'s output', async () => {
    const o1 = await compileSource(LOOP, '/t/loop.cpp', { optimize: 1 });
    const o0 = await compileSource(LOOP, '/t/loop.cpp');
    const r1 = runImage(o1);
    assert.equal(runImage(o0).stdout, '1820 43\n');
    assert.equal(r1.stdout, '1820 43\n');
    assert.match(o1.assembly!, /\tslli\t/, 'a shift for << 2');
    assert.match(o1.assembly!, /\tb(lt|ge)i\t|\tbgei\t|\tblti\t/, 'a compare with an immediate');
    assert.doesNotMatch(o0.assembly!, /\tb(lt|ge)i\t/, '-O0 is unchanged');
  });
});
