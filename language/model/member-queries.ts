// Questions the compiler and the passes ask of members, answered from the model's data alone: which
// field is an anonymous union's or struct's unnamed member (and a name found through one), the type a
// bit-field operand promotes to, and which special members the compiler defines or overload
// resolution ignores. The passes that declare these (sema/anonymous-members.ts, sema/bitfields.ts,
// sema/special-members.ts) re-export them.

import type { ClassDecl, FieldDecl, FunctionDecl } from './declarations';
import type { Expr } from './expressions';
import { INT, UINT, unqualified, type Type } from './types';

/** The name prefix of an anonymous member (`(anonymous union at …)`). */
export const ANONYMOUS_PREFIX = '(anonymous ';

/** Whether a field is the unnamed member an anonymous union or struct declares. */
export function isAnonymousMember(f: FieldDecl): boolean {
  return f.name.startsWith(ANONYMOUS_PREFIX);
}

/**
 * The field `name` of an anonymous member of `cls` (`W() : a(65) {}` with `union { int a; char c; };`)
 * with the unnamed members leading to it, outermost first; undefined when there is none.
 */
export function anonymousFieldNamed(cls: ClassDecl, name: string): { field: FieldDecl; via: FieldDecl[] } | undefined {
  for (const m of cls.fields) {
    if (!isAnonymousMember(m) || m.type.kind !== 'class') continue;
    const inner = m.type.decl;
    const field = inner.fields.find((g) => g.name === name && !isAnonymousMember(g));
    if (field) return { field, via: [m] };
    const deeper = anonymousFieldNamed(inner, name);
    if (deeper) return { field: deeper.field, via: [m, ...deeper.via] };
  }
  return undefined;
}

/**
 * The type a bit-field operand promotes to ([conv.prom]/5): `int` when int holds all its values,
 * `unsigned int` when that does, else its declared type's promotion (undefined for other operands).
 */
export function bitFieldPromotion(e: Expr): Type | undefined {
  if (e.kind !== 'member' || e.decl?.kind !== 'field' || e.decl.bitWidth === undefined) return undefined;
  const w = e.decl.bitWidth;
  const t = unqualified(e.decl.type);
  const base = t.kind === 'enum' ? unqualified(t.decl.underlying) : t;
  if (t.kind === 'enum' && t.decl.scoped) return undefined;
  if (base.kind !== 'builtin') return undefined;
  const unsigned = base.name === 'bool' || base.name.startsWith('unsigned') || (t.kind === 'enum' && !t.decl.fixed);
  if (w < 32 || (w === 32 && !unsigned)) return INT;
  if (w === 32) return UINT;
  return undefined;
}

/** A defaulted move operation defined as deleted: overload resolution ignores it ([over.match.funcs]). */
export function ignoredByOverloadResolution(fn: FunctionDecl): boolean {
  return fn.deleted && (fn.implicit || !!fn.defaulted) && (fn.special === 'move-ctor' || fn.special === 'move-assign');
}

/** The compiler writes the definition: implicitly declared, or explicitly defaulted on its first declaration. */
export function compilerDefined(fn: FunctionDecl): boolean {
  return !!fn.implicit || !!fn.defaulted;
}
