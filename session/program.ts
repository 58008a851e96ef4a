// ProgramSession: a plain Xtensa program (an ELF with an entry point — built by `q7 build` from a
// file with main, or by another compiler such as xtensa-lx106-elf-gcc) on one emulated core, with the
// same run control as a kernel launch: runUntil() stops at breakpoints, watchpoints, exceptions, a
// budget or a pause, and can be called again; the program's exit ends it. The core is chosen from the
// ELF (QEMU's -M sim memory maps: lx106, de233_fpu; else q7). No I/O: output goes to a callback.

import { type CoreName, LoadError, Machine, MemoryHost, type StopReason, guessCore } from '../emulator';
import type { DebugInfo } from '../debuginfo';
import type { ElfImage } from '../xtensa/elf/types';
import { SessionError } from './errors';
import { readDebugInfo } from './symbols';

export interface ProgramOptions {
  /** The program's name as messages print it. */
  readonly file: string;
  /** The core to run on (default: from the ELF's addresses). */
  readonly cpu?: CoreName;
  /** Semihosting output (fd 1 and 2), as it is written. */
  readonly onOutput?: (fd: 1 | 2, data: Uint8Array) => void;
}

/** Why ProgramSession.runUntil() returned. */
export type ProgramStop =
  | { readonly kind: 'breakpoint'; readonly pc: number }
  | { readonly kind: 'watchpoint'; readonly pc: number; readonly addr: number; readonly size: number; readonly access: 'read' | 'write'; readonly id: number }
  /** The program ended: exit, an unhandled exception, BREAK, WAITI (`stop` says which). */
  | { readonly kind: 'done'; readonly stop: StopReason }
  | { readonly kind: 'budget' | 'paused' };

export class ProgramSession {
  readonly machine: Machine;
  readonly debug: DebugInfo | undefined;
  readonly core: CoreName;
  private ended: StopReason | undefined;
  private pauseRequested = false;

  private constructor(readonly image: ElfImage, readonly options: ProgramOptions) {
    this.core = options.cpu ?? guessCore(image);
    this.machine = new Machine(this.core, { host: new MemoryHost({ capture: false, onOutput: options.onOutput }) });
    try {
      this.machine.loadElf(image);
    } catch (e) {
      if (e instanceof LoadError) throw new SessionError(`${options.file}: ${e.message}`);
      throw e;
    }
    this.debug = readDebugInfo(image);
  }

  static open(image: ElfImage, options: ProgramOptions): ProgramSession {
    return new ProgramSession(image, options);
  }

  /** How the program ended (undefined while it runs). */
  get endedBy(): StopReason | undefined {
    return this.ended;
  }

  get done(): boolean {
    return this.ended !== undefined;
  }

  /** Asks a runUntil() in progress to return 'paused' at its next slice. */
  requestPause(): void {
    this.pauseRequested = true;
  }

  /** Runs to the next stop; `slice` bounds each uninterrupted stretch so a pause is seen promptly. */
  runUntil(opts: { budget?: number; slice?: number } = {}): ProgramStop {
    if (this.ended) return { kind: 'done', stop: this.ended };
    let budget = opts.budget ?? Infinity;
    const slice = opts.slice ?? 1_000_000;
    this.pauseRequested = false;
    for (;;) {
      if (budget <= 0) return { kind: 'budget' };
      const before = this.machine.stepCount;
      const stop = this.machine.run({ maxInstructions: Math.min(slice, budget) });
      budget -= this.machine.stepCount - before;
      if (stop.kind === 'breakpoint') return { kind: 'breakpoint', pc: stop.pc };
      if (stop.kind === 'watchpoint') return { kind: 'watchpoint', pc: stop.pc, addr: stop.addr, size: stop.size, access: stop.access, id: stop.id };
      if (stop.kind !== 'limit') {
        this.ended = stop;
        return { kind: 'done', stop };
      }
      if (this.pauseRequested) {
        this.pauseRequested = false;
        return { kind: 'paused' };
      }
    }
  }
}
