// Memory access with Xtensa's immediate ranges: a load or store whose offset does not fit the
// instruction's unsigned scaled immediate first forms base + high part in a scratch register (ADDMI,
// or a literal and ADD). Also constants into registers (MOVI or a literal-pool L32R).

import type { AsmWriter } from './asm-writer';

/** Largest offset (and its scale) each load/store form encodes. */
const RANGE: Record<string, { max: number; scale: number }> = {
  l8ui: { max: 255, scale: 1 },
  s8i: { max: 255, scale: 1 },
  l16ui: { max: 510, scale: 2 },
  l16si: { max: 510, scale: 2 },
  s16i: { max: 510, scale: 2 },
  l32i: { max: 1020, scale: 4 },
  s32i: { max: 1020, scale: 4 },
  lsi: { max: 1020, scale: 4 },
  ssi: { max: 1020, scale: 4 },
};

export function fitsOffset(op: string, offset: number): boolean {
  const r = RANGE[op];
  return offset >= 0 && offset <= r.max && offset % r.scale === 0;
}

/** `op reg, base, offset`, through `scratch` when the offset is out of range. */
export function memAccess(w: AsmWriter, op: string, reg: string, base: string, offset: number, scratch: string): void {
  if (fitsOffset(op, offset)) {
    w.insn(`${op}\t${reg}, ${base}, ${offset}`);
    return;
  }
  const low = offset & 0xff & ~(RANGE[op].scale - 1);
  const high = offset - low;
  addConstant(w, scratch, base, high, scratch);
  w.insn(`${op}\t${reg}, ${scratch}, ${low}`);
}

/** dst = src + value (dst may equal src; `scratch` is used for large values and may equal dst). */
export function addConstant(w: AsmWriter, dst: string, src: string, value: number, scratch: string): void {
  if (value === 0) {
    if (dst !== src) w.insn(`mov\t${dst}, ${src}`);
    return;
  }
  if (value >= -128 && value <= 127) {
    w.insn(`addi\t${dst}, ${src}, ${value}`);
    return;
  }
  if (value % 256 === 0 && value >= -32768 && value <= 32512) {
    w.insn(`addmi\t${dst}, ${src}, ${value}`);
    return;
  }
  const low = ((value % 256) + 256) % 256;
  const high = value - low;
  if (high >= -32768 && high <= 32512 && low <= 127) {
    w.insn(`addmi\t${dst}, ${src}, ${high}`);
    w.insn(`addi\t${dst}, ${dst}, ${low}`);
    return;
  }
  if (scratch === src) throw new Error('addConstant: scratch must differ from the source for large values');
  loadConstant(w, scratch, value);
  w.insn(`add\t${dst}, ${src}, ${scratch}`);
}

/** reg = value (a 32-bit pattern). */
export function loadConstant(w: AsmWriter, reg: string, value: number): void {
  const v = value | 0;
  if (v >= -2048 && v <= 2047) w.insn(`movi\t${reg}, ${v}`);
  else w.insn(`l32r\t${reg}, ${w.literal(v)}`);
}

/** reg = address of `sym` + offset. */
export function loadSymbol(w: AsmWriter, reg: string, sym: string, offset: number): void {
  const expr = offset === 0 ? sym : `${sym} ${offset < 0 ? '-' : '+'} ${Math.abs(offset)}`;
  w.insn(`l32r\t${reg}, ${w.literal(expr)}`);
}
