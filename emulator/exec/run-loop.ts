// The interpreter loops. Each executes up to `budget` instructions from Cpu.pc over predecoded
// records: the fall-through and branch-target successors are linked once, so the common path is one
// handler call, two compares and a pointer move per instruction, with no allocation. The checked
// loop adds a per-instruction trace hook and stop test (watchpoints); the fast loop has neither.

import { Cpu, STOP } from '../core/cpu';
import { generalException } from '../core/exceptions';
import { windowOverflow } from '../core/window';
import { MemFault } from '../memory/fault';
import { CHK_SYNC, Insn } from './insn';

export interface CodeCache {
  lookup(pc: number): Insn;
}

const PROCEED = -3;

/** Work done before the handler when `chk` exceeds the free panes: count sync, window overflow. */
function precheck(c: Cpu, i: Insn, left: number): number {
  if (i.chk & CHK_SYNC) c.icount = c.runStartCount + (c.runBudget - left);
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

/** Whether the instruction that stopped the loop completed (and so counts as retired). */
function stopRetired(c: Cpu): boolean {
  const k = c.stop?.kind;
  return k === 'exit' || k === 'break' || k === 'halt';
}

function begin(c: Cpu, budget: number): void {
  c.runStartCount = c.icount;
  c.runBudget = budget;
}

function end(c: Cpu, budget: number, left: number): void {
  c.icount = c.runStartCount + (budget - left);
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
          if (!stopRetired(c)) left++;
          end(c, budget, left);
          return;
        }
        if (c.excTaken) {
          c.excTaken = false;
          left++;
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
    if (hook !== null) hook(ins);
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
      if (!stopRetired(c)) left++;
      break;
    }
    if (c.excTaken) {
      c.excTaken = false;
      left++;
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
