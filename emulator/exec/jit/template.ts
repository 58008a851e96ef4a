// What an inline template produces (JavaScript source for one instruction inside a compiled block,
// see compile.ts) and the helpers the templates beside the handlers (handlers/*.ts, FAMILIES) are
// written with. Each template mirrors its interpreter handler, which stays the reference.
//
// Conventions of the generated code: `a` is the current window (Int32Array), `c` the Cpu, `mem`
// the Memory with its pool tables `rq`, `wq` (page number → pool page, 0 for the slow path) and the
// pool's views `m8`, `m16`, `m32` (Memory.rPool, wPool, pool8, pool16, pool32); `done` counts the
// instructions of earlier passes of a self-looping block. Before anything that may throw, c.jitK is
// set to the instruction's index K in the block and c.jitN to `done + K`.

import type { Insn } from '../insn';
import { TAKEN_NEXT } from '../insn';
import { CALLINC_MASK, CALLINC_SHIFT } from './windowed';

/**
 * 'seq': statements, then the next instruction (`rotates`: it moved the register window, so the
 * block must check the panes of what follows; `window`: the only registers of the window the
 * statements reach other than by a literal `a[N]`, a handler call's register operands). 'branch': a condition; taken goes to `target`.
 * 'jump': statements, then an unconditional transfer to the `to` expression (`direct` when fixed;
 * `rotates`: the statements moved the register window, so the region leaves right after them with
 * the window as they left it: it neither reads nor writes back a register after them).
 * Statements may leave the block before the instruction (`c.jitN = done + K; return PC;`) so that
 * the interpreter runs it: the windowed instructions do so for their exceptional cases.
 */
export type Emitted =
  | { readonly kind: 'seq'; readonly code: string; readonly rotates?: boolean; readonly window?: readonly number[] }
  | { readonly kind: 'branch'; readonly cond: string; readonly target: number }
  | { readonly kind: 'jump'; readonly code: string; readonly to: string; readonly direct: number | null; readonly rotates?: boolean };

/** Where the instruction sits: its index in the block, the code epoch it was compiled in, the core's LITBASE option. */
export interface EmitContext {
  readonly k: number;
  readonly epoch: number;
  readonly hasLitbase: boolean;
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

/** The index into the pool view of `size`-byte units of the (aligned) address `ad` of pool page `s`. */
export function poolIndex(size: 1 | 2 | 4): string {
  if (size === 4) return '(s << 14) | ((ad & 0xffff) >>> 2)';
  if (size === 2) return '(s << 15) | ((ad & 0xffff) >>> 1)';
  return '(s << 16) | (ad & 0xffff)';
}

/**
 * at = mem[as + offset] of `size` bytes: typed-array fast path, the Memory for the rest (it throws faults).
 * The address is kept as an int32 (`>>> 16`, `& 0xffff` read it the same), so V8 needs no uint32 check.
 */
export function load(i: Insn, x: EmitContext, size: 1 | 2 | 4, signed: boolean): Emitted {
  const k = x.k;
  const addr = `const ad = (a[${i.b}] + ${imm(i.c)}) | 0;`;
  const slow = `(c.jitK = ${k}, c.jitN = done + ${k}, mem.read${size * 8}(ad >>> 0))`;
  let fast: string;
  let cond = 's !== 0';
  if (size === 4) {
    cond += ' && (ad & 3) === 0';
    fast = `m32[${poolIndex(4)}]`;
  } else if (size === 2) {
    cond += ' && (ad & 1) === 0';
    fast = `m16[${poolIndex(2)}]`;
  } else fast = `m8[${poolIndex(1)}]`;
  const value = `(${cond} ? ${fast} : ${slow})`;
  return seq(`{ ${addr} const s = rq[ad >>> 16]; a[${i.a}] = ${signed ? `(${value} << 16) >> 16` : value}; }`);
}

/** mem[as + offset] = at; a slow store that rewrote decoded code leaves the (now stale) block right after it. */
export function store(i: Insn, x: EmitContext, size: 1 | 2 | 4): Emitted {
  const k = x.k;
  const addr = `const ad = (a[${i.b}] + ${imm(i.c)}) | 0;`;
  let cond = 's !== 0';
  let fast: string;
  if (size === 4) {
    cond += ' && (ad & 3) === 0';
    fast = `m32[${poolIndex(4)}] = a[${i.a}];`;
  } else if (size === 2) {
    cond += ' && (ad & 1) === 0';
    fast = `m16[${poolIndex(2)}] = a[${i.a}];`;
  } else fast = `m8[${poolIndex(1)}] = a[${i.a}];`;
  const slow = `c.jitK = ${k}; c.jitN = done + ${k}; mem.write${size * 8}(ad >>> 0, a[${i.a}]); ${leaveIfCodeChanged(i, x)}`;
  return seq(`{ ${addr} const s = wq[ad >>> 16]; if (${cond}) ${fast} else { ${slow} } }`);
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
