// Resolving names written in the source — `x`, `ns::C::m`, `Tmpl<A, 3>` — to declarations,
// instantiating class templates named with arguments.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import type { AliasTemplate, ClassDecl, Decl, TemplateArg } from '../model/declarations';
import type { Type } from '../model/types';
import { passes } from './passes';

export interface Resolved {
  decls: Decl[];
  /** Explicit template arguments written after a function template name. */
  templateArgs?: TemplateArg[];
  /** The name as written (last component), for messages. */
  name: string;
  /** A pattern type (template-id over template parameters), when deducing. */
  pattern?: Type;
  /** Names a member of a template parameter (`T::x`) in a template checked before instantiation. */
  dependent?: boolean;
}

/** A template parameter of a template checked before instantiation (bound to no type yet). */
function isDependent(d: Decl): boolean {
  return d.kind === 'template-binding' && (d.arg.kind === 'type' ? d.arg.type.kind === 'error' : Number.isNaN(d.arg.value));
}

/** The decl a qualifier (`X::`) names: a namespace, class or enum; typedefs of classes are seen through. */
export function scopeDeclOf(d: Decl): Decl | undefined {
  if (d.kind === 'namespace' || d.kind === 'class' || d.kind === 'enum') return d;
  if (d.kind === 'typedef') {
    if (d.type.kind === 'class') return d.type.decl;
    if (d.type.kind === 'enum') return d.type.decl;
  }
  if (d.kind === 'template-binding' && d.arg.kind === 'type') {
    if (d.arg.type.kind === 'class') return d.arg.type.decl;
    if (d.arg.type.kind === 'enum') return d.arg.type.decl;
  }
  return undefined;
}

/** Resolves a name node; `inDecl` restricts lookup to a qualifier's scope. Reports unknown names. */
export function resolveName(ctx: Ctx, node: Node, inDecl?: Decl, quiet = false): Resolved {
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
    case 'namespace_identifier':
    case 'field_identifier':
    case 'primitive_type': {
      const name = node.text;
      const decls = inDecl ? ctx.a.lookupQualified(inDecl, name) : ctx.a.lookup(name, ctx.scope);
      if (!decls.length && !quiet) reportUnknown(ctx, node, name, inDecl);
      return { decls, name };
    }
    case 'qualified_identifier': {
      const scopeNode = node.childForFieldName('scope');
      const nameNode = node.childForFieldName('name');
      if (!nameNode) return { decls: [], name: node.text };
      let qualifier: Decl | undefined;
      if (!scopeNode && inDecl) {
        // `X:: ::name`
        if (!quiet) ctx.a.error(locOf(ctx, node), 'syntax-error', "expected a name after '::'");
        return { decls: [], name: nameNode.text };
      }
      if (!scopeNode) qualifier = ctx.a.global.owner ?? globalNamespace(ctx);
      else {
        const s = resolveName(ctx, scopeNode, inDecl, quiet);
        const found = s.decls.map(scopeDeclOf).find((d) => d !== undefined);
        if (!found && s.decls.some(isDependent)) return { decls: [], name: nameNode.text, dependent: true };
        if (!found) {
          if (s.decls.length && !quiet) ctx.a.error(locOf(ctx, scopeNode), 'not-a-scope', `'${s.name}' is not a namespace, class or enum`);
          return { decls: [], name: nameNode.text };
        }
        qualifier = found;
      }
      return resolveName(ctx, nameNode, qualifier, quiet);
    }
    case 'template_type':
    case 'template_function':
    case 'template_method': {
      const nameNode = node.childForFieldName('name');
      const argsNode = node.childForFieldName('arguments');
      if (!nameNode) return { decls: [], name: node.text };
      const base = resolveName(ctx, nameNode, inDecl, quiet);
      const args = argsNode ? passes.templateArguments(ctx, argsNode) : [];
      // an argument failed (reported already) or depends on a parameter of a template checked generically
      if (!args) return { decls: [], name: base.name, dependent: true };
      const alias = base.decls.find((d): d is AliasTemplate => d.kind === 'alias-template');
      if (alias) {
        const t = passes.instantiateAliasTemplate(ctx, alias, args, locOf(ctx, node));
        return { decls: t ? [t] : [], name: base.name };
      }
      const classTemplate = base.decls.find((d) => d.kind === 'class-template');
      if (classTemplate && classTemplate.kind === 'class-template') {
        if (args.some(argMentionsParam)) {
          return { decls: [], name: base.name, pattern: { kind: 'pattern', template: classTemplate, args } };
        }
        const inst = passes.instantiateClassTemplate(ctx, classTemplate, args, locOf(ctx, node));
        return { decls: inst ? [inst] : [], name: base.name };
      }
      // an injected class name used with arguments inside its own template
      const injected = base.decls.find((d): d is ClassDecl => d.kind === 'class' && !!d.templateInfo);
      if (injected && injected.templateInfo) {
        const inst = passes.instantiateClassTemplate(ctx, injected.templateInfo.template, args, locOf(ctx, node));
        return { decls: inst ? [inst] : [], name: base.name };
      }
      return { decls: base.decls, name: base.name, templateArgs: args };
    }
    case 'destructor_name':
      return { decls: inDecl ? ctx.a.lookupQualified(inDecl, node.text.replace(/\s+/g, '')) : [], name: node.text };
    case 'operator_name': {
      const name = normaliseOperatorName(node.text);
      const decls = inDecl ? ctx.a.lookupQualified(inDecl, name) : ctx.a.lookup(name, ctx.scope);
      return { decls, name };
    }
    case 'dependent_name':
    case 'dependent_type': {
      const inner = node.namedChild(0);
      return inner ? resolveName(ctx, inner, inDecl, quiet) : { decls: [], name: node.text };
    }
    default:
      if (!quiet) ctx.a.error(locOf(ctx, node), 'unsupported', `unsupported name '${node.text.slice(0, 40)}'`);
      return { decls: [], name: node.text };
  }
}

function argMentionsParam(a: TemplateArg): boolean {
  if (a.kind !== 'type') return false;
  const mentions = (t: Type): boolean => {
    switch (t.kind) {
      case 'tparam':
      case 'pattern':
        return true;
      case 'pointer': return mentions(t.pointee);
      case 'reference': return mentions(t.referee);
      case 'array': return mentions(t.element);
      default: return false;
    }
  };
  return mentions(a.type);
}

function globalNamespace(ctx: Ctx): Decl {
  return { kind: 'namespace', id: 0, name: '', qualifiedName: '', scope: ctx.a.global };
}

export function normaliseOperatorName(text: string): string {
  return text.replace(/\s+/g, '').replace(/^operator/, 'operator');
}

function reportUnknown(ctx: Ctx, node: Node, name: string, inDecl?: Decl): void {
  if (inDecl) {
    const where = inDecl.kind === 'class' ? inDecl.displayName() : 'qualifiedName' in inDecl ? inDecl.qualifiedName : '';
    const kind = inDecl.kind === 'namespace' ? 'namespace' : inDecl.kind === 'enum' ? 'enum' : 'class';
    ctx.a.error(locOf(ctx, node), 'unknown-member', `no member named '${name}' in ${kind} '${where || '::'}'`);
  } else if (passes.isUnexpandedPack(ctx, name)) ctx.a.error(locOf(ctx, node), 'bad-pack', `parameter pack '${name}' must be expanded with '...'`);
  else ctx.a.error(locOf(ctx, node), 'undeclared-identifier', `use of undeclared identifier '${name}'`);
}
