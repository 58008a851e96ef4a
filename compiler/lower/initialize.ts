// Local variable definitions: the slot, the initialisation in the form written (`= e`, `(args)`,
// `{list}`, or default), and the destruction registered with the enclosing scope once the object
// is constructed. A reference bound to a temporary keeps it alive to the end of the reference's scope.

import type { SyntaxNode as Node } from '../../language/parse/syntax-node';
import type { VarDecl } from '../../language/sema/decls';
import type { Expr } from '../../language/sema/expr';
import { types } from '../../language';
import type { Type } from '../../language/sema/types';
import { offsetAddr, regAddr, symAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import { unsupported } from './errors';
import type { FnLower } from './function';
import { construct, defaultInit, initFromExpr, needsDestruction, pickConstructor } from './objects';
import { checkSupportedSyntax } from './syntax-guard';
import { classDeclOf } from './types';

export function initializeLocal(f: FnLower, decl: VarDecl, init: Node | undefined): void {
  if (init) checkSupportedSyntax(f, init);
  if (decl.type.kind === 'error') unsupported(decl.loc, `the type of '${decl.name}' could not be determined`);
  const t = completedType(f, decl.type, init);
  const local = f.declareLocal(decl, t);
  // the named return value is built in the caller's result, which its slot points to
  const v = decl === f.nrvo ? { ...local, slot: regAddr(f.b.load('i32', local.slot, 'i32')) } : local;
  initializeObject(f, decl, t, v.slot, init);
  if (decl !== f.nrvo) registerDestruction(f, v.slot, t);
}

/**
 * A static local whose initialiser is not constant data: storage and a guard byte in .bss; the
 * initialiser runs the first time control passes the declaration, then the guard is set. There are no
 * threads on a core, so the guard is a plain byte (no __cxa_guard_acquire). Objects with destructors
 * would need code at exit and are rejected; so is a reference bound to a temporary (it would need
 * static storage for the temporary).
 */
export function initializeStaticLocal(f: FnLower, decl: VarDecl, init: Node | undefined): void {
  if (init) checkSupportedSyntax(f, init);
  if (decl.type.kind === 'error') unsupported(decl.loc, `the type of '${decl.name}' could not be determined`);
  const t = completedType(f, decl.type, init);
  if (hasDestructor(t)) unsupported(decl.loc, `static local '${decl.name}' has a destructor, which would need code run at exit (not supported yet)`);
  if (t.kind === 'reference') {
    const e = init && init.type !== 'argument_list' ? f.exprAt(init) : undefined;
    if (!e || e.cat === 'prvalue') unsupported(decl.loc, `static reference '${decl.name}' bound to a temporary is not supported yet`);
  }
  const ref = t.kind === 'reference';
  const { object, guard } = f.m.dynamicStaticLocal(decl, ref ? 4 : f.L.sizeOf(t), ref ? 4 : f.L.alignOf(t));
  const slot = symAddr(object);
  f.locals.set(decl, { slot, type: t, indirect: ref });
  const b = f.b;
  const run = b.newBlock();
  const done = b.newBlock();
  b.branch(b.load('u8', symAddr(guard), 'i32'), done, run);
  b.place(run);
  initializeObject(f, decl, t, slot, init);
  b.store('i8', b.const('i32', 1), symAddr(guard));
  b.jump(done);
  b.place(done);
}

/**
 * Whether a static local's initialiser reads a local variable or parameter: then it is dynamic even
 * when its syntax looks constant (the syntax evaluator resolves names at namespace scope only).
 */
export function readsLocals(f: FnLower, init: Node | undefined): boolean {
  if (!init) return false;
  const nodes = init.type === 'argument_list' ? init.namedChildren.filter((c) => c.type !== 'comment') : [init];
  return nodes.some((n) => {
    const e = f.exprAt(n);
    return !!e && namesLocal(e);
  });
}

function namesLocal(e: Expr): boolean {
  if (e.decl?.kind === 'var' && (e.decl.storage === 'local' || e.decl.storage === 'param')) return true;
  if (e.operands?.some(namesLocal) || e.list?.some(namesLocal)) return true;
  return !!e.object && namesLocal(e.object);
}

/** Whether an object of type `t` (or an element or member of it) has a destructor to run. */
function hasDestructor(t: Type): boolean {
  const u = types.unqualified(t);
  if (t.kind === 'reference') return false;
  if (u.kind === 'array') return hasDestructor(u.element);
  const cls = classDeclOf(u);
  return !!cls && needsDestruction(cls);
}

/** Initialises the object at `slot` in the form its declaration writes (`= e`, `(args)`, `{list}`, or default). */
function initializeObject(f: FnLower, decl: VarDecl, t: Type, slot: Address, init: Node | undefined): void {
  const v = { slot };
  if (!init) {
    if (t.kind === 'reference') unsupported(decl.loc, 'a reference without an initialiser');
    f.fullExpression(() => defaultInit(f, v.slot, t, decl.loc));
  } else if (init.type === 'argument_list') {
    checkSupportedSyntax(f, init);
    const args = init.namedChildren.filter((c) => c.type !== 'comment').map((c) => f.requireExpr(c, 'initialiser'));
    f.fullExpression(() => {
      const cls = classDeclOf(t);
      if (cls && t.kind !== 'reference' && !(args.length === 1 && classDeclOf(args[0].type) === cls && args[0].cat === 'prvalue')) {
        construct(f, v.slot, cls, pickConstructor(cls, args, decl.loc), args, decl.loc);
      } else if (args.length === 1) {
        initFromExpr(f, v.slot, t, args[0]);
        if (t.kind === 'reference') extendBound(f);
      } else unsupported(decl.loc, `initialising '${decl.name}' from ${args.length} values`);
    });
  } else {
    checkSupportedSyntax(f, init);
    const e = f.requireExpr(init, 'initialiser');
    f.fullExpression(() => {
      initFromExpr(f, v.slot, t, e);
      if (t.kind === 'reference') extendBound(f);
    });
  }
}

/** An array declared without a length takes it from its initialiser (`int a[] = {1, 2}`, `char s[] = "ab"`). */
function completedType(f: FnLower, t: Type, init: Node | undefined): Type {
  if (t.kind !== 'array' || t.length !== undefined || !init) return t;
  const e = f.exprAt(init);
  if (e?.list) return { ...t, length: e.list.length };
  const s = e && types.unqualified(e.type);
  if (s?.kind === 'array' && s.length !== undefined) return { ...t, length: s.length };
  return unsupported(f.nodePos(init), 'cannot work out the length of this array');
}

/** The temporary a reference is bound to (the last one materialised) lives as long as the reference. */
function extendBound(f: FnLower): void {
  const temps = f.temporaries;
  if (!temps?.length) return;
  const last = temps.pop()!;
  f.addCleanup(last);
}

function registerDestruction(f: FnLower, addr: Address, t: Type): void {
  const u = types.unqualified(t);
  if (t.kind === 'reference') return;
  if (u.kind === 'array') {
    const size = f.L.sizeOf(u.element);
    for (let i = 0; i < (u.length ?? 0); i++) registerDestruction(f, offsetAddr(addr, i * size), u.element);
    return;
  }
  const cls = classDeclOf(u);
  if (cls && needsDestruction(cls)) f.addCleanup({ addr, cls });
}
