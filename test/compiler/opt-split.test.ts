// -O2 live-range splitting at loop boundaries (compiler/opt/split.ts): on hand-built IR, the registers
// an innermost loop reads but never writes get a copy in its preheader and the loop reads the copy;
// constants, addresses, what the loop writes and outer loops stay. On a program: a loop reading many
// invariants across calls prints the same at -O0 and -O2.

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr, slotAddr } from '../../compiler/ir/builder';
import type { Func, VReg } from '../../compiler/ir/ir';
import { naturalLoops, type Loop } from '../../compiler/opt/loops';
import { printFunc, printInstr } from '../../compiler/opt/print';
import { rotateLoops } from '../../compiler/opt/rotate';
import { splitAtLoops } from '../../compiler/opt/split';
import { compileAndRun } from './harness';
import { countedLoop } from './ir-loops';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };

const textOf = (f: Func, loop: Loop) => f.blocks.filter((x) => loop.blocks.has(x)).flatMap((x) => x.instrs.map(printInstr));
const preheaderOf = (f: Func, loop: Loop) => f.blocks.find((x) => !loop.blocks.has(x) && x.term?.op === 'jump' && x.term.target === loop.header);

describe('compiler -O2 live-range splitting at loops (opt/split.ts)', () => {
  it("an innermost loop's invariant reads go through copies made in its preheader", () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const ctx = b.addParam('i32');
    const slot = b.slot(8, 4, 'buf');
    const seven = b.const('i32', 7);
    const field = b.addr(slotAddr(slot, 4));
    let stored: VReg | undefined;
    countedLoop(b, n, (bb, i) => {
      const w = bb.call('g', [ctx, i], 'i32')!;
      stored = bb.load('i32', regAddr(p, 4), 'i32');
      bb.store('i32', stored, regAddr(w));
      bb.store('i32', seven, slotAddr(slot));
      bb.store('i32', field, regAddr(w, 4));
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    const loop = naturalLoops(b.func)[0];
    assert.equal(splitAtLoops(b.func), 3, printFunc(b.func));
    const pre = preheaderOf(b.func, loop);
    assert.ok(pre, printFunc(b.func));
    const copies = pre.instrs.map(printInstr).filter((t) => /^v\d+ = v\d+$/.test(t));
    assert.deepEqual(copies.map((t) => t.split(' = ')[1]).sort(), [`v${n.id}`, `v${p.id}`, `v${ctx.id}`].sort());
    const body = textOf(b.func, loop).join('\n');
    for (const v of [p, ctx]) assert.ok(!new RegExp(`\\bv${v.id}\\b`).test(body), `v${v.id} is read through its copy:\n${body}`);
    // the loop's own registers, constants and addresses are read as they were
    assert.ok(body.includes(`v${stored!.id} = load.i32`), body);
    assert.ok(body.includes(`store.i32 [%buf], v${seven.id}`) && body.includes(`, v${field.id}`), body);
    assert.equal(splitAtLoops(b.func), 0, 'the copies are defined outside the loop and read inside it: split once');
  });

  it('only innermost loops are split; an outer loop keeps its reads', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const q = b.addParam('i32');
    countedLoop(b, n, (bb) => {
      bb.call('h', [q]);
      countedLoop(bb, n, (bi, j) => bi.store('i32', j, regAddr(p)));
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    const [inner, outer] = naturalLoops(b.func);
    assert.equal(splitAtLoops(b.func), 2, printFunc(b.func));
    const innerText = textOf(b.func, inner).join('\n');
    assert.ok(!new RegExp(`\\bv${p.id}\\b`).test(innerText), innerText);
    // q is read in the outer loop only: read there as it was
    assert.ok(textOf(b.func, outer).some((t) => t.includes(`call h(v${q.id})`)), printFunc(b.func));
  });

  it('a loop reading many invariants across calls prints the same at -O0 and -O2', async () => {
    const source = `
#include <stdio.h>
static int trace;
__attribute__((noinline)) int step(int x) { trace += x; return x & 7; }
int run(int n, int a, int b, int c, long long d, int *out) {
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < n; k++) out[k] = step(k) * a + b * c + (int)(d >> step(i));
  }
  return out[n - 1];
}
int main() {
  int buf[16];
  int r = run(16, 3, 5, 7, 0x123456789LL, buf);
  printf("%d %d %d\\n", r, buf[3], trace);
  return 0;
}
`;
    const o0 = await compileAndRun(source, { optimize: 0 });
    const o2 = await compileAndRun(source, { optimize: 2 });
    assert.equal(o0.exitCode, 0);
    assert.equal(o2.stdout, o0.stdout);
    assert.match(o0.stdout, /^-?\d+ -?\d+ \d+\n$/);
  });
});
