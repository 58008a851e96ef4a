// Values of the IVP unit's types as C++ values: struct members (a vector, an accumulator, a predicate),
// arrays indexed at run time, parameters and results of calls that are not inlined (through a
// function pointer: the unit's calling convention), by value and through references and pointers,
// and pointer arithmetic over vectors. The compiled program at -O0, -O1 and -O2 prints what the same
// source built natively against the host shim prints.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { writeShimTree } from '../../hostshim';
import { requireTool } from '../../harness/oracle/tools';
import { compileSource, runImage } from './harness';

const SOURCE = `#include <stdio.h>
#include <stdint.h>
#include <xtensa/tie/xt_ivp32.h>
struct Lanes {
  int tag;
  xb_vecNx16 v;
  xb_vecNx48 acc;
  vboolN mask;
};
alignas(64) static int16_t data[8 * 32];
static Lanes make(xb_vecNx16 a, xb_vecNx16 b, int tag) {
  Lanes l;
  l.tag = tag;
  l.v = IVP_SUBNX16(a, b);
  l.acc = IVP_MULNX16(a, b);
  l.mask = IVP_LTNX16(a, b);
  return l;
}
static xb_vecNx16 pick(xb_vecNx16 t, xb_vecNx16 f, vboolN m, xb_vecNx48 w, int sh) {
  return IVP_ADDNX16(IVP_MOVNX16T(t, f, m), IVP_PACKVRNX48(w, sh));
}
static void bump(Lanes& l, const xb_vecNx16* p) {
  l.v = IVP_ADDNX16(l.v, *p);
  IVP_MULANX16(l.acc, l.v, p[1]);
  l.tag++;
}
static xb_vecNx16 (*volatile pickp)(xb_vecNx16, xb_vecNx16, vboolN, xb_vecNx48, int) = pick;
static Lanes (*volatile makep)(xb_vecNx16, xb_vecNx16, int) = make;
static void hex(const char* label, const void* p, int n) {
  printf("%s ", label);
  for (int i = 0; i < n; i++) printf("%02x", ((const uint8_t*)p)[i]);
  printf("\\n");
}
int main() {
  uint32_t x = 99;
  for (int i = 0; i < 8 * 32; i++) { x = x * 1664525u + 1013904223u; data[i] = (int16_t)(x >> 9); }
  const xb_vecNx16* p = (const xb_vecNx16*)data;
  xb_vecNx16 arr[4];
  for (int i = 0; i < 4; i++) arr[i] = p[i] ^ p[7 - i];
  Lanes ls[2] = {makep(arr[0], arr[1], 1), make(arr[2], arr[3], 2)};
  for (int k = 0; k < 2; k++) bump(ls[k], p + 2 * k + 3);
  for (int k = 0; k < 2; k++) {
    xb_vecNx16 r = pickp(ls[k].v, arr[k + 1], ls[k].mask, ls[k].acc, 5 + k);
    hex("pick", &r, 64);
    hex("v", &ls[k].v, 64);
    xb_vecN_2x32v lo = IVP_CVT32SNX48L(ls[k].acc), hi = IVP_CVT32SNX48H(ls[k].acc);
    hex("acc.lo", &lo, 64);
    hex("acc.hi", &hi, 64);
    xb_vecNx16 one = 1, zero = 0;
    xb_vecNx16 bits = IVP_MOVNX16T(one, zero, ls[k].mask);
    hex("mask", &bits, 64);
    printf("tag %d\\n", ls[k].tag);
  }
  const xb_vecNx16* q = p + 6;
  q -= 2;
  xb_vecNx16 last = *q + q[-1];
  hex("ptr", &last, 64);
  return 0;
}
`;

describe('compiler/IVP: vector values as members, elements, parameters and results', function () {
  this.timeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-ivp-values-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  let native: string | undefined;

  const nativeOutput = (): string => {
    const inc = writeShimTree(dir);
    const src = path.join(dir, 'values.cpp');
    const exe = path.join(dir, 'values');
    fs.writeFileSync(src, SOURCE);
    const c = spawnSync('g++', ['-std=gnu++17', '-O1', '-fno-strict-aliasing', '-w', `-I${inc}`, src, '-o', exe], { encoding: 'utf8' });
    assert.equal(c.status, 0, c.stderr.slice(0, 3000));
    const r = spawnSync(exe, [], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  };

  for (const optimize of [0, 1, 2] as const) {
    it(`prints what the shim's native build prints (-O${optimize})`, async function () {
      requireTool(this, 'g++');
      native ??= nativeOutput();
      assert.equal(native.split('\n').filter((l) => /^(pick|v|acc\.lo|acc\.hi|mask|ptr) [0-9a-f]{128}$/.test(l)).length, 11);
      const built = await compileSource(SOURCE, '/test/values.cpp', { optimize });
      assert.deepEqual(built.diagnostics.map(formatCompileDiagnostic), []);
      const run = runImage(built);
      assert.equal(run.exitCode, 0);
      assert.equal(run.stdout, native);
    });
  }
});
