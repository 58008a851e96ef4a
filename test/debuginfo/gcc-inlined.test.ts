// GCC -O2 output with an inlined call: the scopes at a PC inside the inlined body (a block in a
// DW_TAG_inlined_subroutine in the function), the inlined function's variables named through
// DW_AT_abstract_origin, a parameter folded to a constant and a reference parameter that GCC
// describes as DW_OP_implicit_pointer to the caller's local.

import { strict as assert } from 'node:assert';
import { DebugInfo, Program } from '../../debuginfo';
import { Inspector } from '../../debuginfo/values';
import { Machine, MemoryHost } from '../../emulator';
import { readElf } from '../../xtensa/elf/reader';
import { requireTool } from '../../harness/oracle/tools';
import { gccBuild, machineTarget } from './helpers';

const SOURCE = `struct V { int x; int y; };
static inline int dot(const V& a, int k) {
  int t = a.x * k;
  t += a.y;
  return t;
}
__attribute__((noinline)) int user(volatile int* out, int k) {
  V v = {k, k + 1};
  int r = dot(v, 3);
  *out = r;
  return r * 2;
}
volatile int sinkv;
int main() { return user(&sinkv, 7); }
`;

describe('debuginfo values: an inlined call in xtensa-lx106-elf-gcc -O2 output', function () {
  this.timeout(120_000);

  it('finds the inlined scope and reads its variables (constant, implicit pointer to the caller local)', function () {
    requireTool(this, 'xtensa-lx106-elf-gcc');
    const image = readElf(gccBuild(SOURCE, ['-O2']), 'inl.elf');
    const program = Program.fromElf(image);
    const info = DebugInfo.fromElf(image);
    // the first address of a line of dot() that lies inside the inlined call
    const pcs = info.lineUnits.flatMap((u) => u.rows).filter((r) => !r.endSequence && (r.line === 3 || r.line === 4)).map((r) => r.address).sort((a, b) => a - b);
    const pc = pcs.find((a) => program.scopesAt(a).some((s) => s.kind === 'inlined'));
    assert.ok(pc !== undefined, 'an address of dot() inside the inlined call');
    const scopes = program.scopesAt(pc);
    const inlined = scopes.find((s) => s.kind === 'inlined')!;
    assert.equal(inlined.name, 'dot');
    assert.equal(scopes[scopes.length - 1].name, 'user');
    assert.deepEqual(program.variablesAt(pc).map((v) => v.name).sort(), ['a', 'k', 't']);
    const m = new Machine('lx106', { host: new MemoryHost() });
    m.loadElf(image);
    m.addBreakpoint(pc);
    assert.equal(m.run({ maxInstructions: 1_000_000 }).kind, 'breakpoint');
    const t = machineTarget(m);
    const ins = new Inspector(program);
    const vars = new Map(ins.locals(t).map((n) => [n.name, n]));
    assert.equal(vars.get('k')?.value, '3');
    const a = vars.get('a')!;
    assert.equal(a.type, 'const V &');
    assert.ok(a.value === '{x = 7, y = 8}' || /^<optimized out/.test(a.value), `a = ${a.value}`);
    const ax = ins.evaluate(t, 'a.x * k');
    if (ax.ok) assert.equal(ax.value.value, '21');
    else assert.match(ax.error, /optimized out/);
  });
});
