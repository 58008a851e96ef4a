// A program against the host shim's <xtensa/tie/xt_ivp32.h>: tests declare operands (lane values),
// C++ expressions and the lanes each must give by the test's own reference model; run() compiles it
// with the host g++, runs it once and compares every check, naming the first lanes that differ.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { writeShimTree } from '../../../hostshim';
import { bytesToLanes, lanesToBytes } from '../../emulator/helpers/ivp';

export type VecKind = '2NX8' | '2NX8U' | 'NX16' | 'NX16U' | 'N_2X32' | 'N_2X32U' | 'NXF16' | 'N_2XF32';
export const VEC: Record<VecKind, { ctype: string; bits: 8 | 16 | 32; signed: boolean }> = {
  '2NX8': { ctype: 'xb_vec2Nx8', bits: 8, signed: true },
  '2NX8U': { ctype: 'xb_vec2Nx8U', bits: 8, signed: false },
  NX16: { ctype: 'xb_vecNx16', bits: 16, signed: true },
  NX16U: { ctype: 'xb_vecNx16U', bits: 16, signed: false },
  N_2X32: { ctype: 'xb_vecN_2x32v', bits: 32, signed: true },
  N_2X32U: { ctype: 'xb_vecN_2x32Uv', bits: 32, signed: false },
  NXF16: { ctype: 'xb_vecNxf16', bits: 16, signed: false },
  N_2XF32: { ctype: 'xb_vecN_2xf32', bits: 32, signed: false },
};
export type WideKind = '2NX24' | 'NX48' | 'N_2X64W';
export const WIDE: Record<WideKind, { ctype: string; lanes: number; bits: number }> = {
  '2NX24': { ctype: 'xb_vec2Nx24', lanes: 64, bits: 24 },
  NX48: { ctype: 'xb_vecNx48', lanes: 32, bits: 48 },
  N_2X64W: { ctype: 'xb_vecN_2x64w', lanes: 16, bits: 64 },
};
export const PRED: Record<number, string> = { 64: 'vbool2N', 32: 'vboolN', 16: 'vboolN_2' };

export const lanesOf = (k: VecKind): number => 512 / VEC[k].bits;
/** v as a lane of kind k (wrapped to its width, signed or not). */
export function lane(k: VecKind, v: bigint): bigint {
  const t = VEC[k];
  return t.signed ? BigInt.asIntN(t.bits, v) : BigInt.asUintN(t.bits, v);
}

interface Check {
  readonly label: string;
  readonly expected: string;
  readonly describe: (got: string) => string;
}

export class ShimProgram {
  private readonly decls: string[] = [];
  private readonly body: string[] = [];
  private readonly checks: Check[] = [];
  private n = 0;

  /** A vector operand with these lanes (bit patterns for the float kinds); its C++ name. */
  vec(k: VecKind, lanes: readonly bigint[]): string {
    const name = `v${this.n++}`;
    const bytes = lanesToBytes(lanes.map((x) => BigInt.asUintN(VEC[k].bits, x)), VEC[k].bits);
    this.decls.push(`static const uint8_t ${name}_b[64] = {${[...bytes].join(',')}};`);
    this.body.push(`const ${VEC[k].ctype} ${name} = q7_bytes<${VEC[k].ctype}>(${name}_b);`);
    return name;
  }

  wide(k: WideKind, lanes: readonly bigint[]): string {
    const name = `w${this.n++}`;
    this.body.push(`${WIDE[k].ctype} ${name}; { static const int64_t l[] = {${lanes.map((x) => `(int64_t)${BigInt.asIntN(64, x)}ull`).join(',')}}; for (int i = 0; i < ${WIDE[k].lanes}; i++) ${name}.lane[i] = l[i]; }`);
    return name;
  }

  pred(bits: readonly number[]): string {
    const name = `p${this.n++}`;
    this.body.push(`${PRED[bits.length]} ${name}; { static const bool l[] = {${bits.join(',')}}; for (int i = 0; i < ${bits.length}; i++) ${name}.lane[i] = l[i]; }`);
    return name;
  }

  /** Any C++ statement before the checks that follow (declarations the expressions use). */
  stmt(code: string): void {
    this.body.push(code);
  }

  expectVec(label: string, k: VecKind, expr: string, lanes: readonly bigint[]): void {
    const t = VEC[k];
    assert.equal(lanes.length, lanesOf(k), `${label}: ${lanes.length} expected lanes`);
    const hex = Buffer.from(lanesToBytes(lanes.map((x) => BigInt.asUintN(t.bits, x)), t.bits)).toString('hex');
    this.print(label, `{ const ${t.ctype} r = ${expr}; q7t_hex(&r, 64); }`);
    const decode = (h: string) => bytesToLanes(Uint8Array.from(Buffer.from(h, 'hex')), t.bits, t.signed);
    this.checks.push({ label, expected: hex, describe: (got) => laneDiff(decode(hex), decode(got)) });
  }

  expectWide(label: string, k: WideKind, expr: string, lanes: readonly bigint[]): void {
    const w = WIDE[k];
    const text = lanes.map((x) => BigInt.asIntN(w.bits, x).toString()).join(' ');
    this.print(label, `{ const ${w.ctype} r = ${expr}; for (int i = 0; i < ${w.lanes}; i++) printf("%s%lld", i ? " " : "", (long long)r.lane[i]); }`);
    const parse = (s: string) => s.split(' ').map(BigInt);
    this.checks.push({ label, expected: text, describe: (got) => laneDiff(parse(text), parse(got)) });
  }

  expectPred(label: string, expr: string, bits: readonly number[]): void {
    this.print(label, `{ const ${PRED[bits.length]} r = ${expr}; for (int i = 0; i < ${bits.length}; i++) putchar(r.lane[i] ? '1' : '0'); }`);
    const parse = (s: string) => [...s].map((c) => BigInt(c));
    this.checks.push({ label, expected: bits.join(''), describe: (got) => laneDiff(parse(bits.join('')), parse(got)) });
  }

  /** An integer-valued expression. */
  expectInt(label: string, expr: string, value: bigint): void {
    this.print(label, `printf("%lld", (long long)(${expr}));`);
    this.checks.push({ label, expected: value.toString(), describe: (got) => `got ${got}, expected ${value}` });
  }

  /** A float expression, compared by its bits. */
  expectF32(label: string, expr: string, bits: number): void {
    const hex = (bits >>> 0).toString(16).padStart(8, '0');
    this.print(label, `printf("%08x", q7_bits_f32(${expr}));`);
    this.checks.push({ label, expected: hex, describe: (got) => `got 0x${got}, expected 0x${hex}` });
  }

  /** A line the program's own statements print as `label|text` (see q7t_hex_line). */
  expectRaw(label: string, text: string): void {
    this.checks.push({ label, expected: text, describe: (got) => `got ${got.slice(0, 80)}, expected ${text.slice(0, 80)}` });
  }

  private print(label: string, code: string): void {
    this.body.push(`printf("%s|", ${JSON.stringify(label)}); ${code} putchar('\\n');`);
  }

  source(): string {
    return `#include <stdio.h>
#include <xtensa/tie/xt_ivp32.h>
static void q7t_hex(const void* p, int n) { for (int i = 0; i < n; i++) printf("%02x", ((const unsigned char*)p)[i]); }
static void q7t_hex_line(const char* label, const void* p, int n) { printf("%s|", label); q7t_hex(p, n); putchar('\\n'); }
${this.decls.join('\n')}
int main() {
${this.body.map((l) => `  ${l}`).join('\n')}
  return 0;
}
`;
  }

  /** Compiles (at `optimize`) and runs the program in `dir`; fails naming every check whose output differs. */
  run(dir: string, name: string, optimize = '-O1'): void {
    const inc = writeShimTree(dir);
    const src = path.join(dir, `${name}.cpp`);
    const exe = path.join(dir, name);
    fs.writeFileSync(src, this.source());
    const c = spawnSync('g++', ['-std=c++17', optimize, `-I${inc}`, src, '-o', exe], { encoding: 'utf8' });
    assert.equal(c.status, 0, c.stderr);
    const r = spawnSync(exe, [], { encoding: 'utf8', maxBuffer: 64 << 20 });
    assert.equal(r.status, 0, r.stderr);
    const got = new Map(r.stdout.trim().split('\n').map((l) => [l.slice(0, l.indexOf('|')), l.slice(l.indexOf('|') + 1)]));
    const bad = this.checks.filter((c) => got.get(c.label) !== c.expected).map((c) => `${c.label}: ${got.has(c.label) ? c.describe(got.get(c.label) as string) : 'not printed'}`);
    assert.ok(this.checks.length > 0, 'the program checks something');
    assert.deepEqual(bad, [], `${bad.length} of ${this.checks.length} checks differ:\n${bad.slice(0, 12).join('\n')}`);
  }
}

function laneDiff(expected: readonly bigint[], got: readonly bigint[]): string {
  const diffs: string[] = [];
  for (let i = 0; i < Math.max(expected.length, got.length) && diffs.length < 4; i++) {
    if (expected[i] !== got[i]) diffs.push(`lane ${i} got ${got[i]} expected ${expected[i]}`);
  }
  return diffs.join('; ');
}
