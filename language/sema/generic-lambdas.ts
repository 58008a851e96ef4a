// Generic lambdas (`[](auto x, const auto& y) {…}`): the call operator is a member template with one
// invented type parameter per `auto`. Its body is checked once where the lambda is written with those
// parameters bound to nothing (the error type); each call deduces them from the arguments as `auto`
// does (`auto`: the decayed, unqualified type; `auto&`: the type with its cv; `const auto&`: the
// unqualified type; `auto&&`: a forwarding reference; `auto*`: the pointee) and gets its own instance
// of the operator, analysed in the lambda's frame, one per list of parameter types.

import type { Ctx } from './context';
import { AUTO_PARAM, containsAuto } from './context';
import type { ClassDecl, FunctionDecl, Loc } from '../model/declarations';
import { newId } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { analyseCallOperator, genericLambda } from './lambdas';
import { addConst, ERROR, pointerTo, referenceTo, typeKey, typeToString, unqualified, type Type } from '../model/types';

/** For a call of a generic closure `cls` with `args`: the instance of its operator() they select. */
export function genericCallOperator(ctx: Ctx, cls: ClassDecl, args: readonly Expr[], loc: Loc): FunctionDecl | undefined {
  const generic = genericLambda(cls);
  if (!generic || args.length < generic.pattern.length) return undefined;
  const params = generic.pattern.map((p, i) => ({ ...p, type: containsAuto(p.type) ? deduced(p.type, args[i]) : p.type }));
  const key = params.map((p) => typeKey(p.type)).join(',');
  const known = generic.instances.get(key);
  if (known) return known;
  const inst: FunctionDecl = { ...generic.call, id: newId(), params, ret: generic.deduce ? ERROR : generic.call.ret, analysed: undefined, generic: generic.inTemplate, analysing: false };
  generic.instances.set(key, inst);
  // forgotten with the generic operator when the body the lambda is written in is analysed again
  const nested = ctx.a.nestedBodies.get(generic.call);
  if (nested) nested.push(inst);
  else ctx.a.nestedBodies.set(generic.call, [inst]);
  const label = `'${cls.name}::operator()(${params.map((p) => typeToString(p.type)).join(', ')})'`;
  ctx.a.instantiating(loc, label, () => analyseCallOperator(ctx.a, inst, generic.frame, generic.deduce));
  return inst;
}

/** A parameter type with its `auto` deduced from the argument `a`. */
function deduced(pattern: Type, a: Expr): Type {
  if (pattern.kind === 'tparam' && pattern.param === AUTO_PARAM) {
    const t = unqualified(decay(a.type));
    return pattern.const ? addConst(t) : t;
  }
  if (pattern.kind === 'reference') {
    const r = pattern.referee;
    if (r.kind === 'tparam' && r.param === AUTO_PARAM) {
      if (pattern.rvalue && !r.const) return a.cat === 'lvalue' ? referenceTo(a.type) : referenceTo(unqualified(a.type), true);
      return referenceTo(r.const ? addConst(unqualified(a.type)) : a.type, pattern.rvalue);
    }
    return referenceTo(deduced(r, a), pattern.rvalue);
  }
  if (pattern.kind === 'pointer') {
    const d = decay(a.type);
    const pointee = d.kind === 'pointer' ? d.pointee : d;
    const inner = pattern.pointee;
    if (inner.kind === 'tparam' && inner.param === AUTO_PARAM) {
      const p = pointerTo(inner.const ? addConst(unqualified(pointee)) : pointee);
      return pattern.const ? addConst(p) : p;
    }
  }
  return unqualified(decay(a.type));
}

function decay(t: Type): Type {
  if (t.kind === 'array') return pointerTo(t.element);
  if (t.kind === 'function') return pointerTo(t);
  return t;
}
