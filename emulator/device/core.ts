// One core of the device: a Machine on the q7 core with the memory map of abi.ts, booted through the
// provider lifecycle (claim, logs, DGE map, pc-bounds, the load record), its translation context,
// launch block, log ring, and the per-core state the sanitizers and the report keep.

import { Machine } from '../machine';
import { CAUSE } from '../core/causes';
import { MemFault } from '../memory/fault';
import type { ExecutionCounter } from '../exec/counted';
import type { SemihostHost } from '../semihost/host';
import {
  CSR_BASE, CLAIM_UNCLAIMED, DEFAULT_STACK_SIZE, IRAM_BASE, LAUNCH, LAUNCH_BLOCK_OFFSET, LOCAL_RAM_BASE, LOCAL_RAM_SIZE, MAILBOX,
  MAX_STACK_SIZE, SLOW_RAM_BASE, SLOW_RAM_SIZE, TCM_POOL_BASE, TCM_POOL_SIZE, TRANSLATE_CACHE_SIZE, WINDOW_ENTRY_SIZE,
} from '../../target/q7/abi';
import { GuestMemory } from './guest-memory';
import { WindowMap } from './windows';
import type { AccessorTracker } from './accessors';
import type { PageHooks } from '../memory/memory';
import { Hbm } from './hbm';
import {
  DeviceRw, LoadRecord, ProviderContext, ProviderCore, SEQ_LOAD, SEQ_UNLOAD, coreCreate, coreDestroy, decodeLoadRecord, enableLogs, enablePcBoundsCheck,
  LoaderLibrary, llCreate, llGetSequence, onUcodeBooted, setDgePriorityClassMap,
} from './provider';

/** Pattern the stack and the guard below it are filled with (high-water mark and overflow check). */
export const STACK_FILL = 0xa5;
/** Bytes below the stack limit watched for overflow. */
export const STACK_GUARD = 256;

/** What a sanitizer hook found in the access it made raise. */
export type PendingFault =
  | { readonly kind: 'uninitialized-read'; readonly addr: number; readonly hbm: number }
  | { readonly kind: 'tcm-use-after-free'; readonly addr: number; readonly size: number; readonly write: boolean };

export interface CoreStats {
  instructions: number;
  translates: number;
  dmaBytes: number;
  tcmHighWater: number;
  stackHighWater: number;
}

export interface CoreSetup {
  readonly id: number;
  readonly count: number;
  readonly host: SemihostHost;
  readonly provider: ProviderContext;
  readonly hbm: Hbm;
  readonly windowCount: number;
  readonly windowSize: number;
  readonly stackSize: number;
  readonly logSize: number;
  readonly hooksFor: (core: number, hbmPage: number, localPage: number) => PageHooks | undefined;
  /** DGE priority-class map written through the provider. */
  readonly dgeMap: readonly number[];
  /** Compile hot guest code (default true; false: the interpreter only — same results, slower). */
  readonly jit?: boolean;
  /** Shared by the device's cores: their compiled regions are named alike (MachineOptions.jitFamily). */
  readonly jitFamily?: object;
  /** Scheme-A ext-isa coretype the loader library is made for (6 SUNDA by default). */
  readonly coreType: number;
}

export class DeviceCore {
  readonly m: Machine;
  readonly g: GuestMemory;
  readonly id: number;
  readonly provider: ProviderCore;
  windows!: WindowMap;
  ctx = 0;
  logBuf = 0;
  readonly logSize: number;
  logPrinted = 0;
  readonly stackTop: number;
  readonly stackLimit: number;
  result = 0;
  done = false;
  /** Completed neuron_translate calls (an execution counter on its first instruction). */
  translateCounter: ExecutionCounter | undefined;
  /** Completed returns of neuron_translate, with the hook that counts window hits (DeviceOptions.countWindowHits). */
  hitCounter: ExecutionCounter | undefined;
  /** Open accessors per enforcer (DeviceOptions.trackAccessors). */
  accessors: AccessorTracker | undefined;
  /** The Tensor handles the device made for the kernel's tensor arguments: name and local address. */
  readonly argHandles: { readonly name: string; readonly handle: number }[] = [];
  exitCode: number | undefined;
  readonly stats: CoreStats = { instructions: 0, translates: 0, dmaBytes: 0, tcmHighWater: 0, stackHighWater: 0 };
  readonly tcmLive = new Map<number, number>();
  readonly tcmFreed = new Map<number, number>();
  /** Set by a sanitizer hook just before it makes the access raise (the exception stop then reports it). */
  pending: PendingFault | undefined;
  loadRecord?: Uint8Array;
  /** The loader library (ll_create) of the installed image. */
  library?: LoaderLibrary;
  unloadRecord?: Uint8Array;

  constructor(readonly setup: CoreSetup, readonly config: import('../config/types').CoreConfig) {
    this.id = setup.id;
    this.m = new Machine(config, { host: setup.host, prid: setup.id, stopOnException: true, jit: setup.jit, jitFamily: setup.jitFamily });
    this.g = new GuestMemory(this.m);
    // freed TCM blocks are guarded (tcmEvent): a load or store touching one raises, reported at its instruction
    this.m.memory.onGuard = (addr, size, write) => {
      this.pending = { kind: 'tcm-use-after-free', addr, size, write };
      throw new MemFault(CAUSE.LoadStorePIFAddrError, addr);
    };
    this.logSize = setup.logSize;
    if (setup.stackSize < 1024 || setup.stackSize > MAX_STACK_SIZE) throw new RangeError(`stack size ${setup.stackSize} must be 1024..${MAX_STACK_SIZE}`);
    // the default stack sits at the top of local RAM; a stack that does not fit above the TCM pool goes to slow RAM
    const localRoom = LOCAL_RAM_SIZE - TCM_POOL_SIZE - STACK_GUARD;
    this.stackTop = setup.stackSize <= localRoom ? LOCAL_RAM_BASE + LOCAL_RAM_SIZE : SLOW_RAM_BASE + SLOW_RAM_SIZE;
    this.stackLimit = this.stackTop - setup.stackSize;
    // the firmware's reset state of the mailbox: unclaimed
    this.g.setU32(CSR_BASE + MAILBOX.claim, CLAIM_UNCLAIMED);
    this.provider = coreCreate(setup.provider, 2, CSR_BASE);
  }

  /** rw_impl of the provider for this core's CSR page. */
  static rwFor(getCore: () => DeviceCore): DeviceRw {
    return {
      read32: (addr) => getCore().g.u32(addr),
      write32: (addr, v) => getCore().g.setU32(addr, v),
    };
  }

  /** BRINGUP + LOAD: claim, logs, DGE map, pc-bounds; the load record staged in HBM and executed. */
  boot(payload: Uint8Array, data: readonly { addr: number; data: Uint8Array; memsz: number }[], entry: number, pcBounds?: { lo: number; hi: number }): void {
    onUcodeBooted(this.provider);
    // neuron_translate's call-site cache sits right below the entries (abi.ts TRANSLATE_CACHE_*)
    this.ctx = this.g.alloc(TRANSLATE_CACHE_SIZE + this.setup.windowCount * WINDOW_ENTRY_SIZE, 32) + TRANSLATE_CACHE_SIZE;
    this.logBuf = this.g.alloc(this.logSize, 4);
    enableLogs(this.provider, this.logBuf, this.logSize, 3);
    setDgePriorityClassMap(this.provider, this.setup.dgeMap);
    enablePcBoundsCheck(this.provider, pcBounds?.lo ?? IRAM_BASE, pcBounds?.hi ?? IRAM_BASE + payload.length);
    this.library = llCreate(this.setup.provider, this.setup.coreType, payload.length, IRAM_BASE, () => {
      const staged = this.setup.hbm.alloc(payload.length);
      this.setup.hbm.write(staged, payload);
      return staged;
    });
    this.loadRecord = llGetSequence(this.library, this.provider, SEQ_LOAD, new Uint8Array(0x40)).slice();
    this.execute(decodeLoadRecord(this.loadRecord));
    for (const s of data) {
      this.g.write(s.addr, s.data);
      if (s.memsz > s.data.length) this.g.write(s.addr + s.data.length, new Uint8Array(s.memsz - s.data.length));
    }
    this.windows = new WindowMap(this.g, this.m.memory, this.setup.hbm, this.ctx, this.setup.windowCount, this.setup.windowSize, (hp, lp) =>
      this.setup.hooksFor(this.id, hp, lp),
    );
    this.windows.writeAll();
    this.applyPcBounds();
    this.fillStack();
    this.m.pc = entry;
  }

  /** The device side of a load/unload record: install (or clear) the IRAM image. */
  execute(rec: LoadRecord): void {
    if (rec.seqType === SEQ_LOAD) this.g.write(rec.iramTarget, this.setup.hbm.read(rec.payloadPtr, rec.payloadLen));
    else this.g.write(rec.iramTarget, new Uint8Array(rec.payloadLen));
    this.m.flushCode();
  }

  /** The firmware honours the mailbox's pc-bounds: fetches outside [lo, hi) fault. */
  applyPcBounds(): void {
    const lo = this.g.u32(CSR_BASE + MAILBOX.pcBoundsLo);
    const hi = this.g.u32(CSR_BASE + MAILBOX.pcBoundsHi);
    this.m.memory.fetchBounds = hi > lo ? { lo, hi } : null;
    this.m.flushCode();
  }

  writeLaunch(fields: { opcode: number; argv: number; argc: number; result: number; dst: number; coreCount: number }): void {
    const at = CSR_BASE + LAUNCH_BLOCK_OFFSET;
    this.g.setU32(at + LAUNCH.opcode, fields.opcode);
    this.g.setU32(at + LAUNCH.argv, fields.argv);
    this.g.setU32(at + LAUNCH.argc, fields.argc);
    this.g.setU32(at + LAUNCH.result, fields.result);
    this.g.setU32(at + LAUNCH.stackTop, this.stackTop);
    this.g.setU32(at + LAUNCH.coreId, this.id);
    this.g.setU32(at + LAUNCH.coreCount, fields.coreCount);
    this.g.setU32(at + LAUNCH.dstTensor, fields.dst);
    this.g.setU32(at + LAUNCH.windowCount, this.setup.windowCount);
    this.g.setU32(at + LAUNCH.flags, 0);
    this.result = fields.result;
  }

  private fillStack(): void {
    this.g.write(this.stackLimit - STACK_GUARD, new Uint8Array(this.setup.stackSize + STACK_GUARD).fill(STACK_FILL));
  }

  /** Bytes of stack used (lowest changed byte), and whether the guard below the limit was written. */
  stackUse(): { used: number; overflow: boolean } {
    const region = this.g.bytes(this.stackLimit - STACK_GUARD, this.setup.stackSize + STACK_GUARD);
    const k = region.findIndex((b) => b !== STACK_FILL);
    const low = k < 0 ? this.stackTop : this.stackLimit - STACK_GUARD + k;
    return { used: this.stackTop - low, overflow: k >= 0 && k < STACK_GUARD };
  }

  /** TEARDOWN: the unload record, then core_destroy (mailbox released). */
  teardown(payloadLen: number): void {
    const ll = this.library ?? llCreate(this.setup.provider, this.setup.coreType, payloadLen, IRAM_BASE);
    this.unloadRecord = llGetSequence(ll, this.provider, SEQ_UNLOAD, new Uint8Array(0x40)).slice();
    this.execute(decodeLoadRecord(this.unloadRecord));
    coreDestroy(this.provider);
  }

  /** The log ring's text not printed yet (oldest bytes lost when the ring wrapped). */
  takeLog(): { text: string; lost: number } {
    const head = this.g.u32(CSR_BASE + MAILBOX.logHead);
    const size = this.g.u32(CSR_BASE + MAILBOX.logBufSize) || this.logSize;
    const from = Math.max(this.logPrinted, head - size);
    const lost = from - this.logPrinted;
    const out = new Uint8Array(Math.max(0, head - from));
    for (let k = 0; k < out.length; k++) out[k] = this.g.bytes(this.logBuf + ((from + k) % size), 1)[0];
    this.logPrinted = head;
    return { text: new TextDecoder().decode(out), lost };
  }

  /** Guards a freed TCM block (every load or store touching it faults) or releases allocated bytes. */
  guardTcm(ptr: number, n: number, freed: boolean): void {
    this.m.memory.guard(ptr, n, freed);
  }

  /** The freed block holding `addr`, if known. */
  freedBlockAt(addr: number): { ptr: number; size: number } | undefined {
    for (const [ptr, size] of this.tcmFreed) if (addr >= ptr && addr < ptr + size) return { ptr, size };
    return undefined;
  }
}

export const TCM_RANGE = { lo: TCM_POOL_BASE, hi: TCM_POOL_BASE + TCM_POOL_SIZE };
export { DEFAULT_STACK_SIZE };
