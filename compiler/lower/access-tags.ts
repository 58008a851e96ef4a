// What C++'s aliasing rule tells the optimiser about a scalar load or store (ir.ts: AccessTag), from
// the lvalue it reads or writes: whether its type is a pointer or an integer (a pointer object is never
// an integer object: GCC's -fstrict-aliasing gives all pointers an alias set apart from the integers),
// and which data member it names. Two members of one class at disjoint bytes are never the same
// object, whichever objects of the class they belong to (complete objects of one class do not
// partially overlap). Accesses the lowering makes itself (vtable pointers, reference members, copies
// of whole objects) carry no tag: the optimiser assumes nothing of them.

import type { Expr, FieldDecl } from '../../language/model';
import { scalarBase, unqualified } from '../../language/model';
import type { AccessTag } from '../ir/ir';
import type { FnLower } from './function';

const classNumbers = new WeakMap<object, number>();
let nextClassNumber = 1;

/** A number standing for a class declaration (one per declaration object, for this process). */
function classNumber(decl: object): number {
  let n = classNumbers.get(decl);
  if (n === undefined) {
    n = nextClassNumber++;
    classNumbers.set(decl, n);
  }
  return n;
}

const INTEGERS = new Set([
  'short', 'unsigned short', 'int', 'unsigned int', 'long', 'unsigned long', 'long long', 'unsigned long long',
  'char16_t', 'char32_t', 'wchar_t',
]);

/** 'pointer', 'integer' or nothing (floats and bytes: the memory type already says what may overlap them). */
function kindOf(e: Expr): AccessTag['kind'] {
  if (e.type.kind === 'reference') return undefined;
  const u = scalarBase(unqualified(e.type));
  if (u.kind === 'pointer') return 'pointer';
  if (u.kind === 'builtin' && INTEGERS.has(u.name)) return 'integer';
  return undefined;
}

/** The tag of a load or store of the scalar lvalue `e` (undefined when nothing is known). */
export function accessTag(f: FnLower, e: Expr): AccessTag | undefined {
  const kind = kindOf(e);
  const d = e.kind === 'member' ? e.decl : undefined;
  let field: AccessTag['field'];
  if (d?.kind === 'field') {
    const fd = d as FieldDecl;
    if (fd.bitWidth === undefined && fd.type.kind !== 'reference' && fd.owner.key !== 'union') {
      field = { owner: classNumber(fd.owner), offset: f.L.fieldOffset(fd.owner, fd.name), size: f.L.sizeOf(fd.type) };
    }
  }
  if (!kind && !field) return undefined;
  return field ? (kind ? { kind, field } : { field }) : { kind };
}
