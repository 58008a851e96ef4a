// The block compiler: turns a hot straight-line run of instructions (from a block start up to and
// including a branch/jump/call/return, or up to the first instruction it does not compile) into
// one JavaScript function, so V8 compiles the guest code itself. A block whose branch or jump goes
// back to its own start loops inside the function while the budget (`left`) allows. A block
// handles its own zero-overhead-loop checks and exits on loop-back; it sets Cpu.jitN to the number
// of instructions it dispatched and returns the next PC.

import type { Cpu } from '../../core/cpu';
import type { Memory } from '../../memory/memory';
import type { Insn } from '../insn';
import { CHK_SYNC } from '../insn';
import { Emitted, emit } from './emit';

/** Runs the block (repeatedly if it loops on itself, at most `left` instructions); returns the next PC. */
export type BlockFn = (c: Cpu, left: number) => number;

export interface CompiledBlock {
  readonly pc: number;
  /** Instructions in the block (an upper bound of what one call dispatches). */
  readonly n: number;
  /** Highest register pane the block names (the run loop compares it with Cpu.wfree). */
  readonly pane: number;
  /** PC of each instruction, for attributing a fault thrown at index Cpu.jitK. */
  readonly pcs: readonly number[];
  readonly fn: BlockFn;
}

export const MAX_BLOCK = 64;
/** Executions of a block start before it is compiled. */
export const HOT = 8;

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

type Factory = (mem: Memory, rIdx: Uint16Array, wIdx: Uint16Array, u8s: Uint8Array[], u16s: Uint16Array[], i32s: Int32Array[]) => BlockFn;

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
    if ((ins.chk & CHK_SYNC) !== 0 || ins.h !== ins.inner) break;
    const e = emit(ins, k, epoch, hasLitbase);
    if (!e) break;
    items.push({ ins, e });
    if (e.kind !== 'seq') break;
    ins = next(ins);
  }
  if (items.length === 0) return null;
  const n = items.length;
  const last = items[n - 1].e;
  const selfLoop = (last.kind === 'branch' && last.target === first.pc) || (last.kind === 'jump' && last.direct === first.pc);
  // Back to the start: another pass if the budget allows, else leave with the count so far.
  const again = `done += ${n}; if (done + ${n} <= left) continue; c.jitN = done; return ${hex(first.pc)};`;
  const loopBack = (i: Insn, k: number) =>
    hasLoops ? `if (lend === ${hex(i.next)} && c.lcount !== 0) { c.lcount = (c.lcount - 1) >>> 0; c.jitN = done + ${k + 1}; return c.lbeg; }` : '';
  const body: string[] = ['const a = c.a;', hasLoops ? 'const lend = c.lendActive;' : '', selfLoop ? 'let done = 0;\nfor (;;) {' : 'const done = 0;'];
  items.forEach(({ ins: i, e }, k) => {
    body.push(`// ${hex(i.pc)} ${i.def?.mnemonic}`);
    if (e.kind === 'seq') {
      body.push(e.code, loopBack(i, k));
    } else if (e.kind === 'branch') {
      const taken = selfLoop && e.target === first.pc ? again : `c.jitN = done + ${k + 1}; return ${hex(e.target)};`;
      body.push(`if (${e.cond}) { ${taken} }`, loopBack(i, k), `c.jitN = done + ${k + 1}; return ${hex(i.next)};`);
    } else {
      body.push(`{ ${e.code}`, selfLoop ? again : `c.jitN = done + ${k + 1}; return ${e.to};`, '}');
    }
  });
  if (last.kind === 'seq') body.push(`c.jitN = done + ${n}; return ${hex(ins.pc)};`);
  if (selfLoop) body.push('}');
  const src = `"use strict"; return function block_${first.pc.toString(16)}(c, left) {\n${body.filter((l) => l).join('\n')}\n};`;
  const factory = new Function('mem', 'rIdx', 'wIdx', 'u8s', 'u16s', 'i32s', src) as Factory;
  const m = c.mem;
  c.jitCompiled++;
  return {
    pc: first.pc,
    n,
    pane: items.reduce((p, it) => Math.max(p, it.ins.chk & 7), 0),
    pcs: items.map((it) => it.ins.pc),
    fn: factory(m, m.rIdx, m.wIdx, m.u8s, m.u16s, m.i32s),
  };
}
