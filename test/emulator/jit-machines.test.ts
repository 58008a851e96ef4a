// Compiled regions of two machines in one process (emulator/exec/jit/compile.ts): the same guest code
// gives each machine functions of a source of its own, so that V8 does not run one machine's regions
// in the code (optimised for other pool views, or deoptimised) it compiled for the other's — unless
// they are of one family (MachineOptions.jitFamily: the cores of one device, run side by side), whose
// regions have one source, compiled by V8 once for all.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;

function regionSource(jitFamily?: object): string {
  const p = new ProgramBuilder(CODE);
  p.i('movi', 15, 40).i('movi', 3, 0).label('loop').i('addi', 3, 3, 5).i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
  const prog = p.build();
  const m = new Machine('q7', { hotThreshold: 4, jitFamily });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
  m.pc = prog.addr;
  m.addBreakpoint(prog.symbols.get('done')!);
  assert.equal(m.run({ maxInstructions: 10000 }).kind, 'breakpoint');
  assert.equal(m.readAR(3), 200);
  const blk = m.lookup(CODE + 6).blk;
  assert.ok(blk !== null, 'the loop is a compiled region');
  return blk.fn.toString();
}

describe('emulator: compiled regions of several machines', () => {
  it('gives each machine region functions of its own source for the same code', () => {
    const [a, b] = [regionSource(), regionSource()];
    assert.notEqual(a, b);
    const body = (s: string) => s.slice(s.indexOf('{'));
    assert.equal(body(a), body(b), 'the code itself is the same: only the name differs');
  });

  it('gives the machines of one family the same source, and another family its own', () => {
    const family = {};
    const [a, b] = [regionSource(family), regionSource(family)];
    assert.equal(a, b);
    const other = regionSource({});
    assert.notEqual(other, a);
    assert.notEqual(regionSource(), a);
  });
});
