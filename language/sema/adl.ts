// Argument-dependent lookup ([basic.lookup.argdep]): an unqualified call also finds the non-member
// functions of that name declared in the namespaces of its arguments' classes and enumerations (and of
// their bases and template arguments), so `fill_(t, 0)` finds `at::fill_` for an `at::Tensor`.

import type { ClassDecl, Decl, FunctionDecl, FunctionTemplate, NamespaceDecl, Scope } from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { Type } from '../model/types';

/** The functions named `name` in the namespaces associated with the arguments. */
export function argumentDependentCandidates(name: string, args: readonly Expr[]): (FunctionDecl | FunctionTemplate)[] {
  const namespaces = new Set<NamespaceDecl>();
  const seen = new Set<ClassDecl>();
  for (const a of args) for (const e of a.list ?? [a]) addType(e.type, namespaces, seen);
  const out: (FunctionDecl | FunctionTemplate)[] = [];
  for (const ns of namespaces) {
    for (const d of ns.scope.own(name)) if (isFreeFunction(d) && !out.includes(d)) out.push(d);
  }
  // friends defined inside the associated classes
  for (const c of seen) for (const d of c.scope.own(name)) if (isFreeFunction(d) && !out.includes(d)) out.push(d);
  return out;
}

export function isFreeFunction(d: Decl): d is FunctionDecl | FunctionTemplate {
  return (d.kind === 'function' || d.kind === 'function-template') && !d.owner;
}

function addType(t: Type, namespaces: Set<NamespaceDecl>, seen: Set<ClassDecl>): void {
  switch (t.kind) {
    case 'pointer': return addType(t.pointee, namespaces, seen);
    case 'reference': return addType(t.referee, namespaces, seen);
    case 'array': return addType(t.element, namespaces, seen);
    case 'enum': {
      const ns = enclosingNamespace(t.decl.scope.parent);
      if (ns) namespaces.add(ns);
      return;
    }
    case 'class': return addClass(t.decl, namespaces, seen);
    default:
  }
}

function addClass(c: ClassDecl, namespaces: Set<NamespaceDecl>, seen: Set<ClassDecl>): void {
  if (seen.has(c)) return;
  seen.add(c);
  const ns = enclosingNamespace(c.declScope);
  if (ns) namespaces.add(ns);
  if (c.base) addClass(c.base, namespaces, seen);
  for (const a of c.templateInfo?.args ?? []) if (a.kind === 'type') addType(a.type, namespaces, seen);
}

/** The innermost namespace enclosing a scope (template parameter and class scopes skipped). */
function enclosingNamespace(scope: Scope | undefined): NamespaceDecl | undefined {
  for (let s = scope; s; s = s.parent) if (s.kind === 'namespace' && s.owner?.kind === 'namespace') return s.owner;
  return undefined;
}
