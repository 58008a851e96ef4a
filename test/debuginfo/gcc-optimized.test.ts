// Location lists as GCC emits them at -O1 (DWARF 5 .debug_loclists with view pairs, registers,
// register pieces of 64-bit values, stack values, entry values): at a stop, every variable shows its
// exact value or says it is optimized out — never a wrong value.

import { strict as assert } from 'node:assert';
import { Program } from '../../debuginfo';
import { Inspector, type ValueNode } from '../../debuginfo/values';
import { Machine, MemoryHost } from '../../emulator';
import { readElf } from '../../xtensa/elf/reader';
import { requireTool } from '../../harness/oracle/tools';
import { gccBuild, lineAddress, machineTarget } from './helpers';

const SOURCE = `struct S { int a; long long b; };
__attribute__((noinline)) int use(int v) { return v + 1; }
__attribute__((noinline)) long long calc(int n, const S* s) {
  long long acc = s->b;
  int i = 0;
  for (; i < n; i++) {
    acc += use(i) * s->a;
  }
  use((int)acc);
  return acc + i;
}
S gs = {3, 1LL << 35};
int main() { return (int)calc(5, &gs); }
`;

describe('debuginfo values: xtensa-lx106-elf-gcc -O1 location lists', function () {
  this.timeout(120_000);

  it('reads a 64-bit local in a register pair and a loop counter from their location lists, exactly or as optimized out', function () {
    requireTool(this, 'xtensa-lx106-elf-gcc');
    const image = readElf(gccBuild(SOURCE, ['-O1']), 'o1.elf');
    const program = Program.fromElf(image);
    const bp = lineAddress(image, 'prog.cpp', 7);
    const fn = program.functionAt(bp);
    assert.equal(fn?.name, 'calc');
    assert.ok(fn.variables.some((v) => Array.isArray(v.location)), 'some variable has a location list');
    const ins = new Inspector(program);
    const m = new Machine('lx106', { host: new MemoryHost() });
    m.loadElf(image);
    m.addBreakpoint(bp);
    for (let iteration = 0; iteration < 3; iteration++) {
      assert.equal(m.run({ maxInstructions: 1_000_000 }).kind, 'breakpoint');
      const t = machineTarget(m);
      const vars = new Map(ins.locals(t).map((n): [string, ValueNode] => [n.name, n]));
      assert.deepEqual([...vars.keys()].sort(), ['acc', 'i', 'n', 's']);
      // acc = 2^35 + 3 * (1 + 2 + ... + iteration)
      assert.equal(vars.get('acc')!.value, String(2n ** 35n + 3n * BigInt((iteration * (iteration + 1)) / 2)));
      assert.equal(vars.get('i')!.value, String(iteration));
      const n = vars.get('n')!.value;
      assert.ok(n === '5' || /^<optimized out/.test(n), `n = ${n}`);
      const s = ins.evaluate(t, 's->a * 2');
      if (s.ok) assert.equal(s.value.value, '6');
      else assert.match(s.error, /optimized out/);
    }
  });
});
