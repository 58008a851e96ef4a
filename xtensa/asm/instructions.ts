// Instruction statements: resolves a mnemonic (table rows, the `_insn` no-transform spelling, the
// `mov` alias, generic `rsr/wsr/xsr a, sr` and `rur/wur a, ur` forms) to its table row, parses the
// operands by their kinds, and later encodes them with range diagnostics. Everything about the
// encoding comes from xtensa/isa.

import { INSN_BY_MNEMONIC, InsnDef, SR_BY_NAME, SR_BY_NUM, UR_BY_NAME, UR_BY_NUM, tryEncode, wordBytes } from '../isa';
import type { OperandKind } from '../isa';
import { StatementError } from './errors';
import { Expr } from './expr';
import { Arg } from './source';
import { describeRange, describeReach, describeRegisters } from './ranges';

/** One operand as written: a register number, or an expression evaluated after layout. */
export interface InsnOperand {
  readonly kind: OperandKind;
  readonly reg?: number;
  readonly expr?: Expr;
  readonly column: number;
  readonly text: string;
}

export interface ParsedInsn {
  readonly def: InsnDef;
  readonly operands: readonly InsnOperand[];
}

/** What the instruction parser needs from the assembler. */
export interface InsnContext {
  parseExpr(arg: Arg): Expr;
  /** The value of an expression that must be a known number now (e.g. a register number), else throws. */
  constant(arg: Arg): number;
}

type RegisterKind = 'ar' | 'fr' | 'br' | 'vr' | 'wr' | 'vb' | 'ua';

/** Register spellings and counts by operand kind (the IVP files: v0..v31, wv0..wv3, vb0..vb15, u0..u3). */
const REGISTERS: Record<RegisterKind, { pattern: RegExp; count: number; noun: string }> = {
  ar: { pattern: /^a(\d+)$/i, count: 16, noun: 'an address register (a0..a15)' },
  fr: { pattern: /^f(\d+)$/i, count: 16, noun: 'an FP register (f0..f15)' },
  br: { pattern: /^b(\d+)$/i, count: 16, noun: 'a boolean register (b0..b15)' },
  vr: { pattern: /^v(\d+)$/i, count: 32, noun: 'a vector register (v0..v31)' },
  wr: { pattern: /^wv(\d+)$/i, count: 4, noun: 'a wide accumulator (wv0..wv3)' },
  vb: { pattern: /^vb(\d+)$/i, count: 16, noun: 'a vector predicate register (vb0..vb15)' },
  ua: { pattern: /^u(\d+)$/i, count: 4, noun: 'an alignment register (u0..u3)' },
};

const isRegisterKind = (k: OperandKind): k is RegisterKind => k in REGISTERS;

function parseRegister(kind: RegisterKind, arg: Arg): number {
  const text = arg.text.toLowerCase();
  if (kind === 'ar' && text === 'sp') return 1;
  const spec = REGISTERS[kind];
  const m = spec.pattern.exec(text);
  if (!m || Number(m[1]) >= spec.count) {
    throw new StatementError(`expected ${spec.noun}, got '${arg.text || '(nothing)'}'`, arg.column);
  }
  return Number(m[1]);
}

/** Resolves `rsr a2, sar` / `rsr a2, 3` (and wsr/xsr/rur/wur) to the row for that register. */
function systemRegisterRow(mnemonic: string, arg: Arg, ctx: InsnContext): InsnDef {
  const user = mnemonic === 'rur' || mnemonic === 'wur';
  const name = arg.text.toLowerCase();
  const byName = user ? UR_BY_NAME.get(name) : SR_BY_NAME.get(name);
  let reg = byName;
  if (!reg) {
    if (!/^[0-9(~-]/.test(name) && /^[A-Za-z_.$][\w.$]*$/.test(name) && !/^0x/.test(name)) {
      throw new StatementError(`unknown ${user ? 'user' : 'special'} register '${arg.text}'`, arg.column);
    }
    const num = ctx.constant(arg);
    reg = user ? UR_BY_NUM.get(num) : SR_BY_NUM.get(num);
    if (!reg) throw new StatementError(`unknown ${user ? 'user' : 'special'} register number ${num}`, arg.column);
  }
  const def = INSN_BY_MNEMONIC.get(`${mnemonic}.${reg.name}`);
  if (!def) throw new StatementError(`${mnemonic} cannot access register '${reg.name}'`, arg.column);
  return def;
}

function resolve(mnemonic: string, args: Arg[], ctx: InsnContext, column: number): { def: InsnDef; args: Arg[] } {
  const direct = INSN_BY_MNEMONIC.get(mnemonic);
  if (direct) return { def: direct, args };
  if (mnemonic === 'mov') {
    if (args.length !== 2) throw new StatementError(`'mov' takes 2 operands, got ${args.length}`, column);
    return { def: INSN_BY_MNEMONIC.get('or')!, args: [args[0], args[1], args[1]] };
  }
  if (['rsr', 'wsr', 'xsr', 'rur', 'wur'].includes(mnemonic)) {
    if (args.length !== 2) throw new StatementError(`'${mnemonic}' takes 2 operands, got ${args.length}`, column);
    return { def: systemRegisterRow(mnemonic, args[1], ctx), args: [args[0]] };
  }
  throw new StatementError(`unknown instruction '${mnemonic}'`, column);
}

/** Parses an instruction statement; operand expressions are kept for the encoding pass. */
export function parseInstruction(op: string, args: Arg[], ctx: InsnContext, column: number): ParsedInsn {
  const mnemonic = op.startsWith('_') ? op.slice(1) : op;
  const r = resolve(mnemonic, args, ctx, column);
  const want = r.def.operands.length;
  if (r.args.length !== want) {
    throw new StatementError(`'${r.def.mnemonic}' takes ${want} operand${want === 1 ? '' : 's'}, got ${r.args.length}`, column);
  }
  const operands = r.def.operands.map((t, i): InsnOperand => {
    const arg = r.args[i];
    if (arg.text.length === 0) throw new StatementError(`operand ${i + 1} of '${r.def.mnemonic}' is missing`, arg.column);
    if (isRegisterKind(t.kind)) {
      return { kind: t.kind, reg: parseRegister(t.kind, arg), column: arg.column, text: arg.text };
    }
    return { kind: t.kind, expr: ctx.parseExpr(arg), column: arg.column, text: arg.text };
  });
  return { def: r.def, operands };
}

const hex = (v: number) => '0x' + (v >>> 0).toString(16);

/**
 * Encodes an instruction at `pc` with its operand values (registers, numbers, absolute addresses).
 * Throws a StatementError at the offending operand when a value cannot be represented.
 */
export function encodeInstruction(insn: ParsedInsn, values: readonly number[], pc: number): number[] {
  const word = tryEncode(insn.def, values, pc);
  if (typeof word !== 'number') throw operandError(insn, word.badOperand, values[word.badOperand], pc);
  return wordBytes(word, insn.def.size);
}

/** The error of operand `i`, whose value `v` cannot be encoded at `pc`. */
function operandError(insn: ParsedInsn, i: number, v: number, pc: number): StatementError {
  const { def } = insn;
  const t = def.operands[i];
  const where = insn.operands[i].column;
  const what = `operand ${i + 1} of '${def.mnemonic}'`;
  if (t.kind === 'target' || t.kind === 'literal') {
    const noun = t.kind === 'literal' ? 'literal address' : 'target';
    return new StatementError(`${what}: ${noun} ${hex(v)} out of range (reachable from ${hex(pc)}: ${describeReach(t, pc)})`, where);
  }
  if (t.kind === 'br') return new StatementError(`${what}: b${v} is not allowed here (must be ${describeRegisters(t)})`, where);
  // a register quad (the IVP quad MACs) is named by its first register
  if (t.kind === 'vr') return new StatementError(`${what}: v${v} is not allowed here (must be ${describeRegisters(t)})`, where);
  return new StatementError(`${what}: value ${v} out of range (must be ${describeRange(t)})`, where);
}
