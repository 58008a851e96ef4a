// `alignas` is honoured: globals in .data, .rodata and .bss, static locals (constant and built by
// code), stack locals, struct members and `struct alignas(N)` — read back from the ELF symbol table
// and from the addresses the program sees at -O0, -O1 and -O2. Each aligned object follows a char so
// that without the alignment it would land off the boundary.

import { strict as assert } from 'node:assert';
import { readElf } from '../../xtensa/elf/reader';
import { compileSource, runImage } from './harness';

const SOURCE = `#include <stdio.h>
#include <stdint.h>
char pad0 = 1;
alignas(64) char in_data = 2;
char pad1;
alignas(64) char in_bss;
const char pad2 = 3;
alignas(128) const int in_rodata[3] = {1, 2, 3};
char pad3 = 4;
alignas(double) char by_type = 5;
struct Member { char c; alignas(64) int x; };
struct alignas(32) Whole { int y; };
char pad4;
Member member;
Whole wholes[2];
int twice(int v) { return 2 * v; }
static uintptr_t misalign(const void* p, uintptr_t a) { return (uintptr_t)p % a; }
int main() {
  static char spad = 1;
  alignas(64) static int static_zero;
  alignas(64) static int static_const = 5;
  alignas(64) static int static_built = twice(pad0);
  char before = 1;
  alignas(64) char local[3] = {1, 2, 3};
  alignas(32) int local2 = 2;
  printf("sizes %d %d %d %d\\n", (int)sizeof(Member), (int)alignof(Member), (int)sizeof(Whole), (int)alignof(Whole));
  printf("misaligned %d %d %d %d %d %d %d %d %d\\n", (int)misalign(&member.x, 64), (int)misalign(&wholes[1], 32),
         (int)misalign(&static_zero, 64), (int)misalign(&static_const, 64), (int)misalign(&static_built, 64),
         (int)misalign(local, 64), (int)misalign(&local2, 32), (int)misalign(&in_data, 64), (int)misalign(in_rodata, 128));
  return before + spad + local[2] + local2 + static_zero + static_const + static_built + pad0 + pad1 + pad2 + pad3 + pad4 + in_data + in_bss + by_type + in_rodata[0] - 30;
}
`;

describe('compiler/alignas', function () {
  this.timeout(120_000);

  for (const optimize of [0, 1, 2] as const) {
    it(`aligns globals, static locals, locals, members and classes as asked at -O${optimize}`, async () => {
      const r = await compileSource(SOURCE, '/test/alignas.cpp', { optimize });
      assert.deepEqual(r.diagnostics, []);
      const symbols = readElf(r.elf!, 'alignas.elf').symbols;
      const address = (name: string) => {
        const s = symbols.find((x) => x.name === name || (x.name.startsWith(`${name}.static.`) && !x.name.endsWith('.guard')));
        assert.ok(s, `no symbol ${name}`);
        return s.value;
      };
      for (const [name, align] of [['in_data', 64], ['in_bss', 64], ['in_rodata', 128], ['by_type', 8], ['member', 64], ['wholes', 32], ['static_zero', 64], ['static_const', 64], ['static_built', 64]] as const) {
        assert.equal(address(name) % align, 0, `${name} at 0x${address(name).toString(16)} is not ${align}-byte aligned`);
      }
      const run = runImage(r);
      assert.equal(run.stdout, 'sizes 128 64 32 32\nmisaligned 0 0 0 0 0 0 0 0 0\n');
      assert.equal(run.exitCode, 0);
    });
  }
});
