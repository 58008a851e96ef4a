// PC-by-PC and register-by-register comparison with QEMU: for a few corpus programs, the state
// before every instruction (pc, a0..a15, SAR, PS) from `qemu -singlestep -d cpu` must equal the
// emulator's, from reset to exit.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { CORPUS_TOOLS, requireTool } from '../../harness/oracle/tools';
import { buildProgram, prebuild } from '../../harness/oracle/build';
import { traceQemuDetailed } from '../../harness/oracle/qemu';
import { readElf } from '../../xtensa/elf/reader';
import { Machine, MemoryHost } from '../../emulator';

const PROGRAMS: [string, '-O0' | '-O2'][] = [
  ['tiny', '-O2'],
  ['tiny', '-O0'],
  ['funcptr', '-O0'],
  ['setjmp_longjmp', '-O2'],
  ['statemachine', '-O2'],
];
const MAX_STEPS = 40000;

interface Step {
  pc: number;
  regs: Record<string, number>;
}

function ourTrace(elf: string, names: readonly string[]): Step[] {
  const m = new Machine('lx106', { host: new MemoryHost() });
  m.loadElf(readElf(fs.readFileSync(elf), elf));
  const steps: Step[] = [];
  m.trace = (ev, mm) => {
    const regs: Record<string, number> = {};
    for (const n of names) regs[n] = n.startsWith('a') ? mm.readAR(Number(n.slice(1))) : mm.readSR(n);
    steps.push({ pc: ev.pc, regs });
  };
  m.run({ maxInstructions: MAX_STEPS });
  return steps;
}

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

describe('emulator vs QEMU: instruction traces on lx106', function () {
  this.timeout(120000);

  before(async function () {
    requireTool(this, CORPUS_TOOLS);
    await prebuild([...new Set(PROGRAMS.map(([n]) => n))], { native: false });
  });

  for (const [name, opt] of PROGRAMS) {
    it(`${name} ${opt}: same PC and registers before every instruction`, () => {
      const elf = buildProgram(name, opt);
      const q = traceQemuDetailed(elf, { cpu: 'lx106', maxSteps: MAX_STEPS });
      assert.ok(!q.truncated, `${name}: QEMU trace truncated; raise MAX_STEPS`);
      const names = Object.keys(q.steps[0].regs);
      assert.ok(names.includes('a15') && names.includes('sar') && names.includes('ps'), names.join(','));
      const ours = ourTrace(elf, names);
      assert.equal(ours.length, q.steps.length, 'number of executed instructions');
      for (let k = 0; k < q.steps.length; k++) {
        const want = q.steps[k];
        const got = ours[k];
        if (got.pc !== want.pc) assert.fail(`step ${k}: pc ${hex(got.pc)} instead of ${hex(want.pc)} (${want.asm ?? ''})`);
        for (const n of names) {
          if (got.regs[n] >>> 0 !== want.regs[n] >>> 0) {
            assert.fail(`step ${k} at ${hex(want.pc)} (${want.asm ?? ''}): ${n} = ${hex(got.regs[n])} instead of ${hex(want.regs[n])}`);
          }
        }
      }
    });
  }
});
