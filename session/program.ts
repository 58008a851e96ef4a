// ProgramSession: a plain Xtensa program (an ELF with an entry point — built by `q7 build` from a
// file with main, or by another compiler such as xtensa-lx106-elf-gcc) on one emulated core, with the
// same run control as a kernel launch: runUntil() stops at breakpoints, watchpoints, exceptions, a
// budget or a pause, and can be called again; the program's exit ends it. The core is chosen from the
// ELF (QEMU's -M sim memory maps: lx106, de233_fpu; else q7). With `stopOnException` (the debugger)
// a guest exception stops the run at the faulting instruction, nothing changed; the next runUntil()
// lets the program take it as it would have (its vector runs, or the run ends when there is none).
// exitStatus()/endMessage() say how a run ended as `q7 run` reports it; isKernelImage()/isAssemblySource()
// tell a program from a kernel image or a source to assemble. No I/O: output goes to a callback. A face of
// its own (with the emulator and ELF reader behind it, nothing of the compiler) for the small bundle that
// `q7 run` of a program ELF loads (cli/program-main.ts).

import { type CoreName, LoadError, Machine, MemoryHost, type StopReason, guessCore } from '../emulator';
import type { DebugInfo } from '../debuginfo';
import type { ElfImage } from '../xtensa/elf';
import { SessionError } from './errors';

export { SessionError } from './errors';
import { readDebugInfo } from './symbols';

export interface ProgramOptions {
  /** The program's name as messages print it. */
  readonly file: string;
  /** The core to run on (default: from the ELF's addresses). */
  readonly cpu?: CoreName;
  /** Semihosting output (fd 1 and 2), as it is written. */
  readonly onOutput?: (fd: 1 | 2, data: Uint8Array) => void;
  /** Stop at a guest exception before it is taken (runUntil returns 'exception'). */
  readonly stopOnException?: boolean;
  /** The run ends with a 'limit' stop after this many instructions in all. */
  readonly maxInstructions?: number;
}

/** `q7 run`'s exit status for how a program ended. */
export const EXIT_LIMIT = 124;
export const EXIT_BREAK = 133;
export const EXIT_HALT = 1;

/** Why ProgramSession.runUntil() returned. */
export type ProgramStop =
  | { readonly kind: 'breakpoint'; readonly pc: number }
  | { readonly kind: 'watchpoint'; readonly pc: number; readonly addr: number; readonly size: number; readonly access: 'read' | 'write'; readonly id: number }
  /** The program ended: exit, an unhandled exception, BREAK, WAITI (`stop` says which). */
  | { readonly kind: 'done'; readonly stop: StopReason }
  /** With stopOnException: the instruction at `stop.pc` raised an exception (not yet taken). */
  | { readonly kind: 'exception'; readonly stop: Extract<StopReason, { kind: 'exception' | 'fault' }> }
  | { readonly kind: 'budget' | 'paused' };

/** What a ProgramSession knows beyond its machine (part of a recorded run's snapshots). */
export interface ProgramState {
  readonly ended: StopReason | undefined;
  readonly pendingException: boolean;
}

export class ProgramSession {
  readonly machine: Machine;
  readonly core: CoreName;
  /** Output is dropped (a recorded run re-executing). */
  quiet = false;
  private ended: StopReason | undefined;
  private pauseRequested = false;
  private pendingException = false;
  private debugInfo: DebugInfo | undefined | null = null;

  private constructor(readonly image: ElfImage, readonly options: ProgramOptions) {
    this.core = options.cpu ?? guessCore(image);
    const out = options.onOutput;
    const onOutput = out ? (fd: 1 | 2, data: Uint8Array) => (this.quiet ? undefined : out(fd, data)) : undefined;
    this.machine = new Machine(this.core, { host: new MemoryHost({ capture: false, onOutput }), stopOnException: options.stopOnException });
    try {
      this.machine.loadElf(image);
    } catch (e) {
      if (e instanceof LoadError) throw new SessionError(`${options.file}: ${e.message}`);
      throw e;
    }
  }

  /** The ELF's debug information, read when first asked for (a plain run never needs it). */
  get debug(): DebugInfo | undefined {
    if (this.debugInfo === null) this.debugInfo = readDebugInfo(this.image);
    return this.debugInfo;
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

  /** The session's own state (with the machine's snapshot, a point of the run). */
  get state(): ProgramState {
    return { ended: this.ended, pendingException: this.pendingException };
  }

  set state(s: ProgramState) {
    this.ended = s.ended;
    this.pendingException = s.pendingException;
  }

  /** Asks a runUntil() in progress to return 'paused' at its next slice. */
  requestPause(): void {
    this.pauseRequested = true;
  }

  /**
   * Runs to the next stop; `slice` bounds each uninterrupted stretch so a pause is seen promptly;
   * `stepOver` false: a breakpoint at the current PC stops before its instruction (default: executes it).
   */
  runUntil(opts: { budget?: number; slice?: number; stepOver?: boolean } = {}): ProgramStop {
    if (this.ended) return { kind: 'done', stop: this.ended };
    let budget = opts.budget ?? Infinity;
    const slice = opts.slice ?? 1_000_000;
    this.pauseRequested = false;
    const max = this.options.maxInstructions ?? Infinity;
    let stepOver = opts.stepOver ?? true;
    for (;;) {
      if (this.machine.stepCount >= max) {
        this.ended = { kind: 'limit', pc: this.machine.pc >>> 0 };
        return { kind: 'done', stop: this.ended };
      }
      if (budget <= 0) return { kind: 'budget' };
      const before = this.machine.stepCount;
      const n = Math.min(slice, budget, max - before);
      let stop: StopReason;
      if (this.pendingException) {
        // the exception the run stopped at is taken now, as without a debugger
        this.pendingException = false;
        this.machine.cpu.stopOnException = false;
        try {
          stop = this.machine.run({ maxInstructions: 1 });
        } finally {
          this.machine.cpu.stopOnException = true;
        }
        if (stop.kind === 'limit' && n > 1) stop = this.machine.run({ maxInstructions: n - 1 });
      } else stop = this.machine.run({ maxInstructions: n, stepOverBreakpoint: stepOver });
      // a breakpoint where a slice ended stops the next slice
      stepOver = false;
      budget -= this.machine.stepCount - before;
      if (stop.kind === 'breakpoint') return { kind: 'breakpoint', pc: stop.pc };
      if (stop.kind === 'exception' && this.options.stopOnException) {
        this.pendingException = true;
        return { kind: 'exception', stop };
      }
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

/** The exit status `q7 run` gives a program that ended this way. */
export function exitStatus(stop: StopReason): number {
  switch (stop.kind) {
    case 'exit':
      return stop.code & 0xff;
    case 'exception':
    case 'fault':
      return 128 + stop.cause;
    case 'break':
      return EXIT_BREAK;
    case 'limit':
      return EXIT_LIMIT;
    case 'halt':
      return EXIT_HALT;
    default:
      return 1;
  }
}

function hex(v: number): string {
  return `0x${(v >>> 0).toString(16).padStart(8, '0')}`;
}

/** What `q7 run` prints on stderr when a program ends this way (undefined for a plain exit). */
export function endMessage(file: string, stop: StopReason): string | undefined {
  switch (stop.kind) {
    case 'exit':
      return undefined;
    case 'exception':
    case 'fault': {
      const where = stop.vaddr !== undefined ? ` (address ${hex(stop.vaddr)})` : '';
      return `${file}: fault: ${stop.causeName} at ${hex(stop.pc)}${where}`;
    }
    case 'break':
      return `${file}: break ${stop.s},${stop.t} at ${hex(stop.pc)}`;
    case 'limit':
      return `${file}: instruction limit reached at ${hex(stop.pc)}`;
    case 'halt':
      return `${file}: halted (WAITI with no interrupt source) at ${hex(stop.pc)}`;
    default:
      return `${file}: stopped (${stop.kind}) at ${hex(stop.pc)}`;
  }
}

/** True when an image is a kernel image (has a kernel_info_table). */
export function isKernelImage(image: ElfImage): boolean {
  return image.sections.some((s) => s.name === '.kernel_info_table');
}

/** Whether `file` is assembly source by its name. */
export function isAssemblySource(file: string): boolean {
  return /\.(S|s|asm)$/.test(file);
}
