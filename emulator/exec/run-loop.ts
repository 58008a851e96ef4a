// The run loops. Each executes up to `budget` instructions from Cpu.pc over predecoded records:
// the fall-through and branch-target successors are linked once, so the common path is one handler
// call, two compares and a pointer move per instruction, with no allocation. runFast interprets;
// runJit also runs compiled blocks (exec/jit); runChecked adds a per-instruction trace hook and stop
// test (watchpoints). Budgets count dispatched instructions; Cpu.icount counts retired ones.

import { Cpu, STOP } from '../core/cpu';
import { CAUSE } from '../core/causes';
import { generalException } from '../core/exceptions';
import { windowOverflow } from '../core/window';
import { MemFault } from '../memory/fault';
import { CHK_SYNC, Insn, TAKEN_NEXT } from './insn';
import { CompiledBlock, compileRegion } from './jit/compile';

export interface CodeCache {
  lookup(pc: number): Insn;
}

const PROCEED = -3;
/** Most instructions one call of a compiled region may run: a region that never returned would keep the code V8 compiled it to, however often that code deoptimised. */
const SLICE = 1 << 14;

/**
 * Work done before the handler when `chk` exceeds the free panes: a fetch in a ring other than 0 on
 * the MMU cores (their reset mapping is ring-0 only, so QEMU raises InstFetchPrivilege), the count
 * sync, the window-overflow check.
 */
function precheck(c: Cpu, i: Insn, left: number): number {
  if (c.wfree < 0) return generalException(c, CAUSE.InstFetchPrivilege, i.pc, i.pc);
  if (i.chk & CHK_SYNC) c.icount = c.runStartSteps + (c.runBudget - left) - c.excepted;
  if ((i.chk & 7) > c.wfree) return windowOverflow(c, i.pc);
  return PROCEED;
}

function execute(c: Cpu, i: Insn, left: number): number {
  if (i.chk > c.wfree) {
    const r = precheck(c, i, left);
    if (r !== PROCEED) return r;
  }
  return i.h(c, i);
}

/**
 * Whether the instruction that stopped the loop was executed: exit, BREAK and WAITI complete; a
 * breakpoint, an exception stop or an unhandled fault leave it unexecuted.
 */
function stopExecuted(c: Cpu): boolean {
  const k = c.stop?.kind;
  return k === 'exit' || k === 'break' || k === 'halt';
}

function begin(c: Cpu, budget: number): void {
  c.runStartSteps = c.steps;
  c.runBudget = budget;
}

/** Budgets count dispatched instructions (an exception counts as a step); icount retired ones. */
function end(c: Cpu, budget: number, left: number): void {
  c.steps = c.runStartSteps + (budget - left);
  c.icount = c.steps - c.excepted;
}

export function runFast(c: Cpu, cache: CodeCache, budget: number): void {
  begin(c, budget);
  let left = budget;
  let ins = cache.lookup(c.pc);
  for (;;) {
    try {
      while (left > 0) {
        const np = ins.chk > c.wfree ? execute(c, ins, left) : ins.h(c, ins);
        left--;
        if (np === ins.next) {
          if (np === c.lendActive && c.lcount !== 0) {
            c.lcount = (c.lcount - 1) >>> 0;
            ins = cache.lookup(c.lbeg);
            continue;
          }
          let n = ins.nextIns;
          if (n === null) n = ins.nextIns = cache.lookup(np);
          ins = n;
          continue;
        }
        if (np === STOP) {
          if (!stopExecuted(c)) left++;
          end(c, budget, left);
          return;
        }
        if (np === TAKEN_NEXT) {
          let n = ins.nextIns;
          if (n === null) n = ins.nextIns = cache.lookup(ins.next);
          ins = n;
          continue;
        }
        if (c.excTaken) {
          c.excTaken = false;
          c.excepted++;
          ins = cache.lookup(np);
        } else if (np === ins.target) {
          let n = ins.targetIns;
          if (n === null) n = ins.targetIns = cache.lookup(np);
          ins = n;
        } else {
          ins = cache.lookup(np);
        }
      }
      c.pc = ins.pc;
      end(c, budget, left);
      return;
    } catch (e) {
      if (!(e instanceof MemFault)) throw e;
      const np = generalException(c, e.cause, ins.pc, e.vaddr);
      c.excTaken = false;
      if (np === STOP) {
        end(c, budget, left);
        return;
      }
      left--;
      c.excepted++;
      ins = cache.lookup(np);
    }
  }
}

/** Called before each instruction in the checked loop. */
export type TraceHook = (ins: Insn) => void;

export function runChecked(c: Cpu, cache: CodeCache, budget: number, hook: TraceHook | null): void {
  begin(c, budget);
  let left = budget;
  let ins = cache.lookup(c.pc);
  while (left > 0) {
    c.pc = ins.pc;
    if (hook !== null) {
      // the hook sees the live counts (Machine.stepCount/instructionCount before this instruction)
      end(c, budget, left);
      hook(ins);
    }
    let np: number;
    try {
      np = execute(c, ins, left);
    } catch (e) {
      if (!(e instanceof MemFault)) throw e;
      np = generalException(c, e.cause, ins.pc, e.vaddr);
      c.excTaken = np !== STOP;
    }
    left--;
    if (np === STOP) {
      if (!stopExecuted(c)) left++;
      break;
    }
    if (np === TAKEN_NEXT) {
      ins = cache.lookup(ins.next);
    } else if (c.excTaken) {
      c.excTaken = false;
      c.excepted++;
      ins = cache.lookup(np);
    } else if (np === ins.next && np === c.lendActive && c.lcount !== 0) {
      c.lcount = (c.lcount - 1) >>> 0;
      ins = cache.lookup(c.lbeg);
    } else {
      ins = cache.lookup(np);
    }
    c.pc = ins.pc;
    if (c.stop !== null) break;
  }
  if (c.stop === null) c.pc = ins.pc;
  end(c, budget, left);
}

/**
 * Compiles the region starting at `ins` once it is hot (a failed compile is not retried); every block
 * start of the region then enters it (no earlier region holds one: jit/region.ts).
 */
function heat(c: Cpu, cache: CodeCache, ins: Insn): void {
  if (++ins.hot === c.jitHot) {
    const entries = compileRegion(
      c,
      ins,
      (i) => {
        let n = i.nextIns;
        if (n === null) n = i.nextIns = cache.lookup(i.next);
        return n;
      },
      (pc) => cache.lookup(pc),
    );
    for (const e of entries) e.ins.blk = e.blk;
  }
}

/**
 * The decoded instruction at `np`, where block `b` just left to: one of the block's two remembered
 * exits, else looked up and remembered. Blocks live only while the decoded instructions they came
 * from do (Machine.flushCode drops both), so a remembered exit is never stale.
 */
function exitOf(b: CompiledBlock, np: number, cache: CodeCache): Insn {
  if (np === b.exitPc0) return b.exitIns0!;
  if (np === b.exitPc1) return b.exitIns1!;
  const ins = cache.lookup(np);
  b.exitPc1 = b.exitPc0;
  b.exitIns1 = b.exitIns0;
  b.exitPc0 = np;
  b.exitIns0 = ins;
  return ins;
}

/**
 * The fast loop with compiled blocks: hot block starts (instructions reached by a transfer) are
 * compiled to JavaScript and run as one call while they fit the budget and the free window panes;
 * everything else is interpreted exactly as in runFast. Not used while breakpoints are set.
 */
export function runJit(c: Cpu, cache: CodeCache, budget: number): void {
  begin(c, budget);
  let left = budget;
  let ins = cache.lookup(c.pc);
  let cur: CompiledBlock | null = null;
  // set when a block left before its first instruction: the interpreter runs that one
  let declined = false;
  for (;;) {
    try {
      while (left > 0) {
        const b = ins.blk;
        if (b !== null && !declined && b.n <= left && b.pane <= c.wfree) {
          cur = b;
          const np = b.fn(c, left < SLICE ? left : SLICE, b.at);
          if (c.jitFault !== null) {
            // the block left at a faulting access (jit/slow.ts): raised here as if thrown there
            const f = c.jitFault;
            c.jitFault = null;
            throw f;
          }
          cur = null;
          left -= c.jitN;
          const runs = b.runs;
          runs.calls++;
          runs.insns += c.jitN;
          declined = c.jitN === 0;
          ins = exitOf(b, np, cache);
          if (ins.blk === null) heat(c, cache, ins);
          continue;
        }
        declined = false;
        const np = ins.chk > c.wfree ? execute(c, ins, left) : ins.h(c, ins);
        left--;
        if (np === ins.next) {
          if (np === c.lendActive && c.lcount !== 0) {
            c.lcount = (c.lcount - 1) >>> 0;
            ins = cache.lookup(c.lbeg);
            if (ins.blk === null) heat(c, cache, ins);
            continue;
          }
          let n = ins.nextIns;
          if (n === null) n = ins.nextIns = cache.lookup(np);
          ins = n;
          continue;
        }
        if (np === STOP) {
          if (!stopExecuted(c)) left++;
          end(c, budget, left);
          return;
        }
        if (np === TAKEN_NEXT) {
          let n = ins.nextIns;
          if (n === null) n = ins.nextIns = cache.lookup(ins.next);
          ins = n;
        } else if (c.excTaken) {
          c.excTaken = false;
          c.excepted++;
          ins = cache.lookup(np);
        } else if (np === ins.target) {
          let n = ins.targetIns;
          if (n === null) n = ins.targetIns = cache.lookup(np);
          ins = n;
        } else {
          ins = cache.lookup(np);
        }
        if (ins.blk === null) heat(c, cache, ins);
      }
      c.pc = ins.pc;
      end(c, budget, left);
      return;
    } catch (e) {
      if (!(e instanceof MemFault)) throw e;
      // A fault in a compiled block happened at index jitK; jitN instructions ran before it.
      declined = false;
      const pc = cur !== null ? cur.pcs[c.jitK] : ins.pc;
      if (cur !== null) left -= c.jitN;
      cur = null;
      const np = generalException(c, e.cause, pc, e.vaddr);
      c.excTaken = false;
      if (np === STOP) {
        end(c, budget, left);
        return;
      }
      left--;
      c.excepted++;
      ins = cache.lookup(np);
    }
  }
}
