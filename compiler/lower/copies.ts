// Copying class objects: what the implicit copy constructor and copy assignment do (bases and
// members by their own copy operations, byte copies where that is all they do, the vptr set by a
// copy constructor and left alone by an assignment), and user copy operations called on addresses.

import { types, compilerDefined } from '../../language';
import { Loc, type ClassDecl, type FunctionDecl } from '../../language/model';
import type { Expr, Type } from '../../language/model';
import { offsetAddr } from '../ir/builder';
import type { Address, VReg } from '../ir/ir';
import { setVptr } from './vtables';
import { passDefault } from './calls';
import { copyBitField } from './bitfields';
import { classDelta } from './base-conversions';
import { baseOffset, constructors } from './objects';
import { unsupported } from './errors';
import { lvalue } from './expressions';
import type { FnLower } from './function';
import { classDeclOf } from './types';

const { unqualified } = types;

/** The class has a user-provided copy constructor (else copying is a byte copy, members permitting). */
export function trivialCopy(cls: ClassDecl): boolean {
  if (constructors(cls).some((c) => !compilerDefined(c) && isCopyOrMove(c, cls))) return false;
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

/**
 * What an implicit copy (or, with `move`, move) constructor does: bases and members copied (moved)
 * by their own copy (move) constructors.
 */
export function copyObject(f: FnLower, dst: Address, cls: ClassDecl, src: Address, at: Loc, move = false): void {
  if (trivialCopy(cls)) return byteCopy(f, dst, src, types.classType(cls));
  const construct: ClassCopy = move ? moveConstructAt : copyConstructAt;
  if (cls.base) construct(f, offsetAddr(dst, baseOffset(f, cls, cls.base)), offsetAddr(src, baseOffset(f, cls, cls.base)), cls.base, at);
  setVptr(f, dst, cls);
  for (const fd of cls.fields) {
    if (fd.bitWidth !== undefined) {
      copyBitField(f, dst, src, fd);
      continue;
    }
    const off = f.L.fieldOffset(cls, fd.name);
    copyMember(f, offsetAddr(dst, off), offsetAddr(src, off), fd.type, at, construct);
  }
}

function byteCopy(f: FnLower, dst: Address, src: Address, t: Type): void {
  f.b.emit({ op: 'memcpy', dst, src, size: f.L.sizeOf(t), align: f.L.alignOf(t) });
}

/** Copy-constructs an object of type `t` at `dst` from the one at `src` (as an implicit copy constructor does a member). */
export function copyConstructMember(f: FnLower, dst: Address, src: Address, t: Type, at: Loc): void {
  copyMember(f, dst, src, t, at, copyConstructAt);
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
  const user = constructors(cls).find((c) => !compilerDefined(c) && isCopyOrMove(c, cls) && c.params[0].type.kind === 'reference' && !c.params[0].type.rvalue);
  if (user) {
    f.b.call(f.m.functionSymbol(user, at), [f.b.addr(dst), f.b.addr(src), ...defaults(f, user, at)]);
    return;
  }
  copyObject(f, dst, cls, src, at);
}

/** Move-constructs a `cls` at dst from the one at src: its user move constructor, else as a copy would. */
function moveConstructAt(f: FnLower, dst: Address, src: Address, cls: ClassDecl, at: Loc): void {
  const user = constructors(cls).find((c) => !compilerDefined(c) && isCopyOrMove(c, cls) && c.params[0].type.kind === 'reference' && c.params[0].type.rvalue);
  if (user) {
    f.b.call(f.m.functionSymbol(user, at), [f.b.addr(dst), f.b.addr(src), ...defaults(f, user, at)]);
    return;
  }
  if (constructors(cls).some((c) => !compilerDefined(c) && isCopyOrMove(c, cls) && c.params[0].type.kind === 'reference' && !c.params[0].type.rvalue)) return copyConstructAt(f, dst, src, cls, at);
  copyObject(f, dst, cls, src, at, true);
}

/** The default arguments of a copy operation's parameters after the first. */
function defaults(f: FnLower, fn: FunctionDecl, at: Loc): VReg[] {
  return fn.params.slice(1).map((p) => passDefault(f, p, fn, at));
}

/** Move-assigns: the user move assignment of `cls`, else as a copy assignment would (members moved). */
function moveAssignAt(f: FnLower, dst: Address, src: Address, cls: ClassDecl, at: Loc): void {
  const user = cls.methods('operator=').find((d): d is FunctionDecl => d.kind === 'function' && !compilerDefined(d) && isCopyOrMove(d, cls) && d.params[0].type.kind === 'reference' && d.params[0].type.rvalue);
  if (user) {
    f.b.call(f.m.functionSymbol(user, at), [f.b.addr(dst), f.b.addr(src)], 'i32');
    return;
  }
  copyAssignAt(f, dst, src, cls, at, !cls.methods('operator=').some((d) => d.kind === 'function' && !compilerDefined(d) && d.special === 'copy-assign'));
}

/** Copy-assigns the `cls` at src to the one at dst (its user operator=, or memberwise; the vptr stays). */
function copyAssignAt(f: FnLower, dst: Address, src: Address, cls: ClassDecl, at: Loc, move = false): void {
  const user = move ? undefined : cls.methods('operator=').find((d): d is FunctionDecl => d.kind === 'function' && !compilerDefined(d) && isCopyOrMove(d, cls) && d.params[0].type.kind === 'reference' && !d.params[0].type.rvalue);
  if (user) {
    f.b.call(f.m.functionSymbol(user, at), [f.b.addr(dst), f.b.addr(src), ...defaults(f, user, at)], 'i32');
    return;
  }
  if (trivialCopy(cls) && !cls.polymorphic) return byteCopy(f, dst, src, types.classType(cls));
  const assign: ClassCopy = move ? moveAssignAt : copyAssignAt;
  if (cls.base) assign(f, offsetAddr(dst, baseOffset(f, cls, cls.base)), offsetAddr(src, baseOffset(f, cls, cls.base)), cls.base, at);
  for (const fd of cls.fields) {
    if (fd.type.kind === 'reference') unsupported(at, `'${cls.displayName()}' has a reference member: it cannot be assigned`);
    if (fd.bitWidth !== undefined) {
      copyBitField(f, dst, src, fd);
      continue;
    }
    const off = f.L.fieldOffset(cls, fd.name);
    copyMember(f, offsetAddr(dst, off), offsetAddr(src, off), fd.type, at, assign);
  }
}

/** `a = b` with the implicit copy (`move`: move) assignment operator; returns the address of a. */
export function copyAssign(f: FnLower, object: Expr, src: Expr, at: Loc, move = false): VReg {
  const cls = classDeclOf(object.type)!;
  const s = offsetAddr(src.cat === 'prvalue' ? materializeTemp(f, src) : lvalue(f, src), classDelta(f, classDeclOf(src.type), cls));
  const d = lvalue(f, object);
  copyAssignAt(f, d, s, cls, at, move);
  return f.b.addr(d);
}

function materializeTemp(f: FnLower, e: Expr): Address {
  return lvalue(f, e);
}
