// Conversions between a class and its bases when the base is not at offset 0 (a derived class that
// adds a vptr over a non-polymorphic base puts the base after it): pointers are adjusted by the base's
// offset — a null pointer stays null — and references (never null) by the same amount.

import type { ClassDecl, Type } from '../../language/model';
import { types } from '../../language';
import type { VReg } from '../ir/ir';
import { passes, type FnLower } from './function';
import { classDeclOf } from './types';

/** What to add to the address of a `from` object to reach the related `to` object (negative: a down-cast). */
export function classDelta(f: FnLower, from: ClassDecl | undefined, to: ClassDecl | undefined): number {
  if (!from || !to || from === to) return 0;
  if (from.isDerivedFrom(to)) return passes.baseOffset(f, from, to);
  if (to.isDerivedFrom(from)) return -passes.baseOffset(f, to, from);
  return 0;
}

/** The class a pointer type points to. */
function pointeeClass(t: Type): ClassDecl | undefined {
  const u = types.unqualified(t);
  return u.kind === 'pointer' ? classDeclOf(u.pointee) : undefined;
}

/** A pointer to `from`'s class converted to one to `to`'s related class: `p ? p + delta : 0`. */
export function adjustClassPointer(f: FnLower, v: VReg, from: Type, to: Type): VReg {
  const delta = classDelta(f, pointeeClass(from), pointeeClass(to));
  if (delta === 0) return v;
  const b = f.b;
  const result = b.vreg('i32');
  const nonNull = b.newBlock();
  const isNull = b.newBlock();
  const join = b.newBlock();
  b.branch(v, nonNull, isNull);
  b.place(nonNull);
  b.copy(result, b.bin('add', v, b.const('i32', delta)));
  b.jump(join);
  b.place(isNull);
  b.copy(result, b.const('i32', 0));
  b.place(join);
  return result;
}
