// The IVP vector unit is not lowered yet: the front-end and the checks accept kernels written with
// <xtensa/tie/xt_ivp32.h> (vector types, operators, IVP_* intrinsics), the host shim runs them
// natively, but code generation for them is still to come. Until it lands, `q7 check` (and the
// server) leave out the lowering's "not translatable" verdicts inside functions that use vector
// values, so such a kernel checks clean; `q7 build` still stops there with its message.

import type { Analysis } from '../language';
import type { Expr, FunctionDecl, Type } from '../language/model';
import type { CompileDiagnostic } from './lower/errors';

function mentionsVector(t: Type | undefined): boolean {
  for (let x = t; x; ) {
    if (x.kind === 'vector') return true;
    x = x.kind === 'pointer' ? x.pointee : x.kind === 'reference' ? x.referee : x.kind === 'array' ? x.element : undefined;
  }
  return false;
}

function exprUsesVector(e: Expr, depth = 0): boolean {
  if (depth > 200) return false;
  if (mentionsVector(e.type) || mentionsVector(e.implicit?.to)) return true;
  return [...(e.operands ?? []), ...(e.list ?? [])].some((o) => exprUsesVector(o, depth + 1));
}

/** A function whose parameters, locals or expressions have an IVP type. */
function usesVectors(analysis: Analysis, fn: FunctionDecl): boolean {
  if (mentionsVector(fn.ret) || fn.params.some((p) => mentionsVector(p.type))) return true;
  const body = analysis.model.analyse(fn);
  if (!body) return false;
  return body.locals.some((l) => mentionsVector(l.decl.type)) || body.fullExpressions.some((e) => exprUsesVector(e));
}

/** `problems` without those inside the user's functions that use IVP vector values. */
export function withoutPendingVectorLowering(analysis: Analysis, problems: CompileDiagnostic[]): CompileDiagnostic[] {
  if (!problems.length) return problems;
  const spans = analysis.model.functions
    .filter((fn) => fn.body && !fn.body.unit.system && usesVectors(analysis, fn))
    .map((fn) => {
      const from = fn.loc.range;
      const to = fn.body!.unit.map.range(fn.body!.node.endIndex, fn.body!.node.endIndex);
      return { file: from.file, first: from.start.line + 1, last: to.end.line + 1 };
    });
  if (!spans.length) return problems;
  return problems.filter((p) => !spans.some((s) => s.file === p.file && p.line >= s.first && p.line <= s.last));
}
