// The instruction printer: one decoded instruction → objdump-style text (`mnemonic\toperands`).
// Operand text comes from each operand's kind in the instruction table; addresses are printed by a
// caller-supplied Symbolizer so the same printer serves `q7 objdump`, traces and the debugger.

import { Decoded, decodeOperands } from '../isa/decode';

/** Turns addresses into text and reads literal words; supplied by the caller. */
export interface Symbolizer {
  /** An address operand as objdump prints it, e.g. `40100004 <main+0x8>`. */
  address(addr: number): string;
  /** The 32-bit little-endian word at `addr`, or undefined when it cannot be read. */
  readWord(addr: number): number | undefined;
}

/** Lowercase hex without leading zeros (at least one digit), as objdump prints addresses. */
export function hexNoZeros(value: number): string {
  return (value >>> 0).toString(16);
}

/** A symbolizer that knows no symbols and no memory: addresses print as `0x…`, like objdump on raw bytes. */
export const plainSymbolizer: Symbolizer = {
  address: (addr) => `0x${hexNoZeros(addr)}`,
  readWord: () => undefined,
};

/** An immediate: decimal when -255..255, otherwise `0x` and the 32-bit two's-complement value. */
export function formatImmediate(value: number): string {
  const v = value | 0;
  return v > -256 && v < 256 ? String(v) : `0x${hexNoZeros(v)}`;
}

/** An L32R operand: the literal's address, then the literal's value when it can be read. */
function formatLiteral(addr: number, sym: Symbolizer): string {
  const word = sym.readWord(addr);
  const where = sym.address(addr);
  return word === undefined ? where : `${where} (${sym.address(word)})`;
}

/** The text of each operand of `d` located at `pc`, in assembly order. */
export function formatOperands(d: Decoded, pc: number, sym: Symbolizer = plainSymbolizer): string[] {
  const values = decodeOperands(d.def, d.word, pc);
  return d.def.operands.map((o, i) => {
    const v = values[i];
    switch (o.kind) {
      case 'ar':
        return `a${v}`;
      case 'fr':
        return `f${v}`;
      case 'br':
        return `b${v}`;
      case 'vr':
        return `v${v}`;
      case 'wr':
        return `wv${v}`;
      case 'vb':
        return `vb${v}`;
      case 'ua':
        return `u${v}`;
      case 'imm':
        return formatImmediate(v);
      case 'target':
        return sym.address(v);
      case 'literal':
        return formatLiteral(v, sym);
    }
  });
}

/**
 * One instruction located at `pc` as objdump prints it after the hex column: the mnemonic, then a
 * tab and the operands separated by `, ` (no tab when there are none). PC-relative targets are
 * computed from `pc`, so a Decoded may be printed at any address.
 */
export function formatInsn(d: Decoded, pc: number, sym: Symbolizer = plainSymbolizer): string {
  const ops = formatOperands(d, pc, sym);
  return ops.length === 0 ? d.def.mnemonic : `${d.def.mnemonic}\t${ops.join(', ')}`;
}
