// Lambda expressions: a closure class with a field per capture and a `const` (unless `mutable`)
// operator(); captures by copy, by reference, by default (`[=]`, `[&]`), `this` (`[this]`, implicitly
// under a capture-default, or `[*this]`, a copy of the object) and init-captures (`[n = e]`, `[&r = v]`:
// the initialiser is kept as a typed expression, an operand of the lambda expression); the use of an
// enclosing local that is not captured is an error; without a trailing return type the return type is
// deduced from the return statements (all must agree). A lambda without captures converts to a pointer
// to function (an implicit conversion function); a generic lambda (`auto` parameters) has its call
// operator instantiated per call (generic-lambdas.ts). The closure class carries its description
// (`ClassDecl.closure`: captures, captured `this`, call operator, conversion), set once it is complete.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { LambdaFrame } from './lambda-frames';
import type { Analyzer } from './analyzer';
import { type Ctx, containsAuto, locOf } from './context';
import { ClassDecl, newId, Scope, type ClosureCapture, type FieldDecl, type FunctionDecl, type Loc, type Unit, type VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { parameters, typeFromDescriptor } from './type-syntax';
import {
  addConst, classType, ERROR, nonReference, pointerTo, quoteType, referenceTo, sameType, typeToString, unqualified, VOID, type Type,
} from '../model/types';
import { capturePack } from './variadic';
import { passes } from './passes';

export type { LambdaFrame } from './lambda-frames';

/** A generic lambda (`auto` parameters): what instantiating its call operator per call needs. */
export interface GenericLambda {
  /** The call operator's definition check, parameters unbound. */
  readonly call: FunctionDecl;
  /** The frame its instances are analysed in. */
  readonly frame: LambdaFrame;
  /** The declared parameters, `auto` in them. */
  readonly pattern: FunctionDecl['params'];
  /** The return type is deduced (no trailing return type). */
  readonly deduce: boolean;
  /** Written in a template checked before instantiation (its instances are not compiled either). */
  readonly inTemplate: boolean;
  readonly instances: Map<string, FunctionDecl>;
}

const generics = new WeakMap<ClassDecl, GenericLambda>();

/** The generic lambda a closure class belongs to, or undefined for any other class. */
export function genericLambda(cls: ClassDecl): GenericLambda | undefined {
  return generics.get(cls);
}

/**
 * Lambdas written outside any function (in a global's initialiser), by analysis, unit, offset and text:
 * checking that initialiser again (the compiler asks the model for it) must give the same closure type.
 */
const outsideFunctions = new WeakMap<Analyzer, Map<Unit, Map<number, { text: string; expr: Expr }>>>();

export function lambdaExpr(ctx: Ctx, node: Node, loc: Loc, mk: (kind: string, type: Type, loc: Loc, extra: Partial<Expr>) => Expr): Expr {
  const outside = !ctx.a.lambdas.length && !ctx.a.enclosingFunction(ctx.scope);
  const known = outside ? outsideFunctions.get(ctx.a)?.get(ctx.unit)?.get(loc.start) : undefined;
  if (known && known.text === node.text) return known.expr;
  const expr = newLambda(ctx, node, loc, mk);
  if (outside) {
    let units = outsideFunctions.get(ctx.a);
    if (!units) outsideFunctions.set(ctx.a, (units = new Map()));
    let m = units.get(ctx.unit);
    if (!m) units.set(ctx.unit, (m = new Map()));
    m.set(loc.start, { text: node.text, expr });
  }
  return expr;
}

function newLambda(ctx: Ctx, node: Node, loc: Loc, mk: (kind: string, type: Type, loc: Loc, extra: Partial<Expr>) => Expr): Expr {
  const range = loc.range;
  const name = `(lambda at ${range.start.line + 1}:${range.start.column + 1})`;
  const closure = new ClassDecl(name, name, 'class', ctx.scope, loc);
  const declarator = node.childForFieldName('declarator');
  const mutable = !!declarator?.children.some((c) => c.type === 'type_qualifier' && c.text === 'mutable');
  const frame: LambdaFrame = { closure, outer: ctx.scope, mutable, captures: new Map(), places: new Map(), self: {}, parents: ctx.a.lambdas.slice(), ...captureDefault(node) };
  const bodyScope = new Scope('block', ctx.scope);
  const inits = new Map<VarDecl, Expr>();
  explicitCaptures(ctx, node, frame, bodyScope, inits);
  const op = callOperator(ctx, node, declarator, closure, mutable);
  const pattern = op.params;
  const generic = op.params.some((p) => containsAuto(p.type));
  if (generic) op.params = op.params.map((p) => (containsAuto(p.type) ? { ...p, type: ERROR } : p));
  closure.scope.add('operator()', op);
  const body = node.childForFieldName('body');
  if (body) {
    op.body = { node: body, unit: ctx.unit, scope: bodyScope };
    const deduce = !declarator?.children.some((c) => c.type === 'trailing_return_type');
    // in a template's check before instantiation the lambda is checked, never compiled
    const inTemplate = !!ctx.a.enclosingFunction(ctx.scope)?.generic;
    if (generic || inTemplate) op.generic = true;
    if (generic) generics.set(closure, { call: op, frame, pattern, deduce, inTemplate, instances: new Map() });
    analyseCallOperator(ctx.a, op, frame, deduce);
    noteNested(ctx.a, op);
  }
  const captures: ClosureCapture[] = [];
  for (const [v, how] of frame.captures) {
    const field = addField(closure, v.name, how === 'ref' ? referenceTo(nonReference(v.type)) : unqualified(nonReference(v.type)), v.loc);
    captures.push({ field, variable: v, init: inits.get(v), at: frame.places.get(v) });
  }
  const thisField = addThisField(ctx, frame);
  const toPointer = !generic && !frame.captures.size && !frame.self.how ? addPointerConversion(closure, op) : undefined;
  closure.closure = { captures, thisField, thisByCopy: !!thisField && frame.self.how === 'copy', call: op, toPointer };
  closure.complete = true;
  return mk('lambda', classType(closure), loc, { temporary: true, operands: inits.size ? [...inits.values()] : undefined });
}

/** Analyses the body of a call operator (or of an instance of a generic one) in its lambda's frame. */
export function analyseCallOperator(a: Analyzer, op: FunctionDecl, frame: LambdaFrame, deduce: boolean): void {
  const own: LambdaFrame = deduce ? { ...frame, returns: [] } : frame;
  const around = a.lambdas.splice(0);
  a.lambdas.push(...frame.parents, own);
  try {
    passes.analyseFunctionBody(a, op);
  } finally {
    a.lambdas.length = 0;
    a.lambdas.push(...around);
  }
  if (own.returns) op.ret = deducedReturn(a, own.returns, op.loc);
}

/** The operator() belongs to the body being analysed: analysing that body again replaces it. */
function noteNested(a: Analyzer, op: FunctionDecl): void {
  if (!a.currentBody) return;
  const list = a.nestedBodies.get(a.currentBody);
  if (list) list.push(op);
  else a.nestedBodies.set(a.currentBody, [op]);
}

function captureDefault(node: Node): { byDefault?: '=' | '&' } {
  const spec = node.childForFieldName('captures');
  const d = spec?.namedChildren.find((c) => c.type === 'lambda_default_capture');
  return d ? { byDefault: d.text.trim() === '&' ? '&' : '=' } : {};
}

function explicitCaptures(ctx: Ctx, node: Node, frame: LambdaFrame, bodyScope: Scope, inits: Map<VarDecl, Expr>): void {
  const spec = node.childForFieldName('captures');
  if (!spec) return;
  let byRef = false;
  let star = false;
  for (const c of spec.children) {
    if (c.type === '&') byRef = true;
    else if (c.type === '*') star = true;
    else if (c.type === 'this') {
      captureThis(ctx, c, frame, star ? 'copy' : 'ref');
      star = false;
    } else if (c.type === 'identifier') {
      const v = ctx.a.lookup(c.text, ctx.scope).find((d): d is VarDecl => d.kind === 'var');
      if (!v) ctx.a.error(locOf(ctx, c), 'bad-capture', `use of undeclared identifier '${c.text}' in a capture`);
      else if (v.storage !== 'local' && v.storage !== 'param') ctx.a.error(locOf(ctx, c), 'bad-capture', `'${c.text}' cannot be captured because it does not have automatic storage duration`);
      else {
        frame.captures.set(v, byRef ? 'ref' : 'copy');
        frame.places.set(v, { loc: locOf(ctx, c), explicit: true });
      }
      byRef = false;
    } else if (c.type === 'parameter_pack_expansion') {
      capturePack(ctx, c, frame.captures, byRef);
      byRef = false;
    } else if (c.type === 'lambda_capture_initializer') {
      initCapture(ctx, c, frame, bodyScope, inits, byRef);
      byRef = false;
    } else if (c.type === ',') byRef = false;
  }
}

/** `[this]` / `[*this]`: only in a non-static member function (or a lambda inside one). */
function captureThis(ctx: Ctx, c: Node, frame: LambdaFrame, how: 'ref' | 'copy'): void {
  const fn = ctx.a.enclosingFunction(ctx.scope);
  if (!ctx.a.enclosingClass(ctx.scope) || fn?.isStatic) {
    ctx.a.error(locOf(ctx, c), 'bad-capture', "invalid use of 'this' outside of a non-static member function");
    return;
  }
  if (ctx.a.lambdas.length) capturedThisConst(ctx.a, fn, locOf(ctx, c));
  frame.self.how = how;
}

/** `[n = expr]` / `[&r = v]`: a member initialised from the expression, visible in the body as a variable. */
function initCapture(ctx: Ctx, c: Node, frame: LambdaFrame, bodyScope: Scope, inits: Map<VarDecl, Expr>, refBefore: boolean): void {
  const left = c.childForFieldName('left');
  const right = c.childForFieldName('right');
  if (!left || !right) return;
  const byRef = refBefore || c.children.some((k) => k.type === '&');
  const e = passes.checkExpr(ctx, right);
  let type: Type;
  if (byRef) {
    if (e.cat !== 'lvalue' && e.type.kind !== 'error') ctx.a.error(locOf(ctx, right), 'bad-capture', `non-const lvalue reference to type ${quoteType(e.type)} cannot bind to a temporary`);
    type = referenceTo(e.type);
  } else {
    const t = unqualified(e.type.kind === 'array' ? pointerTo(e.type.element) : e.type.kind === 'function' ? pointerTo(e.type) : e.type);
    type = frame.mutable ? t : addConst(t);
    // a class prvalue initialises the field itself: no temporary
    if (e.cat === 'prvalue' && t.kind === 'class') e.temporary = false;
  }
  const v: VarDecl = { kind: 'var', id: newId(), name: left.text, type, storage: 'local', constexpr: false, loc: locOf(ctx, left), qualifiedName: left.text };
  frame.captures.set(v, byRef ? 'ref' : 'copy');
  inits.set(v, e);
  bodyScope.add(v.name, v);
}

function callOperator(ctx: Ctx, node: Node, declarator: Node | null, closure: ClassDecl, mutable: boolean): FunctionDecl {
  const paramsNode = declarator?.childForFieldName('parameters');
  const { params, variadic } = paramsNode ? parameters(ctx, paramsNode) : { params: [], variadic: false };
  const trailing = declarator?.children.find((c) => c.type === 'trailing_return_type')?.namedChild(0);
  return {
    kind: 'function', id: newId(), name: 'operator()', qualifiedName: `${closure.qualifiedName}::operator()`, params,
    ret: trailing ? typeFromDescriptor(ctx, trailing) : ERROR, variadic, owner: closure, isConst: !mutable, refQualifier: 'none',
    isStatic: false, isVirtual: false, deleted: false, explicit: false, role: 'operator', access: 'public', loc: locOf(ctx, node),
  };
}

function deducedReturn(a: Analyzer, returns: Type[], loc: Loc): Type {
  const known = returns.filter((t) => t.kind !== 'error');
  if (!known.length) return returns.length ? ERROR : VOID;
  const first = known[0];
  const other = known.find((t) => !sameType(t, first, true));
  if (other) a.error(loc, 'bad-return', `return type ${quoteType(other)} must match previous return type ${quoteType(first)} when lambda expression has unspecified explicit return type`);
  return first;
}

function addField(closure: ClassDecl, name: string, type: Type, loc: Loc): FieldDecl {
  const f = { kind: 'field' as const, id: newId(), name, type, owner: closure, mutable: false, access: 'private' as const, loc };
  closure.fields.push(f);
  return f;
}

/** The field for a captured `this`: a pointer to the enclosing object, or (`*this`) a copy of it. */
function addThisField(ctx: Ctx, frame: LambdaFrame): FieldDecl | undefined {
  const how = frame.self.how;
  const cls = how && ctx.a.enclosingClass(frame.outer);
  if (!cls) return undefined;
  return addField(frame.closure, '__this', how === 'copy' ? classType(cls) : pointerTo(classType(cls)), frame.closure.loc);
}

/** `operator R(*)(P...)() const` of a lambda without captures (the compiler generates the invoker). */
function addPointerConversion(closure: ClassDecl, op: FunctionDecl): FunctionDecl {
  const ret = pointerTo({ kind: 'function', ret: op.ret, params: op.params.map((p) => p.type), variadic: op.variadic });
  const name = `operator ${typeToString(ret)}`;
  const conv: FunctionDecl = {
    kind: 'function', id: newId(), name, qualifiedName: `${closure.qualifiedName}::${name}`, params: [], ret, variadic: false, owner: closure,
    isConst: true, refQualifier: 'none', isStatic: false, isVirtual: false, deleted: false, explicit: false, role: 'conversion', access: 'public',
    implicit: true, loc: closure.loc,
  };
  closure.scope.add(name, conv);
  return conv;
}

/**
 * A variable named inside a lambda: when it belongs to the enclosing function it must be captured;
 * a copy is const in a lambda that is not `mutable`. Returns the type the name has there.
 */
export function captureUse(a: Analyzer, scope: Scope, v: VarDecl, loc: Loc): Type | undefined {
  const frame = a.lambdas[a.lambdas.length - 1];
  if (!frame || (v.storage !== 'local' && v.storage !== 'param') || v.value !== undefined) return undefined;
  if (declaredWithin(scope, frame.outer, v)) return undefined;
  let how = frame.captures.get(v);
  if (!how && frame.byDefault) {
    how = frame.byDefault === '&' ? 'ref' : 'copy';
    frame.captures.set(v, how);
    frame.places.set(v, { loc, explicit: false });
  }
  if (!how) {
    a.error(loc, 'not-captured', `variable '${v.name}' cannot be implicitly captured in a lambda with no capture-default specified`);
    return ERROR;
  }
  const t = nonReference(v.type);
  return how === 'copy' && !frame.mutable ? addConst(t) : t;
}

/** Whether `v` is declared in a scope between `scope` and the lambda's enclosing scope `outer`. */
function declaredWithin(scope: Scope, outer: Scope, v: VarDecl): boolean {
  for (let s: Scope | undefined = scope; s && s !== outer; s = s.parent) if (s.members.get(v.name)?.includes(v)) return true;
  return false;
}

/**
 * `this` (written or implied by a member's name) in the body of the call operator `fn` of the lambda
 * being analysed: it is the enclosing object, which every lambda from there out to the member
 * function must capture (a capture-default captures it implicitly). Returns whether it is const there
 * (through a `[*this]` copy: unless `mutable`; else as in the member function), or undefined when `fn`
 * is not that call operator.
 */
export function capturedThisConst(a: Analyzer, fn: FunctionDecl | undefined, loc: Loc): boolean | undefined {
  const frames = a.lambdas;
  if (!fn || !frames.length || fn.owner !== frames[frames.length - 1].closure) return undefined;
  let isConst: boolean | undefined;
  for (let i = frames.length - 1; i >= 0; i--) {
    const fr = frames[i];
    if (!fr.self.how) {
      if (!fr.byDefault) {
        a.error(loc, 'not-captured', "'this' cannot be implicitly captured in this context");
        return false;
      }
      fr.self.how = 'ref';
    }
    if (fr.self.how === 'copy' && isConst === undefined) isConst = !fr.mutable;
    const around = a.enclosingFunction(fr.outer);
    if (i === 0 || around?.owner !== frames[i - 1].closure) return isConst ?? !!around?.isConst;
  }
  return isConst;
}

/** Records a return statement's type when the lambda being analysed deduces its return type. */
export function noteLambdaReturn(a: Analyzer, fn: FunctionDecl, type: Type | undefined): boolean {
  const frame = a.lambdas[a.lambdas.length - 1];
  if (!frame?.returns || fn.owner !== frame.closure) return false;
  frame.returns.push(type ? unqualified(type.kind === 'array' ? { kind: 'pointer', pointee: type.element } : type) : VOID);
  return true;
}
