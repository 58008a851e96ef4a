// Shift amounts a compiled block knows (emulator/exec/jit/sar.ts): after SSAI the block's shifts read
// the constant, until something else may set SAR (SSR and the like, a called handler) or a block
// starts; the compiled loop ends in the interpreter's state.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { emit } from '../../emulator/exec/jit/emit';
import { foldShiftAmounts } from '../../emulator/exec/jit/sar';
import type { RegionItem } from '../../emulator/exec/jit/region';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;

/** A loop over the shifts with SAR set by SSAI and SSR in one block, then by WSR.SAR (which ends it); `done` after it. */
function shiftLoop(p: ProgramBuilder): void {
  p.i('movi', 3, 0x5a3).i('movi', 15, 40).label('loop');
  p.i('srl', 7, 3); // SAR from the previous pass (or the start): not known at the block's start
  p.i('ssai', 27).i('src', 3, 3, 3).i('addi', 3, 3, 7).i('sll', 8, 3);
  p.i('ssai', 3).i('sra', 6, 3).i('ssr', 15).i('sra', 5, 3).i('ssai', 9).i('xor', 3, 3, 7); // SAR = a15 & 31 after SSR: not 3
  p.i('wsr.sar', 15).i('srl', 4, 3).i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
}

function machineFor(build: (p: ProgramBuilder) => void, jit: boolean): { m: Machine; addr: number; done: number } {
  const p = new ProgramBuilder(CODE);
  build(p);
  const prog = p.build();
  const m = new Machine('q7', { jit, hotThreshold: 4 });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
  m.pc = prog.addr;
  return { m, addr: prog.addr, done: prog.symbols.get('done')! };
}

function finalState(jit: boolean): { regs: number[]; sar: number; count: number } {
  const { m, done } = machineFor(shiftLoop, jit);
  m.addBreakpoint(done);
  const stop = m.run({ maxInstructions: 100000 });
  assert.equal(stop.kind, 'breakpoint');
  if (jit) assert.ok(m.compiledBlocks > 0, 'the loop was compiled');
  return { regs: Array.from({ length: 16 }, (_, k) => m.readAR(k)), sar: m.readSR('sar'), count: m.instructionCount };
}

describe('emulator: shift amounts known inside a compiled block', () => {
  it('reads SAR as the constant of the SSAI before it, and again from the Cpu after SSR or a block start', () => {
    const { m, addr, done } = machineFor(shiftLoop, true);
    // the loop's two blocks: WSR.SAR does not compile, so it ends the first and the second starts after it
    const blocks: RegionItem[][] = [[]];
    for (let pc = m.lookup(m.lookup(addr).next).next, g = 0; pc !== done; g++) {
      const ins = m.lookup(pc);
      const e = emit(ins, g, 0, 0);
      if (e === undefined) {
        assert.equal(ins.def?.mnemonic, 'wsr.sar');
        blocks.push([]);
      } else blocks[blocks.length - 1].push({ ins, e, g });
      pc = ins.next;
    }
    assert.equal(blocks.length, 2);
    const code = blocks.flatMap((b) => foldShiftAmounts(b)).map((it) => `${it.ins.def?.mnemonic}: ${it.e.kind === 'branch' ? it.e.cond : it.e.code}`);
    const reads = (mnemonic: string, nth = 0) => code.filter((s) => s.startsWith(`${mnemonic}:`))[nth];
    assert.match(reads('srl', 0), /c\.sar/, 'nothing is known at the block start');
    assert.match(reads('src'), /const sh = \(27\)/);
    assert.match(reads('sll'), /\(32 - \(27\)\)/);
    assert.match(reads('srl', 1), /c\.sar/, 'nothing is known at the block start after WSR.SAR');
    assert.match(reads('sra', 0), /const sh = \(3\)/);
    assert.match(reads('sra', 1), /c\.sar/, 'SSR sets SAR from a register');
    assert.match(reads('ssai', 2), /^ssai: c\.sar = 9;$/, 'SSAI still writes SAR');
  });

  it('forgets the constant at a called handler, which may set SAR', () => {
    const { m, addr } = machineFor(shiftLoop, true);
    const ins = m.lookup(addr);
    const item = (code: string, g: number): RegionItem => ({ ins, e: { kind: 'seq', code }, g });
    const srl = 'a[4] = c.sar >= 32 ? 0 : a[3] >>> c.sar;';
    const out = foldShiftAmounts([item('c.sar = 5;', 0), item(srl, 1), item('c.jitK = 2; c.jitN = done + 2; hf[2](c, hi[2]);', 2), item(srl, 3)]);
    assert.deepEqual(out.map((it) => (it.e.kind === 'seq' ? it.e.code : '')), ['c.sar = 5;', 'a[4] = (5) >= 32 ? 0 : a[3] >>> (5);', out[2].e.kind === 'seq' ? out[2].e.code : '', srl]);
  });

  it('ends the loop in the interpreter\'s state', () => {
    const compiled = finalState(true);
    assert.deepEqual(compiled, finalState(false));
    assert.equal(compiled.sar, 1, 'WSR.SAR of the last pass (a15 = 1)');
  });
});
