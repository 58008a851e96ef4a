// Bit-fields against GCC for the target: the bytes of a constant global holding many bit-field classes
// (sizes, alignments, each unit's bits) as xtensa-lx106-elf-gcc lays them out and as our compiled
// program reads them back on the emulator; DWARF members with DW_AT_bit_size/DW_AT_data_bit_offset
// accepted by readelf; the front-end's errors for invalid bit-fields. Behaviour: corpus/bitfields.cpp.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatCompileDiagnostic } from '../../compiler';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileAndRun, compileSource } from './harness';

const LAYOUTS = `
struct A { char a; int : 0; char b; };
struct B { char a; int : 3; char b; };
struct C { char a; int b : 4; };
struct D { char a[3]; int b : 12; };
struct E { short a : 3; long long b : 40; char c; };
struct F { char c; long long x : 3; };
union U { int x : 3; char c; };
struct G { bool b : 1; unsigned char c : 7; unsigned char d : 2; };
struct H { int x : 31; int y : 2; };
struct I { char c; short s : 9, t : 9; };
struct J { unsigned a : 1; unsigned : 30; unsigned b : 2; char tail; };
struct K { char c; unsigned long long v : 60; unsigned short w : 5; };
struct All {
  unsigned sizes[24];
  A a; B b; C c; D d; E e; F f; U u; G g; H h; I i; J j; K k;
};
All all = {
  { sizeof(A), alignof(A), sizeof(B), alignof(B), sizeof(C), alignof(C), sizeof(D), alignof(D), sizeof(E), alignof(E),
    sizeof(F), alignof(F), sizeof(U), alignof(U), sizeof(G), alignof(G), sizeof(H), alignof(H), sizeof(I), alignof(I),
    sizeof(J), alignof(J), sizeof(K), alignof(K) },
  {1, 2}, {3, 4}, {5, 6}, {{7, 8, 9}, 0x123}, {-1, 0x7f12345678LL, 10}, {11, -2}, {-3}, {true, 100, 3},
  {-5, 1}, {12, -200, 255}, {1, 3, 13}, {14, 0xfedcba987654321ULL, 21},
};
`;

const DUMP_MAIN = `
#include <stdio.h>
int main() {
  const unsigned char* p = (const unsigned char*)&all;
  for (unsigned i = 0; i < sizeof(All); i++) printf("%02x", p[i]);
  printf("\\n");
  All copy = all;
  copy.k.v += 1; copy.e.b -= 1; copy.i.t++;
  printf("%d %lld %llu %d %d %d\\n", copy.i.s, (long long)copy.e.b, (unsigned long long)copy.k.v, copy.i.t, copy.h.x, copy.g.d);
  return 0;
}
`;

/** The bytes of `all` as xtensa-lx106-elf-gcc lays it out (.data of the object file). */
function gccBytes(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bitfields-'));
  try {
    const src = path.join(dir, 'layout.cpp');
    const obj = path.join(dir, 'layout.o');
    fs.writeFileSync(src, LAYOUTS);
    const cc = spawnSync(findTool('xtensa-lx106-elf-gcc')!, ['-x', 'c++', '-std=c++17', '-c', src, '-o', obj], { encoding: 'utf8' });
    assert.equal(cc.status, 0, cc.stderr);
    const dump = spawnSync(findTool('xtensa-lx106-elf-objdump')!, ['-s', '-j', '.data', obj], { encoding: 'utf8' });
    return dump.stdout.split('\n').map((l) => /^ [0-9a-f]{4} ((?:[0-9a-f]{2,8} ?){1,4})/.exec(l)?.[1] ?? '').join('').replace(/\s/g, '');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('compiler bit-fields', function () {
  this.timeout(120_000);

  it('lays bit-field classes out as xtensa-lx106-elf-gcc does (sizes, alignments, bits of a constant global)', async function () {
    requireTool(this, 'xtensa-lx106-elf-gcc');
    requireTool(this, 'xtensa-lx106-elf-objdump');
    const expected = gccBytes();
    const run = await compileAndRun(LAYOUTS + DUMP_MAIN);
    const [bytes, values] = run.stdout.trim().split('\n');
    assert.equal(bytes, expected);
    assert.equal(values, '-200 545766266487 1147797409030816546 -256 -5 3');
  });

  it('describes bit-fields in DWARF with DW_AT_bit_size and DW_AT_data_bit_offset, accepted by readelf', async function () {
    requireTool(this, 'xtensa-lx106-elf-readelf');
    const r = await compileSource(`struct S { char c; unsigned u : 5; int s : 9; int plain; };\nS g = {1, 2, 3, 4};\nint main() { return g.u; }\n`, '/src/bf.cpp');
    assert.ok(r.elf, r.diagnostics.map(formatCompileDiagnostic).join('\n'));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bitfields-'));
    try {
      const elf = path.join(dir, 'bf.elf');
      fs.writeFileSync(elf, r.elf!);
      const out = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', elf], { encoding: 'utf8' });
      assert.equal(out.stderr, '');
      const member = (name: string) => {
        const m = new RegExp(`DW_AT_name\\s+:\\s+(?:\\(indirect string, offset: 0x[0-9a-f]+\\): )?${name}\\n((?:\\s+<[0-9a-f]+>\\s+DW_AT_[^\\n]*\\n)*)`).exec(out.stdout);
        assert.ok(m, `member ${name}`);
        return m[1];
      };
      assert.match(member('u'), /DW_AT_bit_size\s+:\s+5\n[\s\S]*DW_AT_data_bit_offset\s*:\s+8\n/);
      assert.match(member('s'), /DW_AT_bit_size\s+:\s+9\n[\s\S]*DW_AT_data_bit_offset\s*:\s+13\n/);
      assert.doesNotMatch(member('s'), /DW_AT_data_member_location/);
      assert.match(member('plain'), /DW_AT_data_member_location\s*:\s+4\n/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports invalid bit-fields, their addresses, non-const references to them and sizeof of them at their places', async () => {
    const src = 'struct S { int a : 3; unsigned b : 40; float c : 2; int d : -1; int e : 0; int n; int f : n; };\n'
      + 'int main() { S s; s.a = 1; int* p = &s.a; int& r = s.a; return *p + r; }\n'
      + 'int z() { S s; return sizeof(s.a); }\n';
    const r = await compileSource(src);
    const got = r.diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`);
    assert.deepEqual(got, [
      '1:36 width of bit-field (40 bits) exceeds the width of its type (32 bits)',
      '1:48 bit-field has non-integral type',
      '1:61 bit-field has negative width',
      '1:73 named bit-field has zero width',
      '1:91 bit-field width is not a constant expression',
      '2:37 address of bit-field requested',
      '2:52 non-const reference cannot bind to bit-field \'a\'',
      '3:23 invalid application of \'sizeof\' to a bit-field',
    ]);
  });
});
