// Table-driven instruction tests: run one instruction (or a few) with given input registers on a
// fresh machine and return the machine, so a test can compare outputs with exact expected values.

import { strict as assert } from 'node:assert';
import type { CoreName, Machine, MachineOptions } from '../../../emulator';
import { ProgramBuilder } from './program';
import { runSnippet } from './snippet';

export type Regs = Readonly<Record<number, number>>;

export interface OneOptions {
  core?: CoreName;
  /** Extra machine set-up after the input registers (SRs, memory, …). */
  setup?: (m: Machine) => void;
  machine?: MachineOptions;
}

/** Runs `mnemonic ops` once (then stops at label `done`); `ops` may name labels `done`/`taken`. */
export function runOne(mnemonic: string, ops: (number | string)[], regs: Regs = {}, opts: OneOptions = {}): Machine {
  const body = (p: ProgramBuilder) => {
    p.i(mnemonic, ...ops).label('done').i('nop').i('nop').label('taken').i('nop');
  };
  const r = runSnippet(opts.core ?? 'q7', body, {
    machine: opts.machine,
    setup: (m) => {
      for (const [n, v] of Object.entries(regs)) m.writeAR(Number(n), v);
      opts.setup?.(m);
    },
    limit: 10,
  });
  return r.machine;
}

/** Asserts register values (compared as uint32). */
export function expectRegs(m: Machine, want: Regs, what: string): void {
  for (const [n, v] of Object.entries(want)) {
    assert.equal(hex(m.readAR(Number(n))), hex(v), `${what}: a${n}`);
  }
}

export function hex(v: number): string {
  return `0x${(v >>> 0).toString(16)}`;
}

/** One table row: mnemonic, operands, inputs, expected outputs. */
export type Case = [string, (number | string)[], Regs, Regs];

export function checkCases(cases: readonly Case[], opts: OneOptions = {}): void {
  for (const [mn, ops, inRegs, outRegs] of cases) {
    const m = runOne(mn, ops, inRegs, opts);
    expectRegs(m, outRegs, `${mn} ${ops.join(',')} with ${JSON.stringify(inRegs)}`);
  }
}
