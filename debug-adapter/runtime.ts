// Q7Runtime: one debugged launch of a kernel over a session/ KernelSession, knowing nothing of DAP.
// It runs the device in slices (so a pause or any request is served within a few milliseconds), steps
// one core by source line or instruction (the other cores stay where they are), keeps the user's
// breakpoints (source, function, instruction; conditions, hit counts, log points), data breakpoints
// (watchpoints on every core) and the fault kinds that stop the run, and tells its listener when it
// stops, prints and ends. debug-adapter/session.ts turns this into DAP. A plain program (no kernel
// table) runs the same way as one core (ProgramLaunch, debug-adapter/program.ts).

import type { DebugInfo, Subprogram } from '../debuginfo';
import type { DeviceFault, DeviceStop, FaultKind } from '../emulator/device';
import { formatFault, callStack } from '../emulator/device';
import type { Machine } from '../emulator';
import { KernelSession, formatReport, isKernelImage, resolveLine, sameFile, SessionError, type ReadFile } from '../session';
import { CORE_NAMES } from '../emulator';
import { formatComparison, shapeText } from '../tensors';
import { SR_BY_NAME } from '../xtensa/isa';
import type { ElfImage } from '../xtensa/elf';
import { parseExpr as parseCpp } from '../debuginfo/values';
import { CondError, evaluate, names, parseExpr, parseHitCondition } from './cond';
import { FrameValues } from './locals';
import { ConfigError, type LaunchPlan } from './config';
import { type Launch, ProgramLaunch, type StackFrame } from './program';
import { LineIndex } from './lines';
import { type Outcome, type StopEvent, type StopReason, SLICE_MS, tick } from './outcome';
import { callAt, stepLine, stepOut, type StepHost } from './line-steps';
import { isSystemFile } from './system-files';

export type { StopReason, StopEvent } from './outcome';

export interface RuntimeListener {
  stopped(e: StopEvent): void;
  output(category: 'stdout' | 'stderr' | 'console', text: string): void;
  /**
   * A long run: 'start' after half a second, 'update' a few times a second, 'end' when it stops;
   * `percentage`: of the destination's elements written (get_dst_tensor), once the kernel writes it.
   */
  progress?(phase: 'start' | 'update' | 'end', message: string, percentage?: number): void;
  /** A fault the device reported (as it happens), whether or not it stops the run. */
  fault?(f: DeviceFault): void;
  /** The kernel has finished; the report has been printed. */
  ended(exitCode: number): void;
}

/** Every fault kind the device reports: one exception filter each. */
export const FAULT_KINDS: readonly { kind: FaultKind; label: string; default: boolean }[] = [
  { kind: 'coherency', label: 'Coherency conflict', default: true },
  { kind: 'coherency-warning', label: 'Coherency warning (incoherent policies)', default: false },
  { kind: 'out-of-bounds', label: 'Out-of-bounds element access', default: true },
  { kind: 'copy-out-of-bounds', label: 'Out-of-bounds copy', default: true },
  { kind: 'dma-out-of-bounds', label: 'Out-of-bounds DMA', default: true },
  { kind: 'stale-window', label: 'Stale HBM window', default: true },
  { kind: 'unwritten-output', label: 'Unwritten output', default: true },
  { kind: 'multiple-writers', label: 'Multiple writers', default: true },
  { kind: 'uninitialized-read', label: 'Uninitialized read', default: true },
  { kind: 'bad-tcm-free', label: 'TCM misuse: bad free', default: true },
  { kind: 'tcm-use-after-free', label: 'TCM misuse: use after free', default: true },
  { kind: 'stack-overflow', label: 'Stack overflow', default: true },
  { kind: 'pc-bounds', label: 'PC out of bounds', default: true },
  { kind: 'illegal-instruction', label: 'Illegal instruction', default: true },
  { kind: 'unaligned-access', label: 'Unaligned access', default: true },
  { kind: 'divide-by-zero', label: 'Divide by zero', default: true },
  { kind: 'bus-error', label: 'Bus error', default: true },
  { kind: 'exception', label: 'Guest exception', default: true },
  { kind: 'check-failed', label: 'TORCH_CHECK failed', default: true },
  { kind: 'multicore-rule', label: 'Multicore rule', default: true },
  { kind: 'timeout', label: 'Instruction limit', default: true },
];

export interface UserBreakpoint {
  readonly id: number;
  readonly kind: 'source' | 'function' | 'instruction';
  readonly verified: boolean;
  readonly addresses: readonly number[];
  readonly line?: number;
  readonly source?: string;
  readonly message?: string;
  readonly cond?: BpExpr;
  readonly hit?: (n: number) => boolean;
  readonly log?: (string | BpExpr)[];
  /** Times the condition held (what a hit count counts). */
  hits: number;
  /** Times the breakpoint was reached ($hits in a condition or log message). */
  arrivals: number;
}

export interface BreakpointSpec {
  readonly condition?: string;
  readonly hitCondition?: string;
  readonly logMessage?: string;
}

/** A condition or a log-message part. */
export type BpExpr = { readonly kind: 'reg'; readonly node: ReturnType<typeof parseExpr> } | { readonly kind: 'cpp'; readonly text: string };

/** Words of C++ expressions that are not variables (casts, literals). */
const CPP_WORDS = new Set(['true', 'false', 'nullptr', 'this', 'int', 'unsigned', 'signed', 'char', 'short', 'long', 'float', 'double', 'bool', 'void', 'const', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'size_t', 'sizeof']);

/** A condition's value as C++ reads it in an if. */
function truthy(v: number | string): boolean {
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  return !/^(0|-?0(\.0*)?|false|0x0+|nullptr)$/.test(v.trim());
}

/** Text and {expression} parts of a log message. */
function splitLogMessage(text: string): (string | { expr: string })[] {
  const out: (string | { expr: string })[] = [];
  const re = /\{([^}]*)\}/g;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push({ expr: m[1] });
    at = re.lastIndex;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export interface DataBreakpoint {
  readonly id: number;
  readonly addr: number;
  readonly len: number;
  readonly access: 'read' | 'write' | 'readWrite';
}

/** Wall time of one device call inside a run slice (outcome.ts's SLICE_MS). */
const CHUNK_MS = 0.5;
/** Most instructions in one chunk (a few ms even where code runs interpreted, e.g. right after breakpoints changed). */
const MAX_CHUNK = 100_000;

let nextBpId = 1;

export class Q7Runtime {
  readonly lines: LineIndex;
  readonly debug: DebugInfo;
  /** The core the last stop was on (pause and requests without a thread use it). */
  focus = 0;
  lastFault: { core: number; fault: DeviceFault } | undefined;
  exceptionKinds = new Set<FaultKind>(FAULT_KINDS.filter((f) => f.default).map((f) => f.kind));
  private readonly sourceBps = new Map<string, UserBreakpoint[]>();
  private functionBps: UserBreakpoint[] = [];
  private instructionBps: UserBreakpoint[] = [];
  private dataBps: DataBreakpoint[] = [];
  /** Per core: watchpoint id → data breakpoint id. */
  private watchIds: Map<number, number>[] = [];
  private readonly temps = new Map<number, number>();
  private readonly installed = new Set<number>();
  private running = false;
  private pauseRequested = false;
  private ended = false;
  private budget = 5_000;
  /** The kernel launch (undefined for a plain program). */
  readonly kernel: KernelSession | undefined;
  /** The plain program (undefined for a kernel). */
  readonly program: ProgramLaunch | undefined;

  constructor(
    readonly session: Launch,
    readonly plan: LaunchPlan,
    private readonly listener: RuntimeListener,
  ) {
    this.kernel = session instanceof KernelSession ? session : undefined;
    this.program = session instanceof ProgramLaunch ? session : undefined;
    this.debug = session.debug;
    this.lines = new LineIndex(session.debug);
    this.watchIds = session.device.cores.map(() => new Map());
  }

  static open(image: ElfImage, plan: LaunchPlan, readFile: ReadFile, listener: RuntimeListener): Q7Runtime {
    if (!isKernelImage(image)) return new Q7Runtime(openProgram(image, plan, listener), plan, listener);
    if (plan.cpu !== undefined) throw new ConfigError('cpu', `${plan.program} is a kernel image: kernels run on the Q7 device's cores ('cpu' applies to plain programs)`);
    const session = KernelSession.open(image, {
      file: plan.program, fn: plan.fn, args: plan.args, expect: plan.expect, rtol: plan.rtol, atol: plan.atol, cores: plan.cores, policy: plan.policy,
      windowSize: plan.windowSize, windowCount: plan.windowCount, strictWindows: plan.strictWindows, sanitize: plan.sanitize, stackSize: plan.stackSize, maxInstructions: plan.maxInstructions,
      onOutput: (_fd, d) => listener.output('stdout', `[core 0] ${new TextDecoder().decode(d)}`),
      history: { deferSnapshots: true }, observe: true,
    }, readFile);
    return new Q7Runtime(session, plan, listener);
  }

  get coreCount(): number {
    return this.session.device.cores.length;
  }

  get isRunning(): boolean {
    return this.running;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  machine(core: number): Machine {
    return this.session.device.cores[core].m;
  }

  coreDone(core: number): boolean {
    return this.session.device.cores[core].done;
  }

  /** The kernel function's first statement (after its ENTRY); a program's main's, else its entry point. */
  get entryAddress(): number {
    if (this.kernel) return this.lines.bodyStart(this.kernel.kernel);
    const main = this.program?.main;
    return main ? this.lines.bodyStart(main) : this.session.image.entry >>> 0;
  }

  functionAt(pc: number): Subprogram | undefined {
    return this.debug.functionAt(pc);
  }

  /** The name of the code at `pc`: DWARF function, else the nearest ELF symbol at or below it. */
  nameAt(pc: number): string {
    const f = this.functionAt(pc);
    if (f) return f.qualifiedName || f.name;
    let best: { name: string; value: number } | undefined;
    // a program's plain labels in code count too (assembly sources seldom say .type @function)
    const label = (s: { name: string; type: number; value: number }) => this.program !== undefined && s.type === 0 && !s.name.startsWith('.L') && this.isCode(s.value);
    for (const s of this.session.image.symbols) {
      if (!s.name || (s.type !== 2 && !label(s)) || s.value > pc) continue;
      if (!best || s.value > best.value) best = s;
    }
    return best ? (best.value === pc ? best.name : `${best.name}+0x${(pc - best.value).toString(16)}`) : `0x${(pc >>> 0).toString(16)}`;
  }

  stack(core: number): StackFrame[] {
    return this.program ? this.program.stack() : callStack(this.machine(core));
  }

  // ---- breakpoints -------------------------------------------------------------------------------

  /** Parsed once at set time: register arithmetic (cond.ts) or a C++ expression for debuginfo's evaluator. */
  private compileExpr(text: string, addr: number | undefined): BpExpr {
    try {
      const node = parseExpr(text);
      if (names(node).every((n) => this.knownName(n))) return { kind: 'reg', node };
    } catch (e) {
      if (!(e instanceof CondError)) throw e;
    }
    try {
      parseCpp(text);
    } catch (e) {
      throw new CondError(`'${text}': ${(e as Error).message}`);
    }
    const visible = addr === undefined ? undefined : this.frameValues().visibleAt(addr);
    if (visible) {
      const re = /(?<![\w.$>:])([A-Za-z_]\w*)(?!\s*(?:::|\())/g;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const n = m[1];
        if (!CPP_WORDS.has(n) && !this.knownName(n) && !visible.has(n)) throw new CondError(`unknown name '${n}': no such variable at this breakpoint (conditions read C++ variables, registers, $core, $pc, $sp, $hits)`);
      }
    }
    return { kind: 'cpp', text };
  }

  private compile(spec: BreakpointSpec, addr: number | undefined): { cond?: BpExpr; hit?: UserBreakpoint['hit']; log?: UserBreakpoint['log']; problem?: string } {
    try {
      const cond = spec.condition ? this.compileExpr(spec.condition, addr) : undefined;
      const hit = spec.hitCondition ? parseHitCondition(spec.hitCondition) : undefined;
      const log = spec.logMessage !== undefined ? splitLogMessage(spec.logMessage).map((p) => (typeof p === 'string' ? p : this.compileExpr(p.expr, addr))) : undefined;
      return { cond, hit, log };
    } catch (e) {
      if (e instanceof CondError) return { problem: e.message };
      throw e;
    }
  }

  private values: FrameValues | undefined;

  frameValues(): FrameValues {
    this.values ??= new FrameValues(this);
    return this.values;
  }

  /** A breakpoint expression's value on `core` (innermost frame), as a number or the C++ display. */
  private evalExpr(e: BpExpr, core: number, hits: number): number | string {
    if (e.kind === 'reg') return evaluate(e.node, this.lookup(core, hits));
    return this.frameValues().evaluate(core, 0, e.text).value;
  }

  private knownName(n: string): boolean {
    return ['$core', '$pc', '$sp', '$hits'].includes(n) || /^a(1[0-5]|[0-9])$/.test(n) || SR_BY_NAME.has(n.toLowerCase());
  }

  private lookup(core: number, hits: number) {
    const m = this.machine(core);
    return (n: string): number | undefined => {
      if (n === '$core') return core;
      if (n === '$pc') return m.pc >>> 0;
      if (n === '$sp') return m.readAR(1) >>> 0;
      if (n === '$hits') return hits;
      const a = /^a(\d+)$/.exec(n);
      if (a) return m.readAR(Number(a[1])) | 0;
      try {
        return m.readSR(n.toLowerCase()) >>> 0;
      } catch {
        return undefined;
      }
    };
  }

  private make(kind: UserBreakpoint['kind'], addresses: number[], spec: BreakpointSpec, extra: { line?: number; source?: string; message?: string }): UserBreakpoint {
    const c = this.compile(spec, addresses[0]);
    const verified = addresses.length > 0 && !c.problem && !extra.message;
    return { id: nextBpId++, kind, verified, addresses: verified ? addresses : [], cond: c.cond, hit: c.hit, log: c.log, hits: 0, arrivals: 0, line: extra.line, source: extra.source, message: extra.message ?? c.problem };
  }

  /** Replaces the breakpoints of one source file; each is moved to the nearest following line with code. */
  setSourceBreakpoints(path: string, bps: readonly ({ line: number } & BreakpointSpec)[]): UserBreakpoint[] {
    const out = bps.map((b) => {
      const r = Number.isInteger(b.line) && b.line > 0 ? resolveLine(this.debug, path, b.line) : undefined;
      if (!r) return this.make('source', [], b, { line: b.line, source: path, message: `no code at or after line ${b.line} of ${path.split('/').pop()} (the line table has no statement there)` });
      return this.make('source', r.addresses, b, { line: r.line, source: path });
    });
    this.sourceBps.set(path, out);
    this.sync();
    return out;
  }

  setFunctionBreakpoints(bps: readonly ({ name: string } & BreakpointSpec)[]): UserBreakpoint[] {
    this.functionBps = bps.map((b) => {
      const fns = this.debug.functionsNamed(b.name);
      if (fns.length === 0) return this.make('function', [], b, { message: `no function named '${b.name}' in the program's debug information` });
      const addrs = [...new Set(fns.map((f) => this.lines.bodyStart(f)))];
      const row = this.lines.rowAt(addrs[0]);
      return this.make('function', addrs, b, { line: row?.line, source: row?.file });
    });
    this.sync();
    return this.functionBps;
  }

  setInstructionBreakpoints(bps: readonly ({ address: number } & BreakpointSpec)[]): UserBreakpoint[] {
    this.instructionBps = bps.map((b) => {
      const ok = Number.isInteger(b.address) && this.isCode(b.address);
      if (!ok) return this.make('instruction', [], b, { message: `0x${(b.address >>> 0).toString(16)} is not in the program's code` });
      const row = this.lines.rowAt(b.address);
      return this.make('instruction', [b.address >>> 0], b, { line: row?.line, source: row?.file });
    });
    this.sync();
    return this.instructionBps;
  }

  isCode(addr: number): boolean {
    return this.session.image.sections.some((s) => (s.flags & 0x4) !== 0 && addr >= s.addr && addr < s.addr + s.size);
  }

  setDataBreakpoints(bps: readonly Omit<DataBreakpoint, 'id'>[]): DataBreakpoint[] {
    this.dataBps = bps.map((b) => ({ ...b, id: nextBpId++ }));
    this.session.device.cores.forEach((c, k) => {
      for (const id of this.watchIds[k].keys()) c.m.removeWatchpoint(id);
      this.watchIds[k].clear();
      for (const b of this.dataBps) {
        const id = c.m.addWatchpoint(b.addr, b.len, { read: b.access !== 'write', write: b.access !== 'read' });
        this.watchIds[k].set(id, b.id);
      }
    });
    return this.dataBps;
  }

  private userBpsAt(pc: number): UserBreakpoint[] {
    const all = [...[...this.sourceBps.values()].flat(), ...this.functionBps, ...this.instructionBps];
    return all.filter((b) => b.verified && b.addresses.includes(pc));
  }

  /** Installs on every core exactly the addresses of the verified breakpoints and the stepper's temporaries. */
  private sync(): void {
    const want = new Set<number>(this.temps.keys());
    for (const b of [...[...this.sourceBps.values()].flat(), ...this.functionBps, ...this.instructionBps]) if (b.verified) for (const a of b.addresses) want.add(a);
    for (const a of this.installed) if (!want.has(a)) for (const c of this.session.device.cores) c.m.removeBreakpoint(a);
    for (const a of want) if (!this.installed.has(a)) for (const c of this.session.device.cores) c.m.addBreakpoint(a);
    this.installed.clear();
    for (const a of want) this.installed.add(a);
  }

  private addTemp(a: number): void {
    this.temps.set(a, (this.temps.get(a) ?? 0) + 1);
    this.sync();
  }

  private removeTemp(a: number): void {
    const n = (this.temps.get(a) ?? 1) - 1;
    if (n <= 0) this.temps.delete(a);
    else this.temps.set(a, n);
    this.sync();
  }

  /** A breakpoint reached on `core`: counts hits, prints log points; the stop to report, if any. */
  private decide(core: number, pc: number): StopEvent | undefined {
    const ids: number[] = [];
    let reason: StopReason = 'breakpoint';
    for (const b of this.userBpsAt(pc)) {
      b.arrivals++;
      try {
        if (b.cond && !truthy(this.evalExpr(b.cond, core, b.arrivals))) continue;
      } catch (e) {
        this.listener.output('stderr', `breakpoint condition: ${(e as Error).message}\n`);
      }
      b.hits++;
      if (b.hit && !b.hit(b.hits)) continue;
      if (b.log) {
        const text = b.log.map((p) => {
          if (typeof p === 'string') return p;
          try {
            return String(this.evalExpr(p, core, b.arrivals));
          } catch (e) {
            return `<${(e as Error).message}>`;
          }
        }).join('');
        this.listener.output('console', `[core ${core}] ${text}\n`);
        continue;
      }
      ids.push(b.id);
      if (b.kind === 'function') reason = 'function breakpoint';
      else if (b.kind === 'instruction' && reason === 'breakpoint') reason = 'instruction breakpoint';
    }
    return ids.length ? { reason, core, hitBreakpointIds: ids } : undefined;
  }

  // ---- running -----------------------------------------------------------------------------------

  /** Prints what the cores' log rings (printf) received since the last look, tagged by core. */
  private pollLogs(): void {
    for (const c of this.session.device.cores) {
      if (!c.logBuf) continue;
      const { text, lost } = c.takeLog();
      if (lost > 0) this.listener.output('stdout', `[core ${c.id}] [log: ${lost} bytes lost]\n`);
      if (text) this.listener.output('stdout', text.replace(/^(?=.)/gm, `[core ${c.id}] `));
    }
  }

  /** A stop the device reported: what it means for a run or step. */
  private classify(stop: DeviceStop, cores: readonly number[] | undefined, target?: { core?: number; pc: number; sp?: number }): Outcome | undefined {
    switch (stop.kind) {
      case 'budget':
      case 'paused':
        return undefined;
      case 'done':
        return cores && !this.session.device.done ? { k: 'core-done', core: cores[0] } : { k: 'done' };
      case 'breakpoint': {
        if (target && (target.core === undefined || stop.core === target.core) && stop.pc === target.pc && (target.sp === undefined || this.machine(stop.core).readAR(1) >>> 0 === target.sp)) return { k: 'target', core: stop.core };
        const e = this.decide(stop.core, stop.pc);
        return e ? { k: 'stop', e } : undefined;
      }
      case 'watchpoint': {
        const id = this.watchIds[stop.core].get(stop.id);
        const what = `${stop.access} of ${stop.size} byte${stop.size === 1 ? '' : 's'} at 0x${(stop.addr >>> 0).toString(16)} by the instruction at 0x${(stop.pc >>> 0).toString(16)}`;
        return { k: 'stop', e: { reason: 'data breakpoint', core: stop.core, hitBreakpointIds: id !== undefined ? [id] : [], text: what, description: `data breakpoint: ${what}` } };
      }
      case 'fault': {
        this.listener.output('stderr', formatFault(stop.fault, this.plan.program) + '\n');
        this.listener.fault?.(stop.fault);
        if (!this.exceptionKinds.has(stop.fault.kind)) return undefined;
        this.lastFault = { core: stop.core, fault: stop.fault };
        return { k: 'stop', e: { reason: 'exception', core: stop.core, text: stop.fault.kind, description: `${stop.fault.kind}: ${stop.fault.message}` } };
      }
    }
  }

  /** Runs (all cores, or `cores`) in slices until a stop, the target, a pause or the end. */
  private async drive(cores?: readonly number[], target?: { core?: number; pc: number; sp?: number }): Promise<Outcome> {
    const started = performance.now();
    let reported = 0;
    const instructions = () => this.session.device.cores.reduce((a, c) => a + c.m.stepCount, 0);
    const first = instructions();
    try {
      for (;;) {
        const out = await this.slice(cores, target);
        if (out) return out;
        const now = performance.now();
        if (now - started > 500 && now - reported > 250) {
          const n = instructions() - first;
          const p = this.outputProgress();
          this.listener.progress?.(reported === 0 ? 'start' : 'update', `${(n / 1e6).toFixed(1)} M instructions in ${((now - started) / 1000).toFixed(1)} s${p ? `, ${p.text}` : ''}`, p?.percentage);
          reported = now;
        }
      }
    } finally {
      if (reported) {
        const p = this.outputProgress();
        if (p) this.listener.progress?.('update', `${p.text}`, p.percentage);
        this.listener.progress?.('end', p ? `stopped, ${p.text}` : 'stopped');
      }
    }
  }

  /** How much of the destination (get_dst_tensor) the kernel has written, once it wrote any of it. */
  private outputProgress(): { percentage: number; text: string } | undefined {
    const p = this.kernel?.device.outputProgress();
    if (!p || p.written === 0 || p.total === 0) return undefined;
    const percentage = Math.floor((100 * p.written) / p.total);
    return { percentage, text: `${percentage}% of the output written (${p.written} of ${p.total} elements)` };
  }

  /**
   * Runs for about SLICE_MS of wall time in chunks of about CHUNK_MS (the chunk's instruction count
   * follows the measured speed), then yields to the event loop so a pause or any request is served.
   * Chunks end only at instruction boundaries the device can resume from unchanged.
   */
  private async slice(cores?: readonly number[], target?: { core?: number; pc: number; sp?: number }): Promise<Outcome | undefined> {
    if (this.pauseRequested) return { k: 'pause' };
    if (this.session.snapshotDue) {
      // the snapshot alone in this turn of the event loop (the run's chunks in the next)
      const stop = this.session.runUntil({ budget: 0, cores, stopOnFault: true });
      const out = this.classify(stop, cores, target);
      if (out) return out;
      await tick();
      if (this.pauseRequested) return { k: 'pause' };
    }
    const t0 = performance.now();
    for (;;) {
      const t = performance.now();
      const stop = this.session.runUntil({ budget: this.budget, cores, stopOnFault: true });
      const now = performance.now();
      if (stop.kind === 'budget') this.budget = Math.round(Math.min(MAX_CHUNK, Math.max(200, this.budget * Math.min(1.5, Math.max(0.25, CHUNK_MS / Math.max(now - t, 0.01))))));
      if (stop.kind !== 'budget') this.pollLogs();
      const out = this.classify(stop, cores, target);
      if (out) return out;
      // a snapshot due is taken by the next run: turn the event loop first, so a pause waiting is served before it
      if (now - t0 >= SLICE_MS || this.session.snapshotDue) break;
    }
    this.pollLogs();
    await tick();
    return undefined;
  }

  /** One instruction on `core` alone; undefined when it simply executed. */
  private stepOne(core: number): Outcome | undefined {
    const stop = this.session.runUntil({ budget: 1, cores: [core], stopOnFault: true });
    return this.classify(stop, [core]);
  }

  /** Runs `core` alone until it reaches `pc` with stack pointer `sp` (the return from a call); undefined when it got there. */
  private async runTo(core: number, pc: number, sp: number): Promise<Outcome | undefined> {
    this.addTemp(pc);
    try {
      const out = await this.drive([core], { core, pc, sp });
      return out.k === 'target' ? undefined : out;
    } finally {
      this.removeTemp(pc);
    }
  }

  /** What the line stepper (line-steps.ts) needs of this runtime. */
  private get stepHost(): StepHost {
    const paused = () => this.pauseRequested;
    return {
      lines: this.lines,
      stepOverSdk: this.plan.stepOverSdk,
      get pauseRequested() {
        return paused();
      },
      machine: (core) => this.machine(core),
      functionAt: (pc) => this.functionAt(pc),
      stack: (core) => this.stack(core),
      inlineChain: (pc) => this.frameValues().inlineChain(pc),
      stepOne: (core) => this.stepOne(core),
      runTo: (core, pc, sp) => this.runTo(core, pc, sp),
      drive: (cores) => this.drive(cores),
    };
  }

  /** Runs an action that moves the device, then reports how it ended. */
  private async act(what: () => Promise<Outcome>, defaultCore: number, targetReason: StopReason = 'step'): Promise<void> {
    if (this.running || this.ended) return;
    this.running = true;
    this.pauseRequested = false;
    let out: Outcome;
    try {
      out = await what();
    } catch (e) {
      this.running = false;
      this.listener.output('stderr', `${(e as Error).message}\n`);
      out = this.session.device.done ? { k: 'done' } : { k: 'stop', e: { reason: 'exception', core: defaultCore, text: 'error', description: (e as Error).message } };
    }
    this.running = false;
    this.pauseRequested = false;
    switch (out.k) {
      case 'done':
        this.end();
        return;
      case 'target':
        this.focus = out.core;
        this.listener.stopped({ reason: targetReason, core: out.core });
        return;
      case 'pause':
        this.settle(this.focus);
        this.listener.stopped({ reason: 'pause', core: this.focus });
        return;
      case 'core-done':
        this.focus = out.core;
        this.listener.stopped({ reason: 'step', core: out.core, text: `core ${out.core} finished`, description: `core ${out.core} has finished; the other cores wait` });
        return;
      case 'stop':
        this.focus = out.e.core;
        this.listener.stopped(out.e);
    }
  }

  /** Starts the kernel: to the kernel function's first line (stopOnEntry), else to the first stop. */
  start(): Promise<void> {
    if (!this.plan.stopOnEntry) return this.act(() => this.drive(), 0);
    const entry = this.entryAddress;
    if (this.machine(0).pc >>> 0 === entry) return Promise.resolve(this.listener.stopped({ reason: 'entry', core: 0 }));
    return this.act(async () => {
      this.addTemp(entry);
      try {
        return await this.drive(undefined, { pc: entry });
      } finally {
        this.removeTemp(entry);
      }
    }, 0, 'entry');
  }

  continue(core?: number): Promise<void> {
    return this.act(() => this.drive(core === undefined ? undefined : [core]), core ?? this.focus);
  }

  step(core: number, kind: 'over' | 'in' | 'out', granularity: 'line' | 'instruction' = 'line'): Promise<void> {
    if (this.coreDone(core)) {
      return Promise.resolve(this.listener.stopped({ reason: 'step', core, text: `core ${core} finished` }));
    }
    if (granularity === 'instruction' && kind !== 'out') {
      return this.act(async () => {
        const m = this.machine(core);
        const pc = m.pc >>> 0;
        const call = kind === 'over' ? callAt(m, pc) : undefined;
        if (call) return (await this.runTo(core, pc + call.size, m.readAR(1) >>> 0)) ?? { k: 'stop', e: { reason: 'step', core } };
        return this.stepOne(core) ?? { k: 'stop', e: { reason: 'step', core } };
      }, core);
    }
    return this.act(() => (kind === 'out' ? stepOut(this.stepHost, core) : stepLine(this.stepHost, core, kind)), core);
  }

  /** After a pause: steps `core` alone (5 ms at most) out of code without line
   *  information (ROM, window handlers, runtime) so its stack unwinds to a source line. */
  private settle(core: number): void {
    const until = performance.now() + 5;
    for (let k = 0; k < 5000 && performance.now() < until && !this.coreDone(core) && !this.lines.rowAt(this.machine(core).pc); k++) {
      if (this.stepOne(core)) return;
    }
  }

  /** A change of the device by the debugger (registers, memory), recorded in the history. */
  edit<T>(f: () => T): T {
    let out: T | undefined;
    this.session.edit(() => {
      out = f();
    });
    return out as T;
  }

  /** Steps `core` back one instruction, or to the start of the previous line it ran (not entering deeper frames). */
  stepBack(core: number, granularity: 'line' | 'instruction'): void {
    if (this.running || this.ended) return;
    const m = this.machine(core);
    const sp0 = m.readAR(1) >>> 0;
    const fn0 = this.functionAt(m.pc);
    const r = granularity === 'instruction'
      ? this.session.stepBack(core)
      : this.session.stepBackLine(core, (mm) => {
          const sp = mm.readAR(1) >>> 0;
          // deeper frames (and a callee's ENTRY, where sp is still the caller's) are transparent
          if (sp < sp0 || (sp === sp0 && this.functionAt(mm.pc) !== fn0)) return undefined;
          const row = this.lines.rowAt(mm.pc);
          return row ? `${row.file}:${row.line}` : undefined;
        });
    this.focus = core;
    this.listener.stopped(r.kind === 'start' ? { reason: 'step', core, text: 'start of the recorded run', description: 'the recorded run starts here' } : { reason: 'step', core });
  }

  /** Back to the last breakpoint, data breakpoint or enabled fault before now (or the start of the record). */
  reverseContinue(): void {
    if (this.running || this.ended) return;
    const r = this.session.reverseContinue({ stopOnFault: true });
    if (r.kind === 'start') {
      this.listener.stopped({ reason: 'step', core: this.focus, text: 'start of the recorded run', description: 'reverse continue reached the start of the recorded run' });
      return;
    }
    this.focus = r.core;
    if (r.kind === 'fault') {
      this.lastFault = { core: r.core, fault: r.fault };
      this.listener.stopped({ reason: 'exception', core: r.core, text: r.fault.kind, description: `${r.fault.kind}: ${r.fault.message}` });
    } else this.listener.stopped({ reason: r.kind === 'watchpoint' ? 'data breakpoint' : 'breakpoint', core: r.core });
  }

  pause(): void {
    if (this.running) this.pauseRequested = true;
  }

  /** Moves `core`'s PC (goto): only within the function it is in. */
  jump(core: number, pc: number): void {
    this.edit(() => (this.machine(core).pc = pc >>> 0));
    this.listener.stopped({ reason: 'goto', core });
  }

  /** Ends the launch: the rest of the logs, the report, the comparison; then `ended(exitCode)`. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.pollLogs();
    if (!this.kernel) {
      const r = this.program!.result(this.plan.program);
      if (r.message) this.listener.output('stderr', `${r.message}\n`);
      this.listener.output('console', `${this.plan.program.split(/[\\/]/).pop()}: exit status ${r.code}\n`);
      this.listener.ended(r.code);
      return;
    }
    const res = this.kernel.finish();
    const out = (t: string) => this.listener.output('console', t);
    if (res.device.log) out(res.device.log);
    out(formatReport(res.device, this.plan.program, res.kernelName));
    let code = res.fatal ? 1 : 0;
    if (res.outputProblem) {
      out(`${res.outputProblem}\n`);
      code = 1;
    } else if (res.output) {
      if (res.comparison) {
        out(formatComparison(res.comparison, 'result'));
        if (!res.comparison.ok) code = 1;
      } else out(`result: ${res.output.dtype.name} ${shapeText(res.output.shape)}\n`);
    }
    this.listener.ended(code);
  }

  /** Every source file of the program the line table names, the user's first. */
  sourceFiles(): string[] {
    const files = this.lines.files();
    return files.sort((a, b) => Number(isSystemFile(a)) - Number(isSystemFile(b)));
  }

  /** Whether `path` is `file` as the line table names it. */
  static sameFile(a: string, b: string): boolean {
    return sameFile(a, b);
  }
}

/** A plain program's launch: its core from `cpu` or the ELF; kernel-only fields refused by name. */
function openProgram(image: ElfImage, plan: LaunchPlan, listener: RuntimeListener): ProgramLaunch {
  for (const f of ['function', 'args', 'expect', 'rtol', 'atol', 'multicore', 'cores', 'policy', 'sanitizers', 'windowSize', 'windowCount', 'strictWindows']) {
    if (plan.given.has(f) && !(f === 'args' && plan.args.length === 0)) throw new ConfigError(f, `${plan.program} is a plain program (no kernel table): '${f}' applies to kernels only`);
  }
  const decoders = { 1: new TextDecoder(), 2: new TextDecoder() };
  const onOutput = (fd: 1 | 2, d: Uint8Array) => {
    const text = decoders[fd].decode(d, { stream: true });
    if (text) listener.output(fd === 1 ? 'stdout' : 'stderr', text);
  };
  try {
    return new ProgramLaunch(image, plan.program, plan.cpu, onOutput, plan.maxInstructions);
  } catch (e) {
    if (!(e instanceof SessionError)) throw e;
    const hint = plan.cpu === undefined ? ` (set 'cpu' to the core it was built for: ${CORE_NAMES.join(', ')})` : '';
    throw new ConfigError('cpu', `${e.message}${hint}`);
  }
}
