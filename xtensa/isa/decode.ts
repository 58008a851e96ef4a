// Instruction decoder derived from the table: instruction length from op0, then a bucket lookup on
// (op2, op1, op0) and the first row whose fixed bits match. Pure functions; no I/O.

import { INSNS, InsnDef } from './table';
import { extract } from './fields';

export interface Decoded {
  readonly def: InsnDef;
  readonly size: 2 | 3 | 4;
  /** Raw instruction word (16, 24 or 32 bits, little-endian value). */
  readonly word: number;
  /** Operand values in assembly order (registers, immediates, absolute targets). */
  readonly ops: readonly number[];
}

/**
 * Length in bytes of the instruction whose first byte is `b0`: 2, 3, 4 for the project's IVP format
 * (op0 = 14, docs/ivp-encoding.md; only cores with the 'ivp' option have it), or 0 for op0 = 15.
 */
export function insnLength(b0: number): 0 | 2 | 3 | 4 {
  const op0 = b0 & 15;
  if (op0 === 14) return 4;
  if (op0 === 15) return 0;
  return op0 >= 8 ? 2 : 3;
}

const KEY_BITS = 0xff000f; // op2, op1, op0 of a 24-bit word

function popcount(x: number): number {
  let c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

function keyOf(word: number): number {
  return ((word >>> 12) & 0xff0) | (word & 15);
}

/** The rows, most fixed bits first (a more specific row wins over one it overlaps). */
// each row's mask bits counted once (not in every comparison: start-up time); the sort is stable
const SORTED = INSNS.map((d) => ({ d, bits: popcount(d.mask) }))
  .sort((x, y) => y.bits - x.bits)
  .map((x) => x.d);
/**
 * The candidate rows of each key, built on first use (a program names few of the 4,096 keys, and
 * building them all would cost every process that loads the table): 24-bit rows by (op2, op1, op0),
 * 16-bit rows by op0, 32-bit IVP rows by their 8-bit opcode (bits 4..11).
 */
const buckets3: (InsnDef[] | undefined)[] = new Array(4096).fill(undefined);
const buckets2: (InsnDef[] | undefined)[] = new Array(16).fill(undefined);
const buckets4: (InsnDef[] | undefined)[] = new Array(256).fill(undefined);

function bucket3(k: number): InsnDef[] {
  const word = ((k & 0xff0) << 12) | (k & 15);
  return (buckets3[k] = SORTED.filter((d) => d.size === 3 && ((word ^ d.match) & d.mask & KEY_BITS) === 0));
}
function bucket2(k: number): InsnDef[] {
  return (buckets2[k] = SORTED.filter((d) => d.size === 2 && (d.match & 15) === k));
}
function bucket4(k: number): InsnDef[] {
  return (buckets4[k] = SORTED.filter((d) => d.size === 4 && (((k << 4) ^ d.match) & d.mask & 0xff0) === 0));
}

/** Finds the table row for an instruction word of the given size, or undefined. */
export function lookup(word: number, size: 2 | 3 | 4): InsnDef | undefined {
  let list: InsnDef[] | undefined;
  if (size === 4) {
    const k = (word >>> 4) & 255;
    list = buckets4[k] ?? bucket4(k);
  } else if (size === 2) {
    const k = word & 15;
    list = buckets2[k] ?? bucket2(k);
  } else {
    const k = keyOf(word);
    list = buckets3[k] ?? bucket3(k);
  }
  for (const d of list) if (((word ^ d.match) & d.mask) === 0) return d;
  return undefined;
}

/** Operand values of `word` decoded as `def` at address `pc`. */
export function decodeOperands(def: InsnDef, word: number, pc: number): number[] {
  return def.operands.map((o) => o.decode(extract(word, o.slices), pc));
}

/** Decodes the instruction at `pc` from its first bytes (four for the IVP format); undefined if not in the table. */
export function decode(b0: number, b1: number, b2: number, pc: number, b3 = 0): Decoded | undefined {
  const size = insnLength(b0);
  if (size === 0) return undefined;
  const word = size === 2 ? b0 | (b1 << 8) : size === 3 ? b0 | (b1 << 8) | (b2 << 16) : (b0 | (b1 << 8) | (b2 << 16) | (b3 << 24)) >>> 0;
  const def = lookup(word, size);
  if (!def) return undefined;
  return { def, size, word, ops: decodeOperands(def, word, pc) };
}
