// Virtual functions, laid out as in the Itanium C++ ABI (single inheritance): a class's vtable is
// its base's slots, each replaced by an override, followed by the class's new virtual functions; a
// virtual destructor takes two slots, the complete-object destructor (D1) and the deleting one (D0).
// The vtable symbol `_ZTV<class>` holds [offset-to-top = 0, &typeinfo (`_ZTI<class>`), slots…] and an
// object's vptr points at the first slot. Constructors and destructors set the vptr of the class they
// belong to.

import { isCompleteClass, type ClassDecl, type FunctionDecl, type Expr } from '../../language/model';
import { types } from '../../language';
import { offsetAddr, symAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import type { FnLower } from './function';
import { typeCode } from './mangle';
import type { ModuleLowering } from './module-lowering';

const slotCache = new WeakMap<ClassDecl, FunctionDecl[]>();

function sameSignature(a: FunctionDecl, b: FunctionDecl): boolean {
  if (a.role === 'destructor' || b.role === 'destructor') return a.role === b.role;
  return a.name === b.name && a.isConst === b.isConst && a.params.length === b.params.length && a.params.every((p, i) => types.sameType(p.type, b.params[i].type, true));
}

/** The member functions a class declares (not inherited), constructors and static ones excluded. */
function ownMethods(cls: ClassDecl): FunctionDecl[] {
  const out: FunctionDecl[] = [];
  for (const ds of cls.scope.members.values()) {
    for (const d of ds) if (d.kind === 'function' && !d.isStatic && d.role !== 'constructor' && d.owner === cls) out.push(d);
  }
  return out.sort((a, b) => a.loc.start - b.loc.start);
}

/** The vtable slots of a polymorphic class: for each slot, the final overrider in `cls`. */
export function vtableSlots(cls: ClassDecl): FunctionDecl[] {
  const known = slotCache.get(cls);
  if (known) return known;
  isCompleteClass(cls);
  const slots = cls.base && cls.base.polymorphic ? [...vtableSlots(cls.base)] : [];
  for (const m of ownMethods(cls)) {
    const i = slots.findIndex((s) => sameSignature(s, m));
    if (i >= 0) {
      slots[i] = m;
      if (m.role === 'destructor') slots[i + 1] = m; // its deleting destructor
    } else if (m.isVirtual) slots.push(...(m.role === 'destructor' ? [m, m] : [m]));
  }
  slotCache.set(cls, slots);
  return slots;
}

/** The slot a call of `fn` dispatches through, or undefined when `fn` is not virtual. */
export function virtualSlot(fn: FunctionDecl): number | undefined {
  if (!fn.owner || fn.isStatic || fn.role === 'constructor' || !fn.owner.polymorphic) return undefined;
  const slots = vtableSlots(fn.owner);
  const i = slots.findIndex((s) => s === fn || sameSignature(s, fn));
  return i >= 0 ? i : undefined;
}

export function vtableSymbol(cls: ClassDecl): string {
  return `_ZTV${typeCode(types.classType(cls))}`;
}

/** The type_info object of a class (`_ZTI<class>`) and its name string (`_ZTS<class>`). */
export function typeinfoSymbols(cls: ClassDecl): { info: string; name: string; mangled: string } {
  const mangled = typeCode(types.classType(cls));
  return { info: `_ZTI${mangled}`, name: `_ZTS${mangled}`, mangled };
}

/** True when slot `i` of `slots` is the deleting destructor (the second of a destructor's two slots). */
export function isDeletingSlot(slots: FunctionDecl[], i: number): boolean {
  return i > 0 && slots[i].role === 'destructor' && slots[i - 1] === slots[i];
}

/** Defines the vtable of `cls` (once) and returns the address its objects' vptr holds. */
export function vtableAddress(m: ModuleLowering, cls: ClassDecl): Address {
  return offsetAddr(symAddr(m.vtable(cls)), 8);
}

/** Stores the vptr of `cls` into the object at `addr`. */
export function setVptr(f: FnLower, addr: Address, cls: ClassDecl): void {
  const layout = f.m.model.layoutOf(cls);
  if (layout?.vptrOffset === undefined) return;
  const table = f.b.addr(vtableAddress(f.m, cls));
  f.b.store('i32', table, offsetAddr(addr, layout.vptrOffset));
}

/**
 * Whether a call on `object` must dispatch dynamically: the object is reached through a pointer,
 * a reference or `this` (a named object or a temporary has a known dynamic type), and the call is
 * not qualified (`Base::f()` calls exactly that function).
 */
export function dispatchesDynamically(m: ModuleLowering, object: Expr, call: Expr): boolean {
  const head = m.textOf(call).split('(')[0];
  if (head.includes('::')) return false;
  switch (object.kind) {
    case 'name':
      return object.decl?.kind === 'var' && object.decl.type.kind === 'reference';
    case 'member':
      return object.decl?.kind === 'field' && object.decl.type.kind === 'reference';
    default:
      return object.cat !== 'prvalue';
  }
}
