// Q7DebugSession: the Debug Adapter Protocol over Q7Runtime (the only file besides main.ts that knows
// DAP). Threads are cores (thread id = core + 1); a frame id packs the core and the frame index;
// variable references are valid until the next resume. Every request is answered — a malformed or
// out-of-order one with an error response naming the argument — and a response always goes out before
// the events it causes (runs and steps start after the response is sent).

import { DebugSession, Event, Handles, Response } from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { SessionError, type ReadFile } from '../session';
import type { ElfImage } from '../xtensa/elf';
import { CondError, evaluate, parseExpr } from './cond';
import { ConfigError, parseLaunchConfig, type LaunchPlan } from './config';
import { disassemble } from './disasm';
import type { FrameValues } from './locals';
import { FAULT_KINDS, Q7Runtime, type RuntimeListener, type StopEvent } from './runtime';
import { isSystemFile, sourceMimeType, systemFileOrigin, systemFileText } from './system-files';
import { tensorData } from './tensor';
import { deviceTree, deviceView, enforcerList, hex, registerView, type Lister, type ViewNode } from './views';
import { VectorState, registerMemory, vectorNode, vectorView } from './vectors';
import { lineAddresses, readBytes, writeBytes } from './memory';
import { type Args, RequestError, array, int, obj, optStr, parseMemoryReference, str } from './requests';

export { RequestError };

/** What the session needs from the outside world (the adapter's process; tests may inject). */
export interface AdapterHost {
  readonly readFile: ReadFile;
  readonly cwd: string;
  /** Builds (a .cpp) or reads (an .elf) the program; throws RequestError with the build's diagnostics. */
  loadImage(plan: LaunchPlan, log: (text: string) => void): Promise<ElfImage>;
  readText(path: string): string | undefined;
}

type Handler = (args: Args, response: DebugProtocol.Response) => void | Promise<void>;

const FRAME_STRIDE = 0x10000;
const MAX_COUNT = 1 << 20;

export class Q7DebugSession extends DebugSession {
  private runtime: Q7Runtime | undefined;
  private plan: LaunchPlan | undefined;
  private image: ElfImage | undefined;
  private started = false;
  private progressOk = false;
  private progressId: string | undefined;
  private progressCount = 0;
  private configDone = false;
  private launched = false;
  private terminated = false;
  private readonly refs = new Handles<Lister>(1000);
  /** The Vector scope's lane types and each core's vector state at its previous stop. */
  private readonly vectors = new VectorState();
  private readonly sourceRefs = new Map<string, number>();
  private readonly sourceByRef = new Map<number, string>();
  /** The breakpoints as the client last set them (re-applied on load and restart). */
  private readonly wantSource = new Map<string, Args[]>();
  private wantFunction: Args[] = [];
  private wantInstruction: Args[] = [];
  private wantData: Args[] = [];
  private wantExceptions: string[] | undefined;
  private readonly handlers: Record<string, Handler>;

  constructor(private readonly host: AdapterHost) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
    this.handlers = {
      initialize: (a, r) => this.initialize(a, r),
      launch: (a, r) => this.launch(a, r),
      attach: () => {
        throw new RequestError('attach is not supported: launch a kernel (request "launch")');
      },
      configurationDone: (_a, r) => {
        this.configDone = true;
        this.sendResponse(r);
        this.startWhenConfigured();
      },
      setBreakpoints: (a, r) => this.setBreakpoints(a, r),
      setFunctionBreakpoints: (a, r) => this.setFunctionBreakpoints(a, r),
      setInstructionBreakpoints: (a, r) => this.setInstructionBreakpoints(a, r),
      setExceptionBreakpoints: (a, r) => this.setExceptionBreakpoints(a, r),
      dataBreakpointInfo: (a, r) => this.dataBreakpointInfo(a, r),
      setDataBreakpoints: (a, r) => this.setDataBreakpoints(a, r),
      threads: (_a, r) => this.threads(r),
      stackTrace: (a, r) => this.stackTrace(a, r),
      scopes: (a, r) => this.scopes(a, r),
      variables: (a, r) => this.variables(a, r),
      setVariable: (a, r) => this.setVariable(a, r),
      evaluate: (a, r) => this.evaluate(a, r),
      setExpression: (a, r) => this.setExpression(a, r),
      continue: (a, r) => this.resume(a, r, 'continue'),
      next: (a, r) => this.resume(a, r, 'over'),
      stepIn: (a, r) => this.resume(a, r, 'in'),
      stepOut: (a, r) => this.resume(a, r, 'out'),
      stepBack: (a, r) => this.back(a, r, 'step'),
      reverseContinue: (a, r) => this.back(a, r, 'continue'),
      pause: (a, r) => this.pause(a, r),
      restart: (a, r) => this.restart(a, r),
      terminate: (_a, r) => this.terminate(r),
      disconnect: (_a, r) => this.disconnect(r),
      source: (a, r) => this.source(a, r),
      loadedSources: (_a, r) => this.loadedSources(r),
      readMemory: (a, r) => this.readMemory(a, r),
      writeMemory: (a, r) => this.writeMemory(a, r),
      disassemble: (a, r) => this.disasm(a, r),
      exceptionInfo: (a, r) => this.exceptionInfo(a, r),
      gotoTargets: (a, r) => this.gotoTargets(a, r),
      goto: (a, r) => this.goto(a, r),
      cancel: (a, r) => {
        if (a.progressId !== undefined && a.progressId === this.progressId) this.runtime?.pause();
        this.sendResponse(r);
      },
      'q7/deviceView': (_a, r) => this.deviceTree(r),
      'q7/tensor': (a, r) => {
        const { rt, core, index } = this.evalFrame(a);
        try {
          r.body = tensorData(rt, core, index, str(a, 'expression'));
        } catch (e) {
          throw new RequestError((e as Error).message);
        }
        this.sendResponse(r);
      },
    };
  }

  // ---- dispatch ----------------------------------------------------------------------------------

  protected override dispatchRequest(request: DebugProtocol.Request): void {
    const response = new Response(request) as DebugProtocol.Response;
    const fail = (e: unknown) => {
      const known = e instanceof RequestError || e instanceof ConfigError || e instanceof SessionError || e instanceof CondError;
      const message = known ? (e as Error).message : `${request.command}: ${(e as Error)?.message ?? String(e)}`;
      response.success = false;
      response.message = message;
      response.body = { error: { id: 1, format: message.replace(/[{}]/g, (c) => (c === '{' ? '(' : ')')), showUser: true } };
      this.sendResponse(response);
    };
    const handler = typeof request.command === 'string' && Object.prototype.hasOwnProperty.call(this.handlers, request.command) ? this.handlers[request.command] : undefined;
    if (!handler) return fail(new RequestError(`unknown request '${String(request.command)}'`));
    const raw = request.arguments ?? {};
    if (typeof raw !== 'object' || Array.isArray(raw) || raw === null) return fail(new RequestError(`${request.command}: 'arguments' must be an object`));
    try {
      const p = handler(raw as Args, response);
      if (p) p.catch(fail);
    } catch (e) {
      fail(e);
    }
  }

  private rt(): Q7Runtime {
    if (!this.runtime) throw new RequestError(this.launched ? 'the kernel has ended' : 'no kernel is launched yet (send launch first)');
    return this.runtime;
  }

  private stopped(): Q7Runtime {
    const rt = this.rt();
    if (rt.isRunning) throw new RequestError('the kernel is running (pause it first)');
    return rt;
  }

  private core(a: Args, name = 'threadId'): number {
    const rt = this.rt();
    const id = int(a, name);
    if (id < 1 || id > rt.coreCount) throw new RequestError(`'${name}': no thread ${id} (threads are cores 1..${rt.coreCount})`);
    return id - 1;
  }

  // ---- launch --------------------------------------------------------------------------------------

  private initialize(a: Args, r: DebugProtocol.Response): void {
    const body: DebugProtocol.Capabilities = {
      supportsConfigurationDoneRequest: true,
      supportsFunctionBreakpoints: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsLogPoints: true,
      supportsInstructionBreakpoints: true,
      supportsDataBreakpoints: true,
      supportsDataBreakpointBytes: true,
      supportsReadMemoryRequest: true,
      supportsWriteMemoryRequest: true,
      supportsDisassembleRequest: true,
      supportsSteppingGranularity: true,
      supportsSetVariable: true,
      supportsSetExpression: true,
      supportsRestartRequest: true,
      supportsTerminateRequest: true,
      supportsExceptionInfoRequest: true,
      supportsLoadedSourcesRequest: true,
      supportsGotoTargetsRequest: true,
      supportsSingleThreadExecutionRequests: true,
      supportsCancelRequest: true,
      supportsEvaluateForHovers: false,
      supportsStepBack: true,
      exceptionBreakpointFilters: FAULT_KINDS.map((f) => ({ filter: f.kind, label: f.label, default: f.default, description: `stop when the device reports a ${f.kind} fault` })),
    };
    this.progressOk ||= a.supportsProgressReporting === true;
    r.body = body;
    this.sendResponse(r);
  }

  private async open(plan: LaunchPlan): Promise<void> {
    this.image = await this.host.loadImage(plan, (t) => this.out('stderr', t));
    // events of a runtime that was replaced (restart) or of a terminated session are dropped
    const box: { rt?: Q7Runtime } = {};
    const live = () => box.rt !== undefined && this.runtime === box.rt && !this.terminated;
    const listener: RuntimeListener = {
      stopped: (e) => live() && this.onStopped(e),
      output: (category, text) => live() && this.out(category, text),
      ended: (code) => live() && this.onEnded(code),
      progress: (phase, message, percentage) => {
        if (!live() || !this.progressOk) return;
        if (phase === 'start') {
          this.progressId = `q7-run-${++this.progressCount}`;
          this.sendEvent(new Event('progressStart', { progressId: this.progressId, title: 'Running the kernel', message, cancellable: true, percentage }));
        } else if (this.progressId) {
          this.sendEvent(new Event(phase === 'update' ? 'progressUpdate' : 'progressEnd', phase === 'update' ? { progressId: this.progressId, message, percentage } : { progressId: this.progressId, message }));
          if (phase === 'end') this.progressId = undefined;
        }
      },
      fault: (f) =>
        live() &&
        this.sendEvent(new Event('q7/fault', { kind: f.kind, message: f.message, core: f.core, fatal: f.fatal, path: f.location ? this.sourceOf(f.location.file).path : undefined, line: f.location?.line, column: f.location?.column })),
    };
    box.rt = Q7Runtime.open(this.image, plan, this.host.readFile, listener);
    this.runtime = box.rt;
    this.vectors.reset();
    // the program model (DWARF variables and types) is read now, not at the first Variables request
    box.rt.frameValues().vectors = this.vectors;
    this.applyBreakpoints();
  }

  private async launch(a: Args, r: DebugProtocol.Response): Promise<void> {
    if (this.launched) throw new RequestError('a kernel is already launched (one launch per session)');
    const plan = parseLaunchConfig(a, this.host.cwd);
    this.launched = true;
    try {
      await this.open(plan);
    } catch (e) {
      this.launched = false;
      throw e;
    }
    this.plan = plan;
    this.sendEvent(new Event('initialized'));
    this.sendResponse(r);
    this.startWhenConfigured();
  }

  /** The run starts once the launch has answered and the client has sent configurationDone. */
  private startWhenConfigured(): void {
    if (!this.configDone || !this.runtime || this.started) return;
    this.started = true;
    const rt = this.runtime;
    setImmediate(() => void rt.start());
  }

  private async restart(_a: Args, r: DebugProtocol.Response): Promise<void> {
    if (!this.plan) throw new RequestError('nothing to restart: no kernel was launched');
    this.runtime?.pause();
    this.runtime = undefined;
    this.refs.reset();
    await this.open(this.plan);
    this.sendResponse(r);
    setImmediate(() => void this.runtime?.start());
  }

  private onStopped(e: StopEvent): void {
    this.refs.reset();
    const rt = this.runtime;
    if (rt) this.vectors.stopped(Array.from({ length: rt.coreCount }, (_, k) => rt.machine(k)), (core) => rt.frameValues().vectorBytes(core));
    const body: DebugProtocol.StoppedEvent['body'] = { reason: e.reason, threadId: e.core + 1, allThreadsStopped: true, preserveFocusHint: false };
    if (e.text) body.text = e.text;
    if (e.description) body.description = e.description;
    if (e.hitBreakpointIds?.length) body.hitBreakpointIds = e.hitBreakpointIds;
    this.sendEvent(new Event('stopped', body));
    this.emit('q7-stopped');
  }

  private onEnded(code: number): void {
    this.sendEvent(new Event('exited', { exitCode: code }));
    this.sendTerminated();
  }

  private sendTerminated(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.sendEvent(new Event('terminated'));
  }

  private out(category: string, output: string): void {
    this.sendEvent(new Event('output', { category, output }));
  }

  private terminate(r: DebugProtocol.Response): void {
    this.sendResponse(r);
    const rt = this.runtime;
    if (rt && !rt.isEnded) {
      rt.pause();
      this.out('console', 'terminated by the user\n');
    }
    this.sendTerminated();
  }

  private disconnect(r: DebugProtocol.Response): void {
    this.runtime?.pause();
    this.sendResponse(r);
    this.emit('q7-disconnect');
  }

  // ---- breakpoints ---------------------------------------------------------------------------------

  private sourcePath(src: Args): string {
    if (typeof src.path === 'string' && src.path) return src.path;
    if (typeof src.sourceReference === 'number') {
      const p = this.sourceByRef.get(src.sourceReference);
      if (p) return p;
    }
    throw new RequestError("'source': needs a path (or a sourceReference this adapter gave)");
  }

  private applyBreakpoints(): void {
    const rt = this.runtime;
    if (!rt) return;
    for (const [path, bps] of this.wantSource) {
      for (const b of rt.setSourceBreakpoints(path, this.sourceSpecs(bps))) this.sendEvent(new Event('breakpoint', { reason: 'changed', breakpoint: this.bpBody(b) }));
    }
    rt.setFunctionBreakpoints(this.wantFunction.map((b) => ({ name: str(b, 'name'), ...this.spec(b) })));
    rt.setInstructionBreakpoints(this.wantInstruction.map((b) => ({ address: this.insnAddress(b), ...this.spec(b) })));
    if (this.wantData.length) rt.setDataBreakpoints(this.wantData.map((b) => this.dataSpec(b)));
    if (this.wantExceptions) rt.exceptionKinds = new Set(this.wantExceptions as never[]);
  }

  private spec(b: Args): { condition?: string; hitCondition?: string; logMessage?: string } {
    return { condition: optStr(b, 'condition') || undefined, hitCondition: optStr(b, 'hitCondition') || undefined, logMessage: optStr(b, 'logMessage') };
  }

  private sourceSpecs(bps: Args[]) {
    return bps.map((b) => ({ line: int(b, 'line', { min: 0 }), ...this.spec(b) }));
  }

  private bpBody(b: { id: number; verified: boolean; line?: number; message?: string; source?: string; addresses: readonly number[] }): DebugProtocol.Breakpoint {
    const out: DebugProtocol.Breakpoint = { id: b.id, verified: b.verified };
    if (b.line !== undefined) out.line = b.line;
    if (b.message) out.message = b.message;
    if (b.source) out.source = this.sourceOf(b.source);
    if (b.addresses.length) out.instructionReference = hex(b.addresses[0]);
    return out;
  }

  private setBreakpoints(a: Args, r: DebugProtocol.Response): void {
    const path = this.sourcePath(obj(a, 'source'));
    let bps = array(a, 'breakpoints');
    if (!a.breakpoints && Array.isArray(a.lines)) bps = (a.lines as unknown[]).map((line) => ({ line }));
    const specs = this.sourceSpecs(bps);
    this.wantSource.set(path, bps);
    const rt = this.runtime;
    const list = rt
      ? rt.setSourceBreakpoints(path, specs).map((b) => this.bpBody(b))
      : specs.map((s) => ({ verified: false, line: s.line, message: 'pending: the program is not loaded yet' }));
    r.body = { breakpoints: list };
    this.sendResponse(r);
  }

  private setFunctionBreakpoints(a: Args, r: DebugProtocol.Response): void {
    const bps = array(a, 'breakpoints');
    const specs = bps.map((b) => ({ name: str(b, 'name'), ...this.spec(b) }));
    this.wantFunction = bps;
    const rt = this.runtime;
    r.body = { breakpoints: rt ? rt.setFunctionBreakpoints(specs).map((b) => this.bpBody(b)) : specs.map(() => ({ verified: false, message: 'pending' })) };
    this.sendResponse(r);
  }

  private insnAddress(b: Args): number {
    const ref = str(b, 'instructionReference');
    const off = b.offset === undefined ? 0 : int(b, 'offset');
    const { space, addr } = parseMemoryReference(ref);
    if (space !== 'local') throw new RequestError("'instructionReference': code lives in local memory, not HBM");
    return Number((addr + BigInt(off)) & 0xffffffffn);
  }

  private setInstructionBreakpoints(a: Args, r: DebugProtocol.Response): void {
    const bps = array(a, 'breakpoints');
    const specs = bps.map((b) => ({ address: this.insnAddress(b), ...this.spec(b) }));
    this.wantInstruction = bps;
    const rt = this.runtime;
    r.body = { breakpoints: rt ? rt.setInstructionBreakpoints(specs).map((b) => this.bpBody(b)) : specs.map(() => ({ verified: false, message: 'pending' })) };
    this.sendResponse(r);
  }

  private setExceptionBreakpoints(a: Args, r: DebugProtocol.Response): void {
    const filters = a.filters === undefined ? [] : a.filters;
    if (!Array.isArray(filters) || filters.some((f) => typeof f !== 'string')) throw new RequestError("'filters': expected an array of fault kinds");
    const known = new Set(FAULT_KINDS.map((f) => f.kind as string));
    const bad = filters.find((f) => !known.has(f));
    if (bad !== undefined) throw new RequestError(`'filters': unknown fault kind '${bad}' (known: ${[...known].join(', ')})`);
    const opts = array(a, 'filterOptions').map((o) => str(o, 'filterId'));
    const all = [...filters, ...opts.filter((f) => known.has(f))];
    this.wantExceptions = all;
    if (this.runtime) this.runtime.exceptionKinds = new Set(all as never[]);
    r.body = { breakpoints: all.map(() => ({ verified: true })) };
    this.sendResponse(r);
  }

  /** dataId: "ADDR:LEN" in the local address space. */
  private dataBreakpointInfo(a: Args, r: DebugProtocol.Response): void {
    const name = str(a, 'name');
    const bytes = a.bytes === undefined ? undefined : int(a, 'bytes', { min: 1, max: 1 << 24 });
    let addr: number | undefined;
    let len = bytes ?? 4;
    const m = /^\s*(0x[0-9a-fA-F]+|\d+)\s*(?::\s*(\d+))?\s*$/.exec(name);
    if (m) {
      addr = Number(m[1]);
      if (m[2]) len = Number(m[2]);
    } else if (this.runtime && /^(a(1[0-5]|[0-9])|\$sp)$/.test(name.trim())) {
      addr = this.runtime.machine(this.runtime.focus).readAR(name.trim() === '$sp' ? 1 : Number(name.trim().slice(1))) >>> 0;
    }
    if (addr === undefined || addr > 0xffffffff || len < 1) {
      r.body = { dataId: null, description: `'${name}' is not an address: give 0xADDR, 0xADDR:LENGTH or a register holding a pointer` };
    } else {
      r.body = { dataId: `${hex(addr)}:${len}`, description: `${len} byte${len === 1 ? '' : 's'} at ${hex(addr)}`, accessTypes: ['read', 'write', 'readWrite'], canPersist: true };
    }
    this.sendResponse(r);
  }

  private dataSpec(b: Args): { addr: number; len: number; access: 'read' | 'write' | 'readWrite' } {
    const id = str(b, 'dataId');
    const m = /^(0x[0-9a-fA-F]+):(\d+)$/.exec(id);
    if (!m) throw new RequestError(`'dataId': '${id}' was not given by dataBreakpointInfo`);
    const access = (optStr(b, 'accessType') ?? 'write') as 'read' | 'write' | 'readWrite';
    if (!['read', 'write', 'readWrite'].includes(access)) throw new RequestError(`'accessType': '${access}' is not read, write or readWrite`);
    return { addr: Number(m[1]), len: Number(m[2]), access };
  }

  private setDataBreakpoints(a: Args, r: DebugProtocol.Response): void {
    const bps = array(a, 'breakpoints', false);
    const specs = bps.map((b) => this.dataSpec(b));
    this.wantData = bps;
    const rt = this.runtime;
    r.body = { breakpoints: rt ? rt.setDataBreakpoints(specs).map((b) => ({ id: b.id, verified: true, description: `${b.access} ${b.len} bytes at ${hex(b.addr)}` })) : specs.map(() => ({ verified: false, message: 'pending' })) };
    this.sendResponse(r);
  }

  // ---- state -----------------------------------------------------------------------------------------

  private threads(r: DebugProtocol.Response): void {
    const rt = this.runtime;
    r.body = { threads: rt ? Array.from({ length: rt.coreCount }, (_, k) => ({ id: k + 1, name: `core ${k}${rt.coreDone(k) ? ' (finished)' : ''}` })) : [] };
    this.sendResponse(r);
  }

  private sourceOf(path: string): DebugProtocol.Source {
    const name = path.split('/').pop() ?? path;
    if (isSystemFile(path)) {
      let ref = this.sourceRefs.get(path);
      if (ref === undefined) {
        ref = this.sourceRefs.size + 1;
        this.sourceRefs.set(path, ref);
        this.sourceByRef.set(ref, path);
      }
      return { name, path, sourceReference: ref, presentationHint: 'deemphasize', origin: systemFileOrigin(path) };
    }
    const abs = path.startsWith('/') || !this.plan ? path : `${this.plan.cwd}/${path}`;
    return { name, path: abs };
  }

  private stackTrace(a: Args, r: DebugProtocol.Response): void {
    const rt = this.stopped();
    const core = this.core(a);
    const start = a.startFrame === undefined ? 0 : int(a, 'startFrame', { min: 0 });
    const levels = a.levels === undefined || a.levels === 0 ? Infinity : int(a, 'levels', { min: 0 });
    const machine = rt.coreDone(core) && !rt.lastFault ? [] : rt.stack(core);
    const frames = machine.length ? this.frameValues(rt).frames(core, machine) : [];
    const out: DebugProtocol.StackFrame[] = frames.slice(start, start + Math.min(levels, FRAME_STRIDE)).map((uf, k) => {
      const i = start + k;
      const f = machine[uf.machine];
      const row = rt.lines.rowAt(f.pc);
      // an inlined call's caller stands at the call's line (column unknown), in the call's file
      const line = uf.line ?? row?.line ?? 0;
      const file = uf.line !== undefined ? (uf.file ?? row?.file) : row?.file;
      const column = uf.line !== undefined ? 1 : row ? Math.max(1, row.column) : 0;
      const frame: DebugProtocol.StackFrame = { id: core * FRAME_STRIDE + i + 1, name: uf.name ?? rt.nameAt(f.pc), line, column, instructionPointerReference: hex(f.pc) };
      if (file) frame.source = this.sourceOf(file);
      if (!file || isSystemFile(file)) frame.presentationHint = 'subtle';
      return frame;
    });
    r.body = { stackFrames: out, totalFrames: frames.length };
    this.sendResponse(r);
  }

  private frame(a: Args): { rt: Q7Runtime; core: number; index: number } {
    const rt = this.stopped();
    const id = int(a, 'frameId');
    const core = Math.floor((id - 1) / FRAME_STRIDE);
    const index = (id - 1) % FRAME_STRIDE;
    if (id < 1 || core >= rt.coreCount || index >= this.frameValues(rt).frames(core).length) throw new RequestError(`'frameId': no frame ${id}`);
    return { rt, core, index };
  }

  private scopes(a: Args, r: DebugProtocol.Response): void {
    const { rt, core, index } = this.frame(a);
    const m = rt.machine(core);
    const values = this.frameValues(rt);
    r.body = {
      scopes: [
        { name: 'Locals', presentationHint: 'locals', variablesReference: this.refs.create(() => values.locals(core, index)), expensive: false },
        { name: `Registers (core ${core})`, presentationHint: 'registers', variablesReference: this.refs.create(() => registerView(m)), expensive: false },
        { name: 'Device', variablesReference: this.refs.create(() => deviceView(rt, core)), expensive: false },
      ],
    };
    if (m.hasVectorUnit) r.body.scopes.push({ name: 'Vector', variablesReference: this.refs.create(() => this.vectorScope(rt, core, index)), expensive: false });
    this.sendResponse(r);
  }

  /**
   * The Vector scope of a frame: the lane settings, the frame's vector-typed variables (a name that is
   * also a register's or a setting's gets " (variable)"), then the registers.
   */
  private vectorScope(rt: Q7Runtime, core: number, index: number): ViewNode[] {
    const regs = vectorView(this.vectors, rt.machine(core), core);
    const taken = new Set(regs.map((n) => n.name));
    const vars = this.frameValues(rt).vectorVariables(core, index).map((n) => (taken.has(n.name) ? { ...n, name: `${n.name} (variable)` } : n));
    return [...regs.slice(0, 2), ...vars, ...regs.slice(2)];
  }

  private frameValues(rt: Q7Runtime): FrameValues {
    return rt.frameValues();
  }

  private toVariable(n: ViewNode): DebugProtocol.Variable {
    const v: DebugProtocol.Variable = { name: n.name, value: n.value, variablesReference: n.children ? this.refs.create(n.children) : 0 };
    if (n.type) v.type = n.type;
    if (n.evaluateName) v.evaluateName = n.evaluateName;
    if (n.indexed) {
      v.indexedVariables = n.indexed;
      v.namedVariables = n.named ?? 0;
    }
    if (n.memoryReference) v.memoryReference = n.memoryReference;
    if (!n.set) v.presentationHint = { attributes: ['readOnly'] };
    return v;
  }

  private lister(a: Args): Lister {
    this.stopped();
    const ref = int(a, 'variablesReference');
    const f = this.refs.get(ref);
    if (!f) throw new RequestError(`'variablesReference': no variables ${ref} (references last until the next resume)`);
    return f;
  }

  private variables(a: Args, r: DebugProtocol.Response): void {
    const list = this.lister(a);
    const start = a.start === undefined ? 0 : int(a, 'start', { min: 0 });
    const count = a.count === undefined || a.count === 0 ? undefined : int(a, 'count', { min: 0 });
    const filter = optStr(a, 'filter');
    if (filter !== undefined && filter !== 'named' && filter !== 'indexed') throw new RequestError(`'filter': '${filter}' is not named or indexed`);
    let nodes: ViewNode[];
    try {
      nodes = list.length >= 1 ? list(start, count, filter as 'named' | 'indexed' | undefined) : list(0, undefined);
    } catch (e) {
      throw new RequestError((e as Error).message);
    }
    if (list.length < 1) nodes = nodes.slice(start, count === undefined ? undefined : start + count);
    r.body = { variables: nodes.map((n) => this.toVariable(n)) };
    this.sendResponse(r);
  }

  private setVariable(a: Args, r: DebugProtocol.Response): void {
    const list = this.lister(a);
    const name = str(a, 'name');
    let nodes: ViewNode[];
    try {
      nodes = list(0, undefined);
      if (!nodes.some((x) => x.name === name) && /^\[\d+\]$/.test(name)) nodes = list(Number(name.slice(1, -1)), 1, 'indexed');
    } catch (e) {
      throw new RequestError((e as Error).message);
    }
    const value = str(a, 'value');
    const n = nodes.find((x) => x.name === name);
    if (!n) throw new RequestError(`'name': no variable '${name}' here`);
    if (!n.set) throw new RequestError(`'${name}' cannot be written`);
    try {
      const set = n.set;
      r.body = { value: n.viewOnly ? set(value) : this.rt().edit(() => set(value)) };
    } catch (e) {
      throw new RequestError(`'value': ${(e as Error).message}`);
    }
    this.sendResponse(r);
    if (n.viewOnly) this.sendEvent(new Event('invalidated', { areas: ['variables'] }));
  }

  /** The frame an evaluation runs in: `frameId`, else the innermost frame of the focused core. */
  private evalFrame(a: Args): { rt: Q7Runtime; core: number; index: number } {
    if (a.frameId !== undefined) return this.frame(a);
    const rt = this.stopped();
    return { rt, core: rt.focus, index: 0 };
  }

  private evaluate(a: Args, r: DebugProtocol.Response): void {
    const expr = str(a, 'expression').trim();
    const { rt, core, index } = this.evalFrame(a);
    const named: Record<string, () => ViewNode[]> = {
      $windows: () => (deviceView(rt, core).find((n) => n.name === 'windows')?.children?.(0, undefined) ?? []),
      $device: () => deviceView(rt, core),
      $enforcers: () => enforcerList(rt, core),
      $registers: () => registerView(rt.machine(core)),
      $vector: () => (rt.machine(core).hasVectorUnit ? this.vectorScope(rt, core, index) : []),
    };
    if (named[expr]) {
      r.body = { result: expr, variablesReference: this.refs.create(named[expr]) };
      return this.sendResponse(r);
    }
    const vec = expr.startsWith('$') ? vectorNode(this.vectors, rt.machine(core), core, expr.slice(1)) : undefined;
    if (vec) {
      const v = this.toVariable(vec);
      r.body = { result: v.value, type: v.type, variablesReference: v.variablesReference, memoryReference: v.memoryReference };
      return this.sendResponse(r);
    }
    let cppError: string;
    try {
      const n = this.frameValues(rt).evaluate(core, index, expr);
      const v = this.toVariable(n);
      r.body = { result: v.value, type: v.type, variablesReference: v.variablesReference, namedVariables: v.namedVariables, indexedVariables: v.indexedVariables, memoryReference: v.memoryReference };
      return this.sendResponse(r);
    } catch (e) {
      cppError = (e as Error).message;
    }
    const m = rt.machine(core);
    let value: number;
    try {
      value = evaluate(parseExpr(expr), (n) => {
        if (n === '$core') return core;
        if (n === '$pc') return m.pc >>> 0;
        if (n === '$sp') return m.readAR(1) >>> 0;
        const ar = /^a(\d+)$/.exec(n);
        if (ar && Number(ar[1]) < 16) return m.readAR(Number(ar[1])) >>> 0;
        try {
          return m.readSR(n.toLowerCase()) >>> 0;
        } catch {
          return undefined;
        }
      });
    } catch {
      throw new RequestError(`${expr}: ${cppError}`);
    }
    const isInt = Number.isInteger(value);
    r.body = { result: isInt ? `${value} (${hex(value)})` : String(value), variablesReference: 0, memoryReference: isInt ? hex(value) : undefined };
    this.sendResponse(r);
  }

  private setExpression(a: Args, r: DebugProtocol.Response): void {
    const expr = str(a, 'expression').trim();
    const value = str(a, 'value');
    const { rt, core, index } = this.evalFrame(a);
    const reg = registerView(rt.machine(core)).find((n) => n.name === expr);
    if (reg?.set) {
      try {
        const set = reg.set;
        r.body = { value: rt.edit(() => set(value)) };
      } catch (e) {
        throw new RequestError(`'value': ${(e as Error).message}`);
      }
      return this.sendResponse(r);
    }
    try {
      const v = this.toVariable(rt.edit(() => this.frameValues(rt).assign(core, index, expr, value)));
      r.body = { value: v.value, type: v.type, variablesReference: v.variablesReference };
    } catch (e) {
      throw new RequestError(`${expr}: ${(e as Error).message}`);
    }
    this.sendResponse(r);
  }

  // ---- execution ---------------------------------------------------------------------------------------

  private resume(a: Args, r: DebugProtocol.Response, kind: 'continue' | 'over' | 'in' | 'out'): void {
    const rt = this.rt();
    const core = this.core(a);
    const single = a.singleThread === true;
    const gran = optStr(a, 'granularity');
    if (gran !== undefined && !['statement', 'line', 'instruction'].includes(gran)) throw new RequestError(`'granularity': '${gran}' is not statement, line or instruction`);
    if (rt.isRunning) throw new RequestError('the kernel is already running');
    this.refs.reset();
    if (kind === 'continue') r.body = { allThreadsContinued: !single };
    this.sendResponse(r);
    setImmediate(() => {
      if (kind === 'continue') void rt.continue(single ? core : undefined);
      else void rt.step(core, kind, gran === 'instruction' ? 'instruction' : 'line');
    });
  }

  private back(a: Args, r: DebugProtocol.Response, kind: 'step' | 'continue'): void {
    const rt = this.stopped();
    const core = this.core(a);
    const gran = optStr(a, 'granularity');
    if (gran !== undefined && !['statement', 'line', 'instruction'].includes(gran)) throw new RequestError(`'granularity': '${gran}' is not statement, line or instruction`);
    if (rt.isEnded) throw new RequestError(`the ${rt.kernel ? 'kernel' : 'program'} has ended: its recorded run is gone`);
    this.refs.reset();
    this.sendResponse(r);
    setImmediate(() => {
      try {
        if (kind === 'step') rt.stepBack(core, gran === 'instruction' ? 'instruction' : 'line');
        else rt.reverseContinue();
      } catch (e) {
        this.out('stderr', `${(e as Error).message}\n`);
        this.onStopped({ reason: 'step', core, text: 'cannot go back', description: (e as Error).message });
      }
    });
  }

  private pause(a: Args, r: DebugProtocol.Response): void {
    const rt = this.rt();
    this.core(a);
    this.sendResponse(r);
    rt.pause();
  }

  private gotoTargets(a: Args, r: DebugProtocol.Response): void {
    const rt = this.stopped();
    const path = this.sourcePath(obj(a, 'source'));
    const line = int(a, 'line', { min: 1 });
    const targets: DebugProtocol.GotoTarget[] = [];
    const addrs = lineAddresses(rt, path, line);
    for (const addr of addrs) targets.push({ id: addr, label: `line ${line} at ${hex(addr)}`, line, instructionPointerReference: hex(addr) });
    r.body = { targets };
    this.sendResponse(r);
  }

  private goto(a: Args, r: DebugProtocol.Response): void {
    const rt = this.stopped();
    const core = this.core(a);
    const target = int(a, 'targetId', { min: 0, max: 0xffffffff });
    const here = rt.functionAt(rt.machine(core).pc);
    const there = rt.functionAt(target);
    if (!here || here !== there) throw new RequestError(`'targetId': ${hex(target)} is not in the function core ${core} is in`);
    this.sendResponse(r);
    this.refs.reset();
    rt.jump(core, target);
  }

  private exceptionInfo(a: Args, r: DebugProtocol.Response): void {
    const rt = this.rt();
    const core = this.core(a);
    const f = rt.lastFault && rt.lastFault.core === core ? rt.lastFault.fault : undefined;
    if (!f) throw new RequestError(`thread ${core + 1} has not stopped at a fault`);
    const where = (l: typeof f.location, pc: number | undefined) => (l ? `${l.file}:${l.line}:${l.column}` : pc !== undefined ? hex(pc) : 'unknown location');
    const loc = where(f.location, f.pc);
    const details = [`core ${f.core}`, f.tensor ? `tensor ${f.tensor}` : '', f.index ? `index ${f.index}` : '', `at ${loc}`].filter(Boolean).join(', ');
    const rel = f.related;
    const relLoc = rel ? where(rel.location, rel.pc) : '';
    // a conflict names both accesses: the conflicting one (where the core stopped) and the earlier one still open
    const both = rel ? `; the ${rel.now ?? 'access'} at ${loc} (core ${f.core}) conflicts with the ${rel.what} opened earlier at ${relLoc} (core ${rel.core}${rel.tensor ? `, tensor ${rel.tensor}` : ''}), still open` : '';
    r.body = {
      exceptionId: f.kind,
      description: `${f.message} [${details}]${both}`,
      breakMode: 'always',
      details: {
        message: f.message, typeName: f.kind, fullTypeName: `q7 fault ${f.kind}${f.fatal ? '' : ' (warning)'}`, stackTrace: loc, evaluateName: f.tensor,
        innerException: rel ? [{ message: `earlier ${rel.what} on core ${rel.core}${rel.tensor ? `, tensor ${rel.tensor}` : ''}, still open`, typeName: `earlier ${rel.what}`, stackTrace: relLoc }] : undefined,
      },
    };
    this.sendResponse(r);
  }

  // ---- sources, memory, code ---------------------------------------------------------------------------

  /** `q7/deviceView`: every core's Device view as one tree of {label, value, children} (the Q7 Device side bar). */
  private deviceTree(r: DebugProtocol.Response): void {
    r.body = { roots: deviceTree(this.stopped()) };
    this.sendResponse(r);
  }

  private source(a: Args, r: DebugProtocol.Response): void {
    const ref = a.sourceReference === undefined ? 0 : int(a, 'sourceReference', { min: 0 });
    let path = ref ? this.sourceByRef.get(ref) : undefined;
    if (!path && a.source && typeof a.source === 'object') path = (a.source as Args).path as string | undefined;
    if (!path) throw new RequestError(`'sourceReference': no source ${ref}`);
    const text = systemFileText(path) ?? this.host.readText(path);
    if (text === undefined) throw new RequestError(`${path}: cannot read the source`);
    r.body = { content: text, mimeType: sourceMimeType(path) };
    this.sendResponse(r);
  }

  private loadedSources(r: DebugProtocol.Response): void {
    r.body = { sources: this.runtime ? this.runtime.sourceFiles().map((f) => this.sourceOf(f)) : [] };
    this.sendResponse(r);
  }

  private readMemory(a: Args, r: DebugProtocol.Response): void {
    const rt = this.stopped();
    const reg = this.registerMemory(rt, a);
    if (reg) {
      const offset = a.offset === undefined ? 0 : int(a, 'offset', { min: 0 });
      const count = int(a, 'count', { min: 0, max: MAX_COUNT });
      const bytes = reg.read().subarray(offset, offset + count);
      r.body = { address: `${str(a, 'memoryReference').trim()}+${offset}`, data: Buffer.from(bytes).toString('base64'), unreadableBytes: count - bytes.length || undefined };
      return this.sendResponse(r);
    }
    const { space, addr } = parseMemoryReference(str(a, 'memoryReference'));
    const offset = a.offset === undefined ? 0 : int(a, 'offset');
    const count = int(a, 'count', { min: 0, max: MAX_COUNT });
    const start = addr + BigInt(offset);
    if (start < 0n) throw new RequestError(`'offset': the address ${start} is negative`);
    const { bytes, unreadable } = readBytes(rt, space, start, count);
    r.body = { address: `${space === 'hbm' ? 'hbm:' : ''}0x${start.toString(16)}`, data: Buffer.from(bytes).toString('base64'), unreadableBytes: unreadable || undefined };
    this.sendResponse(r);
  }

  private writeMemory(a: Args, r: DebugProtocol.Response): void {
    const rt = this.stopped();
    const reg = this.registerMemory(rt, a);
    if (reg) return this.writeRegisterMemory(rt, reg, a, r);
    const { space, addr } = parseMemoryReference(str(a, 'memoryReference'));
    const offset = a.offset === undefined ? 0 : int(a, 'offset');
    const data = str(a, 'data');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new RequestError("'data': not base64");
    const bytes = Buffer.from(data, 'base64');
    const start = addr + BigInt(offset);
    if (start < 0n || (space === 'local' && start + BigInt(bytes.length) > 0x100000000n)) throw new RequestError(`'memoryReference': ${start} is outside the 32-bit local address space`);
    if (!writeBytes(rt, space, start, new Uint8Array(bytes))) throw new RequestError(`no memory at 0x${start.toString(16)} (or not all of its ${bytes.length} bytes)`);
    r.body = { bytesWritten: bytes.length };
    this.sendResponse(r);
    this.sendEvent(new Event('invalidated', { areas: ['variables'] }));
  }

  /** The focused core's IVP register a memory reference `ivp:<name>` names (undefined for an address). */
  private registerMemory(rt: Q7Runtime, a: Args): ReturnType<typeof registerMemory> {
    try {
      return registerMemory(rt.machine(rt.focus), str(a, 'memoryReference'));
    } catch (e) {
      throw new RequestError((e as Error).message);
    }
  }

  private writeRegisterMemory(rt: Q7Runtime, reg: NonNullable<ReturnType<typeof registerMemory>>, a: Args, r: DebugProtocol.Response): void {
    const offset = a.offset === undefined ? 0 : int(a, 'offset', { min: 0 });
    const data = str(a, 'data');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw new RequestError("'data': not base64");
    const bytes = Buffer.from(data, 'base64');
    const now = reg.read();
    if (offset + bytes.length > now.length) throw new RequestError(`'data': ${bytes.length} bytes at offset ${offset} do not fit in the register's ${now.length}`);
    now.set(bytes, offset);
    rt.edit(() => reg.write(now));
    r.body = { bytesWritten: bytes.length };
    this.sendResponse(r);
    this.sendEvent(new Event('invalidated', { areas: ['variables'] }));
  }

  private disasm(a: Args, r: DebugProtocol.Response): void {
    const rt = this.stopped();
    const { space, addr } = parseMemoryReference(str(a, 'memoryReference'));
    if (space !== 'local') throw new RequestError("'memoryReference': code lives in local memory, not HBM");
    const offset = a.offset === undefined ? 0 : int(a, 'offset');
    const insnOffset = a.instructionOffset === undefined ? 0 : int(a, 'instructionOffset', { min: -MAX_COUNT, max: MAX_COUNT });
    const count = int(a, 'instructionCount', { min: 0, max: 10_000 });
    const m = rt.machine(rt.focus);
    const lines = disassemble(rt, (at, len) => (at >= 0 && at + len <= 0x100000000 ? m.readMemory(at, len) : undefined), Number((addr + BigInt(offset)) & 0xffffffffn), insnOffset, count);
    r.body = {
      instructions: lines.map((l) => {
        const d: DebugProtocol.DisassembledInstruction = { address: hex(l.address), instruction: l.text, instructionBytes: l.bytes };
        if (l.symbol) d.symbol = l.symbol;
        if (l.file) {
          d.location = this.sourceOf(l.file);
          d.line = l.line;
        }
        if (l.invalid) d.presentationHint = 'invalid';
        return d;
      }),
    };
    this.sendResponse(r);
  }
}
