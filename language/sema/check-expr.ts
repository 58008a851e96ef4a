// Expression analysis: types, value categories, constant values, literals, name and member lookup,
// conditionals, casts, sizeof, subscripts, brace lists, static_assert (calls in calls.ts, operators in
// operators.ts).

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import { classOf, implicitConversion, involvesError, promote } from './conversions';
import { noteConversion } from './implicit';
import { type ClassDecl, type Decl, type FunctionDecl, type FunctionTemplate, Loc } from '../model/declarations';
import { errorExpr, type Expr, type ValueCategory } from '../model/expressions';
import { classLayout, sizeAlignOf } from '../model/layout';
import { capturedThisConst, captureUse, lambdaExpr } from './lambdas';
import { resolveName } from './names';
import {
  assignExpr, binaryExpr, builtinBinary, builtinOperand, decay, overloadedOperator, pointerExpr, unaryExpr, updateExpr, wrap,
} from './operators';
import { typeFromDescriptor, typeFromSpecifier } from './type-syntax';
import { parseIntegerLiteral } from '../pre/if-expression';
import { foldExpr, sizeofPack, unsupportedExpansion } from './variadic';
import { anonymousMembersTo } from './anonymous-members';
import {
  addConst, BOOL, builtin, CHAR, classType, DOUBLE, ERROR, FLOAT, INT, isIntegral, isIntegralOrUnscopedEnum, isScalar, LONGLONG,
  nonReference, NULLPTR, pointerTo, quoteType, SIZE_T, typeToString, UINT, ULONGLONG, unqualified, type Type,
} from '../model/types';
import { mk } from './make-expr';
import { passes } from './passes';

export const CAST_KEYWORDS = new Set(['static_cast', 'reinterpret_cast', 'const_cast', 'dynamic_cast']);

/**
 * Analyses an expression; never throws. A name of functions is a value here (it must be called, or
 * name exactly one function), unless `callee` says the caller calls it or takes its address.
 */
export function checkExpr(ctx: Ctx, node: Node, callee = false): Expr {
  try {
    const e = check(ctx, node);
    return e.overloads && !callee ? passes.functionAsValue(ctx, e) : e;
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
    case 'call_expression': return passes.callExpr(ctx, node, loc);
    case 'subscript_expression': return subscriptExpr(ctx, node, loc);
    case 'binary_expression': return binaryExpr(ctx, node, loc);
    case 'unary_expression': return unaryExpr(ctx, node, loc);
    case 'pointer_expression': return pointerExpr(ctx, node, loc);
    case 'update_expression': return updateExpr(ctx, node, loc);
    case 'assignment_expression': return assignExpr(ctx, node, loc);
    case 'conditional_expression': return passes.conditionalExpr(ctx, node, loc);
    case 'comma_expression': return commaExpr(ctx, node, loc);
    case 'cast_expression': {
      const t = typeFromDescriptor(ctx, node.childForFieldName('type')!);
      const v = node.childForFieldName('value');
      return castTo(ctx, t, v ? checkExpr(ctx, v) : errorExpr(loc), loc, 'c-style');
    }
    case 'fold_expression': return foldExpr(ctx, node);
    case 'parameter_pack_expansion': return unsupportedExpansion(ctx, node);
    case 'sizeof_expression':
    case 'alignof_expression':
      return node.child(1)?.type === '...' ? sizeofPack(ctx, node) : sizeofExpr(ctx, node, loc);
    case 'offsetof_expression':
      return offsetofExpr(ctx, node, loc);
    case 'initializer_list': {
      const list = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').map((c) => checkExpr(ctx, c));
      return mk('initializer_list', ERROR, 'prvalue', loc, { list });
    }
    case 'compound_literal_expression': {
      const t = typeFromSpecifier(ctx, node.childForFieldName('type'));
      const v = node.childForFieldName('value');
      const list = v ? checkExpr(ctx, v) : mk('initializer_list', ERROR, 'prvalue', loc, { list: [] });
      if (t.kind === 'array') return arrayPrvalue(ctx, t, list, loc);
      return passes.construct(ctx, t, [list], loc, true);
    }
    case 'lambda_expression':
      return lambdaExpr(ctx, node, loc, (kind, type, at, extra) => mk(kind, type, 'prvalue', at, extra));
    case 'new_expression':
    case 'delete_expression':
      return heapExpr(ctx, node, loc);
    case 'throw_expression':
    case 'co_await_expression':
      ctx.a.warning(loc, 'unsupported', `${node.type.replace(/_/g, ' ')}s are not supported on the device`);
      return errorExpr(loc);
    case 'ERROR':
      return errorExpr(loc);
    default:
      if (!node.hasError) ctx.a.error(loc, 'unsupported', `unsupported expression (${node.type.replace(/_/g, ' ')})`);
      return errorExpr(loc);
  }
}

/**
 * `A{1, 2}` with `A` an array type: a prvalue of the array type whose list holds the given elements (the
 * rest are value-initialised); the elements are checked as the list-initialisation of an `A` object.
 */
function arrayPrvalue(ctx: Ctx, t: Type & { kind: 'array' }, list: Expr, loc: Loc): Expr {
  if (t.length === undefined) {
    ctx.a.error(loc, 'bad-init', `a temporary array of unknown bound ${quoteType(t)} is not supported`);
    return errorExpr(loc);
  }
  passes.initialise(ctx, t, [list], loc, 'list');
  return mk('initializer_list', t, 'prvalue', loc, { list: list.list ?? [] });
}

/**
 * `new` and `delete`: the device runtime has no heap (no operator new, no malloc), so both are errors;
 * their operands are still analysed, for the errors in them.
 */
function heapExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const operands = node.type === 'delete_expression' ? node.namedChildren.slice(-1) : (node.childForFieldName('arguments')?.namedChildren ?? []);
  for (const c of operands) if (c.type !== 'comment') checkExpr(ctx, c);
  const what = node.type === 'new_expression' ? "'new'" : "'delete'";
  const hint = node.type === 'new_expression' ? 'use a local object or array, or torch::neuron::tcm_malloc for scratch memory in TCM' : 'memory from torch::neuron::tcm_malloc is freed with torch::neuron::tcm_free';
  ctx.a.error(loc, 'no-heap', `${what} is not supported on the device: it has no heap (${hint})`);
  return errorExpr(loc);
}

function numberLiteral(ctx: Ctx, node: Node, loc: Loc, spelled = node.text): Expr {
  if (/^[1-9][0-9]{0,8}$|^0$/.test(spelled)) return { kind: 'number_literal', type: INT, cat: 'prvalue', loc, value: Number(spelled) };
  const sign = spelled.charCodeAt(0);
  // tree-sitter-cpp reads `-1` as one number_literal: the literal `1` negated
  if (sign === 45 || sign === 43) return signedLiteral(numberLiteral(ctx, node, loc, spelled.slice(1)), sign === 45);
  const text = spelled.replace(/'/g, '');
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

/** `-lit` (or `+lit`): the literal's type promoted, its value negated (wrapped to the type, as unary minus). */
function signedLiteral(lit: Expr, negate: boolean): Expr {
  const t = promote(lit.type);
  const f = (lit as { fvalue?: number }).fvalue;
  if (f !== undefined) return { ...lit, type: t, fvalue: negate ? -f : f } as Expr;
  return { ...lit, type: t, value: lit.value === undefined ? undefined : negate ? wrap(-lit.value, t) : lit.value };
}

/** The value of a character literal, as a (unsigned, on Xtensa) plain char: `'\\xff'` is 255. */
function charValue(text: string): number {
  const m = /'(.*)'$/s.exec(text);
  if (!m) return 0;
  const b = m[1];
  if (!b.startsWith('\\')) return b.charCodeAt(0) & 0xff;
  const hex = /^\\x([0-9a-fA-F]+)/.exec(b);
  if (hex) return parseInt(hex[1], 16) & 0xff;
  const oct = /^\\([0-7]{1,3})/.exec(b);
  if (oct) return parseInt(oct[1], 8) & 0xff;
  const esc: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, "'": 39, '"': 34, '?': 63 };
  return esc[b[1]] ?? b.charCodeAt(1) & 0xff;
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
  const self: Type = classType(cls);
  const isConst = (ctx.a.lambdas.length ? capturedThisConst(ctx.a, fn, loc) : undefined) ?? fn?.isConst;
  return mk('this', pointerTo(isConst ? addConst(self) : self), 'prvalue', loc);
}

// ---- names ----------------------------------------------------------------------------------------

function nameExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const r = resolveName(ctx, node);
  if (!r.decls.length) return errorExpr(loc);
  return declExpr(ctx, r.decls, loc, r.templateArgs, node);
}

const NO_FUNCTIONS: (FunctionDecl | FunctionTemplate)[] = [];

export function declExpr(ctx: Ctx, decls: Decl[], loc: Loc, templateArgs?: import('../model/declarations').TemplateArg[], node?: Node): Expr {
  const d = decls[0];
  const isFn = (x: Decl): x is FunctionDecl | FunctionTemplate => x.kind === 'function' || x.kind === 'function-template';
  const fns = decls.length === 1 && !isFn(d) ? NO_FUNCTIONS : decls.filter(isFn);
  if (fns.length) {
    const implicitObject = fns.some((f) => f.kind === 'function' ? f.owner && !f.isStatic && f.role !== 'constructor' : !!f.owner) ? implicitThis(ctx, loc) : undefined;
    return mk('overload-set', ERROR, 'lvalue', loc, { overloads: fns, templateArgs, object: implicitObject, decl: d });
  }
  switch (d.kind) {
    case 'var': {
      if (d.evaluate) d.evaluate();
      const t = (ctx.a.lambdas.length ? captureUse(ctx.a, ctx.scope, d, loc) : undefined) ?? nonReference(d.type);
      // written out rather than through mk: names are the commonest expressions (one object, not two)
      return { kind: 'name', type: t, cat: 'lvalue', loc, decl: d, value: d.value, declaredType: d.type };
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
      // a parameter of a template checked before instantiation has no value yet (NaN)
      if (d.arg.kind === 'value') return mk('name', d.arg.valueType ?? INT, 'prvalue', loc, { decl: d, value: Number.isNaN(d.arg.value) ? undefined : d.arg.value });
      break;
  }
  const t = passes.typeOfDecl(d);
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
  const self: Type = classType(cls);
  const isConst = (ctx.a.lambdas.length ? capturedThisConst(ctx.a, fn, loc) : undefined) ?? fn?.isConst;
  return mk('implicit-this', isConst ? addConst(self) : self, 'lvalue', loc);
}

function fieldAccess(object: Expr, f: import('../model/declarations').FieldDecl, loc: Loc): Expr {
  // a member of an anonymous union or struct: through the unnamed member(s) that hold it
  const via = anonymousMembersTo(classOf(object.type), f);
  return directFieldAccess(via ? via.reduce((o, g) => directFieldAccess(o, g, loc), object) : object, f, loc);
}

function directFieldAccess(object: Expr, f: import('../model/declarations').FieldDecl, loc: Loc): Expr {
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
    // an overloaded operator-> is applied until it yields a pointer
    for (let depth = 0; depth < 8 && classOf(object.type); depth++) {
      const o = overloadedOperator(ctx, '->', [object], object.loc, true);
      if (!o || o.type.kind === 'error') break;
      object = o;
    }
    if (object.type.kind !== 'pointer') {
      ctx.a.error(locOf(ctx, node), 'bad-member-access', `member reference type ${quoteType(object.type)} is not a pointer${classOf(object.type) ? "; did you mean to use '.'?" : ''}`);
      return errorExpr(loc);
    }
    object = mk('deref', object.type.pointee, 'lvalue', object.loc, { operands: [object] });
    if (object.type.kind === 'error') return errorExpr(loc); // `p->m` with `D *p` and D unbound
  } else if (object.type.kind === 'pointer' && classOf(object.type.pointee)) {
    ctx.a.error(locOf(ctx, node), 'bad-member-access', `member reference type ${quoteType(object.type)} is a pointer; did you mean to use '->'?`);
    return errorExpr(loc);
  }
  const cls = classOf(object.type);
  if (!cls) {
    ctx.a.error(locOf(ctx, fieldNode), 'bad-member-access', `member reference base type ${quoteType(object.type)} is not a class`);
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
  let templateArgs: import('../model/declarations').TemplateArg[] | undefined;
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
    // a member of a base that is not known (dependent on a template parameter, or erroneous) may be meant
    if (!cls.chain().some((c) => c.unknownBase)) ctx.a.error(locOf(ctx, nameNode), 'unknown-member', `no member named '${name}' in '${cls.displayName()}'`);
    return errorExpr(loc);
  }
  return memberDecls(ctx, object, decls, loc, templateArgs, name);
}

function memberDecls(ctx: Ctx, object: Expr, decls: Decl[], loc: Loc, templateArgs: import('../model/declarations').TemplateArg[] | undefined, name: string): Expr {
  const fns = decls.filter((x): x is FunctionDecl | FunctionTemplate => x.kind === 'function' || x.kind === 'function-template');
  if (fns.length) return mk('overload-set', ERROR, 'lvalue', loc, { overloads: fns, templateArgs, object, decl: fns[0] });
  const d = decls[0];
  if (!d) return errorExpr(loc);
  if (d.kind === 'field') return fieldAccess(object, d, loc);
  if (d.kind === 'var' || d.kind === 'enumerator') return declExpr(ctx, [d], loc);
  ctx.a.error(loc, 'not-a-value', `'${name}' is not a data member or member function`);
  return errorExpr(loc);
}


/** Converts for initialisation/assignment, reporting a clear error when impossible. */
export function convertOrReport(ctx: Ctx, e: Expr, to: Type, loc: Loc, verb: string): boolean {
  if (e.type.kind === 'error' && !e.list) return false;
  if (to.kind === 'reference' && !to.rvalue && !to.referee.const && e.kind === 'member' && e.decl?.kind === 'field' && e.decl.bitWidth !== undefined) {
    ctx.a.error(loc, 'bad-reference-binding', `non-const reference cannot bind to bit-field '${e.decl.name}'`);
    return false;
  }
  const c = implicitConversion(ctx, e, to);
  if (!c) {
    const from = e.list ? "'initializer list'" : quoteType(e.type);
    if (to.kind === 'reference' && !to.rvalue && !to.referee.const && e.cat !== 'lvalue') {
      ctx.a.error(loc, 'bad-reference-binding', `non-const lvalue reference to type ${quoteType(to.referee)} cannot bind to a temporary of type ${from}`);
    } else ctx.a.error(loc, 'type-mismatch', `${verb} ${quoteType(to)} from incompatible type ${from}`);
    return false;
  }
  noteConversion(e, to, c);
  if (c.narrowing) ctx.a.error(loc, 'narrowing', `non-constant-expression cannot be narrowed from type ${quoteType(e.list ? (e.list[0]?.type ?? ERROR) : e.type)} to ${quoteType(to)} in initializer list`);
  return true;
}

/**
 * `a, b, c`: each operand evaluated and discarded but the last, whose type and category are the result's
 * (tree-sitter nests the list to the right). With a class operand, an overloaded `operator,` applies
 * from the left (`(a, b), c`).
 */
function commaExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const parts: { node: Node; loc: Loc }[] = [];
  let cur: Node | null = node;
  while (cur?.type === 'comma_expression') {
    const l = cur.childForFieldName('left');
    if (l) parts.push({ node: l, loc: locOf(ctx, cur) });
    cur = cur.childForFieldName('right');
  }
  if (!cur) return errorExpr(loc);
  const exprs = [...parts.map((p) => checkExpr(ctx, p.node)), checkExpr(ctx, cur)];
  if (exprs.length === 1) return { ...exprs[0], loc };
  const builtin = (left: Expr, right: Expr, at: Loc) => mk('comma', right.type, right.cat, at, { operands: [left, right], temporary: right.temporary });
  if (exprs.some((e) => classOf(e.type))) {
    let acc = exprs[0];
    for (let i = 1; i < exprs.length; i++) {
      const at = new Loc(loc.unit, loc.start, exprs[i].loc.end);
      acc = (classOf(acc.type) || classOf(exprs[i].type) ? overloadedOperator(ctx, ',', [acc, exprs[i]], at, true) : undefined) ?? builtin(acc, exprs[i], at);
    }
    return { ...acc, loc };
  }
  let result = exprs[exprs.length - 1];
  for (let i = parts.length - 1; i >= 0; i--) result = builtin(exprs[i], result, parts[i].loc);
  return result;
}

export function castTo(ctx: Ctx, t: Type, e: Expr, loc: Loc, how: string): Expr {
  if (involvesError(t) || e.type.kind === 'error') return errorExpr(loc); // `static_cast<const D*>(this)` with D unbound
  const cat: ValueCategory = t.kind === 'reference' ? (t.rvalue ? 'xvalue' : 'lvalue') : 'prvalue';
  const rt = nonReference(t);
  const src = decay(unqualified(e.type));
  let value: number | undefined;
  if (e.value !== undefined && (isIntegral(rt) || rt.kind === 'enum')) value = wrap(e.value, rt.kind === 'enum' ? rt.decl.underlying : rt);
  if (e.value === undefined && isIntegral(rt) && (e as { fvalue?: number }).fvalue !== undefined) value = wrap(Math.trunc((e as { fvalue?: number }).fvalue!), rt);
  const ok = isScalar(src) && isScalar(rt) || (rt.kind === 'builtin' && rt.name === 'void') || implicitConversion(ctx, e, t) !== undefined || (classOf(rt) && how !== 'reinterpret_cast');
  if (!ok) {
    ctx.a.error(loc, 'bad-cast', `cannot cast from ${quoteType(e.type)} to ${quoteType(t)}`);
    return errorExpr(loc);
  }
  if (classOf(rt) && cat === 'prvalue') return passes.construct(ctx, rt, [e], loc, false);
  // the operator keeps the kind of cast (a reinterpret_cast never adjusts a class pointer)
  return mk('cast', rt, cat, loc, { operands: [e], value, operator: how });
}

function sizeofExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const tn = node.childForFieldName('type');
  const vn = node.childForFieldName('value');
  const isAlign = node.type === 'alignof_expression' || node.text.startsWith('alignof') || node.text.startsWith('_Alignof');
  let t: Type = ERROR;
  if (vn?.type === 'cast_expression') return sizeofTypeThen(ctx, node, vn, loc);
  if (tn) t = typeFromDescriptor(ctx, tn);
  else if (vn) {
    const named = vn.type === 'parenthesized_expression' ? vn.namedChild(0)?.type : undefined;
    if (named === 'identifier' || named === 'qualified_identifier' || named === 'template_function' || named === 'template_type') {
      const r = resolveName(ctx, vn.namedChild(0)!, undefined, true);
      const asType = r.decls.map(passes.typeOfDecl).find((x) => x);
      t = asType ?? checkExpr(ctx, vn).type;
    } else {
      const e = checkExpr(ctx, vn);
      const inner = e.kind === 'member' ? e : undefined;
      if (inner?.decl?.kind === 'field' && inner.decl.bitWidth !== undefined) {
        ctx.a.error(loc, 'bad-sizeof', `invalid application of '${isAlign ? 'alignof' : 'sizeof'}' to a bit-field`);
        return errorExpr(loc);
      }
      t = e.type;
    }
  }
  if (t.kind === 'error') return errorExpr(loc);
  const sa = sizeAlignOf(nonReference(t));
  if (!sa || (t.kind === 'class' && !classLayout(t.decl))) {
    ctx.a.error(loc, 'incomplete-type', `invalid application of '${isAlign ? 'alignof' : 'sizeof'}' to an incomplete type ${quoteType(t)}`);
    return errorExpr(loc);
  }
  return mk(node.type, SIZE_T, 'prvalue', loc, { value: isAlign ? sa.align : sa.size });
}

/** `offsetof(T, m)` (also `a.b` designators): the member's offset on the target, a `size_t` constant. */
function offsetofExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const tn = node.childForFieldName('type');
  const mn = node.childForFieldName('member');
  if (!tn || !mn) return errorExpr(loc);
  let t: Type = typeFromDescriptor(ctx, tn);
  let offset = 0;
  for (const name of mn.text.split('.').map((x) => x.trim())) {
    const cls = classOf(t);
    if (!cls || !cls.require()) {
      if (t.kind !== 'error') ctx.a.error(locOf(ctx, tn), 'bad-offsetof', `offsetof requires a class type, not ${quoteType(t)}`);
      return errorExpr(loc);
    }
    const at = fieldOffsetIn(cls, name);
    if (!at) {
      ctx.a.error(locOf(ctx, mn), 'no-member', `no member named '${name}' in ${quoteType(t)}`);
      return errorExpr(loc);
    }
    if (at.field.bitWidth !== undefined) {
      ctx.a.error(locOf(ctx, mn), 'bad-offsetof', `cannot compute offset of bit-field '${name}'`);
      return errorExpr(loc);
    }
    offset += at.offset;
    t = at.field.type;
  }
  return mk('offsetof_expression', SIZE_T, 'prvalue', loc, { value: offset });
}

/** A data member of `cls` or of its bases, with its offset from the start of `cls`. */
function fieldOffsetIn(cls: ClassDecl, name: string): { field: import('../model/declarations').FieldDecl; offset: number } | undefined {
  let base = 0;
  for (let c: ClassDecl | undefined = cls; c; c = c.base) {
    const l = classLayout(c);
    if (!l) return undefined;
    const field = c.fields.find((f) => f.name === name);
    const fl = l.fields.find((f) => f.name === name);
    if (field && fl) return { field, offset: base + fl.offset };
    base += l.base?.offset ?? 0;
  }
  return undefined;
}

/**
 * tree-sitter reads `sizeof (T) x` as the size of a cast. C++ reads `sizeof (T)` as the size of the
 * type, so `sizeof (T)+1` is a sum and `sizeof (T) x` a syntax error.
 */
function sizeofTypeThen(ctx: Ctx, node: Node, cast: Node, loc: Loc): Expr {
  const typeNode = cast.childForFieldName('type');
  const operand = cast.childForFieldName('value');
  const t = typeNode ? typeFromDescriptor(ctx, typeNode) : ERROR;
  if (operand?.type === 'number_literal' && /^[+-]/.test(operand.text)) {
    const sa = t.kind === 'error' ? undefined : sizeAlignOf(nonReference(t));
    if (!sa) return errorExpr(loc);
    const left = mk(node.type, SIZE_T, 'prvalue', locOf(ctx, node), { value: node.type === 'alignof_expression' ? sa.align : sa.size });
    const right = numberLiteral(ctx, operand, locOf(ctx, operand), operand.text.slice(1));
    return builtinBinary(ctx, operand.text[0], left, right, loc);
  }
  ctx.a.error(operand ? locOf(ctx, operand) : loc, 'syntax-error', `expected ')' before '${operand?.text.slice(0, 30) ?? ''}' (sizeof of a type ends at its ')')`);
  return errorExpr(loc);
}

function subscriptExpr(ctx: Ctx, node: Node, loc: Loc): Expr {
  const an = node.childForFieldName('argument');
  const idx = node.childForFieldName('indices') ?? node.childForFieldName('index');
  if (!an || !idx) return errorExpr(loc);
  let a = checkExpr(ctx, an);
  const indices = idx.type === 'subscript_argument_list' ? idx.namedChildren : [idx];
  if (!indices.length) {
    ctx.a.error(locOf(ctx, idx), 'syntax-error', 'expected an expression inside the brackets');
    return errorExpr(loc);
  }
  // C++14: `a[i, j]` is `a[(i, j)]`
  const i = indices.map((x) => checkExpr(ctx, x))[indices.length - 1];
  if (a.type.kind === 'error' || i.type.kind === 'error') return errorExpr(loc);
  if (classOf(a.type)) {
    const o = overloadedOperator(ctx, '[]', [a, i], loc, true);
    if (o) return o;
    // no operator[]: the built-in subscript through the class's conversion function (`proxy[array]`)
    const s = builtinOperand(ctx, a);
    const usable = decay(s.type).kind === 'pointer' || (isIntegralOrUnscopedEnum(unqualified(s.type)) && decay(i.type).kind === 'pointer');
    if (!usable) {
      if (overloadedOperator(ctx, '[]', [a, i], loc, false)) return errorExpr(loc);
      ctx.a.error(loc, 'no-viable-operator', `type ${quoteType(a.type)} does not provide a subscript operator`);
      return errorExpr(loc);
    }
    a = s;
  }
  const t = decay(a.type);
  const it0 = decay(i.type);
  if (t.kind !== 'pointer' && it0.kind === 'pointer' && isIntegralOrUnscopedEnum(unqualified(a.type))) {
    // `i[p]` is `*(i + p)`: the operands keep their order (the compiler finds the pointer)
    return mk('subscript', it0.pointee, 'lvalue', loc, { operands: [builtinOperand(ctx, a), i] });
  }
  if (t.kind !== 'pointer') {
    ctx.a.error(loc, 'bad-subscript', `subscripted value is not an array or pointer (it is ${quoteType(a.type)})`);
    return errorExpr(loc);
  }
  const it = builtinOperand(ctx, i);
  if (!isIntegralOrUnscopedEnum(unqualified(it.type))) {
    ctx.a.error(i.loc, 'bad-subscript', `array subscript is not an integer (it is ${quoteType(i.type)})`);
    return errorExpr(loc);
  }
  return mk('subscript', t.pointee, 'lvalue', loc, { operands: [a, it] });
}

export { BOOL };
