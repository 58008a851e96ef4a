// Execution counters (Machine.addCounter): an instruction with a counter runs through this handler,
// which counts it when it completed — not when it raised an exception, stopped the run, or was
// re-executed after a window exception's handler returned to it. Compiled blocks count the same
// instruction in their own code (jit/compile.ts), so the count never depends on the compiler.

import { STOP, type Cpu } from '../core/cpu';
import type { Insn } from './insn';

export interface ExecutionCounter {
  readonly pc: number;
  /** Completed executions of the instruction at `pc` since the counter was added. */
  count: number;
  /**
   * Called before each execution of the instruction (the interpreter runs it: compiled blocks stop
   * before an instruction whose counter has a hook). The device's strict stale-window mode uses it.
   */
  onEnter?: () => void;
}

export function countedHandler(c: Cpu, i: Insn): number {
  const hook = i.counter!.onEnter;
  if (hook) hook();
  const np = i.inner(c, i);
  if (np !== STOP && !c.excTaken) i.counter!.count++;
  return np;
}
