// Vector values kept in registers at -O1/-O2 (xtensa/vector-homes.ts, emit-vector.ts): a vector written
// once and read several times is pinned to a register for the whole function and must survive calls
// (the callee here pins its own vector to the same register, so a caller that did not reload it after
// the call would read the callee's value); temporaries read once by the next vector instruction stay
// in their register; a loop-invariant predicate is pinned to a predicate register the same way. The
// programs' sums are computed here from the lane rules.

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

// a variable carried around a loop (written in several places) with a call in the loop that pins its
// own vectors: the accumulator lives in a register across the loop, saved before the call and
// reloaded after it; `last` is written in the loop but not read after the call, so it needs no save
const CARRIED = `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
int clobber(int k) {
  xb_vecN_2x32v t = k;
  xb_vecN_2x32v u = IVP_ADDN_2X32(t, t);
  return IVP_RADDN_2X32(IVP_ADDN_2X32(u, t)) + IVP_RMAXN_2X32(u);
}
int (*volatile fp)(int) = clobber;
volatile int STEP = 2;
int main() {
  xb_vecN_2x32v acc = 0;
  xb_vecN_2x32v step = STEP;
  xb_vecN_2x32v last = 0;
  int s = 0;
  for (int i = 0; i < 12; i++) {
    acc = IVP_ADDN_2X32(acc, IVP_ADDN_2X32(step, IVP_SEQN_2X32()));
    if (i & 1) acc = IVP_SUBN_2X32(acc, step);
    last = IVP_ADDN_2X32(acc, step);
    s += IVP_RMAXN_2X32(last);
    s += fp(i);
  }
  printf("%d %d %d\\n", s, (int)IVP_RADDN_2X32(acc), (int)IVP_RMINN_2X32(acc));
  return 0;
}
`;

// a loop-invariant tail predicate read in every iteration, across a call whose callee pins a predicate
// of its own to the same register: main keeps the tail in vb12.. and reloads it after each call
const TAIL = `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
int clobber(int k) {
  xb_vecN_2x32v t = k, zero = 0, one = 1;
  vboolN_2 m = IVP_LTN_2X32(IVP_SEQN_2X32(), t);
  return IVP_RADDN_2X32(IVP_MOVN_2X32T(t, zero, m)) + IVP_RADDN_2X32(IVP_MOVN_2X32T(one, zero, m));
}
int (*volatile fp)(int) = clobber;
volatile int TAIL = 5;
int main() {
  vboolN_2 tail = IVP_LTRSN_2(TAIL);
  xb_vecN_2x32v acc = 0, step = 3, zero = 0, one = 1;
  int s = 0;
  for (int i = 0; i < 8; i++) {
    acc = IVP_MOVN_2X32T(IVP_ADDN_2X32(acc, step), acc, tail);
    s += fp(i);
    s += IVP_RADDN_2X32(IVP_MOVN_2X32T(one, zero, tail));
  }
  printf("%d %d\\n", s, (int)IVP_RADDN_2X32(acc));
  return 0;
}
`;

// a multiply-accumulate loop: IVP_MULANX16 updates its accumulator in place (the intrinsic takes it by
// reference), which stays in a wide register across the loop at -O1/-O2 (never filled from memory; at
// -O2, where the MAC's result is coalesced into the variable, never spilled either); products are
// small, so each 48-bit lane's sum is exact in 32 bits
const MAC = `#include <stdio.h>
#include <stdint.h>
#include <xtensa/tie/xt_ivp32.h>
alignas(64) static int16_t a[32 * 64], b[32 * 64];
int main() {
  for (int i = 0; i < 32 * 64; i++) { a[i] = (int16_t)(i * 7 % 201 - 100); b[i] = (int16_t)(i * 13 % 199 - 99); }
  const xb_vecNx16* pa = (const xb_vecNx16*)a;
  const xb_vecNx16* pb = (const xb_vecNx16*)b;
  xb_vecNx48 acc = IVP_ZERONX48();
  for (int i = 0; i < 64; i++) {
    IVP_MULANX16(acc, pa[i], pb[i]);
    IVP_MULANX16(acc, pa[i], pa[i]);
  }
  printf("%d %d\\n", (int)IVP_RADDN_2X32(IVP_CVT32SNX48L(acc)), (int)IVP_RADDN_2X32(IVP_CVT32SNX48H(acc)));
  return 0;
}
`;

function macOutput(): string {
  const a = Array.from({ length: 32 * 64 }, (_, i) => ((i * 7) % 201) - 100);
  const b = Array.from({ length: 32 * 64 }, (_, i) => ((i * 13) % 199) - 99);
  const acc = new Array(32).fill(0);
  for (let i = 0; i < 64; i++) for (let k = 0; k < 32; k++) acc[k] += a[32 * i + k] * b[32 * i + k] + a[32 * i + k] ** 2;
  const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  return `${sum(acc.slice(0, 16))} ${sum(acc.slice(16))}`;
}

/** The CARRIED program's output, lane by lane. */
function carriedOutput(): string {
  const acc = new Array(16).fill(0);
  let s = 0;
  for (let i = 0; i < 12; i++) {
    for (let k = 0; k < 16; k++) acc[k] += 2 + k - (i & 1 ? 2 : 0);
    s += Math.max(...acc.map((a) => a + 2));
    s += 16 * 3 * i + 2 * i;
  }
  return `${s} ${acc.reduce((a, b) => a + b, 0)} ${Math.min(...acc)}`;
}

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

    it(`a variable carried around a loop stays in a register across blocks and calls (-O${optimize})`, async () => {
      const r = await compileSource(CARRIED, '/test/carried.cpp', { optimize, debug: false });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const asm = r.assembly ?? '';
      const main = asm.slice(asm.indexOf('\nmain:'), asm.indexOf('.size\tmain'));
      // acc is written in several places (the loop and the odd branch) into one pinned register
      const pins = new Set(main.match(/\bv(2[4-9]|3[01])\b/g));
      assert.ok(pins.size >= 3, `pinned registers in main: ${[...pins].join(' ')}`);
      assert.equal(runImage(r).stdout.trim(), carriedOutput());
    });

    it(`an accumulator updated in place by a MAC loop stays in a wide register (-O${optimize})`, async () => {
      const r = await compileSource(MAC, '/test/mac.cpp', { optimize, debug: false });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const asm = r.assembly ?? '';
      const main = asm.slice(asm.indexOf('\nmain:'), asm.indexOf('.size\tmain'));
      assert.doesNotMatch(main, /\tivp_lvw\t/, 'the accumulator is never filled from memory');
      if (optimize === 2) {
        // the MACs' results coalesced into the accumulator itself: updated in its register, never stored
        const macs = main.split('\n').filter((l) => l.startsWith('\tivp_mulanx16'));
        assert.deepEqual(macs.map((l) => l.split(/[\t,]/)[2]), ['wv3', 'wv3'], 'both MACs update the pinned accumulator');
        assert.doesNotMatch(main, /\tivp_svw\t/, 'the accumulator is never spilled');
      }
      assert.equal(runImage(r).stdout.trim(), macOutput());
    });

    it(`a loop-invariant predicate stays in a predicate register across blocks and calls (-O${optimize})`, async () => {
      const r = await compileSource(TAIL, '/test/tail.cpp', { optimize, debug: false });
      assert.deepEqual(r.diagnostics.map(formatCompileDiagnostic), []);
      const asm = r.assembly ?? '';
      const body = (fn: string) => asm.slice(asm.indexOf(`\n${fn}:`), asm.indexOf(`.size\t${fn}`));
      assert.match(body('main'), /\bvb1[2-5]\b/, 'main keeps the tail in a pinned predicate register');
      assert.match(body('_Z7clobberi'), /\bvb1[2-5]\b/, 'the callee pins its own predicate to the same register');
      // per call i: i lanes below i, each i, plus i ones; per iteration 5 tail lanes; acc: 5 lanes of 8 × 3
      let s = 0;
      for (let i = 0; i < 8; i++) s += i * i + i + 5;
      assert.equal(runImage(r).stdout.trim(), `${s} ${5 * 8 * 3}`);
    });
  }
});
