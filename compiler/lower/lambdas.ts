// Lambdas: the model gives each lambda expression a closure class (one field per capture, named and
// located like the captured variable; a reference for a capture by reference; an init-capture's field
// with its initialiser; `__this` for a captured `this` — a pointer, or a copy for `[*this]`) and a
// call operator whose body it analyses like any member function. A lambda expression builds the
// closure object (copies of the variables captured by value, addresses of those captured by
// reference, init-captures initialised from their expressions, the enclosing `this`); inside the call
// operator a captured variable is found in the closure object through its `this` (a static local of the
// enclosing function, which the model treats as captured, is named directly), and `this` itself means
// the captured enclosing object. A lambda without captures converts to a pointer to a static invoker
// generated here: it calls the call operator with a dummy closure (the closure has no state).

import { types } from '../../language';
import type { ClassDecl, ClosureCapture, FunctionDecl, Loc } from '../../language/model';
import type { Address, VReg } from '../ir/ir';
import { FunctionBuilder, offsetAddr, regAddr, slotAddr, symAddr } from '../ir/builder';
import { posOf, unsupported } from './errors';
import { lvalue } from './expressions';
import { passes, type FnLower } from './function';
import type { ModuleLowering } from './module-lowering';
import { isClosure } from './closure-fields';
import { isClassType, isVoidType, valueTypeOf } from './types';

/** Builds the closure object of a lambda expression at `addr`. */
export function buildClosure(f: FnLower, addr: Address, cls: ClassDecl, at: Loc): void {
  // the model hands the closure class over complete, with its description (ClassDecl.closure)
  const info = cls.closure;
  if (!info) return unsupported(at, 'internal: a closure the model does not describe');
  for (const c of info.captures) {
    // the model gives a static local a field too; the body names the static itself, the field stays unused
    if (!c.init && f.m.staticLocalOf(c.variable)) continue;
    initCapture(f, offsetAddr(addr, f.L.fieldOffset(cls, c.field.name)), c, at);
  }
  const self = info.thisField;
  if (!self) return;
  const field = offsetAddr(addr, f.L.fieldOffset(cls, self.name));
  if (info.thisByCopy) passes.copyConstructMember(f, field, regAddr(f.thisPointer(at)), self.type, at);
  else f.b.store('i32', f.thisPointer(at), field);
}

/** One capture's field: a copy or the address of the variable, or the init-capture's initialiser. */
function initCapture(f: FnLower, field: Address, c: ClosureCapture, at: Loc): void {
  const byRef = c.field.type.kind === 'reference';
  if (c.init) {
    if (byRef) f.b.store('i32', f.b.addr(lvalue(f, c.init)), field);
    else passes.initFromExpr(f, field, c.field.type, c.init);
    return;
  }
  const variable = f.variableAt(c.field.loc, c.field.name, at);
  if (byRef) f.b.store('i32', f.b.addr(variable), field);
  else passes.copyConstructMember(f, field, variable, c.field.type, at);
}

/** Whether `fn` is the conversion of a lambda without captures to a pointer to function. */
export function isClosureConversion(fn: FunctionDecl): boolean {
  return fn.role === 'conversion' && isClosure(fn.owner);
}

const invokers = new WeakMap<ModuleLowering, Map<FunctionDecl, string>>();

/** The conversion of a lambda without captures: the address of its static invoker. */
export function closureToPointer(f: FnLower, conv: FunctionDecl, at: Loc): VReg {
  const closure = conv.owner?.closure;
  const call = closure?.call;
  if (!call || closure.toPointer !== conv) return unsupported(at, 'internal: conversion of a closure the model does not describe');
  // the invoker would have to pass on arguments it cannot name (GCC does not implement this either)
  if (call.variadic) unsupported(at, "converting a lambda with a '...' parameter to a pointer to function is not supported");
  let known = invokers.get(f.m);
  if (!known) invokers.set(f.m, (known = new Map()));
  let sym = known.get(call);
  if (!sym) {
    const target = f.m.functionSymbol(call, at);
    sym = `${target}.invoke`;
    known.set(call, sym);
    f.m.funcs.push(invoker(sym, call, target, at));
  }
  return f.b.addr(symAddr(sym));
}

/**
 * `static R invoke(P...)`: the call operator's own calling convention minus `this` (class results
 * through the hidden first argument, class and reference parameters by address), forwarded to it
 * with the address of a one-byte dummy closure.
 */
function invoker(sym: string, call: FunctionDecl, target: string, at: Loc): import('../ir/ir').Func {
  const b = new FunctionBuilder(sym, `${call.qualifiedName} (invoker)`, posOf(call.loc), false);
  b.stmt(posOf(call.loc));
  const args: VReg[] = [];
  const classResult = isClassType(call.ret) && call.ret.kind !== 'reference';
  if (classResult) args.push(b.addParam('i32'));
  args.push(b.addr(slotAddr(b.slot(1, 1, '.closure'))));
  for (const p of call.params) {
    const byAddress = p.type.kind === 'reference' || isClassType(p.type);
    const vt = byAddress ? 'i32' : valueTypeOf(p.type);
    if (!vt) unsupported(at, `parameters of type '${types.typeToString(p.type)}' are not supported`);
    args.push(b.addParam(vt));
  }
  const rt = classResult || isVoidType(call.ret) ? undefined : call.ret.kind === 'reference' ? 'i32' : valueTypeOf(call.ret);
  b.setReturn(rt);
  const r = b.call(target, args, rt);
  b.terminate({ op: 'ret', value: rt ? r : undefined });
  return b.func;
}

