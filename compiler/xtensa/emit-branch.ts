// -O1 compare-and-branch: a conditional branch whose condition is a comparison made just before it
// (and read nowhere else) is emitted as one conditional branch on the operands — BLT/BGE/BEQ/BNE
// (and the unsigned forms) for 32-bit integers, the high-then-low word sequence for 64-bit ones,
// BT/BF on the FP compare for floats — instead of materialising 0/1 and testing it. Doubles keep the
// generic path (their compare is a runtime call).

import type { CmpCond, Instr } from '../ir/ir';
import type { EmitContext } from './emit-function';

type Cmp = Extract<Instr, { op: 'cmp' }>;

const INVERSE: Record<CmpCond, CmpCond> = { eq: 'ne', ne: 'eq', lt: 'ge', ge: 'lt', gt: 'le', le: 'gt' };

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
  if (c.a.type === 'i32') {
    const ra = ctx.src(c.a, 'a8');
    const rb = ctx.src(c.b, 'a9');
    const swap = cond === 'gt' || cond === 'le';
    const base = { eq: 'beq', ne: 'bne', lt: 'blt', gt: 'blt', ge: 'bge', le: 'bge' }[cond];
    const op = c.unsigned && (base === 'blt' || base === 'bge') ? `${base}u` : base;
    w.insn(`${op}\t${swap ? `${rb}, ${ra}` : `${ra}, ${rb}`}, ${label}`);
    return;
  }
  ctx.ld('a8', c.a, 0);
  ctx.ld('a9', c.a, 1);
  ctx.ld('a10', c.b, 0);
  ctx.ld('a11', c.b, 1);
  if (cond === 'eq' || cond === 'ne') {
    w.insn('xor\ta12, a8, a10');
    w.insn('xor\ta13, a9, a11');
    w.insn('or\ta12, a12, a13');
    w.insn(`${cond === 'eq' ? 'beqz' : 'bnez'}\ta12, ${label}`);
    return;
  }
  // x < y or x <= y, with (x, y) = (a, b) or (b, a): the high words decide unless equal
  const swap = cond === 'gt' || cond === 'ge';
  const strict = cond === 'lt' || cond === 'gt';
  const [xl, xh, yl, yh] = swap ? ['a10', 'a11', 'a8', 'a9'] : ['a8', 'a9', 'a10', 'a11'];
  const no = ctx.label();
  w.insn(`${c.unsigned ? 'bltu' : 'blt'}\t${xh}, ${yh}, ${label}`);
  w.insn(`bne\t${xh}, ${yh}, ${no}`);
  if (strict) w.insn(`bltu\t${xl}, ${yl}, ${label}`);
  else w.insn(`bgeu\t${yl}, ${xl}, ${label}`);
  w.label(no);
}
