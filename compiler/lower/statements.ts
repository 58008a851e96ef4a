// Statement lowering: walks the body's syntax tree (the model keeps statements as syntax and each
// full-expression as a typed Expr, found by its source span) and builds blocks for every kind of
// control flow; scopes destroy their objects on every exit path (end of block, break, continue,
// return, goto — see jumps.ts, which also places case labels anywhere in their switch's body).

import type { SyntaxNode as Node, Initialiser } from '../../language';
import { Loc, type LocalObject, type Expr, type ClassDecl, type VarDecl, type Type } from '../../language/model';
import { unsupported } from './errors';
import { condition, discard, referenceTo, rvalue } from './expressions';
import { convertTo } from './conversions';
import type { Cleanup, FnLower } from './function';
import { symAddr } from '../ir/builder';
import { initialiserNodes, initializeLocal, initializeStaticLocal, readsLocals } from './local-variables';
import { checkSupportedSyntax } from './syntax-guard';
import { rangeForStatement } from './range-for';
import { classDeclOf, isClassType, valueTypeOf } from './types';
import { constructors } from './objects';
import { caseLabelsOf, gotoStatement, placeCaseLabel, placeLabel, withCaseLabels } from './jumps';
import { switchConversion, mayBeMisparsed, misparsedParts, constantValue } from '../../language';
import type { VReg } from '../ir/ir';
import { bindingDeclaration, bindingWithin } from './bindings';

export function lowerStatement(f: FnLower, node: Node): void {
  switch (node.type) {
    case 'compound_statement':
      f.pushScope();
      for (const c of node.namedChildren) if (c.type !== 'comment') lowerStatement(f, c);
      f.popScope();
      return;
    case 'expression_statement': {
      const e = node.namedChild(0);
      if (!e) return;
      f.b.stmt(f.nodePos(node));
      // `int (*row)[4] = a;` parsed as an expression: the model declared a local (sema/misparsed-declarations.ts)
      const misparsed = mayBeMisparsed(e) ? localsOf(f, node)[0] : undefined;
      if (misparsed) return initializeLocal(f, misparsed.decl, misparsedParts(e)?.init);
      fullExpr(f, e, (x) => discard(f, x));
      return;
    }
    case 'declaration':
      f.b.stmt(f.nodePos(node));
      declaration(f, node);
      return;
    case 'if_statement':
      return ifStatement(f, node);
    case 'while_statement':
      return whileStatement(f, node);
    case 'do_statement':
      return doStatement(f, node);
    case 'for_statement':
      return forStatement(f, node);
    case 'switch_statement':
      return switchStatement(f, node);
    case 'return_statement':
      f.b.stmt(f.nodePos(node));
      return returnStatement(f, node);
    case 'break_statement': {
      f.b.stmt(f.nodePos(node));
      const t = f.targets[f.targets.length - 1];
      if (!t) unsupported(f.nodePos(node), "'break' outside a loop or switch");
      f.cleanupTo(t.depth);
      f.b.jump(t.breakTo);
      return;
    }
    case 'continue_statement': {
      f.b.stmt(f.nodePos(node));
      const t = [...f.targets].reverse().find((x) => x.continueTo);
      if (!t) unsupported(f.nodePos(node), "'continue' outside a loop");
      f.cleanupTo(t.depth);
      f.b.jump(t.continueTo!);
      return;
    }
    case 'empty_statement':
    case 'comment':
    case 'static_assert_declaration':
    case 'type_definition':
    case 'alias_declaration':
    case 'using_declaration':
    case 'class_specifier':
    case 'struct_specifier':
    case 'union_specifier':
    case 'enum_specifier':
    case 'namespace_alias_definition':
      return;
    case 'case_statement': {
      placeCaseLabel(f, node);
      const v = node.childForFieldName('value');
      for (const s of node.namedChildren) if (s !== v && s.type !== 'comment') lowerStatement(f, s);
      return;
    }
    case 'labeled_statement': {
      placeLabel(f, node);
      const label = node.childForFieldName('label') ?? node.namedChild(0);
      for (const s of node.namedChildren) if (s !== label && s.type !== 'comment') lowerStatement(f, s);
      return;
    }
    case 'goto_statement':
      return gotoStatement(f, node);
    case 'for_range_loop':
      return rangeForStatement(f, node, lowerStatement);
    default:
      if (node.type.endsWith('_expression') || node.type === 'identifier') {
        f.b.stmt(f.nodePos(node));
        fullExpr(f, node, (x) => discard(f, x));
        return;
      }
      unsupported(f.nodePos(node), `unsupported statement (${node.type.replace(/_/g, ' ')})`);
  }
}

/** Lowers the full-expression at `node` with `run`, destroying its temporaries at the end. */
function fullExpr<T>(f: FnLower, node: Node, run: (e: Expr) => T): T {
  checkSupportedSyntax(f, node);
  const e = f.requireExpr(node);
  return f.fullExpression(() => run(e));
}

// ---- declarations --------------------------------------------------------------------------------

/** The local objects a declaration statement declares, in order. */
function localsOf(f: FnLower, node: Node): LocalObject[] {
  const unit = f.fn.body!.unit;
  return f.body.locals.filter((l) => l.decl.loc.unit === unit && l.decl.loc.start >= node.startIndex && l.decl.loc.end <= node.endIndex);
}

function declaration(f: FnLower, node: Node): void {
  const declarators = node.childrenForFieldName('declarator');
  const locals = localsOf(f, node);
  if (node.children.some((c) => c.type === 'storage_class_specifier' && c.text === 'static')) {
    // a static local is a global with a function-local name: constant data when its initialiser is a
    // constant, else initialised the first time control passes here (behind a guard)
    for (const d of declarators) {
      if (isFunctionDeclaration(d, locals)) continue;
      const local = localOf(f, locals, d);
      const init = d.type === 'init_declarator' ? (d.childForFieldName('value') ?? undefined) : vexingInitialiser(d);
      const typed = analysedInitialiser(f, init);
      const data = readsLocals(f, init) || typed === 'unanalysed' ? undefined : f.m.staticLocal(local.decl, typed);
      if (data) f.locals.set(local.decl, { slot: symAddr(data), type: local.decl.type, indirect: false });
      else initializeStaticLocal(f, local.decl, init);
    }
    return;
  }
  for (const d of declarators) {
    const binding = f.body.bindings && bindingWithin(f, d);
    if (binding) {
      bindingDeclaration(f, d, binding, d === declarators[0] ? (node.childForFieldName('value') ?? undefined) : undefined);
      continue;
    }
    if (isFunctionDeclaration(d, locals)) continue;
    const local = localOf(f, locals, d);
    // a condition's declaration (`if (int x = f())`) keeps its initialiser on the declaration node
    const init = d.type === 'init_declarator' ? d.childForFieldName('value') : (vexingInitialiser(d) ?? (d === declarators[0] ? node.childForFieldName('value') : null));
    initializeLocal(f, local.decl, init ?? undefined);
  }
}

/** A declaration's initialiser as the body analysed it ('unanalysed' when a part of it was not). */
function analysedInitialiser(f: FnLower, init: Node | undefined): Initialiser | undefined | 'unanalysed' {
  if (!init) return undefined;
  const form = init.type === 'argument_list' || init.type === 'parameter_list' ? 'direct' : init.type === 'initializer_list' ? 'list' : 'copy';
  const args = initialiserNodes(init).map((n) => f.exprAt(n));
  if (!args.every((e) => e !== undefined)) return 'unanalysed';
  return { form, args, loc: Loc.of(f.fn.body!.unit, init), errors: [] };
}

/**
 * A function declarator declares a local function, unless the model read it as `T v(x);` — a variable
 * directly initialised from names (then it recorded a local inside the declarator).
 */
function isFunctionDeclaration(d: Node, locals: LocalObject[]): boolean {
  return d.type === 'function_declarator' && !locals.some((l) => l.decl.loc.start >= d.startIndex && l.decl.loc.end <= d.endIndex);
}

/**
 * The parameter list of `T v(x);` read as a direct initialisation (see initialiserNodes): only when the
 * declarator names `v` directly — `int (*fp)(int);` is a pointer to a function, without an initialiser.
 */
function vexingInitialiser(d: Node): Node | undefined {
  if (d.type !== 'function_declarator' || d.childForFieldName('declarator')?.type !== 'identifier') return undefined;
  return d.childForFieldName('parameters') ?? undefined;
}

/** The analysed local a declarator declares. */
function localOf(f: FnLower, locals: LocalObject[], d: Node): LocalObject {
  const local = locals.find((l) => l.decl.loc.start >= d.startIndex && l.decl.loc.end <= d.endIndex);
  if (!local) unsupported(f.nodePos(d), 'this declaration was not analysed; it cannot be compiled');
  return local;
}

// ---- conditions ----------------------------------------------------------------------------------

/** Branches on a condition node (an expression or a declaration, inside a condition clause or parentheses). */
function branchOn(f: FnLower, cond: Node, then: ReturnType<FnLower['b']['newBlock']>, otherwise: ReturnType<FnLower['b']['newBlock']>): void {
  const inner = conditionValue(f, cond);
  if (inner.type === 'declaration') {
    declaration(f, inner);
    const local = localsOf(f, inner)[0];
    const name: Expr = { kind: 'name', type: local.decl.type.kind === 'reference' ? local.decl.type.referee : local.decl.type, cat: 'lvalue', loc: local.decl.loc, decl: local.decl };
    const bool: Type = { kind: 'builtin', name: 'bool' };
    const bv = classDeclOf(name.type) ? convertTo(f, undefined, name.type, bool, name.loc, name) : convertTo(f, rvalue(f, name), local.decl.type, bool, local.decl.loc);
    f.b.branch(bv, then, otherwise);
    return;
  }
  // the condition's temporaries are destroyed on both edges, after the value is known
  const yes = f.b.newBlock();
  const no = f.b.newBlock();
  let temps: readonly Cleanup[] = [];
  fullExpr(f, inner, (e) => {
    condition(f, e, yes, no);
    temps = [...(f.temporaries ?? [])];
    f.temporaries?.splice(0);
  });
  f.b.place(no);
  f.runCleanups(temps);
  f.b.jump(otherwise);
  f.b.place(yes);
  f.runCleanups(temps);
  f.b.jump(then);
}

/** Lowers a condition's init-statement (`if (int n = f(); n > 2)`), if any; returns the condition proper. */
function conditionValue(f: FnLower, cond: Node): Node {
  const init = cond.type === 'condition_clause' ? cond.childForFieldName('initializer') : null;
  if (init) for (const c of init.namedChildren) if (c.type !== 'comment') lowerStatement(f, c);
  const inner = cond.type === 'condition_clause' || cond.type === 'parenthesized_expression' ? (cond.childForFieldName('value') ?? cond.namedChildren.find((c) => c !== init)) : cond;
  if (!inner) unsupported(f.nodePos(cond), 'empty condition');
  return inner;
}

function ifStatement(f: FnLower, node: Node): void {
  const b = f.b;
  f.pushScope();
  b.stmt(f.nodePos(node));
  const then = b.newBlock();
  const join = b.newBlock();
  const alt = node.childForFieldName('alternative');
  const otherwise = alt ? b.newBlock() : join;
  branchOn(f, node.childForFieldName('condition')!, then, otherwise);
  b.place(then);
  lowerStatement(f, node.childForFieldName('consequence')!);
  if (alt) {
    b.jump(join);
    b.place(otherwise);
    lowerStatement(f, alt.type === 'else_clause' ? alt.namedChildren.find((c) => c.type !== 'comment')! : alt);
  }
  b.place(join);
  f.popScope();
}

function whileStatement(f: FnLower, node: Node): void {
  const b = f.b;
  const head = b.newBlock();
  const body = b.newBlock();
  const done = b.newBlock();
  const leave = b.newBlock();
  b.place(head);
  f.pushScope(); // a condition's variable, destroyed after each iteration and when the loop ends
  b.stmt(f.nodePos(node.childForFieldName('condition')!));
  branchOn(f, node.childForFieldName('condition')!, body, leave);
  b.place(body);
  f.targets.push({ breakTo: done, continueTo: head, depth: f.scopes.length - 1 });
  lowerStatement(f, node.childForFieldName('body')!);
  f.targets.pop();
  if (!b.closed) f.cleanupTo(f.scopes.length - 1);
  b.jump(head);
  b.place(leave);
  f.popScope();
  b.place(done);
}

function doStatement(f: FnLower, node: Node): void {
  const b = f.b;
  const body = b.newBlock();
  const test = b.newBlock();
  const done = b.newBlock();
  b.place(body);
  f.targets.push({ breakTo: done, continueTo: test, depth: f.scopes.length });
  lowerStatement(f, node.childForFieldName('body')!);
  f.targets.pop();
  b.place(test);
  const cond = node.childForFieldName('condition')!;
  b.stmt(f.nodePos(cond));
  branchOn(f, cond, body, done);
  b.place(done);
}

function forStatement(f: FnLower, node: Node): void {
  const b = f.b;
  f.pushScope();
  const init = node.childForFieldName('initializer');
  if (init) {
    b.stmt(f.nodePos(init));
    if (init.type === 'declaration') declaration(f, init);
    else fullExpr(f, init, (e) => discard(f, e));
  }
  const head = b.newBlock();
  const body = b.newBlock();
  const step = b.newBlock();
  const done = b.newBlock();
  b.place(head);
  const cond = node.childForFieldName('condition');
  if (cond) {
    b.stmt(f.nodePos(cond));
    branchOn(f, cond, body, done);
  }
  b.place(body);
  f.targets.push({ breakTo: done, continueTo: step, depth: f.scopes.length });
  lowerStatement(f, node.childForFieldName('body')!);
  f.targets.pop();
  b.place(step);
  const update = node.childForFieldName('update');
  if (update) {
    b.stmt(f.nodePos(update));
    fullExpr(f, update, (e) => discard(f, e));
  }
  b.jump(head);
  b.place(done);
  f.popScope();
}

// ---- switch --------------------------------------------------------------------------------------

function switchStatement(f: FnLower, node: Node): void {
  const b = f.b;
  f.pushScope();
  b.stmt(f.nodePos(node));
  const value = switchValue(f, node.childForFieldName('condition')!);
  const body = node.childForFieldName('body')!;
  const cases = caseLabelsOf(body);
  const done = b.newBlock();
  const blocks = cases.map(() => b.newBlock());
  let defaultBlock = done;
  cases.forEach((c, i) => {
    const v = c.childForFieldName('value');
    if (!v) {
      defaultBlock = blocks[i];
      return;
    }
    const k = caseValue(f, v);
    const next = b.newBlock();
    const kv = b.const(value.type, value.type === 'i64' ? BigInt(k) : k);
    b.branch(b.cmp('eq', value, kv), blocks[i], next);
    b.place(next);
  });
  b.jump(defaultBlock);
  f.targets.push({ breakTo: done, depth: f.scopes.length });
  withCaseLabels(f, cases, blocks, () => lowerStatement(f, body));
  f.targets.pop();
  b.place(done);
  f.popScope();
}

/** A case label's value: its expression's constant value, as the model typed it. */
function caseValue(f: FnLower, node: Node): number {
  const v = constantValue(f.requireExpr(node, 'case label'));
  if (v === undefined) unsupported(f.nodePos(node), 'this case label is not a constant the compiler can evaluate yet');
  return Number(v);
}

/** The value a switch compares: after its init-statement, of its expression or declared variable (a class object through its conversion function). */
function switchValue(f: FnLower, cond: Node): VReg {
  const inner = conditionValue(f, cond);
  if (inner.type === 'declaration') {
    declaration(f, inner);
    const d = localsOf(f, inner)[0].decl;
    return integerValue(f, { kind: 'name', type: d.type.kind === 'reference' ? d.type.referee : d.type, cat: 'lvalue', loc: d.loc, decl: d });
  }
  return fullExpr(f, inner, (e) => integerValue(f, e));
}

function integerValue(f: FnLower, e: Expr): VReg {
  const cls = classDeclOf(e.type);
  if (!cls) {
    if (!valueTypeOf(e.type)) unsupported(f.pos(e.loc), `a switch on a value of type '${e.type.kind}'`);
    return rvalue(f, e);
  }
  const conv = switchConversion(cls);
  if (!conv) return unsupported(f.pos(e.loc), 'a switch on a class value without exactly one conversion to an integer or enumeration type');
  return convertTo(f, undefined, e.type, conv.ret.kind === 'reference' ? conv.ret.referee : conv.ret, e.loc, e);
}

// ---- return --------------------------------------------------------------------------------------

/**
 * The local variable every `return` of a class-returning function names, if there is one (and no
 * return returns anything else): C++ compilers construct it directly in the caller's result.
 */
export function namedReturnValue(f: FnLower): VarDecl | undefined {
  const cls = classDeclOf(f.fn.ret);
  if (!cls || f.fn.ret.kind === 'reference' || !f.fn.body) return undefined;
  const returns: Node[] = [];
  const walk = (n: Node) => {
    if (n.type === 'return_statement') returns.push(n);
    else if (n.type !== 'lambda_expression' && n.type !== 'class_specifier' && n.type !== 'struct_specifier') n.namedChildren.forEach(walk);
  };
  walk(f.fn.body.node);
  let found: VarDecl | undefined;
  for (const r of returns) {
    const value = r.namedChildren.find((c) => c.type !== 'comment');
    const e = value && f.exprAt(value);
    const d = e?.kind === 'name' && e.decl?.kind === 'var' ? (e.decl as VarDecl) : undefined;
    if (!d || d.storage !== 'local' || d.type.kind === 'reference' || classDeclOf(d.type) !== cls || (found && found !== d)) return undefined;
    found = d;
  }
  return found;
}

function returnStatement(f: FnLower, node: Node): void {
  const value = node.namedChildren.find((c) => c.type !== 'comment');
  const fn = f.fn;
  if (value) {
    const cls = classDeclOf(fn.ret);
    if (cls && fn.ret.kind !== 'reference' && f.nrvo) {
      // the named return value already lives in the caller's result
    } else if (cls && fn.ret.kind !== 'reference') {
      fullExpr(f, value, (e) => f.m.objects.initFromExpr(f, { kind: 'reg', base: f.b.load('i32', f.sretSlot!, 'i32'), offset: 0 }, fn.ret, implicitMove(e, cls)));
    } else if (f.retValue) {
      const rv = f.retValue;
      fullExpr(f, value, (e) => {
        // a class operand converts through its conversion function (`return acc[i];` from a float function)
        const v = fn.ret.kind === 'reference' ? referenceTo(f, e, fn.ret.referee) : isClassType(e.type) ? convertTo(f, undefined, e.type, fn.ret, e.loc, e) : convertTo(f, rvalue(f, e), e.type, fn.ret, e.loc);
        f.b.copy(rv, v);
      });
    } else fullExpr(f, value, (e) => discard(f, e));
  }
  f.cleanupTo(0);
  f.b.jump(f.exit);
}

/**
 * `return x;` of a local object (or by-value parameter) of the returned class is first tried as an
 * rvalue ([class.copy.elision]/3): its move constructor when it has a usable one.
 */
function implicitMove(e: Expr, cls: ClassDecl): Expr {
  const local = e.kind === 'identifier' || e.kind === 'name';
  if (!local || e.cat !== 'lvalue' || e.decl?.kind !== 'var' || (e.decl.storage !== 'local' && e.decl.storage !== 'param') || e.decl.type.kind === 'reference') return e;
  if (classDeclOf(e.type) !== cls) return e;
  const movable = constructors(cls).some((c) => c.special === 'move-ctor' && !c.deleted);
  return movable ? { ...e, cat: 'xvalue' } : e;
}
