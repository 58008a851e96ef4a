// Class objects: initialisation from an expression (copy elision for prvalues, copy/move and
// converting constructors, aggregates from brace lists, arrays element by element), default
// initialisation, destruction (user destructors, then members in reverse, then the base), the
// implicit special members expanded inline, and the prologue/epilogue of constructors and
// destructors. Constructor choice among user-declared ones is made here for initialisations the
// model checks but does not record.

import { types } from '../../language';
import { Loc, type ClassDecl, type FunctionDecl } from '../../language/sema/decls';
import type { Expr } from '../../language/sema/expr';
import type { SyntaxNode as Node } from '../../language/parse/syntax-node';
import type { Type } from '../../language/sema/types';
import { offsetAddr, regAddr } from '../ir/builder';
import type { Address, VReg } from '../ir/ir';
import { setVptr } from './vtables';
import { callWithThis, lowerCall, passArgument } from './calls';
import { convertTo } from './conversions';
import { unsupported } from './errors';
import { addressOf, lvalue, rvalue, condition } from './expressions';
import type { FnLower } from './function';
import { stringLiteralBytes } from './strings';
import { classDeclOf, commonType, isClassType, memTypeOf, valueTypeOf, intBits, isFloatType, scalarBase } from './types';

const { unqualified, nonReference } = types;

// ---- queries ----------------------------------------------------------------------------------------

const destructionCache = new WeakMap<ClassDecl, boolean>();

/** The class, a base or a member (or array element) has a user-provided destructor. */
export function needsDestruction(cls: ClassDecl): boolean {
  let r = destructionCache.get(cls);
  if (r !== undefined) return r;
  destructionCache.set(cls, false);
  cls.require();
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
  return specialMembers(cls, 'destructor').find((d) => !d.implicit);
}

/** The constructors of a class (user-declared and implicit). */
export function constructors(cls: ClassDecl): FunctionDecl[] {
  cls.require();
  return specialMembers(cls, 'constructor');
}

/** The class has a user-provided copy constructor (else copying is a byte copy, members permitting). */
function trivialCopy(cls: ClassDecl): boolean {
  if (constructors(cls).some((c) => !c.implicit && isCopyOrMove(c, cls))) return false;
  if (cls.polymorphic) return false;
  if (cls.base && !trivialCopy(cls.base)) return false;
  return cls.fields.every((fd) => {
    const u = unqualified(fd.type);
    const el = u.kind === 'array' ? unqualified(u.element) : u;
    return el.kind !== 'class' || trivialCopy(el.decl);
  });
}

function isCopyOrMove(c: FunctionDecl, cls: ClassDecl): boolean {
  if (c.params.length < 1 || c.params.slice(1).some((p) => !p.defaultNode)) return false;
  const p = c.params[0].type;
  return p.kind === 'reference' && classDeclOf(p) === cls;
}

/** Offset of the `base` subobject inside a `derived` object. */
export function baseOffset(f: FnLower, derived: ClassDecl, base: ClassDecl): number {
  let off = 0;
  for (let c: ClassDecl | undefined = derived; c && c !== base; c = c.base) {
    const l = f.m.model.classLayout(c);
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
    .filter((c) => !c.deleted || true)
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
  if (e.list) return listInit(f, addr, cls, e.list, e.loc);
  const src = classDeclOf(e.type);
  if (src === cls && e.cat === 'prvalue') return buildInto(f, addr, cls, e);
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
    case 'user-conversion':
      lowerCall(f, e, addr);
      return;
    case 'construct': {
      const args = e.operands ?? [];
      if (!e.callee) return listInit(f, addr, cls, args, e.loc);
      return construct(f, addr, cls, e.callee, args, e.loc);
    }
    case 'conditional': {
      const [c, x, y] = e.operands!;
      const b = f.b;
      const yes = b.newBlock();
      const no = b.newBlock();
      const join = b.newBlock();
      condition(f, c, yes, no);
      f.conditional++;
      b.place(yes);
      initFromExpr(f, addr, types.classType(cls), x);
      b.jump(join);
      b.place(no);
      initFromExpr(f, addr, types.classType(cls), y);
      f.conditional--;
      b.place(join);
      return;
    }
    case 'cast':
      return initFromExpr(f, addr, types.classType(cls), e.operands![0]);
  }
  unsupported(e.loc, `a class value of this kind (${e.kind}) is not supported yet`);
}

/** Runs constructor `ctor` (user or implicit) on the object at `addr`. */
export function construct(f: FnLower, addr: Address, cls: ClassDecl, ctor: FunctionDecl, args: Expr[], at: Loc): void {
  if (ctor.implicit) {
    if (args.length === 0) return defaultInitMembers(f, addr, cls, at);
    const src = args[0];
    return copyObject(f, addr, cls, lvalue(f, src), at);
  }
  callWithThis(f, ctor, f.b.addr(addr), args, at);
}

/** What an implicit copy constructor does: bases and members copied by their own copy constructors. */
function copyObject(f: FnLower, dst: Address, cls: ClassDecl, src: Address, at: Loc): void {
  if (trivialCopy(cls)) return byteCopy(f, dst, src, types.classType(cls));
  if (cls.base) copyConstructAt(f, offsetAddr(dst, baseOffset(f, cls, cls.base)), offsetAddr(src, baseOffset(f, cls, cls.base)), cls.base, at);
  setVptr(f, dst, cls);
  for (const fd of cls.fields) {
    const off = f.L.fieldOffset(cls, fd.name);
    copyMember(f, offsetAddr(dst, off), offsetAddr(src, off), fd.type, at, copyConstructAt);
  }
}

function byteCopy(f: FnLower, dst: Address, src: Address, t: Type): void {
  f.b.emit({ op: 'memcpy', dst, src, size: f.L.sizeOf(t), align: f.L.alignOf(t) });
}

type ClassCopy = (f: FnLower, dst: Address, src: Address, cls: ClassDecl, at: Loc) => void;

function copyMember(f: FnLower, dst: Address, src: Address, t: Type, at: Loc, copyClass: ClassCopy): void {
  const u = t.kind === 'reference' ? t : unqualified(t);
  if (u.kind === 'array') {
    const size = f.L.sizeOf(u.element);
    for (let i = 0; i < (u.length ?? 0); i++) copyMember(f, offsetAddr(dst, i * size), offsetAddr(src, i * size), u.element, at, copyClass);
    return;
  }
  if (u.kind === 'class') return copyClass(f, dst, src, u.decl, at);
  byteCopy(f, dst, src, u.kind === 'reference' ? types.pointerTo(u.referee) : u);
}

/** Copy-constructs a `cls` at dst from the one at src (its user copy constructor, or memberwise). */
function copyConstructAt(f: FnLower, dst: Address, src: Address, cls: ClassDecl, at: Loc): void {
  const user = constructors(cls).find((c) => !c.implicit && isCopyOrMove(c, cls) && c.params[0].type.kind === 'reference' && !c.params[0].type.rvalue);
  if (user) {
    if (user.params.length > 1) unsupported(at, `the copy constructor of '${cls.displayName()}' has default arguments (not supported yet)`);
    f.b.call(f.m.functionSymbol(user, at), [f.b.addr(dst), f.b.addr(src)]);
    return;
  }
  copyObject(f, dst, cls, src, at);
}

/** Copy-assigns the `cls` at src to the one at dst (its user operator=, or memberwise; the vptr stays). */
function copyAssignAt(f: FnLower, dst: Address, src: Address, cls: ClassDecl, at: Loc): void {
  const user = cls.methods('operator=').find((d): d is FunctionDecl => d.kind === 'function' && !d.implicit && isCopyOrMove(d, cls) && d.params[0].type.kind === 'reference' && !d.params[0].type.rvalue);
  if (user) {
    f.b.call(f.m.functionSymbol(user, at), [f.b.addr(dst), f.b.addr(src)], 'i32');
    return;
  }
  if (trivialCopy(cls) && !cls.polymorphic) return byteCopy(f, dst, src, types.classType(cls));
  if (cls.base) copyAssignAt(f, offsetAddr(dst, baseOffset(f, cls, cls.base)), offsetAddr(src, baseOffset(f, cls, cls.base)), cls.base, at);
  for (const fd of cls.fields) {
    if (fd.type.kind === 'reference') unsupported(at, `'${cls.displayName()}' has a reference member: it cannot be assigned`);
    const off = f.L.fieldOffset(cls, fd.name);
    copyMember(f, offsetAddr(dst, off), offsetAddr(src, off), fd.type, at, copyAssignAt);
  }
}

/** `a = b` with the implicit copy assignment operator; returns the address of a. */
export function copyAssign(f: FnLower, object: Expr, src: Expr, at: Loc): VReg {
  const cls = classDeclOf(object.type)!;
  const s = src.cat === 'prvalue' ? materializeTemp(f, src) : lvalue(f, src);
  const d = lvalue(f, object);
  copyAssignAt(f, d, s, cls, at);
  return f.b.addr(d);
}

function materializeTemp(f: FnLower, e: Expr): Address {
  return lvalue(f, e);
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
    if (hasDefaultMemberInitializer(fd.loc)) unsupported(fd.loc, 'default member initialisers are not supported yet');
    defaultInit(f, offsetAddr(addr, f.L.fieldOffset(cls, fd.name)), fd.type, at);
  }
}

/** Brace initialisation: an aggregate member by member, otherwise through a constructor. */
function listInit(f: FnLower, addr: Address, cls: ClassDecl, list: Expr[], at: Loc): void {
  const aggregate = !cls.hasUserConstructor && !cls.polymorphic && !cls.base;
  if (!aggregate) {
    const ctor = pickConstructor(cls, list, at);
    return construct(f, addr, cls, ctor, list, at);
  }
  if (list.length > cls.fields.length) unsupported(at, 'too many initialisers');
  cls.fields.forEach((fd, i) => {
    const at2 = offsetAddr(addr, f.L.fieldOffset(cls, fd.name));
    if (i < list.length) initFromExpr(f, at2, fd.type, list[i]);
    else valueInit(f, at2, fd.type, at);
  });
}

/** Value initialisation: zero for scalars (and scalar members), default constructor for classes with one. */
function valueInit(f: FnLower, addr: Address, t: Type, at: Loc): void {
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

function destroyTyped(f: FnLower, addr: Address, t: Type): void {
  const u = unqualified(t);
  if (u.kind === 'array') {
    const size = f.L.sizeOf(u.element);
    for (let i = (u.length ?? 0) - 1; i >= 0; i--) destroyTyped(f, offsetAddr(addr, i * size), u.element);
    return;
  }
  if (u.kind === 'class' && needsDestruction(u.decl)) destroy(f, addr, u.decl);
}

// ---- constructor and destructor bodies -------------------------------------------------------------

/** Before a constructor's body: the base, then each member, from the initialiser list or by default. */
export function constructorPrologue(f: FnLower): void {
  const cls = f.fn.owner!;
  const self = regAddr(f.thisPointer(f.fn.loc));
  const inits = memberInitialisers(f);
  const baseName = cls.base ? (cls.base.templateInfo ? cls.base.templateInfo.template.name : cls.base.name) : undefined;
  if (cls.base) {
    const init = inits.find((i) => i.name === baseName || i.name.startsWith(`${baseName}<`) || i.name.endsWith(`::${baseName}`));
    const baseAddr = offsetAddr(regAddr(f.thisPointer(f.fn.loc)), baseOffset(f, cls, cls.base));
    f.fullExpression(() => {
      if (init) construct(f, baseAddr, cls.base!, pickConstructor(cls.base!, init.args, init.loc), init.args, init.loc);
      else defaultInit(f, baseAddr, types.classType(cls.base!), f.fn.loc);
    });
  }
  setVptr(f, self, cls);
  for (const fd of cls.fields) {
    const init = inits.find((i) => i.name === fd.name);
    const at = offsetAddr(regAddr(f.thisPointer(f.fn.loc)), f.L.fieldOffset(cls, fd.name));
    if (!init) {
      if (hasDefaultMemberInitializer(fd.loc)) unsupported(fd.loc, 'default member initialisers are not supported yet');
      if (fd.type.kind === 'reference') unsupported(fd.loc, 'internal: reference member without an initialiser');
      defaultInit(f, at, fd.type, f.fn.loc);
      continue;
    }
    f.b.stmt(f.pos(init.loc));
    f.fullExpression(() => {
      const cls2 = classDeclOf(fd.type);
      if (cls2 && fd.type.kind !== 'reference' && !(init.args.length === 1 && (init.args[0].list || classDeclOf(init.args[0].type) === cls2))) {
        construct(f, at, cls2, pickConstructor(cls2, init.args, init.loc), init.args, init.loc);
      } else if (init.args.length === 1) initFromExpr(f, at, fd.type, init.args[0]);
      else if (init.args.length === 0) valueInit(f, at, fd.type, init.loc);
      else unsupported(init.loc, 'a member initialiser with several values for a non-class member');
    });
  }
}

interface MemberInit {
  readonly name: string;
  readonly args: Expr[];
  readonly loc: Loc;
}

/** The constructor's mem-initialisers with their analysed arguments. */
function memberInitialisers(f: FnLower): MemberInit[] {
  const list = f.fn.body?.initNode;
  if (!list) return [];
  const out: MemberInit[] = [];
  for (const init of list.namedChildren) {
    if (init.type !== 'field_initializer') continue;
    const nameNode = init.namedChild(0);
    const argsNode = init.namedChildren[init.namedChildCount - 1];
    if (!nameNode || !argsNode) continue;
    const argNodes: Node[] = argsNode.type === 'initializer_list' ? [argsNode] : argsNode.namedChildren.filter((c) => c.type !== 'comment');
    const args = argNodes.map((n) => f.requireExpr(n, 'member initialiser'));
    out.push({ name: nameNode.text, args, loc: new Loc(f.fn.body!.unit, init.startIndex, init.endIndex) });
  }
  return out;
}

/** After a destructor's body: members in reverse order, then the base. */
export function destructorEpilogue(f: FnLower): void {
  const cls = f.fn.owner!;
  destroyMembers(f, regAddr(f.thisPointer(f.fn.loc)), cls);
}

/** Whether a member's declaration has a default member initialiser (`int x = 1;`, `int x{1};`). */
function hasDefaultMemberInitializer(loc: Loc): boolean {
  const text = loc.unit.text;
  let i = loc.end;
  while (i < text.length && /[\s\]\[0-9]/.test(text[i])) i++;
  return text[i] === '=' || text[i] === '{';
}

export { addressOf, scalarBase };
