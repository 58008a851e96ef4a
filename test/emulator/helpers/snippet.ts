// Runs a short instruction sequence on a fresh machine: the code goes at the start of the core's
// code memory, a data area follows in RAM, and the run ends at the `done` label (a breakpoint).
// Tests then inspect registers and memory with exact expected values.

import { Machine, MachineOptions, StopReason } from '../../../emulator';
import type { CoreName } from '../../../emulator';
import { ProgramBuilder } from './program';
import { imageOf } from './elf-image';

export const CODE_BASE: Record<CoreName, number> = {
  lx106: 0x50000000,
  dc233c: 0xfe000000,
  de233_fpu: 0xfe000000,
  q7: 0x40000400,
};
export const DATA_BASE: Record<CoreName, number> = {
  lx106: 0x60000000,
  dc233c: 0x00010000,
  de233_fpu: 0x00010000,
  q7: 0x3fe00000,
};

export interface Snippet {
  readonly machine: Machine;
  readonly stop: StopReason;
  readonly symbols: ReadonlyMap<string, number>;
}

/**
 * Builds `body` (which must define or jump to label `done`) at the core's code base, loads it,
 * sets a breakpoint at `done`, optionally prepares the machine, and runs at most `limit` steps.
 */
export function runSnippet(
  core: CoreName,
  body: (p: ProgramBuilder) => void,
  opts: { setup?: (m: Machine) => void; limit?: number; machine?: MachineOptions; data?: Uint8Array } = {},
): Snippet {
  const p = new ProgramBuilder(CODE_BASE[core]);
  body(p);
  const prog = p.build();
  const pieces = [{ addr: prog.addr, bytes: prog.bytes }];
  if (opts.data) pieces.push({ addr: DATA_BASE[core], bytes: opts.data });
  const m = new Machine(core, opts.machine);
  m.loadElf(imageOf(pieces, prog.addr));
  m.pc = prog.addr;
  if (core !== 'q7' && core !== 'lx106') {
    // Leave the reset state (EXCM = 1, WOE = 0) for a running windowed state with one live frame.
    m.writeSR('windowstart', 1);
    m.writeSR('ps', 0x40020);
  } else if (core === 'lx106') {
    m.writeSR('ps', 0x20);
  }
  opts.setup?.(m);
  const done = prog.symbols.get('done');
  if (done !== undefined) m.addBreakpoint(done);
  const stop = m.run({ maxInstructions: opts.limit ?? 10000 });
  return { machine: m, stop, symbols: prog.symbols };
}
