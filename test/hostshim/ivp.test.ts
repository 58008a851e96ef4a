// The host shim's IVP vector unit: small vectorised programs compiled natively with g++ against the
// shim's <xtensa/tie/xt_ivp32.h>, their lanes checked against values computed here independently
// (plain arithmetic in TypeScript), and the vectorised ReLU example run natively equal to the scalar ReLU.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildNative, runNative, writeShimTree } from '../../hostshim';
import { DTYPES, generateTensor, parseTensorSpec, readNpy, toNumbers, writeNpy } from '../../tensors';
import { requireTool } from '../../harness/oracle/tools';

const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

/** Compiles and runs a program against the shim's headers; its stdout as numbers. */
function runProgram(dir: string, name: string, source: string): number[] {
  const inc = writeShimTree(dir);
  const src = path.join(dir, `${name}.cpp`);
  const exe = path.join(dir, name);
  fs.writeFileSync(src, source);
  const c = spawnSync('g++', ['-std=c++17', '-O2', `-I${inc}`, src, '-o', exe], { encoding: 'utf8' });
  assert.equal(c.status, 0, c.stderr);
  const r = spawnSync(exe, [], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim().split(/\s+/).map(Number);
}

const sat16 = (x: number) => Math.max(-32768, Math.min(32767, x));

describe('hostshim: the IVP vector unit natively', function () {
  this.timeout(120000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-hostshim-ivp-'));

  it('int16 multiply-accumulate into the 48-bit accumulator and a rounding, saturating pack', function () {
    requireTool(this, 'gcc');
    const a = Array.from({ length: 32 }, (_, i) => i * 1000 - 16000);
    const b = Array.from({ length: 32 }, (_, i) => (i % 2 ? 32767 : -7 * i));
    const got = runProgram(dir, 'mac', `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
int main() {
  alignas(64) int16_t a[32] = {${a.join(', ')}};
  alignas(64) int16_t b[32] = {${b.join(', ')}};
  const xb_vecNx16* pa = (const xb_vecNx16*)a;
  xb_vecNx16 va, vb = IVP_LVNX16_I((const xb_vecNx16*)b, 0);
  IVP_LVNX16_IP(va, pa, 64);
  xb_vecNx48 w = va * vb;
  IVP_MULANX16(w, va, 3);
  xb_vecNx16 r = IVP_PACKVRNX48(w, 6);
  for (int i = 0; i < 32; i++) printf("%d ", r.lane[i]);
  printf("%d\\n", (int)((const char*)pa - (const char*)a));
}
`);
    const expected = a.map((x, i) => sat16(Math.floor((x * b[i] + x * 3 + 32) / 64)));
    assert.deepEqual(got, [...expected, 64]);
  });

  it('broadcasts, C operators, compare-select and reductions on int32 lanes', function () {
    requireTool(this, 'gcc');
    const x = Array.from({ length: 16 }, (_, i) => (i * 7919) % 101 - 50);
    const got = runProgram(dir, 'select', `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
int main() {
  alignas(64) int32_t x[16] = {${x.join(', ')}};
  xb_vecN_2x32v v = IVP_LVN_2X32_I((const xb_vecN_2x32v*)x, 0);
  xb_vecN_2x32v ten = 10;
  vboolN_2 big = IVP_GTN_2X32(v, ten);
  xb_vecN_2x32v picked = IVP_MOVN_2X32T(v, (v << 1) - 3, big);
  xb_vecN_2x32v count = IVP_MOVN_2X32T(1, 0, big);
  printf("%d %d %d %d\\n", (int)IVP_RADDN_2X32(count), (int)IVP_RMAXN_2X32(picked), (int)IVP_RMINN_2X32(picked), (int)IVP_RADDN_2X32(~v ^ ten));
}
`);
    const picked = x.map((e) => (e > 10 ? e : e * 2 - 3));
    assert.deepEqual(got, [x.filter((e) => e > 10).length, Math.max(...picked), Math.min(...picked), x.reduce((s, e) => s + (~e ^ 10), 0)]);
  });

  it('relu_ivp.cpp built natively equals the scalar ReLU, over lengths with and without a tail', function () {
    requireTool(this, 'gcc');
    const exe = buildNative(path.join(EXAMPLES, 'relu_ivp.cpp'), { name: 'relu_ivp_forward', params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, { dir });
    for (const shape of ['7x300', '1024', '13']) {
      const input = generateTensor(parseTensorSpec(`shape=${shape},init=randn,seed=11`));
      fs.writeFileSync(path.join(dir, 'in.npy'), writeNpy(input));
      const r = runNative(exe, path.join(dir, 'out.npy'), [path.join(dir, 'in.npy')]);
      assert.equal(r.status, 0, r.stderr);
      const out = readNpy(new Uint8Array(fs.readFileSync(path.join(dir, 'out.npy'))), 'out.npy');
      assert.equal(out.dtype, DTYPES.float32);
      const values = [...toNumbers(input)];
      assert.ok(values.some((v) => v < 0) && values.some((v) => v > 0), 'the input has both signs');
      assert.deepEqual([...toNumbers(out)], values.map((v) => (v > 0 ? v : 0)), shape);
    }
  });
});
