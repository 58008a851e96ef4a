// The emulated Q7 device: N cores (Machines on the q7 core) sharing a sparse HBM, booted through the
// provider lifecycle and launched on one kernel of a kernel image; deterministic round-robin
// scheduling (each live core in id order runs `quantum` instructions, default 10 000); device calls,
// sanitizers and guest exceptions become faults, attributed to source lines by the injected
// DeviceSymbols. A launch is prepare() → runUntil() (resumable: breakpoints, watchpoints, faults, a
// budget or a pause request return control with the cores intact) → finish(); launch() does all three.

import type { DeviceLocation as SourceLocation, DeviceSymbols } from './symbols';
import { Q7 } from '../config/q7';
import { CAUSE, causeName } from '../core/causes';
import type { StopReason } from '../core/stop';
import { MemFault } from '../memory/fault';
import { PAGE_SIZE, type PageHooks } from '../memory/memory';
import { MemoryHost } from '../semihost/host';
import type { ElfImage } from '../../xtensa/elf';
import {
  NEURON_TRANSLATE_SYMBOL, IRAM_BASE,
  DEFAULT_STACK_SIZE, DEFAULT_WINDOW_COUNT, DEFAULT_WINDOW_SIZE, EXIT_UNKNOWN_OPCODE, HBM_APERTURE_BASE, HBM_APERTURE_SIZE, POLICY, TENSOR_HANDLE,
} from '../../target/q7/abi';
import { deviceCall, elementSize, useAfterFreeMessage } from './calls';
import { DeviceCore, STACK_GUARD } from './core';
import { DeviceFault, FaultKind, FaultLog, type RelatedAccess, SANITIZERS, Sanitizer } from './faults';
import { DEFAULT_HBM_SIZE, Hbm, HbmFullError, MANY_WRITERS, formatBytes } from './hbm';
import { dataSegments, iramPayload } from './image';
import { DstWriters, writeSite, writtenElements } from './writers';
import { allocHandle, allocImpl, contiguousStrides, readImpl, type ImplFields } from './objects';
import { ProviderContext, SUNDA_CORE_TYPE, contextCreate, getMemoryImage, llCreate } from './provider';
import { callStack } from './stack';
import { checkWindowGeometry } from './windows';
import { countWindowHits } from './window-hits';
import { AccessorTracker } from './accessors';
import { type DeviceSnapshot, captureCore, restoreCore } from './snapshot';

export const DEFAULT_QUANTUM = 10_000;
export const DEFAULT_LOG_SIZE = 16 * 1024;
export const DEFAULT_CORE_COUNT = 8;

export interface DeviceOptions {
  cores?: number;
  windowSize?: number;
  windowCount?: number;
  quantum?: number;
  stackSize?: number;
  logSize?: number;
  /** Initial policy of the argument tensors' enforcers (POLICY.*). */
  policy?: number;
  sanitize?: Iterable<Sanitizer>;
  /** Provider API level the launcher asks for (3; any other fails with VERSION). */
  apiLevel?: number;
  /** Count neuron_translate calls (a breakpoint on it; default true). */
  countTranslates?: boolean;
  /** Instruction budget per core (default 4e9); exceeding it is a `timeout` fault. */
  maxInstructions?: number;
  /** Said in the `timeout` fault after the limit (e.g. how the limit was chosen and how to change it). */
  limitNote?: string;
  /** Streams core 0's log ring as it is written (else it is read after the run). */
  onLog?: (text: string) => void;
  /** Core 0's SIMCALL write output (QEMU-style semihosting). */
  onOutput?: (fd: 1 | 2, data: Uint8Array) => void;
  /** Names source positions for faults (from the image's DWARF; session/ provides it). Without it faults carry only PCs. */
  symbols?: DeviceSymbols;
  /** The pc-bounds the launcher programs (default: the installed image, [IRAM_BASE, end of the payload)). */
  pcBounds?: { lo: number; hi: number };
  /** Compile hot guest code to JavaScript (default true); false runs the interpreter only, with identical results. */
  jit?: boolean;
  /** HBM capacity in bytes (default DEFAULT_HBM_SIZE, a NeuronCore-v2's 16 GiB share); allocations past it fail. */
  hbmSize?: number;
  /**
   * Strict stale-window mode (the seed's rule): a local address from neuron_translate is valid only
   * until the core's next translate; a use after it is a `stale-window` fault. Default false: an
   * address stays valid until its window is evicted.
   */
  strictWindows?: boolean;
  /**
   * Scheme-A ext-isa coretype the launcher loads for (seed 003: 6 SUNDA, the NeuronCore-v2 default;
   * 13/21/29 CAYMAN, whose prelink buffer caps the library under 0x10000 bytes: ENOSPC past it).
   */
  coreType?: number;
  /** Track which bytes of the destination (get_dst_tensor) were written on one core too (the debugger's progress). */
  trackOutput?: boolean;
  /** Count each window entry's hits (window-hits.ts: a hook on neuron_translate's return; the debugger's Device view). */
  countWindowHits?: boolean;
  /** Know which accessors are open where (accessors.ts: hooks on the enforcer's members); a coherency fault then names the earlier access. */
  trackAccessors?: boolean;
  /**
   * Read the returned tensor's bytes back from HBM when the launch finishes (default true). False,
   * for a caller that neither writes nor compares the result: DeviceResult.output is then left out
   * and outputType alone says what was returned.
   */
  resultData?: boolean;
}

/** Smallest HBM the device accepts (the image is staged there too). */
export const HBM_MIN_SIZE = 1 << 20;

/** A tensor's shape and dtype (a c10::ScalarType number). */
export interface DeviceTensorType {
  readonly shape: readonly number[];
  readonly scalarType: number;
}

export interface DeviceTensor extends DeviceTensorType {
  readonly data: Uint8Array;
}

export type KernelArg =
  | { readonly kind: 'tensor'; readonly name: string; readonly tensor: DeviceTensor }
  | { readonly kind: 'scalar'; readonly name: string; readonly bytes: Uint8Array };

export interface LaunchSpec {
  readonly opcode: number;
  readonly args: readonly KernelArg[];
  readonly returnsTensor: boolean;
  /** The destination tensor of get_dst_tensor() (allocated in HBM, shared by the cores). */
  readonly dst?: { readonly shape: readonly number[]; readonly scalarType: number };
  /** The kernel's name (faults found after the run are attributed to its declaration). */
  readonly kernelName?: string;
}

export interface CoreReport {
  readonly core: number;
  readonly instructions: number;
  readonly translates: number;
  readonly windowMaps: number;
  readonly dmaBytes: number;
  readonly tcmHighWater: number;
  readonly stackHighWater: number;
  readonly exitCode?: number;
}

/** Why runUntil() returned. */
export type DeviceStop =
  /** Every core has finished (or a fatal fault ended the run): call finish(). */
  | { readonly kind: 'done' }
  /** A PC breakpoint on `core` (the instruction at `pc` has not executed). */
  | { readonly kind: 'breakpoint'; readonly core: number; readonly pc: number }
  /** A watched range was accessed by the instruction at `pc` on `core` (it completed). */
  | { readonly kind: 'watchpoint'; readonly core: number; readonly pc: number; readonly addr: number; readonly size: number; readonly access: 'read' | 'write'; readonly id: number }
  /** A fault was recorded on `core` (with stopOnFault); a fatal one ends the run at the next runUntil(). */
  | { readonly kind: 'fault'; readonly core: number; readonly fault: DeviceFault }
  /** The instruction budget of this runUntil() was used up, or a pause was requested. */
  | { readonly kind: 'budget' | 'paused' };

export interface RunUntilOptions {
  /** Instructions to execute (over all cores) before returning 'budget'. */
  readonly budget?: number;
  /** Only these cores run (others stay where they are); default all. */
  readonly cores?: readonly number[];
  /** Return 'fault' when a fault (also a warning) is recorded. */
  readonly stopOnFault?: boolean;
  /**
   * Which cores standing on a breakpoint when the run starts execute that instruction instead of
   * stopping on it again: true (default) every core (resuming from a stop), false none (a breakpoint
   * at a core's current PC stops it before it executes), or one core id.
   */
  readonly stepOver?: boolean | number;
}

export interface DeviceResult {
  readonly output?: DeviceTensor;
  /** The returned tensor's shape and dtype (also when its bytes were not read: DeviceOptions.resultData). */
  readonly outputType?: DeviceTensorType;
  readonly faults: readonly DeviceFault[];
  readonly cores: readonly CoreReport[];
  /** Core 0's log ring text (what the runtime prints after execution), with the bytes lost to wrap-around. */
  readonly log: string;
  readonly logLost: number;
}

interface HbmTensor {
  readonly addr: number;
  readonly nbytes: number;
  readonly numel: number;
  readonly shape: readonly number[];
  readonly scalarType: number;
}

export class Device {
  readonly hbm: Hbm;
  readonly faults = new FaultLog();
  readonly cores: DeviceCore[] = [];
  readonly sanitize: Set<Sanitizer>;
  readonly symbols: DeviceSymbols | undefined;
  readonly provider: ProviderContext;
  readonly warnedAccessor = new Set<number>();
  private readonly payload: Uint8Array;
  private rwCore = 0;
  private translateAddr: number | undefined;
  private kernelLocation: SourceLocation | undefined;
  private launched: { spec: LaunchSpec; dst: HbmTensor | undefined } | undefined;
  /** The scheduler's position: the core whose quantum is running and what is left of it. */
  private turn = { core: 0, left: 0 };
  private pauseRequested = false;
  private stopOnFault = false;
  private faultStop: { core: number; fault: DeviceFault } | undefined;
  private finished = false;
  /** Log ring and semihosting output are dropped while set (re-execution of a recorded run). */
  quiet = false;
  /** Called after each stretch of one core's instructions: the core, the position it started at, its length. */
  onSlice: ((core: number, start: number, steps: number) => void) | undefined;
  /** Who wrote the multicore destination, and from which line (unwritten sanitizer, more than one core). */
  dstWriters: DstWriters | undefined;
  /** Per core: PC of a store into the destination → its source line (found once per PC). */
  private storeSites = new Map<string, SourceLocation | undefined>();

  constructor(readonly image: ElfImage, readonly options: DeviceOptions = {}) {
    this.sanitize = new Set(options.sanitize ?? SANITIZERS);
    if (options.hbmSize !== undefined && !(Number.isSafeInteger(options.hbmSize) && options.hbmSize >= HBM_MIN_SIZE)) throw new RangeError(`HBM size ${options.hbmSize} must be an integer of at least ${HBM_MIN_SIZE} bytes`);
    this.hbm = new Hbm(options.hbmSize ?? DEFAULT_HBM_SIZE);
    this.symbols = options.symbols;
    this.payload = iramPayload(image);
    this.provider = contextCreate(options.apiLevel ?? 3, DeviceCore.rwFor(() => this.cores[this.rwCore]));
    // INIT as libnrt drives it: the ext-isa coretype, the IRAM image, the loader library (the cap)
    const coreType = options.coreType ?? SUNDA_CORE_TYPE;
    const dataBytes = dataSegments(image).reduce((n, d) => n + d.memsz, 0);
    llCreate(this.provider, coreType, getMemoryImage(coreType, 'IRAM', { IRAM: this.payload.length, DRAM: dataBytes }), IRAM_BASE);
    const count = options.cores ?? 1;
    if (!(count >= 1 && count <= 64)) throw new RangeError(`core count ${count} must be 1..64`);
    checkWindowGeometry(options.windowSize ?? DEFAULT_WINDOW_SIZE, options.windowCount ?? DEFAULT_WINDOW_COUNT);
    const jitFamily = {};
    for (let id = 0; id < count; id++) {
      const out = options.onOutput;
      const host = new MemoryHost({ capture: false, onOutput: id === 0 && out ? (fd, data) => (this.quiet ? undefined : out(fd, data)) : undefined });
      const core: DeviceCore = new DeviceCore(
        {
          id, count, host, provider: this.provider, hbm: this.hbm,
          windowCount: options.windowCount ?? DEFAULT_WINDOW_COUNT,
          windowSize: options.windowSize ?? DEFAULT_WINDOW_SIZE,
          stackSize: options.stackSize ?? DEFAULT_STACK_SIZE,
          logSize: options.logSize ?? DEFAULT_LOG_SIZE,
          hooksFor: (c, hp) => this.hooksFor(c, hp),
          dgeMap: [0, 1, 2, 3, 4],
          jit: options.jit,
          jitFamily,
          coreType,
        },
        Q7,
      );
      Object.assign(host, { deviceCall: (cpu: import('../core/cpu').Cpu) => deviceCall(this, core, cpu) });
      this.rwCore = id;
      this.cores.push(core);
    }
    // a page of a factory-made tensor written completely leaves the slow path on every core
    this.hbm.onInitComplete = (page) => {
      for (const c of this.cores) c.windows?.refresh(page);
    };
    // images of other compilers may name it without C++ linkage
    const tr = image.symbols.find((s) => s.name === NEURON_TRANSLATE_SYMBOL) ?? image.symbols.find((s) => s.name === 'neuron_translate');
    this.translateAddr = options.countTranslates === false && !options.strictWindows ? undefined : tr?.value;
  }

  /** Boots every core, marshals the arguments, runs the kernel and collects the result. */
  launch(spec: LaunchSpec): DeviceResult {
    this.prepare(spec);
    while (this.runUntil().kind !== 'done');
    return this.finish();
  }

  /** Boots every core and marshals the arguments; the cores stand at the image's entry point. */
  prepare(spec: LaunchSpec): void {
    if (this.launched) throw new Error('the device was already launched');
    this.kernelLocation = spec.kernelName ? this.symbols?.kernelDeclaration(spec.kernelName) : undefined;
    const argData = spec.args.map((a) => (a.kind === 'tensor' ? this.hbmTensor(a.name, a.tensor) : undefined));
    const dst = spec.dst ? this.hbmTensor('dst', spec.dst) : undefined;
    if (dst && this.cores.length > 1 && this.sanitize.has('unwritten')) {
      this.hbm.trackWriters(dst.addr, dst.nbytes);
      this.dstWriters = new DstWriters(dst.addr, dst.nbytes, elementSize(dst.scalarType));
    } else if (dst && this.options.trackOutput) this.hbm.trackWriters(dst.addr, dst.nbytes);
    for (const core of this.cores) {
      this.rwCore = core.id;
      core.boot(this.payload, dataSegments(this.image), this.image.entry >>> 0, this.options.pcBounds);
      const argv = core.g.alloc(4 * Math.max(1, spec.args.length), 4);
      spec.args.forEach((a, k) => core.g.setU32(argv + 4 * k, this.argObject(core, a, argData[k])));
      const result = spec.returnsTensor ? core.g.alloc(TENSOR_HANDLE.size, 8) : 0;
      const dstImpl = dst ? allocImpl(core.g, { sizes: dst.shape, strides: contiguousStrides(dst.shape), numel: dst.numel, hbmAddr: dst.addr, ctxPtr: core.ctx, scalarType: dst.scalarType }) : 0;
      core.writeLaunch({ opcode: spec.opcode, argv, argc: spec.args.length, result, dst: dstImpl, coreCount: this.cores.length });
      if (this.translateAddr !== undefined) {
        core.translateCounter = core.m.addCounter(this.translateAddr);
        if (this.options.strictWindows) core.translateCounter.onEnter = () => core.windows.retireAll();
        if (this.options.countWindowHits) core.hitCounter = countWindowHits(core, this.translateAddr);
      }
      if (this.options.trackAccessors) core.accessors = new AccessorTracker(core, this.image.symbols, () => callStack(core.m).map((f) => f.pc), (pcs) => this.symbols?.locate(pcs));
      if (this.sanitize.has('stack')) core.m.cpu.stackLimit = core.stackLimit;
    }
    this.launched = { spec, dst };
    this.turn = { core: 0, left: this.options.quantum ?? DEFAULT_QUANTUM };
  }

  /** True once every core has finished or a fatal fault ended the run. */
  get done(): boolean {
    return this.faults.fatal || this.cores.every((c) => c.done);
  }

  /** Instructions executed by all cores together since the launch (identifies a point of the deterministic run). */
  get position(): number {
    let n = 0;
    for (const c of this.cores) n += c.m.stepCount;
    return n;
  }

  /** Credits every core's last window hit (window-hits.ts) so the entries' counts are complete; before reading them. */
  settleWindowHits(): void {
    for (const c of this.cores) if (c.hitCounter) c.windows.settleHits(c.hitCounter.count);
  }

  /** Elements of the destination (get_dst_tensor) written so far, when its writes are tracked. */
  outputProgress(): { written: number; total: number } | undefined {
    const dst = this.launched?.dst;
    if (!dst || !this.hbm.writerShadow.has(Math.floor(dst.addr / PAGE_SIZE))) return undefined;
    return { written: writtenElements(this.hbm, dst.addr, dst.numel, dst.nbytes / Math.max(1, dst.numel)), total: dst.numel };
  }

  /** The device's whole state (see snapshot.ts); unchanged memory chunks are shared with `prev`. */
  snapshot(prev?: DeviceSnapshot): DeviceSnapshot {
    if (!this.launched || this.finished) throw new Error('snapshot() outside a launch (after prepare(), before finish())');
    const cost = { copied: 0 };
    const hbm = this.hbm.snapshot(prev?.hbm, cost);
    const cores = this.cores.map((c, k) => captureCore(c, prev?.cores[k], cost));
    return {
      position: this.position, cores, hbm, faults: this.faults.faults.map((f) => ({ ...f })), warnedAccessor: new Set(this.warnedAccessor),
      turn: { ...this.turn }, rwCore: this.rwCore, copiedBytes: cost.copied,
    };
  }

  /** Puts the device back in a snapshot's state (taken from this device). */
  restore(s: DeviceSnapshot): void {
    if (!this.launched || this.finished) throw new Error('restore() outside a launch (after prepare(), before finish())');
    if (s.cores.length !== this.cores.length) throw new Error('restore(): the snapshot is of another device');
    this.hbm.restore(s.hbm);
    this.cores.forEach((c, k) => restoreCore(c, s.cores[k]));
    this.faults.faults.length = 0;
    for (const f of s.faults) this.faults.faults.push({ ...f });
    this.warnedAccessor.clear();
    for (const c of s.warnedAccessor) this.warnedAccessor.add(c);
    this.turn = { ...s.turn };
    this.rwCore = s.rwCore;
    this.faultStop = undefined;
    this.pauseRequested = false;
  }

  /** Ends the run from outside (Ctrl-C): a fatal `interrupted` fault at core 0's position; finish() then reports what ran. */
  interrupt(reason: string): void {
    const ran = this.cores.reduce((n, c) => n + c.m.instructionCount, 0);
    this.fault(this.cores[0], 'interrupted', `${reason} after ${ran} instructions`);
  }

  /** Asks a runUntil() in progress (from a device call or another callback) to return 'paused'. */
  requestPause(): void {
    this.pauseRequested = true;
  }

  /** Allocates a tensor in the HBM: `t`'s bytes, or zeros without them (the HBM's fresh pages: nothing is written). */
  private hbmTensor(name: string, t: DeviceTensor | DeviceTensorType): HbmTensor {
    const numel = t.shape.reduce((x, y) => x * y, 1);
    const elem = elementSize(t.scalarType);
    let addr: number;
    try {
      addr = this.hbm.alloc(numel * elem);
    } catch (e) {
      if (e instanceof HbmFullError) throw new RangeError(`tensor '${name}' (${t.shape.join('x')}, ${formatBytes(numel * elem)}) does not fit in the HBM: ${formatBytes(e.free)} free of ${formatBytes(e.capacity)} (--hbm-size)`);
      throw e;
    }
    if ('data' in t) this.hbm.write(addr, t.data);
    this.hbm.addTensor({ name, addr, nbytes: numel * elem, elemSize: elem, shape: t.shape, scalarType: t.scalarType });
    return { addr, nbytes: numel * elem, numel, shape: t.shape, scalarType: t.scalarType };
  }

  private argObject(core: DeviceCore, a: KernelArg, hbm: { addr: number; numel: number } | undefined): number {
    if (a.kind === 'scalar') {
      const at = core.g.alloc(Math.max(8, a.bytes.length), 8);
      core.g.write(at, a.bytes);
      return at;
    }
    const impl = allocImpl(core.g, { sizes: a.tensor.shape, strides: contiguousStrides(a.tensor.shape), numel: hbm!.numel, hbmAddr: hbm!.addr, ctxPtr: core.ctx, scalarType: a.tensor.scalarType });
    const handle = allocHandle(core.g, impl, this.options.policy ?? POLICY.COHERENT);
    core.argHandles.push({ name: a.name, handle });
    return handle;
  }

  // ---- scheduling ------------------------------------------------------------------------------

  /**
   * Runs the cores round-robin (each live core in id order for `quantum` instructions) until a stop.
   * The scheduler's position survives a return, so a run interrupted any number of times retires
   * exactly the instructions, in exactly the interleaving, of one uninterrupted run.
   */
  runUntil(opts: RunUntilOptions = {}): DeviceStop {
    if (!this.launched) throw new Error('runUntil() before prepare()');
    if (this.finished) return { kind: 'done' };
    const quantum = this.options.quantum ?? DEFAULT_QUANTUM;
    const limit = this.options.maxInstructions ?? 4e9;
    const allowed = opts.cores ? new Set(opts.cores) : undefined;
    let budget = opts.budget ?? Infinity;
    const over = opts.stepOver ?? true;
    const stepOverAt = this.cores.map((c) => (over === true || over === c.id ? c.m.stepCount : -1));
    this.stopOnFault = opts.stopOnFault ?? false;
    this.pauseRequested = false;
    this.faultStop = undefined;
    for (;;) {
      if (this.done) return { kind: 'done' };
      const live = this.cores.filter((c) => !c.done && (!allowed || allowed.has(c.id)));
      if (live.length === 0) return { kind: 'done' };
      if (budget <= 0) return { kind: 'budget' };
      const core = this.cores[this.turn.core];
      if (core.done || (allowed && !allowed.has(core.id)) || this.turn.left <= 0) {
        this.turn = { core: (this.turn.core + 1) % this.cores.length, left: quantum };
        continue;
      }
      const before = core.m.stepCount;
      const faultsBefore = this.faults.faults.length;
      const start = this.onSlice ? this.position : 0;
      const stop = core.m.run({ maxInstructions: Math.min(this.turn.left, budget), stepOverBreakpoint: stepOverAt[core.id] === before });
      const ran = core.m.stepCount - before;
      if (ran > 0) this.onSlice?.(core.id, start, ran);
      this.turn.left -= ran;
      budget -= ran;
      const result = this.handleStop(core, stop);
      if (!core.done && core.m.stepCount > limit) {
        this.fault(core, 'timeout', `no exit after ${limit} instructions${this.options.limitNote ? ` (${this.options.limitNote})` : ''}`);
        core.done = true;
      }
      if (result) return result;
      const stopped = this.faultStop as { core: number; fault: DeviceFault } | undefined;
      if (stopped) {
        this.faultStop = undefined;
        return { kind: 'fault', core: stopped.core, fault: stopped.fault };
      }
      if (this.stopOnFault && this.faults.faults.length > faultsBefore) {
        return { kind: 'fault', core: core.id, fault: this.faults.faults[this.faults.faults.length - 1] };
      }
      if (this.pauseRequested) {
        this.pauseRequested = false;
        return { kind: 'paused' };
      }
    }
  }

  /** Books a core's stop; returns the stop runUntil() reports, if it is one the caller must see. */
  private handleStop(core: DeviceCore, stop: StopReason): DeviceStop | undefined {
    switch (stop.kind) {
      case 'limit':
        return undefined;
      case 'breakpoint':
        return { kind: 'breakpoint', core: core.id, pc: stop.pc };
      case 'watchpoint':
        return { kind: 'watchpoint', core: core.id, pc: stop.pc, addr: stop.addr, size: stop.size, access: stop.access, id: stop.id };
      case 'exit':
        core.done = true;
        core.exitCode = stop.code;
        if (stop.code === EXIT_UNKNOWN_OPCODE && !this.faults.fatal) this.fault(core, 'exception', 'the dispatcher found no kernel_info_table record for the launch opcode');
        else if (stop.code !== 0 && !this.faults.fatal) this.fault(core, 'exception', `the kernel exited with status ${stop.code}`);
        return undefined;
      case 'exception':
      case 'fault':
        core.done = true;
        this.exception(core, stop.cause, stop.pc, stop.vaddr);
        return undefined;
      case 'stack-limit':
        core.done = true;
        this.stackOverflow(core, stop.pc, stop.sp);
        return undefined;
      default:
        core.done = true;
        this.fault(core, 'exception', `the core stopped (${stop.kind}) at 0x${((stop as { pc?: number }).pc ?? 0).toString(16)}`);
        return undefined;
    }
  }

  private exception(core: DeviceCore, cause: number, pc: number, vaddr: number | undefined): void {
    const at = vaddr !== undefined ? ` at address 0x${(vaddr >>> 0).toString(16)}` : '';
    const exc = `EXCCAUSE ${cause} (${causeName(cause)})${at}`;
    if (core.pending?.kind === 'tcm-use-after-free') {
      const p = core.pending;
      core.pending = undefined;
      this.fault(core, 'tcm-use-after-free', useAfterFreeMessage(core, p.addr, p.size, p.write ? 'store of' : 'load of'));
      return;
    }
    if (core.pending) {
      const p = core.pending;
      core.pending = undefined;
      const t = this.hbm.tensorAt(p.hbm);
      this.fault(core, 'uninitialized-read', 'read of tensor memory never written (torch::empty)', { tensor: t?.name, index: t ? `[${Math.floor((p.hbm - t.addr) / t.elemSize)}]` : undefined });
      return;
    }
    const v = vaddr === undefined ? 0 : vaddr >>> 0;
    if (cause === CAUSE.LoadStorePIFAddrError && v >= HBM_APERTURE_BASE && v < HBM_APERTURE_BASE + HBM_APERTURE_SIZE) {
      const stale = core.windows.stale.get(Math.floor(v / PAGE_SIZE));
      if (stale && this.sanitize.has('stale-window')) {
        const hbmAddr = stale.hbmBase + (v % core.windows.size);
        const t = this.hbm.tensorAt(hbmAddr);
        const what = stale.retranslated
          ? `that an earlier neuron_translate produced (strict windows: a translated address is valid only until the next translate on its core)`
          : `whose window (HBM 0x${stale.hbmBase.toString(16)}, entry ${stale.entry}) was remapped since it was translated (a reference held across translates)`;
        this.fault(core, 'stale-window', `access through local address 0x${v.toString(16)} ${what}`, {
          tensor: t?.name, index: t ? `[${Math.floor((hbmAddr - t.addr) / t.elemSize)}]` : undefined,
        });
      } else this.fault(core, 'bus-error', `access to an aperture address no window maps (${exc})`);
      return;
    }
    const bounds = core.m.memory.fetchBounds;
    if (cause === CAUSE.InstrPIFAddrError && bounds && (pc < bounds.lo || pc >= bounds.hi)) {
      this.fault(core, 'pc-bounds', `PC 0x${(pc >>> 0).toString(16)} is outside the pc-bounds [0x${bounds.lo.toString(16)}, 0x${bounds.hi.toString(16)}) (${exc})`);
      return;
    }
    const kind: FaultKind =
      cause === CAUSE.IllegalInstruction ? 'illegal-instruction'
      : cause === CAUSE.LoadStoreAlignment ? 'unaligned-access'
      : cause === CAUSE.IntegerDivideByZero ? 'divide-by-zero'
      : cause === CAUSE.LoadStorePIFAddrError || cause === CAUSE.InstrPIFAddrError ? 'bus-error'
      : 'exception';
    this.fault(core, kind, exc);
  }

  /** ENTRY/MOVSP at `pc` would have moved the stack pointer to `sp`, below the limit (the core's stack-limit stop). */
  private stackOverflow(core: DeviceCore, pc: number, sp: number): void {
    const fn = this.symbols?.functionName(pc);
    const what = fn ? `the entry of ${fn}` : `the instruction at 0x${(pc >>> 0).toString(16)}`;
    this.fault(core, 'stack-overflow', `${what} would move the stack pointer to 0x${sp.toString(16)}, ${core.stackLimit - sp} bytes below the stack limit 0x${core.stackLimit.toString(16)} (stack size ${core.setup.stackSize}; build with a larger -DSTACK_SIZE)`);
  }

  // ---- sanitizer hooks on aperture pages -----------------------------------------------------------

  private hooksFor(coreId: number, hbmPage: number): PageHooks | undefined {
    const init = this.hbm.initShadow.get(hbmPage);
    const writers = this.hbm.writerShadow.get(hbmPage);
    if (!init && !writers) return undefined;
    const core = () => this.cores[coreId];
    const base = hbmPage * PAGE_SIZE;
    // with no writer shadow and no multicore destination, a store only marks the init shadow: the
    // memory's marking path does that without a hook
    const marks = init && !writers && !this.dstWriters ? this.hbm.initMarks(hbmPage) : undefined;
    const record = marks ? undefined : this.hbm.storeRecorder(hbmPage, coreId);
    return {
      onRead: init
        ? (addr, size) => {
            const off = addr % PAGE_SIZE;
            for (let k = 0; k < size; k++) {
              if (init[off + k] === 0) {
                core().pending = { kind: 'uninitialized-read', addr, hbm: base + off + k };
                throw new MemFault(CAUSE.LoadStoreError, addr >>> 0);
              }
            }
          }
        : undefined,
      onWrite: record
        ? (addr, size) => {
            // aperture slots are page-aligned, so the offset in the slot's page is the one in the HBM page
            const off = addr & (PAGE_SIZE - 1);
            record(off, size);
            if (this.dstWriters?.covers(base + off, size)) this.noteDstWrite(this.cores[coreId], base + off, size, 'store');
          }
        : undefined,
      marks,
    };
  }

  /** Records a store or copy into the multicore destination with the source line that made it. */
  noteDstWrite(core: DeviceCore, hbmAddr: number, n: number, what: 'copy' | 'store'): void {
    const w = this.dstWriters;
    if (!w || !w.covers(hbmAddr, n)) return;
    let location: SourceLocation | undefined;
    if (what === 'store') {
      const key = `${core.id}:${core.m.pc}`;
      if (!this.storeSites.has(key)) this.storeSites.set(key, this.locate(core));
      location = this.storeSites.get(key);
    } else location = this.locate(core);
    w.note(core.id, hbmAddr, n, what, location);
  }

  /** Starts "never written" tracking of a factory-made tensor (and re-hooks pages already mapped). */
  trackInit(addr: number, len: number): void {
    this.hbm.trackInit(addr, len);
    for (let p = Math.floor(addr / PAGE_SIZE); p * PAGE_SIZE < addr + len; p++) for (const c of this.cores) c.windows?.refresh(p);
  }

  // ---- faults ----------------------------------------------------------------------------------

  /** The source location of `core`'s current position, as the injected symbols name it. */
  locate(core: DeviceCore): SourceLocation | undefined {
    return this.symbols?.locate(callStack(core.m).map((f) => f.pc));
  }

  fault(core: DeviceCore, kind: FaultKind, message: string, extra: { tensor?: string; index?: string; fatal?: boolean; location?: SourceLocation; related?: RelatedAccess } = {}): void {
    const location = extra.location ?? this.locate(core);
    const fatal = extra.fatal ?? true;
    const before = this.faults.faults.length;
    const rec = this.faults.add({ kind, message, core: core.id, pc: core.m.pc, location, tensor: extra.tensor, index: extra.index, fatal, ...(extra.related ? { related: extra.related } : {}) });
    // a new warning found inside a device call ends the core's run at the call when the caller stops on faults
    if (this.stopOnFault && !fatal && this.faults.faults.length > before && !this.faultStop) {
      this.faultStop = { core: core.id, fault: rec };
      core.m.cpu.stop ??= { kind: 'limit', pc: core.m.cpu.pc };
    }
  }

  streamLog(core: DeviceCore): void {
    if (core.id !== 0 || !this.options.onLog) return;
    const { text, lost } = core.takeLog();
    if (this.quiet) return;
    if (lost > 0) this.options.onLog(`[log: ${lost} bytes lost]\n`);
    if (text) this.options.onLog(text);
  }

  // ---- after the run ---------------------------------------------------------------------------

  /** Ends the launch: post-run checks, the result tensor, the log, teardown of every core. */
  finish(): DeviceResult {
    if (!this.launched) throw new Error('finish() before prepare()');
    if (this.finished) throw new Error('finish() called twice');
    this.finished = true;
    const { spec, dst } = this.launched;
    for (const core of this.cores) {
      const use = core.stackUse();
      core.stats.stackHighWater = use.used;
      core.stats.translates = core.translateCounter?.count ?? 0;
      if (use.overflow && this.sanitize.has('stack') && !this.faults.faults.some((f) => f.kind === 'stack-overflow' && f.core === core.id)) {
        this.fault(core, 'stack-overflow', `the ${STACK_GUARD}-byte guard below the stack limit 0x${core.stackLimit.toString(16)} was written (stack size ${core.setup.stackSize}; a store below the stack pointer, or build with a larger -DSTACK_SIZE)`, { location: this.kernelLocation });
      }
    }
    if (dst && this.cores.length > 1 && this.sanitize.has('unwritten') && !this.faults.fatal) this.checkWriters(dst);
    const result = spec.returnsTensor && !this.faults.fatal ? this.resultTensor(this.cores[0]) : undefined;
    const output = result && this.options.resultData !== false ? this.readResult(result) : undefined;
    const c0 = this.cores[0];
    let log = '';
    let logLost = 0;
    if (!this.options.onLog) {
      const l = c0.takeLog();
      log = l.text;
      logLost = l.lost;
    } else this.streamLog(c0);
    for (const core of this.cores) {
      this.rwCore = core.id;
      core.stats.instructions = core.m.instructionCount;
      core.teardown(this.payload.length);
    }
    return {
      output,
      outputType: result && { shape: result.sizes, scalarType: result.scalarType },
      faults: this.faults.faults,
      cores: this.cores.map((c) => ({
        core: c.id, instructions: c.stats.instructions, translates: c.stats.translates, windowMaps: c.windows.stats.maps, dmaBytes: c.stats.dmaBytes,
        tcmHighWater: c.stats.tcmHighWater, stackHighWater: c.stats.stackHighWater, exitCode: c.exitCode,
      })),
      log,
      logLost,
    };
  }

  private checkWriters(dst: HbmTensor): void {
    const elem = dst.nbytes / Math.max(1, dst.numel);
    const unwritten: number[] = [];
    const multi: number[] = [];
    for (let k = 0; k < dst.numel; k++) {
      let none = false;
      let many = false;
      for (let b = 0; b < elem; b++) {
        const w = this.hbm.writerOf(dst.addr + k * elem + b);
        if (w === 0) none = true;
        else if (w === MANY_WRITERS) many = true;
      }
      if (none) unwritten.push(k);
      if (many) multi.push(k);
    }
    const first = (xs: number[]) => xs.slice(0, 5).map((k) => `[${k}]`).join(', ') + (xs.length > 5 ? ', …' : '');
    const c0 = this.cores[0];
    const w = this.dstWriters;
    if (unwritten.length) {
      const near = w?.nearest(unwritten[0]);
      let where = '';
      if (near) {
        const [a, b] = w!.elements(near);
        where = `; the nearest write is core ${near.core}'s ${near.what} of elements [${a}, ${b}) at ${writeSite(near)}${b <= unwritten[0] ? ', which stops short of them' : ''}`;
      } else if (w && w.writes.length === 0) where = '; no core wrote the destination';
      this.fault(near ? this.cores[near.core] : c0, 'unwritten-output', `${unwritten.length} of ${dst.numel} elements of the destination tensor were written by no core (${first(unwritten)})${where}`, {
        tensor: 'dst', index: `[${unwritten[0]}]`, location: near?.location ?? this.kernelLocation,
      });
    }
    if (multi.length) {
      const both = w ? w.covering(multi[0]) : [];
      const byCore = new Map<number, (typeof both)[number]>();
      for (const x of both) if (!byCore.has(x.core)) byCore.set(x.core, x);
      const cores = [...byCore.values()];
      const second = cores[1];
      const more = cores.length > 2 ? ` (and ${cores.length - 2} more core${cores.length > 3 ? 's' : ''})` : '';
      const who = cores.length >= 2 ? `; element [${multi[0]}] was written by ${cores.slice(0, 2).map((x) => `core ${x.core} (${x.what} at ${writeSite(x)})`).join(' and ')}${more}` : '';
      this.fault(second ? this.cores[second.core] : c0, 'multiple-writers', `${multi.length} elements of the destination tensor were written by more than one core (${first(multi)})${who}`, {
        tensor: 'dst', index: `[${multi[0]}]`, location: second?.location ?? this.kernelLocation,
      });
    }
  }

  /** The tensor the kernel returned (its impl's fields), or undefined with a fault when it returned none. */
  private resultTensor(core: DeviceCore): ImplFields | undefined {
    const impl = core.g.u32(core.result + TENSOR_HANDLE.impl);
    if (impl === 0) {
      this.fault(core, 'exception', 'the kernel returned an undefined tensor', { location: this.kernelLocation });
      return undefined;
    }
    return readImpl(core.g, impl);
  }

  /** The returned tensor's bytes, read back from HBM. */
  private readResult(f: ImplFields): DeviceTensor {
    const elem = elementSize(f.scalarType);
    if (f.strides.every((s, d) => s === contiguousStrides(f.sizes)[d])) return { shape: f.sizes, scalarType: f.scalarType, data: this.hbm.read(f.hbmAddr, f.numel * elem) };
    const data = new Uint8Array(f.numel * elem);
    const idx = new Array<number>(f.sizes.length).fill(0);
    for (let k = 0; k < f.numel; k++) {
      let off = 0;
      idx.forEach((i, d) => (off += i * f.strides[d]));
      data.set(this.hbm.read(f.hbmAddr + off * elem, elem), k * elem);
      for (let d = idx.length - 1; d >= 0; d--) {
        if (++idx[d] < f.sizes[d]) break;
        idx[d] = 0;
      }
    }
    return { shape: f.sizes, scalarType: f.scalarType, data };
  }
}
