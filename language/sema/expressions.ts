// Expression analysis: types, value categories, constant values, name and member lookup, calls with
// overload resolution, overloaded and built-in operators, casts, sizeof, brace lists, static_assert.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import { classOf, implicitConversion, promote, usualArithmetic } from './conversions';
import type { ClassDecl, Decl, FunctionDecl, FunctionTemplate, Loc } from './decls';
import { errorExpr, type Expr, type ValueCategory } from './expr';
import { classLayout, sizeAlignOf } from './layout';
import { resolveName } from './names';
import { constructorCandidates, resolveOverload } from './overload';
import { typeFromDescriptor, typeFromSpecifier, typeOfDecl } from './type-syntax';
import { parseIntegerLiteral } from '../pre/if-expression';
import {
  addConst, BOOL, builtin, CHAR, DOUBLE, ERROR, FLOAT, INT, isArithmetic, isBuiltin, isIntegral, isIntegralOrUnscopedEnum,
  isScalar, isUnsigned, LONGLONG, nonReference, NULLPTR, pointerTo, SIZE_T, typeToString, UINT, ULONGLONG, unqualified, type Type,
} from './types';

const CAST_KEYWORDS = new Set(['static_cast', 'reinterpret_cast', 'const_cast', 'dynamic_cast']);

/** Analyses an expression; never throws. */
export function checkExpr(ctx: Ctx, node: Node): Expr {
  try {
    return check(ctx, node);
  } catch (e) {
    ctx.a.error(locOf(ctx, node), 'internal', `internal analyser error: ${(e as Error).message}`);
    return errorExpr(locOf(ctx, node));
  }
}

/** The constant value of an integral constant expression, or undefined. */
export function constantValue(ctx: Ctx, node: Node): number | undefined {
  return checkExpr(ctx, node).value;
}

export function checkStaticAssert(ctx: Ctx, node: Node): void {
  const cond = node.childForFieldName('condition');
  const msg = node.childForFieldName('message');
  if (!cond) return;
  const e = checkExpr(ctx, cond);
  if (e.type.kind === 'error') return;
  if (e.value === undefined) {
    ctx.a.error(locOf(ctx, cond), 'not-constant', 'static_assert expression is not an integral constant expression');
    return;
  }
  if (e.value === 0) {
    const text = msg ? msg.text.replace(/^"|"$/g, '') : cond.text;
    ctx.a.error(locOf(ctx, node), 'static-assert', `static assertion failed: ${text}`);
  }
}

const mk = (kind: string, type: Type, cat: ValueCategory, loc: Loc, extra: Partial<Expr> = {}): Expr => ({ kind, type, cat, loc, ...extra });

function check(ctx: Ctx, node: Node): Expr {
  const loc = locOf(ctx, node);
  switch (node.type) {
    case 'number_literal': return numberLiteral(ctx, node, loc);
    case 'char_literal': return mk('char_literal', CHAR, 'prvalue', loc, { value: charValue(node.text) });
    case 'string_literal':
    case 'raw_string_literal':
    case 'concatenated_string':
      return mk(node.type, { kind: 'array', element: addConst(CHAR), length: stringLength(node) }, 'lvalue', loc);
    case 'true': return mk('true', BOOL, 'prvalue', loc, { value: 1 });
    case 'false': return mk('false', BOOL, 'prvalue', loc, { value: 0 });
    case 'null':
    case 'nullptr': return mk('nullptr', NULLPTR, 'prvalue', loc, { nullPointerConstant: true, value: 0 });
    case 'this': return thisExpr(ctx, loc);
    case 'parenthesized_expression': {
      const inner = node.namedChild(0);
      if (!inner) return errorExpr(loc);
      const e = checkExpr(ctx, inner);
      return { ...e, loc };
    }
    case 'identifier':
    case 'qualified_identifier':
    case 'template_function':
    case 'field_identifier':
    case 'type_identifier':
      return nameExpr(ctx, node, loc);
    case 'field_expression': return memberExpr(ctx, node, loc);
    case 'call_expression': return callExpr(ctx, node, loc);
    case 'subscript_expression': return subscriptExpr(ctx, node, loc);
    case 'binary_expression': return binaryExpr(ctx, node, loc);
    case 'unary_expression': return unaryExpr(ctx, node, loc);
    case 'pointer_expression': return pointerExpr(ctx, node, loc);
    case 'update_expression': return updateExpr(ctx, node, loc);
    case 'assignment_expression': return assignExpr(ctx, node, loc);
    case 'conditional_expression': return conditionalExpr(ctx, node, loc);
    case 'comma_expression': {
      const l = node.childForFieldName('left');
      const r = node.childForFieldName('right');
      if (l) checkExpr(ctx, l);
      return r ? { ...checkExpr(ctx, r), loc } : errorExpr(loc);
    }
    case 'cast_expression': {
      const t = typeFromDescriptor(ctx, node.childForFieldName('type')!);
      const v = node.childForFieldName('value');
      return castTo(ctx, t, v ? checkExpr(ctx, v) : errorExpr(loc), loc, 'c-style');
    }
    case 'sizeof_expression':
    case 'alignof_expression':
      return sizeofExpr(ctx, node, loc);
    case 'initializer_list': {
      const list = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').map((c) => checkExpr(ctx, c));
      return mk('initializer_list', ERROR, 'prvalue', loc, { list });
    }
    case 'compound_literal_expression': {
      const t = typeFromSpecifier(ctx, node.childForFieldName('type'));
      const v = node.childForFieldName('value');
      const list = v ? checkExpr(ctx, v) : mk('initializer_list', ERROR, 'prvalue', loc, { list: [] });
      return construct(ctx, t, [list], loc, true);
    }
    case 'lambda_expression':
    case 'new_expression':
    case 'delete_expression':
    case 'throw_expression':
    case 'co_await_expression':
      ctx.a.warning(loc, 'unsupported', `${node.type.replace(/_/g, ' ')}s are not supported on the device`);
      return errorExpr(loc);
    case 'ERROR':
      return errorExpr(loc);
    default:
      return errorExpr(loc);
  }
}

function numberLiteral(_ctx: Ctx, node: Node, loc: Loc): Expr {
  const text = node.text.replace(/'/g, '');
  const isHex = /^0[xX]/.test(text);
  if (!isHex && /[.eE]/.test(text) || /^0[xX].*[pP]/.test(text) || (!isHex && /[fF]$/.test(text))) {
    const t = /[fF]$/.test(text) ? FLOAT : /[lL]$/.test(text) ? builtin('long double') : DOUBLE;
    return mk('number_literal', t, 'prvalue', loc, { fvalue: parseFloat(text) } as Partial<Expr>);
  }
  const v = parseIntegerLiteral(text) ?? 0;
  const suffix = (/[uUlL]+$/.exec(text)?.[0] ?? '').toLowerCase();
  const unsigned = suffix.includes('u');
  const ll = suffix.includes('ll');
  let t: Type;
  if (ll) t = unsigned ? ULONGLONG : LONGLONG;
  else if (unsigned) t = v <= 0xffffffff ? UINT : ULONGLONG;
  else if (v <= 0x7fffffff) t = suffix.includes('l') ? builtin('long') : INT;
  else if (isHex && v <= 0xffffffff) t = UINT;
  else t = LONGLONG;
  return mk('number_literal', t, 'prvalue', loc, { value: v });
}

function charValue(text: string): number {
  const m = /'(.*)'$/.exec(text);
  if (!m) return 0;
  const b = m[1];
  if (!b.startsWith('\\')) return b.charCodeAt(0) || 0;
  const esc: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34 };
  return esc[b[1]] ?? b.charCodeAt(1);
}

function stringLength(node: Node): number {
  let n = 0;
  const parts = node.type === 'concatenated_string' ? node.namedChildren : [node];
  for (const p of parts) if (p) n += p.text.replace(/^[uUL8R]*"|"$/g, '').replace(/\\./g, 'x').length;
  return n + 1;
}

function thisExpr(ctx: Ctx, loc: Loc): Expr {
  const cls = ctx.a.enclosingClass(ctx.scope);
  const fn = ctx.a.enclosingFunction(ctx.scope);
  if (!cls || (fn && fn.isStatic)) {
    ctx.a.error(loc, 'bad-this', "invalid use of 'this' outside of a non-static member function");
    return errorExpr(loc);
  }
  const self: Type = { kind: 'class', decl: cls };
  return mk('this', pointerTo(fn?.isConst ? addConst(self) : self), 'prvalue', loc);
}

// ---- names ----------------------------------------------------------------------------------------

function nameExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const r = resolveName(ctx, node);
  if (!r.decls.length) return errorExpr(loc);
  return declExpr(ctx, r.decls, loc, r.templateArgs, node);
}

export function declExpr(ctx: Ctx, decls: Decl[], loc: Loc, templateArgs?: import('./decls').TemplateArg[], node?: Node): Expr {
  const d = decls[0];
  const fns = decls.filter((x): x is FunctionDecl | FunctionTemplate => x.kind === 'function' || x.kind === 'function-template');
  if (fns.length) {
    const implicitObject = fns.some((f) => f.kind === 'function' ? f.owner && !f.isStatic && f.role !== 'constructor' : !!f.owner) ? implicitThis(ctx, loc) : undefined;
    return mk('overload-set', ERROR, 'lvalue', loc, { overloads: fns, templateArgs, object: implicitObject, decl: d });
  }
  switch (d.kind) {
    case 'var': {
      if (d.evaluate) d.evaluate();
      const t = nonReference(d.type);
      return mk('name', t, 'lvalue', loc, { decl: d, value: d.value, declaredType: d.type });
    }
    case 'field': {
      const self = implicitThis(ctx, loc);
      if (!self) {
        ctx.a.error(loc, 'invalid-member-use', `invalid use of member '${d.name}' outside a member function`);
        return errorExpr(loc);
      }
      return fieldAccess(self, d, loc);
    }
    case 'enumerator':
      return mk('name', { kind: 'enum', decl: d.enumDecl }, 'prvalue', loc, { decl: d, value: d.value });
    case 'template-binding':
      if (d.arg.kind === 'value') return mk('name', d.arg.valueType ?? INT, 'prvalue', loc, { decl: d, value: d.arg.value });
      break;
  }
  const t = typeOfDecl(d);
  if (t) {
    ctx.a.error(loc, 'type-as-expression', `'${node?.text ?? typeToString(t)}' is a type, not a value`);
    return errorExpr(loc);
  }
  ctx.a.error(loc, 'not-a-value', `'${node?.text ?? ''}' does not name a value`);
  return errorExpr(loc);
}

function implicitThis(ctx: Ctx, loc: Loc): Expr | undefined {
  const cls = ctx.a.enclosingClass(ctx.scope);
  const fn = ctx.a.enclosingFunction(ctx.scope);
  if (!cls || (fn && fn.isStatic)) return undefined;
  const self: Type = { kind: 'class', decl: cls };
  return mk('implicit-this', fn?.isConst ? addConst(self) : self, 'lvalue', loc);
}

function fieldAccess(object: Expr, f: import('./decls').FieldDecl, loc: Loc): Expr {
  if (f.type.kind === 'reference') return mk('member', f.type.referee, 'lvalue', loc, { decl: f, object, declaredType: f.type });
  const constObj = !!object.type.const && !f.mutable;
  const t = constObj ? addConst(f.type) : f.type;
  return mk('member', t, object.cat === 'lvalue' ? 'lvalue' : 'xvalue', loc, { decl: f, object, declaredType: f.type });
}

function memberExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const argNode = node.childForFieldName('argument');
  const fieldNode = node.childForFieldName('field');
  const op = node.childForFieldName('operator')?.text ?? '.';
  if (!argNode || !fieldNode) return errorExpr(loc);
  let object = checkExpr(ctx, argNode);
  if (object.type.kind === 'error') return errorExpr(loc);
  if (op === '->') {
    if (object.type.kind !== 'pointer') {
      ctx.a.error(locOf(ctx, node), 'bad-member-access', `member reference type '${typeToString(object.type)}' is not a pointer${classOf(object.type) ? "; did you mean to use '.'?" : ''}`);
      return errorExpr(loc);
    }
    object = mk('deref', object.type.pointee, 'lvalue', object.loc, { operands: [object] });
  } else if (object.type.kind === 'pointer' && classOf(object.type.pointee)) {
    ctx.a.error(locOf(ctx, node), 'bad-member-access', `member reference type '${typeToString(object.type)}' is a pointer; did you mean to use '->'?`);
    return errorExpr(loc);
  }
  const cls = classOf(object.type);
  if (!cls) {
    ctx.a.error(locOf(ctx, fieldNode), 'bad-member-access', `member reference base type '${typeToString(object.type)}' is not a class`);
    return errorExpr(loc);
  }
  if (!cls.require()) {
    ctx.a.error(locOf(ctx, argNode), 'incomplete-type', `member access into incomplete type '${cls.displayName()}'`);
    return errorExpr(loc);
  }
  return memberOf(ctx, object, cls, fieldNode, loc);
}

function memberOf(ctx: Ctx, object: Expr, cls: ClassDecl, fieldNode: Node, loc: Loc): Expr {
  let nameNode = fieldNode;
  let templateArgs: import('./decls').TemplateArg[] | undefined;
  if (fieldNode.type === 'template_method' || fieldNode.type === 'dependent_name' || fieldNode.type === 'template_function') {
    const inner = fieldNode.type === 'dependent_name' ? fieldNode.namedChild(0) ?? fieldNode : fieldNode;
    if (inner.type === 'template_method' || inner.type === 'template_function') {
      const r = resolveName(ctx, inner, cls);
      if (!r.decls.length) return errorExpr(loc);
      templateArgs = r.templateArgs;
      return memberDecls(ctx, object, r.decls, loc, templateArgs, r.name);
    }
    nameNode = inner;
  }
  if (nameNode.type === 'destructor_name' || nameNode.type === 'qualified_identifier') {
    const r = resolveName(ctx, nameNode, cls);
    return memberDecls(ctx, object, r.decls, loc, undefined, r.name);
  }
  const name = nameNode.type === 'operator_name' ? nameNode.text.replace(/\s+/g, '') : nameNode.text;
  const decls = ctx.a.lookupQualified(cls, name);
  if (!decls.length) {
    ctx.a.error(locOf(ctx, nameNode), 'unknown-member', `no member named '${name}' in '${cls.displayName()}'`);
    return errorExpr(loc);
  }
  return memberDecls(ctx, object, decls, loc, templateArgs, name);
}

function memberDecls(ctx: Ctx, object: Expr, decls: Decl[], loc: Loc, templateArgs: import('./decls').TemplateArg[] | undefined, name: string): Expr {
  const fns = decls.filter((x): x is FunctionDecl | FunctionTemplate => x.kind === 'function' || x.kind === 'function-template');
  if (fns.length) return mk('overload-set', ERROR, 'lvalue', loc, { overloads: fns, templateArgs, object, decl: fns[0] });
  const d = decls[0];
  if (!d) return errorExpr(loc);
  if (d.kind === 'field') return fieldAccess(object, d, loc);
  if (d.kind === 'var' || d.kind === 'enumerator') return declExpr(ctx, [d], loc);
  ctx.a.error(loc, 'not-a-value', `'${name}' is not a data member or member function`);
  return errorExpr(loc);
}

// ---- calls ----------------------------------------------------------------------------------------

function argumentList(ctx: Ctx, node: Node | null): Expr[] {
  if (!node) return [];
  return node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').map((c) => checkExpr(ctx, c));
}

function callExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
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
      return castTo(ctx, t, args[0] ?? errorExpr(loc), loc, nm);
    }
  }
  // functional casts and constructions: T(args)
  if (fnNode.type === 'primitive_type' || fnNode.type === 'type_identifier' || fnNode.type === 'identifier' || fnNode.type === 'qualified_identifier' || fnNode.type === 'template_function' || fnNode.type === 'template_type') {
    const r = resolveName(ctx, fnNode, undefined, true);
    const t = r.decls.length && !r.decls.some((d) => d.kind === 'var' || d.kind === 'field') ? r.decls.map(typeOfDecl).find((x) => x) : undefined;
    if (t || (fnNode.type === 'primitive_type')) {
      const target = t ?? typeFromSpecifier(ctx, fnNode);
      const args = argumentList(ctx, argsNode);
      if (!classOf(target) && args.length === 1) return castTo(ctx, target, args[0], loc, 'functional');
      return construct(ctx, target, args, loc, false);
    }
  }
  const callee = checkExpr(ctx, fnNode);
  const args = argumentList(ctx, argsNode);
  return callWith(ctx, callee, args, loc, fnNode.text);
}

/** Calls what `callee` names with `args`. */
export function callWith(ctx: Ctx, callee: Expr, args: Expr[], loc: Loc, spelled: string): Expr {
  if (callee.overloads) {
    const fns = callee.overloads;
    const name = fns[0].name;
    const member = fns.some((f) => (f.kind === 'function' ? !!f.owner && !f.isStatic : !!f.owner));
    const label = `${member ? 'member function' : 'function'} for call to '${name}'`;
    const r = resolveOverload(ctx, fns, args, { loc, label, object: callee.object, templateArgs: callee.templateArgs });
    if (!r.fn) return errorExpr(loc);
    if (r.fn.owner && !r.fn.isStatic && !callee.object && r.fn.role !== 'constructor') {
      ctx.a.error(loc, 'invalid-member-use', `call to non-static member function '${r.fn.name}' without an object`);
    }
    return callResult(r.fn, [...(callee.object ? [callee.object] : []), ...args], loc);
  }
  if (callee.type.kind === 'error') return errorExpr(loc);
  const ft = callee.type.kind === 'pointer' && callee.type.pointee.kind === 'function' ? callee.type.pointee : callee.type.kind === 'function' ? callee.type : undefined;
  if (ft && ft.kind === 'function') {
    if (args.length !== ft.params.length && !(ft.variadic && args.length >= ft.params.length)) {
      ctx.a.error(loc, 'no-matching-function', `call with ${args.length} arguments to a function taking ${ft.params.length}`);
    }
    const ret = ft.ret;
    return mk('call', nonReference(ret), ret.kind === 'reference' ? (ret.rvalue ? 'xvalue' : 'lvalue') : 'prvalue', loc, { operands: args });
  }
  const cls = classOf(callee.type);
  if (cls) {
    const ops = ctx.a.lookupQualified(cls, 'operator()').filter((d): d is FunctionDecl | FunctionTemplate => d.kind === 'function' || d.kind === 'function-template');
    if (ops.length) return callWith(ctx, mk('overload-set', ERROR, 'lvalue', loc, { overloads: ops, object: callee }), args, loc, spelled);
  }
  ctx.a.error(loc, 'not-callable', `called object type '${typeToString(callee.type)}' is not a function or function pointer`);
  return errorExpr(loc);
}

function callResult(fn: FunctionDecl, operands: Expr[], loc: Loc): Expr {
  const ret = fn.ret;
  const cat: ValueCategory = ret.kind === 'reference' ? (ret.rvalue ? 'xvalue' : 'lvalue') : 'prvalue';
  const t = nonReference(ret);
  return mk('call', t, cat, loc, { callee: fn, operands, temporary: cat === 'prvalue' && t.kind === 'class' });
}

/** Constructs a `t` from `args` (direct- or list-initialisation). */
export function construct(ctx: Ctx, t: Type, args: Expr[], loc: Loc, listInit: boolean): Expr {
  const cls = classOf(t);
  if (t.kind === 'error' || args.some((a) => a.type.kind === 'error' && !a.list)) return errorExpr(loc);
  if (!cls) {
    if (args.length === 0) return mk('construct', unqualified(t), 'prvalue', loc, { value: isScalar(t) ? 0 : undefined });
    if (args.length === 1) return castTo(ctx, t, args[0], loc, 'functional');
    ctx.a.error(loc, 'bad-init', `excess elements in scalar initialiser of type '${typeToString(t)}'`);
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
  const r = resolveOverload(ctx, constructorCandidates(cls), actual, { loc, label: `constructor for initialisation of '${cls.displayName()}'` });
  return mk('construct', unqualified(t), 'prvalue', loc, { callee: r.fn, operands: actual, temporary: true });
}

// ---- operators ------------------------------------------------------------------------------------

/** Tries an overloaded operator (member of the left operand's class, or a non-member). */
function overloadedOperator(ctx: Ctx, op: string, operands: Expr[], loc: Loc, quiet: boolean): Expr | undefined {
  const name = `operator${op}`;
  const cands: (FunctionDecl | FunctionTemplate)[] = [];
  const left = classOf(operands[0].type);
  let memberObject: Expr | undefined;
  if (left && left.require()) {
    const ms = ctx.a.lookupQualified(left, name).filter((d): d is FunctionDecl | FunctionTemplate => d.kind === 'function' || d.kind === 'function-template');
    if (ms.length) {
      memberObject = operands[0];
      const r = resolveOverload(ctx, ms, operands.slice(1), { loc, label: `'${name}'`, object: operands[0], quiet: true });
      if (r.fn && !r.failed) return callResult(r.fn, operands, loc);
      if (r.fn && r.failed && r.fn.deleted) {
        resolveOverload(ctx, ms, operands.slice(1), { loc, label: `'${name}'`, object: operands[0] });
        return errorExpr(loc);
      }
      cands.push(...ms);
    }
  }
  const free = ctx.a.lookup(name, ctx.scope).filter((d): d is FunctionDecl | FunctionTemplate => (d.kind === 'function' && !d.owner) || (d.kind === 'function-template' && !d.owner));
  for (const o of operands) {
    const c = classOf(o.type);
    if (c) for (const d of ctx.a.lookup(name, c.declScope)) if ((d.kind === 'function' && !d.owner) || (d.kind === 'function-template' && !d.owner)) if (!free.includes(d)) free.push(d);
  }
  if (free.length) {
    const r = resolveOverload(ctx, free, operands, { loc, label: `'${name}'`, quiet: true });
    if (r.fn && !r.failed) return callResult(r.fn, operands, loc);
  }
  if (!quiet && (cands.length || free.length)) {
    const msg = `no viable overloaded '${op}' for operands of type ${operands.map((o) => `'${typeToString(o.type)}'`).join(' and ')}`;
    ctx.a.error(loc, 'no-viable-operator', msg);
    return errorExpr(loc);
  }
  void memberObject;
  return undefined;
}

/** The operand converted for a built-in operator: class operands through their conversion function. */
function builtinOperand(ctx: Ctx, e: Expr): Expr {
  const cls = classOf(e.type);
  if (!cls) return e;
  const convs = ctx.a.lookupQualified(cls, '').length ? [] : [...cls.chain()].flatMap((k) => [...k.scope.members.entries()].filter(([n]) => n.startsWith('operator ')).flatMap(([, ds]) => ds));
  const fn = convs.find((d): d is FunctionDecl => d.kind === 'function' && d.role === 'conversion' && (!e.type.const || d.isConst));
  if (!fn) return e;
  const r = nonReference(fn.ret);
  return mk('user-conversion', r, fn.ret.kind === 'reference' ? 'lvalue' : 'prvalue', e.loc, { callee: fn, operands: [e] });
}

const ARITH = new Set(['+', '-', '*', '/', '%']);
const BITWISE = new Set(['&', '|', '^', '<<', '>>']);
const COMPARE = new Set(['<', '>', '<=', '>=', '==', '!=']);

function binaryExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '';
  const ln = node.childForFieldName('left');
  const rn = node.childForFieldName('right');
  if (!ln || !rn) return errorExpr(loc);
  const l = checkExpr(ctx, ln);
  const r = checkExpr(ctx, rn);
  if (l.type.kind === 'error' || r.type.kind === 'error') return errorExpr(loc);
  if (classOf(l.type) || classOf(r.type) || (l.type.kind === 'enum' && l.type.decl.scoped && ARITH.has(op))) {
    const o = overloadedOperator(ctx, op, [l, r], loc, true);
    if (o) return o;
  }
  return builtinBinary(ctx, op, builtinOperand(ctx, l), builtinOperand(ctx, r), loc);
}

function builtinBinary(ctx: Ctx, op: string, l: Expr, r: Expr, loc: Loc): Expr {
  const lt = decay(unqualified(l.type));
  const rt = decay(unqualified(r.type));
  const bad = () => {
    ctx.a.error(loc, 'bad-operands', `invalid operands to binary expression ('${typeToString(l.type)}' and '${typeToString(r.type)}')`);
    return errorExpr(loc);
  };
  if (op === '&&' || op === '||') {
    if (!contextuallyBool(lt) || !contextuallyBool(rt)) return bad();
    const v = l.value !== undefined && r.value !== undefined ? +(op === '&&' ? !!l.value && !!r.value : !!l.value || !!r.value) : op === '&&' && l.value === 0 ? 0 : op === '||' && l.value !== undefined && l.value !== 0 ? 1 : undefined;
    return mk('binary', BOOL, 'prvalue', loc, { operands: [l, r], value: v });
  }
  const arithmetic = (t: Type) => isArithmetic(t) || (t.kind === 'enum' && !t.decl.scoped);
  if (lt.kind === 'pointer' || rt.kind === 'pointer' || isBuiltin(lt, 'nullptr_t') || isBuiltin(rt, 'nullptr_t')) {
    if ((op === '+' || op === '-') && lt.kind === 'pointer' && isIntegralOrUnscopedEnum(rt)) return mk('binary', lt, 'prvalue', loc, { operands: [l, r] });
    if (op === '+' && rt.kind === 'pointer' && isIntegralOrUnscopedEnum(lt)) return mk('binary', rt, 'prvalue', loc, { operands: [l, r] });
    if (op === '-' && lt.kind === 'pointer' && rt.kind === 'pointer') return mk('binary', INT, 'prvalue', loc, { operands: [l, r] });
    if (COMPARE.has(op)) return mk('binary', BOOL, 'prvalue', loc, { operands: [l, r] });
    return bad();
  }
  if (lt.kind === 'enum' && rt.kind === 'enum' && lt.decl === rt.decl && COMPARE.has(op)) {
    return mk('binary', BOOL, 'prvalue', loc, { operands: [l, r], value: fold(op, l.value, r.value, INT) });
  }
  if (!arithmetic(lt) || !arithmetic(rt)) return bad();
  if ((op === '%' || BITWISE.has(op)) && (!isIntegralOrUnscopedEnum(lt) || !isIntegralOrUnscopedEnum(rt))) return bad();
  if (COMPARE.has(op)) {
    const common = usualArithmetic(lt, rt);
    return mk('binary', BOOL, 'prvalue', loc, { operands: [l, r], value: fold(op, l.value, r.value, common) });
  }
  const type = op === '<<' || op === '>>' ? promote(lt) : usualArithmetic(lt, rt);
  if ((op === '/' || op === '%') && r.value === 0 && isIntegral(type)) ctx.a.warning(loc, 'division-by-zero', 'division by zero is undefined');
  return mk('binary', type, 'prvalue', loc, { operands: [l, r], value: isIntegral(type) ? fold(op, l.value, r.value, type) : undefined });
}

function decay(t: Type): Type {
  return t.kind === 'array' ? pointerTo(t.element) : t.kind === 'function' ? pointerTo(t) : t;
}

function contextuallyBool(t: Type): boolean {
  return isScalar(t) && !(t.kind === 'enum' && t.decl.scoped) || t.kind === 'array';
}

function wrap(v: number, t: Type): number {
  if (t.kind !== 'builtin') return v;
  const bits = t.name.includes('long long') ? 64 : t.name.includes('short') ? 16 : t.name.includes('char') ? 8 : t.name === 'bool' ? 1 : 32;
  if (bits === 64) return v;
  if (bits === 1) return v ? 1 : 0;
  const m = 2 ** bits;
  let x = ((v % m) + m) % m;
  if (!isUnsigned(t) && x >= m / 2) x -= m;
  return x;
}

function fold(op: string, a: number | undefined, b: number | undefined, t: Type): number | undefined {
  if (a === undefined || b === undefined) return undefined;
  let v: number;
  switch (op) {
    case '+': v = a + b; break;
    case '-': v = a - b; break;
    case '*': v = a * b; break;
    case '/': if (b === 0) return undefined; v = Math.trunc(a / b); break;
    case '%': if (b === 0) return undefined; v = a % b; break;
    case '&': v = Number(BigInt.asIntN(64, BigInt(Math.trunc(a))) & BigInt.asIntN(64, BigInt(Math.trunc(b)))); break;
    case '|': v = Number(BigInt.asIntN(64, BigInt(Math.trunc(a))) | BigInt.asIntN(64, BigInt(Math.trunc(b)))); break;
    case '^': v = Number(BigInt.asIntN(64, BigInt(Math.trunc(a))) ^ BigInt.asIntN(64, BigInt(Math.trunc(b)))); break;
    case '<<': v = a * 2 ** b; break;
    case '>>': v = Math.floor(a / 2 ** b); break;
    case '<': return +(cmpValue(a, t) < cmpValue(b, t));
    case '>': return +(cmpValue(a, t) > cmpValue(b, t));
    case '<=': return +(cmpValue(a, t) <= cmpValue(b, t));
    case '>=': return +(cmpValue(a, t) >= cmpValue(b, t));
    case '==': return +(cmpValue(a, t) === cmpValue(b, t));
    case '!=': return +(cmpValue(a, t) !== cmpValue(b, t));
    default: return undefined;
  }
  return wrap(v, t);
}

function cmpValue(v: number, t: Type): number {
  if (isUnsigned(t) && v < 0 && t.kind === 'builtin') return v + 2 ** (t.name.includes('long long') ? 64 : 32);
  return v;
}

function unaryExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '';
  const an = node.childForFieldName('argument');
  if (!an) return errorExpr(loc);
  const a = checkExpr(ctx, an);
  if (a.type.kind === 'error') return errorExpr(loc);
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, op, [a], loc, true);
    if (o) return o;
  }
  const x = builtinOperand(ctx, a);
  const t = decay(unqualified(x.type));
  if (op === '!') {
    if (!contextuallyBool(t)) return badUnary(ctx, op, a, loc);
    return mk('unary', BOOL, 'prvalue', loc, { operands: [x], value: x.value === undefined ? undefined : +!x.value });
  }
  if (op === '~') {
    if (!isIntegralOrUnscopedEnum(t)) return badUnary(ctx, op, a, loc);
    const pt = promote(t);
    return mk('unary', pt, 'prvalue', loc, { operands: [x], value: x.value === undefined ? undefined : wrap(-x.value - 1, pt) });
  }
  if (op === '-' || op === '+') {
    if (!isArithmetic(t) && !(t.kind === 'enum' && !t.decl.scoped) && !(op === '+' && t.kind === 'pointer')) return badUnary(ctx, op, a, loc);
    const pt = promote(t);
    return mk('unary', pt, 'prvalue', loc, { operands: [x], value: x.value === undefined ? undefined : op === '-' ? wrap(-x.value, pt) : x.value });
  }
  return errorExpr(loc);
}

function badUnary(ctx: Ctx, op: string, a: Expr, loc: Loc): Expr {
  ctx.a.error(loc, 'bad-operands', `invalid argument type '${typeToString(a.type)}' to unary expression '${op}'`);
  return errorExpr(loc);
}

function pointerExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '';
  const an = node.childForFieldName('argument');
  if (!an) return errorExpr(loc);
  const a = checkExpr(ctx, an);
  if (a.type.kind === 'error') return errorExpr(loc);
  if (op === '&') {
    if (a.cat !== 'lvalue') {
      ctx.a.error(loc, 'address-of-rvalue', `cannot take the address of an rvalue of type '${typeToString(a.type)}'`);
      return errorExpr(loc);
    }
    return mk('address-of', pointerTo(a.type), 'prvalue', loc, { operands: [a] });
  }
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, op, [a], loc, false);
    if (o) return o;
  }
  const t = decay(a.type);
  if (t.kind !== 'pointer') {
    ctx.a.error(loc, 'bad-deref', `indirection requires pointer operand ('${typeToString(a.type)}' invalid)`);
    return errorExpr(loc);
  }
  if (isBuiltin(unqualified(t.pointee), 'void')) {
    ctx.a.error(loc, 'bad-deref', `indirection of '${typeToString(t)}' (a void pointer) is not allowed`);
    return errorExpr(loc);
  }
  return mk('deref', t.pointee, 'lvalue', loc, { operands: [a] });
}

function requireModifiable(ctx: Ctx, e: Expr, loc: Loc, what: string): boolean {
  if (e.type.kind === 'error') return false;
  if (e.cat !== 'lvalue') {
    ctx.a.error(loc, 'not-assignable', `expression is not assignable (${what} needs an lvalue)`);
    return false;
  }
  if (e.type.const || e.type.kind === 'array') {
    const name = e.decl && 'name' in e.decl ? ` '${(e.decl as { name: string }).name}'` : '';
    ctx.a.error(loc, 'assign-to-const', `cannot assign to${name ? ` variable${name}` : ' an expression'} with const-qualified type '${typeToString(e.type)}'`);
    return false;
  }
  return true;
}

function updateExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const an = node.childForFieldName('argument');
  const op = node.childForFieldName('operator')?.type ?? '++';
  if (!an) return errorExpr(loc);
  const a = checkExpr(ctx, an);
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, op, [a], loc, false);
    if (o) return o;
  }
  requireModifiable(ctx, a, loc, op);
  const prefix = node.child(0)?.type === op;
  return mk('update', a.type, prefix ? 'lvalue' : 'prvalue', loc, { operands: [a] });
}

function assignExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const op = node.childForFieldName('operator')?.type ?? '=';
  const ln = node.childForFieldName('left');
  const rn = node.childForFieldName('right');
  if (!ln || !rn) return errorExpr(loc);
  const l = checkExpr(ctx, ln);
  const r = checkExpr(ctx, rn);
  if (l.type.kind === 'error' || (r.type.kind === 'error' && !r.list)) return errorExpr(loc);
  if (classOf(l.type)) {
    const o = overloadedOperator(ctx, op, [l, r], loc, false);
    return o ?? errorExpr(loc);
  }
  if (!requireModifiable(ctx, l, loc, 'assignment')) return errorExpr(loc);
  if (op === '=') {
    convertOrReport(ctx, r, unqualified(l.type), r.loc, 'assigning to');
  } else {
    const bop = op.slice(0, -1);
    const res = builtinBinary(ctx, bop, l, builtinOperand(ctx, r), loc);
    if (res.type.kind === 'error') return errorExpr(loc);
  }
  return mk('assign', l.type, 'lvalue', loc, { operands: [l, r] });
}

/** Converts for initialisation/assignment, reporting a clear error when impossible. */
export function convertOrReport(ctx: Ctx, e: Expr, to: Type, loc: Loc, verb: string): boolean {
  if (e.type.kind === 'error' && !e.list) return false;
  const c = implicitConversion(ctx, e, to);
  if (!c) {
    const from = e.list ? 'initializer list' : typeToString(e.type);
    if (to.kind === 'reference' && !to.rvalue && !to.referee.const && e.cat !== 'lvalue') {
      ctx.a.error(loc, 'bad-reference-binding', `non-const lvalue reference to type '${typeToString(to.referee)}' cannot bind to a temporary of type '${from}'`);
    } else ctx.a.error(loc, 'type-mismatch', `${verb} '${typeToString(to)}' from incompatible type '${from}'`);
    return false;
  }
  if (c.narrowing) ctx.a.error(loc, 'narrowing', `non-constant-expression cannot be narrowed from type '${typeToString(e.list ? (e.list[0]?.type ?? ERROR) : e.type)}' to '${typeToString(to)}' in initializer list`);
  return true;
}

function conditionalExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const cn = node.childForFieldName('condition');
  const an = node.childForFieldName('consequence');
  const bn = node.childForFieldName('alternative');
  if (!cn || !an || !bn) return errorExpr(loc);
  const c = builtinOperand(ctx, checkExpr(ctx, cn));
  const a = checkExpr(ctx, an);
  const b = checkExpr(ctx, bn);
  if (c.type.kind === 'error' || a.type.kind === 'error' || b.type.kind === 'error') return errorExpr(loc);
  const pick = (x: Expr, y: Expr) => (c.value === undefined ? undefined : c.value ? x.value : y.value);
  const at = unqualified(a.type);
  const bt = unqualified(b.type);
  if (classOf(at) || classOf(bt)) {
    if (classOf(at) && classOf(bt) && classOf(at) === classOf(bt)) return mk('conditional', at, a.cat === b.cat ? a.cat : 'prvalue', loc, { operands: [c, a, b] });
    const ab = implicitConversion(ctx, a, bt);
    const ba = implicitConversion(ctx, b, at);
    if (ab && !ba) return mk('conditional', bt, 'prvalue', loc, { operands: [c, a, b] });
    if (ba && !ab) return mk('conditional', at, 'prvalue', loc, { operands: [c, a, b] });
    ctx.a.error(loc, 'bad-operands', `incompatible operand types ('${typeToString(a.type)}' and '${typeToString(b.type)}')`);
    return errorExpr(loc);
  }
  if (isArithmetic(at) && isArithmetic(bt)) {
    const t = usualArithmetic(at, bt);
    return mk('conditional', t, a.cat === 'lvalue' && b.cat === 'lvalue' && at === bt ? 'lvalue' : 'prvalue', loc, { operands: [c, a, b], value: pick(a, b) });
  }
  return mk('conditional', decay(at.kind === 'builtin' && at.name === 'nullptr_t' ? bt : at), 'prvalue', loc, { operands: [c, a, b], value: pick(a, b) });
}

function castTo(ctx: Ctx, t: Type, e: Expr, loc: Loc, how: string): Expr {
  if (t.kind === 'error' || e.type.kind === 'error') return errorExpr(loc);
  const cat: ValueCategory = t.kind === 'reference' ? (t.rvalue ? 'xvalue' : 'lvalue') : 'prvalue';
  const rt = nonReference(t);
  const src = decay(unqualified(e.type));
  let value: number | undefined;
  if (e.value !== undefined && (isIntegral(rt) || rt.kind === 'enum')) value = wrap(e.value, rt.kind === 'enum' ? rt.decl.underlying : rt);
  if (e.value === undefined && isIntegral(rt) && (e as { fvalue?: number }).fvalue !== undefined) value = wrap(Math.trunc((e as { fvalue?: number }).fvalue!), rt);
  const ok = isScalar(src) && isScalar(rt) || (rt.kind === 'builtin' && rt.name === 'void') || implicitConversion(ctx, e, t) !== undefined || (classOf(rt) && how !== 'reinterpret_cast');
  if (!ok) {
    ctx.a.error(loc, 'bad-cast', `cannot cast from '${typeToString(e.type)}' to '${typeToString(t)}'`);
    return errorExpr(loc);
  }
  if (classOf(rt) && cat === 'prvalue') return construct(ctx, rt, [e], loc, false);
  return mk('cast', rt, cat, loc, { operands: [e], value });
}

function sizeofExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const tn = node.childForFieldName('type');
  const vn = node.childForFieldName('value');
  const isAlign = node.type === 'alignof_expression' || node.text.startsWith('alignof') || node.text.startsWith('_Alignof');
  let t: Type = ERROR;
  if (tn) t = typeFromDescriptor(ctx, tn);
  else if (vn) {
    if (vn.type === 'parenthesized_expression' && vn.namedChild(0)?.type === 'identifier') {
      const r = resolveName(ctx, vn.namedChild(0)!, undefined, true);
      const asType = r.decls.map(typeOfDecl).find((x) => x);
      t = asType ?? checkExpr(ctx, vn).type;
    } else t = checkExpr(ctx, vn).type;
  }
  if (t.kind === 'error') return errorExpr(loc);
  const sa = sizeAlignOf(nonReference(t));
  if (!sa || (t.kind === 'class' && !classLayout(t.decl))) {
    ctx.a.error(loc, 'incomplete-type', `invalid application of '${isAlign ? 'alignof' : 'sizeof'}' to an incomplete type '${typeToString(t)}'`);
    return errorExpr(loc);
  }
  return mk(node.type, SIZE_T, 'prvalue', loc, { value: isAlign ? sa.align : sa.size });
}

function subscriptExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const an = node.childForFieldName('argument');
  const idx = node.childForFieldName('indices') ?? node.childForFieldName('index');
  if (!an || !idx) return errorExpr(loc);
  const a = checkExpr(ctx, an);
  const inner = idx.type === 'subscript_argument_list' ? idx.namedChild(0) : idx;
  const i = inner ? checkExpr(ctx, inner) : errorExpr(loc);
  if (a.type.kind === 'error' || i.type.kind === 'error') return errorExpr(loc);
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, '[]', [a, i], loc, false);
    if (o) return o;
    ctx.a.error(loc, 'no-viable-operator', `type '${typeToString(a.type)}' does not provide a subscript operator`);
    return errorExpr(loc);
  }
  const t = decay(a.type);
  if (t.kind !== 'pointer') {
    ctx.a.error(loc, 'bad-subscript', `subscripted value is not an array or pointer (it is '${typeToString(a.type)}')`);
    return errorExpr(loc);
  }
  const it = builtinOperand(ctx, i);
  if (!isIntegralOrUnscopedEnum(unqualified(it.type))) {
    ctx.a.error(i.loc, 'bad-subscript', `array subscript is not an integer (it is '${typeToString(i.type)}')`);
    return errorExpr(loc);
  }
  return mk('subscript', t.pointee, 'lvalue', loc, { operands: [a, it] });
}

export { BOOL };
