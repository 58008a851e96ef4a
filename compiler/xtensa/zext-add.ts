// -O1/-O2 instruction selection: a 64-bit address plus a zero-extended 32-bit offset — `t = conv
// i32>i64u x` read only by the 64-bit add right after it, as the SDK forms every element's device
// address — is one add on the low words and a carry into the high word: no zero high word is made,
// stored or added.

import type { Block, Func, Instr, VReg } from '../ir/ir';
import { debugVregIds, readCounts } from '../ir/uses';
import type { EmitContext } from './emit-context';

type Bin = Extract<Instr, { op: 'bin' }>;
type Conv = Extract<Instr, { op: 'conv' }>;

/** The adds that take their zero-extended operand's 32-bit source directly, with the extensions they absorb. */
export interface ZextAdds {
  readonly adds: Map<Instr, { readonly base: VReg; readonly offset: VReg }>;
  readonly absorbed: Set<Instr>;
}

/**
 * Extensions whose result is read once, by the add that follows them in the block (nothing between
 * but statement and scope marks), not a debugger variable's, and the adds that read them. The add
 * comes right after, so the source's register (its last read was the extension's) is not yet reused
 * by anything but the add's own result (see emitZextAdd).
 */
export function zextAdds(f: Func): ZextAdds {
  const uses = readCounts(f);
  const debug = debugVregIds(f);
  const out: ZextAdds = { adds: new Map(), absorbed: new Set() };
  const visit = (b: Block) => {
    const list = b.instrs.filter((i) => i.op !== 'stmt' && i.op !== 'scope');
    for (let k = 0; k + 1 < list.length; k++) {
      const c = list[k];
      const a = list[k + 1];
      if (c.op !== 'conv' || c.kind !== 'i32>i64u' || a.op !== 'bin' || a.kind !== 'add' || a.dst.type !== 'i64') continue;
      const t = (c as Conv).dst;
      if (uses.get(t.id) !== 1 || debug.has(t.id) || (a.a.id === t.id) === (a.b.id === t.id)) continue;
      const base = a.a.id === t.id ? a.b : a.a;
      if (base.id === (c as Conv).a.id) continue;
      out.adds.set(a, { base, offset: (c as Conv).a });
      out.absorbed.add(c);
      k++;
    }
  };
  f.blocks.forEach(visit);
  return out;
}

/**
 * `dst = base + zext(offset)`: ADD on the low words, the high word copied, plus one when the low sum
 * wrapped (below either addend). The result's registers may be the offset's (its last read was the
 * absorbed extension), never the base's unless the result is the base itself; a base high word kept in
 * the frame is loaded into the result's high word directly.
 */
export function emitZextAdd(ctx: EmitContext, i: Bin, base: VReg, offset: VReg): void {
  const { w } = ctx;
  const bl = ctx.srcWord(base, 0, 'a8');
  const x = ctx.src(offset, 'a10');
  const bh = ctx.homeWord(base, 1);
  const dl = ctx.dstWord(i.dst, 0, 'a12');
  const dh = ctx.dstWord(i.dst, 1, bh ? 'a13' : 'a9');
  const done = ctx.label();
  w.insn(`add\t${dl}, ${bl}, ${x}`);
  // a high word in the frame is loaded straight into the result's (after the add: it may be the offset's register)
  if (!bh) ctx.ld(dh, base, 1);
  else if (dh !== bh) w.insn(`mov\t${dh}, ${bh}`);
  // the wrapped sum is below both addends: compare with one that is still intact
  const intact = dl !== x && dh !== x ? x : bl;
  if (intact === dl || intact === dh) throw new Error('internal: no addend left to test the carry of a 64-bit add against');
  w.insn(`bgeu\t${dl}, ${intact}, ${done}`);
  w.insn(`addi\t${dh}, ${dh}, 1`);
  w.label(done);
  ctx.st(dl, i.dst, 0);
  ctx.st(dh, i.dst, 1);
}
