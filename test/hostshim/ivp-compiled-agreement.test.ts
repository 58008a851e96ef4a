// The host shim and the compiled code agree on every intrinsic the guest header declares that a
// generated call can exercise: one C++ program, generated from the header's declarations, calls each
// intrinsic once on operands from a pool of random bytes (and edge values), folds every result
// (vectors, accumulators read exactly through their narrowing forms, predicates as lanes of 1/0,
// scalars, updated pointers and stored memory) into a hash and prints it per call. The same source is
// built by our compiler and run on the emulator (through the lowering of each intrinsic) and built
// natively against the shim; every call's hash must be the same. Skipped: the gathers and scatters
// (a gather state has no value to compare) and the stream primers' alignment results.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { writeShimTree } from '../../hostshim';
import { compileSource, runImage } from '../compiler/harness';
import { ivpDeclarations, type IvpDeclaration } from '../compiler/ivp-declarations';
import { requireTool } from '../../harness/oracle/tools';
import { rng } from '../emulator/helpers/ivp';

const VEC = new Set(['xb_vec2Nx8', 'xb_vec2Nx8U', 'xb_vecNx16', 'xb_vecNx16U', 'xb_vecN_2x32v', 'xb_vecN_2x32Uv', 'xb_vecNxf16', 'xb_vecN_2xf32']);
const PRED: Record<string, { cmp: string; vec: string }> = {
  vbool2N: { cmp: 'IVP_LT2NX8', vec: 'xb_vec2Nx8' },
  vboolN: { cmp: 'IVP_LTNX16', vec: 'xb_vecNx16' },
  vboolN_2: { cmp: 'IVP_LTN_2X32', vec: 'xb_vecN_2x32v' },
};
const MOVT: Record<string, string> = { xb_vec2Nx8: 'IVP_MOV2NX8T', xb_vecNx16: 'IVP_MOVNX16T', xb_vecN_2x32v: 'IVP_MOVN_2X32T' };
const SCALAR = new Set(['int', 'xb_int8', 'xb_int8U', 'xb_int16', 'xb_int16U', 'xb_int32', 'xb_int32U', 'xb_int32pr', 'xb_int64pr', 'float']);
const POOL_VECTORS = 32;
const SCRATCH = 1024;

/** The statements that set up an operand of type `t` named `name` (or undefined: not supported). */
function operand(t: string, name: string, pick: () => number): string | undefined {
  const at = () => 64 * (pick() % POOL_VECTORS);
  if (VEC.has(t)) return `${t} ${name} = *(const ${t} *)(pool + ${at()});`;
  if (PRED[t]) return `${t} ${name} = ${PRED[t].cmp}(*(const ${PRED[t].vec} *)(pool + ${at()}), *(const ${PRED[t].vec} *)(pool + ${at()}));`;
  const v = (type: string) => `*(const ${type} *)(pool + ${at()})`;
  if (t === 'xb_vec2Nx24') return `xb_vec2Nx24 ${name} = IVP_CVT24UNX32L(${v('xb_vecN_2x32Uv')}, ${v('xb_vecN_2x32Uv')}); IVP_CVT24UNX32H(${name}, ${v('xb_vecN_2x32Uv')}, ${v('xb_vecN_2x32Uv')});`;
  if (t === 'xb_vecNx48') return `xb_vecNx48 ${name} = IVP_CVT48SNX32(${v('xb_vecN_2x32v')}, ${v('xb_vecN_2x32v')}); IVP_MULANX16(${name}, ${v('xb_vecNx16')}, ${v('xb_vecNx16')});`;
  if (t === 'xb_vecN_2x64w') return `xb_vecN_2x64w ${name} = IVP_MULN_2X32(${v('xb_vecN_2x32v')}, ${v('xb_vecN_2x32v')}); IVP_MULAN_2X32(${name}, ${v('xb_vecN_2x32v')}, ${v('xb_vecN_2x32v')});`;
  if (t === 'xb_int32pr') return `xb_int32pr ${name} = *(const int32_t *)(pool + ${4 * (pick() % 256)});`;
  if (t === 'xb_int64pr') return `xb_int64pr ${name} = *(const int64_t *)(pool + ${8 * (pick() % 128)});`;
  return undefined;
}

/** Statements folding a value of type `t` (an lvalue `x`) into the hash, or undefined. */
function fold(t: string, x: string): string | undefined {
  if (VEC.has(t)) return `mix(&${x}, 64);`;
  if (PRED[t]) {
    const vt = PRED[t].vec;
    return `{ ${vt} one = 1, zero = 0; ${vt} l = ${MOVT[vt]}(one, zero, ${x}); mix(&l, 64); }`;
  }
  if (t === 'xb_vec2Nx24') return ['LL', 'LH', 'HL', 'HH'].map((q) => `{ xb_vecN_2x32v l = IVP_CVT32S2NX24${q}(${x}); mix(&l, 64); }`).join(' ');
  if (t === 'xb_vecNx48') return `{ xb_vecN_2x32v l = IVP_CVT32SNX48L(${x}), h = IVP_CVT32SNX48H(${x}); xb_vecNx16 top = IVP_PACKVRNRNX48(${x}, 32); mix(&l, 64); mix(&h, 64); mix(&top, 64); }`;
  if (t === 'xb_vecN_2x64w') return `{ xb_vecN_2x32v l = IVP_PACKLN_2X64W(${x}), h = IVP_PACKHN_2X64W(${x}); mix(&l, 64); mix(&h, 64); }`;
  if (t === 'float') return `mix(&${x}, 4);`;
  if (SCALAR.has(t)) return `{ int64_t s = (int64_t)${x}; mix(&s, 8); }`;
  return undefined;
}

/** An `int` argument: constants the instruction's immediate accepts, varied by round. */
function intArgument(d: IvpDeclaration, name: string, round: number, pick: () => number): string {
  const n = d.name;
  if (name === 'nbytes') return String([37, 64, 5][round % 3]);
  if (name === 'imm' && /^IVP_S[LR]/.test(n)) return String([0, 1, 7, 8, 15, 16, 31][pick() % 7]);
  if (name === 'imm' || name === 'offset' || name === 'inc') {
    if (/^IVP_LSR/.test(n)) return String(/2NX8/.test(n) ? 3 : /NX16|NXF16/.test(n) ? 6 : 8);
    return String(64 * (round + 1));
  }
  if (name === 'pattern') return String(/DSEL/.test(n) ? pick() % 16 : [0, 1, 2, 3, 4, 5, 67, 129, 193, 258, 335][pick() % 11]);
  if (name === 'lane' || name === 'lane1' || name === 'lane2') return String(pick() % 16);
  if (name === 'bit') return String(pick() % 32);
  if (name === 'n') return String(/I$/.test(n) ? pick() % 70 : (pick() % 80) - 5);
  if (name === 'sel') return String(round % 2);
  if (name === 'scale') return String([0, 5, 31][round % 3]);
  if (name === 'sh') return String(/^IVP_S[LR]/.test(n) ? pick() % 32 : [0, 7, 23, 32, 40][pick() % 5]);
  if (name === 'k' || name === 'count') return String(pick() % 40);
  return String(pick() % 32);
}

interface Call {
  readonly label: string;
  readonly code: string;
}

/** One call of `d` in a function of its own, or undefined when its operands are not generated. */
function call(d: IvpDeclaration, round: number, pick: () => number): Call | undefined {
  if (/GATHER|SCATTER/.test(d.name) || d.ret === 'valign' || d.ret === 'xb_gsr') return undefined;
  const setup: string[] = [`memset(scratch, 0, ${SCRATCH});`];
  const after: string[] = [];
  const args: string[] = [];
  for (const [j, p] of d.params.entries()) {
    const v = `a${j}`;
    if (p.type === 'int') {
      args.push(intArgument(d, p.name, round, pick));
      continue;
    }
    const ptr = p.type.match(/^(const )?(\w+) \*(&?)$/);
    if (ptr) {
      const base = ptr[1] ? 'pool' : 'scratch';
      const offset = 64 * (pick() % 8) + (/_(I|IP|X|XP)$/.test(d.name) && /^IVP_[LS]V/.test(d.name) ? 0 : /^IVP_LSR/.test(d.name) ? 16 : 3);
      setup.push(`${ptr[1] ?? ''}${ptr[2]} *${v} = (${ptr[1] ?? ''}${ptr[2]} *)(${base} + ${offset});`);
      if (ptr[3]) after.push(`{ int32_t moved = (int32_t)((const uint8_t *)${v} - ${base}); mix(&moved, 4); }`);
      args.push(v);
      continue;
    }
    if (p.type === 'valign &') {
      const stream = d.params.find((q) => /\*&$/.test(q.type));
      const pi = stream ? d.params.indexOf(stream) : -1;
      setup.push(`valign ${v} = ${/^IVP_LA/.test(d.name) && pi >= 0 ? `IVP_LA_PP(a${pi})` : 'IVP_ZALIGN()'};`);
      args.push(v);
      continue;
    }
    const ref = p.type.match(/^(\w+) &$/);
    const t = ref ? ref[1] : p.type;
    const s = operand(t, v, pick);
    const f = fold(t, v);
    if (!s || (ref && !f)) return undefined;
    setup.push(s);
    if (ref) after.push(f!);
    args.push(v);
  }
  // stream setup must see the pointer declared first
  setup.sort((a, b) => Number(/IVP_LA_PP|IVP_ZALIGN/.test(a)) - Number(/IVP_LA_PP|IVP_ZALIGN/.test(b)));
  const callText = `${d.name}(${args.join(', ')})`;
  let body: string;
  if (d.ret === 'void') body = `${callText};`;
  else {
    const f = fold(d.ret, 'r');
    if (!f) return undefined;
    body = `${d.ret} r = ${callText}; ${f}`;
  }
  const stores = d.params.some((p) => /^\w+ \*&?$/.test(p.type) && !p.type.startsWith('const')) ? `mix(scratch, ${SCRATCH});` : '';
  return { label: `${d.name}/${round}`, code: `${setup.join(' ')} ${body} ${after.join(' ')} ${stores}` };
}

function program(calls: Call[], poolBytes: Uint8Array): string {
  return `#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <xtensa/tie/xt_ivp32.h>
alignas(64) xb_vecN_2x32v POOL[${POOL_VECTORS}];
alignas(64) xb_vecN_2x32v SCRATCH[${SCRATCH / 64}];
static const uint8_t INIT[${poolBytes.length}] = {${[...poolBytes].join(',')}};
static uint8_t *pool, *scratch;
static uint32_t H;
static void mix(const void *p, int n) { const uint8_t *b = (const uint8_t *)p; for (int i = 0; i < n; i++) { H ^= b[i]; H *= 16777619u; } }
${calls.map((c, i) => `static void c${i}() { ${c.code} }`).join('\n')}
int main() {
  pool = (uint8_t *)POOL;
  scratch = (uint8_t *)SCRATCH;
  memcpy(pool, INIT, sizeof INIT);
${calls.map((c, i) => `  H = 2166136261u; c${i}(); printf("${c.label} %08x\\n", (unsigned)H);`).join('\n')}
  return 0;
}
`;
}

/** Pool bytes: random, then vectors of edge lanes (saturation bounds, float specials). */
function poolBytes(): Uint8Array {
  const next = rng(77);
  const b = Uint8Array.from({ length: POOL_VECTORS * 64 }, () => next() & 255);
  const dv = new DataView(b.buffer);
  const e32 = [0x80000000, 0x7fffffff, 0, 0xffffffff, 1, 0x7f800000, 0xff800000, 0x7fc00000, 0x00000001, 0x3f800000, 0x3fc00000, 0x4b800001, 0x80000001, 0x00800000, 0x7f7fffff, 0xbf800000];
  const e16 = [0x8000, 0x7fff, 0, 0xffff, 1, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x3c00, 0x3e00, 0x7bff, 0x8001, 0x0400, 0xbc00, 0x3555];
  for (let k = 0; k < 16; k++) {
    dv.setUint32(64 * 28 + 4 * k, e32[k], true);
    dv.setUint32(64 * 29 + 4 * k, e32[(k * 7) % 16], true);
    for (let h = 0; h < 2; h++) dv.setUint16(64 * 30 + 32 * h + 2 * k, e16[(k + h * 5) % 16], true);
    for (let h = 0; h < 4; h++) b[64 * 31 + 16 * h + k] = [0x80, 0x7f, 0, 0xff, 1, 0xfe, 0x81, 0x40][(k + h) % 8];
  }
  return b;
}

describe('hostshim: compiled intrinsics on the emulator agree with the shim natively', function () {
  this.timeout(600_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-compiled-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const decls = ivpDeclarations();
  const next = rng(2027);
  const calls: Call[] = [];
  const covered = new Set<string>();
  decls.forEach((d, i) => {
    const c = call(d, i % 3, next);
    if (!c) return;
    calls.push(c);
    covered.add(d.name);
  });

  it('covers nearly every declared intrinsic', () => {
    assert.ok(covered.size >= 525, `${covered.size} of ${decls.length} intrinsics covered`);
  });

  // programs of a bounded size (the code must stay within reach of its literal pool)
  const CHUNK = 140;
  for (let from = 0; from < calls.length; from += CHUNK) {
    const part = calls.slice(from, from + CHUNK);
    it(`${part[0].label.split('/')[0]} … ${part[part.length - 1].label.split('/')[0]}: the same hash emulated and natively`, async function () {
      requireTool(this, 'gcc');
      const src = program(part, poolBytes());
      const file = path.join(dir, `agree${from}.cpp`);
      fs.writeFileSync(file, src);
      const built = await compileSource(src, '/test/agree.cpp', { optimize: 1, debug: false });
      assert.deepEqual(built.diagnostics.map(formatCompileDiagnostic), []);
      const emulated = runImage(built, 400_000_000).stdout.trim().split('\n');
      const inc = writeShimTree(dir);
      const exe = path.join(dir, `agree${from}`);
      const b = spawnSync('g++', ['-std=gnu++17', '-O0', '-fno-strict-aliasing', '-w', `-I${inc}`, file, '-o', exe], { encoding: 'utf8', maxBuffer: 1 << 26 });
      assert.equal(b.status, 0, b.stderr.slice(0, 3000));
      const r = spawnSync(exe, [], { encoding: 'utf8', timeout: 60_000 });
      assert.equal(r.status, 0, r.stderr);
      const native = r.stdout.trim().split('\n');
      assert.equal(emulated.length, part.length, 'one line per call, emulated');
      assert.equal(native.length, part.length, 'one line per call, natively');
      const differ = part.filter((_, i) => emulated[i] !== native[i]).map((c) => c.label);
      assert.deepEqual(differ, [], `${differ.length} of ${part.length} calls differ`);
    });
  }
});
