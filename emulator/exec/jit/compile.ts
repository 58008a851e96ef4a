// The block compiler: turns a hot straight-line run of instructions (from a block start up to and
// including a branch/jump/call/return, or up to the first instruction it does not compile) into
// one JavaScript function, so V8 compiles the guest code itself. A block handles its own
// zero-overhead-loop checks and exits early on loop-back; it sets Cpu.jitN to the number of
// instructions it dispatched and returns the next PC (or an exception vector / STOP).

import type { Cpu } from '../../core/cpu';
import type { Memory } from '../../memory/memory';
import type { Insn } from '../insn';
import { CHK_SYNC } from '../insn';
import { emit, isUnconditional } from './emit';

export type BlockFn = (c: Cpu) => number;

export interface CompiledBlock {
  readonly pc: number;
  /** Instructions in the block (an upper bound of what one call dispatches). */
  readonly n: number;
  /** Highest register pane the block names (the run loop compares it with Cpu.wfree). */
  readonly pane: number;
  /** PC of each instruction, for attributing a fault thrown at index Cpu.jitN. */
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
  const body: string[] = ['const a = c.a;'];
  if (hasLoops) body.push('const lend = c.lendActive;');
  const pcs: number[] = [];
  let pane = 0;
  let ins: Insn = first;
  let ended = false;
  for (let k = 0; k < MAX_BLOCK; k++) {
    if ((ins.chk & CHK_SYNC) !== 0 || ins.h !== ins.inner) break;
    const e = emit(ins, k, epoch, hasLitbase);
    if (!e) break;
    pcs.push(ins.pc);
    pane = Math.max(pane, ins.chk & 7);
    body.push(`// ${hex(ins.pc)} ${ins.def?.mnemonic}`, e.code);
    if (e.kind === 'end' && isUnconditional(ins.def?.mnemonic)) {
      ended = true;
      break;
    }
    // Falls through to ins.next: the zero-overhead-loop check applies here.
    if (hasLoops) {
      body.push(
        `if (lend === ${hex(ins.next)} && c.lcount !== 0) { c.lcount = (c.lcount - 1) >>> 0; c.jitN = ${k + 1}; return c.lbeg; }`,
      );
    }
    if (e.kind === 'end') {
      body.push(`c.jitN = ${k + 1}; return ${hex(ins.next)};`);
      ended = true;
      break;
    }
    ins = next(ins);
  }
  if (pcs.length === 0) return null;
  if (!ended) body.push(`c.jitN = ${pcs.length}; return ${hex(ins.pc)};`);
  const src = `"use strict"; return function block_${first.pc.toString(16)}(c) {\n${body.join('\n')}\n};`;
  const factory = new Function('mem', 'rIdx', 'wIdx', 'u8s', 'u16s', 'i32s', src) as Factory;
  const m = c.mem;
  return { pc: first.pc, n: pcs.length, pane, pcs, fn: factory(m, m.rIdx, m.wIdx, m.u8s, m.u16s, m.i32s) };
}
