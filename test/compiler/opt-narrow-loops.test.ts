// -O2 narrowing of 64-bit loop counters by versioning (compiler/opt/narrow-loops.ts): on hand-built IR,
// a loop counting an i64 up by one to an invariant bound and reading it only as a low word runs with a
// 32-bit counter behind a range test in its preheader, its 64-bit copy the fallback; a counter read as a
// 64-bit value, live after the loop, or in a loop that reports faults stays. On a program: int64_t loops
// whose entry values and bounds lie inside and outside [0, 2^31) print the same at -O0 and -O2.

import { strict as assert } from 'node:assert';
import { FunctionBuilder } from '../../compiler/ir/builder';
import type { Func, VReg } from '../../compiler/ir/ir';
import { mergeBlocks } from '../../compiler/opt/blocks';
import { coalesceCopies } from '../../compiler/opt/coalesce';
import { naturalLoops } from '../../compiler/opt/loops';
import { narrowLoopCounters } from '../../compiler/opt/narrow-loops';
import { printFunc, printInstr } from '../../compiler/opt/print';
import { rotateLoops } from '../../compiler/opt/rotate';
import { compileAndRun } from './harness';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };

/** `for (int64_t j = 0; j < n; j++) body(j)` with an i64 parameter n; returns the function and j. */
function int64Loop(body: (b: FunctionBuilder, j: VReg) => void, after?: (b: FunctionBuilder, j: VReg) => void): { f: Func; j: VReg } {
  const b = new FunctionBuilder('f', 'f', POS, true);
  const n = b.addParam('i64');
  const j = b.vreg('i64');
  b.copy(j, b.const('i64', 0));
  const head = b.newBlock();
  const loop = b.newBlock();
  const exit = b.newBlock();
  b.jump(head);
  b.place(head);
  b.branch(b.cmp('lt', j, n), loop, exit);
  b.place(loop);
  body(b, j);
  b.copy(j, b.bin('add', j, b.const('i64', 1)));
  b.jump(head);
  b.place(exit);
  after?.(b, j);
  b.terminate({ op: 'ret' });
  // as the pipeline has it by then: rotated, the increment coalesced into the counter, blocks merged
  rotateLoops(b.func);
  coalesceCopies(b.func);
  mergeBlocks(b.func);
  return { f: b.func, j };
}

const loopTexts = (f: Func) => naturalLoops(f).map((l) => f.blocks.filter((x) => l.blocks.has(x)).flatMap((x) => x.instrs.map(printInstr)).join('\n'));

describe('compiler -O2 narrowing of 64-bit loop counters (opt/narrow-loops.ts)', () => {
  it('a counter read only as a low word runs in 32 bits behind a range test, the 64-bit loop its fallback', () => {
    const { f, j } = int64Loop((b, jj) => b.call('g', [b.conv('i64>i32', jj, 'i32')]));
    assert.equal(narrowLoopCounters(f), 1, printFunc(f));
    const text = printFunc(f);
    const [narrow32] = [...f.narrowed!.keys()];
    assert.equal(f.narrowed!.get(narrow32)?.id, j.id, text);
    const loops = loopTexts(f);
    assert.equal(loops.length, 2, text);
    const narrowed = loops.find((t) => t.includes(`v${narrow32} = add v${narrow32}`));
    const fallback = loops.find((t) => t.includes(`v${j.id} = add v${j.id}`));
    assert.ok(narrowed && fallback, text);
    // the narrowed loop never touches the 64-bit counter; it compares unsigned against the bound's low word
    assert.ok(!new RegExp(`\\bv${j.id}\\b`).test(narrowed), narrowed);
    assert.match(narrowed, new RegExp(`= cmp\\.ltu v${narrow32}, v\\d+`));
    // the preheader tests (j | n) <u 2^31 on the 64-bit values
    assert.match(text, new RegExp(`= oru v${j.id}, v${f.params[0].id}\\n\\s+v\\d+ = const 2147483648\\n\\s+v\\d+ = cmp\\.ltu`));
    assert.equal(narrowLoopCounters(f), 0, 'narrowed once; the fallback stays 64-bit');
  });

  it('a counter read as a 64-bit value stays', () => {
    const { f } = int64Loop((b, jj) => b.call('h', [jj]));
    assert.equal(narrowLoopCounters(f), 0, printFunc(f));
  });

  it('a counter read after the loop stays', () => {
    const { f } = int64Loop((b, jj) => b.call('g', [b.conv('i64>i32', jj, 'i32')]), (b, jj) => b.call('h', [jj]));
    assert.equal(narrowLoopCounters(f), 0, printFunc(f));
  });

  it('a loop that reports a fault stays', () => {
    const { f } = int64Loop((b, jj) => b.call('neuron_coherency_violation', [b.conv('i64>i32', jj, 'i32')]));
    assert.equal(narrowLoopCounters(f), 0, printFunc(f));
  });

  it('int64_t loops inside and outside [0, 2^31) print the same at -O0 and -O2', async () => {
    const source = `
#include <stdio.h>
#include <stdint.h>
static int trace;
__attribute__((noinline)) int step(int x) { trace = trace * 31 + x; return x & 7; }
long long run(int64_t from, int64_t to, const int* v) {
  long long sum = 0;
  for (int64_t j = from; j < to; j++) sum += step((int)j) + v[j & 7];
  return sum;
}
int main() {
  int v[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  long long a = run(0, 40, v);
  long long b = run(2147483640LL, 2147483647LL, v);
  long long c = run(2147483645LL, 2147483650LL, v);
  long long d = run(-5, 5, v);
  long long e = run(0x100000000LL, 0x100000004LL, v);
  long long f = run(7, 3, v);
  printf("%lld %lld %lld %lld %lld %lld %d\\n", a, b, c, d, e, f, trace);
  return 0;
}
`;
    const o0 = await compileAndRun(source, { optimize: 0 });
    const o2 = await compileAndRun(source, { optimize: 2 });
    assert.equal(o0.exitCode, 0);
    assert.equal(o2.stdout, o0.stdout);
    assert.match(o0.stdout, /^(-?\d+ ){6}-?\d+\n$/);
  });
});
