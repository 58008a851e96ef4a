// Lambda expressions: a closure class with a field per capture and a `const` (unless `mutable`)
// operator(); captures by copy, by reference, by default (`[=]`, `[&]`), `this` and init-captures;
// the use of an enclosing local that is not captured is an error; without a trailing return type the
// return type is deduced from the return statements (all must agree).

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import { type Ctx, locOf } from './context';
import { ClassDecl, newId, Scope, type FunctionDecl, type Loc, type VarDecl } from './decls';
import type { Expr } from './expr';
import { checkExpr } from './expressions';
import { analyseFunctionBody } from './statements';
import { parameters, typeFromDescriptor } from './type-syntax';
import { addConst, classType, ERROR, nonReference, quoteType, referenceTo, sameType, unqualified, VOID, type Type } from './types';

/** A lambda whose body is being analysed. */
export interface LambdaFrame {
  readonly closure: ClassDecl;
  /** The scope the lambda is written in: variables found beyond it belong to the enclosing function. */
  readonly outer: Scope;
  readonly byDefault?: '=' | '&';
  readonly mutable: boolean;
  /** Captured variables (explicitly or by default) and how. */
  readonly captures: Map<VarDecl, 'copy' | 'ref'>;
  /** The types of the return statements, when the return type is deduced. */
  returns?: Type[];
}

export function lambdaExpr(ctx: Ctx, node: Node, loc: Loc, mk: (kind: string, type: Type, loc: Loc, extra: Partial<Expr>) => Expr): Expr {
  const range = loc.range;
  const name = `(lambda at ${range.start.line + 1}:${range.start.column + 1})`;
  const closure = new ClassDecl(name, name, 'class', ctx.scope, loc);
  const declarator = node.childForFieldName('declarator');
  const mutable = !!declarator?.children.some((c) => c.type === 'type_qualifier' && c.text === 'mutable');
  const frame: LambdaFrame = { closure, outer: ctx.scope, mutable, captures: new Map(), ...captureDefault(node) };
  const bodyScope = new Scope('block', ctx.scope);
  explicitCaptures(ctx, node, frame, bodyScope);
  const op = callOperator(ctx, node, declarator, closure, mutable);
  closure.scope.add('operator()', op);
  const body = node.childForFieldName('body');
  if (body) {
    op.body = { node: body, unit: ctx.unit, scope: bodyScope };
    if (!declarator?.children.some((c) => c.type === 'trailing_return_type')) frame.returns = [];
    ctx.a.lambdas.push(frame);
    try {
      analyseFunctionBody(ctx.a, op);
    } finally {
      ctx.a.lambdas.pop();
    }
    noteNested(ctx.a, op);
    if (frame.returns) op.ret = deducedReturn(ctx, frame.returns, loc);
  }
  for (const [v, how] of frame.captures) addField(closure, v.name, how === 'ref' ? referenceTo(nonReference(v.type)) : unqualified(nonReference(v.type)), v.loc);
  closure.complete = true;
  return mk('lambda', classType(closure), loc, { temporary: true });
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

function explicitCaptures(ctx: Ctx, node: Node, frame: LambdaFrame, bodyScope: Scope): void {
  const spec = node.childForFieldName('captures');
  if (!spec) return;
  let byRef = false;
  for (const c of spec.children) {
    if (c.type === '&') byRef = true;
    else if (c.type === 'identifier') {
      const v = ctx.a.lookup(c.text, ctx.scope).find((d): d is VarDecl => d.kind === 'var');
      if (!v) ctx.a.error(locOf(ctx, c), 'bad-capture', `use of undeclared identifier '${c.text}' in a capture`);
      else if (v.storage !== 'local' && v.storage !== 'param') ctx.a.error(locOf(ctx, c), 'bad-capture', `'${c.text}' cannot be captured because it does not have automatic storage duration`);
      else frame.captures.set(v, byRef ? 'ref' : 'copy');
      byRef = false;
    } else if (c.type === 'lambda_capture_initializer') {
      initCapture(ctx, c, frame, bodyScope);
      byRef = false;
    } else if (c.type === ',') byRef = false;
  }
}

/** `[n = expr]`: a member initialised from the expression, visible in the body as a variable. */
function initCapture(ctx: Ctx, c: Node, frame: LambdaFrame, bodyScope: Scope): void {
  const left = c.childForFieldName('left');
  const right = c.childForFieldName('right');
  if (!left || !right) return;
  const e = checkExpr(ctx, right);
  const v: VarDecl = { kind: 'var', id: newId(), name: left.text, type: unqualified(e.type), storage: 'local', constexpr: false, loc: locOf(ctx, left), qualifiedName: left.text };
  frame.captures.set(v, 'copy');
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

function deducedReturn(ctx: Ctx, returns: Type[], loc: Loc): Type {
  const known = returns.filter((t) => t.kind !== 'error');
  if (!known.length) return returns.length ? ERROR : VOID;
  const first = known[0];
  const other = known.find((t) => !sameType(t, first, true));
  if (other) ctx.a.error(loc, 'bad-return', `return type ${quoteType(other)} must match previous return type ${quoteType(first)} when lambda expression has unspecified explicit return type`);
  return first;
}

function addField(closure: ClassDecl, name: string, type: Type, loc: Loc): void {
  const f = { kind: 'field' as const, id: newId(), name, type, owner: closure, mutable: false, access: 'private' as const, loc };
  closure.fields.push(f);
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

/** Records a return statement's type when the lambda being analysed deduces its return type. */
export function noteLambdaReturn(a: Analyzer, fn: FunctionDecl, type: Type | undefined): boolean {
  const frame = a.lambdas[a.lambdas.length - 1];
  if (!frame?.returns || fn.owner !== frame.closure) return false;
  frame.returns.push(type ? unqualified(type.kind === 'array' ? { kind: 'pointer', pointee: type.element } : type) : VOID);
  return true;
}
