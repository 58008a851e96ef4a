// Functions overloaded on IVP vector types get distinct symbols: a vector parameter mangles as a
// vendor extended type (u <length> <C name>), a substitution candidate like any other type, so
// f(xb_vecNx16) and f(xb_vecN_2x32v) link to different functions and each call reaches its own.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { compileSource, runImage } from './harness';

const SRC = `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
int f(xb_vecNx16 v) { return 16 + IVP_RMAXNX16(v); }
int f(xb_vecN_2x32v v) { return 32 + IVP_EXTRN_2X32(v, 1); }
int f(xb_vecNx16 a, xb_vecNx16 b) { return 1000 + IVP_RMAXNX16(IVP_ADDNX16(a, b)); }
int f(xb_vecN_2x32v a, xb_vecNx16 b) { return 2000 + IVP_EXTRN_2X32(a, 0) + IVP_RMAXNX16(b); }
int main() {
  xb_vecNx16 h = 3;
  xb_vecN_2x32v w = 5;
  printf("%d %d %d %d\\n", f(h), f(w), f(h, h), f(w, h));
  return 0;
}
`;

describe('compiler: overloads on IVP vector types', function () {
  this.timeout(120_000);

  for (const optimize of [0, 1] as const) {
    it(`get distinct symbols, each call reaching its own function (-O${optimize})`, async () => {
      const r = await compileSource(SRC, '/test/overloads.cpp', { optimize, debug: false });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const labels = (r.assembly ?? '').split('\n').filter((l) => /^_Z1f\w*:$/.test(l)).map((l) => l.slice(0, -1)).sort();
      if (optimize === 0) assert.deepEqual(labels, ['_Z1fu10xb_vecNx16', '_Z1fu10xb_vecNx16S_', '_Z1fu13xb_vecN_2x32v', '_Z1fu13xb_vecN_2x32vu10xb_vecNx16']);
      assert.equal(runImage(r).stdout.trim(), '19 37 1006 2008');
    });
  }
});
