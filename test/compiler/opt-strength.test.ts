// -O2 strength reduction (compiler/opt/strength.ts): on hand-built IR, `p + i * 4` in a counted loop
// becomes a register of its own, set in the preheader and stepped after the increment; values computed
// on some iterations only, or without a multiplication, or stepped by a register in a loop that calls
// stay. On programs: index arithmetic of 32- and 64-bit counters (strides, shifts, wrap-around)
// prints the same at -O0 and -O2.

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr } from '../../compiler/ir/builder';
import type { Func, VReg } from '../../compiler/ir/ir';
import { mergeBlocks } from '../../compiler/opt/blocks';
import { coalesceCopies } from '../../compiler/opt/coalesce';
import { eliminateDeadCode } from '../../compiler/opt/dce';
import { hoistInvariants } from '../../compiler/opt/licm';
import { naturalLoops } from '../../compiler/opt/loops';
import { printFunc, printInstr } from '../../compiler/opt/print';
import { rotateLoops } from '../../compiler/opt/rotate';
import { reduceStrength } from '../../compiler/opt/strength';
import { compileAndRun } from './harness';
import { countedLoop } from './ir-loops';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };

/** `for (i = 0; i < n; i++) body(i)`, rotated, hoisted, merged and coalesced as the -O2 pipeline leaves it. */
function loopOver(body: (b: FunctionBuilder, i: VReg, p: VReg) => void): Func {
  const b = new FunctionBuilder('f', 'f', POS, true);
  const n = b.addParam('i32');
  const p = b.addParam('i32');
  countedLoop(b, n, (bb, i) => body(bb, i, p));
  b.terminate({ op: 'ret' });
  rotateLoops(b.func);
  hoistInvariants(b.func);
  mergeBlocks(b.func);
  coalesceCopies(b.func);
  return b.func;
}

const loopText = (f: Func) => {
  const loop = naturalLoops(f)[0];
  return f.blocks.filter((x) => loop.blocks.has(x)).flatMap((x) => x.instrs.map(printInstr));
};

describe('compiler -O2 strength reduction (opt/strength.ts)', () => {
  it('p + i * 4 in a loop becomes a register stepped by 4 after the increment', () => {
    const f = loopOver((b, i, p) => {
      const a = b.bin('add', p, b.bin('mul', i, b.const('i32', 4)));
      b.store('i32', i, regAddr(a));
    });
    assert.equal(reduceStrength(f), 1, printFunc(f));
    eliminateDeadCode(f);
    const body = loopText(f);
    assert.ok(!body.some((t) => t.includes('mul')), `no multiplication left in the loop:\n${printFunc(f)}`);
    // the increment of i is followed by the new register's step
    const inc = body.findIndex((t) => /^v\d+ = add v\d+, v\d+$/.test(t) && t.split(' = ')[0] === t.split(' ')[3].replace(',', ''));
    assert.ok(inc >= 0 && /^(v\d+) = add \1, v\d+$/.test(body[inc + 1]), `step after the increment:\n${body.join('\n')}`);
  });

  it('a value on some iterations only, or after the increment, or without a multiplication stays', () => {
    const sometimes = loopOver((b, i, p) => {
      const then = b.newBlock();
      const join = b.newBlock();
      b.branch(b.cmp('lt', i, p), then, join);
      b.place(then);
      b.store('i32', i, regAddr(b.bin('add', p, b.bin('mul', i, b.const('i32', 4)))));
      b.jump(join);
      b.place(join);
    });
    assert.equal(reduceStrength(sometimes), 0, printFunc(sometimes));
    const plain = loopOver((b, i, p) => b.store('i32', i, regAddr(b.bin('add', p, i))));
    assert.equal(reduceStrength(plain), 0);
    // in a loop with a call: a constant step only
    const withCall = (stride: (b: FunctionBuilder, p: VReg) => VReg) =>
      loopOver((b, i, p) => {
        b.call('g', []);
        b.store('i32', i, regAddr(b.bin('add', p, b.bin('mul', i, stride(b, p)))));
      });
    assert.equal(reduceStrength(withCall((b) => b.const('i32', 12))), 1);
    assert.equal(reduceStrength(withCall((_b, p) => p)), 0);
  });

  it('index arithmetic prints the same at -O0 and -O2', async () => {
    const source = `
#include <stdio.h>
#include <stdint.h>
static int a[64];
static float g[8][9];
int main() {
  for (int i = 0; i < 64; i++) a[i] = i * 3;
  long long sum = 0;
  for (int64_t j = 0; j < 16; j++) sum += a[j * 4 + 1];
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 9; j++) g[i][j] = (float)(i * 9 + j);
  unsigned h = 0;
  for (unsigned k = 0xfffffff0u; k != 8u; k++) h = h * 31u + (k << 3) + a[(k * 5u) & 63u];
  int s = 0;
  for (int i = 60; i >= 0; i -= 6) s += a[i / 2] + i * 7;
  printf("%lld %d %u %d\\n", sum, (int)g[7][8] + (int)g[3][4], h, s);
  return 0;
}
`;
    const o0 = await compileAndRun(source, { optimize: 0 });
    const o2 = await compileAndRun(source, { optimize: 2 });
    assert.equal(o0.stdout, '1488 102 139690260 2805\n');
    assert.equal(o2.stdout, o0.stdout);
  });
});
