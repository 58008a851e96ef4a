// Instruction encoder derived from the table: operand values → instruction word, with a precise
// error when an operand cannot be represented. Pure functions; no I/O.

import { InsnDef } from './table';
import { insert } from './fields';

export class EncodeError extends Error {
  constructor(
    message: string,
    readonly operandIndex: number,
  ) {
    super(message);
  }
}

/** Encodes `def` with operand values `ops` at address `pc` into its 16/24/32-bit word. */
export function encode(def: InsnDef, ops: readonly number[], pc: number): number {
  if (ops.length !== def.operands.length) {
    throw new EncodeError(`${def.mnemonic} takes ${def.operands.length} operand(s), got ${ops.length}`, -1);
  }
  let word = def.match;
  def.operands.forEach((o, i) => {
    const raw = o.encode(ops[i], pc);
    if (raw === null) throw new EncodeError(`${def.mnemonic}: operand ${i + 1} (${describe(ops[i])}) out of range`, i);
    word = insert(word, o.slices, raw);
  });
  return word >>> 0;
}

/** Like `encode`, without throwing: the word, or which operand cannot be represented. */
export function tryEncode(def: InsnDef, ops: readonly number[], pc: number): number | { readonly badOperand: number } {
  const operands = def.operands;
  let word = def.match;
  for (let i = 0; i < operands.length; i++) {
    const raw = operands[i].encode(ops[i], pc);
    if (raw === null) return { badOperand: i };
    word = insert(word, operands[i].slices, raw);
  }
  return word >>> 0;
}

function describe(v: number): string {
  return Number.isInteger(v) && (v > 255 || v < -255) ? `0x${(v >>> 0).toString(16)}` : String(v);
}

/** The bytes of an encoded word, little-endian. */
export function wordBytes(word: number, size: 2 | 3 | 4): number[] {
  const out: number[] = [];
  for (let k = 0; k < size; k++) out.push((word >>> (8 * k)) & 255);
  return out;
}
