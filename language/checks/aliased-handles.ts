// Q7-C010 aliased handles: the coherency enforcer lives in the tensor handle (TensorBase+4), and a copy
// of a handle (`torch::Tensor t2 = t;`) carries its own. Two accessors of one tensor opened through
// different handle copies are therefore never checked against each other on the device: a pair that
// the enforcer would refuse through one handle (rule 5, see coherency.ts) runs with stale data instead.
// Only pairs the device cannot see are reported: when the same handle also has a conflicting
// accessor open, Q7-C005 reports it. Copies are followed through local handles initialised from another handle and never reassigned.

import type { VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { accessorUses, describeUse, type AccessorUse } from './accessors';
import { conflicts } from './coherency';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { sameTensor, stripExpr, tensorOf } from './tensors';
import type { Check } from './types';

const CODE = 'Q7-C010';

export const aliasedHandlesCheck: Check = {
  code: CODE,
  name: 'aliased-handles',
  summary: 'conflicting accessors of one tensor opened through different copies of its handle, which the enforcer cannot see',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    const uses = accessorUses(fc).filter((u) => u.kind !== 'tcm' && u.tensor.handle);
    for (let j = 0; j < uses.length; j++) {
      const b = uses[j];
      const open = (x: AccessorUse) => b.life.start < x.life.end && conflicts(x, b);
      if (uses.slice(0, j).some((x) => sameTensor(x.tensor, b.tensor) && open(x))) continue; // the device sees it (Q7-C005)
      const a = uses.slice(0, j).find((x) => !sameTensor(x.tensor, b.tensor) && open(x) && sameRoot(fc, x, b));
      if (a) report(ctx, fc, a, b);
    }
  },
};

/** The handle a local handle was copied from, following copies of copies (itself when none). */
export function rootHandle(fc: FunctionContext, v: VarDecl, depth = 0): VarDecl {
  if (depth > 8 || v.storage !== 'local' || v.type.kind === 'reference' || reassigned(fc, v)) return v;
  const init = fc.initOf(v);
  const src = (init && tensorOf(fc, init)) ?? tensorOf(fc, soleArgument(fc, v));
  return src?.handle && src.handle !== v ? rootHandle(fc, src.handle, depth + 1) : v;
}

/**
 * The one argument of a direct or list initialisation, `torch::Tensor t2{t};` or `torch::Tensor t2(t);`
 * (which the parser reads as a function declarator; the model's statement tree holds it as a direct
 * initialisation with its typed argument).
 */
function soleArgument(fc: FunctionContext, v: VarDecl): Expr | undefined {
  const init = fc.writtenInitialiserOf(v);
  if (!init || init.form === 'copy' || (init.form === 'direct' ? init.args.length : init.whole?.list?.length) !== 1) return undefined;
  const inside = fc.index.all.filter((e) => e.loc.start >= init.loc.start && e.loc.end <= init.loc.end && e.kind === 'name');
  return inside.length === 1 ? inside[0] : undefined;
}

function sameRoot(fc: FunctionContext, a: AccessorUse, b: AccessorUse): boolean {
  return rootHandle(fc, a.tensor.handle!) === rootHandle(fc, b.tensor.handle!);
}

function reassigned(fc: FunctionContext, v: VarDecl): boolean {
  return fc.index.all.some((e) => e.callee?.name === 'operator=' && e.operands?.[0] && stripExpr(e.operands[0]).decl === v);
}

function report(ctx: FileContext, fc: FunctionContext, a: AccessorUse, b: AccessorUse): void {
  const ha = a.tensor.handle!;
  const hb = b.tensor.handle!;
  const copy = ha.storage === 'local' && rootHandle(fc, ha) !== ha ? ha : hb;
  const why = a.kind === 'writer' || b.kind === 'writer'
    ? 'a write stream buffers its writes in TCM and flushes them on close(), so the other accessor reads stale data or its writes are overwritten'
    : 'a stream accessor works on a TCM copy while a standard accessor goes straight to HBM, so each sees stale data of the other';
  ctx.report({
    range: fc.rangeOf(b.created.loc),
    severity: 'warning',
    code: CODE,
    message: `${describeUse(fc, b)} on '${hb.name}' conflicts with ${describeUse(fc, a)} on '${ha.name}', a copy of the same handle`,
    notes: [
      { range: fc.rangeOf(a.created.loc), message: `${describeUse(fc, a)} on '${ha.name}' opened here` },
      { range: fc.rangeOf(copy.loc), message: `'${copy.name}' copies the handle here (its own enforcer)` },
      { message: 'the coherency enforcer lives in each handle (TensorBase+4), so the device checks the two accessors against different enforcers and never reports this conflict' },
      { message: why },
    ],
    help: `open both through the same handle (use '${ha.name}' or a reference to it), and close or scope the first one before opening the second`,
  });
}
