// The runtime's C heap (target/q7/guest/runtime/heap.cpp) on our emulator: exhaustion returns null without
// corrupting live blocks, freed neighbours coalesce, bad frees are ignored, and kernel images get a
// heap that stays clear of the device's local memory map.

import { strict as assert } from 'node:assert';
import { heapLimit, PROGRAM_STACK_RESERVE } from '../../compiler/link';
import { STACK_TOP } from '../../compiler/runtime/rom';
import { KERNEL_HEAP_LIMIT, MAX_STACK_SIZE, SLOW_RAM_BASE, SLOW_RAM_SIZE } from '../../target/q7/abi';
import { STACK_GUARD } from '../../emulator/device/core';
import { compileAndRun, compileSource } from './harness';

const PRELUDE = '#include <stdio.h>\n#include <stdlib.h>\n';

describe('compiler runtime heap (malloc/free/calloc/realloc)', function () {
  this.timeout(120_000);

  it('returns null on exhaustion, keeps live blocks intact, and coalesces everything back on free', async () => {
    const r = await compileAndRun(`${PRELUDE}
static char* blocks[64];
int main() {
  int n = 0;
  while (n < 64) {
    char* p = (char*)malloc(65536);
    if (p == nullptr) break;
    for (int k = 0; k < 65536; k += 4096) p[k] = (char)(n + 1);
    blocks[n++] = p;
  }
  int intact = 1;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 65536; k += 4096) intact &= blocks[i][k] == (char)(i + 1);
  int huge = malloc(0xfffffff0u) == nullptr;
  int overflow = calloc(0x10000, 0x10001) == nullptr;
  for (int i = 0; i < n; i += 2) free(blocks[i]);
  for (int i = 1; i < n; i += 2) free(blocks[i]);
  void* whole = malloc((unsigned)n * 65536u - 8u * (unsigned)n);
  printf("%d %d %d %d %d\\n", n > 4 && n < 64, intact, huge, overflow, whole != nullptr);
  return 0;
}
`);
    assert.equal(r.stdout, '1 1 1 1 1\n');
  });

  it('reuses a freed block for the same size and ignores double and foreign frees', async () => {
    const r = await compileAndRun(`${PRELUDE}
int main() {
  int local = 0;
  char* p = (char*)malloc(24);
  free(p);
  char* q = (char*)malloc(24);
  free(q);
  free(q);
  free(&local);
  free(q + 8);
  char* a = (char*)malloc(24);
  char* b = (char*)malloc(24);
  void* z1 = malloc(0);
  void* z2 = malloc(0);
  printf("%d %d %d %d\\n", p == q, a != b, z1 != nullptr && z1 != z2, ((unsigned)a & 7) == 0);
  return 0;
}
`);
    assert.equal(r.stdout, '1 1 1 1\n');
  });

  it('bounds the program heap below a stack reserve and the kernel heap below the largest slow-memory stack', async () => {
    assert.equal(heapLimit('program'), STACK_TOP - PROGRAM_STACK_RESERVE);
    assert.equal(heapLimit('kernel'), KERNEL_HEAP_LIMIT);
    assert.ok(KERNEL_HEAP_LIMIT > SLOW_RAM_BASE && KERNEL_HEAP_LIMIT <= SLOW_RAM_BASE + SLOW_RAM_SIZE - MAX_STACK_SIZE - STACK_GUARD);
    const kernel = await compileSource('#include <stdlib.h>\n#include <torch/torch.h>\nvoid grab(const torch::Tensor& t, int n) { int* p = (int*)malloc(n * 4); if (p) p[0] = (int)t.dim(); free(p); }\n', '/test/kernel.cpp');
    assert.deepEqual(kernel.diagnostics, []);
    const sym = (name: string) => kernel.image!.symbols.find((s) => s.name === name);
    assert.ok(sym('malloc') && sym('free') && sym('__q7_heap_limit'), 'malloc, free and the heap bounds are linked into the kernel image');
    assert.ok(sym('__q7_bss_end')!.value < KERNEL_HEAP_LIMIT, 'the kernel image data ends below its heap limit');
  });
});
