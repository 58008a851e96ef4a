// -O2 common-subexpression elimination (compiler/opt/cse.ts) on hand-built IR: a recomputation in a
// dominated block becomes a copy (constants compared by value), loads too when nothing on the way may
// write their memory; a redefined operand, an aliasing store, a call, a block that does not dominate,
// division, and a load around a loop between the two stay.

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr } from '../../compiler/ir/builder';
import type { Func } from '../../compiler/ir/ir';
import { eliminateCommonSubexpressions } from '../../compiler/opt/cse';
import { printInstr } from '../../compiler/opt/print';
import { NEURON_TRANSLATE_SYMBOL } from '../../target/q7/abi';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };
const fresh = () => new FunctionBuilder('f', 'f', POS, true);
const lines = (f: Func) => f.blocks.flatMap((b) => b.instrs.map(printInstr));

describe('compiler -O2 common-subexpression elimination (IR in → IR out)', () => {
  it('an address computed again in a diamond and its join becomes a copy; so does the load of it', () => {
    const b = fresh();
    const base = b.addParam('i32');
    const k = b.addParam('i32');
    const a1 = b.bin('add', base, b.bin('mul', k, b.const('i32', 4)));
    const x = b.load('f32', regAddr(a1), 'f32');
    const then = b.newBlock();
    const join = b.newBlock();
    b.branch(b.cmp('gt', x, b.const('f32', 0)), then, join);
    b.place(then);
    const a2 = b.bin('add', base, b.bin('mul', k, b.const('i32', 4)));
    const y = b.load('f32', regAddr(a2), 'f32');
    b.store('f32', y, regAddr(a2, 64));
    b.jump(join);
    b.place(join);
    const a3 = b.bin('add', base, b.bin('mul', k, b.const('i32', 4)));
    b.store('f32', x, regAddr(a3));
    b.terminate({ op: 'ret' });
    // then: the mul, the add, the load; join: the mul and the add (the load is not repeated there)
    assert.equal(eliminateCommonSubexpressions(b.func), 5);
    assert.equal(lines(b.func).filter((l) => / = mul /.test(l)).length, 1);
    assert.equal(lines(b.func).filter((l) => / = load\.f32 /.test(l)).length, 1);
  });

  it('what stays: a redefined operand, an aliasing store or call before a load, a block that does not dominate, division', () => {
    const b = fresh();
    const p = b.addParam('i32');
    const n = b.addParam('i32');
    const v = b.vreg('i32');
    b.copy(v, n);
    b.bin('add', v, p);
    b.copy(v, p);
    b.bin('add', v, p); // v changed: not the same value
    b.load('i32', regAddr(p, 8), 'i32');
    b.store('i32', n, regAddr(n)); // may overlap (an i32 through another pointer)
    b.load('i32', regAddr(p, 8), 'i32');
    b.call('opaque', []);
    b.load('i32', regAddr(p, 8), 'i32');
    b.bin('div', p, n);
    b.bin('div', p, n);
    const left = b.newBlock();
    const right = b.newBlock();
    b.branch(b.cmp('lt', p, n), left, right);
    b.place(left);
    b.bin('xor', p, n);
    b.terminate({ op: 'ret' });
    b.place(right);
    b.bin('xor', p, n); // `left` does not dominate `right`
    b.terminate({ op: 'ret' });
    assert.equal(eliminateCommonSubexpressions(b.func), 0);
  });

  it('neuron_translate and stores of other types do not hold back a load; a loop between does', () => {
    const b = fresh();
    const p = b.addParam('i32');
    const q = b.addParam('i32');
    const c = b.load('i32', regAddr(p, 8), 'i32');
    b.call(NEURON_TRANSLATE_SYMBOL, [q, b.conv('i32>i64u', c, 'i64')], 'i32');
    b.store('f32', b.const('f32', 1), regAddr(q));
    b.load('i32', regAddr(p, 8), 'i32');
    assert.equal(eliminateCommonSubexpressions(b.func), 1);

    const l = fresh();
    const r = l.addParam('i32');
    l.load('i32', regAddr(r), 'i32');
    const head = l.newBlock();
    const after = l.newBlock();
    l.jump(head);
    l.place(head);
    l.branch(l.cmp('eq', l.const('i32', 0), l.const('i32', 0)), head, after);
    l.place(after);
    l.load('i32', regAddr(r), 'i32'); // a polling loop lies between
    l.terminate({ op: 'ret' });
    assert.equal(eliminateCommonSubexpressions(l.func), 0);
  });
});
