// 64-bit adds the back end selects short forms for (compiler/xtensa/emit-arith.ts, zext-add.ts): a
// small constant (ADDI on the low word and a carry branch) — `int64_t` counters stepped by 1 and by a
// BGEUI constant across the 2^32 boundary, up and from negative values — and a zero-extended 32-bit
// offset (one ADD and a carry) — addresses near the boundary plus offsets up to 0xffffffff, the
// result the base itself or another variable. Every level prints the sums computed here.

import { strict as assert } from 'node:assert';
import { compileAndRun } from './harness';

const SOURCE = `
#include <stdio.h>
#include <stdint.h>
static uint32_t offs[6] = { 0u, 1u, 0x10u, 0x7fffffffu, 0x80000000u, 0xffffffffu };
int main() {
  uint64_t s1 = 0, s4 = 0, s8 = 0;
  for (int64_t j = 0xfffffff0LL; j < 0x100000010LL; j++) s1 += (uint64_t)j * 3;
  for (int64_t j = -40; j < 40; j += 4) s4 += (uint64_t)j;
  for (uint64_t j = 0x1fffffff0ULL; j != 0x200000030ULL; j += 8) s8 ^= j + (j >> 7);
  uint64_t z = 0, p = 0xfffffff8ULL;
  for (int k = 0; k < 6; k++) {
    for (uint64_t base = 0xfffffff0ULL; base < 0x100000004ULL; base += 5) {
      uint64_t r = base + offs[k];
      z = z * 31 + r;
    }
    p = p + offs[k];
  }
  printf("%llu %llu %llu %llu %llu\\n", (unsigned long long)s1, (unsigned long long)s4, (unsigned long long)s8,
         (unsigned long long)z, (unsigned long long)p);
  return 0;
}
`;

function expected(): string {
  const M = (1n << 64n) - 1n;
  let s1 = 0n;
  for (let j = 0xfffffff0n; j < 0x100000010n; j++) s1 = (s1 + j * 3n) & M;
  let s4 = 0n;
  for (let j = -40n; j < 40n; j += 4n) s4 = (s4 + j) & M;
  let s8 = 0n;
  for (let j = 0x1fffffff0n; j !== 0x200000030n; j += 8n) s8 ^= (j + (j >> 7n)) & M;
  const offs = [0n, 1n, 0x10n, 0x7fffffffn, 0x80000000n, 0xffffffffn];
  let z = 0n;
  let p = 0xfffffff8n;
  for (const o of offs) {
    for (let base = 0xfffffff0n; base < 0x100000004n; base += 5n) z = (z * 31n + base + o) & M;
    p = (p + o) & M;
  }
  return `${s1} ${s4} ${s8} ${z} ${p}\n`;
}

describe('compiler: 64-bit adds of a small constant and of a zero-extended offset', () => {
  for (const optimize of [0, 1, 2] as const) {
    it(`counters and addresses across the 2^32 boundary at -O${optimize}`, async () => {
      const r = await compileAndRun(SOURCE, { optimize });
      assert.equal(r.stdout, expected());
    });
  }
});
