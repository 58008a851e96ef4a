// More values of the IVP unit live at once than its register files hold: 20 vectors (the pins take
// eight), 6 wide accumulators (the file has 4) and 18 predicates (the file has 16), all defined before
// any is used, across a call whose callee writes registers of every file of the unit, in a loop carrying a vector sum. The
// compiled program at -O0, -O1 and -O2 on the emulator prints what the same source built natively
// against the host shim prints.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { writeShimTree } from '../../hostshim';
import { requireTool } from '../../harness/oracle/tools';
import { compileSource, runImage } from './harness';

const VECTORS = 20;
const WIDE = 6;
const PREDICATES = 18;
const ROUNDS = 3;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function source(): string {
  const body: string[] = [];
  // every value defined first...
  for (const k of range(VECTORS)) body.push(k % 2 ? `xb_vecN_2x32v v${k} = p[${k}];` : `xb_vecN_2x32v v${k} = IVP_LVN_2X32_X(p, ${64 * k});`);
  for (const k of range(WIDE)) body.push(`xb_vecNx48 w${k} = IVP_MULNX16(IVP_MOVNX16_FROMN_2X32(v${k}), IVP_MOVNX16_FROMN_2X32(v${k + 7}));`);
  for (const k of range(PREDICATES)) body.push(`vboolN_2 b${k} = IVP_LTN_2X32(v${k}, v${(k * 7 + 3) % VECTORS});`);
  // ...kept across a call (every unit register is caller-saved)...
  body.push('hook(r);');
  // ...then every one used: accumulators updated in place, predicates selecting and predicating
  for (const k of range(WIDE)) body.push(`IVP_MULANX16(w${k}, IVP_MOVNX16_FROMN_2X32(v${(k + 11) % VECTORS}), IVP_MOVNX16_FROMN_2X32(v${k}));`);
  body.push('xb_vecN_2x32v s = sum;');
  for (const k of range(PREDICATES)) body.push(`s = IVP_MOVN_2X32T(v${k} ^ s, s + v${(k + 5) % VECTORS}, b${k});`);
  for (const k of range(VECTORS)) body.push(`s = IVP_ADDN_2X32(s, v${k} >> ${k % 7});`);
  for (const k of range(WIDE)) body.push(`s = s + IVP_MOVN_2X32_FROMNX16(IVP_PACKVRNX48(w${k}, ${3 + k}));`);
  body.push(`IVP_ADDN_2X32T(s, s, v0, IVP_ANDBN_2(b0, b${PREDICATES - 1}));`);
  body.push('sum = s;');
  return `#include <stdio.h>
#include <stdint.h>
#include <xtensa/tie/xt_ivp32.h>
alignas(64) static int32_t input[${ROUNDS * VECTORS * 16}];
alignas(64) static int32_t output[16];
static int notes;
alignas(64) static xb_vecN_2x32v junk[3];
// a callee that writes registers of every file of the unit (v0.., wv0, vb0)
static void note(int r) {
  xb_vecN_2x32v a = junk[0] + r, b = junk[1] - r, c = a ^ b;
  xb_vecNx48 w = IVP_MULNX16(IVP_MOVNX16_FROMN_2X32(a), IVP_MOVNX16_FROMN_2X32(c));
  vboolN_2 t = IVP_LTN_2X32(b, c);
  junk[2] = IVP_MOVN_2X32T(a, b, t) + IVP_MOVN_2X32_FROMNX16(IVP_PACKVRNX48(w, 0));
  notes += r;
}
static void (*volatile hook)(int) = note; // called through: not inlined
int main() {
  uint32_t x = 12345;
  for (int i = 0; i < ${ROUNDS * VECTORS * 16}; i++) { x = x * 1103515245u + 12345u; input[i] = (int32_t)(x ^ (x >> 13)); }
  junk[0] = 0x55555555;
  junk[1] = -7;
  xb_vecN_2x32v sum = 0;
  for (int r = 0; r < ${ROUNDS}; r++) {
    const xb_vecN_2x32v* p = (const xb_vecN_2x32v*)(input + r * ${VECTORS * 16});
${body.map((l) => `    ${l}`).join('\n')}
  }
  *(xb_vecN_2x32v*)output = sum;
  for (int i = 0; i < 16; i++) printf("%08x%c", (unsigned)output[i], i == 15 ? '\\n' : ' ');
  printf("notes %d\\n", notes);
  return 0;
}
`;
}

function nativeOutput(dir: string, text: string): string {
  const inc = writeShimTree(dir);
  const src = path.join(dir, 'pressure.cpp');
  const exe = path.join(dir, 'pressure');
  fs.writeFileSync(src, text);
  const c = spawnSync('g++', ['-std=gnu++17', '-O1', '-fno-strict-aliasing', '-w', `-I${inc}`, src, '-o', exe], { encoding: 'utf8' });
  assert.equal(c.status, 0, c.stderr.slice(0, 3000));
  const r = spawnSync(exe, [], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

describe('compiler/IVP: more vector values live than registers', function () {
  this.timeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-ivp-pressure-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const text = source();
  let native: string | undefined;

  for (const optimize of [0, 1, 2] as const) {
    it(`20 vectors, 6 accumulators and 18 predicates at -O${optimize}: what the shim's native build prints`, async function () {
      requireTool(this, 'g++');
      native ??= nativeOutput(dir, text);
      assert.match(native, /^([0-9a-f]{8} ){15}[0-9a-f]{8}\nnotes 3\n$/);
      const built = await compileSource(text, '/test/pressure.cpp', { optimize });
      assert.deepEqual(built.diagnostics.map(formatCompileDiagnostic), []);
      const run = runImage(built);
      assert.equal(run.exitCode, 0);
      assert.equal(run.stdout, native);
    });
  }
});
