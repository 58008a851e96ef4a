// Execution counters (Machine.addCounter): an instruction with a counter runs through this handler,
// which counts it when it completed — not when it raised an exception, stopped the run, or was
// re-executed after a window exception's handler returned to it. Compiled blocks count the same
// instruction in their own code (jit/compile.ts), so the count never depends on the compiler.

import { STOP, type Cpu } from '../core/cpu';
import type { Insn } from './insn';

export type { ExecutionCounter } from './insn';

export function countedHandler(c: Cpu, i: Insn): number {
  const hook = i.counter!.onEnter;
  if (hook) hook();
  const np = i.inner(c, i);
  if (np !== STOP && !c.excTaken) i.counter!.count++;
  return np;
}
