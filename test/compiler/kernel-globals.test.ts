// Kernel images with globals built by code: the ROM constructs them before the dispatch and destroys
// them, in reverse order, after the kernel returns (before exit); a kernel image without such globals
// has no start-up functions (the ROM's weak references are 0).

import { strict as assert } from 'node:assert';
import { readElf } from '../../xtensa/elf/reader';
import { compileSource } from './harness';
import { KernelHost } from './kernel-host';

const SOURCE = `#include <stdio.h>
struct Logger {
  int id;
  Logger() { static int next = 0; id = ++next; printf("up %d\\n", id); }
  ~Logger() { printf("down %d\\n", id); }
};
struct Base { virtual int f() const { return 1; } virtual ~Base() {} };
struct Derived : Base { int f() const override { return 7; } };
Logger first;
Derived d;
Logger second;
void run(int x) {
  const Base& b = d;
  printf("run %d %d %d %d\\n", x, first.id, second.id, b.f());
}
`;

/** Builds `source`, runs its kernel 1 with one int argument `value`, and returns the log it printed. */
async function runKernelOnce(source: string, file: string, value: number): Promise<string> {
  const r = await compileSource(source, file);
  assert.deepEqual(r.diagnostics, []);
  const host = new KernelHost(r.image!, { logSize: 256 });
  const x = host.alloc(4);
  host.m.write32(x, value);
  const argv = host.alloc(4);
  host.m.write32(argv, x);
  host.launch('opcode', 1);
  host.launch('argv', argv);
  host.launch('argc', 1);
  assert.equal(host.run().exitCode, 0);
  return host.logText();
}

describe('compiler kernel images: globals constructed at start-up', function () {
  this.timeout(120_000);

  it('constructs before the dispatch and destroys in reverse order after the kernel returns', async () => {
    assert.equal(await runKernelOnce(SOURCE, '/test/globals.cpp', 3), 'up 1\nup 2\nrun 3 1 2 7\ndown 2\ndown 1\n');
  });

  it('runs dynamic initialisers before the dispatch and destroys static locals with the globals', async () => {
    const source = `#include <stdio.h>
int compute(int k) { printf("compute %d\\n", k); return k * 3; }
struct Tag {
  int v;
  explicit Tag(int x) : v(x) { printf("tag %d\\n", v); }
  ~Tag() { printf("untag %d\\n", v); }
};
int scale = compute(2);
Tag outer(scale + 1);
const Tag& bound = Tag(9);
int* last = &scale;
void run(int x) {
  static Tag inner{x};
  printf("run %d %d %d %d\\n", x * scale, outer.v, bound.v, *last);
}
`;
    assert.equal(await runKernelOnce(source, '/test/dynamic.cpp', 5), 'compute 2\ntag 7\ntag 9\ntag 5\nrun 30 7 9 6\nuntag 5\nuntag 9\nuntag 7\n');
  });

  it('leaves the start-up functions out of an image that needs none', async () => {
    const r = await compileSource('#include <stdio.h>\nint n = 4;\nvoid k(int x) { printf("%d\\n", x + n); }\n', '/test/plain.cpp');
    assert.deepEqual(r.diagnostics, []);
    const names = readElf(r.elf!, 'k.elf').symbols.filter((s) => s.name.startsWith('__q7_') && s.name.endsWith('_globals'));
    assert.ok(names.every((s) => s.value === 0), 'weak references to absent start-up functions are 0');
  });
});
