// The parts of constructor and destructor bodies the compiler adds: base and member initialisation
// (mem-initialisers, default member initialisers, default construction) and the vptr before
// a constructor's body; member and base destruction after a destructor's body.

import { types, anonymousFieldNamed, isAnonymousMember } from '../../language';
import type { ClassDecl, FieldDecl, MemberInitialiser } from '../../language/model';
import { initializeFrom } from './local-variables';
import type { Expr } from '../../language/model';
import { offsetAddr, regAddr, slotAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import { setVptr } from './vtables';
import { constructBitField } from './bitfields';
import { baseOffset, construct, defaultInit, destroyMembers, initFromExpr, pickConstructor, valueInit } from './objects';
import { checkedInitialiser, unsupported } from './errors';
import { addressOf } from './expressions';
import type { FnLower } from './function';
import { classDeclOf, scalarBase } from './types';

// ---- constructor and destructor bodies -------------------------------------------------------------

/** Before a constructor's body: the base, then each member, from the initialiser list or by default. */
export function constructorPrologue(f: FnLower): void {
  const cls = f.fn.owner!;
  const self = regAddr(f.thisPointer(f.fn.loc));
  const inits = memberInitialisers(f);
  const ownName = cls.templateInfo ? cls.templateInfo.template.name : cls.name;
  const target = inits.find((i) => i.name === ownName || i.name.startsWith(`${ownName}<`));
  if (target) {
    // a delegating constructor: the target constructor builds the whole object, then this body runs
    f.b.stmt(f.pos(target.loc));
    f.fullExpression(() => construct(f, self, cls, pickConstructor(cls, target.args, target.loc), target.args, target.loc));
    return;
  }
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
    if (fd.bitWidth !== undefined) {
      constructBitField(f, regAddr(f.thisPointer(f.fn.loc)), fd, init);
      continue;
    }
    const at = offsetAddr(regAddr(f.thisPointer(f.fn.loc)), f.L.fieldOffset(cls, fd.name));
    const inner = init ? [] : anonymousMemberInits(f, cls, fd, inits);
    for (const i of inner) initMember(f, offsetAddr(regAddr(f.thisPointer(f.fn.loc)), i.offset), i.field, i.init);
    if (inner.length) continue;
    if (!init) {
      if (defaultMemberInit(f, at, fd)) continue;
      if (fd.type.kind === 'reference') unsupported(fd.loc, 'internal: reference member without an initialiser');
      defaultInit(f, at, fd.type, f.fn.loc);
      continue;
    }
    initMember(f, at, fd, init);
  }
}

/** Initialises the member `fd` at `at` from its mem-initialiser. */
function initMember(f: FnLower, at: Address, fd: FieldDecl, init: MemberInitialiser): void {
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

/**
 * `W() : a(65) {}` where `a` is a member of the anonymous union or struct `fd`: each such member, its
 * offset in the object and its mem-initialiser (the anonymous member's other members are left as is).
 */
function anonymousMemberInits(f: FnLower, cls: ClassDecl, fd: FieldDecl, inits: readonly MemberInitialiser[]): { field: FieldDecl; offset: number; init: MemberInitialiser }[] {
  if (!isAnonymousMember(fd)) return [];
  const out: { field: FieldDecl; offset: number; init: MemberInitialiser }[] = [];
  for (const init of inits) {
    const found = anonymousFieldNamed(cls, init.name);
    if (!found || found.via[0] !== fd) continue;
    if (found.field.bitWidth !== undefined) unsupported(init.loc, 'a mem-initialiser for a bit-field of an anonymous union or struct');
    let owner = cls;
    let offset = 0;
    for (const m of [...found.via, found.field]) {
      offset += f.L.fieldOffset(owner, m.name);
      owner = classDeclOf(m.type) ?? owner;
    }
    out.push({ field: found.field, offset, init });
  }
  return out;
}

/** The constructor's mem-initialisers with their analysed arguments (each checked to be free of errors). */
function memberInitialisers(f: FnLower): readonly MemberInitialiser[] {
  const inits = f.body.memberInitialisers ?? [];
  for (const init of inits) {
    for (const e of init.args) if (e.type.kind === 'error' && !e.list) unsupported(e.loc, 'this member initialiser has errors');
  }
  return inits;
}

/** After a destructor's body: members in reverse order, then the base. */
export function destructorEpilogue(f: FnLower): void {
  const cls = f.fn.owner!;
  destroyMembers(f, regAddr(f.thisPointer(f.fn.loc)), cls);
}

/**
 * A default member initialiser (`int n = f();`, `Foo g{1, 2};`, `int* p = &n;`) when the member has one:
 * the model's analysed initialiser, with `this` the object the member belongs to (its address is
 * `addr` less the member's offset). Inside a full-expression (aggregate initialisation) its
 * temporaries join that one; otherwise (a constructor) it is a full-expression of its own. Returns
 * whether the member was initialised.
 */
export function defaultMemberInit(f: FnLower, addr: Address, fd: FieldDecl): boolean {
  const found = f.m.model.memberInitialiserOf(fd);
  if (!found) return false;
  const init = checkedInitialiser(found, fd.loc, `the default initialiser of '${fd.name}'`);
  const object: Address = { ...addr, offset: addr.offset - f.L.fieldOffset(fd.owner, fd.name) };
  const run = () => withThis(f, object, init.args.some(usesThis), () => initializeFrom(f, addr, fd.type, init, fd.name));
  if (f.temporaries) run();
  else f.fullExpression(run);
  return true;
}

/** Runs `body` with `this` designating the object at `object` (when the initialiser names it). */
function withThis(f: FnLower, object: Address, needed: boolean, body: () => void): void {
  if (!needed) return body();
  const saved = f.thisSlot;
  const slot = slotAddr(f.b.slot(4, 4, '.this'));
  f.b.store('i32', f.b.addr(object), slot);
  f.thisSlot = slot;
  try {
    body();
  } finally {
    f.thisSlot = saved;
  }
}

/** Whether an expression names `this` (explicitly or through a member). */
function usesThis(e: Expr): boolean {
  if (e.kind === 'this' || e.kind === 'implicit-this') return true;
  return !!(e.operands?.some(usesThis) || e.list?.some(usesThis) || (e.object && usesThis(e.object)));
}

export { addressOf, scalarBase };
