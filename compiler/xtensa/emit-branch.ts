// -O1 compare-and-branch: a conditional branch whose condition is a comparison made just before it
// (and read nowhere else) is emitted as one conditional branch on the operands — BLT/BGE/BEQ/BNE
// (and the unsigned forms) for 32-bit integers, the high-then-low word sequence for 64-bit ones,
// BT/BF on the FP compare for floats — instead of materialising 0/1 and testing it. Doubles keep the
// generic path (their compare is a runtime call).

import type { CmpCond, Instr, VReg } from '../ir/ir';
import { branchImmediate } from './immediates';
import type { EmitContext } from './emit-context';

type Cmp = Extract<Instr, { op: 'cmp' }>;

const INVERSE: Record<CmpCond, CmpCond> = { eq: 'ne', ne: 'eq', lt: 'ge', ge: 'lt', gt: 'le', le: 'gt' };

const SWAPPED: Record<CmpCond, CmpCond> = { eq: 'eq', ne: 'ne', lt: 'gt', gt: 'lt', le: 'ge', ge: 'le' };

/** The one-instruction form of the i32 branch `cond` with a constant operand, if there is one. */
function immediateBranch(c: Cmp, cond: CmpCond, konst: (v: VReg) => number | undefined): { reg: VReg; form: (r: string, l: string) => string } | undefined {
  if (c.a.type !== 'i32') return undefined;
  const b = konst(c.b);
  const fb = b !== undefined ? branchImmediate(cond, c.unsigned, b) : undefined;
  if (fb) return { reg: c.a, form: fb };
  const a = konst(c.a);
  const fa = a !== undefined ? branchImmediate(SWAPPED[cond], c.unsigned, a) : undefined;
  return fa ? { reg: c.b, form: fa } : undefined;
}

/** The constant operand a fused branch on `c` reads as an immediate whichever way it is emitted, if any. */
export function branchConsumes(c: Cmp, konst: (v: VReg) => number | undefined): VReg | undefined {
  const t = immediateBranch(c, c.cond, konst);
  const f = immediateBranch(c, INVERSE[c.cond], konst);
  if (!t || !f || t.reg !== f.reg) return undefined;
  return t.reg === c.a ? c.b : c.a;
}

/** Whether `branchIf` can emit this comparison. */
export function fusible(c: Cmp): boolean {
  return c.a.type !== 'f64';
}

/** Jumps to `label` (a short branch: the label must be near) when the comparison is `when`; else falls through. */
export function branchIf(ctx: EmitContext, c: Cmp, when: boolean, label: string): void {
  const { w } = ctx;
  if (c.a.type === 'f32') {
    const forms: Record<CmpCond, [string, boolean, boolean]> = {
      eq: ['oeq.s', false, false], ne: ['oeq.s', false, true], lt: ['olt.s', false, false],
      le: ['ole.s', false, false], gt: ['olt.s', true, false], ge: ['ole.s', true, false],
    };
    const [op, swap, negate] = forms[c.cond];
    ctx.lsi('f0', c.a);
    ctx.lsi('f1', c.b);
    w.insn(`${op}\tb0, ${swap ? 'f1, f0' : 'f0, f1'}`);
    w.insn(`${negate !== when ? 'bt' : 'bf'}\tb0, ${label}`);
    return;
  }
  const cond = when ? c.cond : INVERSE[c.cond];
  const imm = immediateBranch(c, cond, ctx.konst);
  if (imm) {
    w.insn(imm.form(ctx.src(imm.reg, 'a8'), label));
    return;
  }
  if (c.a.type === 'i32') {
    const ra = ctx.src(c.a, 'a8');
    const rb = ctx.src(c.b, 'a9');
    const swap = cond === 'gt' || cond === 'le';
    const base = { eq: 'beq', ne: 'bne', lt: 'blt', gt: 'blt', ge: 'bge', le: 'bge' }[cond];
    const op = c.unsigned && (base === 'blt' || base === 'bge') ? `${base}u` : base;
    w.insn(`${op}\t${swap ? `${rb}, ${ra}` : `${ra}, ${rb}`}, ${label}`);
    return;
  }
  const al = ctx.srcWord(c.a, 0, 'a8');
  const ah = ctx.srcWord(c.a, 1, 'a9');
  const bl = ctx.srcWord(c.b, 0, 'a10');
  const bh = ctx.srcWord(c.b, 1, 'a11');
  if (cond === 'eq' || cond === 'ne') {
    w.insn(`xor\ta12, ${al}, ${bl}`);
    w.insn(`xor\ta13, ${ah}, ${bh}`);
    w.insn('or\ta12, a12, a13');
    w.insn(`${cond === 'eq' ? 'beqz' : 'bnez'}\ta12, ${label}`);
    return;
  }
  // x < y or x <= y, with (x, y) = (a, b) or (b, a): the high words decide unless equal
  const swap = cond === 'gt' || cond === 'ge';
  const strict = cond === 'lt' || cond === 'gt';
  const [xl, xh, yl, yh] = swap ? [bl, bh, al, ah] : [al, ah, bl, bh];
  const no = ctx.label();
  w.insn(`${c.unsigned ? 'bltu' : 'blt'}\t${xh}, ${yh}, ${label}`);
  w.insn(`bne\t${xh}, ${yh}, ${no}`);
  if (strict) w.insn(`bltu\t${xl}, ${yl}, ${label}`);
  else w.insn(`bgeu\t${yl}, ${xl}, ${label}`);
  w.label(no);
}
