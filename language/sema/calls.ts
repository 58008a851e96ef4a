// Calls: function calls with overload resolution and argument-dependent lookup, functional casts and
// constructions, calls through function pointers and objects with operator(), and function names
// used as values.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { isFreeFunction, argumentDependentCandidates } from './adl';
import { analyseBodyNow } from './body-schedule';
import { type Ctx, containsAuto, locOf } from './context';
import { classOf, implicitConversion, type Conversion } from './conversions';
import { functionType, type Decl, type FunctionDecl, type FunctionTemplate, type Loc } from '../model/declarations';
import { errorExpr, type Expr, type ValueCategory } from '../model/expressions';
import { CAST_KEYWORDS, declExpr } from './check-expr';
import { mk } from './make-expr';
import { noteConversion } from './implicit';
import { resolveName } from './names';
import { genericCallOperator } from './generic-lambdas';
import { expandArguments } from './variadic';
import { constexprCall, evaluable } from './constexpr';
import { constructorCandidates } from './class-members';
import { checkIntrinsicArguments, isIntrinsic } from './intrinsics';
import { typeFromDescriptor, typeFromSpecifier } from './type-syntax';
import { ERROR, isScalar, nonReference, quoteType, sameType, unqualified, type FunctionType, type Type } from '../model/types';
import { passes } from './passes';
import { deduceCall, instantiateFunctionTemplate } from './templates';
import { useFunction } from './overload';

/**
 * While an expression converting to a function pointer (or reference) type is checked: the span of the
 * name in it (under parentheses and `&`) and the function type, so that an overloaded name there
 * picks the overload of exactly that type (C++ [over.over]). Set only around such conversions.
 */
let conversionTarget: { locs: Loc[]; type: FunctionType } | undefined;

/** The function type a pointer to function, reference to function or function type designates. */
export function targetFunctionType(t: Type): FunctionType | undefined {
  const u = unqualified(t);
  const inner = u.kind === 'pointer' ? u.pointee : u.kind === 'reference' ? u.referee : u;
  return inner.kind === 'function' ? inner : undefined;
}

/** Checks `node`, which converts to `type`: an overloaded function name in it resolves against `type`. */
export function checkConverted(ctx: Ctx, node: Node, type: Type): Expr {
  // `F table[2] = {f, g}`: each element converts to the element type
  const list = node.type === 'initializer_list' && type.kind === 'array';
  const ft = targetFunctionType(list ? type.element : type);
  if (!ft) return passes.checkExpr(ctx, node);
  const names = (list ? node.namedChildren.filter((c) => c.type !== 'comment') : [node]).map((n) => locOf(ctx, nameUnder(n)));
  const saved = conversionTarget;
  conversionTarget = { locs: names, type: ft };
  try {
    return passes.checkExpr(ctx, node);
  } finally {
    conversionTarget = saved;
  }
}

/** The name under parentheses and `&` (`&(f)`). */
function nameUnder(node: Node): Node {
  let name = node;
  while ((name.type === 'parenthesized_expression' || (name.type === 'pointer_expression' && name.child(0)?.type === '&')) && name.namedChild(0)) name = name.namedChild(0)!;
  return name;
}

/**
 * The specializations of the free function templates among `fns` whose type is `target` (the
 * template arguments `e` gives first, the others deduced from the target's parameter types, as for the
 * address of a function template, [temp.deduct.funcaddr]); with no target, those `e`'s template
 * arguments alone determine.
 */
function templateSpecializations(ctx: Ctx, e: Expr, fns: (FunctionDecl | FunctionTemplate)[], target: FunctionType | undefined): FunctionDecl[] {
  const out: FunctionDecl[] = [];
  for (const f of fns) {
    if (f.kind !== 'function-template' || f.owner) continue;
    const deduced = deduceCall(ctx, f, e.templateArgs ?? [], (target?.params ?? []).map((p) => ({ type: p, lvalue: false })));
    if (!deduced) continue;
    const fn = instantiateFunctionTemplate(ctx, f, deduced, e.loc);
    if (fn && (!target || sameType(functionType(fn), target))) out.push(fn);
  }
  return out;
}

/** The overload of `fns` whose type is exactly the target's, when `e` is the name being converted. */
function targetOverload(ctx: Ctx, e: Expr, fns: (FunctionDecl | FunctionTemplate)[]): FunctionDecl | undefined | 'error' {
  const t = conversionTarget;
  if (!t || !t.locs.some((l) => l.unit === e.loc.unit && l.start === e.loc.start && l.end === e.loc.end)) return undefined;
  const free = e.templateArgs ? [] : fns.filter((f): f is FunctionDecl => f.kind === 'function' && (!f.owner || f.isStatic));
  // a function that is not a template specialization is preferred to those ([over.over])
  const plain = [...new Set(free.filter((f) => sameType(functionType(f), t.type)))];
  const exact = plain.length ? plain : [...new Set(templateSpecializations(ctx, e, fns, t.type))];
  if (exact.length === 1) return exact[0];
  const name = fns[0]?.name ?? '';
  if (exact.length) ctx.a.error(e.loc, 'ambiguous-overload', `address of overloaded function '${name}' is ambiguous`);
  else ctx.a.error(e.loc, 'bad-function-use', `address of overloaded function '${name}' does not match required type ${quoteType(t.type)}`);
  return 'error';
}

/** A function name used as a value: the function when it names exactly one free function (or the one a conversion asks for). */
export function functionAsValue(ctx: Ctx, e: Expr): Expr {
  const fns = e.overloads ?? [];
  const only = fns.length === 1 && fns[0].kind === 'function' ? fns[0] : undefined;
  if (only && (!only.owner || only.isStatic) && !e.templateArgs) return mk('function', functionType(only), 'lvalue', e.loc, { decl: only });
  let chosen = conversionTarget ? targetOverload(ctx, e, fns) : undefined;
  if (chosen === undefined && e.templateArgs) {
    // `f<int>` as a value: the one specialization its template arguments name
    const named = templateSpecializations(ctx, e, fns, undefined);
    if (named.length === 1) chosen = named[0];
  }
  if (chosen === 'error') return errorExpr(e.loc);
  if (chosen) {
    useFunction(ctx, chosen, e.loc);
    return mk('function', functionType(chosen), 'lvalue', e.loc, { decl: chosen });
  }
  const member = fns.some((f) => (f.kind === 'function' ? !!f.owner && !f.isStatic : !!f.owner));
  const name = fns[0]?.name ?? '';
  if (member) ctx.a.error(e.loc, 'bad-function-use', `reference to non-static member function '${name}' must be called`);
  else ctx.a.error(e.loc, 'bad-function-use', `reference to overloaded function '${name}' must be called or resolved`);
  return errorExpr(e.loc);
}

/**
 * The arguments of a call, checked. `params` (the functions that may be called, when known before the
 * arguments) lets an overloaded function name passed to a function-pointer parameter pick its overload.
 */
export function argumentList(ctx: Ctx, node: Node | null, params?: readonly Decl[] | FunctionType): Expr[] {
  if (!node) return [];
  const nodes = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment');
  if (nodes.some((c) => c.type === 'parameter_pack_expansion')) return expandArguments(ctx, nodes);
  return nodes.map((c, i) => {
    const target = params && MAY_NAME_FUNCTION.has(c.type) ? parameterTarget(params, i) : undefined;
    return target ? checkConverted(ctx, c, target) : passes.checkExpr(ctx, c);
  });
}

const MAY_NAME_FUNCTION = new Set(['identifier', 'qualified_identifier', 'pointer_expression', 'parenthesized_expression']);

/** The function-pointer type of parameter `i`, when every candidate with such a parameter agrees on it. */
function parameterTarget(params: readonly Decl[] | FunctionType, i: number): Type | undefined {
  const types = 'kind' in params ? [params.params[i]] : params.map((d) => (d.kind === 'function' ? d.params[i]?.type : undefined));
  const fnTypes = types.filter((t): t is Type => !!t && !!targetFunctionType(t));
  return fnTypes.length && fnTypes.every((t) => sameType(t, fnTypes[0], true)) ? fnTypes[0] : undefined;
}

export function callExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const fnNode = node.childForFieldName('function');
  const argsNode = node.childForFieldName('arguments');
  if (!fnNode) return errorExpr(loc);
  // casts: static_cast<T>(x)
  if (fnNode.type === 'template_function') {
    const nm = fnNode.childForFieldName('name')?.text ?? '';
    if (CAST_KEYWORDS.has(nm)) {
      const targs = fnNode.childForFieldName('arguments')?.namedChild(0);
      const t = targs ? typeFromDescriptor(ctx, targs) : ERROR;
      const args = argumentList(ctx, argsNode);
      return passes.castTo(ctx, t, args[0] ?? errorExpr(loc), loc, nm);
    }
  }
  // functional casts and constructions: T(args)
  if (fnNode.type === 'primitive_type' || fnNode.type === 'type_identifier' || fnNode.type === 'identifier' || fnNode.type === 'qualified_identifier' || fnNode.type === 'template_function' || fnNode.type === 'template_type') {
    const t = namedType(ctx, fnNode);
    if (t || (fnNode.type === 'primitive_type')) {
      const target = t ?? typeFromSpecifier(ctx, fnNode);
      const args = argumentList(ctx, argsNode);
      if (!classOf(target) && args.length === 1) return passes.castTo(ctx, target, args[0], loc, 'functional');
      return construct(ctx, target, args, loc, false);
    }
  }
  const cast = parenthesisedTypeCast(ctx, fnNode, argsNode, loc);
  if (cast) return cast;
  if (fnNode.type === 'identifier') return unqualifiedCall(ctx, fnNode, argsNode, loc);
  const callee = passes.checkExpr(ctx, fnNode, true);
  const args = argumentList(ctx, argsNode, callee.overloads ?? targetFunctionType(callee.type));
  return callWith(ctx, callee, args, loc, fnNode.text);
}

/** The type a name node names (a class, enum, typedef, template instance), if it names one. */
function namedType(ctx: Ctx, node: Node): Type | undefined {
  const r = resolveName(ctx, node, undefined, true);
  return r.decls.length && !r.decls.some((d) => d.kind === 'var' || d.kind === 'field') ? r.decls.map(passes.typeOfDecl).find((x) => x) : undefined;
}

/** `(T)(x)`: tree-sitter reads a C-style cast of a parenthesised operand as a call of `(T)`. */
function parenthesisedTypeCast(ctx: Ctx, fnNode: Node, argsNode: Node | null, loc: Loc): Expr | undefined {
  if (fnNode.type !== 'parenthesized_expression' || fnNode.namedChildCount !== 1) return undefined;
  const inner = fnNode.namedChild(0)!;
  if (!['identifier', 'type_identifier', 'qualified_identifier', 'template_function', 'template_type'].includes(inner.type)) return undefined;
  const t = namedType(ctx, inner);
  if (!t) return undefined;
  const args = argumentList(ctx, argsNode);
  return passes.castTo(ctx, t, args[args.length - 1] ?? errorExpr(loc), loc, 'c-style');
}

/** `f(args)`: ordinary lookup of `f`, plus argument-dependent lookup when that finds no variable or member. */
function unqualifiedCall(ctx: Ctx, fnNode: Node, argsNode: Node | null, loc: Loc): Expr {
  const found = resolveName(ctx, fnNode, undefined, true).decls;
  if (found.length && !found.every(isFreeFunction)) {
    const callee = passes.checkExpr(ctx, fnNode, true);
    return callWith(ctx, callee, argumentList(ctx, argsNode, callee.overloads ?? targetFunctionType(callee.type)), loc, fnNode.text);
  }
  const args = argumentList(ctx, argsNode, found);
  const candidates: Decl[] = [...found];
  for (const d of argumentDependentCandidates(fnNode.text, args)) if (!candidates.includes(d)) candidates.push(d);
  const fnLoc = locOf(ctx, fnNode);
  // with an argument of a type that depends on a template parameter, the name may be found at instantiation
  if (!candidates.length && args.some((a) => a.type.kind === 'error' && !a.list)) return errorExpr(loc);
  if (!candidates.length) {
    ctx.a.error(fnLoc, 'undeclared-identifier', `use of undeclared identifier '${fnNode.text}'`);
    return errorExpr(loc);
  }
  return callWith(ctx, declExpr(ctx, candidates, fnLoc, undefined, fnNode), args, loc, fnNode.text);
}

/** Calls what `callee` names with `args`. */
export function callWith(ctx: Ctx, callee: Expr, args: Expr[], loc: Loc, spelled: string): Expr {
  if (callee.overloads) {
    const fns = callee.overloads;
    const name = fns[0].name;
    const member = fns.some((f) => (f.kind === 'function' ? !!f.owner && !f.isStatic : !!f.owner));
    const label = `${member ? 'member function' : 'function'} for call to '${name}'`;
    const only = fns.length === 1 && fns[0].kind === 'function' ? fns[0] : undefined;
    if (only && isIntrinsic(only) && !checkIntrinsicArguments(ctx, only, args, loc)) return callResult(ctx, only, args, loc);
    const r = passes.resolveOverload(ctx, fns, args, { loc, label, object: callee.object, templateArgs: callee.templateArgs });
    if (!r.fn) return errorExpr(loc);
    noteArguments(r.fn, args, r.convs);
    r.fn.params.forEach((p, i) => { if (args[i]) checkCopyConstruction(ctx, p.type, args[i], args[i].loc); });
    if (r.fn.owner && !r.fn.isStatic && !callee.object && r.fn.role !== 'constructor') {
      ctx.a.error(loc, 'invalid-member-use', `call to non-static member function '${r.fn.name}' without an object`);
    }
    return callResult(ctx, r.fn, [...(callee.object ? [callee.object] : []), ...args], loc);
  }
  if (callee.type.kind === 'error') return errorExpr(loc);
  const ft = callee.type.kind === 'pointer' && callee.type.pointee.kind === 'function' ? callee.type.pointee : callee.type.kind === 'function' ? callee.type : undefined;
  if (ft && ft.kind === 'function') {
    if (args.length !== ft.params.length && !(ft.variadic && args.length >= ft.params.length)) {
      ctx.a.error(loc, 'no-matching-function', `call with ${args.length} arguments to a function taking ${ft.params.length}`);
    }
    args.forEach((a, i) => {
      const p = ft.params[i];
      if (p) passes.convertOrReport(ctx, a, p, a.loc, 'initialising a parameter of type');
    });
    const ret = ft.ret;
    const cat: ValueCategory = ret.kind === 'reference' ? (ret.rvalue ? 'xvalue' : 'lvalue') : 'prvalue';
    const t = nonReference(ret);
    // a call through a function pointer (or a reference to a function): the callee first, then the arguments
    return mk('indirect-call', t, cat, loc, { operands: [callee, ...args], temporary: cat === 'prvalue' && t.kind === 'class' });
  }
  const cls = classOf(callee.type);
  if (cls) {
    const generic = cls.name.startsWith('(lambda') ? genericCallOperator(ctx, cls, args, loc) : undefined;
    const ops = generic ? [generic] : ctx.a.lookupQualified(cls, 'operator()').filter((d): d is FunctionDecl | FunctionTemplate => d.kind === 'function' || d.kind === 'function-template');
    if (ops.length) return callWith(ctx, mk('overload-set', ERROR, 'lvalue', loc, { overloads: ops, object: callee }), args, loc, spelled);
  }
  ctx.a.error(loc, 'not-callable', `called object type ${quoteType(callee.type)} is not a function or function pointer`);
  return errorExpr(loc);
}

/** Records how each argument converts to its parameter. */
function noteArguments(fn: FunctionDecl, args: Expr[], convs: Conversion[] | undefined): void {
  args.forEach((a, i) => {
    const p = fn.params[i];
    if (p) noteConversion(a, p.type, convs?.[i]);
  });
}

export function callResult(ctx: Ctx, fn: FunctionDecl, operands: Expr[], loc: Loc): Expr {
  if (containsAuto(fn.ret) && !deduceReturnType(ctx, fn, loc)) return errorExpr(loc);
  const ret = fn.ret;
  const cat: ValueCategory = ret.kind === 'reference' ? (ret.rvalue ? 'xvalue' : 'lvalue') : 'prvalue';
  const t = nonReference(ret);
  const value = fn.constexpr ? constantCallValue(ctx, fn, operands, loc) : undefined;
  return mk('call', t, cat, loc, { callee: fn, operands, temporary: cat === 'prvalue' && t.kind === 'class', value });
}

/** A call of a constexpr function with constant arguments: its value, evaluated (constexpr.ts). */
function constantCallValue(ctx: Ctx, fn: FunctionDecl, operands: Expr[], loc: Loc): number | undefined {
  if (!evaluable(fn) || operands.length !== fn.params.length || operands.some((o) => o.value === undefined)) return undefined;
  const args = operands.map((o, i) => (isScalar(fn.params[i].type) ? o.value! : NaN));
  if (args.some((v) => Number.isNaN(v))) return undefined;
  return constexprCall(ctx.a, fn, args, (message) => ctx.a.error(loc, 'constexpr-limit', message));
}

/**
 * Makes sure the return type of `fn`, declared `auto`, is deduced: from its body when its definition
 * comes before the current function's (C++14); otherwise using it is an error, as in C++.
 */
function deduceReturnType(ctx: Ctx, fn: FunctionDecl, loc: Loc): boolean {
  const current = ctx.a.currentBody;
  const later = fn.definedAt !== undefined && current?.definedAt !== undefined && current !== fn && fn.definedAt > current.definedAt;
  if (fn.body && !fn.analysing && !fn.analysed && !later) analyseBodyNow(ctx.a, fn);
  if (!containsAuto(fn.ret)) return true;
  ctx.a.error(loc, 'auto-before-definition', `function '${fn.name}' with deduced return type cannot be used before it is defined`);
  return false;
}

/**
 * Copy-initialising an object of class type `to` from a glvalue of that class (or of a class derived
 * from it): the copy or move constructor overload resolution selects must be usable (not deleted).
 * `implicitMove`: a returned local object, tried as an rvalue first ([class.copy.elision]/3).
 */
export function checkCopyConstruction(ctx: Ctx, to: Type, e: Expr, loc: Loc, implicitMove = false): void {
  if (to.kind === 'reference' || e.list || e.cat === 'prvalue' || e.type.kind === 'error') return;
  const cls = classOf(to);
  const from = classOf(e.type);
  if (!cls || !from || (from !== cls && !from.isDerivedFrom(cls)) || !cls.require()) return;
  // a closure type declares no constructors here: its copy and move constructors are the defaulted ones
  const candidates = constructorCandidates(cls);
  if (!candidates.length) return;
  const label = `constructor for initialisation of '${cls.displayName()}'`;
  if (implicitMove && e.cat === 'lvalue') {
    const r = passes.resolveOverload(ctx, candidates, [{ ...e, cat: 'xvalue' }], { loc, label, quiet: true });
    const p = r.fn?.params[0]?.type;
    if (r.fn && !r.failed && p && p.kind === 'reference' && p.rvalue) return;
  }
  passes.resolveOverload(ctx, candidates, [e], { loc, label });
}

/** Constructs a `t` from `args` (direct- or list-initialisation). */
export function construct(ctx: Ctx, t: Type, args: Expr[], loc: Loc, listInit: boolean): Expr {
  const cls = classOf(t);
  if (t.kind === 'error' || args.some((a) => a.type.kind === 'error' && !a.list)) return errorExpr(loc);
  if (!cls) {
    if (args.length === 0) return mk('construct', unqualified(t), 'prvalue', loc, { value: isScalar(t) ? 0 : undefined });
    if (args.length === 1) return passes.castTo(ctx, t, args[0], loc, 'functional');
    ctx.a.error(loc, 'bad-init', `excess elements in scalar initialiser of type ${quoteType(t)}`);
    return errorExpr(loc);
  }
  if (!cls.require()) {
    ctx.a.error(loc, 'incomplete-type', `incomplete type '${cls.displayName()}' cannot be constructed`);
    return errorExpr(loc);
  }
  let actual = args;
  if (listInit && args.length === 1 && args[0].list) {
    const list = args[0];
    const c = implicitConversion(ctx, list, t);
    if (c) return mk('construct', unqualified(t), 'prvalue', loc, { callee: c.user, operands: list.list, temporary: true });
    actual = list.list ?? [];
  }
  if (args.length === 1 && !args[0].list && classOf(args[0].type) === cls && args[0].cat === 'prvalue') {
    return { ...args[0], loc }; // guaranteed-in-practice copy elision
  }
  const r = passes.resolveOverload(ctx, constructorCandidates(cls), actual, { loc, label: `constructor for initialisation of '${cls.displayName()}'` });
  return mk('construct', unqualified(t), 'prvalue', loc, { callee: r.fn, operands: actual, temporary: true });
}

