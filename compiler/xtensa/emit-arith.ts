// Arithmetic, comparisons and conversions of the IR in Xtensa code: 32-bit integers inline (MUL32,
// DIV32), single floats through the FP coprocessor (f0..f2, b0), 64-bit integers inline where short
// (add, subtract, logic, multiply with MULL/MULUH, compares) and through runtime helpers otherwise;
// doubles and float division always through runtime helpers (runtime/soft-float).

import type { CmpCond, ConvKind, Instr, VReg } from '../ir/ir';
import type { EmitContext } from './emit-context';
import { binImmediate, binImmediateOperand } from './immediates';

type ArithInstr = Extract<Instr, { op: 'bin' | 'cmp' | 'un' | 'conv' }>;

export function emitArith(ctx: EmitContext, i: ArithInstr): void {
  switch (i.op) {
    case 'bin':
      return binary(ctx, i);
    case 'cmp':
      return compare(ctx, i.dst, i.cond, i.a, i.b, i.unsigned);
    case 'un':
      return unary(ctx, i.dst, i.kind, i.a);
    case 'conv':
      return convert(ctx, i.dst, i.kind, i.a);
  }
}

// ---- binary ------------------------------------------------------------------------------------

const I32_OPS: Record<string, string> = { add: 'add', sub: 'sub', mul: 'mull', and: 'and', or: 'or', xor: 'xor' };

function binary(ctx: EmitContext, i: Extract<Instr, { op: 'bin' }>): void {
  switch (i.a.type) {
    case 'i32': return binary32(ctx, i);
    case 'i64': return binary64(ctx, i);
    case 'f32': return binaryF32(ctx, i);
    case 'f64': return ctx.helper(`__q7_${i.kind}df3`, [i.a, i.b], i.dst);
  }
}

/** Operands are read from their home registers where they have one (-O1), the result computed in its home. */
function binary32(ctx: EmitContext, i: Extract<Instr, { op: 'bin' }>): void {
  const { w } = ctx;
  const imm = binImmediateOperand(i, ctx.konst);
  if (imm) {
    const src = ctx.src(imm.reg, 'a8');
    const d = ctx.dstReg(i.dst, 'a8');
    w.insn(binImmediate(i.kind, i.unsigned, imm.value)!(d, src));
    ctx.st(d, i.dst);
    return;
  }
  const a = ctx.src(i.a, 'a8');
  const b = ctx.src(i.b, 'a9');
  const d = ctx.dstReg(i.dst, 'a8');
  switch (i.kind) {
    case 'div':
      w.insn(`${i.unsigned ? 'quou' : 'quos'}\t${d}, ${a}, ${b}`);
      break;
    case 'rem':
      w.insn(`${i.unsigned ? 'remu' : 'rems'}\t${d}, ${a}, ${b}`);
      break;
    case 'shl':
      w.insn(`ssl\t${b}`);
      w.insn(`sll\t${d}, ${a}`);
      break;
    case 'shr':
      w.insn(`ssr\t${b}`);
      w.insn(`${i.unsigned ? 'srl' : 'sra'}\t${d}, ${a}`);
      break;
    default:
      w.insn(`${I32_OPS[i.kind]}\t${d}, ${a}, ${b}`);
  }
  ctx.st(d, i.dst);
}

function binaryF32(ctx: EmitContext, i: Extract<Instr, { op: 'bin' }>): void {
  const ops: Record<string, string> = { add: 'add.s', sub: 'sub.s', mul: 'mul.s' };
  if (!ops[i.kind]) {
    ctx.helper(`__q7_${i.kind}sf3`, [i.a, i.b], i.dst);
    return;
  }
  ctx.lsi('f0', i.a);
  ctx.lsi('f1', i.b);
  ctx.w.insn(`${ops[i.kind]}\tf0, f0, f1`);
  ctx.ssi('f0', i.dst);
}

/** a = a8:a9 (low:high), b = a10:a11, result a12:a13. */
function binary64(ctx: EmitContext, i: Extract<Instr, { op: 'bin' }>): void {
  const { w } = ctx;
  const helper: Record<string, string> = {
    div: i.unsigned ? '__q7_udivdi3' : '__q7_divdi3',
    rem: i.unsigned ? '__q7_umoddi3' : '__q7_moddi3',
    shl: '__q7_ashldi3',
    shr: i.unsigned ? '__q7_lshrdi3' : '__q7_ashrdi3',
  };
  if (helper[i.kind]) {
    const args = i.kind === 'shl' || i.kind === 'shr' ? [i.a, lowWord(ctx, i.b)] : [i.a, i.b];
    ctx.helper(helper[i.kind], args, i.dst);
    return;
  }
  if (ctx.optimized && i.kind === 'add' && addSmallConstant64(ctx, i)) return;
  if (ctx.optimized && (i.kind === 'add' || i.kind === 'sub' || i.kind === 'and' || i.kind === 'or' || i.kind === 'xor') && i.dst.id !== i.a.id && i.dst.id !== i.b.id) {
    binary64InPlace(ctx, i);
    return;
  }
  load64(ctx, 'a8', 'a9', i.a);
  load64(ctx, 'a10', 'a11', i.b);
  switch (i.kind) {
    case 'add': {
      const done = ctx.label();
      w.insn('add\ta12, a8, a10');
      w.insn('add\ta13, a9, a11');
      w.insn(`bgeu\ta12, a10, ${done}`);
      w.insn('addi\ta13, a13, 1');
      w.label(done);
      break;
    }
    case 'sub': {
      const done = ctx.label();
      w.insn('sub\ta12, a8, a10');
      w.insn('sub\ta13, a9, a11');
      w.insn(`bgeu\ta8, a10, ${done}`);
      w.insn('addi\ta13, a13, -1');
      w.label(done);
      break;
    }
    case 'mul':
      w.insn('mull\ta12, a8, a10');
      w.insn('muluh\ta13, a8, a10');
      w.insn('mull\ta14, a8, a11');
      w.insn('add\ta13, a13, a14');
      w.insn('mull\ta14, a9, a10');
      w.insn('add\ta13, a13, a14');
      break;
    case 'and':
    case 'or':
    case 'xor':
      w.insn(`${i.kind}\ta12, a8, a10`);
      w.insn(`${i.kind}\ta13, a9, a11`);
      break;
  }
  ctx.st('a12', i.dst, 0);
  ctx.st('a13', i.dst, 1);
}

/**
 * -O1: 64-bit add/sub/logic reading the operands' words where they live and writing the result's
 * words in place (the result is neither operand, so its registers differ from theirs).
 */
function binary64InPlace(ctx: EmitContext, i: Extract<Instr, { op: 'bin' }>): void {
  const { w } = ctx;
  const al = ctx.srcWord(i.a, 0, 'a8');
  const ah = ctx.srcWord(i.a, 1, 'a9');
  const bl = ctx.srcWord(i.b, 0, 'a10');
  const bh = ctx.srcWord(i.b, 1, 'a11');
  const dl = ctx.dstWord(i.dst, 0, 'a12');
  const dh = ctx.dstWord(i.dst, 1, 'a13');
  const done = ctx.label();
  if (i.kind === 'add') {
    w.insn(`add\t${dl}, ${al}, ${bl}`);
    w.insn(`add\t${dh}, ${ah}, ${bh}`);
    w.insn(`bgeu\t${dl}, ${bl}, ${done}`);
    w.insn(`addi\t${dh}, ${dh}, 1`);
    w.label(done);
  } else if (i.kind === 'sub') {
    w.insn(`sub\t${dh}, ${ah}, ${bh}`);
    w.insn(`bgeu\t${al}, ${bl}, ${done}`);
    w.insn(`addi\t${dh}, ${dh}, -1`);
    w.label(done);
    w.insn(`sub\t${dl}, ${al}, ${bl}`);
  } else {
    w.insn(`${i.kind}\t${dl}, ${al}, ${bl}`);
    w.insn(`${i.kind}\t${dh}, ${ah}, ${bh}`);
  }
  ctx.st(dl, i.dst, 0);
  ctx.st(dh, i.dst, 1);
}

/** BGEUI's immediates (B4CONSTU) below 128: `low >= c` is one branch. */
const B4CONSTU_SMALL = new Set([2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 32, 64]);

/**
 * -O1: a 64-bit add of a small positive constant (a loop's `int64_t` counter step): ADDI on the low
 * word and a carry into the high word when the low word came out below the constant — no constant
 * loaded, one instruction fewer on the usual way. Returns false when the operand is no such constant.
 */
function addSmallConstant64(ctx: EmitContext, i: Extract<Instr, { op: 'bin' }>): boolean {
  const { w } = ctx;
  const cb = ctx.konst64(i.b);
  const ca = cb === undefined ? ctx.konst64(i.a) : undefined;
  const c = cb ?? ca;
  const a = cb !== undefined ? i.a : i.b;
  if (c === undefined || c < 1n || c > 127n || (c !== 1n && !B4CONSTU_SMALL.has(Number(c)))) return false;
  const al = ctx.srcWord(a, 0, 'a8');
  const ah = ctx.srcWord(a, 1, 'a9');
  const dl = ctx.dstWord(i.dst, 0, 'a12');
  const dh = ctx.dstWord(i.dst, 1, ah === 'a9' ? 'a9' : 'a13');
  const done = ctx.label();
  w.insn(`addi\t${dl}, ${al}, ${c}`);
  if (dh !== ah) w.insn(`mov\t${dh}, ${ah}`);
  w.insn(c === 1n ? `bnez\t${dl}, ${done}` : `bgeui\t${dl}, ${c}, ${done}`);
  w.insn(`addi\t${dh}, ${dh}, 1`);
  w.label(done);
  ctx.st(dl, i.dst, 0);
  ctx.st(dh, i.dst, 1);
  return true;
}

/** The shift count of a 64-bit shift is an i64 in the IR; helpers take its low word. */
function lowWord(_ctx: EmitContext, v: VReg): VReg {
  return v.type === 'i64' ? { id: v.id, type: 'i32' } : v;
}

function load64(ctx: EmitContext, lo: string, hi: string, v: VReg): void {
  ctx.ld(lo, v, 0);
  ctx.ld(hi, v, 1);
}

// ---- comparisons ---------------------------------------------------------------------------------

const BRANCH: Record<string, { op: string; swap: boolean }> = {
  eq: { op: 'beq', swap: false },
  ne: { op: 'bne', swap: false },
  lt: { op: 'blt', swap: false },
  ge: { op: 'bge', swap: false },
  gt: { op: 'blt', swap: true },
  le: { op: 'bge', swap: true },
};

function compare(ctx: EmitContext, dst: VReg, cond: CmpCond, a: VReg, b: VReg, unsigned: boolean): void {
  switch (a.type) {
    case 'i32': return compare32(ctx, dst, cond, a, b, unsigned);
    case 'i64': return compare64(ctx, dst, cond, a, b, unsigned);
    case 'f32': return compareF32(ctx, dst, cond, a, b);
    case 'f64': return compareF64(ctx, dst, cond, a, b);
  }
}

function compare32(ctx: EmitContext, dst: VReg, cond: CmpCond, a: VReg, b: VReg, unsigned: boolean): void {
  const { w } = ctx;
  const br = BRANCH[cond];
  const ra = ctx.src(a, 'a8');
  const rb = ctx.src(b, 'a9');
  const [x, y] = br.swap ? [rb, ra] : [ra, rb];
  const op = unsigned && (br.op === 'blt' || br.op === 'bge') ? `${br.op}u` : br.op;
  const done = ctx.label();
  w.insn('movi\ta10, 1');
  w.insn(`${op}\t${x}, ${y}, ${done}`);
  w.insn('movi\ta10, 0');
  w.label(done);
  ctx.st('a10', dst);
}

/** Signed or unsigned 64-bit compare: the high words decide unless equal, then the low words (unsigned). */
function compare64(ctx: EmitContext, dst: VReg, cond: CmpCond, a: VReg, b: VReg, unsigned: boolean): void {
  const { w } = ctx;
  load64(ctx, 'a8', 'a9', a);
  load64(ctx, 'a10', 'a11', b);
  if (cond === 'eq' || cond === 'ne') {
    w.insn('xor\ta12, a8, a10');
    w.insn('xor\ta13, a9, a11');
    w.insn('or\ta12, a12, a13');
    w.insn('movi\ta13, 1');
    w.insn('movi\ta14, 0');
    w.insn(`${cond === 'eq' ? 'moveqz' : 'movnez'}\ta14, a13, a12`);
    ctx.st('a14', dst);
    return;
  }
  // x < y or x <= y, with (x, y) = (a, b) or (b, a)
  const swap = cond === 'gt' || cond === 'ge';
  const strict = cond === 'lt' || cond === 'gt';
  const [xl, xh, yl, yh] = swap ? ['a10', 'a11', 'a8', 'a9'] : ['a8', 'a9', 'a10', 'a11'];
  const done = ctx.label();
  const no = ctx.label();
  w.insn('movi\ta12, 1');
  w.insn(`${unsigned ? 'bltu' : 'blt'}\t${xh}, ${yh}, ${done}`);
  w.insn(`bne\t${xh}, ${yh}, ${no}`);
  if (strict) w.insn(`bltu\t${xl}, ${yl}, ${done}`);
  else w.insn(`bgeu\t${yl}, ${xl}, ${done}`);
  w.label(no);
  w.insn('movi\ta12, 0');
  w.label(done);
  ctx.st('a12', dst);
}

/** Ordered compares set b0; `!=` is true for unordered operands (the negation of OEQ). */
function compareF32(ctx: EmitContext, dst: VReg, cond: CmpCond, a: VReg, b: VReg): void {
  const { w } = ctx;
  ctx.lsi('f0', a);
  ctx.lsi('f1', b);
  const forms: Record<CmpCond, [string, boolean, boolean]> = {
    // [instruction, swap operands, result is the negation]
    eq: ['oeq.s', false, false],
    ne: ['oeq.s', false, true],
    lt: ['olt.s', false, false],
    le: ['ole.s', false, false],
    gt: ['olt.s', true, false],
    ge: ['ole.s', true, false],
  };
  const [op, swap, negate] = forms[cond];
  w.insn(`${op}\tb0, ${swap ? 'f1, f0' : 'f0, f1'}`);
  w.insn('movi\ta8, 0');
  w.insn('movi\ta9, 1');
  w.insn(`${negate ? 'movf' : 'movt'}\ta8, a9, b0`);
  ctx.st('a8', dst);
}

/** __q7_cmpdf2 returns -1, 0, 1, or 2 when unordered. */
function compareF64(ctx: EmitContext, dst: VReg, cond: CmpCond, a: VReg, b: VReg): void {
  const { w } = ctx;
  const r: VReg = { id: dst.id, type: 'i32' };
  ctx.helper('__q7_cmpdf2', [a, b], r);
  ctx.ld('a8', r);
  const done = ctx.label();
  w.insn('movi\ta9, 1');
  switch (cond) {
    case 'eq': w.insn(`beqz\ta8, ${done}`); break;
    case 'ne': w.insn(`bnez\ta8, ${done}`); break;
    case 'lt': w.insn(`bltz\ta8, ${done}`); break;
    case 'gt': w.insn(`beqi\ta8, 1, ${done}`); break;
    case 'le':
      w.insn('addi\ta10, a8, 1');
      w.insn(`bltui\ta10, 2, ${done}`);
      break;
    case 'ge': w.insn(`bltui\ta8, 2, ${done}`); break;
  }
  w.insn('movi\ta9, 0');
  w.label(done);
  ctx.st('a9', dst);
}

// ---- unary ---------------------------------------------------------------------------------------

function unary(ctx: EmitContext, dst: VReg, kind: 'neg' | 'not', a: VReg): void {
  const { w } = ctx;
  switch (a.type) {
    case 'i32':
      ctx.ld('a8', a);
      if (kind === 'neg') w.insn('neg\ta8, a8');
      else {
        w.insn('movi\ta9, -1');
        w.insn('xor\ta8, a8, a9');
      }
      ctx.st('a8', dst);
      return;
    case 'i64': {
      load64(ctx, 'a8', 'a9', a);
      if (kind === 'not') {
        w.insn('movi\ta10, -1');
        w.insn('xor\ta8, a8, a10');
        w.insn('xor\ta9, a9, a10');
      } else {
        const done = ctx.label();
        w.insn('neg\ta9, a9');
        w.insn(`beqz\ta8, ${done}`);
        w.insn('addi\ta9, a9, -1');
        w.label(done);
        w.insn('neg\ta8, a8');
      }
      ctx.st('a8', dst, 0);
      ctx.st('a9', dst, 1);
      return;
    }
    case 'f32':
      ctx.lsi('f0', a);
      w.insn('neg.s\tf0, f0');
      ctx.ssi('f0', dst);
      return;
    case 'f64':
      // flips the sign bit of the high word
      ctx.ld('a8', a, 0);
      ctx.ld('a9', a, 1);
      w.insn('movi\ta10, 1');
      w.insn('slli\ta10, a10, 31');
      w.insn('xor\ta9, a9, a10');
      ctx.st('a8', dst, 0);
      ctx.st('a9', dst, 1);
      return;
  }
}

// ---- conversions ---------------------------------------------------------------------------------

const CONV_HELPER: Partial<Record<ConvKind, string>> = {
  'i32s>f64': '__q7_floatsidf',
  'i32u>f64': '__q7_floatunsidf',
  'f64>i32s': '__q7_fixdfsi',
  'f64>i32u': '__q7_fixunsdfsi',
  'i64s>f32': '__q7_floatdisf',
  'i64u>f32': '__q7_floatundisf',
  'f32>i64s': '__q7_fixsfdi',
  'f32>i64u': '__q7_fixunssfdi',
  'i64s>f64': '__q7_floatdidf',
  'i64u>f64': '__q7_floatundidf',
  'f64>i64s': '__q7_fixdfdi',
  'f64>i64u': '__q7_fixunsdfdi',
  'f32>f64': '__q7_extendsfdf2',
  'f64>f32': '__q7_truncdfsf2',
};

function convert(ctx: EmitContext, dst: VReg, kind: ConvKind, a: VReg): void {
  const { w } = ctx;
  const helper = CONV_HELPER[kind];
  if (helper) {
    ctx.helper(helper, [a], dst);
    return;
  }
  switch (kind) {
    case 'sext8':
    case 'sext16':
      ctx.ld('a8', a);
      w.insn(`sext\ta8, a8, ${kind === 'sext8' ? 7 : 15}`);
      ctx.st('a8', dst);
      return;
    case 'zext8':
    case 'zext16':
      ctx.ld('a8', a);
      w.insn(`extui\ta8, a8, 0, ${kind === 'zext8' ? 8 : 16}`);
      ctx.st('a8', dst);
      return;
    case 'bool':
      ctx.ld('a8', a);
      boolOf(ctx, 'a8');
      return ctx.st('a10', dst);
    case 'i64>bool':
      load64(ctx, 'a8', 'a9', a);
      w.insn('or\ta8, a8, a9');
      boolOf(ctx, 'a8');
      return ctx.st('a10', dst);
    case 'f64>bool':
      // ±0 is false; every other value (NaN included) is true
      load64(ctx, 'a8', 'a9', a);
      w.insn('slli\ta9, a9, 1');
      w.insn('or\ta8, a8, a9');
      boolOf(ctx, 'a8');
      return ctx.st('a10', dst);
    case 'f32>bool':
      ctx.ld('a8', a);
      w.insn('slli\ta8, a8, 1');
      boolOf(ctx, 'a8');
      return ctx.st('a10', dst);
    case 'i32>i64s':
    case 'i32>i64u':
      if (ctx.optimized) {
        // the result's registers differ from the operand's (a different register)
        const s = ctx.src(a, 'a8');
        const hi = ctx.dstWord(dst, 1, 'a9');
        w.insn(kind === 'i32>i64s' ? `srai\t${hi}, ${s}, 31` : `movi\t${hi}, 0`);
        ctx.st(s, dst, 0);
        ctx.st(hi, dst, 1);
        return;
      }
      ctx.ld('a8', a);
      w.insn(kind === 'i32>i64s' ? 'srai\ta9, a8, 31' : 'movi\ta9, 0');
      ctx.st('a8', dst, 0);
      ctx.st('a9', dst, 1);
      return;
    case 'i64>i32':
      if (ctx.optimized) return ctx.st(ctx.srcWord(a, 0, 'a8'), dst);
      ctx.ld('a8', a, 0);
      ctx.st('a8', dst);
      return;
    case 'i32s>f32':
    case 'i32u>f32':
      ctx.ld('a8', a);
      w.insn(`${kind === 'i32s>f32' ? 'float.s' : 'ufloat.s'}\tf0, a8, 0`);
      ctx.ssi('f0', dst);
      return;
    case 'f32>i32s':
    case 'f32>i32u':
      ctx.lsi('f0', a);
      w.insn(`${kind === 'f32>i32s' ? 'trunc.s' : 'utrunc.s'}\ta8, f0, 0`);
      ctx.st('a8', dst);
      return;
    default:
      throw new Error(`internal: no code for conversion ${kind}`);
  }
}

/** a10 = (reg != 0). */
function boolOf(ctx: EmitContext, reg: string): void {
  ctx.w.insn('movi\ta10, 0');
  ctx.w.insn('movi\ta11, 1');
  ctx.w.insn(`movnez\ta10, a11, ${reg}`);
}
