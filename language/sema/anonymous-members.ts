// Anonymous unions and structs as class members (`struct V { int tag; union { int i; float f; }; };`):
// the unnamed class becomes an unnamed field of the enclosing class (laid out, copied and described
// like any member), and the anonymous class's members are also declared in the enclosing class's scope, so
// `v.i` is `v.<anonymous>.i` — a member access through the unnamed field (sema/check-expr.ts fieldAccess).

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import { newId, type Access, type ClassDecl, type FieldDecl } from '../model/declarations';
import type { Type } from '../model/types';

import { ANONYMOUS_PREFIX as PREFIX, isAnonymousMember } from '../model/member-queries';

export { anonymousFieldNamed, isAnonymousMember } from '../model/member-queries';

/** `union { … };` in a class body: declares its unnamed member; false when `node` is not one. */
export function declareAnonymousMember(ctx: Ctx, cls: ClassDecl, type: Type, node: Node, access: Access): boolean {
  const spec = node.childForFieldName('type');
  if (!spec || (spec.type !== 'union_specifier' && spec.type !== 'struct_specifier')) return false;
  if (spec.childForFieldName('name') || !spec.childForFieldName('body') || type.kind !== 'class') return false;
  const name = `${PREFIX}${type.decl.key} ${cls.fields.length})`;
  cls.fields.push({ kind: 'field', id: newId(), name, type, owner: cls, mutable: false, access, loc: locOf(ctx, spec) });
  // its members (and those of anonymous members nested in it) are named in the enclosing class
  for (const [n, ds] of type.decl.scope.members) for (const d of ds) if (d.kind === 'field' && !isAnonymousMember(d)) cls.scope.add(n, d);
  return true;
}

/**
 * The unnamed members (outermost first) through which an object of class `cls` reaches the field `f`
 * of an anonymous union or struct; undefined when `f` is not such a field or is reached directly.
 */
export function anonymousMembersTo(cls: ClassDecl | undefined, f: FieldDecl): FieldDecl[] | undefined {
  if (!cls || f.owner === cls || !f.owner.name.startsWith('(anonymous')) return undefined;
  for (let c: ClassDecl | undefined = cls; c; c = c.base) {
    const path = pathIn(c, f);
    if (path) return path;
  }
  return undefined;
}

function pathIn(cls: ClassDecl, f: FieldDecl): FieldDecl[] | undefined {
  for (const m of cls.fields) {
    if (!isAnonymousMember(m) || m.type.kind !== 'class') continue;
    const inner = m.type.decl;
    if (f.owner === inner) return [m];
    const deeper = pathIn(inner, f);
    if (deeper) return [m, ...deeper];
  }
  return undefined;
}
