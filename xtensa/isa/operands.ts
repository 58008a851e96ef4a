// Operand types of the instruction table: where each operand lives in the instruction word and how
// its raw field value maps to the operand's value (register number, immediate, or absolute target
// address) and back (xtensa-ivp-spec.md §5). Each type is defined once; table rows name them.

import { F, IVP_F, Slice, sext, slicesWidth } from './fields';

export type OperandKind =
  | 'ar' // address register a0..a15
  | 'fr' // FP register f0..f15
  | 'br' // boolean register b0..b15
  | 'imm' // immediate value
  | 'target' // absolute code address (branch, jump, call, loop end)
  | 'literal' // absolute address of an L32R literal
  | 'vr' // IVP vector register v0..v31
  | 'wr' // IVP wide accumulator wv0..wv3
  | 'vb' // IVP predicate register vb0..vb15
  | 'ua'; // IVP alignment register u0..u3

export interface OperandType {
  readonly name: string;
  readonly kind: OperandKind;
  readonly slices: readonly Slice[];
  /** Raw field value (and the instruction's address) → operand value. */
  decode(raw: number, pc: number): number;
  /** Operand value → raw field value, or null when the value cannot be encoded here. */
  encode(value: number, pc: number): number | null;
}

const B4CONST = [-1, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256];
const B4CONSTU = [32768, 65536, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64, 128, 256];

function fits(raw: number, slices: readonly Slice[]): number | null {
  const w = slicesWidth(slices);
  return Number.isInteger(raw) && raw >= 0 && raw < 2 ** w ? raw : null;
}

function reg(name: string, kind: 'ar' | 'fr' | 'br' | 'vr' | 'wr' | 'vb' | 'ua', field: Slice): OperandType {
  const limit = 2 ** field.len;
  return { name, kind, slices: [field], decode: (raw) => raw, encode: (v) => (Number.isInteger(v) && v >= 0 && v < limit ? v : null) };
}

/** Unsigned immediate scaled by `scale` (value = raw × scale). */
function uimm(name: string, slices: Slice[], scale = 1, bias = 0): OperandType {
  return {
    name,
    kind: 'imm',
    slices,
    decode: (raw) => raw * scale + bias,
    encode: (v) => ((v - bias) % scale === 0 ? fits((v - bias) / scale, slices) : null),
  };
}

/** Signed immediate of the slices' width, scaled by `scale`. Accepts the 32-bit unsigned spelling too. */
function simm(name: string, slices: Slice[], scale = 1): OperandType {
  const w = slicesWidth(slices);
  return {
    name,
    kind: 'imm',
    slices,
    decode: (raw) => sext(raw, w) * scale,
    encode: (v) => {
      v = v | 0;
      if (v % scale !== 0) return null;
      const q = v / scale;
      if (q < -(2 ** (w - 1)) || q >= 2 ** (w - 1)) return null;
      return q & ((1 << w) - 1);
    },
  };
}

/** Immediate drawn from a 16-entry constant table indexed by the field. */
function table(name: string, slices: Slice[], values: number[]): OperandType {
  return {
    name,
    kind: 'imm',
    slices,
    decode: (raw) => values[raw],
    encode: (v) => {
      const i = values.indexOf(v | 0) >= 0 ? values.indexOf(v | 0) : values.indexOf(v >>> 0);
      return i >= 0 ? i : null;
    },
  };
}

/** PC-relative target: target = base(pc) + signed-or-unsigned raw offset × scale. */
function target(
  name: string,
  slices: Slice[],
  base: (pc: number) => number,
  signed: boolean,
  scale = 1,
): OperandType {
  const w = slicesWidth(slices);
  return {
    name,
    kind: 'target',
    slices,
    decode: (raw, pc) => (base(pc) + (signed ? sext(raw, w) : raw) * scale) >>> 0,
    encode: (v, pc) => {
      const off = (v - base(pc)) | 0;
      if (off % scale !== 0) return null;
      const q = off / scale;
      if (signed ? q < -(2 ** (w - 1)) || q >= 2 ** (w - 1) : q < 0 || q >= 2 ** w) return null;
      return q & (2 ** w - 1);
    },
  };
}

const pc4 = (pc: number) => (pc + 4) >>> 0;

export const OPERANDS = {
  ar: reg('ar', 'ar', F.r),
  as: reg('as', 'ar', F.s),
  at: reg('at', 'ar', F.t),
  fr: reg('fr', 'fr', F.r),
  fs: reg('fs', 'fr', F.s),
  ft: reg('ft', 'fr', F.t),
  br: reg('br', 'br', F.r),
  bs: reg('bs', 'br', F.s),
  bt: reg('bt', 'br', F.t),
  bs4: { ...uimm('bs4', [F.s32], 4), kind: 'br' } as OperandType,
  bs8: { ...uimm('bs8', [F.s3], 8), kind: 'br' } as OperandType,

  simm8: simm('simm8', [F.imm8]),
  simm8x256: simm('simm8x256', [F.imm8], 256),
  simm12: simm('simm12', [F.s, F.imm8]),
  uimm8: uimm('uimm8', [F.imm8]),
  uimm8x2: uimm('uimm8x2', [F.imm8], 2),
  uimm8x4: uimm('uimm8x4', [F.imm8], 4),
  uimm4x4n: uimm('uimm4x4n', [F.r], 4),
  addin: {
    name: 'addin',
    kind: 'imm',
    slices: [F.t],
    decode: (raw: number) => (raw === 0 ? -1 : raw),
    encode: (v: number) => ((v | 0) === -1 ? 0 : v >= 1 && v <= 15 ? v : null),
  } as OperandType,
  movin: {
    name: 'movin',
    kind: 'imm',
    slices: [F.ri7hi, F.ri7lo],
    decode: (raw: number) => (raw >= 96 ? raw - 128 : raw),
    encode: (v: number) => ((v | 0) >= -32 && (v | 0) <= 95 ? (v | 0) & 127 : null),
  } as OperandType,
  b4const: table('b4const', [F.r], B4CONST),
  b4constu: table('b4constu', [F.r], B4CONSTU),
  bbi: uimm('bbi', [F.r0, F.t]),
  sextbit: uimm('sextbit', [F.t], 1, 7),
  extuiShift: uimm('extuiShift', [F.op1b0, F.s]),
  extuiMask: uimm('extuiMask', [F.op2], 1, 1),
  slliAmount: {
    name: 'slliAmount',
    kind: 'imm',
    slices: [F.op2b0, F.t],
    decode: (raw: number) => 32 - raw,
    encode: (v: number) => (v >= 1 && v <= 32 ? (32 - v) & 31 : null),
  } as OperandType,
  sraiAmount: uimm('sraiAmount', [F.op2b0, F.s]),
  srliAmount: uimm('srliAmount', [F.s]),
  ssaiAmount: uimm('ssaiAmount', [F.t0, F.s]),
  entryFrame: uimm('entryFrame', [F.imm12], 8),
  rotwAmount: simm('rotwAmount', [F.t]),
  l32eOffset: {
    name: 'l32eOffset',
    kind: 'imm',
    slices: [F.r],
    decode: (raw: number) => ((0xfffffff0 | raw) << 2) | 0,
    encode: (v: number) => ((v | 0) >= -64 && (v | 0) <= -4 && (v | 0) % 4 === 0 ? ((v | 0) >> 2) & 15 : null),
  } as OperandType,
  s4: uimm('s4', [F.s]),
  t4: uimm('t4', [F.t]),

  label8: target('label8', [F.imm8], pc4, true),
  label12: target('label12', [F.imm12], pc4, true),
  label18: target('label18', [F.offset18], pc4, true),
  labelLoop: target('labelLoop', [F.imm8], pc4, false),
  label6: target('label6', [F.ri6hi, F.ri7lo], pc4, false),
  callTarget: target('callTarget', [F.offset18], (pc) => ((pc & ~3) + 4) >>> 0, true, 4),
  l32rTarget: {
    ...target('l32rTarget', [F.imm16], (pc) => ((pc + 3) & ~3) >>> 0, true, 4),
    kind: 'literal',
    decode: (raw: number, pc: number) => ((((pc + 3) & ~3) >>> 0) + ((0xffff0000 | raw) << 2)) >>> 0,
    encode: (v: number, pc: number) => {
      const off = (v - (((pc + 3) & ~3) >>> 0)) | 0;
      return off < 0 && off >= -262144 && off % 4 === 0 ? (off >> 2) & 0xffff : null;
    },
  } as OperandType,

  // ---- IVP (project-specific 32-bit format, fields.ts IVP_F; docs/ivp-encoding.md) ----
  vA: reg('vA', 'vr', IVP_F.A),
  vB: reg('vB', 'vr', IVP_F.B),
  vC: reg('vC', 'vr', IVP_F.C),
  vD: reg('vD', 'vr', IVP_F.D),
  aA: reg('aA', 'ar', IVP_F.A4),
  aB: reg('aB', 'ar', IVP_F.B4),
  aC: reg('aC', 'ar', IVP_F.C4),
  aD: reg('aD', 'ar', IVP_F.D4),
  bA: reg('bA', 'vb', IVP_F.A4),
  bB: reg('bB', 'vb', IVP_F.B4),
  bC: reg('bC', 'vb', IVP_F.C4),
  bD: reg('bD', 'vb', IVP_F.D4),
  wA: reg('wA', 'wr', IVP_F.A2),
  wB: reg('wB', 'wr', IVP_F.B2),
  wO: reg('wO', 'wr', IVP_F.opc2),
  uA: reg('uA', 'ua', IVP_F.A2),
  uB: reg('uB', 'ua', IVP_F.B2),
  /** Byte offset of a whole-vector access: a multiple of 64 in -1024..960. */
  voffC: simm('voffC', [IVP_F.C], 64),
  soff1C: simm('soff1C', [IVP_F.C], 1),
  soff2C: simm('soff2C', [IVP_F.C], 2),
  soff4C: simm('soff4C', [IVP_F.C], 4),
  u5C: uimm('u5C', [IVP_F.C]),
  u6CD: uimm('u6CD', [IVP_F.CD6]),
  u10CD: uimm('u10CD', [IVP_F.CD10]),
  u4O: uimm('u4O', [IVP_F.opc4]),
  u1O: uimm('u1O', [IVP_F.opc1]),
  /** A register quad v4m..v4m+3, written as its first register (v0, v4, …, v28). */
  vqB: { ...uimm('vqB', [IVP_F.B3], 4), kind: 'vr' } as OperandType,
  /** A 9-bit select pattern: the low four opcode bits, then slot D. */
  pat9: uimm('pat9', [IVP_F.opc4, IVP_F.D]),
} satisfies Record<string, OperandType>;

export type OperandName = keyof typeof OPERANDS;
