// The exits of compiled regions (emulator/exec/jit/compile.ts): each assigns constants only (the PC
// and the instructions of its pass) and the one exit sets Cpu.jitN from them, so that V8 has no path
// it must deoptimise on the first time a region leaves there; the counts and the state at every
// instruction budget, an exit to code outside the region taken only after the compile included,
// are the interpreter's.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;

/** A loop with a branch to code outside the region (taken first in the loop's 15th pass, after the compile); `done` after it. */
function loop(p: ProgramBuilder): void {
  p.i('movi', 15, 30).i('movi', 3, 0).i('movi', 4, 0).label('loop');
  p.i('addi', 3, 3, 5).i('xor', 5, 3, 15).i('beqi', 15, 16, 'rare').label('back');
  p.i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
  p.label('rare').i('addi', 4, 4, 1).i('slli', 4, 4, 3).i('j', 'back');
}

function machine(jit: boolean): { m: Machine; done: number } {
  const p = new ProgramBuilder(CODE);
  loop(p);
  const prog = p.build();
  const m = new Machine('q7', { jit, hotThreshold: 4 });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
  m.pc = prog.addr;
  const done = prog.symbols.get('done')!;
  m.addBreakpoint(done);
  return { m, done };
}

function stateAfter(jit: boolean, limit: number): { pc: number; count: number; regs: number[] } {
  const { m } = machine(jit);
  m.run({ maxInstructions: limit });
  return { pc: m.pc, count: m.instructionCount, regs: [3, 4, 5, 15].map((k) => m.readAR(k)) };
}

describe('emulator: exits of compiled regions', () => {
  it('leaves with the interpreter\'s count and state at every instruction budget', () => {
    const { m } = machine(true);
    const stop = m.run({ maxInstructions: 10000 });
    assert.equal(stop.kind, 'breakpoint');
    assert.ok(m.compiledBlocks > 0, 'the loop was compiled');
    for (let limit = 1; limit <= m.instructionCount; limit++) {
      assert.deepEqual(stateAfter(true, limit), stateAfter(false, limit), `after ${limit} instructions`);
    }
  });

  it('assigns constants only where the region leaves and sets Cpu.jitN in its one exit', () => {
    const { m } = machine(true);
    m.run({ maxInstructions: 10000 });
    const blk = m.lookup(CODE + 9).blk;
    assert.ok(blk !== null, 'the loop is a compiled region');
    const src = blk.fn.toString();
    const leaves = [...src.matchAll(/\{ ret = [^;]+; xn = (-?\d+); break region; \}/g)];
    assert.equal(leaves.length, (src.match(/break region/g) ?? []).length, 'every exit sets ret and xn, and nothing else');
    assert.ok(leaves.some((l) => l[1] !== '-1'), 'the transfers and budget exits give their counts');
    assert.doesNotMatch(src, /c\.jitN = dn\b/, 'no exit stores to the Cpu');
    assert.equal(src.match(/c\.jitN = \(dn \+ xn\) \| 0/g)?.length, 1);
  });
});
