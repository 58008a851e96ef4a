// Statement lowering: walks the body's typed statement tree (language/model/statements.ts, built by the
// front-end) and builds blocks for every kind of control flow; scopes destroy their objects on every
// exit path (end of block, break, continue, return, goto — see jumps.ts, which also places case labels
// anywhere in their switch's body).

import type { Initialiser } from '../../language';
import type { Expr, ClassDecl, VarDecl, Type, Stmt, DeclStmt, Condition, FullExpr, IfStmt, WhileStmt, DoStmt, ForStmt, SwitchStmt, CaseStmt, ReturnStmt, WrittenInitialiser } from '../../language/model';
import { unsupported } from './errors';
import { condition, discard, referenceTo, rvalue } from './expressions';
import { convertTo } from './conversions';
import { passes, type Cleanup, type FnLower } from './function';
import { symAddr } from '../ir/builder';
import { initializeLocal, initializeStaticLocal, readsLocals } from './local-variables';
import { checkSupportedExpression } from './expression-guard';
import { rangeForStatement } from './range-for';
import { classDeclOf, isClassType, valueTypeOf } from './types';
import { constructors } from './objects';
import { gotoStatement, placeCaseLabel, placeLabel, withCaseLabels } from './jumps';
import type { VReg } from '../ir/ir';
import { bindingDeclaration } from './bindings';

export function lowerStatement(f: FnLower, s: Stmt): void {
  switch (s.kind) {
    case 'block':
      f.pushScope();
      for (const c of s.body) lowerStatement(f, c);
      f.popScope();
      return;
    case 'expr':
      f.b.stmt(f.pos(s.loc));
      fullExpr(f, s.value, (x) => discard(f, x));
      return;
    case 'decl':
      f.b.stmt(f.pos(s.loc));
      declaration(f, s);
      return;
    case 'if':
      return ifStatement(f, s);
    case 'while':
      return whileStatement(f, s);
    case 'do':
      return doStatement(f, s);
    case 'for':
      return forStatement(f, s);
    case 'switch':
      return switchStatement(f, s);
    case 'return':
      f.b.stmt(f.pos(s.loc));
      return returnStatement(f, s);
    case 'break': {
      f.b.stmt(f.pos(s.loc));
      const t = f.targets[f.targets.length - 1];
      if (!t) unsupported(f.pos(s.loc), "'break' outside a loop or switch");
      f.cleanupTo(t.depth);
      f.b.jump(t.breakTo);
      return;
    }
    case 'continue': {
      f.b.stmt(f.pos(s.loc));
      const t = [...f.targets].reverse().find((x) => x.continueTo);
      if (!t) unsupported(f.pos(s.loc), "'continue' outside a loop");
      f.cleanupTo(t.depth);
      f.b.jump(t.continueTo!);
      return;
    }
    case 'empty':
      return;
    case 'case':
      placeCaseLabel(f, s);
      for (const c of s.body) lowerStatement(f, c);
      return;
    case 'label':
      placeLabel(f, s);
      for (const c of s.body) lowerStatement(f, c);
      return;
    case 'goto':
      return gotoStatement(f, s);
    case 'range-for':
      return rangeForStatement(f, s, lowerStatement);
    case 'unsupported':
      unsupported(f.pos(s.loc), `unsupported statement (${s.what})`);
  }
}

/** Lowers the full-expression `x` with `run`, destroying its temporaries at the end. */
function fullExpr<T>(f: FnLower, x: FullExpr, run: (e: Expr) => T): T {
  checkSupportedExpression(f, x.rejected);
  const e = f.requireExpr(x);
  return f.fullExpression(() => run(e));
}

// ---- declarations --------------------------------------------------------------------------------

function declaration(f: FnLower, s: DeclStmt): void {
  for (const item of s.items) {
    switch (item.kind) {
      case 'unanalysed':
        return unsupported(f.pos(item.loc), 'this declaration was not analysed; it cannot be compiled');
      case 'binding':
        bindingDeclaration(f, item.binding, item.init);
        break;
      case 'local':
        initializeLocal(f, item.decl, item.init);
        break;
      case 'static': {
        // a static local is a global with a function-local name: constant data when its initialiser is a
        // constant, else initialised the first time control passes here (behind a guard)
        const typed = analysedInitialiser(f, item.init);
        const data = readsLocals(item.init) || typed === 'unanalysed' ? undefined : f.m.staticLocal(item.decl, typed);
        if (data) f.locals.set(item.decl, { slot: symAddr(data), type: item.decl.type, indirect: false });
        else initializeStaticLocal(f, item.decl, item.init);
        break;
      }
    }
  }
}

/** A declaration's initialiser as the body analysed it ('unanalysed' when a part of it was not). */
function analysedInitialiser(f: FnLower, init: WrittenInitialiser | undefined): Initialiser | undefined | 'unanalysed' {
  if (!init) return undefined;
  const args = init.args.map((a) => a.expr);
  if (!args.every((e) => e !== undefined)) return 'unanalysed';
  return { form: init.form, args: args as Expr[], loc: init.loc, errors: [] };
}

// ---- conditions ----------------------------------------------------------------------------------

/** Branches on a condition (an expression or a declaration). */
function branchOn(f: FnLower, cond: Condition, then: ReturnType<FnLower['b']['newBlock']>, otherwise: ReturnType<FnLower['b']['newBlock']>): void {
  const inner = conditionValue(f, cond);
  if ('stmt' in inner) {
    declaration(f, inner.stmt);
    const v = conditionVariable(f, inner.variable, cond);
    const name: Expr = { kind: 'name', type: v.type.kind === 'reference' ? v.type.referee : v.type, cat: 'lvalue', loc: v.loc, decl: v };
    const bool: Type = { kind: 'builtin', name: 'bool' };
    const bv = classDeclOf(name.type) ? convertTo(f, undefined, name.type, bool, name.loc, name) : convertTo(f, rvalue(f, name), v.type, bool, v.loc);
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

function conditionVariable(f: FnLower, v: VarDecl | undefined, cond: Condition): VarDecl {
  return v ?? unsupported(f.pos(cond.loc), 'the variable this condition declares was not analysed; it cannot be compiled');
}

/** Lowers a condition's init-statement (`if (int n = f(); n > 2)`), if any; returns the condition proper. */
function conditionValue(f: FnLower, cond: Condition): FullExpr | { stmt: DeclStmt; variable?: VarDecl } {
  for (const c of cond.init) lowerStatement(f, c);
  const inner = cond.decl ?? cond.value;
  if (!inner) unsupported(f.pos(cond.loc), 'empty condition');
  return inner;
}

function ifStatement(f: FnLower, s: IfStmt): void {
  const b = f.b;
  f.pushScope();
  b.stmt(f.pos(s.loc));
  const then = b.newBlock();
  const join = b.newBlock();
  const alt = s.otherwise;
  const otherwise = alt ? b.newBlock() : join;
  branchOn(f, s.cond, then, otherwise);
  b.place(then);
  lowerStatement(f, s.then);
  if (alt) {
    b.jump(join);
    b.place(otherwise);
    lowerStatement(f, alt);
  }
  b.place(join);
  f.popScope();
}

function whileStatement(f: FnLower, s: WhileStmt): void {
  const b = f.b;
  const head = b.newBlock();
  const body = b.newBlock();
  const done = b.newBlock();
  const leave = b.newBlock();
  b.place(head);
  f.pushScope(); // a condition's variable, destroyed after each iteration and when the loop ends
  b.stmt(f.pos(s.cond.loc));
  branchOn(f, s.cond, body, leave);
  b.place(body);
  f.targets.push({ breakTo: done, continueTo: head, depth: f.scopes.length - 1 });
  lowerStatement(f, s.body);
  f.targets.pop();
  if (!b.closed) f.cleanupTo(f.scopes.length - 1);
  b.jump(head);
  b.place(leave);
  f.popScope();
  b.place(done);
}

function doStatement(f: FnLower, s: DoStmt): void {
  const b = f.b;
  const body = b.newBlock();
  const test = b.newBlock();
  const done = b.newBlock();
  b.place(body);
  f.targets.push({ breakTo: done, continueTo: test, depth: f.scopes.length });
  lowerStatement(f, s.body);
  f.targets.pop();
  b.place(test);
  b.stmt(f.pos(s.cond.loc));
  branchOn(f, s.cond, body, done);
  b.place(done);
}

function forStatement(f: FnLower, s: ForStmt): void {
  const b = f.b;
  f.pushScope();
  if (s.init) lowerStatement(f, s.init);
  const head = b.newBlock();
  const body = b.newBlock();
  const step = b.newBlock();
  const done = b.newBlock();
  b.place(head);
  if (s.cond) {
    b.stmt(f.pos(s.cond.loc));
    branchOn(f, s.cond, body, done);
  }
  b.place(body);
  f.targets.push({ breakTo: done, continueTo: step, depth: f.scopes.length });
  lowerStatement(f, s.body);
  f.targets.pop();
  b.place(step);
  if (s.update) {
    b.stmt(f.pos(s.update.loc));
    fullExpr(f, s.update, (e) => discard(f, e));
  }
  b.jump(head);
  b.place(done);
  f.popScope();
}

// ---- switch --------------------------------------------------------------------------------------

function switchStatement(f: FnLower, s: SwitchStmt): void {
  const b = f.b;
  f.pushScope();
  b.stmt(f.pos(s.loc));
  const value = switchValue(f, s);
  const cases = s.cases;
  const done = b.newBlock();
  const blocks = cases.map(() => b.newBlock());
  let defaultBlock = done;
  cases.forEach((c, i) => {
    if (!c.value) {
      defaultBlock = blocks[i];
      return;
    }
    const k = caseValue(f, c);
    const next = b.newBlock();
    const kv = b.const(value.type, value.type === 'i64' ? BigInt(k) : k);
    b.branch(b.cmp('eq', value, kv), blocks[i], next);
    b.place(next);
  });
  b.jump(defaultBlock);
  f.targets.push({ breakTo: done, depth: f.scopes.length });
  withCaseLabels(f, cases, blocks, () => lowerStatement(f, s.body));
  f.targets.pop();
  b.place(done);
  f.popScope();
}

/** A case label's value: the constant the front-end folded from its typed expression. */
function caseValue(f: FnLower, c: CaseStmt): number {
  const x = c.value!;
  f.requireExpr(x, 'case label');
  if (c.constant === undefined) unsupported(f.pos(x.loc), 'this case label is not a constant the compiler can evaluate yet');
  return Number(c.constant);
}

/** The value a switch compares: after its init-statement, of its expression or declared variable (a class object through its conversion function). */
function switchValue(f: FnLower, s: SwitchStmt): VReg {
  const cond = s.cond;
  const inner = conditionValue(f, cond);
  if ('stmt' in inner) {
    declaration(f, inner.stmt);
    const d = conditionVariable(f, inner.variable, cond);
    return integerValue(f, s, { kind: 'name', type: d.type.kind === 'reference' ? d.type.referee : d.type, cat: 'lvalue', loc: d.loc, decl: d });
  }
  return fullExpr(f, inner, (e) => integerValue(f, s, e));
}

function integerValue(f: FnLower, s: SwitchStmt, e: Expr): VReg {
  const cls = classDeclOf(e.type);
  if (!cls) {
    if (!valueTypeOf(e.type)) unsupported(f.pos(e.loc), `a switch on a value of type '${e.type.kind}'`);
    return rvalue(f, e);
  }
  const conv = s.conversion;
  if (!conv) return unsupported(f.pos(e.loc), 'a switch on a class value without exactly one conversion to an integer or enumeration type');
  return convertTo(f, undefined, e.type, conv.ret.kind === 'reference' ? conv.ret.referee : conv.ret, e.loc, e);
}

// ---- return --------------------------------------------------------------------------------------

/** The return statements of a statement tree (a lambda's or a local class's bodies are not in it). */
function returnsIn(s: Stmt | undefined, out: ReturnStmt[] = []): ReturnStmt[] {
  if (!s) return out;
  switch (s.kind) {
    case 'return':
      out.push(s);
      break;
    case 'block':
    case 'case':
    case 'label':
      for (const c of s.body) returnsIn(c, out);
      break;
    case 'if':
      returnsIn(s.then, out);
      returnsIn(s.otherwise, out);
      break;
    case 'switch':
    case 'while':
    case 'do':
    case 'for':
    case 'range-for':
      returnsIn(s.body, out);
      break;
  }
  return out;
}

/**
 * The local variable every `return` of a class-returning function names, if there is one (and no
 * return returns anything else): C++ compilers construct it directly in the caller's result.
 */
export function namedReturnValue(f: FnLower): VarDecl | undefined {
  const cls = classDeclOf(f.fn.ret);
  if (!cls || f.fn.ret.kind === 'reference' || !f.body.statement) return undefined;
  let found: VarDecl | undefined;
  for (const r of returnsIn(f.body.statement)) {
    const e = r.value?.expr;
    const d = e?.kind === 'name' && e.decl?.kind === 'var' ? (e.decl as VarDecl) : undefined;
    if (!d || d.storage !== 'local' || d.type.kind === 'reference' || classDeclOf(d.type) !== cls || (found && found !== d)) return undefined;
    found = d;
  }
  return found;
}

function returnStatement(f: FnLower, s: ReturnStmt): void {
  const value = s.value;
  const fn = f.fn;
  if (value) {
    const cls = classDeclOf(fn.ret);
    if (cls && fn.ret.kind !== 'reference' && f.nrvo) {
      // the named return value already lives in the caller's result
    } else if (cls && fn.ret.kind !== 'reference') {
      fullExpr(f, value, (e) => passes.initFromExpr(f, { kind: 'reg', base: f.b.load('i32', f.sretSlot!, 'i32'), offset: 0 }, fn.ret, implicitMove(e, cls)));
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
