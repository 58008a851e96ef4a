// Every row of the instruction table has a handler, every row whose ISA option a core lacks raises
// IllegalInstruction there, and on the q7 core (every option) no row is rejected as illegal.

import { strict as assert } from 'node:assert';
import { INSNS, wordBytes } from '../../xtensa/isa';
import { CORES, CORE_NAMES, Machine } from '../../emulator';
import { rowsWithoutHandler } from '../../emulator/exec/predecode';
import { CODE_BASE } from './helpers/snippet';
import { imageOf } from './helpers/elf-image';

/** Runs the base encoding (all operand fields zero) of `mnemonic` once on `core`. */
function runBase(core: keyof typeof CORES, mnemonic: string) {
  const def = INSNS.find((d) => d.mnemonic === mnemonic)!;
  const bytes = new Uint8Array([...wordBytes(def.match, def.size), 0, 0, 0]);
  const m = new Machine(core, { stopOnException: true });
  m.loadElf(imageOf([{ addr: CODE_BASE[core], bytes }], CODE_BASE[core]));
  m.pc = CODE_BASE[core];
  if (core !== 'q7') m.writeSR('ps', core === 'lx106' ? 0x20 : 0x40020);
  m.writeSR('windowstart', 1);
  m.writeSR('cpenable', 0xff);
  return m.step(1);
}

describe('emulator: instruction coverage', () => {
  it('has a handler for every row of the instruction table', () => {
    assert.deepEqual(rowsWithoutHandler(), []);
    assert.ok(INSNS.length > 200);
  });

  for (const core of CORE_NAMES) {
    it(`raises IllegalInstruction on ${core} for every row of an option it lacks`, function () {
      const missing = INSNS.filter((d) => !CORES[core].features.has(d.feature));
      if (core !== 'q7') assert.ok(missing.length >= 3, `${core} lacks only ${missing.length} rows`);
      for (const d of missing) {
        const stop = runBase(core, d.mnemonic);
        assert.deepEqual(
          stop,
          { kind: 'exception', cause: 0, causeName: 'IllegalInstruction', pc: CODE_BASE[core], vaddr: undefined },
          d.mnemonic,
        );
      }
    });
  }

  it('accepts every row of its options on the q7 core (only rows illegal by their operands fault)', () => {
    // ILL/ILL.N are illegal by definition; RETW with a0 = 0 (no window increment) and RFI 0 (no
    // such level) are illegal by their operands.
    const illegalByDesign = new Set(['ill', 'ill.n', 'retw', 'retw.n', 'rfi']);
    const rows = INSNS.filter((d) => CORES.q7.features.has(d.feature));
    assert.ok(rows.length > 200);
    for (const d of rows) {
      const stop = runBase('q7', d.mnemonic);
      const illegal = stop.kind === 'exception' && stop.cause === 0;
      assert.equal(illegal, illegalByDesign.has(d.mnemonic), `${d.mnemonic}: ${JSON.stringify(stop)}`);
    }
  });
});
