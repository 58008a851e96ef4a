// -O1/-O2 drop what the unit lowered only because code reached it once nothing refers to it after
// inlining (opt/dead-functions.ts): the SDK's accessor chain, inlined whole into a kernel, leaves no
// out-of-line copy, and the vtables and type_info of accessors the kernel no longer builds go too.
// What stays: the user's own definitions (inlined or not), anything whose address is taken, the
// vtables the inlined constructors still store and the destructors they name — and the program's
// output is -O0's.

import { strict as assert } from 'node:assert';
import { compileAndRun, compileSource } from './harness';
import { SCALE_KERNEL } from '../../bench/q7-run';
import type { CompileResult } from '../../compiler';

const symbols = (r: CompileResult) => new Set(r.image!.symbols.map((s) => s.name));

/** The 2-D accessor's operator[], the 1-D accessor's vtable, the 2-D (read-only) accessor's vtable and deleting destructor. */
const INDEX_2D = '_ZN2at14TensorAccessorIfLj2ELb1ExEixEx';
const VTABLE_1D = '_ZTVN2at14TensorAccessorIfLj1ELb1ExEE';
const VTABLE_2D = '_ZTVN2at14TensorAccessorIfLj2ELb1ExEE';
const DELETE_2D = '_ZN2at14TensorAccessorIfLj2ELb1ExED0Ev';

const PROGRAM = `#include <stdio.h>
template <typename T> T twice(T x) { return x + x; }
template <typename T> struct S { static T thrice(T x) { return x + x + x; } };
int helper(int x) { return x * 5; }
int (*const pick)(int) = &S<int>::thrice;
int main() {
  volatile int v = 7;
  printf("%d %d %d\\n", twice(v), helper(v), pick(v));
  return 0;
}
`;

describe('compiler -O1/-O2: dead functions after inlining', function () {
  this.timeout(120_000);

  it('-O0 keeps the SDK accessor chain out of line', async () => {
    const r = await compileSource(SCALE_KERNEL, '/kernels/scale.cpp', { optimize: 0 });
    assert.deepEqual(r.diagnostics, []);
    const s = symbols(r);
    for (const name of [INDEX_2D, VTABLE_1D, VTABLE_2D, DELETE_2D]) assert.ok(s.has(name), `-O0 has ${name}`);
  });

  for (const optimize of [1, 2] as const) {
    it(`-O${optimize} drops the inlined accessor chain and the unused vtables, keeps the stored ones`, async () => {
      const r = await compileSource(SCALE_KERNEL, '/kernels/scale.cpp', { optimize });
      assert.deepEqual(r.diagnostics, []);
      const s = symbols(r);
      assert.ok(s.has('_Z13scale_forwardRKN2at6TensorE'), 'the kernel stays');
      assert.ok(!s.has(INDEX_2D), `operator[] is inlined everywhere: no copy of ${INDEX_2D}`);
      if (optimize === 2) assert.ok(!s.has(VTABLE_1D), `no 1-D accessor is built: no ${VTABLE_1D}`);
      // the inlined 2-D constructors still store the vtable, whose slots name the destructors
      assert.ok(s.has(VTABLE_2D) && s.has(DELETE_2D), `${VTABLE_2D} and ${DELETE_2D} stay`);
    });
  }

  it('keeps the user\'s functions and what a data word names; drops an inlined template instance', async () => {
    const o0 = await compileAndRun(PROGRAM, { optimize: 0 });
    assert.equal(o0.stdout, '14 35 21\n');
    for (const optimize of [1, 2] as const) {
      const r = await compileSource(PROGRAM, '/test/prog.cpp', { optimize });
      assert.deepEqual(r.diagnostics, []);
      const s = symbols(r);
      assert.ok(s.has('_Z6helperi'), `-O${optimize}: helper is the user's definition`);
      assert.ok(s.has('_ZN1SIiE6thriceEi'), `-O${optimize}: S<int>::thrice's address is in a global`);
      assert.ok(!s.has('_Z5twiceIiET_S0_'), `-O${optimize}: twice<int> is inlined and referred to by nothing`);
      assert.equal((await compileAndRun(PROGRAM, { optimize })).stdout, o0.stdout, `-O${optimize} prints what -O0 prints`);
    }
  });
});
