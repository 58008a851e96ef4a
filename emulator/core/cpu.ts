// The architectural state of one Xtensa core: the physical AR file with the current 16-register
// window `a` (a view of it), PC, the special and user registers, the FP registers (as raw bits), and the
// few derived values the interpreter loop reads on every instruction (free window panes, active
// loop end). Behaviour lives in the modules next to this one; this file holds state only, and the
// interface of the semihosting host a core is given (semihost/host.ts implements it for memory).

import type { CoreConfig } from '../config/types';
import type { Memory } from '../memory/memory';
import type { MemFault } from '../memory/fault';
import type { StopReason } from './stop';
import { IvpViews, ivpViews } from './ivp-state';

/** The host side of semihosting, injected into the machine (the emulator itself does no I/O). */
export interface SemihostHost {
  /** Writes to descriptor `fd`; returns the byte count or a negative errno. */
  write(fd: number, data: Uint8Array): number;
  /** Reads up to `max` bytes from `fd`; returns the bytes (empty at end of file) or a negative errno. */
  read(fd: number, max: number): Uint8Array | number;
  /** Opens `path`; returns a descriptor or a negative errno. */
  open(path: string, flags: number, mode: number): number;
  close(fd: number): number;
  /** Moves the file offset; returns the new offset or a negative errno. */
  lseek(fd: number, offset: number, whence: number): number;
  /** True when a read from `fd` would not block (SIMCALL select_one). */
  readable(fd: number): boolean;
  /** Program arguments (SIMCALL argc/argv). */
  readonly argv: readonly string[];
  /**
   * Optional: serves SIMCALL numbers outside QEMU's set (the Q7 device's calls, emulator/device).
   * Called with the core; returns true when it served the call (it may set `cpu.stop` to end the run).
   */
  deviceCall?(cpu: Cpu): boolean;
}

/** Handler return value meaning "stop the run loop now" (see Cpu.stop). */
export const STOP = -1;

export type BreakMode = 'stop' | 'architectural';

/** Each pane's window: the view of the 16 registers from pane p on, `wrap` where they wrap around. */
function windowPanes(phys: Int32Array, wrap: Int32Array, windowed: boolean): Int32Array[] {
  if (!windowed) return [];
  const panes: Int32Array[] = [];
  for (let p = 0; p * 4 < phys.length; p++) panes.push(p * 4 + 16 <= phys.length ? phys.subarray(p * 4, p * 4 + 16) : wrap);
  return panes;
}

export class Cpu {
  /**
   * Current window a0..a15. On windowed cores a view of `phys` at WINDOWBASE (so a rotation only
   * moves this reference, core/window.ts), except for a window that wraps around the end of the
   * file: then `wrap`, a copy kept authoritative while it is current and synced on rotation.
   */
  a: Int32Array;
  readonly phys: Int32Array;
  /** The window of each pane (views of `phys`, or `wrap`). */
  readonly panes: readonly Int32Array[];
  /** The copy that stands for the windows wrapping around the end of `phys`. */
  readonly wrap = new Int32Array(16);
  readonly npanes: number;
  readonly windowed: boolean;
  readonly hasLoops: boolean;

  pc = 0;
  sar = 0;
  lbeg = 0;
  lend = 0;
  lcount = 0;
  br = 0;
  litbase = 0;
  scompare1 = 0;
  atomctl = 0;
  ps = 0;
  windowbase = 0;
  windowstart = 0;
  /** EPC1..EPC7 at indices 1..7; EPS2..EPS7 at 2..7; EXCSAVE1..7 at 1..7. */
  readonly epc = new Int32Array(8);
  readonly eps = new Int32Array(8);
  readonly excsave = new Int32Array(8);
  depc = 0;
  exccause = 0;
  excvaddr = 0;
  vecbase = 0;
  cpenable = 0;
  prid = 0;
  debugcause = 0;
  icountReg = 0;
  icountlevel = 0;
  intenable = 0;
  interrupt = 0;
  ibreakenable = 0;
  ddr = 0;
  readonly ibreaka = new Int32Array(2);
  readonly dbreaka = new Int32Array(2);
  readonly dbreakc = new Int32Array(2);
  readonly ccompare = new Int32Array(3);
  readonly misc = new Int32Array(4);
  threadptr = 0;
  fcr = 0;
  fsr = 0;
  /** f0..f15 as raw IEEE single bits. */
  readonly f = new Int32Array(16);
  /** The same registers as numbers (a view of `f`: compiled FP arithmetic reads and writes them so). */
  readonly fv = new Float32Array(this.f.buffer);
  // ---- the IVP vector unit (cores with the 'ivp' option; empty arrays elsewhere), ivp-state.ts ----
  /** v0..v31: 16 words (64 bytes) each, lane 0 at the lowest byte. */
  readonly vr: Int32Array;
  /** wv0..wv3: 48 words (192 bytes, 1536 bits) each. */
  readonly wv: Int32Array;
  /** vb0..vb15: 64-bit masks as (low word, high word), bit k = byte lane k. */
  readonly vb: Int32Array;
  /** u0..u3 (valign): 16 words each. */
  readonly va: Int32Array;
  /** Typed views of the vector files (not state: they alias vr/wv). */
  readonly ivp: IvpViews;

  // ---- derived state read by the interpreter loop ----
  /** Free register panes above the current window (0..3); 3 when window checks are off. */
  wfree = 3;
  /** LEND while a loop-back can happen (loops option, EXCM = 0), else -1. */
  lendActive = -1;

  // ---- counting ----
  /** Instructions dispatched since reset, including ones that raised an exception. */
  steps = 0;
  /** Dispatched instructions that raised an exception instead of retiring. */
  excepted = 0;
  /** Retired instructions since reset (steps - excepted). */
  icount = 0;
  /** CCOUNT = ccountBase + icount (mod 2^32). */
  ccountBase = 0;
  /** Instructions dispatched by the last compiled-block call, and the index of a faulting one. */
  jitN = 0;
  jitK = 0;
  /** A memory fault a compiled region caught (jit/slow.ts): it left, and the run loop raises it. */
  jitFault: MemFault | null = null;
  /** Blocks compiled since the machine was created (diagnostics). */
  jitCompiled = 0;
  /** Arrivals at a block start before it is compiled (MachineOptions.hotThreshold). */
  jitHot = 128;
  /** The machines whose compiled regions are named alike (MachineOptions.jitFamily); null: this CPU alone. */
  jitFamily: object | null = null;
  /** Bumped whenever decoded code is dropped; compiled blocks compare it after slow stores. */
  codeEpoch = 0;
  /** Run-loop bookkeeping so handlers can read the live count (see run-loop.ts). */
  runStartSteps = 0;
  runBudget = 0;

  // ---- run control ----
  /**
   * Lowest stack pointer ENTRY and MOVSP (into a1) may set, unsigned; one below it stops the run
   * with kind 'stack-limit' before the instruction executes. 0: no check (the default).
   */
  stackLimit = 0;
  /** Set by the exception machinery when the current instruction vectored instead of retiring. */
  excTaken = false;
  stop: StopReason | null = null;
  stopOnException = false;
  breakMode: BreakMode = 'stop';
  /** Entry address of the last exception vector taken and the exception that got there. */
  lastVector = -1;
  lastException: { cause: number; pc: number; vaddr?: number; vector: number } | null = null;
  /** Called when a write changes state decoded or compiled instructions depend on (CPENABLE: the FP rows' decoding; LITBASE: compiled L32R addresses). */
  onCodeStateChange: () => void = () => {};

  constructor(
    readonly config: CoreConfig,
    readonly mem: Memory,
    public host: SemihostHost,
  ) {
    this.phys = new Int32Array(config.nareg);
    this.npanes = config.nareg / 4;
    this.windowed = config.features.has('windowed');
    this.panes = windowPanes(this.phys, this.wrap, this.windowed);
    this.a = this.windowed ? this.panes[0] : new Int32Array(16);
    this.hasLoops = config.features.has('loops');
    const ivp = config.features.has('ivp');
    this.vr = new Int32Array(ivp ? 32 * 16 : 0);
    this.wv = new Int32Array(ivp ? 4 * 48 : 0);
    this.vb = new Int32Array(ivp ? 16 * 2 : 0);
    this.va = new Int32Array(ivp ? 4 * 16 : 0);
    this.ivp = ivpViews(this.vr, this.wv);
  }
}
