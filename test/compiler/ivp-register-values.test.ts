// Vector values kept in registers at -O1/-O2 (xtensa/vector-homes.ts, emit-vector.ts): a vector written
// once and read several times is pinned to a register for the whole function and must survive calls
// (the callee here pins its own vector to the same register, so a caller that did not reload it after
// the call would read the callee's value); temporaries read once by the next vector instruction stay
// in their register. The program's sums are computed here from the lane rules.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { compileSource, runImage } from './harness';

const SRC = `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
int clobber(int k) {
  xb_vecNx16 t = k;
  return IVP_RADDNX16(IVP_ADDNX16(t, t)) + IVP_RMAXNX16(t) + IVP_RMINNX16(t);
}
int (*volatile fp)(int) = clobber;
volatile int BASE = 3;
int main() {
  xb_vecNx16 z = BASE;
  int s = 0;
  for (int i = 0; i < 10; i++) {
    s += IVP_RADDNX16(IVP_ADDNX16(z, z));
    s += fp(i);
    s += IVP_RMAXNX16(IVP_SUBNX16(z, 1));
  }
  printf("%d\\n", s);
  return 0;
}
`;

describe('compiler: vector values kept in registers', function () {
  this.timeout(120_000);

  for (const optimize of [1, 2] as const) {
    it(`a pinned vector survives a call whose callee pins its own (-O${optimize})`, async () => {
      const r = await compileSource(SRC, '/test/pinned.cpp', { optimize, debug: false });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const asm = r.assembly ?? '';
      const body = (fn: string) => asm.slice(asm.indexOf(`\n${fn}:`), asm.indexOf('retw', asm.indexOf(`\n${fn}:`)));
      assert.match(body('main'), /\bv24\b/, 'main keeps z in a pinned register');
      assert.match(body('_Z7clobberi'), /\bv24\b/, 'the callee pins its own vector to the same register');
      let want = 0;
      for (let i = 0; i < 10; i++) want += 32 * 6 + (32 * 2 * i + i + i) + 2;
      assert.equal(runImage(r).stdout.trim(), String(want));
    });
  }
});
