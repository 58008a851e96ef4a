// Class objects: initialisation from an expression (copy elision for prvalues, copy/move and
// converting constructors, std::initializer_list, aggregates and unions from brace lists, arrays
// element by element), default and value initialisation, destruction (user destructors, then members
// in reverse, then the base), and the constructor choice the model checks but does not record.
// Copies are in copies.ts; what constructor and destructor bodies get added, in class-bodies.ts.

import { buildClosure } from './lambdas';
import { isClosure } from './closure-fields';
import { types, compilerDefined, ignoredByOverloadResolution } from '../../language';
import { isCompleteClass, Loc, type ClassDecl, type FunctionDecl } from '../../language/model';
import type { Expr, Type } from '../../language/model';
import { offsetAddr, slotAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import { setVptr } from './vtables';
import { defaultBitFieldInit, hasBitFields, initBitField } from './bitfields';
import { classDelta } from './base-conversions';
import { callWithThis, lowerCall, passArgument } from './calls';
import { convertTo } from './conversions';
import { unsupported } from './errors';
import { lvalue, rvalue, discard, lowerConditional } from './expressions';
import { passes, type FnLower } from './function';
import { stringLiteralBytes } from './strings';
import { classDeclOf, commonType, isClassType, memTypeOf, valueTypeOf, intBits, isFloatType } from './types';

const { unqualified, nonReference } = types;

// ---- queries ----------------------------------------------------------------------------------------

const destructionCache = new WeakMap<ClassDecl, boolean>();

/** The class, a base or a member (or array element) has a user-provided destructor. */
export function needsDestruction(cls: ClassDecl): boolean {
  let r = destructionCache.get(cls);
  if (r !== undefined) return r;
  destructionCache.set(cls, false);
  isCompleteClass(cls);
  r = !!userDestructor(cls) || (!!cls.base && needsDestruction(cls.base)) || cls.fields.some((fd) => typeNeedsDestruction(fd.type));
  destructionCache.set(cls, r);
  return r;
}

function typeNeedsDestruction(t: Type): boolean {
  const u = unqualified(t);
  if (u.kind === 'array') return typeNeedsDestruction(u.element);
  return u.kind === 'class' && needsDestruction(u.decl);
}

function specialMembers(cls: ClassDecl, role: 'constructor' | 'destructor'): FunctionDecl[] {
  const name = role === 'destructor' ? `~${cls.templateInfo ? cls.templateInfo.template.name : cls.name}` : cls.templateInfo ? cls.templateInfo.template.name : cls.name;
  const all = [...(cls.scope.members.get(name) ?? [])].filter((d): d is FunctionDecl => d.kind === 'function' && d.role === role);
  if (role === 'destructor' && !all.length) {
    for (const ds of cls.scope.members.values()) for (const d of ds) if (d.kind === 'function' && d.role === 'destructor') all.push(d);
  }
  return all;
}

function userDestructor(cls: ClassDecl): FunctionDecl | undefined {
  return specialMembers(cls, 'destructor').find((d) => !compilerDefined(d));
}

/** The constructors of a class (user-declared and implicit). */
export function constructors(cls: ClassDecl): FunctionDecl[] {
  isCompleteClass(cls);
  return specialMembers(cls, 'constructor');
}

/** Offset of the `base` subobject inside a `derived` object. */
export function baseOffset(f: FnLower, derived: ClassDecl, base: ClassDecl): number {
  let off = 0;
  for (let c: ClassDecl | undefined = derived; c && c !== base; c = c.base) {
    const l = f.m.model.layoutOf(c);
    if (!l?.base) unsupported(derived.loc, `internal: no base layout for '${c.displayName()}'`);
    off += l.base.offset;
  }
  return off;
}

// ---- constructor choice -----------------------------------------------------------------------------

const NO_MATCH = 1000;

/** How well argument `a` matches parameter type `p` (0 exact … NO_MATCH impossible). */
function matchCost(a: Expr, p: Type): number {
  const target = unqualified(nonReference(p));
  if (a.list) return isClassType(target) || target.kind === 'array' ? 3 : a.list.length <= 1 ? 2 : NO_MATCH;
  const src = unqualified(a.type);
  if (p.kind === 'reference') {
    const related = types.sameType(src, target, true) || (src.kind === 'class' && target.kind === 'class' && src.decl.isDerivedFrom(target.decl));
    if (related) {
      if (p.rvalue) return a.cat === 'lvalue' ? NO_MATCH : 0;
      if (!p.referee.const && (a.cat !== 'lvalue' || src.const)) return NO_MATCH;
      return a.cat === 'lvalue' ? 0 : 1;
    }
    if (!p.referee.const && !p.rvalue) return NO_MATCH;
  }
  if (types.sameType(src, target, true)) return 0;
  if (target.kind === 'class') return src.kind === 'class' && src.decl.isDerivedFrom(target.decl) ? 2 : 4;
  if (src.kind === 'class') return 4;
  const sArith = intBits(src) !== undefined || isFloatType(src) || src.kind === 'enum';
  const tArith = intBits(target) !== undefined || isFloatType(target);
  if (sArith && tArith) return types.sameType(commonType(src, src), target, true) ? 1 : 2;
  if (target.kind === 'pointer' && (src.kind === 'pointer' || src.kind === 'array' || a.nullPointerConstant || (src.kind === 'builtin' && src.name === 'nullptr_t'))) return 2;
  if (target.kind === 'builtin' && target.name === 'bool' && (src.kind === 'pointer' || sArith)) return 2;
  return NO_MATCH;
}

/** The constructor overload resolution would pick for these arguments (clear cases only). */
export function pickConstructor(cls: ClassDecl, args: Expr[], at: Loc): FunctionDecl {
  const scored = constructors(cls)
    .filter((c) => !ignoredByOverloadResolution(c))
    .filter((c) => args.length <= c.params.length && args.length >= c.params.filter((p) => !p.defaultNode).length)
    .map((c) => ({ c, costs: args.map((a, i) => matchCost(a, c.params[i].type)) }))
    .filter((s) => s.costs.every((k) => k < NO_MATCH));
  if (!scored.length) unsupported(at, `no constructor of '${cls.displayName()}' takes these ${args.length} argument(s)`);
  const better = (x: number[], y: number[]) => x.every((k, i) => k <= y[i]) && x.some((k, i) => k < y[i]);
  const best = scored.filter((s) => !scored.some((o) => o !== s && better(o.costs, s.costs)));
  if (best.length !== 1) unsupported(at, `cannot choose among the constructors of '${cls.displayName()}' for these arguments`);
  if (best[0].c.deleted) unsupported(at, `use of a deleted constructor of '${cls.displayName()}'`);
  return best[0].c;
}

// ---- initialisation ---------------------------------------------------------------------------------

/** Initialises the object of type `t` at `addr` from `e` (copy-initialisation; prvalues elided). */
export function initFromExpr(f: FnLower, addr: Address, t: Type, e: Expr): void {
  const u = unqualified(t);
  if (t.kind === 'reference') {
    f.b.store('i32', passArgument(f, e, t), addr);
    return;
  }
  if (u.kind === 'array') return initArray(f, addr, u, e);
  const cls = classDeclOf(u);
  if (!cls) {
    if (e.list) {
      const list = e.list;
      if (list.length === 0) f.b.store(memTypeOf(u), f.b.const(valueTypeOf(u)!, valueTypeOf(u) === 'i64' ? 0n : 0), addr);
      else f.b.store(memTypeOf(u), convertTo(f, isClassType(list[0].type) ? undefined : rvalue(f, list[0]), list[0].type, u, list[0].loc, list[0]), addr);
      return;
    }
    const v = isClassType(e.type) ? convertTo(f, undefined, e.type, u, e.loc, e) : convertTo(f, rvalue(f, e), e.type, u, e.loc);
    f.b.store(memTypeOf(u), v, addr);
    return;
  }
  if (e.list) {
    const element = initializerListElement(u);
    if (element) return initializerList(f, addr, cls, element, e.list);
    return listInit(f, addr, cls, e.list, e.loc, e);
  }
  const src = classDeclOf(e.type);
  if (src === cls && e.cat === 'prvalue') return buildInto(f, addr, cls, e);
  // a closure declares no constructors: its copy is the implicit one
  if (src === cls && isClosure(cls)) return passes.copyObject(f, addr, cls, lvalue(f, e), e.loc);
  if (src && (src === cls || src.isDerivedFrom(cls))) {
    const ctor = pickConstructor(cls, [e], e.loc);
    return construct(f, addr, cls, ctor, [e], e.loc);
  }
  // a converting constructor
  construct(f, addr, cls, pickConstructor(cls, [e], e.loc), [e], e.loc);
}

/** A class prvalue built directly in place. */
function buildInto(f: FnLower, addr: Address, cls: ClassDecl, e: Expr): void {
  switch (e.kind) {
    case 'call':
    case 'indirect-call':
    case 'user-conversion':
      lowerCall(f, e, addr);
      return;
    case 'comma':
      discard(f, e.operands![0]);
      return initFromExpr(f, addr, types.classType(cls), e.operands![1]);
    case 'construct': {
      const args = e.operands ?? [];
      if (!e.callee) return listInit(f, addr, cls, args, e.loc);
      if (args.length === 1 && args[0].list && initializerListElement(e.callee.params[0]?.type ?? types.VOID)) return construct(f, addr, cls, e.callee, args, e.loc);
      return construct(f, addr, cls, e.callee, args, e.loc);
    }
    case 'conditional':
      return lowerConditional(f, e, (x) => initFromExpr(f, addr, types.classType(cls), x));
    case 'cast':
      return initFromExpr(f, addr, types.classType(cls), e.operands![0]);
    case 'lambda':
      return buildClosure(f, addr, cls, e.loc);
  }
  unsupported(e.loc, `a class value of this kind (${e.kind}) is not supported yet`);
}

/** Runs constructor `ctor` (user or implicit) on the object at `addr`. */
export function construct(f: FnLower, addr: Address, cls: ClassDecl, ctor: FunctionDecl, args: Expr[], at: Loc): void {
  if (compilerDefined(ctor)) {
    if (args.length === 0) return defaultInitMembers(f, addr, cls, at);
    const src = args[0];
    return passes.copyObject(f, addr, cls, offsetAddr(lvalue(f, src), classDelta(f, classDeclOf(src.type), cls)), at, ctor.special === 'move-ctor');
  }
  callWithThis(f, ctor, f.b.addr(addr), args, at);
}

/** Default initialisation of an object of type `t` (class: default constructor; scalars: left alone). */
export function defaultInit(f: FnLower, addr: Address, t: Type, at: Loc): void {
  const u = unqualified(t);
  if (u.kind === 'array') {
    if (!typeNeedsInit(u.element)) return;
    const n = u.length ?? 0;
    const size = f.L.sizeOf(u.element);
    for (let i = 0; i < n; i++) defaultInit(f, offsetAddr(addr, i * size), u.element, at);
    return;
  }
  const cls = classDeclOf(u);
  if (!cls) return;
  construct(f, addr, cls, pickConstructor(cls, [], at), [], at);
}

function typeNeedsInit(t: Type): boolean {
  const u = unqualified(t);
  if (u.kind === 'array') return typeNeedsInit(u.element);
  return u.kind === 'class';
}

/** What an implicit default constructor does: bases and class members default-constructed. */
function defaultInitMembers(f: FnLower, addr: Address, cls: ClassDecl, at: Loc): void {
  if (cls.base) defaultInit(f, offsetAddr(addr, baseOffset(f, cls, cls.base)), types.classType(cls.base), at);
  setVptr(f, addr, cls);
  for (const fd of cls.fields) {
    const at2 = offsetAddr(addr, f.L.fieldOffset(cls, fd.name));
    if (!passes.defaultMemberInit(f, at2, fd)) defaultInit(f, at2, fd.type, at);
  }
}

/** E when `t` is std::initializer_list<E>. */
function initializerListElement(t: Type): Type | undefined {
  const u = unqualified(nonReference(t));
  if (u.kind !== 'class' || u.decl.templateInfo?.template.qualifiedName !== 'std::initializer_list') return undefined;
  const a = u.decl.templateInfo.args[0];
  return a?.kind === 'type' ? a.type : undefined;
}

/** A std::initializer_list<E> over a backing array of the list's elements (a temporary like the list). */
function initializerList(f: FnLower, addr: Address, cls: ClassDecl, element: Type, items: Expr[]): void {
  const size = f.L.sizeOf(element);
  const backing = slotAddr(f.b.slot(Math.max(size * items.length, 1), f.L.alignOf(element), '.init_list'));
  items.forEach((x, i) => initFromExpr(f, offsetAddr(backing, i * size), element, x));
  if (cls.fields.length !== 2) unsupported(cls.loc, 'internal: unexpected std::initializer_list layout');
  f.b.store('i32', f.b.addr(backing), offsetAddr(addr, f.L.fieldOffset(cls, cls.fields[0].name)));
  f.b.store('i32', f.b.const('i32', items.length), offsetAddr(addr, f.L.fieldOffset(cls, cls.fields[1].name)));
}

/** Brace initialisation: an initializer_list constructor, an aggregate member by member, or a constructor. */
function listInit(f: FnLower, addr: Address, cls: ClassDecl, list: Expr[], at: Loc, whole?: Expr): void {
  const listCtor = whole && constructors(cls).find((c) => c.params.length >= 1 && initializerListElement(c.params[0].type) && c.params.slice(1).every((p) => p.defaultNode));
  if (listCtor && whole) return construct(f, addr, cls, listCtor, [whole], at);
  const aggregate = !cls.hasUserConstructor && !cls.polymorphic;
  if (!aggregate) {
    const ctor = pickConstructor(cls, list, at);
    return construct(f, addr, cls, ctor, list, at);
  }
  if (cls.base) {
    // a C++17 aggregate with a base: the first element initialises the base subobject
    const baseAddr = offsetAddr(addr, baseOffset(f, cls, cls.base));
    if (list.length) initFromExpr(f, baseAddr, types.classType(cls.base), list[0]);
    else valueInit(f, baseAddr, types.classType(cls.base), at);
    return memberwise(f, addr, cls, list.slice(1), at);
  }
  memberwise(f, addr, cls, list, at);
}

/** The members of an aggregate from the list's elements, by default member initialiser or value-initialised after them. */
function memberwise(f: FnLower, addr: Address, cls: ClassDecl, list: Expr[], at: Loc): void {
  if (list.length > cls.fields.length) unsupported(at, 'too many initialisers');
  if (cls.key === 'union' || hasBitFields(cls)) {
    // a union: only the first member is initialised, the rest of the storage is zero; bit-fields: their units cleared first
    f.b.emit({ op: 'memzero', dst: addr, size: f.L.sizeOf(types.classType(cls)), align: f.L.alignOf(types.classType(cls)) });
  }
  if (cls.key === 'union') {
    if (list.length && cls.fields[0]?.bitWidth !== undefined) initBitField(f, addr, cls.fields[0], list[0]);
    else if (list.length && cls.fields.length) initFromExpr(f, offsetAddr(addr, f.L.fieldOffset(cls, cls.fields[0].name)), cls.fields[0].type, list[0]);
    return;
  }
  cls.fields.forEach((fd, i) => {
    if (fd.bitWidth !== undefined) {
      if (i < list.length) initBitField(f, addr, fd, list[i]);
      else defaultBitFieldInit(f, addr, fd);
      return;
    }
    const at2 = offsetAddr(addr, f.L.fieldOffset(cls, fd.name));
    if (i < list.length) initFromExpr(f, at2, fd.type, list[i]);
    else if (!passes.defaultMemberInit(f, at2, fd)) valueInit(f, at2, fd.type, at);
  });
}

/** Value initialisation: zero for scalars (and scalar members), default constructor for classes with one. */
export function valueInit(f: FnLower, addr: Address, t: Type, at: Loc): void {
  const u = unqualified(t);
  const cls = classDeclOf(u);
  if (cls && cls.hasUserConstructor) return defaultInit(f, addr, u, at);
  f.b.emit({ op: 'memzero', dst: addr, size: f.L.sizeOf(u), align: f.L.alignOf(u) });
  if (cls || u.kind === 'array') defaultInit(f, addr, u, at);
}

function initArray(f: FnLower, addr: Address, t: Type & { kind: 'array' }, e: Expr): void {
  const n = t.length ?? 0;
  const size = f.L.sizeOf(t.element);
  if (e.kind === 'string_literal' || e.kind === 'concatenated_string' || e.kind === 'raw_string_literal') {
    const bytes = stringLiteralBytes(f.m.textOf(e), e.loc);
    for (let i = 0; i < n; i++) f.b.store('u8', f.b.const('i32', bytes[i] ?? 0), offsetAddr(addr, i));
    return;
  }
  if (!e.list) unsupported(e.loc, 'initialising an array from this expression is not supported');
  const list = e.list;
  if (list.length < n) f.b.emit({ op: 'memzero', dst: addr, size: size * n, align: f.L.alignOf(t.element) });
  list.forEach((x, i) => initFromExpr(f, offsetAddr(addr, i * size), t.element, x));
  for (let i = list.length; i < n; i++) if (typeNeedsInit(t.element)) valueInit(f, offsetAddr(addr, i * size), t.element, e.loc);
}

// ---- destruction ------------------------------------------------------------------------------------

/** Destroys the object at `addr`: the user destructor (which destroys the members), or the members. */
export function destroy(f: FnLower, addr: Address, cls: ClassDecl): void {
  const user = userDestructor(cls);
  if (user) {
    callWithThis(f, user, f.b.addr(addr), [], cls.loc);
    return;
  }
  destroyMembers(f, addr, cls);
}

/** Members in reverse declaration order, then the base (what follows a destructor's body). */
export function destroyMembers(f: FnLower, addr: Address, cls: ClassDecl): void {
  for (let i = cls.fields.length - 1; i >= 0; i--) {
    const fd = cls.fields[i];
    destroyTyped(f, offsetAddr(addr, f.L.fieldOffset(cls, fd.name)), fd.type);
  }
  if (cls.base && needsDestruction(cls.base)) destroy(f, offsetAddr(addr, baseOffset(f, cls, cls.base)), cls.base);
}

/** Destroys the object of type `t` at `addr` (arrays element by element, last first), if it needs it. */
export function destroyTyped(f: FnLower, addr: Address, t: Type): void {
  const u = unqualified(t);
  if (u.kind === 'array') {
    const size = f.L.sizeOf(u.element);
    for (let i = (u.length ?? 0) - 1; i >= 0; i--) destroyTyped(f, offsetAddr(addr, i * size), u.element);
    return;
  }
  if (u.kind === 'class' && needsDestruction(u.decl)) destroy(f, addr, u.decl);
}
