// KernelSession: one launch of one kernel of a kernel image on the emulated device, controllable
// from outside. open() finds the kernel (kernel_info_table + DWARF), marshals the arguments, reads
// the expected tensor and boots the cores; runUntil() runs to a stop (breakpoint, watchpoint, fault,
// budget, pause) and can be called again; finish() ends the launch and gives the result model
// (output tensor, comparison, faults with source locations, per-core figures). No I/O: files come
// through the injected ReadFile, output through callbacks. Used by `q7 run`, the benchmarks and the
// debug adapter alike.

import {
  Device, type DeviceResult, type DeviceStop, type KernelArg, KernelImageError, ProviderError, type RunUntilOptions, SANITIZERS, type Sanitizer,
} from '../emulator/device';
import { DEFAULT_WINDOW_COUNT, DEFAULT_WINDOW_SIZE, POLICY } from '../target/q7/abi';
import { DEFAULT_HBM_SIZE, DeviceMemoryError } from '../emulator/device';
import { type DebugInfo, DwarfError, DebugInfo as DebugInfoClass, type Subprogram } from '../debuginfo';
import { type Comparison, type HostTensor, compareTensors, dtypeByScalarType, DTYPE_NAMES, shapeText } from '../tensors';
import type { ElfImage } from '../xtensa/elf';
import { type ArgValue, type GeneratedTensors, type ReadFile, isTensorType, loadTensor, marshalArgs } from './arguments';
import { SessionError } from './errors';
import { kernelFunction } from './kernel';
import { defaultInstructionLimit, defaultLimitNote } from './limits';
import { deviceSymbols } from './symbols';
import { type BuildShape, type RegisteredOutput, type ShapeLauncher, outputMismatch, registeredOutput } from './shape';
import { History, type HistoryOptions, type ReverseContinueOptions, type ReverseStop } from './history';
import type { Machine } from '../emulator';

export interface SessionOptions {
  /** The program's name as reports print it (the .cpp or .elf the user gave). */
  readonly file: string;
  /** The kernel to run (default: the image's only kernel). */
  readonly fn?: string;
  readonly args: readonly ArgValue[];
  /** The expected output: a .npy path or a generator. */
  readonly expect?: ArgValue;
  readonly rtol?: number;
  readonly atol?: number;
  readonly cores?: number;
  /** POLICY.* of the argument tensors' enforcers. */
  readonly policy?: number;
  readonly windowSize?: number;
  readonly windowCount?: number;
  /** The seed's window rule: a translated address is valid only until the next translate (DeviceOptions.strictWindows). */
  readonly strictWindows?: boolean;
  /** Sanitizers switched on (default: all). */
  readonly sanitize?: readonly Sanitizer[];
  readonly stackSize?: number;
  readonly maxInstructions?: number;
  readonly quantum?: number;
  /** Compile hot code to JavaScript (default true). */
  readonly jit?: boolean;
  /** Count neuron_translate calls (default true; the benchmarks measure without). */
  readonly countTranslates?: boolean;
  /** Core 0's log ring as it is written (else the log is in the result). */
  readonly onLog?: (text: string) => void;
  /** Core 0's semihosting output. */
  readonly onOutput?: (fd: 1 | 2, data: Uint8Array) => void;
  /**
   * The op's shape file (NEURON_LIBRARY): its shape function for this kernel runs on the device first and
   * the tensor it returns sizes get_dst_tensor() and is what the result must be. Without it, the
   * destination is shaped like the first tensor argument. Needs SessionHooks.buildShape.
   */
  readonly shapeSrc?: string;
  /**
   * Record the run for step back and reverse continue (snapshots every `interval` instructions; the
   * debugger's option — off by default, so `q7 run` runs at full speed).
   */
  readonly history?: boolean | HistoryOptions;
  /** HBM capacity in bytes (default 16 GiB, a NeuronCore-v2's share); arguments and factories past it fail. */
  readonly hbmSize?: number;
  /**
   * The debugger's observations of the device (off by default, so `q7 run` runs unchanged): writes to
   * the destination on one core too (progress), window-entry hits, the sites of open accessors.
   */
  readonly observe?: boolean;
  /**
   * Read the returned tensor's bytes back (default true). False, for a caller that does not write the
   * result: SessionResult.output is left out and outputType says what was returned (with `expect` the
   * bytes are read regardless, for the comparison).
   */
  readonly resultData?: boolean;
}

/** What a front end provides beyond files: building a shape file (q7 run and the debug adapter compile it). */
export interface SessionHooks {
  readonly buildShape?: BuildShape;
  /** Argument and expected tensors generated ahead (q7 run makes them beside the build). */
  readonly generated?: GeneratedTensors;
}

export interface SessionResult {
  readonly kernelName: string;
  readonly device: DeviceResult;
  /** True when a fatal fault ended the run. */
  readonly fatal: boolean;
  /** The returned tensor as a host tensor (when its dtype has a .npy form and its bytes were read: SessionOptions.resultData). */
  readonly output?: HostTensor;
  /** The returned tensor's dtype and shape (when its dtype has a .npy form). */
  readonly outputType?: Pick<HostTensor, 'dtype' | 'shape'>;
  /** Why a returned tensor has no host form. */
  readonly outputProblem?: string;
  readonly expected?: HostTensor;
  readonly comparison?: Comparison;
  /** The kernel returns a tensor (else there is nothing to write or compare). */
  readonly returnsTensor: boolean;
  /** The output the op registers (with shapeSrc). */
  readonly registered?: RegisteredOutput;
}

/** Runs a shape function to its end on one core (the launcher registeredOutput() uses). */
const shapeLauncher = (hbmSize: number): ShapeLauncher => (image, file, fn, args, readFile) => {
  const r = KernelSession.open(image, { file, fn, args, cores: 1, maxInstructions: SHAPE_INSTRUCTION_LIMIT, hbmSize }, readFile).run();
  return { output: r.device.output, faults: r.device.faults };
};

/** Instruction budget of a shape function (it only sizes a tensor). */
const SHAPE_INSTRUCTION_LIMIT = 200_000_000;

const numel = (shape: readonly number[]): number => shape.reduce((n, d) => n * d, 1);

/** Maps the device's own input errors (arguments it cannot hold) to SessionError. */
function deviceInput<T>(file: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RangeError || e instanceof DeviceMemoryError || e instanceof ProviderError || e instanceof KernelImageError) throw new SessionError(`${file}: ${e.message}`);
    throw e;
  }
}

export class KernelSession {
  readonly device: Device;
  readonly kernel: Subprogram;
  readonly opcode: number;
  readonly args: readonly KernelArg[];
  readonly expected: HostTensor | undefined;
  /** The output the op registers (options.shapeSrc), else undefined. */
  readonly registered: RegisteredOutput | undefined;
  /** The recorded history (with the `history` option). */
  readonly history: History | undefined;
  private result: SessionResult | undefined;

  private constructor(
    readonly image: ElfImage,
    readonly debug: DebugInfo,
    readonly options: SessionOptions,
    readFile: ReadFile,
    hooks: SessionHooks,
  ) {
    const { fn, opcode } = kernelFunction(image, debug, options.fn);
    this.kernel = fn;
    this.opcode = opcode;
    const hbmSize = options.hbmSize ?? DEFAULT_HBM_SIZE;
    this.args = marshalArgs(fn, options.args, readFile, hbmSize, hooks.generated);
    this.expected = options.expect !== undefined ? loadTensor(options.expect, readFile, '--expect', hbmSize, hooks.generated) : undefined;
    if (options.shapeSrc !== undefined) {
      if (!hooks.buildShape) throw new SessionError(`${options.shapeSrc}: this front end cannot build a shape file`, 'shapeSrc');
      this.registered = registeredOutput(hooks.buildShape(options.shapeSrc), fn.name, options.args, readFile, shapeLauncher(hbmSize));
    }
    if (this.registered && this.expected) {
      const e = this.expected;
      const r = this.registered;
      if (e.dtype.scalarType !== r.scalarType || e.shape.length !== r.shape.length || e.shape.some((d, i) => d !== r.shape[i])) {
        throw new SessionError(`--expect: the expected tensor is ${e.dtype.name} ${shapeText(e.shape)}, but the op's output is ${dtypeByScalarType(r.scalarType)?.name} ${shapeText(r.shape)} (shape function '${r.registration.shapeFn}', ${r.file}:${r.registration.line})`, 'expect');
      }
    }
    const o = options;
    const firstTensor = this.args.find((a) => a.kind === 'tensor');
    const dst = this.registered ? { shape: this.registered.shape, scalarType: this.registered.scalarType }
      : firstTensor && firstTensor.kind === 'tensor' ? { shape: firstTensor.tensor.shape, scalarType: firstTensor.tensor.scalarType } : undefined;
    const elements = this.args.reduce((n, a) => n + (a.kind === 'tensor' ? numel(a.tensor.shape) : 0), dst ? numel(dst.shape) : 0);
    const maxInstructions = o.maxInstructions ?? defaultInstructionLimit(elements);
    const limitNote = o.maxInstructions === undefined ? defaultLimitNote(elements) : undefined;
    this.device = deviceInput(o.file, () => new Device(image, {
      cores: o.cores ?? 1, policy: o.policy ?? POLICY.COHERENT, windowSize: o.windowSize ?? DEFAULT_WINDOW_SIZE, windowCount: o.windowCount ?? DEFAULT_WINDOW_COUNT, strictWindows: o.strictWindows,
      sanitize: o.sanitize ?? SANITIZERS, stackSize: o.stackSize, maxInstructions, limitNote, quantum: o.quantum, jit: o.jit, countTranslates: o.countTranslates,
      onLog: o.onLog, onOutput: o.onOutput, symbols: deviceSymbols(debug), hbmSize: o.hbmSize, resultData: o.resultData !== false || this.expected !== undefined,
      ...(o.observe ? { trackOutput: true, countWindowHits: true, trackAccessors: true } : {}),
    }));
    deviceInput(o.file, () => this.device.prepare({ opcode, args: this.args, returnsTensor: isTensorType(fn.returnType), kernelName: fn.name, dst }));
    this.history = o.history ? new History(this.device, o.history === true ? {} : o.history) : undefined;
  }

  /** Opens a launch of a kernel image: the cores are booted and stand at the entry point. */
  static open(image: ElfImage, options: SessionOptions, readFile: ReadFile, hooks: SessionHooks = {}): KernelSession {
    let debug: DebugInfo;
    try {
      debug = DebugInfoClass.fromElf(image);
    } catch (e) {
      if (e instanceof DwarfError) throw new SessionError(`${options.file}: ${e.message}`);
      throw e;
    }
    return new KernelSession(image, debug, options, readFile, hooks);
  }

  get done(): boolean {
    return this.result !== undefined || this.device.done;
  }

  /** Runs to the next stop; 'done' when the kernel has finished (then call finish()). */
  runUntil(opts: RunUntilOptions = {}): DeviceStop {
    if (this.result) return { kind: 'done' };
    const h = this.history;
    return deviceInput(this.options.file, () => (h ? h.run(opts) : this.device.runUntil(opts)));
  }

  // ---- going back (with the `history` option) ------------------------------------------------------

  /** The recorded run's next snapshot falls due before the next instruction (History.snapshotDue). */
  get snapshotDue(): boolean {
    return !this.result && (this.history?.snapshotDue ?? false);
  }

  /** Instructions executed by all cores together: the point of the deterministic run the device stands at. */
  get position(): number {
    return this.device.position;
  }

  private recorded(): History {
    if (!this.history) throw new Error('going back needs a session opened with the history option');
    if (this.result) throw new Error('the launch has finished: its history is gone');
    return this.history;
  }

  /** Moves to position `n` of the recorded history (history.start ≤ n ≤ history.end), stops suppressed. */
  runToPosition(n: number): void {
    deviceInput(this.options.file, () => this.recorded().runToPosition(n));
  }

  /** Back to just before the previous instruction `core` executed. */
  stepBack(core: number): ReverseStop {
    return deviceInput(this.options.file, () => this.recorded().stepBack(core));
  }

  /** Back to the start of the previous source line `core` ran (`lineOf`: an instruction's line key, undefined to ignore it). */
  stepBackLine(core: number, lineOf: (m: Machine) => string | number | undefined): ReverseStop {
    return deviceInput(this.options.file, () => this.recorded().stepBackLine(core, lineOf));
  }

  /** Back to the last breakpoint/watchpoint (and with stopOnFault, fault) stop before the current position. */
  reverseContinue(opts: ReverseContinueOptions = {}): ReverseStop {
    return deviceInput(this.options.file, () => this.recorded().reverseContinue(opts));
  }

  /** The last position before `before` where `core` was about to execute an instruction passing `test` (the device does not move). */
  lastPosition(core: number, test: (m: Machine) => boolean, before?: number): number | undefined {
    return deviceInput(this.options.file, () => this.recorded().lastPosition(core, test, before));
  }

  /** A change of the device's state by the debugger (memory, registers, PC), recorded as such. */
  edit(apply: () => void): void {
    if (this.history && !this.result) this.history.edit(apply);
    else apply();
  }

  /** Runs to the end (ignoring breakpoints) and finishes. */
  run(): SessionResult {
    while (!this.result && this.runUntil().kind !== 'done');
    return this.finish();
  }

  /** Ends the launch (idempotent): output, comparison, faults and figures. */
  finish(): SessionResult {
    if (this.result) return this.result;
    const device = this.device.finish();
    const fatal = device.faults.some((f) => f.fatal);
    let output: HostTensor | undefined;
    let outputType: SessionResult['outputType'];
    let outputProblem: string | undefined;
    const got = device.outputType;
    if (got && this.registered) outputProblem = outputMismatch(this.kernel.name, got, this.registered);
    if (got && !outputProblem) {
      const dtype = dtypeByScalarType(got.scalarType);
      if (dtype) {
        outputType = { dtype, shape: got.shape };
        if (device.output) output = { dtype, shape: got.shape, data: device.output.data };
      } else outputProblem = `${this.kernel.name}: the result has dtype ${got.scalarType}, which .npy output does not support (${DTYPE_NAMES.join(', ')})`;
    }
    const comparison = output && this.expected ? compareTensors(output, this.expected, this.options.rtol ?? 1e-5, this.options.atol ?? 1e-8) : undefined;
    this.result = { kernelName: this.kernel.name, device, fatal, output, outputType, outputProblem, expected: this.expected, comparison, returnsTensor: isTensorType(this.kernel.returnType), registered: this.registered };
    return this.result;
  }
}
