// The recorded history of a launch, for step back and reverse continue: snapshots of the whole device
// (emulator/device/snapshot.ts), or of a plain program's one core (session/program-record.ts), taken every `interval` instructions and wherever the run's schedule
// restriction changes or the debugger edits the state, plus the stretches of instructions each core
// ran. The device is deterministic, so any earlier point is reached exactly by restoring the nearest
// snapshot at or before it and re-executing forward (breakpoints, watchpoints and faults ignored,
// output muted). A point is a position: the instructions all cores executed together.

import type { DeviceStop, RunUntilOptions, DeviceFault } from '../emulator/device';
import { type DeviceSnapshot, snapshotBytes } from '../emulator/device';
import type { Machine } from '../emulator';

/** A snapshot of what is recorded: where it was taken, and the bytes it copied. */
export interface RecordedSnapshot {
  readonly position: number;
  readonly copiedBytes: number;
}

/** What a History records: the device (emulator/device's Device) or a plain program (ProgramRecord). */
export interface Recordable<S extends RecordedSnapshot = DeviceSnapshot> {
  readonly cores: readonly { readonly m: Machine }[];
  /** Instructions all cores executed together. */
  readonly position: number;
  readonly done: boolean;
  /** Output muted (re-execution). */
  quiet: boolean;
  /** Told of each stretch of instructions a core ran. */
  onSlice: ((core: number, start: number, steps: number) => void) | undefined;
  snapshot(prev?: S): S;
  restore(s: S): void;
  runUntil(opts: RunUntilOptions): DeviceStop;
}

export interface HistoryOptions {
  /** Instructions (all cores together) between automatic snapshots (default 1,000,000). */
  readonly interval?: number;
  /** Snapshots kept; beyond it every other automatic one is dropped (default 256). */
  readonly maxSnapshots?: number;
  /**
   * A run with a budget returns 'budget' early where a snapshot falls due, and the next run takes it
   * first (the debugger's slices: a pause is served before the snapshot's time is spent). Default false.
   */
  readonly deferSnapshots?: boolean;
}

export const DEFAULT_SNAPSHOT_INTERVAL = 1_000_000;
export const DEFAULT_MAX_SNAPSHOTS = 256;

/** A breakpoint, watchpoint or fault stop met while re-executing, at `position`. */
export type Hit =
  | { readonly kind: 'breakpoint'; readonly position: number; readonly core: number; readonly pc: number }
  | { readonly kind: 'watchpoint'; readonly position: number; readonly core: number; readonly pc: number; readonly addr: number; readonly size: number; readonly access: 'read' | 'write'; readonly id: number }
  | { readonly kind: 'fault'; readonly position: number; readonly core: number; readonly fault: DeviceFault };

/** Where a backward move ended. */
export type ReverseStop =
  | Hit
  /** One core moved back (an instruction or a line): it stands at `position`. */
  | { readonly kind: 'step'; readonly position: number; readonly core: number }
  /** Nothing earlier: the device stands at the start of the recorded history (or did not move). */
  | { readonly kind: 'start'; readonly position: number };

export interface ReverseContinueOptions {
  /** Faults are stops too (exception breakpoints). */
  readonly stopOnFault?: boolean;
  /** Called with the device standing at each hit while re-executing (conditions, hit counts); false skips it. */
  readonly accept?: (hit: Hit, device: Recordable<RecordedSnapshot>) => boolean;
}

interface Checkpoint<S> {
  snap: S;
  /** The cores allowed to run from here to the next checkpoint (undefined: all). */
  cores: readonly number[] | undefined;
  /** Kept when thinning: the base, a change of the schedule restriction, an edit. */
  pinned: boolean;
}

interface Slice {
  readonly core: number;
  readonly start: number;
  steps: number;
}

const sameCores = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, k) => x === b[k]));

export class History<S extends RecordedSnapshot = DeviceSnapshot> {
  readonly interval: number;
  readonly maxSnapshots: number;
  readonly deferSnapshots: boolean;
  private readonly checkpoints: Checkpoint<S>[] = [];
  private readonly slices: Slice[] = [];
  /** The furthest position recorded (re-execution can reach any position in [start, end]). */
  private last = 0;
  private replaying = false;
  /** Time and bytes spent on snapshots (figures). */
  readonly cost = { snapshots: 0, ms: 0, copiedBytes: 0 };

  constructor(
    private readonly device: Recordable<S>,
    options: HistoryOptions = {},
    /** Memory a set of snapshots holds (shared chunks once): the device's measure by default. */
    private readonly measure: (snaps: S[]) => number = snapshotBytes as unknown as (snaps: S[]) => number,
  ) {
    this.interval = options.interval ?? DEFAULT_SNAPSHOT_INTERVAL;
    this.maxSnapshots = options.maxSnapshots ?? DEFAULT_MAX_SNAPSHOTS;
    this.deferSnapshots = options.deferSnapshots ?? false;
    if (!(this.interval >= 1)) throw new RangeError(`snapshot interval ${this.interval} must be at least 1`);
    if (!(this.maxSnapshots >= 2)) throw new RangeError(`maxSnapshots ${this.maxSnapshots} must be at least 2`);
    device.onSlice = (core, start, steps) => this.noteSlice(core, start, steps);
    this.last = device.position;
    this.checkpoints.push({ snap: this.take(), cores: undefined, pinned: true });
  }

  /** A snapshot falls due before the next instruction (a run takes it first: the debugger turns its event loop before that run, so a pause is served before the snapshot's time is spent). */
  get snapshotDue(): boolean {
    return !this.device.done && this.device.position >= this.checkpoints[this.checkpoints.length - 1].snap.position + this.interval;
  }

  get start(): number {
    return this.checkpoints[0].snap.position;
  }

  get end(): number {
    return this.last;
  }

  get snapshotCount(): number {
    return this.checkpoints.length;
  }

  /** Memory the snapshots hold (shared chunks counted once). */
  get bytes(): number {
    return this.measure(this.checkpoints.map((c) => c.snap));
  }

  // ---- recording ---------------------------------------------------------------------------------

  /**
   * A run of the debugger's: recorded, with a snapshot every `interval` instructions (with
   * `deferSnapshots`, a run with a budget returns 'budget' where one falls due and the next run takes it).
   */
  run(opts: RunUntilOptions): DeviceStop {
    const d = this.device;
    const from = d.position;
    if (from < this.last) this.truncate(from);
    // all cores named is no restriction (a one-core step must not look like a change of schedule)
    const named = opts.cores ? [...new Set(opts.cores)].sort((x, y) => x - y) : undefined;
    const cores = named && named.length === d.cores.length && named.every((c, k) => c === k) ? undefined : named;
    const top = this.checkpoints[this.checkpoints.length - 1];
    if (from >= top.snap.position + this.interval && !d.done) this.checkpoint(top.cores, false);
    const cp = this.checkpoints[this.checkpoints.length - 1];
    if (!sameCores(cp.cores, cores)) {
      if (cp.snap.position === from) cp.cores = cores;
      else this.checkpoint(cores, true);
    }
    const budget = opts.budget ?? Infinity;
    let first = true;
    for (;;) {
      const pos = d.position;
      const next = this.checkpoints[this.checkpoints.length - 1].snap.position + this.interval;
      const left = budget - (pos - from);
      const chunk = Math.min(left, next - pos);
      const stop = d.runUntil({ ...opts, cores, budget: chunk, stepOver: first ? opts.stepOver : false });
      first = false;
      this.last = Math.max(this.last, d.position);
      if (stop.kind !== 'budget' || d.position - from >= budget) return stop;
      if (d.position >= next && !d.done) {
        if (this.deferSnapshots && budget !== Infinity) return stop;
        this.checkpoint(cores, false);
      }
    }
  }

  /** A change of state by the debugger (memory, registers, PC): the future is dropped, a snapshot taken. */
  edit(apply: () => void): void {
    const pos = this.device.position;
    this.truncate(pos);
    apply();
    const top = this.checkpoints[this.checkpoints.length - 1];
    if (top.snap.position === pos) {
      top.snap = this.take();
      top.pinned = true;
    } else this.checkpoint(top.cores, true);
  }

  private take(): S {
    const t = performance.now();
    const prev = this.checkpoints[this.checkpoints.length - 1]?.snap;
    const s = this.device.snapshot(prev);
    this.cost.snapshots++;
    this.cost.ms += performance.now() - t;
    this.cost.copiedBytes += s.copiedBytes;
    return s;
  }

  private checkpoint(cores: readonly number[] | undefined, pinned: boolean): void {
    this.checkpoints.push({ snap: this.take(), cores, pinned });
    if (this.checkpoints.length > this.maxSnapshots) this.thin();
  }

  /** Drops every other unpinned snapshot (the oldest first), keeping the latest. */
  private thin(): void {
    let drop = true;
    for (let k = 1; k < this.checkpoints.length - 1; k++) {
      if (this.checkpoints[k].pinned) continue;
      if (drop) this.checkpoints.splice(k--, 1);
      drop = !drop;
    }
  }

  private noteSlice(core: number, start: number, steps: number): void {
    if (this.replaying) return;
    const s = this.slices[this.slices.length - 1];
    if (s && s.core === core && s.start + s.steps === start) s.steps += steps;
    else this.slices.push({ core, start, steps });
  }

  /** Forgets everything recorded after `pos` (a live run or an edit from there makes a new future). */
  private truncate(pos: number): void {
    while (this.checkpoints.length > 1 && this.checkpoints[this.checkpoints.length - 1].snap.position > pos) this.checkpoints.pop();
    while (this.slices.length && this.slices[this.slices.length - 1].start >= pos) this.slices.pop();
    const s = this.slices[this.slices.length - 1];
    if (s && s.start + s.steps > pos) s.steps = pos - s.start;
    this.last = pos;
  }

  // ---- re-execution ------------------------------------------------------------------------------

  /** The index of the last checkpoint at or before `pos` (strictly before with `strict`). */
  private checkpointAt(pos: number, strict = false): number {
    for (let k = this.checkpoints.length - 1; k >= 0; k--) {
      const p = this.checkpoints[k].snap.position;
      if (strict ? p < pos : p <= pos) return k;
    }
    return -1;
  }

  /**
   * Restores checkpoint `k` and re-executes to position `to` (within its window), muted; `onStop`
   * sees each breakpoint/watchpoint/fault stop met on the way (with stopOnFault).
   */
  private replay(k: number, to: number, onStop?: (stop: DeviceStop) => void, stopOnFault = false): void {
    const d = this.device;
    const cp = this.checkpoints[k];
    d.restore(cp.snap);
    this.replaying = true;
    d.quiet = true;
    try {
      let stepOver: boolean | number = false;
      while (d.position < to) {
        const stop = d.runUntil({ budget: to - d.position, cores: cp.cores, stopOnFault, stepOver });
        if (stop.kind === 'done') {
          if (d.position < to) throw new Error(`re-execution ended at position ${d.position} before ${to}: the run is not deterministic`);
          break;
        }
        if (stop.kind !== 'budget' && stop.kind !== 'paused') onStop?.(stop);
        stepOver = stop.kind === 'breakpoint' ? stop.core : false;
      }
    } finally {
      this.replaying = false;
      d.quiet = false;
    }
    if (d.position !== to) throw new Error(`re-execution reached position ${d.position}, not ${to}`);
  }

  /** Moves the device to position `n` of the recorded history (start ≤ n ≤ end). */
  runToPosition(n: number): void {
    if (!Number.isInteger(n) || n < this.start || n > this.last) throw new RangeError(`position ${n} is outside the recorded history [${this.start}, ${this.last}]`);
    this.replay(this.checkpointAt(n), n);
  }

  /** Back to just before the previous instruction `core` executed (before the current position). */
  stepBack(core: number): ReverseStop {
    const now = this.device.position;
    for (let k = this.slices.length - 1; k >= 0; k--) {
      const s = this.slices[k];
      if (s.core !== core || s.start >= now) continue;
      const target = Math.min(s.start + s.steps, now) - 1;
      this.runToPosition(target);
      return { kind: 'step', core, position: target };
    }
    return { kind: 'start', position: now };
  }

  /** The first position at or after `p` where `core` executes an instruction (recorded stretches). */
  nextPositionOf(core: number, p: number): number | undefined {
    for (const s of this.slices) if (s.core === core && s.start + s.steps > p) return Math.max(s.start, p);
    return undefined;
  }

  /**
   * Re-executes the windows before `before`, the latest first, showing `visit` each instruction
   * `core` is about to execute (its machine, the position) in order within a window, until `enough`
   * says so after a window. Leaves the device at an unspecified position (callers move it after).
   */
  private scanBack(core: number, before: number, visit: (m: Machine, position: number) => void, enough: () => boolean): void {
    const m = this.device.cores[core].m;
    for (let k = this.checkpointAt(before, true); k >= 0; k--) {
      const to = Math.min(this.checkpoints[k + 1]?.snap.position ?? this.last, before);
      let seen = -1;
      m.trace = (_e, mm) => {
        const p = this.device.position;
        // an instruction stopped on (a breakpoint) is shown again when resumed: once is enough
        if (p < to && p !== seen) visit(mm, p);
        seen = p;
      };
      try {
        this.replay(k, to);
      } finally {
        m.trace = null;
      }
      if (enough()) return;
    }
  }

  /**
   * The last position before `before` (default: the current one) at which `core` was about to
   * execute an instruction passing `test`; the device ends where it stood.
   */
  lastPosition(core: number, test: (m: Machine) => boolean, before = this.device.position): number | undefined {
    const now = this.device.position;
    let found: number | undefined;
    this.scanBack(core, before, (m, p) => {
      if (test(m)) found = p;
    }, () => found !== undefined);
    this.runToPosition(now);
    return found;
  }

  /**
   * Source-line step back of `core`: to the first instruction of the last run of the previous line it
   * executed. `lineOf` names an instruction's line (any key; undefined: ignore the instruction, e.g.
   * one in a deeper frame for step-back-over, or one without line information).
   */
  stepBackLine(core: number, lineOf: (m: Machine) => string | number | undefined): ReverseStop {
    const here = lineOf(this.device.cores[core].m);
    let prev: { position: number; line: string | number } | undefined;
    this.scanBack(core, this.device.position, (m, p) => {
      const l = lineOf(m);
      if (l !== undefined && l !== here) prev = { position: p, line: l };
    }, () => prev !== undefined);
    if (!prev) {
      this.runToPosition(this.start);
      return { kind: 'start', position: this.start };
    }
    const target = prev.line;
    // the first instruction of `target` after the last instruction of another line
    let carry: number | undefined;
    let answer: number | undefined;
    let other: number | undefined;
    let first: number | undefined;
    this.scanBack(core, prev.position + 1, (m, p) => {
      const l = lineOf(m);
      if (l === undefined) return;
      if (l !== target) {
        other = p;
        first = undefined;
      } else first ??= p;
    }, () => {
      if (other !== undefined) answer = first ?? carry;
      else carry = first ?? carry;
      other = first = undefined;
      return answer !== undefined;
    });
    const to = answer ?? carry ?? prev.position;
    this.runToPosition(to);
    return { kind: 'step', core, position: to };
  }

  /** Back to the last breakpoint, watchpoint (or, with stopOnFault, fault) stop before the current position. */
  reverseContinue(opts: ReverseContinueOptions = {}): ReverseStop {
    const d = this.device;
    const now = d.position;
    for (let k = this.checkpointAt(now, true); k >= 0; k--) {
      const to = Math.min(this.checkpoints[k + 1]?.snap.position ?? this.last, now);
      const hits: Hit[] = [];
      this.replay(k, to, (stop) => {
        const position = d.position;
        let hit: Hit | undefined;
        if (stop.kind === 'breakpoint') hit = { kind: 'breakpoint', position, core: stop.core, pc: stop.pc };
        else if (stop.kind === 'watchpoint') hit = { kind: 'watchpoint', position, core: stop.core, pc: stop.pc, addr: stop.addr, size: stop.size, access: stop.access, id: stop.id };
        else if (stop.kind === 'fault') hit = { kind: 'fault', position, core: stop.core, fault: stop.fault };
        if (hit && position < now && (!opts.accept || opts.accept(hit, d))) hits.push(hit);
      }, opts.stopOnFault ?? false);
      if (hits.length) {
        const h = hits[hits.length - 1];
        this.runToPosition(h.position);
        return h;
      }
    }
    this.runToPosition(this.start);
    return { kind: 'start', position: this.start };
  }
}
