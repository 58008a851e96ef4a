// Stepping one core by source line: over (calls run to their return, and so are calls the compiler
// inlined — code of an inlined call made from the starting line is stepped through without stopping),
// in (stops at the first statement of a callee or of an inlined call), and out (to the caller; out of
// an inlined call: to the first instruction after its code, in the same machine frame). The runtime
// (runtime.ts) provides the device actions through StepHost; this file knows nothing of DAP.

import type { Subprogram } from '../debuginfo';
import type { Machine } from '../emulator';
import { decode } from '../xtensa/isa';
import type { LineIndex } from './lines';
import { type Outcome, SLICE_MS, tick } from './outcome';
import type { StackFrame } from './program';
import { isSystemFile } from './system-files';

/** What a step needs of the runtime. */
export interface StepHost {
  readonly lines: LineIndex;
  readonly stepOverSdk: boolean;
  readonly pauseRequested: boolean;
  machine(core: number): Machine;
  functionAt(pc: number): Subprogram | undefined;
  stack(core: number): StackFrame[];
  /** The inlined calls containing `pc`, outermost first (DIE offsets; empty without debug information). */
  inlineChain(pc: number): readonly number[];
  /** One instruction on `core` alone; undefined when it simply executed. */
  stepOne(core: number): Outcome | undefined;
  /** Runs `core` alone to `pc` with stack pointer `sp`; undefined when it got there. */
  runTo(core: number, pc: number, sp: number): Promise<Outcome | undefined>;
  /** Runs `cores` (all when absent) to their next stop. */
  drive(cores?: readonly number[]): Promise<Outcome>;
}

const CALLS = new Set(['call0', 'call4', 'call8', 'call12', 'callx0', 'callx4', 'callx8', 'callx12']);
/** Instructions one line step may execute before it gives up (and stops where it is). */
const MAX_STEP = 50_000_000;

/** The call instruction at `pc` (its size), if it is one. */
export function callAt(m: Machine, pc: number): { size: number } | undefined {
  const b = m.readMemory(pc, 4) ?? m.readMemory(pc, 3);
  if (!b) return undefined;
  const d = decode(b[0], b[1] ?? 0, b[2] ?? 0, pc, b[3] ?? 0);
  return d && CALLS.has(d.def.mnemonic) ? { size: d.size } : undefined;
}

/** Whether `inner` is `outer` followed by at least one more inlined call (entered from `outer`'s code). */
export function entersInlined(outer: readonly number[], inner: readonly number[]): boolean {
  return inner.length > outer.length && outer.every((d, k) => inner[k] === d);
}

function skipCallee(h: StepHost, pc: number): boolean {
  const row = h.lines.rowAt(pc);
  return !row || (h.stepOverSdk && isSystemFile(row.file));
}

/** A pause or the step limit, checked every 64 instructions. */
class Pacer {
  private yielded = performance.now();
  constructor(private readonly h: StepHost, private readonly core: number) {}
  async check(n: number): Promise<Outcome | undefined> {
    if (n % 64 === 0 && performance.now() - this.yielded >= SLICE_MS) {
      await tick();
      this.yielded = performance.now();
      if (this.h.pauseRequested) return { k: 'pause' };
    }
    return n > MAX_STEP ? { k: 'stop', e: { reason: 'step', core: this.core, text: 'step limit' } } : undefined;
  }
}

/**
 * One instruction of `core`, or a whole call: over — a call runs to its return; in — a call is
 * entered unless its callee has no line or is skipped (stepOverSdk). Undefined when it got there.
 */
async function advance(h: StepHost, core: number, mode: 'over' | 'in'): Promise<Outcome | undefined> {
  const m = h.machine(core);
  const pc = m.pc >>> 0;
  const sp = m.readAR(1) >>> 0;
  const call = callAt(m, pc);
  if (call && mode === 'over') return h.runTo(core, pc + call.size, sp);
  const out = h.stepOne(core);
  return !out && call && skipCallee(h, m.pc) ? h.runTo(core, pc + call.size, sp) : out;
}

export async function stepLine(h: StepHost, core: number, mode: 'over' | 'in'): Promise<Outcome> {
  const m = h.machine(core);
  const start = h.lines.rowAt(m.pc);
  if (!start) return h.stepOne(core) ?? { k: 'stop', e: { reason: 'step', core } };
  const startSp = m.readAR(1) >>> 0;
  const startFn = h.functionAt(m.pc);
  const startChain = h.inlineChain(m.pc >>> 0);
  const pacer = new Pacer(h, core);
  for (let n = 1; ; n++) {
    const out = (await pacer.check(n)) ?? (await advance(h, core, mode));
    if (out) return out;
    const npc = m.pc >>> 0;
    const sp = m.readAR(1) >>> 0;
    const row = h.lines.rowAt(npc);
    if (sp > startSp && !row) return h.drive([core]);
    if (!row || !h.lines.isStmtStart(npc)) continue;
    const fn = h.functionAt(npc);
    if (fn && npc === fn.lowPc) continue;
    const step: Outcome = { k: 'stop', e: { reason: 'step', core } };
    if (sp > startSp) return step;
    if (sp < startSp || fn !== startFn) {
      if (mode === 'in') return step;
      continue;
    }
    // an inlined call made from the starting code: stepped over like a call, stepped into like one
    if (entersInlined(startChain, h.inlineChain(npc))) {
      if (mode === 'in') return step;
      continue;
    }
    if (row.line !== start.line || row.file !== start.file || npc === start.start) return step;
  }
}

export async function stepOut(h: StepHost, core: number): Promise<Outcome> {
  const m = h.machine(core);
  const chain = h.inlineChain(m.pc >>> 0);
  if (chain.length) return stepOutOfInlined(h, core, chain);
  const frames = h.stack(core);
  if (frames.length < 2 || !h.lines.rowAt(frames[1].pc)) return h.drive([core]);
  const out = await h.runTo(core, (frames[1].pc + 3) >>> 0, frames[1].sp >>> 0);
  return out ?? { k: 'stop', e: { reason: 'step', core } };
}

/** Runs until the PC leaves the innermost inlined call of `chain` in the same machine frame (calls run over). */
async function stepOutOfInlined(h: StepHost, core: number, chain: readonly number[]): Promise<Outcome> {
  const m = h.machine(core);
  const startSp = m.readAR(1) >>> 0;
  const pacer = new Pacer(h, core);
  for (let n = 1; ; n++) {
    const out = (await pacer.check(n)) ?? (await advance(h, core, 'over'));
    if (out) return out;
    const sp = m.readAR(1) >>> 0;
    const left = sp > startSp || (sp === startSp && !entersInlined(chain.slice(0, -1), h.inlineChain(m.pc >>> 0)) && h.lines.rowAt(m.pc) !== undefined);
    if (left) return { k: 'stop', e: { reason: 'step', core } };
  }
}
