// Locals, evaluation and assignment in a stopped frame through debuginfo's value layer (Inspector):
// the frame as a TargetView (frame 0: the core's live window; a caller: its PC inside the call and
// its stack pointer and, for frames walked by .debug_frame, its CFA and the registers known there),
// HBM through the device (kernels only), and the value nodes
// as the adapter's ViewNodes (paged children for tensors and big arrays; vector-typed values as typed
// lanes through vector-vars.ts).

import { Program, ivpRegisterName } from '../debuginfo';
import { Inspector, type TargetView, type ValueNode } from '../debuginfo/values';
import type { KernelSession } from '../session';
import type { Machine } from '../emulator';
import type { ElfImage } from '../xtensa/elf';
import type { StackFrame } from './program';
import { variableNode } from './vector-vars';
import { type VectorState, type VariableBytes, registerMemory } from './vectors';
import type { Lister, ViewNode } from './view-node';
import { type UserFrame, userFrames } from './frames';

/** What the values of a stopped run are read from: the runtime (runtime.ts's Q7Runtime) as this file
 *  needs it, so it does not import the runtime that creates it. */
export interface StoppedRun {
  readonly session: { readonly image: ElfImage };
  readonly kernel: KernelSession | undefined;
  machine(core: number): Machine;
  stack(core: number): StackFrame[];
}

export class FrameValues {
  private readonly ins: Inspector | undefined;
  readonly problem: string | undefined;
  /** The Vector scope's state: vector-typed values are shown as its typed lanes (set by the session). */
  vectors: VectorState | undefined;

  constructor(readonly rt: StoppedRun) {
    let ins: Inspector | undefined;
    let problem: string | undefined;
    try {
      ins = new Inspector(Program.fromElf(rt.session.image));
    } catch (e) {
      problem = `the program's debug information cannot be read: ${(e as Error).message}`;
    }
    this.ins = ins;
    this.problem = problem;
  }

  /** The names of the variables visible at `pc` (undefined without debug information). */
  visibleAt(pc: number): Set<string> | undefined {
    if (!this.ins) return undefined;
    return new Set([...this.ins.program.variablesAt(pc), ...this.ins.program.globals()].map((v) => v.name));
  }

  /** The frames of `core` as the user sees them (frames.ts): each machine frame with its inlined calls. */
  frames(core: number, stack: readonly StackFrame[] = this.rt.stack(core)): UserFrame[] {
    const program = this.ins?.program;
    if (!program || !stack.length) return userFrames(stack.length, () => []);
    const pcOf = (k: number) => this.framePc(core, stack, k);
    return userFrames(stack.length, (k) => program.inlinedFramesAt(pcOf(k)), program.inlinedCallStartingAt(pcOf(0)));
  }

  /** The inlined calls containing `pc`, outermost first, by DIE offset (empty without debug information). */
  inlineChain(pc: number): number[] {
    return this.ins ? this.ins.program.scopesAt(pc).filter((s) => s.kind === 'inlined').map((s) => s.die).reverse() : [];
  }

  /** The PC a machine frame's values are read at: the stop's, or for a caller a PC inside its call. */
  private framePc(core: number, stack: readonly StackFrame[], machine: number): number {
    return machine === 0 ? this.rt.machine(core).pc >>> 0 : (stack[machine].pc + 2) >>> 0;
  }

  /** The user frame `index` of `core` (0 = innermost; frames()) as the value layer sees it. */
  target(core: number, index: number): TargetView {
    const m = this.rt.machine(core);
    const hbm = this.rt.kernel?.device.hbm;
    const stack = this.rt.stack(core);
    const uf = this.frames(core, stack)[index] ?? { machine: index, depth: 0 };
    const f = stack[uf.machine];
    const inner = uf.machine === 0;
    return {
      pc: this.framePc(core, stack, uf.machine),
      inlineDepth: uf.depth,
      cfa: inner ? undefined : f.cfa,
      readMemory: (a, n) => m.readMemory(a >>> 0, n),
      readRegister: (r) => (inner ? (r >= 0 && r < 16 ? m.readAR(r) >>> 0 : undefined) : r === 1 ? f.sp >>> 0 : f.regs?.get(r)),
      writeMemory: (a, b) => m.writeMemory(a >>> 0, b),
      writeRegister: (r, v) => {
        if (!inner || r < 0 || r >= 16) return false;
        m.writeAR(r, v);
        return true;
      },
      // IVP registers are caller-saved: only the innermost frame has its values in them
      readVectorRegister: (r) => {
        const name = ivpRegisterName(r);
        return inner && name && m.hasVectorUnit ? registerMemory(m, `ivp:${name}`)!.read() : undefined;
      },
      writeVectorRegister: (r, b) => {
        const name = ivpRegisterName(r);
        if (!inner || !name || !m.hasVectorUnit) return false;
        registerMemory(m, `ivp:${name}`)!.write(b);
        return true;
      },
      readHbm: (addr, len) => (hbm && addr >= 0n && addr <= BigInt(Number.MAX_SAFE_INTEGER) ? hbm.read(Number(addr), len) : undefined),
      writeHbm: (addr, bytes) => {
        if (!hbm || addr < 0n || addr > BigInt(Number.MAX_SAFE_INTEGER)) return false;
        hbm.write(Number(addr), bytes);
        return true;
      },
    };
  }

  private node(t: TargetView, n: ValueNode, parentRef: number, core: number): ViewNode {
    const ins = this.ins!;
    const lanes = n.vector && n.ref > 0 && this.vectors ? this.lanes(t, n, core) : undefined;
    if (lanes) return lanes;
    return {
      name: n.name,
      value: n.value,
      type: n.type,
      memoryReference: n.address,
      evaluateName: n.evaluateName,
      named: n.namedCount,
      indexed: n.indexedCount,
      children: n.ref > 0 ? this.lister(t, n.ref, core) : undefined,
      set: (text) => {
        const r = ins.setVariable(t, parentRef, n.name, text);
        if (!r.ok) throw new Error(r.error);
        return r.value.value;
      },
    };
  }

  /** A vector value as typed lanes over its bytes (read and written through the Inspector). */
  private lanes(t: TargetView, n: ValueNode, core: number): ViewNode | undefined {
    const ins = this.ins!;
    return variableNode(this.vectors!, core, {
      name: n.name,
      type: n.type,
      shape: n.vector!,
      place: n.place,
      evaluateName: n.evaluateName,
      memoryReference: n.address ?? registerReference(n.place),
      read: () => {
        const r = ins.bytes(t, n.ref);
        if (!r.ok) throw new Error(r.error);
        return r.value;
      },
      write: (b) => {
        const r = ins.writeBytes(t, n.ref, b);
        if (!r.ok) throw new Error(r.error);
      },
    });
  }

  /** The vector-typed variables of frame `index` of `core` as typed lanes (the Vector scope's). */
  vectorVariables(core: number, index: number): ViewNode[] {
    if (!this.ins || !this.vectors) return [];
    const t = this.target(core, index);
    const out: ViewNode[] = [];
    for (const n of this.ins.locals(t)) {
      const v = n.vector && n.ref > 0 ? this.lanes(t, n, core) : undefined;
      if (v) out.push(v);
    }
    return out;
  }

  /** The bytes of the vector variables of every frame of `core` now, by storage (for "changed" lanes). */
  vectorBytes(core: number): VariableBytes {
    const out = new Map<string, Uint8Array>();
    if (!this.ins) return out;
    try {
      const frames = this.frames(core).length;
      for (let i = frames - 1; i >= 0; i--) for (const v of this.ins.vectorLocals(this.target(core, i))) out.set(v.place, v.bytes);
    } catch {
      // a frame that cannot be inspected has nothing to compare with at the next stop
    }
    return out;
  }

  private lister(t: TargetView, ref: number, core: number): Lister {
    return (start, count, filter) => {
      const ins = this.ins!;
      let r;
      if (filter === 'named') r = ins.children(t, ref, 0, 0);
      else r = ins.children(t, ref, start, count ?? 1000);
      if (!r.ok) throw new Error(r.error);
      let list = r.value;
      if (filter === 'indexed' && start === 0) {
        const named = ins.children(t, ref, 0, 0);
        if (named.ok) list = list.slice(named.value.length);
      }
      return list.map((c) => this.node(t, c, ref, core));
    };
  }

  locals(core: number, index: number): ViewNode[] {
    if (!this.ins) return [{ name: 'locals unavailable', value: this.problem ?? '' }];
    const t = this.target(core, index);
    return this.ins.locals(t).map((n) => this.node(t, n, 0, core));
  }

  /** A C++ expression in the frame; throws with the evaluator's message. */
  evaluate(core: number, index: number, expr: string): ViewNode {
    if (!this.ins) throw new Error(this.problem);
    const t = this.target(core, index);
    const r = this.ins.evaluate(t, expr);
    if (!r.ok) throw new Error(r.error);
    return this.node(t, r.value, 0, core);
  }

  /** Assigns `value` (an expression) to `expr` in the frame; returns the new display. */
  assign(core: number, index: number, expr: string, value: string): ViewNode {
    if (!this.ins) throw new Error(this.problem);
    const t = this.target(core, index);
    const r = this.ins.setExpression(t, expr, value);
    if (!r.ok) throw new Error(r.error);
    return this.node(t, r.value, 0, core);
  }
}

/** `ivp:v3` for a value held in an IVP register (debuginfo's `reg:<n>` place), else undefined. */
function registerReference(place: string | undefined): string | undefined {
  const name = place?.startsWith('reg:') ? ivpRegisterName(Number(place.slice(4))) : undefined;
  return name ? `ivp:${name}` : undefined;
}
