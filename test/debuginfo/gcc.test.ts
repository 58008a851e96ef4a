// The same inspection on code another compiler made: the locals program built by Debian's
// xtensa-lx106-elf-gcc -g (call0 ABI, DWARF 5, frame base DW_OP_call_frame_cfa from .debug_frame)
// at -O0, stopped at the same line on the emulator's lx106 core. Skipped locally without the
// toolchain; under CI=true a missing toolchain fails.

import { strict as assert } from 'node:assert';
import { Program } from '../../debuginfo';
import { Inspector, type TargetView, type ValueNode } from '../../debuginfo/values';
import { Machine, MemoryHost } from '../../emulator';
import { readElf } from '../../xtensa/elf/reader';
import type { ElfImage } from '../../xtensa/elf/types';
import { requireTool } from '../../harness/oracle/tools';
import { gccBuild, lineAddress, machineTarget } from './helpers';
import { PROGRAM, STOP_LINE } from './program';

function byName(nodes: readonly ValueNode[]): Map<string, ValueNode> {
  return new Map(nodes.map((n) => [n.name, n]));
}

describe('debuginfo values: locals of xtensa-lx106-elf-gcc -g -O0 output (call0, DWARF 5)', function () {
  this.timeout(120_000);
  let image: ElfImage;
  let ins: Inspector;
  let t: TargetView;
  let vars: Map<string, ValueNode>;

  before(function () {
    requireTool(this, 'xtensa-lx106-elf-gcc');
    image = readElf(gccBuild(PROGRAM, ['-O0']), 'prog.elf');
    ins = new Inspector(Program.fromElf(image));
    const m = new Machine('lx106', { host: new MemoryHost() });
    m.loadElf(image);
    m.addBreakpoint(lineAddress(image, 'prog.cpp', STOP_LINE));
    const why = m.run({ maxInstructions: 5_000_000 });
    assert.equal(why.kind, 'breakpoint', JSON.stringify(why));
    t = machineTarget(m);
    vars = byName(ins.locals(t));
  });

  it('computes the CFA from .debug_frame and reads every scalar exactly', () => {
    const v = (n: string) => vars.get(n)?.value;
    assert.equal(v('inner'), String(2 * (4 + -3 + 9)));
    assert.equal(v('a'), '4');
    assert.equal(v('z'), '-1234567890123456789');
    assert.equal(v('big'), '18446744073709551615');
    assert.equal(v('u'), '9223372036854775809');
    assert.equal(v('c'), 'Green');
    assert.equal(v('mo'), 'On');
    assert.equal(v('w'), '3735928559');
    assert.equal(v('yes'), 'true');
    assert.equal(v('ch'), "65 'A'");
    assert.equal(v('fl'), '0.1');
    assert.equal(v('db'), '-2.5e-300');
    assert.equal(vars.get('w')?.type, 'u32');
  });

  it('expands the struct (bases, bit-fields, 2-D arrays) and follows pointers and references', () => {
    const kid = (n: ValueNode | undefined, name: string) => {
      const r = ins.children(t, n!.ref);
      assert.ok(r.ok, r.ok ? '' : r.error);
      return byName(r.value).get(name);
    };
    const r = vars.get('r')!;
    assert.equal(kid(kid(r, '<Base>'), 'id')?.value, '77');
    assert.equal(kid(r, 'big')?.value, String(2n ** 40n));
    assert.equal(kid(r, 'd')?.value, '0.1');
    assert.equal(kid(r, 'name')?.value, '"hi"');
    assert.equal(kid(r, 'm')?.value, '{{0, -4, 0}, {0, 0, 9}}');
    const fl = kid(r, 'fl');
    assert.equal(kid(fl, 'a')?.value, '5');
    assert.equal(kid(fl, 'b')?.value, '-3');
    assert.equal(kid(fl, 'c')?.value, '200');
    assert.equal(vars.get('ra')?.value, '25');
    assert.equal(vars.get('box')?.value, '{v = {1, -2, 3}}');
    const ev = ins.evaluate(t, 'p->m[1][2] + r.x * 2 + *pa');
    assert.ok(ev.ok, ev.ok ? '' : ev.error);
    assert.equal(ev.value.value, String(9 - 6 + 9));
  });
});
