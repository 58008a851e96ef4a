// Namespace aliases (`namespace ab = a::b;`, at namespace or block scope): the alias name is declared
// in the current scope as the aliased namespace itself, so `ab::f` and `using namespace ab;` find the
// members of `a::b` (and mangled names and diagnostics use the namespace's own qualified name).

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import type { Decl, NamespaceDecl } from '../model/declarations';

/** Declares the alias of a namespace-alias-definition; reports a target that is not a namespace. */
export function declareNamespaceAlias(ctx: Ctx, node: Node): void {
  const nameNode = node.childForFieldName('name');
  const target = node.namedChildren.find((c) => c !== nameNode && c.type !== 'comment');
  if (!nameNode || !target) return;
  const ns = aliasedNamespace(ctx, target);
  if (ns) ctx.scope.add(nameNode.text, ns);
}

/** The namespace a `a::b` / `::a` / `a` target names, looked up one component at a time. */
function aliasedNamespace(ctx: Ctx, target: Node): NamespaceDecl | undefined {
  const parts = target.type === 'namespace_identifier' ? [target] : leaves(target);
  let ns: NamespaceDecl | undefined = /^\s*::/.test(target.text) ? globalNamespace(ctx) : undefined;
  for (const part of parts) {
    const found: Decl[] = ns ? ctx.a.lookupQualified(ns, part.text) : ctx.a.lookup(part.text, ctx.scope);
    const next = found.find((d): d is NamespaceDecl => d.kind === 'namespace');
    if (!next) {
      const message = found.length ? `'${part.text}' is not a namespace` : `no namespace named '${part.text}'`;
      ctx.a.error(locOf(ctx, part), found.length ? 'not-a-namespace' : 'undeclared-identifier', message);
      return undefined;
    }
    ns = next;
  }
  return ns;
}

function leaves(n: Node): Node[] {
  return n.type === 'namespace_identifier' || n.type === 'identifier' ? [n] : n.namedChildren.flatMap(leaves);
}

function globalNamespace(ctx: Ctx): NamespaceDecl {
  return { kind: 'namespace', id: 0, name: '', qualifiedName: '', scope: ctx.a.global };
}
