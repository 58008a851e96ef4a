// Implicit conversions made explicit: each expression the analyser converts (an initialiser, an
// argument, an operand of a built-in operator, a condition) records in `Expr.implicit` the target
// type and the steps of the conversion, in the order the compiler performs them.

import type { Conversion } from './conversions';
import type { Expr, ImplicitConversion, ConversionStep } from '../model/expressions';
import {
  BOOL, isArithmetic, isBuiltin, isFloating, isIntegral, nonReference, sameType, unqualified, type Type,
} from '../model/types';
import { promote } from './conversions';

/** Records on `e` its conversion to `to` (nothing when none is needed). */
export function noteConversion(e: Expr, to: Type, c?: Conversion): void {
  if (e.type.kind === 'error' || to.kind === 'error' || e.list) return;
  const steps = conversionSteps(e, to, c);
  if (steps.length) e.implicit = c?.user ? { to, steps: shared(steps), user: c.user } : { to, steps: shared(steps) };
}

/** Step lists repeat (most are one or two steps): each distinct list is kept once, frozen. */
const stepLists = new Map<string, ConversionStep[]>();
function shared(steps: ConversionStep[]): ConversionStep[] {
  const key = steps.length === 1 ? steps[0] : steps.join(' ');
  let s = stepLists.get(key);
  if (!s) stepLists.set(key, (s = Object.freeze(steps) as ConversionStep[]));
  return s;
}

/** Records a contextual conversion to bool (conditions, operands of `!`, `&&`, `||`). */
export function noteBoolean(e: Expr): void {
  if (e.type.kind === 'error' || e.implicit) return;
  const steps = valueSteps(e, BOOL);
  if (steps.length) e.implicit = { to: BOOL, steps: shared(steps) };
}

function conversionSteps(e: Expr, to: Type, c?: Conversion): ConversionStep[] {
  if (to.kind === 'reference') {
    const target = to.referee;
    const src = e.type;
    if (c?.temporary) return [...valueSteps(e, unqualified(target), c), 'materialize-temporary', 'bind-reference'];
    const steps: ConversionStep[] = [];
    if (src.kind === 'class' && target.kind === 'class' && src.decl !== target.decl) steps.push('derived-to-base');
    if (!!target.const && !src.const) steps.push('qualification');
    if (e.cat === 'prvalue') steps.push('materialize-temporary');
    steps.push('bind-reference');
    return steps;
  }
  return valueSteps(e, to, c);
}

/** The steps of a conversion to the (non-reference) type `to`. */
function valueSteps(e: Expr, to: Type, c?: Conversion): ConversionStep[] {
  const src = unqualified(nonReference(e.type));
  const dst = unqualified(to);
  if (c?.user || (src.kind === 'class') !== (dst.kind === 'class')) return ['user-defined'];
  if (src.kind === 'class' && dst.kind === 'class') {
    if (src.decl === dst.decl) return e.cat === 'prvalue' ? [] : ['copy'];
    return ['derived-to-base', 'copy'];
  }
  const steps: ConversionStep[] = [];
  let from = src;
  if (from.kind === 'array') {
    steps.push('array-to-pointer');
    from = { kind: 'pointer', pointee: from.element };
  } else if (from.kind === 'function') {
    steps.push('function-to-pointer');
    from = { kind: 'pointer', pointee: from };
  } else if (e.cat !== 'prvalue') steps.push('lvalue-to-rvalue');
  return [...steps, ...standardSteps(e, from, dst)];
}

function standardSteps(e: Expr, from: Type, to: Type): ConversionStep[] {
  if (sameType(from, to, true)) return [];
  if (to.kind === 'vector') return [from.kind === 'vector' ? 'vector-reinterpret' : 'vector-broadcast'];
  if (isBuiltin(to, 'bool')) return ['boolean'];
  if (isArithmetic(to) && (isArithmetic(from) || from.kind === 'enum')) {
    if (sameType(promote(from), to, true)) return [isFloating(to) ? 'floating-promotion' : 'integral-promotion'];
    if (isBuiltin(from, 'float') && isBuiltin(to, 'double')) return ['floating-promotion'];
    if (isFloating(from) && isFloating(to)) return ['floating'];
    if (isFloating(from) && isIntegral(to)) return ['floating-to-integral'];
    if (isFloating(to)) return ['integral-to-floating'];
    return ['integral'];
  }
  if (to.kind === 'pointer') {
    if (e.nullPointerConstant || isBuiltin(from, 'nullptr_t') || (e.kind === 'number_literal' && e.value === 0)) return ['null-pointer'];
    if (from.kind === 'pointer') {
      const steps: ConversionStep[] = [];
      if (!sameType(unqualified(from.pointee), unqualified(to.pointee))) steps.push(from.pointee.kind === 'class' && to.pointee.kind === 'class' ? 'derived-to-base' : 'pointer');
      if (!!to.pointee.const !== !!from.pointee.const) steps.push('qualification');
      return steps;
    }
  }
  return [];
}

export type { ImplicitConversion };
