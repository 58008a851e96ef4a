// Stack frame layout for the windowed ABI (with -O1's register homes from registers.ts), and the
// argument-word layout of calls.
//
// A frame of S bytes (ENTRY a1, S; S a multiple of 16, at most 32760), from the stack pointer up:
//   [0, out)          outgoing arguments beyond the sixth word (the callee reads them at its sp + S')
//   [out, ...)        stack slots (locals, parameter homes, temporary objects), then the homes of
//                     virtual registers: those used in several blocks each have their own, those used
//                     in one block only share a region reused by every block
//   [S - 32, S - 16)  this frame's extra save area (a4..a7 spilled by the window overflow handler
//                     when this function has made a CALL8)
//   [S - 16, S)       the caller's base save area (the caller's a0..a3)
// Incoming arguments beyond the sixth word are at [sp + S + 4 * (word - 6)].

import { Unsupported } from '../lower/errors';
import type { Func, ValueType, VReg } from '../ir/ir';
import { vregsOf } from '../ir/uses';
import { allocateRegisters } from './registers';
import { argumentWordsOf, isVectorValue, sizeOfValue } from '../ir/ir';

/** Alignment of a home: its size, 64 for the vector unit's 64- and 192-byte registers. */
const alignOfValue = (t: ValueType): number => (isVectorValue(t) ? Math.min(sizeOfValue(t), 64) : sizeOfValue(t));

export const MAX_FRAME = 32760;
export const ARG_REGISTER_WORDS = 6;

const alignUp = (v: number, a: number) => Math.ceil(v / a) * a;

/**
 * The argument words of a call: each argument starts at a word index (64-bit values at an even one);
 * words 0..5 travel in a10..a15 of the caller (a2..a7 of the callee), the rest on the stack. A
 * 64-bit value never straddles registers and stack: if it does not fit in the registers left it
 * goes wholly to the stack.
 */
export function argumentWords(types: readonly ValueType[]): { start: number[]; total: number } {
  const start: number[] = [];
  let w = 0;
  for (const t of types) {
    const n = argumentWordsOf(t);
    if (n === 2 && w % 2) w++;
    if (w < ARG_REGISTER_WORDS && w + n > ARG_REGISTER_WORDS) w = ARG_REGISTER_WORDS;
    start.push(w);
    w += n;
  }
  return { start, total: w };
}

export interface Frame {
  readonly size: number;
  /** Offset from sp of each virtual register's home (by vreg id). */
  readonly homes: Map<number, number>;
  /** -O1: virtual registers kept in a2..a7 for the whole function (one register per word). */
  readonly regs: Map<number, string[]>;
  readonly outgoing: number;
  /** The frame holds 64-byte aligned homes or slots: the entry sequence aligns sp down to 64. */
  readonly realign: boolean;
  /**
   * -O2 (debug-ranges.ts): per virtual register of a debugger variable in a2..a7, where the register
   * holds it, between the writer's range marks (AsmWriter.rangeMark ids); set by the emitter.
   */
  ranges?: Map<number, { readonly from: number; readonly to: number; readonly regs?: readonly string[] }[]>;
}

/** A frame past ENTRY's reach: an error at the function, like any construct the compiler does not handle. */
export class FrameTooLarge extends Unsupported {}

/**
 * Lays out the frame of `f`; sets each slot's offset. `unallocated`: values that keep their frame home
 * rather than take a register of a2..a7 (unallocated.ts).
 */
export function layoutFrame(f: Func, unallocated: ReadonlySet<number> = new Set()): Frame {
  let outgoingWords = 0;
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op !== 'call') continue;
      const { total } = argumentWords(i.args.map((a) => a.type));
      outgoingWords = Math.max(outgoingWords, total - ARG_REGISTER_WORDS);
    }
  }
  const outgoing = outgoingWords * 4;
  let at = alignUp(outgoing, 8);
  for (const s of f.slots) {
    at = alignUp(at, Math.min(s.align, 64));
    s.offset = at;
    at += s.size;
  }
  const { shared, local, all } = classifyVRegs(f);
  const scalars = new Map([...all].filter(([id, v]) => !isVectorValue(v.type) && !unallocated.has(id)));
  const regs = f.promoted ? allocateRegisters(f, scalars, incomingRegisters(f)) : new Map<number, string[]>();
  const homes = new Map<number, number>();
  const stackParams = incomingStackParams(f);
  for (const v of shared.values()) {
    if (stackParams.has(v.id) || regs.has(v.id)) continue;
    at = alignUp(at, alignOfValue(v.type));
    homes.set(v.id, at);
    at += sizeOfValue(v.type);
  }
  at = alignUp(at, [...all.values()].some((v) => isVectorValue(v.type)) ? 64 : 8);
  const localBase = at;
  let localMax = 0;
  for (const vs of local.values()) {
    let off = 0;
    for (const v of vs) {
      if (regs.has(v.id)) continue;
      off = alignUp(off, alignOfValue(v.type));
      homes.set(v.id, localBase + off);
      off += sizeOfValue(v.type);
    }
    localMax = Math.max(localMax, off);
  }
  at = localBase + localMax;
  const realign = f.slots.some((s) => s.align > 16) || [...all.values()].some((v) => isVectorValue(v.type) && !stackParams.has(v.id));
  // realigning moves sp down by up to 48 bytes below what ENTRY reserved
  const size = alignUp(at, 16) + 32 + (realign ? 48 : 0);
  if (realign && stackParams.size) throw new FrameTooLarge(`'${f.displayName}' takes arguments on the stack and holds vector-unit values: pass at most six argument words`, f.pos);
  if (size > MAX_FRAME) throw new FrameTooLarge(`the stack frame of '${f.displayName}' needs ${size} bytes (at most ${MAX_FRAME} are supported: move large arrays to TCM (tcm_malloc) or to globals)`, f.pos);
  for (const [id, word] of stackParams) homes.set(id, size + 4 * (word - ARG_REGISTER_WORDS));
  return { size, homes, regs, outgoing, realign };
}

/** Parameters passed wholly in registers: the registers they arrive in (a2..a7). */
function incomingRegisters(f: Func): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const { start } = argumentWords(f.params.map((p) => p.type));
  f.params.forEach((p, i) => {
    const words = argumentWordsOf(p.type);
    if (words === 0) return;
    if (start[i] + words <= ARG_REGISTER_WORDS) out.set(p.id, Array.from({ length: words }, (_, k) => `a${2 + start[i] + k}`));
  });
  return out;
}

/** Parameters passed on the stack: their home is where the caller put them. */
function incomingStackParams(f: Func): Map<number, number> {
  const out = new Map<number, number>();
  const { start } = argumentWords(f.params.map((p) => p.type));
  f.params.forEach((p, i) => {
    if (argumentWordsOf(p.type) && start[i] >= ARG_REGISTER_WORDS) out.set(p.id, start[i]);
  });
  return out;
}

/**
 * Virtual registers used in more than one block (or parameters, or promoted variables, which keep one
 * home for their whole life), and those of each single block.
 */
function classifyVRegs(f: Func): { shared: Map<number, VReg>; local: Map<number, VReg[]>; all: Map<number, VReg> } {
  const blockOf = new Map<number, number>();
  const shared = new Map<number, VReg>();
  const all = new Map<number, VReg>();
  const note = (v: VReg | undefined, block: number) => {
    if (!v) return;
    all.set(v.id, v);
    const b = blockOf.get(v.id);
    if (b === undefined) blockOf.set(v.id, block);
    else if (b !== block) shared.set(v.id, v);
    if (f.promoted?.has(v.id)) shared.set(v.id, v);
  };
  for (const p of f.params) shared.set(p.id, p);
  for (const b of f.blocks) {
    for (const i of b.instrs) for (const v of vregsOf(i)) note(v, b.id);
    const t = b.term;
    if (t?.op === 'branch') note(t.cond, b.id);
    if (t?.op === 'ret') note(t.value, b.id);
  }
  const local = new Map<number, VReg[]>();
  for (const [id, v] of all) {
    if (shared.has(id)) continue;
    const b = blockOf.get(id)!;
    let list = local.get(b);
    if (!list) local.set(b, (list = []));
    list.push(v);
  }
  return { shared, local, all };
}
