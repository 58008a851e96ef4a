// What Q7Runtime drives (`Launch`: cores with their machines, runUntil, edits, going back), and
// ProgramLaunch: a plain program (an ELF with an entry point and no kernel table — gcc -g output, a
// `.S` file, a C++ file with main) over session/'s ProgramSession as one core. KernelSession is the
// other Launch. A program's guest exception stops the run as an 'exception' fault at the faulting
// instruction; its stack is walked by .debug_frame on call0 cores (debuginfo/unwind.ts) and by the
// register windows on windowed ones. A program's run is recorded as a kernel's is (session/'s History
// over a ProgramRecord: snapshots of the core and re-execution), so it steps back and reverse-continues.

import { DebugInfo, FrameTable, type Subprogram, unwindCfa } from '../debuginfo';
import type { CoreName, StopReason, Machine } from '../emulator';
import type { DeviceFault, DeviceStop } from '../emulator/device';
import { callStack } from '../emulator/device';
import { History, ProgramRecord, ProgramSession, endMessage, exitStatus, programSnapshotBytes } from '../session';
import type { ProgramSnapshot, ReverseStop } from '../session';
import type { ElfImage } from '../xtensa/elf';

/** One core as the runtime sees it. */
export interface LaunchCore {
  readonly id: number;
  readonly m: Machine;
  readonly done: boolean;
  /** The guest address of the core's printf ring (0: none). */
  readonly logBuf: number;
  takeLog(): { text: string; lost: number };
}

/** What Q7Runtime runs: a kernel on the device (KernelSession) or a plain program (ProgramLaunch). */
export interface Launch {
  readonly image: ElfImage;
  readonly debug: DebugInfo;
  readonly device: { readonly cores: readonly LaunchCore[]; readonly done: boolean };
  runUntil(opts: { budget?: number; cores?: readonly number[]; stopOnFault?: boolean }): DeviceStop;
  /** The next runUntil starts with a snapshot of the recorded run. */
  readonly snapshotDue: boolean;
  edit(apply: () => void): void;
  stepBack(core: number): ReverseStop;
  stepBackLine(core: number, lineOf: (m: Machine) => string | number | undefined): ReverseStop;
  reverseContinue(opts: { stopOnFault?: boolean }): ReverseStop;
}

/** A frame of a stopped core: its PC (the call instruction for callers) and stack pointer, and for
 *  frames walked by .debug_frame the CFA and the registers known there. */
export interface StackFrame {
  readonly pc: number;
  readonly sp: number;
  readonly cfa?: number;
  readonly regs?: ReadonlyMap<number, number>;
}

export class ProgramLaunch implements Launch {
  readonly program: ProgramSession;
  readonly debug: DebugInfo;
  readonly device: { readonly cores: readonly LaunchCore[]; readonly done: boolean };
  private readonly frames: FrameTable;
  /** The recorded run (step back, reverse continue). */
  readonly history: History<ProgramSnapshot>;

  constructor(readonly image: ElfImage, file: string, cpu: CoreName | undefined, onOutput: (fd: 1 | 2, data: Uint8Array) => void, maxInstructions?: number) {
    this.program = ProgramSession.open(image, { file, cpu, onOutput, stopOnException: true, maxInstructions });
    this.debug = this.program.debug ?? DebugInfo.fromElf({ ...image, sections: image.sections.filter((s) => !s.name.startsWith('.debug_')) });
    let frames: FrameTable;
    try {
      frames = new FrameTable(image.sections.find((s) => s.name === '.debug_frame')?.data);
    } catch {
      frames = new FrameTable(undefined);
    }
    this.frames = frames;
    const program = this.program;
    const core: LaunchCore = {
      id: 0,
      m: program.machine,
      get done() {
        return program.done;
      },
      logBuf: 0,
      takeLog: () => ({ text: '', lost: 0 }),
    };
    this.device = {
      cores: [core],
      get done() {
        return program.done;
      },
    };
    this.history = new History(new ProgramRecord(program, (stop) => this.fault(stop)), { deferSnapshots: true }, programSnapshotBytes);
  }

  get core(): CoreName {
    return this.program.core;
  }

  get machine(): Machine {
    return this.program.machine;
  }

  get snapshotDue(): boolean {
    return !this.program.done && this.history.snapshotDue;
  }

  /** `main`, when the DWARF has it. */
  get main(): Subprogram | undefined {
    return this.debug.functionsNamed('main')[0];
  }

  /** Runs (recorded) to the next stop; a guest exception always stops (the runtime decides whether to report it). */
  runUntil(opts: { budget?: number }): DeviceStop {
    return this.history.run({ budget: opts.budget, stopOnFault: true });
  }

  /** A guest exception as the runtime reports faults. */
  private fault(stop: Extract<StopReason, { kind: 'exception' | 'fault' }>): DeviceFault {
    const at = stop.vaddr !== undefined ? ` (address 0x${(stop.vaddr >>> 0).toString(16)})` : '';
    const loc = this.debug.locate(stop.pc);
    return {
      kind: 'exception',
      message: `${stop.causeName} (EXCCAUSE ${stop.cause}) at 0x${(stop.pc >>> 0).toString(16)}${at}`,
      core: 0,
      pc: stop.pc,
      location: loc ? { file: loc.file, line: loc.line, column: loc.column } : undefined,
      fatal: true,
      count: 1,
    };
  }

  /** How the program ended: its exit status (as `q7 run` gives it) and `q7 run`'s message. */
  result(file: string): { code: number; message?: string } {
    const stop = this.program.endedBy;
    if (!stop) return { code: 1, message: `${file}: ended before it finished` };
    return { code: exitStatus(stop), message: endMessage(file, stop) };
  }

  /** The stack, innermost first: by .debug_frame on call0 cores, by the register windows otherwise. */
  stack(): StackFrame[] {
    const m = this.machine;
    if (m.cpu.windowed) return callStack(m);
    const regs = new Map<number, number>();
    for (let r = 0; r < 16; r++) regs.set(r, m.readAR(r) >>> 0);
    return unwindCfa(this.frames, m.pc >>> 0, regs, (a) => m.read32(a));
  }

  edit(apply: () => void): void {
    if (this.program.done) apply();
    else this.history.edit(apply);
  }

  stepBack(core: number): ReverseStop {
    return this.history.stepBack(core);
  }

  stepBackLine(core: number, lineOf: (m: Machine) => string | number | undefined): ReverseStop {
    return this.history.stepBackLine(core, lineOf);
  }

  reverseContinue(opts: { stopOnFault?: boolean }): ReverseStop {
    return this.history.reverseContinue(opts);
  }
}
