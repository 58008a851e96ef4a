// Walking a call0 stack by .debug_frame: a recursive function of xtensa-lx106-elf-gcc -g -O0 output
// stopped four calls deep on the emulator's lx106 core; every frame's function, CFA, stack pointer
// and the caller's registers restored from the callee's save slots. Skipped locally without the
// toolchain; under CI=true a missing toolchain fails.

import { strict as assert } from 'node:assert';
import { DebugInfo, FrameTable, unwindCfa } from '../../debuginfo';
import { Machine, MemoryHost } from '../../emulator';
import { decode } from '../../xtensa/isa';
import { readElf } from '../../xtensa/elf/reader';
import { requireTool } from '../../harness/oracle/tools';
import { gccBuild, lineAddress } from './helpers';

const SOURCE = `int depth(int n, int *out) {
  int local = n * 3;
  if (n == 0) {
    *out = local;
    return 1;
  }
  return depth(n - 1, out) + local;
}
int main() {
  int out = 0;
  int d = depth(3, &out);
  return d + out;
}
`;

describe('debuginfo: call0 stacks walked by .debug_frame (xtensa-lx106-elf-gcc -g -O0)', function () {
  this.timeout(120_000);

  it('finds every frame of a recursion with its CFA and the registers the callees saved', function () {
    requireTool(this, 'xtensa-lx106-elf-gcc');
    const image = readElf(gccBuild(SOURCE, ['-O0']), 'prog.elf');
    const info = DebugInfo.fromElf(image);
    const table = new FrameTable(image.sections.find((s) => s.name === '.debug_frame')?.data);
    assert.ok(!table.empty);
    const m = new Machine('lx106', { host: new MemoryHost() });
    m.loadElf(image);
    m.addBreakpoint(lineAddress(image, 'prog.cpp', 4));
    assert.equal(m.run({ maxInstructions: 1_000_000 }).kind, 'breakpoint');
    const regs = new Map(Array.from({ length: 16 }, (_, r) => [r, m.readAR(r) >>> 0] as [number, number]));
    const frames = unwindCfa(table, m.pc >>> 0, regs, (a) => m.read32(a));
    const named = frames.map((f) => info.functionAt(f.pc)?.name);
    assert.deepEqual(named.slice(0, 5), ['depth', 'depth', 'depth', 'depth', 'main']);
    assert.deepEqual(frames.slice(1, 5).map((f) => info.locate(f.pc)?.line), [7, 7, 7, 11]);
    // the innermost frame's sp is live; each caller's sp is its callee's CFA, and CFAs grow outward
    assert.equal(frames[0].sp, m.readAR(1) >>> 0);
    for (let k = 1; k < 5; k++) {
      assert.equal(frames[k].sp, frames[k - 1].cfa);
      assert.ok(frames[k].cfa! > frames[k - 1].cfa!);
    }
    // the frame pointer (a15) of each caller is restored from the slot its callee saved it in
    for (let k = 1; k < 5; k++) assert.equal(frames[k].regs.get(15), frames[k].sp, `frame ${k}: a15 = its sp at -O0`);
    // each caller stands at a CALL0/CALLX0: its return address (a0 restored from the callee's slot) − 3
    for (let k = 1; k < 5; k++) {
      const b = m.readMemory(frames[k].pc, 3)!;
      assert.match(decode(b[0], b[1], b[2], frames[k].pc)!.def.mnemonic, /^callx?0$/);
    }
  });
});
