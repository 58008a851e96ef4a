// Locals, evaluation and assignment in a stopped frame through debuginfo's value layer (Inspector):
// the frame as a TargetView (frame 0: the core's live window; a caller: its PC inside the call and
// its stack pointer and, for frames walked by .debug_frame, its CFA and the registers known there),
// HBM through the device (kernels only), and the value nodes
// as the adapter's ViewNodes (paged children for tensors and big arrays).

import { Program } from '../debuginfo';
import { Inspector, type TargetView, type ValueNode } from '../debuginfo/values';
import type { Q7Runtime } from './runtime';
import type { Lister, ViewNode } from './views';

export class FrameValues {
  private readonly ins: Inspector | undefined;
  readonly problem: string | undefined;

  constructor(readonly rt: Q7Runtime) {
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

  /** The frame `index` of `core` (0 = innermost) as the value layer sees it. */
  target(core: number, index: number): TargetView {
    const m = this.rt.machine(core);
    const hbm = this.rt.kernel?.device.hbm;
    const frames = this.rt.stack(core);
    const f = frames[index];
    const inner = index === 0;
    return {
      pc: inner ? m.pc >>> 0 : (f.pc + 2) >>> 0,
      cfa: inner ? undefined : f.cfa,
      readMemory: (a, n) => m.readMemory(a >>> 0, n),
      readRegister: (r) => (inner ? (r >= 0 && r < 16 ? m.readAR(r) >>> 0 : undefined) : r === 1 ? f.sp >>> 0 : f.regs?.get(r)),
      writeMemory: (a, b) => m.writeMemory(a >>> 0, b),
      writeRegister: (r, v) => {
        if (!inner || r < 0 || r >= 16) return false;
        m.writeAR(r, v);
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

  private node(t: TargetView, n: ValueNode, parentRef: number): ViewNode {
    const ins = this.ins!;
    return {
      name: n.name,
      value: n.value,
      type: n.type,
      memoryReference: n.address,
      evaluateName: n.evaluateName,
      named: n.namedCount,
      indexed: n.indexedCount,
      children: n.ref > 0 ? this.lister(t, n.ref) : undefined,
      set: (text) => {
        const r = ins.setVariable(t, parentRef, n.name, text);
        if (!r.ok) throw new Error(r.error);
        return r.value.value;
      },
    };
  }

  private lister(t: TargetView, ref: number): Lister {
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
      return list.map((c) => this.node(t, c, ref));
    };
  }

  locals(core: number, index: number): ViewNode[] {
    if (!this.ins) return [{ name: 'locals unavailable', value: this.problem ?? '' }];
    const t = this.target(core, index);
    return this.ins.locals(t).map((n) => this.node(t, n, 0));
  }

  /** A C++ expression in the frame; throws with the evaluator's message. */
  evaluate(core: number, index: number, expr: string): ViewNode {
    if (!this.ins) throw new Error(this.problem);
    const t = this.target(core, index);
    const r = this.ins.evaluate(t, expr);
    if (!r.ok) throw new Error(r.error);
    return this.node(t, r.value, 0);
  }

  /** Assigns `value` (an expression) to `expr` in the frame; returns the new display. */
  assign(core: number, index: number, expr: string, value: string): ViewNode {
    if (!this.ins) throw new Error(this.problem);
    const t = this.target(core, index);
    const r = this.ins.setExpression(t, expr, value);
    if (!r.ok) throw new Error(r.error);
    return this.node(t, r.value, 0);
  }
}
