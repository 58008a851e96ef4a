// -O2's invariant `a || b` branches (opt/invariant-branches.ts) and the early reads of a data member
// of an object the loop reads on every iteration (licm.ts), on hand-built IR: the enforcer's
// conflict test `if (writers > 0 || accessors > 0) conflict(); counter++` in a loop with calls.

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr } from '../../compiler/ir/builder';
import type { AccessTag, Func, VReg } from '../../compiler/ir/ir';
import { hoistInvariants } from '../../compiler/opt/licm';
import { naturalLoops } from '../../compiler/opt/loops';
import { printFunc, printInstr, printTerm } from '../../compiler/opt/print';
import { rotateLoops } from '../../compiler/opt/rotate';
import { NEURON_TRANSLATE_SYMBOL } from '../../target/q7/abi';
import { countedLoop } from './ir-loops';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };
const member = (owner: number, offset: number): AccessTag => ({ kind: 'integer', field: { owner, offset, size: 4 } });

/**
 * A loop calling neuron_translate after the enforcer test of `e` (members at 0 and 4, the counter at
 * 8); `secondOwner`: the class of the second member read, `writeSecondCondition`: the loop writes the
 * second condition's register, `extra`: the block between the two branches calls a function.
 */
function enforcerLoop(opts: { secondOwner?: number; writeSecondCondition?: boolean; extra?: boolean } = {}): Func {
  const b = new FunctionBuilder('f', 'f', POS, true);
  const n = b.addParam('i32');
  const e = b.addParam('i32');
  const q = b.addParam('i32');
  let second: VReg | undefined;
  countedLoop(b, n, (b) => {
    const test2 = b.newBlock();
    const conflict = b.newBlock();
    const go = b.newBlock();
    const zero = b.const('i32', 0);
    b.branch(b.cmp('gt', b.load('i32', regAddr(e), 'i32', member(1, 0)), zero), conflict, test2);
    b.place(test2);
    if (opts.extra) b.call('external', []);
    const c2 = b.cmp('gt', b.load('i32', regAddr(e, 4), 'i32', member(opts.secondOwner ?? 1, 4)), zero);
    if (opts.writeSecondCondition) {
      second = b.vreg('i32');
      b.copy(second, c2);
    }
    b.branch(second ?? c2, conflict, go);
    b.place(conflict);
    b.call('neuron_coherency_violation', [q, e]);
    b.jump(go);
    b.place(go);
    const count = b.load('i32', regAddr(e, 8), 'i32', member(1, 8));
    b.store('i32', b.bin('add', count, b.const('i32', 1)), regAddr(e, 8), member(1, 8));
    b.call(NEURON_TRANSLATE_SYMBOL, [q, b.conv('i32>i64u', n, 'i64')], 'i32');
    if (second) b.copy(second, b.const('i32', 0));
  });
  b.terminate({ op: 'ret' });
  rotateLoops(b.func);
  hoistInvariants(b.func);
  return b.func;
}

/** The loop's instructions and terminators as text (the blocks the entry still reaches). */
function loopText(f: Func): string {
  const loop = naturalLoops(f)[0];
  return [...loop.blocks].flatMap((x) => [...x.instrs.map(printInstr), printTerm(x.term)]).join('\n');
}

describe('compiler -O2 invariant `a || b` branches (IR in → IR out)', () => {
  it('the second member load of the object moves early, and the two branches become one on `a | b` computed before the loop', () => {
    const f = enforcerLoop();
    const text = loopText(f);
    assert.doesNotMatch(text, /load\.i32 \[v1\]/, `the first test's load moves:\n${printFunc(f)}`);
    assert.doesNotMatch(text, /load\.i32 \[v1\+4\]/, 'the second test reads another member than the counter, of the same object: it moves');
    const branches = text.split('\n').filter((l) => l.startsWith('branch'));
    assert.equal(branches.length, 2, `one branch for the test and the loop's own bottom test:\n${printFunc(f)}`);
    const ors = printFunc(f).split('\n').map((l) => l.trim()).filter((l) => / = or v\d+, v\d+$/.test(l));
    assert.equal(ors.length, 1, `one or:\n${printFunc(f)}`);
    const or = ors[0];
    assert.ok(branches.some((l) => l.startsWith(`branch ${or.split(' = ')[0]},`)), 'the test branches on it');
    assert.ok(or, `the branch reads an or of the two comparisons:\n${printFunc(f)}`);
    assert.ok(!text.includes(or!), 'computed before the loop');
    assert.match(text, /load\.i32 \[v1\+8\]/, 'the counter is still read and written in the loop');
  });

  it('a member of another class through the same base is not read early; a condition the loop writes or a block with work keeps both branches', () => {
    const other = loopText(enforcerLoop({ secondOwner: 2 }));
    assert.match(other, /load\.i32 \[v1\+4\]/, 'another class: it may not be there, so the load stays where it was');
    for (const opts of [{ writeSecondCondition: true }, { extra: true }]) {
      const f = enforcerLoop(opts);
      const branches = loopText(f).split('\n').filter((l) => l.startsWith('branch'));
      assert.equal(branches.length, 3, `${JSON.stringify(opts)}: two test branches and the bottom test:\n${printFunc(f)}`);
      assert.ok(!printFunc(f).includes(' = or '), `${JSON.stringify(opts)}: no or`);
    }
  });
});
