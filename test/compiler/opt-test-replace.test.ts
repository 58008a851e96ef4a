// -O2 linear-function test replacement by versioning (compiler/opt/test-replace.ts): on hand-built IR
// in the shape strength reduction leaves the torch::zeros fill loop — a 32-bit counter read only by
// its exit test and a byte offset set to counter * 4 before the loop and stepped by 4 — the loop tests
// the offset against n * 4 and drops the counter behind a range test in its preheader, its unchanged
// copy the fallback; a counter read elsewhere, or a debugger variable, stays. (The example kernels'
// fill loops run the replaced test on the device: optimize-o2.test.ts.)

import { strict as assert } from 'node:assert';
import { FunctionBuilder } from '../../compiler/ir/builder';
import type { Func, VReg } from '../../compiler/ir/ir';
import { naturalLoops } from '../../compiler/opt/loops';
import { printFunc, printInstr } from '../../compiler/opt/print';
import { replaceLoopTests } from '../../compiler/opt/test-replace';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };

/** `if (i < n) { r = i * 4; do { g(base, r); [extra(i)]; i += 1; r += 4 } while (i <u n) }` from i = 0. */
function fillLoop(extra?: (b: FunctionBuilder, i: VReg) => void): { f: Func; i: VReg; r: VReg; n: VReg } {
  const b = new FunctionBuilder('f', 'f', POS, true);
  const n = b.addParam('i32');
  const base = b.addParam('i32');
  const i = b.vreg('i32');
  const r = b.vreg('i32');
  b.copy(i, b.const('i32', 0));
  const four = b.const('i32', 4);
  const one = b.const('i32', 1);
  const pre = b.newBlock();
  const loop = b.newBlock();
  const exit = b.newBlock();
  b.branch(b.cmp('lt', i, n, true), pre, exit);
  b.place(pre);
  b.copy(r, b.bin('mul', i, four));
  b.jump(loop);
  b.place(loop);
  b.call('g', [base, r]);
  extra?.(b, i);
  b.emit({ op: 'bin', kind: 'add', dst: i, a: i, b: one, unsigned: false });
  b.emit({ op: 'bin', kind: 'add', dst: r, a: r, b: four, unsigned: false });
  b.branch(b.cmp('lt', i, n, true), loop, exit);
  b.place(exit);
  b.terminate({ op: 'ret' });
  return { f: b.func, i, r, n };
}

const loopTexts = (f: Func) => naturalLoops(f).map((l) => f.blocks.filter((x) => l.blocks.has(x)).flatMap((x) => x.instrs.map(printInstr)).join('\n'));

describe('compiler -O2 linear-function test replacement (opt/test-replace.ts)', () => {
  it('a counter read only by its exit test is replaced by the offset stepped beside it, behind a range test', () => {
    const { f, i, r, n } = fillLoop();
    assert.equal(replaceLoopTests(f), 1, printFunc(f));
    const text = printFunc(f);
    const loops = loopTexts(f);
    assert.equal(loops.length, 2, text);
    const replaced = loops.find((t) => !new RegExp(`\\bv${i.id}\\b`).test(t));
    const fallback = loops.find((t) => new RegExp(`v${i.id} = add v${i.id}`).test(t));
    assert.ok(replaced && fallback, text);
    assert.match(replaced, new RegExp(`= cmp\\.ltu v${r.id}, v\\d+`));
    // the preheader tests (i | n) <u 2^31 / 4, the new one computes n * 4
    assert.match(text, new RegExp(`= oru v${i.id}, v${n.id}\\n\\s+v\\d+ = const 536870912\\n\\s+v\\d+ = cmp\\.ltu`));
    assert.match(text, new RegExp(`= mulu v${n.id}, v\\d+`));
    assert.equal(replaceLoopTests(f), 0, 'the fallback keeps its counter');
  });

  it('a counter read elsewhere in the loop stays', () => {
    const { f } = fillLoop((b, i) => b.call('h', [i]));
    assert.equal(replaceLoopTests(f), 0, printFunc(f));
  });

  it("a debugger variable's counter stays", () => {
    const { f, i } = fillLoop();
    f.debugVars.push({ name: 'i', type: undefined, slot: { id: 0, size: 4, align: 4, name: 'i' }, isParam: false, indirect: false, decl: POS, scope: 0, vreg: i });
    assert.equal(replaceLoopTests(f), 0, printFunc(f));
  });
});
