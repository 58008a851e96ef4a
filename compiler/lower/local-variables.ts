// Local variable definitions: the slot, the initialisation in the form written (`= e`, `(args)`,
// `{list}`, or default), and the destruction registered with the enclosing scope once the object
// is constructed. A reference bound to a temporary keeps it alive to the end of the reference's scope.
// Static locals are initialised on first pass (and destroyed at exit); references with static storage
// are bound here too.

import type { Initialiser } from '../../language';
import type { VarDecl, Expr, Type, WrittenInitialiser } from '../../language/model';
import { types } from '../../language';
import { offsetAddr, regAddr, symAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import { unsupported } from './errors';
import { passes, type Cleanup, type FnLower } from './function';
import { baseOffset, construct, defaultInit, initFromExpr, needsDestruction, pickConstructor, valueInit } from './objects';
import { referenceCompatible } from './calls';
import { referenceTo } from './expressions';
import { checkSupportedExpression } from './expression-guard';
import { classDeclOf } from './types';

export function initializeLocal(f: FnLower, decl: VarDecl, init: WrittenInitialiser | undefined): void {
  if (init) checkSupportedExpression(f, init.rejected);
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
 * threads on a core, so the guard is a plain byte (no __cxa_guard_acquire). An object with a
 * destructor is put on the exit list once built (lower/startup.ts); a reference bound to a temporary
 * gives the temporary static storage of its own.
 */
export function initializeStaticLocal(f: FnLower, decl: VarDecl, init: WrittenInitialiser | undefined): void {
  if (init) checkSupportedExpression(f, init.rejected);
  if (decl.type.kind === 'error') unsupported(decl.loc, `the type of '${decl.name}' could not be determined`);
  const t = completedType(f, decl.type, init);
  const ref = t.kind === 'reference';
  const { object, guard } = f.m.dynamicStaticLocal(decl, ref ? 4 : f.L.sizeOf(t), ref ? 4 : Math.max(f.L.alignOf(t), decl.align ?? 1));
  const slot = symAddr(object);
  f.locals.set(decl, { slot, type: t, indirect: ref });
  const b = f.b;
  const run = b.newBlock();
  const done = b.newBlock();
  b.branch(b.load('u8', symAddr(guard), 'i32'), done, run);
  b.place(run);
  if (t.kind === 'reference') {
    const args = init?.args ?? [];
    if (args.length !== 1) unsupported(decl.loc, `a reference must be initialised by exactly one expression`);
    bindStaticReference(f, slot, t, f.requireExpr(args[0], 'initialiser'), object);
  } else {
    initializeObject(f, decl, t, slot, init);
    passes.registerExit(f, object, t, decl.loc);
  }
  b.store('i8', b.const('i32', 1), symAddr(guard));
  b.jump(done);
  b.place(done);
}

/**
 * Binds a reference with static storage (a global, a static local) at `ref` to `e`: directly to an
 * lvalue, else to a temporary that gets static storage of its own (`<name>.temp`, destroyed at exit
 * after what was registered later).
 */
export function bindStaticReference(f: FnLower, ref: Address, t: Type & { kind: 'reference' }, e: Expr, name: string): void {
  const target = t.referee;
  if (e.cat !== 'prvalue' && referenceCompatible(e.type, target)) {
    f.fullExpression(() => f.b.store('i32', referenceTo(f, e, target), ref));
    return;
  }
  const own = classDeclOf(e.type);
  const wanted = classDeclOf(target);
  const tempType = own && wanted && e.cat === 'prvalue' && !e.list && own.isDerivedFrom(wanted) ? types.unqualified(e.type) : types.unqualified(target);
  const temp = `${name}.temp`;
  f.m.staticStorage(temp, f.L.sizeOf(tempType), f.L.alignOf(tempType));
  f.fullExpression(() => initFromExpr(f, symAddr(temp), tempType, e));
  const tempClass = classDeclOf(tempType);
  const offset = tempClass && wanted && tempClass !== wanted ? baseOffset(f, tempClass, wanted) : 0;
  f.b.store('i32', f.b.addr(symAddr(temp, offset)), ref);
  passes.registerExit(f, temp, tempType, e.loc);
}

/**
 * Whether a static local's initialiser reads a local variable or parameter: then it is dynamic even
 * when its value looks constant.
 */
export function readsLocals(init: WrittenInitialiser | undefined): boolean {
  return !!init && init.args.some((a) => !!a.expr && namesLocal(a.expr));
}

function namesLocal(e: Expr): boolean {
  if (e.decl?.kind === 'var' && (e.decl.storage === 'local' || e.decl.storage === 'param')) return true;
  if (e.operands?.some(namesLocal) || e.list?.some(namesLocal)) return true;
  return !!e.object && namesLocal(e.object);
}

/** Initialises the object at `slot` in the form its declaration writes (`= e`, `(args)`, `{list}`, or default). */
function initializeObject(f: FnLower, decl: VarDecl, t: Type, slot: Address, init: WrittenInitialiser | undefined): void {
  if (!init) {
    if (t.kind === 'reference') unsupported(decl.loc, 'a reference without an initialiser');
    f.fullExpression(() => defaultInit(f, slot, t, decl.loc));
    return;
  }
  checkSupportedExpression(f, init.rejected);
  const form = init.form === 'direct' ? 'direct' : 'copy';
  const args = init.args.map((c) => f.requireExpr(c, 'initialiser'));
  f.fullExpression(() => {
    initializeFrom(f, slot, t, { form, args, loc: decl.loc, errors: [] }, decl.name);
    if (t.kind === 'reference') extendBound(f);
  });
}

/**
 * Initialises the object of type `t` at `slot` from an analysed initialiser (inside the caller's
 * full-expression): `(args)` picks a constructor of a class, `= e` and `{…}` initialise from the value.
 */
export function initializeFrom(f: FnLower, slot: Address, t: Type, init: Initialiser, name: string): void {
  const args = init.args;
  if (init.form !== 'direct') return initFromExpr(f, slot, t, args[0]);
  const cls = classDeclOf(t);
  if (cls && t.kind !== 'reference' && !(args.length === 1 && classDeclOf(args[0].type) === cls && args[0].cat === 'prvalue')) {
    construct(f, slot, cls, pickConstructor(cls, args, init.loc), args, init.loc);
  } else if (args.length === 1) initFromExpr(f, slot, t, args[0]);
  else if (args.length === 0) valueInit(f, slot, t, init.loc);
  else unsupported(init.loc, `initialising '${name}' from ${args.length} values`);
}

/** An array declared without a length takes it from its initialiser (`int a[] = {1, 2}`, `char s[] = "ab"`). */
function completedType(f: FnLower, t: Type, init: WrittenInitialiser | undefined): Type {
  if (t.kind !== 'array' || t.length !== undefined || !init) return t;
  const e = init.whole;
  if (e?.list) return { ...t, length: e.list.length };
  const s = e && types.unqualified(e.type);
  if (s?.kind === 'array' && s.length !== undefined) return { ...t, length: s.length };
  return unsupported(f.pos(init.loc), 'cannot work out the length of this array');
}

/** The temporary a reference is bound to (the last one materialised) lives as long as the reference. */
function extendBound(f: FnLower): void {
  const temps = f.temporaries;
  if (!temps?.length) return;
  // an array's elements are temporaries of their own, in one slot: all of them are extended, in order
  const group = [temps.pop()!];
  const slotOf = (c: Cleanup) => (c.addr.kind === 'slot' ? c.addr.slot : undefined);
  while (temps.length && slotOf(group[0]) && slotOf(temps[temps.length - 1]) === slotOf(group[0])) group.unshift(temps.pop()!);
  for (const c of group) f.addCleanup(c);
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
