// Single-precision FPU (coprocessor 0): loads/stores (LSIP/SSIP/LSXP/SSXP post-increment), arithmetic
// and fused multiply-add through emulator/fp (FCR rounding mode, sticky FSR flags), conversions,
// compares into BR, conditional moves, bit moves and the division/square-root step instructions as
// QEMU models them (MKDADJ.S/MKSADJ.S exact, ADDEXPM.S a move, the other steps no-ops).

import type { Cpu } from '../../core/cpu';
import type { Insn } from '../insn';
import { CAUSE } from '../../core/causes';
import { generalException } from '../../core/exceptions';
import { FSR_FLAGS_SHIFT, SIGN } from '../../fp/bits';
import { fadd, fdiv, fmuladd, fmul, fpFlags, frsqrtApprox, fsqrt, fsub } from '../../fp/arith';
import { IntRounding, cvtFlags, floatToInt, floatToUint, intToFloat } from '../../fp/convert';
import { Relation, cmpFlags, fcompare } from '../../fp/compare';
import { family, type Family } from '../family';
import { type EmitContext, type Emitted, type Template, A, load, seq, store } from '../jit/template';

function raise(c: Cpu, flags: number): void {
  if (flags) c.fsr |= flags << FSR_FLAGS_SHIFT;
}

// ---- loads and stores ----------------------------------------------------------------------
/** LSI ft, as, offset */
export function lsi(c: Cpu, i: Insn): number {
  c.f[i.a] = c.mem.read32((c.a[i.b] + i.c) >>> 0);
  return i.next;
}
/** LSIP ft, as, offset: load from as, then as += offset. */
export function lsip(c: Cpu, i: Insn): number {
  c.f[i.a] = c.mem.read32(c.a[i.b] >>> 0);
  c.a[i.b] += i.c;
  return i.next;
}
export function ssi(c: Cpu, i: Insn): number {
  c.mem.write32((c.a[i.b] + i.c) >>> 0, c.f[i.a]);
  return i.next;
}
export function ssip(c: Cpu, i: Insn): number {
  c.mem.write32(c.a[i.b] >>> 0, c.f[i.a]);
  c.a[i.b] += i.c;
  return i.next;
}
/** LSX fr, as, at */
export function lsx(c: Cpu, i: Insn): number {
  c.f[i.a] = c.mem.read32((c.a[i.b] + c.a[i.c]) >>> 0);
  return i.next;
}
export function lsxp(c: Cpu, i: Insn): number {
  c.f[i.a] = c.mem.read32(c.a[i.b] >>> 0);
  c.a[i.b] += c.a[i.c];
  return i.next;
}
export function ssx(c: Cpu, i: Insn): number {
  c.mem.write32((c.a[i.b] + c.a[i.c]) >>> 0, c.f[i.a]);
  return i.next;
}
export function ssxp(c: Cpu, i: Insn): number {
  c.mem.write32(c.a[i.b] >>> 0, c.f[i.a]);
  c.a[i.b] += c.a[i.c];
  return i.next;
}

// ---- arithmetic ----------------------------------------------------------------------------
export function addS(c: Cpu, i: Insn): number {
  c.f[i.a] = fadd(c.f[i.b], c.f[i.c], c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
export function subS(c: Cpu, i: Insn): number {
  c.f[i.a] = fsub(c.f[i.b], c.f[i.c], c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
export function mulS(c: Cpu, i: Insn): number {
  c.f[i.a] = fmul(c.f[i.b], c.f[i.c], c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
/** MADD.S fr, fs, ft: fr = fr + fs × ft, one rounding. */
export function maddS(c: Cpu, i: Insn): number {
  c.f[i.a] = fmuladd(c.f[i.a], c.f[i.b], c.f[i.c], false, c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
/** MSUB.S fr, fs, ft: fr = fr - fs × ft, one rounding. */
export function msubS(c: Cpu, i: Insn): number {
  c.f[i.a] = fmuladd(c.f[i.a], c.f[i.b], c.f[i.c], true, c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
/** MKDADJ.S fr, fs: fr = fs / fr (QEMU's model of the divide sequence). */
export function mkdadjS(c: Cpu, i: Insn): number {
  c.f[i.a] = fdiv(c.f[i.b], c.f[i.a], c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
/** MKSADJ.S fr, fs: fr = sqrt(fs). */
export function mksadjS(c: Cpu, i: Insn): number {
  c.f[i.a] = fsqrt(c.f[i.b], c.fcr & 3);
  raise(c, fpFlags.value);
  return i.next;
}
/** ADDEXPM.S fr, fs: a move in QEMU's model. */
export function addexpmS(c: Cpu, i: Insn): number {
  c.f[i.a] = c.f[i.b];
  return i.next;
}
/** DIV0.S, SQRT0.S, NEXP01.S, ADDEXP.S, DIVN.S, MADDN.S: no effect in QEMU's model. */
export function fpStepNop(_c: Cpu, i: Insn): number {
  return i.next;
}
/** RECIP0.S fr, fs: QEMU's de233_fpu lacks it; on cores that have it, the rounded reciprocal. */
export function recip0S(c: Cpu, i: Insn): number {
  if (!c.config.fpApproxSteps) return generalException(c, CAUSE.IllegalInstruction, i.pc);
  c.f[i.a] = fdiv(0x3f800000, c.f[i.b], 0);
  raise(c, fpFlags.value);
  return i.next;
}
/** RSQRT0.S fr, fs: likewise, 1/sqrt rounded to nearest. */
export function rsqrt0S(c: Cpu, i: Insn): number {
  if (!c.config.fpApproxSteps) return generalException(c, CAUSE.IllegalInstruction, i.pc);
  c.f[i.a] = frsqrtApprox(c.f[i.b]);
  raise(c, fpFlags.value);
  return i.next;
}

// ---- moves ---------------------------------------------------------------------------------
export function movS(c: Cpu, i: Insn): number {
  c.f[i.a] = c.f[i.b];
  return i.next;
}
export function absS(c: Cpu, i: Insn): number {
  c.f[i.a] = c.f[i.b] & 0x7fffffff;
  return i.next;
}
export function negS(c: Cpu, i: Insn): number {
  c.f[i.a] = c.f[i.b] ^ SIGN;
  return i.next;
}
const CONSTS = [0x00000000, 0x3f800000, 0x40000000, 0x3f000000];
/** CONST.S fr, imm: 0.0, 1.0, 2.0, 0.5 for imm mod 4 (QEMU). */
export function constS(c: Cpu, i: Insn): number {
  c.f[i.a] = CONSTS[i.b & 3];
  return i.next;
}
/** RFR ar, fs */
export function rfr(c: Cpu, i: Insn): number {
  c.a[i.a] = c.f[i.b];
  return i.next;
}
/** WFR fr, as */
export function wfr(c: Cpu, i: Insn): number {
  c.f[i.a] = c.a[i.b];
  return i.next;
}
export function moveqzS(c: Cpu, i: Insn): number {
  if (c.a[i.c] === 0) c.f[i.a] = c.f[i.b];
  return i.next;
}
export function movnezS(c: Cpu, i: Insn): number {
  if (c.a[i.c] !== 0) c.f[i.a] = c.f[i.b];
  return i.next;
}
export function movltzS(c: Cpu, i: Insn): number {
  if (c.a[i.c] < 0) c.f[i.a] = c.f[i.b];
  return i.next;
}
export function movgezS(c: Cpu, i: Insn): number {
  if (c.a[i.c] >= 0) c.f[i.a] = c.f[i.b];
  return i.next;
}
export function movfS(c: Cpu, i: Insn): number {
  if (((c.br >>> i.c) & 1) === 0) c.f[i.a] = c.f[i.b];
  return i.next;
}
export function movtS(c: Cpu, i: Insn): number {
  if (((c.br >>> i.c) & 1) !== 0) c.f[i.a] = c.f[i.b];
  return i.next;
}

// ---- conversions ---------------------------------------------------------------------------
function toInt(how: IntRounding) {
  return (c: Cpu, i: Insn): number => {
    c.a[i.a] = floatToInt(c.f[i.b], i.c, how);
    raise(c, cvtFlags.value);
    return i.next;
  };
}
/** TRUNC.S / ROUND.S / FLOOR.S / CEIL.S ar, fs, scale */
export const truncS = toInt('zero');
export const roundS = toInt('nearest');
export const floorS = toInt('floor');
export const ceilS = toInt('ceil');

/** UTRUNC.S ar, fs, scale */
export function utruncS(c: Cpu, i: Insn): number {
  c.a[i.a] = floatToUint(c.f[i.b], i.c);
  if (cvtFlags.replace) c.fsr = cvtFlags.value << FSR_FLAGS_SHIFT;
  else raise(c, cvtFlags.value);
  return i.next;
}
/** FLOAT.S fr, as, scale */
export function floatS(c: Cpu, i: Insn): number {
  c.f[i.a] = intToFloat(c.a[i.b], i.c, c.fcr & 3);
  raise(c, cvtFlags.value);
  return i.next;
}
/** UFLOAT.S fr, as, scale */
export function ufloatS(c: Cpu, i: Insn): number {
  c.f[i.a] = intToFloat(c.a[i.b] >>> 0, i.c, c.fcr & 3);
  raise(c, cvtFlags.value);
  return i.next;
}

// ---- compares ------------------------------------------------------------------------------
function compare(rel: Relation) {
  return (c: Cpu, i: Insn): number => {
    const r = fcompare(c.f[i.b], c.f[i.c], rel);
    c.br = r ? c.br | (1 << i.a) : c.br & ~(1 << i.a);
    raise(c, cmpFlags.value);
    return i.next;
  };
}
/** UN.S / OEQ.S / UEQ.S / OLT.S / ULT.S / OLE.S / ULE.S br, fs, ft */
export const unS = compare('un');
export const oeqS = compare('oeq');
export const ueqS = compare('ueq');
export const oltS = compare('olt');
export const ultS = compare('ult');
export const oleS = compare('ole');
export const uleS = compare('ule');

// ---- compiled forms ------------------------------------------------------------------------
// The loads, stores and moves a compiled block inlines: `c.f[N]` is FP register N. The rows are of
// coprocessor 0, so the decoder installs CoprocessorDisabled in place of the handler while CPENABLE
// disables it: an instance whose handler is not the row's own is left to the interpreter (`defers`).

/** `t`'s code for `i` unless the decoder gave `i` another handler than `own` (coprocessor disabled). */
function own(handler: typeof lsi, t: (i: Insn, x: EmitContext) => Emitted): { defers: true; jit: Template } {
  return { defers: true, jit: (i, x) => (i.inner === handler ? t(i, x) : undefined) };
}

/** LSI ft, as, offset: the 32-bit load of compiled blocks (jit/template.ts load) into c.f[ft]. */
const lsiCode = (i: Insn, x: EmitContext): Emitted => load(i, x, 4, false, `c.f[${i.a}]`);

/** SSI ft, as, offset: the 32-bit store of compiled blocks (jit/template.ts store) of c.f[ft]. */
const ssiCode = (i: Insn, x: EmitContext): Emitted => store(i, x, 4, `c.f[${i.a}]`);

/** The smallest normal and the largest finite single: a rounded result strictly between them (excluded and included) needs no flag but Inexact. */
const MIN_NORMAL = 2 ** -126;
const MAX_FINITE = 3.4028234663852886e38;
/** Inexact (FLAG_INEXACT) in FSR. */
const FSR_INEXACT = 1 << FSR_FLAGS_SHIFT;

/**
 * ADD.S / SUB.S / MUL.S fr, fs, ft compiled: in round-to-nearest mode, a result whose magnitude is a
 * normal above the smallest (so neither operand is a NaN or an infinity, and nothing overflows or
 * underflows) is Math.fround of the double result (a product of two singles is exact in a double; a
 * double sum rounded again to single is the correctly rounded sum, and twoSum's error term tells
 * whether it was exact), with Inexact when the rounding changed the value; anything else calls the
 * handler (`hf[K]`, which neither raises nor reaches an address register).
 */
function arithCode(op: '+' | '-' | '*') {
  return (i: Insn, x: EmitContext): Emitted => {
    const fr = `c.fv[${i.a}]`;
    // twoSum's error term of s = u + b (b = w or -w): zero exactly when the double sum was exact
    const b = op === '+' ? 'w' : '-w';
    const inexact = op === '*' ? 'r !== s' : `r !== s || ((u - (s - (s - u))) + (${b} - (s - u))) !== 0`;
    return {
      kind: 'seq',
      window: [],
      code:
        `{ const u = c.fv[${i.b}], w = c.fv[${i.c}]; const s = u ${op} w; const r = Math.fround(s); const m = r < 0 ? -r : r; ` +
        `if ((c.fcr & 3) === 0 && m > ${MIN_NORMAL} && m <= ${MAX_FINITE}) { ${fr} = r; if (${inexact}) c.fsr |= ${FSR_INEXACT}; } ` +
        `else hf[${x.k}](c, hi[${x.k}]); }`,
    };
  };
}

/** The rows of each handler: loads, stores, moves and the arithmetic's usual case compile inline, a compiled block calls the others (jit/callable.ts). */
export const FAMILIES: readonly Family[] = [
  family(['lsi'], lsi, own(lsi, lsiCode)),
  family(['ssi'], ssi, own(ssi, ssiCode)),
  family(['lsip'], lsip), family(['ssip'], ssip),
  family(['lsx'], lsx), family(['lsxp'], lsxp), family(['ssx'], ssx), family(['ssxp'], ssxp),
  family(['add.s'], addS, own(addS, arithCode('+'))), family(['sub.s'], subS, own(subS, arithCode('-'))), family(['mul.s'], mulS, own(mulS, arithCode('*'))), family(['madd.s'], maddS), family(['msub.s'], msubS),
  family(['maddn.s', 'divn.s', 'div0.s', 'sqrt0.s', 'nexp01.s', 'addexp.s'], fpStepNop),
  family(['addexpm.s'], addexpmS), family(['mkdadj.s'], mkdadjS), family(['mksadj.s'], mksadjS),
  family(['recip0.s'], recip0S), family(['rsqrt0.s'], rsqrt0S),
  family(['round.s'], roundS), family(['trunc.s'], truncS), family(['floor.s'], floorS), family(['ceil.s'], ceilS),
  family(['float.s'], floatS), family(['ufloat.s'], ufloatS), family(['utrunc.s'], utruncS),
  family(['mov.s'], movS, own(movS, (i) => seq(`c.f[${i.a}] = c.f[${i.b}];`))),
  family(['abs.s'], absS), family(['neg.s'], negS), family(['const.s'], constS),
  family(['rfr'], rfr, own(rfr, (i) => seq(`${A(i.a)} = c.f[${i.b}];`))),
  family(['wfr'], wfr, own(wfr, (i) => seq(`c.f[${i.a}] = ${A(i.b)};`))),
  family(['un.s'], unS), family(['oeq.s'], oeqS), family(['ueq.s'], ueqS), family(['olt.s'], oltS),
  family(['ult.s'], ultS), family(['ole.s'], oleS), family(['ule.s'], uleS),
  family(['moveqz.s'], moveqzS), family(['movnez.s'], movnezS), family(['movltz.s'], movltzS), family(['movgez.s'], movgezS),
  family(['movf.s'], movfS), family(['movt.s'], movtS),
];
