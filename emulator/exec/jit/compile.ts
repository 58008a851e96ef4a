// The block compiler: turns a hot run of instructions (from a block start along the fall-through
// path, conditional branches being side exits, up to and including a jump/call/return or a branch
// back to the start, or up to the first instruction it does not compile) into one JavaScript
// function, so V8 compiles the guest code itself. A block whose branch or jump goes back to its own
// start loops inside the function while the budget (`left`) allows. A block handles its own
// zero-overhead-loop checks and exits on loop-back; it sets Cpu.jitN to the number of instructions
// it dispatched and returns the next PC. Windowed calls, ENTRY and RETW compile too. The block
// checks each higher register pane where it is first named (again after an ENTRY's rotation), and
// leaves an instruction it cannot complete (a pane not free, a window exception, the stack-limit
// stop) to the interpreter (jitN = the instructions before it, the return value its PC).
// Instructions with an execution counter (Machine.addCounter) count themselves in the block's code.

import type { Cpu } from '../../core/cpu';
import type { Memory } from '../../memory/memory';
import type { Handler, Insn } from '../insn';
import { CHK_SYNC } from '../insn';
import { countedHandler, type ExecutionCounter } from '../counted';
import { Emitted, emit } from './emit';
import { jitEntry, jitRetw } from './windowed';

/** Runs the block (repeatedly if it loops on itself, at most `left` instructions); returns the next PC. */
export type BlockFn = (c: Cpu, left: number) => number;

export interface CompiledBlock {
  readonly pc: number;
  /** Instructions in the block (an upper bound of what one call dispatches). */
  readonly n: number;
  /** Register pane the block's first instruction names (the run loop compares it with Cpu.wfree; the block checks the others). */
  readonly pane: number;
  /** PC of each instruction, for attributing a fault thrown at index Cpu.jitK. */
  readonly pcs: readonly number[];
  readonly fn: BlockFn;
  /** The last two PCs the block left to and their decoded instructions (saves the run loop a lookup). */
  exitPc0: number;
  exitIns0: Insn | null;
  exitPc1: number;
  exitIns1: Insn | null;
}

export const MAX_BLOCK = 64;
/** Executions of a block start before it is compiled. */
export const HOT = 8;

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

type Factory = (
  mem: Memory, rIdx: Uint16Array, wIdx: Uint16Array, u8s: Uint8Array[], u16s: Uint16Array[], i32s: Int32Array[],
  entry: typeof jitEntry, retw: typeof jitRetw, cnt: readonly ExecutionCounter[], hf: readonly Handler[], hi: readonly Insn[],
) => BlockFn;

/** The code that counts item k after it completed (nothing without a counter). */
function countCode(ins: Insn, k: number, counters: ExecutionCounter[]): string {
  if (ins.counter === null) return '';
  counters[k] = ins.counter;
  return `cnt[${k}].count++;`;
}

/**
 * Compiles the block starting at `first`; `next(i)` gives the decoded fall-through successor.
 * Returns null when not even the first instruction compiles.
 */
export function compileBlock(c: Cpu, first: Insn, next: (i: Insn) => Insn): CompiledBlock | null {
  const hasLoops = c.hasLoops;
  const hasLitbase = c.config.features.has('litbase');
  const epoch = c.codeEpoch;
  const items: { ins: Insn; e: Emitted }[] = [];
  let ins: Insn = first;
  for (let k = 0; k < MAX_BLOCK; k++) {
    if ((ins.chk & CHK_SYNC) !== 0 || (ins.h !== ins.inner && ins.h !== countedHandler) || ins.counter?.onEnter) break;
    const e = emit(ins, k, epoch, hasLitbase);
    if (!e) break;
    items.push({ ins, e });
    // a conditional branch is a side exit: the block goes on along its fall-through path, unless
    // it branches back to the block's start (then it ends the block, which may loop on itself).
    // Jumps, calls and returns end it (following direct calls into their callees was measured
    // slower: each call site then compiles its own copy of the callee's first block)
    if (e.kind === 'jump' || (e.kind === 'branch' && e.target === first.pc)) break;
    ins = next(ins);
  }
  if (items.length === 0) return null;
  const n = items.length;
  const last = items[n - 1].e;
  const rotation = items.findIndex((it) => it.e.kind === 'seq' && it.e.rotates === true);
  const selfLoop = rotation < 0 && ((last.kind === 'branch' && last.target === first.pc) || (last.kind === 'jump' && last.direct === first.pc));
  const counters: ExecutionCounter[] = [];
  // Panes: the run loop checks the first instruction's before the block runs; inside, an instruction
  // naming a higher pane than any checked so far (since the last rotation) is checked first, and
  // when its pane is not free the block leaves before it (the interpreter then takes the overflow).
  let checked = items[0].ins.chk & 7;
  const paneCheck = (i: Insn, k: number): string => {
    const p = i.chk & 7;
    if (k === 0 || p <= checked) return '';
    checked = p;
    return `if (c.wfree < ${p}) { c.jitN = done + ${k}; return ${hex(i.pc)}; }`;
  };
  // Back to the start: another pass if the budget allows, else leave with the count so far.
  const again = `done += ${n}; if (done + ${n} <= left) continue; c.jitN = done; return ${hex(first.pc)};`;
  const loopBack = (i: Insn, k: number) =>
    hasLoops ? `if (lend === ${hex(i.next)} && c.lcount !== 0) { c.lcount = (c.lcount - 1) >>> 0; c.jitN = done + ${k + 1}; return c.lbeg; }` : '';
  const body: string[] = ['const a = c.a;', hasLoops ? 'const lend = c.lendActive;' : '', selfLoop ? 'let done = 0;\nfor (;;) {' : 'const done = 0;'];
  items.forEach(({ ins: i, e }, k) => {
    body.push(`// ${hex(i.pc)} ${i.def?.mnemonic}`);
    const count = countCode(i, k, counters);
    body.push(paneCheck(i, k));
    if (e.kind === 'seq') {
      body.push(e.code, count, loopBack(i, k));
      if (e.rotates === true) checked = -1;
    } else if (e.kind === 'branch') {
      const taken = selfLoop && e.target === first.pc ? again : `c.jitN = done + ${k + 1}; return ${hex(e.target)};`;
      body.push(count, `if (${e.cond}) { ${taken} }`, loopBack(i, k), k === n - 1 ? `c.jitN = done + ${k + 1}; return ${hex(i.next)};` : '');
    } else {
      body.push(`{ ${e.code}`, count, selfLoop ? again : `c.jitN = done + ${k + 1}; return ${e.to};`, '}');
    }
  });
  if (last.kind === 'seq') body.push(`c.jitN = done + ${n}; return ${hex(ins.pc)};`);
  if (selfLoop) body.push('}');
  const src = `"use strict"; return function block_${first.pc.toString(16)}(c, left) {\n${body.filter((l) => l).join('\n')}\n};`;
  const factory = new Function('mem', 'rIdx', 'wIdx', 'u8s', 'u16s', 'i32s', 'jitEntry', 'jitRetw', 'cnt', 'hf', 'hi', src) as Factory;
  const m = c.mem;
  c.jitCompiled++;
  return {
    pc: first.pc,
    n,
    pane: items[0].ins.chk & 7,
    pcs: items.map((it) => it.ins.pc),
    fn: factory(m, m.rIdx, m.wIdx, m.u8s, m.u16s, m.i32s, jitEntry, jitRetw, counters, items.map((it) => it.ins.inner), items.map((it) => it.ins)),
    exitPc0: -1,
    exitIns0: null,
    exitPc1: -1,
    exitIns1: null,
  };
}
