// One emulated core with its memory: configuration, reset, ELF loading, run/step with stop reasons,
// PC breakpoints, watchpoints, register and memory access for debuggers and tests, and an optional
// per-instruction trace hook. Owns the predecoded-instruction cache and keeps it coherent with
// stores, loads, CPENABLE changes and breakpoints.

import { PT_LOAD } from '../xtensa/elf';
import type { ElfImage } from '../xtensa/elf';
import { SR_BY_NAME, UR_BY_NAME } from '../xtensa/isa';
import { CoreConfig, CoreName, coreByName } from './config';
import { BreakMode, Cpu, STOP } from './core/cpu';
import { psChanged } from './core/derived';
import type { StopReason } from './core/stop';
import { readSR, readUR, writeSR, writeUR } from './core/sysregs';
import { placeWindow, syncIn, syncOut } from './core/window';
import { Insn } from './exec/insn';
import { countedHandler, type ExecutionCounter } from './exec/counted';
import { decodeAt } from './exec/predecode';
import { CodeCache, runChecked, runFast, runJit } from './exec/run-loop';
import { HOT } from './exec/jit/compile';
import { Memory, type MemorySnapshot, Watchpoint } from './memory/memory';
import { type CpuSnapshot, captureCpu, restoreCpu } from './snapshot/cpu';
import type { CaptureCost } from './snapshot/chunks';
import { MemoryHost, SemihostHost } from './semihost/host';
import { toNumber } from './fp/bits';

export interface MachineOptions {
  /** PRID of this core instance (default 0). */
  prid?: number;
  /** Semihosting host (default: a MemoryHost that captures output). */
  host?: SemihostHost;
  /** Stop with a StopReason of kind 'exception' instead of vectoring (debugger). Default false. */
  stopOnException?: boolean;
  /** BREAK/BREAK.N: 'stop' the run (default) or take the architectural debug exception. */
  breakMode?: BreakMode;
  /** Compile hot blocks to JavaScript (default true); false runs the interpreter only. */
  jit?: boolean;
  /**
   * Arrivals at a block start (by a transfer) before it is compiled (default HOT of exec/jit/compile.ts).
   * Tests of the compiled tier set it low, so that short loops run compiled.
   */
  hotThreshold?: number;
  /**
   * Machines given the same object name their compiled regions alike, so that V8 shares what it
   * compiled for one with the others (jit/compile.ts): the cores of one device, which run one image
   * side by side. Default: the machine's own names.
   */
  jitFamily?: object;
}

export interface RunOptions {
  /** Stop with kind 'limit' after this many retired instructions (default: no limit). */
  maxInstructions?: number;
  /**
   * Execute the instruction under a breakpoint at the starting PC instead of stopping there (default
   * true: resuming from a breakpoint stop); false stops on it before it executes.
   */
  stepOverBreakpoint?: boolean;
}

/** A Machine's state (snapshot.ts): CPU, memory, execution counters' counts. */
export interface MachineSnapshot {
  readonly cpu: CpuSnapshot;
  readonly memory: MemorySnapshot;
  readonly counters: ReadonlyMap<number, number>;
}

/** What the trace hook sees before each instruction. */
export interface TraceEvent {
  readonly pc: number;
  readonly size: number;
  /** Raw instruction word (0 if it could not be fetched). */
  readonly word: number;
  /** Table mnemonic, or undefined for undecodable bytes. */
  readonly mnemonic: string | undefined;
}

/** A segment that could not be loaded (outside the core's memory map). */
export class LoadError extends Error {}

const CHUNK = 1 << 30;
const BLOCK_SHIFT = 10;
const BLOCK_MASK = (1 << BLOCK_SHIFT) - 1;

export class Machine implements CodeCache {
  readonly config: CoreConfig;
  readonly memory: Memory;
  readonly cpu: Cpu;
  /** Called before every instruction (state before execution) while set; costs nothing when null. */
  trace: ((event: TraceEvent, machine: Machine) => void) | null = null;

  /** Decoded instructions by pc, in blocks of CODE_BLOCK addresses, with a one-block cache. */
  private readonly blocks = new Map<number, Insn[]>();
  private lastBlockKey = -1;
  private lastBlock: Insn[] = [];
  private readonly decoded: Insn[] = [];
  private readonly breakpoints = new Set<number>();
  private readonly counters = new Map<number, ExecutionCounter>();
  private entry: number | undefined;
  private readonly prid: number;
  private readonly jit: boolean;

  constructor(core: CoreName | CoreConfig, options: MachineOptions = {}) {
    const cfg = typeof core === 'string' ? coreByName(core) : core;
    if (!cfg) throw new RangeError(`unknown core '${String(core)}'`);
    this.config = cfg;
    this.prid = options.prid ?? 0;
    this.jit = options.jit ?? true;
    this.memory = new Memory(cfg.memory, cfg.unalignedException);
    this.cpu = new Cpu(cfg, this.memory, options.host ?? new MemoryHost());
    this.cpu.stopOnException = options.stopOnException ?? false;
    this.cpu.breakMode = options.breakMode ?? 'stop';
    this.cpu.jitHot = options.hotThreshold ?? HOT;
    this.cpu.jitFamily = options.jitFamily ?? null;
    this.memory.onCodeWrite = () => this.flushCode();
    this.cpu.onCodeStateChange = () => this.flushCode();
    this.memory.onWatch = (hit) => {
      const c = this.cpu;
      c.stop = {
        kind: 'watchpoint',
        id: hit.watchpoint.id,
        pc: c.pc,
        nextPc: -1,
        addr: hit.addr,
        size: hit.size,
        access: hit.write ? 'write' : 'read',
      };
    };
    this.reset();
  }

  get host(): SemihostHost {
    return this.cpu.host;
  }

  set host(h: SemihostHost) {
    this.cpu.host = h;
  }

  // ---- reset and loading -------------------------------------------------------------------

  /** Architectural reset (memory keeps its contents, as in QEMU). */
  reset(): void {
    const c = this.cpu;
    c.a.fill(0);
    c.phys.fill(0);
    c.f.fill(0);
    for (const arr of [c.epc, c.eps, c.excsave, c.ibreaka, c.dbreaka, c.dbreakc, c.ccompare, c.misc]) arr.fill(0);
    c.sar = c.lbeg = c.lend = c.lcount = c.br = c.litbase = c.scompare1 = 0;
    c.depc = c.exccause = c.excvaddr = c.debugcause = c.icountReg = c.icountlevel = 0;
    c.intenable = c.interrupt = c.ibreakenable = c.ddr = c.threadptr = c.fcr = c.fsr = 0;
    c.cpenable = 0;
    c.windowbase = 0;
    placeWindow(c);
    c.windowstart = this.config.resetWindowStart;
    c.ps = this.config.resetPs;
    c.vecbase = this.config.resetVecbase >>> 0;
    c.atomctl = this.config.atomctl ? 0x28 : 0;
    c.prid = this.prid;
    c.icount = 0;
    c.steps = 0;
    c.excepted = 0;
    c.ccountBase = 0;
    c.stop = null;
    c.excTaken = false;
    c.lastVector = -1;
    c.lastException = null;
    c.pc = this.config.resetPc === 'entry' ? (this.entry ?? 0) : this.config.resetPc >>> 0;
    psChanged(c);
    this.flushCode();
  }

  /**
   * Loads the PT_LOAD segments of `image` at their physical addresses (as QEMU's loader does; the
   * lx106 runtime copies .data from its load address), zero-filling up to memsz. On cores that start
   * at the ELF entry (q7) the PC is set to it; QEMU's cores keep their reset vector.
   */
  loadElf(image: ElfImage): void {
    for (const s of image.segments) {
      if (s.type !== PT_LOAD || s.memsz === 0) continue;
      const at = s.paddr >>> 0;
      if (!this.memory.poke(at, s.data) || (s.memsz > s.data.length && !this.memory.zero(at + s.data.length, s.memsz - s.data.length))) {
        throw new LoadError(
          `segment at 0x${at.toString(16)} (${s.memsz} bytes) is outside the memory of core ${this.config.name}`,
        );
      }
    }
    this.entry = image.entry >>> 0;
    if (this.config.resetPc === 'entry') this.cpu.pc = this.entry;
    this.flushCode();
  }

  // ---- execution ---------------------------------------------------------------------------

  /**
   * Runs until a stop reason (exit, breakpoint, watchpoint, exception/fault, halt, or the limit).
   * The limit counts executed instructions, an instruction that raised an exception included.
   */
  run(options: RunOptions = {}): StopReason {
    const max = options.maxInstructions ?? Infinity;
    const c = this.cpu;
    c.stop = null;
    const start = c.steps;
    let first = true;
    while (c.stop === null) {
      const done = c.steps - start;
      if (done >= max) return { kind: 'limit', pc: c.pc };
      const budget = Math.min(CHUNK, max - done);
      if (first && this.breakpoints.has(c.pc) && options.stepOverBreakpoint !== false) this.stepOverBreakpoint();
      else this.runBudget(budget);
      first = false;
    }
    return this.finishStop();
  }

  /** Executes up to `n` instructions (default 1; one that vectors counts); stops early on any stop. */
  step(n = 1): StopReason {
    return this.run({ maxInstructions: n });
  }

  /** Retired instructions since reset (what CCOUNT counts). */
  get instructionCount(): number {
    return this.cpu.icount;
  }

  /** Blocks compiled to JavaScript since the machine was created (diagnostics). */
  get compiledBlocks(): number {
    return this.cpu.jitCompiled;
  }

  /** Executed instructions since reset, including those that raised an exception. */
  get stepCount(): number {
    return this.cpu.steps;
  }

  private runBudget(budget: number): void {
    const c = this.cpu;
    if (this.trace === null && this.memory.listWatchpoints().length === 0) {
      if (this.jit) runJit(c, this, budget);
      else runFast(c, this, budget);
    } else {
      const trace = this.trace;
      const hook = trace === null ? null : (i: Insn) => trace({ pc: i.pc, size: i.size, word: i.word, mnemonic: i.def?.mnemonic }, this);
      runChecked(c, this, budget, hook);
    }
  }

  /** Executes the instruction under a breakpoint at PC without stopping on it. */
  private stepOverBreakpoint(): void {
    const ins = this.lookup(this.cpu.pc);
    ins.h = unbroken(ins);
    try {
      this.runBudget(1);
    } finally {
      if (this.breakpoints.has(ins.pc)) ins.h = breakpointHit;
    }
  }

  private finishStop(): StopReason {
    const c = this.cpu;
    const s = c.stop!;
    c.stop = null;
    if (s.kind === 'watchpoint') return { ...s, nextPc: c.pc };
    return s;
  }

  // ---- the decoded-instruction cache -------------------------------------------------------

  /** The decoded instruction at `pc` (decoding and caching it on first use). */
  lookup(pc: number): Insn {
    const key = pc >>> BLOCK_SHIFT;
    const block = key === this.lastBlockKey ? this.lastBlock : this.block(key);
    const hit = block[pc & BLOCK_MASK];
    return hit !== undefined ? hit : this.decode(pc, block);
  }

  private block(key: number): Insn[] {
    let b = this.blocks.get(key);
    if (b === undefined) {
      b = new Array<Insn>(1 << BLOCK_SHIFT);
      this.blocks.set(key, b);
    }
    this.lastBlockKey = key;
    this.lastBlock = b;
    return b;
  }

  private decode(pc: number, block: Insn[]): Insn {
    const ins = decodeAt(this.cpu, pc);
    const counter = this.counters.get(pc);
    if (counter !== undefined) {
      ins.counter = counter;
      ins.h = countedHandler;
    }
    if (this.breakpoints.has(pc)) ins.h = breakpointHit;
    block[pc & BLOCK_MASK] = ins;
    this.decoded.push(ins);
    return ins;
  }

  /** The cached decoded instruction at `pc`, if any. */
  private cached(pc: number): Insn | undefined {
    return this.blocks.get(pc >>> BLOCK_SHIFT)?.[pc & BLOCK_MASK];
  }

  /** Forgets every decoded instruction (after code was written, or state they depend on changed). */
  flushCode(): void {
    for (const i of this.decoded) {
      i.nextIns = null;
      i.targetIns = null;
      i.blk = null;
    }
    this.cpu.codeEpoch++;
    this.decoded.length = 0;
    this.blocks.clear();
    this.lastBlockKey = -1;
    this.memory.clearAllCode();
  }

  // ---- snapshots ---------------------------------------------------------------------------

  /**
   * The machine's state: CPU registers and counters, memory (own pages' unchanged chunks shared with
   * `prev`), the counts of the execution counters. Breakpoints, watchpoints, counters themselves and
   * the trace hook belong to the debugger and are not part of it.
   */
  snapshot(prev: MachineSnapshot | undefined, cost: CaptureCost): MachineSnapshot {
    const counters = new Map<number, number>();
    for (const [pc, c] of this.counters) counters.set(pc, c.count);
    return { cpu: captureCpu(this.cpu), memory: this.memory.snapshot(prev?.memory, cost), counters };
  }

  /** Puts the machine back in a snapshot's state; decoded and compiled code is dropped (IRAM may differ). */
  restore(s: MachineSnapshot): void {
    this.memory.restore(s.memory);
    restoreCpu(this.cpu, s.cpu);
    for (const [pc, c] of this.counters) c.count = s.counters.get(pc) ?? c.count;
    this.flushCode();
  }

  // ---- breakpoints and watchpoints ---------------------------------------------------------

  addBreakpoint(pc: number): void {
    const a = pc >>> 0;
    if (this.breakpoints.has(a)) return;
    this.breakpoints.add(a);
    const ins = this.cached(a);
    if (ins) ins.h = breakpointHit;
    this.dropCompiledBlocks();
  }

  removeBreakpoint(pc: number): void {
    const a = pc >>> 0;
    if (!this.breakpoints.delete(a)) return;
    const ins = this.cached(a);
    if (ins) ins.h = unbroken(ins);
    this.dropCompiledBlocks();
  }

  /** Compiled blocks never contain a breakpoint: recompile them after a breakpoint change. */
  private dropCompiledBlocks(): void {
    for (const i of this.decoded) {
      i.blk = null;
      i.hot = 0;
    }
  }

  clearBreakpoints(): void {
    for (const pc of [...this.breakpoints]) this.removeBreakpoint(pc);
  }

  listBreakpoints(): number[] {
    return [...this.breakpoints];
  }

  // ---- execution counters ------------------------------------------------------------------

  /**
   * Counts completed executions of the instruction at `pc` without stopping (compiled blocks count it
   * in their code; an execution that raised an exception or stopped the run is not counted).
   */
  addCounter(pc: number): ExecutionCounter {
    const a = pc >>> 0;
    const had = this.counters.get(a);
    if (had) return had;
    const counter: ExecutionCounter = { pc: a, count: 0 };
    this.counters.set(a, counter);
    const ins = this.cached(a);
    if (ins) {
      ins.counter = counter;
      if (ins.h === ins.inner) ins.h = countedHandler;
    }
    this.dropCompiledBlocks();
    return counter;
  }

  removeCounter(pc: number): void {
    const a = pc >>> 0;
    if (!this.counters.delete(a)) return;
    const ins = this.cached(a);
    if (ins) {
      ins.counter = null;
      if (ins.h === countedHandler) ins.h = ins.inner;
    }
    this.dropCompiledBlocks();
  }

  /** Watches [addr, addr + len) for reads and/or writes; returns the watchpoint id. */
  addWatchpoint(addr: number, len: number, access: { read?: boolean; write?: boolean } = { write: true }): number {
    return this.memory.addWatchpoint(addr, len, access.read ?? false, access.write ?? false).id;
  }

  removeWatchpoint(id: number): boolean {
    return this.memory.removeWatchpoint(id);
  }

  listWatchpoints(): readonly Watchpoint[] {
    return this.memory.listWatchpoints();
  }

  // ---- registers -----------------------------------------------------------------------------

  get pc(): number {
    return this.cpu.pc >>> 0;
  }

  set pc(v: number) {
    this.cpu.pc = v >>> 0;
  }

  /** Logical address register a0..a15 of the current window. */
  readAR(n: number): number {
    checkIndex(n, 16, 'a');
    return this.cpu.a[n] >>> 0;
  }

  writeAR(n: number, v: number): void {
    checkIndex(n, 16, 'a');
    this.cpu.a[n] = v;
  }

  /** Physical address register AR[i], 0 ≤ i < NAREG. */
  readPhysAR(i: number): number {
    checkIndex(i, this.config.nareg, 'AR');
    if (!this.cpu.windowed) return this.cpu.a[i] >>> 0;
    syncOut(this.cpu);
    return this.cpu.phys[i] >>> 0;
  }

  writePhysAR(i: number, v: number): void {
    checkIndex(i, this.config.nareg, 'AR');
    if (!this.cpu.windowed) {
      this.cpu.a[i] = v;
      return;
    }
    syncOut(this.cpu);
    this.cpu.phys[i] = v;
    syncIn(this.cpu);
  }

  /** Special register by name (as in xtensa/isa/registers.ts) or number. */
  readSR(reg: string | number): number {
    return readSR(this.cpu, srNumber(reg)) >>> 0;
  }

  writeSR(reg: string | number, v: number): void {
    writeSR(this.cpu, srNumber(reg), v);
  }

  readUR(reg: string | number): number {
    return readUR(this.cpu, urNumber(reg)) >>> 0;
  }

  writeUR(reg: string | number, v: number): void {
    writeUR(this.cpu, urNumber(reg), v);
  }

  /** FP register f0..f15 as raw bits. */
  readFR(n: number): number {
    checkIndex(n, 16, 'f');
    return this.cpu.f[n] >>> 0;
  }

  writeFR(n: number, bits: number): void {
    checkIndex(n, 16, 'f');
    this.cpu.f[n] = bits;
  }

  /** FP register f0..f15 as a number (NaN payloads are not preserved; use readFR for bits). */
  readFRValue(n: number): number {
    return toNumber(this.readFR(n));
  }

  // ---- the IVP vector unit (cores with the 'ivp' option) --------------------------------------

  /** Whether the core has the IVP vector unit (its vector files are empty otherwise). */
  get hasVectorUnit(): boolean {
    return this.config.features.has('ivp');
  }

  /** Vector register v0..v31: 64 bytes, lane 0 first (a copy). */
  readVector(n: number): Uint8Array {
    return this.vectorFile('v', n, 32, this.cpu.vr, 16).slice();
  }

  writeVector(n: number, bytes: Uint8Array): void {
    this.vectorFile('v', n, 32, this.cpu.vr, 16).set(checkBytes(bytes, 64));
  }

  /** Wide accumulator wv0..wv3: 192 bytes (64 × 24-bit lanes, lane 0 first; a copy). */
  readWide(n: number): Uint8Array {
    return this.vectorFile('wv', n, 4, this.cpu.wv, 48).slice();
  }

  writeWide(n: number, bytes: Uint8Array): void {
    this.vectorFile('wv', n, 4, this.cpu.wv, 48).set(checkBytes(bytes, 192));
  }

  /** Alignment register u0..u3: 64 bytes (a copy). */
  readAlign(n: number): Uint8Array {
    return this.vectorFile('u', n, 4, this.cpu.va, 16).slice();
  }

  writeAlign(n: number, bytes: Uint8Array): void {
    this.vectorFile('u', n, 4, this.cpu.va, 16).set(checkBytes(bytes, 64));
  }

  /** Predicate register vb0..vb15 as a 64-bit mask (bit k = byte lane k). */
  readPredicate(n: number): bigint {
    const w = this.vectorFile('vb', n, 16, this.cpu.vb, 2);
    return (BigInt(w[7] << 24 | w[6] << 16 | w[5] << 8 | w[4]) & 0xffffffffn) << 32n | (BigInt(w[3] << 24 | w[2] << 16 | w[1] << 8 | w[0]) & 0xffffffffn);
  }

  writePredicate(n: number, mask: bigint): void {
    this.vectorFile('vb', n, 16, this.cpu.vb, 2);
    this.cpu.vb[2 * n] = Number(mask & 0xffffffffn) | 0;
    this.cpu.vb[2 * n + 1] = Number((mask >> 32n) & 0xffffffffn) | 0;
  }

  /** The bytes of register `n` of a vector file (throws on a core without the unit or a bad index). */
  private vectorFile(name: string, n: number, count: number, file: Int32Array, words: number): Uint8Array {
    if (!this.hasVectorUnit) throw new RangeError(`core ${this.config.name} has no IVP vector unit`);
    checkIndex(n, count, name);
    return new Uint8Array(file.buffer, file.byteOffset + n * words * 4, words * 4);
  }

  // ---- memory --------------------------------------------------------------------------------

  /** Reads bytes without side effects; undefined if any byte is unmapped. */
  readMemory(addr: number, len: number): Uint8Array | undefined {
    return this.memory.peek(addr >>> 0, len);
  }

  /** Writes bytes without side effects other than code invalidation; false if unmapped. */
  writeMemory(addr: number, bytes: Uint8Array): boolean {
    return this.memory.poke(addr >>> 0, bytes);
  }

  read32(addr: number): number | undefined {
    const b = this.readMemory(addr, 4);
    return b ? (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0 : undefined;
  }

  write32(addr: number, v: number): boolean {
    return this.writeMemory(addr, new Uint8Array([v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255]));
  }
}

function checkBytes(bytes: Uint8Array, n: number): Uint8Array {
  if (bytes.length !== n) throw new RangeError(`expected ${n} bytes, got ${bytes.length}`);
  return bytes;
}

/** The handler of `ins` without its breakpoint (counting when it has a counter). */
function unbroken(ins: Insn): Insn['h'] {
  return ins.counter !== null ? countedHandler : ins.inner;
}

function breakpointHit(c: Cpu, i: Insn): number {
  c.stop = { kind: 'breakpoint', pc: i.pc };
  c.pc = i.pc;
  return STOP;
}

function checkIndex(n: number, limit: number, what: string): void {
  if (!Number.isInteger(n) || n < 0 || n >= limit) throw new RangeError(`no register ${what}${n}`);
}

function srNumber(reg: string | number): number {
  if (typeof reg === 'number') return reg;
  const r = SR_BY_NAME.get(reg.toLowerCase());
  if (!r) throw new RangeError(`unknown special register '${reg}'`);
  return r.num;
}

function urNumber(reg: string | number): number {
  if (typeof reg === 'number') return reg;
  const r = UR_BY_NAME.get(reg.toLowerCase());
  if (!r) throw new RangeError(`unknown user register '${reg}'`);
  return r.num;
}
