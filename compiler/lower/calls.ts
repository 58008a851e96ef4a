// Calls: the hidden arguments (the address a class result is built at, then `this`), each argument
// passed as its parameter wants it (scalars converted, references and class objects by address — a
// class argument is a temporary copy the caller destroys at the end of the full-expression),
// default arguments, and the default argument promotions for the `...` of printf and friends.
// Implicit special members (copy assignment) are expanded inline.

import { types, compilerDefined } from '../../language';
import type { FunctionDecl, Loc, ParamDecl, Expr, Type } from '../../language/model';
import { regAddr, slotAddr } from '../ir/builder';
import type { Address, VReg } from '../ir/ir';
import { convertTo } from './conversions';
import { checkedInitialiser, unsupported } from './errors';
import { decayed, lvalue, materialize, referenceTo, rvalue, temporaryElements } from './expressions';
import { passes, type FnLower } from './function';
import { classDeclOf, isClassType, isFloatType, promoted, valueTypeOf } from './types';
import { dispatchesDynamically, virtualSlot } from './vtables';
import { closureToPointer, isClosureConversion } from './lambdas';
import { lowerIntrinsic } from './vectors';

const { unqualified, nonReference } = types;

/** The function a call expression invokes, with its object operand split off. */
function callParts(e: Expr): { fn: FunctionDecl; object?: Expr; args: Expr[] } {
  const fn = e.callee;
  if (!fn) unsupported(e.loc, 'internal: a call without a callee');
  let args = e.operands ?? [];
  let object: Expr | undefined;
  if (fn.owner && !fn.isStatic && fn.role !== 'constructor') {
    object = args[0];
    args = args.slice(1);
  } else if (fn.owner && fn.isStatic && !fn.variadic && args.length === fn.params.length + 1) {
    args = args.slice(1);
  }
  return { fn, object, args };
}

/**
 * Lowers a call (or an overloaded operator, or a conversion function); returns the scalar result, the
 * address a reference result designates, or undefined (void; class results go to `sret`).
 */
export function lowerCall(f: FnLower, e: Expr, sret?: Address): VReg | undefined {
  if (e.kind === 'indirect-call') return indirectCall(f, e, sret);
  const { fn, object, args } = callParts(e);
  if (compilerDefined(fn) && fn.role === 'operator' && fn.name === 'operator=' && (fn.special === 'copy-assign' || fn.special === 'move-assign')) {
    if (!object) unsupported(e.loc, 'internal: assignment without an object');
    return passes.copyAssign(f, object, args[0], e.loc, fn.special === 'move-assign');
  }
  if (fn.deleted) unsupported(e.loc, `call to deleted function '${fn.qualifiedName}'`);
  if (isIntrinsic(fn)) return intrinsicCall(f, fn, args, e.loc);
  if (isClassType(fn.ret) && fn.ret.kind !== 'reference' && !sret) return f.b.addr(materialize(f, e));
  return callFunction(f, fn, object, args, e.loc, sret, e);
}

/** A function of <xtensa/tie/xt_ivp32.h> without a body: an instruction of the vector unit. */
function isIntrinsic(fn: FunctionDecl): boolean {
  return fn.name.startsWith('IVP_') && !fn.owner && !fn.body;
}

/** An IVP intrinsic: its arguments as its row's operands (lower/vectors.ts). */
function intrinsicCall(f: FnLower, fn: FunctionDecl, args: Expr[], at: Loc): VReg | undefined {
  return lowerIntrinsic(f, fn, args, at, {
    value: (i) => {
      const p = nonReference(fn.params[i].type);
      return convertTo(f, rvalue(f, args[i]), args[i].type, unqualified(p), args[i].loc);
    },
    address: (i) => f.b.addr(lvalue(f, args[i])),
    place: (i) => lvalue(f, args[i]),
    convert: (v, from, to) => convertTo(f, v, from, to, at),
  });
}

/** Calls a member function on the object `object` designates. */
export function callMember(f: FnLower, fn: FunctionDecl, object: Expr, args: Expr[], at: Loc): VReg | undefined {
  return callFunction(f, fn, object, args, at);
}

/** Calls `fn` with an already evaluated `this` (constructors, destructors). */
export function callWithThis(f: FnLower, fn: FunctionDecl, self: VReg, args: Expr[], at: Loc): VReg | undefined {
  return callFunction(f, fn, self, args, at);
}

function callFunction(f: FnLower, fn: FunctionDecl, object: Expr | VReg | undefined, args: Expr[], at: Loc, sret?: Address, call?: Expr): VReg | undefined {
  if (isClosureConversion(fn)) return closureToPointer(f, fn, at);
  const b = f.b;
  const slot = virtualSlot(fn);
  const dynamic = slot !== undefined && object !== undefined && !isVReg(object) && (!call || dispatchesDynamically(f.m, object, call));
  const values: VReg[] = [];
  if (isClassType(fn.ret) && fn.ret.kind !== 'reference') {
    if (!sret) unsupported(at, 'internal: class result without a place');
    values.push(b.addr(sret));
  }
  if (fn.owner && !fn.isStatic) {
    if (!object) unsupported(at, `call to member function '${fn.name}' without an object`);
    values.push(isVReg(object) ? object : objectPointer(f, object, fn));
  }
  if (args.length > fn.params.length && !fn.variadic) unsupported(at, `too many arguments to '${fn.qualifiedName}'`);
  fn.params.forEach((p, i) => {
    const a = args[i];
    values.push(a ? passArgument(f, a, p.type) : passDefault(f, p, fn, at));
  });
  for (const a of args.slice(fn.params.length)) values.push(passVariadic(f, a));
  const retType = fn.role === 'constructor' || fn.role === 'destructor' ? undefined : fn.ret;
  const rv = retType === undefined || isClassType(retType) && retType.kind !== 'reference' ? undefined : retType.kind === 'reference' ? 'i32' : valueTypeOf(retType);
  if (dynamic) {
    const self = values[isClassType(fn.ret) && fn.ret.kind !== 'reference' ? 1 : 0];
    const vptrOffset = f.m.model.layoutOf(fn.owner!)?.vptrOffset ?? 0;
    const table = b.load('i32', regAddr(self, vptrOffset), 'i32');
    const target = b.load('i32', regAddr(table, 4 * slot!), 'i32');
    return b.call(target, values, rv);
  }
  return b.call(f.m.functionSymbol(fn, at), values, rv);
}

/**
 * A call through a function pointer (or a reference to a function): the callee's address first, then
 * the arguments as the pointer's function type takes them (no default arguments through a pointer).
 */
function indirectCall(f: FnLower, e: Expr, sret?: Address): VReg | undefined {
  const [callee, ...args] = e.operands ?? [];
  const ct = unqualified(nonReference(callee.type));
  const ft = ct.kind === 'pointer' ? unqualified(ct.pointee) : ct;
  if (ft.kind !== 'function') unsupported(e.loc, 'internal: call through an expression that is not a function pointer');
  const classResult = isClassType(ft.ret) && ft.ret.kind !== 'reference';
  if (classResult && !sret) return f.b.addr(materialize(f, e));
  const target = rvalue(f, callee);
  const values: VReg[] = [];
  if (classResult) values.push(f.b.addr(sret!));
  if (args.length < ft.params.length) unsupported(e.loc, `too few arguments in a call through a function pointer (${args.length} for ${ft.params.length})`);
  if (args.length > ft.params.length && !ft.variadic) unsupported(e.loc, `too many arguments in a call through a function pointer (${args.length} for ${ft.params.length})`);
  ft.params.forEach((p, i) => values.push(passArgument(f, args[i], p)));
  for (const a of args.slice(ft.params.length)) values.push(passVariadic(f, a));
  const rv = classResult ? undefined : ft.ret.kind === 'reference' ? 'i32' : valueTypeOf(ft.ret);
  return f.b.call(target, values, rv);
}

function isVReg(x: unknown): x is VReg {
  return typeof x === 'object' && x !== null && 'id' in x && 'type' in x && !('kind' in x);
}

/** `this` for a member call: the object's address (adjusted to the class that declares the member). */
function objectPointer(f: FnLower, object: Expr, fn: FunctionDecl): VReg {
  const addr = object.cat === 'prvalue' && isClassType(object.type) ? materialize(f, object) : lvalue(f, object);
  const from = classDeclOf(object.type);
  if (from && fn.owner && from !== fn.owner && from.isDerivedFrom(fn.owner)) {
    const off = passes.baseOffset(f, from, fn.owner);
    return f.b.addr({ ...addr, offset: addr.offset + off } as Address);
  }
  return f.b.addr(addr);
}

/** An argument as its parameter type takes it. */
export function passArgument(f: FnLower, a: Expr, param: Type): VReg {
  const b = f.b;
  if (param.kind === 'reference') {
    const target = param.referee;
    if (a.cat !== 'prvalue' && referenceCompatible(a.type, target)) return referenceTo(f, a, target);
    return b.addr(temporaryOf(f, a, target));
  }
  if (isClassType(param)) return b.addr(temporaryOf(f, a, unqualified(param)));
  if (a.list) {
    const list = a.list;
    if (list.length === 0) return b.const(valueTypeOf(param)!, valueTypeOf(param) === 'i64' ? 0n : 0);
    return convertTo(f, rvalue(f, list[0]), list[0].type, param, list[0].loc);
  }
  if (isClassType(a.type)) return convertTo(f, undefined, a.type, param, a.loc, a);
  return convertTo(f, rvalue(f, a), a.type, param, a.loc);
}

/** A reference to `target` binds `a` directly (same type ignoring cv, or a base class of it). */
export function referenceCompatible(from: Type, target: Type): boolean {
  const s = unqualified(from);
  const t = unqualified(target);
  if (types.sameType(s, t, true)) return true;
  return s.kind === 'class' && t.kind === 'class' && s.decl.isDerivedFrom(t.decl);
}

/** A temporary of type `t` initialised from `a`, destroyed at the end of the full-expression. */
function temporaryOf(f: FnLower, a: Expr, t: Type): Address {
  const u = unqualified(t);
  if (a.cat === 'prvalue' && types.sameType(unqualified(a.type), u, true) && !a.list) return materialize(f, a);
  const slot = slotAddr(f.b.slot(f.L.sizeOf(u), f.L.alignOf(u), '.arg'));
  passes.initFromExpr(f, slot, u, a);
  const cls = classDeclOf(u);
  if (cls && passes.needsDestruction(cls)) f.addTemporary({ addr: slot, cls }, a.loc);
  if (u.kind === 'array') temporaryElements(f, slot, u, a.loc);
  return slot;
}

/**
 * A parameter's default argument: the model's expression, evaluated here at the call as part of the
 * caller's full-expression (its temporaries die with the call's other temporaries).
 */
export function passDefault(f: FnLower, p: ParamDecl, fn: FunctionDecl, at: Loc): VReg {
  if (!p.defaultNode) unsupported(at, `too few arguments to '${fn.qualifiedName}'`);
  const init = checkedInitialiser(f.m.model.defaultArgumentOf(fn, fn.params.indexOf(p)), at, `the default argument of '${p.name}'`);
  return passArgument(f, init.args[0], p.type);
}

/** The default argument promotions of a `...` argument. */
function passVariadic(f: FnLower, a: Expr): VReg {
  const t = decayed(nonReference(a.type));
  if (isClassType(t)) {
    // g++ passes the object's bytes (printf then prints garbage for an element proxy): not supported
    const convs = classDeclOf(t)?.conversionFunctions() ?? [];
    const hint = convs.length === 1 ? `; pass its value with a cast, (${types.typeToString(types.nonReference(convs[0].ret))})${f.m.textOf(a)}` : '';
    unsupported(a.loc, `passing an object of class type '${types.typeToString(t)}' through '...' is not supported (it would pass the object, not its value)${hint}`);
  }
  const v = rvalue(f, a);
  if (isFloatType(t)) return convertTo(f, v, t, types.DOUBLE, a.loc);
  if (t.kind === 'pointer' || (t.kind === 'builtin' && t.name === 'nullptr_t')) return v;
  return convertTo(f, v, t, promoted(t), a.loc);
}

export { regAddr };
