// What an inline template produces (JavaScript source for one instruction inside a compiled block,
// see compile.ts) and the helpers the templates beside the handlers (handlers/*.ts, FAMILIES) are
// written with. Each template mirrors its interpreter handler, which stays the reference.
//
// Conventions of the generated code: `a` is the current window (Int32Array), `c` the Cpu, `mem`
// the Memory, `m8`, `m16`, `m32` the views of its pool (Memory.pool8, pool16, pool32), whose first
// words are the page tables (Memory.rPool, wPool: page number → byte offset in the pool, negative
// for the slow path); `jitRead`, `jitWrite` the Memory's slow path (jit/slow.ts); `mkStore` its marking
// path for 32-bit stores (Memory.markingPath); `done` counts the
// instructions of earlier passes of a self-looping block. Before anything that may fault, c.jitK is
// set to the instruction's index K in the block and c.jitN to `done + K`; a fault does not throw at
// the block: it is kept in c.jitFault, and the block leaves (`return PC`, PC the instruction's).

import type { Insn } from '../insn';
import { TAKEN_NEXT } from '../insn';
import { CALLINC_MASK, CALLINC_SHIFT } from './windowed';
import { POOL_WRITE } from '../../memory/memory';

/**
 * 'seq': statements, then the next instruction (`rotates`: it moved the register window, so the
 * block must check the panes of what follows; `window`: the only registers of the window the
 * statements reach other than by a literal `a[N]`, a handler call's register operands; `throws`: a
 * handler call whose handler may throw a memory fault, which the region calls through jit/slow.ts's
 * `catching`). 'branch': a condition; taken goes to `target`.
 * 'jump': statements, then an unconditional transfer to the `to` expression (`direct` when fixed;
 * `rotates`: the statements moved the register window, so the region leaves right after them with
 * the window as they left it: it neither reads nor writes back a register after them).
 * Statements may leave the block before the instruction (`c.jitN = done + K; return PC;`) so that
 * the interpreter runs it: the windowed instructions do so for their exceptional cases.
 */
export type Emitted =
  | { readonly kind: 'seq'; readonly code: string; readonly rotates?: boolean; readonly window?: readonly number[]; readonly throws?: boolean }
  | { readonly kind: 'branch'; readonly cond: string; readonly target: number }
  | { readonly kind: 'jump'; readonly code: string; readonly to: string; readonly direct: number | null; readonly rotates?: boolean };

/**
 * Where the instruction sits: its index in the block, the code epoch it was compiled in, and the
 * LITBASE register it is compiled for (a write that changes LITBASE drops compiled code:
 * Cpu.onCodeStateChange).
 */
export interface EmitContext {
  readonly k: number;
  readonly epoch: number;
  readonly litbase: number;
}

/** Source for instruction `i`, or undefined when this instance is left to the interpreter. */
export type Template = (i: Insn, x: EmitContext) => Emitted | undefined;

export const hex = (v: number): string => `0x${(v >>> 0).toString(16)}`;
export const imm = (v: number): string => String(v | 0);
/** Address register `n` of the current window. */
export const A = (n: number): string => `a[${n}]`;

export const seq = (code: string): Emitted => ({ kind: 'seq', code });
/** `a[ar] = expr`. */
export const rrr = (i: Insn, expr: string): Emitted => seq(`a[${i.a}] = ${expr};`);

/** The direct target (a transfer to the fall-through address is predecoded as TAKEN_NEXT). */
function targetOf(i: Insn): number {
  return i.target === TAKEN_NEXT ? i.next : i.target;
}
/** A conditional branch to the row's direct target. */
export const branch = (i: Insn, cond: string): Emitted => ({ kind: 'branch', cond, target: targetOf(i) });
/** `code`, then a transfer to the row's direct target. */
export function jumpDirect(i: Insn, code: string): Emitted {
  const t = targetOf(i);
  return { kind: 'jump', code, to: hex(t), direct: t };
}
/** `code` (which defines `to`), then a transfer to `to`. */
export const jumpTo = (code: string): Emitted => ({ kind: 'jump', code, to: 'to', direct: null });

/** The write table's word index in `m32` (the read table starts at 0). */
const WRITE_TABLE = hex(POOL_WRITE);
/** The mask of `o` (page entry + address offset) that must be clear for a fast access of `size` bytes: the slow-entry bit and the alignment. */
const FAST_MASK = { 1: '0x80000000', 2: '0x80000001', 4: '0x80000003' } as const;
/** The pool view element of `size` bytes at byte offset `o`. */
const POOL_AT = { 1: 'm8[o]', 2: 'm16[o >> 1]', 4: 'm32[o >> 2]' } as const;

/** `const o = …`: the byte offset in the pool of the (int32) address `ad`, read from the read or write table; negative for the slow path. */
export function poolOffset(write: boolean): string {
  return `const o = (m32[${write ? `${WRITE_TABLE} | ` : ''}(ad >>> 16)] + (ad & 0xffff)) | 0;`;
}

/**
 * `into = ` the Memory's read of `size` bytes at the address `ad` (the slow path: jit/slow.ts keeps a
 * fault in Cpu.jitFault, and the block then leaves without writing `into`); `wrap` converts the value.
 */
export function slowLoad(i: Insn, x: EmitContext, size: 1 | 2 | 4, into: string, wrap = (v: string) => v): string {
  const k = x.k;
  return `c.jitK = ${k}; c.jitN = done + ${k}; const v = jitRead(c, ad >>> 0, ${size}); if (c.jitFault !== null) return ${hex(i.pc)}; ${into} = ${wrap('v')};`;
}

/**
 * at = mem[as + offset] of `size` bytes: pool fast path (one table read, one test for the page and
 * the alignment), the Memory for the rest (slowLoad). The address is kept as an int32 (`>>> 16`,
 * `& 0xffff` read it the same), so V8 needs no uint32 check.
 */
export function load(i: Insn, x: EmitContext, size: 1 | 2 | 4, signed: boolean, into = A(i.a)): Emitted {
  const addr = `const ad = (a[${i.b}] + ${imm(i.c)}) | 0;`;
  const wrap = (v: string) => (signed ? `(${v} << 16) >> 16` : v);
  const fast = `if ((o & ${FAST_MASK[size]}) === 0) ${into} = ${wrap(POOL_AT[size])};`;
  return seq(`{ ${addr} ${poolOffset(false)} ${fast} else { ${slowLoad(i, x, size, into, wrap)} } }`);
}

/**
 * mem[as + offset] = at; a slow store that faulted, or rewrote decoded code, leaves the (now stale)
 * block right after it. A 32-bit store off the pool first tries the Memory's marking path
 * (`mkStore`, Memory.markingPath: an output tensor's HBM page whose bytes are not all written yet),
 * which skips the call chain of the slow path and cannot fault or touch decoded code.
 */
export function store(i: Insn, x: EmitContext, size: 1 | 2 | 4, from = A(i.a)): Emitted {
  const k = x.k;
  const addr = `const ad = (a[${i.b}] + ${imm(i.c)}) | 0;`;
  const slow = `c.jitK = ${k}; c.jitN = done + ${k}; jitWrite(c, ad >>> 0, ${from}, ${size}); ${leaveIfFaulted(i)} ${leaveIfCodeChanged(i, x)}`;
  const off = size === 4 ? `if (!mkStore(ad, ${from})) { ${slow} }` : slow;
  return seq(`{ ${addr} ${poolOffset(true)} if ((o & ${FAST_MASK[size]}) === 0) ${POOL_AT[size]} = ${from}; else { ${off} } }`);
}

/** After a slow access or a handler call that may fault: leave the block if it did (the run loop raises it). */
export function leaveIfFaulted(i: Insn): string {
  return `if (c.jitFault !== null) return ${hex(i.pc)};`;
}

/** After a store: leave the block if it rewrote decoded code. */
export function leaveIfCodeChanged(i: Insn, x: EmitContext): string {
  return `if (c.codeEpoch !== ${x.epoch}) { c.jitN = done + ${x.k + 1}; return ${hex(i.next)}; }`;
}

/** Leave the block before instruction `i`, so that the interpreter runs it. */
export function leaveBefore(i: Insn, x: EmitContext): string {
  return `c.jitN = done + ${x.k}; return ${hex(i.pc)};`;
}

/** CALLn / CALLXn: a[4n] = the return address with n in bits 31:30, PS.CALLINC = n (`pre` reads the target first). */
export function windowedCall(i: Insn, pre: string): string {
  const n = i.def!.callinc!;
  return `${pre}a[${n << 2}] = ${(n << 30) | (i.next & 0x3fffffff)}; c.ps = ((c.ps & ${~CALLINC_MASK}) | ${n << CALLINC_SHIFT}) >>> 0;`;
}
