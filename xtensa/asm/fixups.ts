// The second pass's work on one fixup: evaluate the operands of an instruction (or the value of a
// data item) at its final address and write its bytes into its section. Shared by the assembler's
// encoding pass (assemble.ts) and by objects (object.ts), which encode the fixups that do not depend
// on placement once, when the object is made.

import { Assembly, Fixup } from './assembly';
import { StatementError } from './errors';
import { Expr, evaluate, exactOf } from './expr';
import { encodeInstruction } from './instructions';

const DATA_RANGE: Record<number, [number, number]> = { 1: [-128, 255], 2: [-32768, 65535], 4: [-(2 ** 31), 2 ** 32 - 1] };

/** Encodes `f` at its section's address into the section; a value that does not fit is a diagnostic. */
export function encodeFixup(a: Assembly, f: Fixup): void {
  const st = { file: f.loc.file, line: f.loc.line, column: f.loc.column, opColumn: f.loc.column };
  a.guard(st, () => writeFixup(a, f));
}

/** Encodes `f` into its section; throws a StatementError when a value does not fit. */
export function writeFixup(a: Assembly, f: Fixup): void {
  const env = a.env(f.scope, { section: f.section, offset: f.offset }, true);
  if (f.kind === 'insn') {
    const values = f.insn.operands.map((op) => op.reg ?? evaluate(op.expr!, env).offset);
    f.section.patch(f.offset, encodeInstruction(f.insn, values, f.section.addr + f.offset));
    return;
  }
  const value = evaluate(f.expr, env);
  const v = value.offset;
  const range = DATA_RANGE[f.width];
  if (range && (v < range[0] || v > range[1])) {
    throw new StatementError(`value ${v} does not fit in ${f.width} byte${f.width > 1 ? 's' : ''} (${range[0]}..${range[1]})`, f.loc.column);
  }
  const big = BigInt.asUintN(64, exactOf(value));
  const bytes: number[] = [];
  for (let i = 0; i < f.width; i++) bytes.push(Number((big >> BigInt(8 * i)) & 255n));
  f.section.patch(f.offset, bytes);
}

/** True when an expression names neither a symbol nor `.`: its value is the same wherever it is placed. */
function placementFree(e: Expr): boolean {
  switch (e.kind) {
    case 'num':
      return true;
    case 'unary':
      return placementFree(e.arg);
    case 'binary':
      return placementFree(e.left) && placementFree(e.right);
    default:
      return false;
  }
}

/** True when `f`'s bytes are the same wherever its section is placed: no symbol, no `.`, no
 *  PC-relative operand (branch, jump, call and loop targets, L32R literals). */
export function placementIndependent(f: Fixup): boolean {
  if (f.kind === 'data') return placementFree(f.expr);
  return f.insn.operands.every((op) => op.reg !== undefined || (op.kind !== 'target' && op.kind !== 'literal' && placementFree(op.expr!)));
}
