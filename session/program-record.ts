// A plain program's run as History records it (step back and reverse continue for programs): the
// ProgramSession's one core as a Recordable — its position is the instructions the core executed, a
// snapshot is the machine's (memory in shared 4 KiB chunks) plus the session's own state (ended, an
// exception stopped at but not yet taken). The program is deterministic on its own; what the host
// does for it (semihosting output) is not rewound, and output is muted while re-executing.

import type { DeviceFault, DeviceStop, RunUntilOptions } from '../emulator/device';
import type { Machine, StopReason } from '../emulator';
import type { ProgramSession, ProgramState } from './program';
import type { Recordable } from './history';

type MachineSnapshot = ReturnType<Machine['snapshot']>;

export interface ProgramSnapshot {
  readonly position: number;
  readonly copiedBytes: number;
  readonly machine: MachineSnapshot;
  readonly state: ProgramState;
}

/** A guest exception as a fault of the run (the caller symbolises it). */
export type ExceptionFault = (stop: Extract<StopReason, { kind: 'exception' | 'fault' }>) => DeviceFault;

export class ProgramRecord implements Recordable<ProgramSnapshot> {
  readonly cores: readonly { readonly m: Machine }[];
  onSlice: ((core: number, start: number, steps: number) => void) | undefined;

  constructor(
    readonly program: ProgramSession,
    private readonly toFault: ExceptionFault,
  ) {
    this.cores = [{ m: program.machine }];
  }

  get position(): number {
    return this.program.machine.stepCount;
  }

  get done(): boolean {
    return this.program.done;
  }

  get quiet(): boolean {
    return this.program.quiet;
  }

  set quiet(q: boolean) {
    this.program.quiet = q;
  }

  snapshot(prev?: ProgramSnapshot): ProgramSnapshot {
    const cost = { copied: 0 };
    const machine = this.program.machine.snapshot(prev?.machine, cost);
    return { position: this.position, copiedBytes: cost.copied, machine, state: this.program.state };
  }

  restore(s: ProgramSnapshot): void {
    this.program.machine.restore(s.machine);
    this.program.state = s.state;
  }

  /**
   * Runs the program to its next stop. A guest exception is a 'fault' stop with `stopOnFault`; without
   * it the program takes the exception and runs on (as it does without a debugger).
   */
  runUntil(opts: RunUntilOptions): DeviceStop {
    let budget = opts.budget ?? Infinity;
    let stepOver = opts.stepOver !== false;
    for (;;) {
      const start = this.position;
      const s = this.program.runUntil({ budget, slice: budget, stepOver });
      const ran = this.position - start;
      if (ran > 0) this.onSlice?.(0, start, ran);
      budget -= ran;
      stepOver = false;
      switch (s.kind) {
        case 'breakpoint':
          return { kind: 'breakpoint', core: 0, pc: s.pc };
        case 'watchpoint':
          return { kind: 'watchpoint', core: 0, pc: s.pc, addr: s.addr, size: s.size, access: s.access, id: s.id };
        case 'exception':
          if (opts.stopOnFault) return { kind: 'fault', core: 0, fault: this.toFault(s.stop) };
          if (budget <= 0) return { kind: 'budget' };
          continue;
        case 'done':
          return { kind: 'done' };
        default:
          return { kind: s.kind };
      }
    }
  }
}

/** Memory the snapshots copied (chunks shared with a previous snapshot are not counted again). */
export function programSnapshotBytes(snaps: readonly ProgramSnapshot[]): number {
  return snaps.reduce((sum, s) => sum + s.copiedBytes, 0);
}
