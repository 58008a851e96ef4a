// Walks declarations — namespaces, using, typedefs, variables, functions, classes, enums, templates,
// static_assert — entering them into scopes; class bodies are elaborated here for plain classes and
// for template instances alike.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { activeAnalyzer, type Analyzer } from './analyzer';
import { type Ctx, containsAuto, locOf, withScope } from './context';
import {
  ClassDecl, Loc, newId, qualify, Scope, type Access, type ClassTemplate, type EnumDecl, type FunctionDecl,
  type FunctionTemplate, type NamespaceDecl, type TemplateArg, type TemplateParam, type TypedefDecl, type Unit, type VarDecl,
} from '../model/declarations';
import { checkStaticAssert } from './check-expr';
import { templateParamPack } from './variadic';
import { bitFieldClause, bitFieldWidth, declareUnnamedBitField } from './bitfields';
import { completeArrayType } from '../model/expressions';
import { resolveName, scopeDeclOf } from './names';
import { declareNamespaceAlias } from './namespace-aliases';
import { declareAnonymousMember } from './anonymous-members';
import {
  applyDeclarator, declaredBaseType, explicitAlignment, hasDefaultClause, hasDeleteClause, specifierFlags, typeFromDescriptor, typeFromSpecifier,
  type DeclaratorInfo, type SpecifierFlags,
} from './type-syntax';
import { ERROR, INT, isIntegral, isScalar, sameType, VOID, quoteType, unqualified, type Type } from '../model/types';
import { mayBeMisparsed, misparsedDeclaration } from './misparsed-declarations';
import { declareSpecialMembers } from './special-members';
import { hasMemberInitialiser } from './initialisers-outside-bodies';
import { passes } from './passes';

/** Declares a unit's top-level declaration (or, for a whole translation unit, each one) globally. */
export function declareUnit(a: Analyzer, unit: Unit, root: Node): void {
  const ctx: Ctx = { a, unit, scope: a.global };
  if (root.type === 'translation_unit') declareList(ctx, root, 'public');
  else if (root.isNamed) declareOne(ctx, root, 'public');
}

export function declareList(ctx: Ctx, list: Node, access: Access, cls?: ClassDecl): Access {
  let acc = access;
  for (const child of list.namedChildren) acc = declareOne(ctx, child, acc, cls);
  return acc;
}

function declareOne(ctx: Ctx, node: Node, access: Access, cls?: ClassDecl): Access {
  try {
    return declareOneInner(ctx, node, access, cls);
  } catch (e) {
    ctx.a.error(locOf(ctx, node), 'internal', `internal analyser error: ${(e as Error).message}`);
    return access;
  }
}

function declareOneInner(ctx: Ctx, node: Node, access: Access, cls?: ClassDecl): Access {
  switch (node.type) {
    case 'comment':
      return access;
    case 'access_specifier':
      return (node.text.replace(':', '').trim() as Access) || access;
    case 'namespace_definition':
      declareNamespace(ctx, node);
      return access;
    case 'namespace_alias_definition':
      declareNamespaceAlias(ctx, node);
      return access;
    case 'linkage_specification': {
      const body = node.childForFieldName('body');
      if (body?.type === 'declaration_list') declareList(ctx, body, access, cls);
      else if (body) declareOne(ctx, body, access, cls);
      return access;
    }
    case 'using_declaration':
      declareUsing(ctx, node);
      return access;
    case 'alias_declaration': {
      const name = node.childForFieldName('name');
      const t = node.childForFieldName('type');
      if (name && t) ctx.scope.add(name.text, typedefDecl(ctx, name.text, typeFromDescriptor(ctx, t), locOf(ctx, name)));
      return access;
    }
    case 'type_definition': {
      const { type } = declaredBaseType(ctx, node);
      for (const d of node.childrenForFieldName('declarator')) {
        if (!d) continue;
        const info = applyDeclarator(ctx, type, d);
        if (info.name) ctx.scope.add(info.name, typedefDecl(ctx, info.name, info.type, locOf(ctx, info.nameNode ?? d)));
      }
      return access;
    }
    case 'static_assert_declaration':
      checkStaticAssert(ctx, node);
      return access;
    case 'class_specifier':
    case 'struct_specifier':
    case 'union_specifier':
      declareClassSpecifier(ctx, node, access);
      return access;
    case 'enum_specifier':
      declareEnumSpecifier(ctx, node);
      return access;
    case 'declaration':
    case 'field_declaration':
      declareDeclaration(ctx, node, access, cls);
      return access;
    case 'function_definition':
      declareFunctionDefinition(ctx, node, access, cls);
      return access;
    case 'template_declaration':
      declareTemplate(ctx, node, access, cls);
      return access;
    case 'friend_declaration':
      if (cls) cls.hasFriends = true;
      // a friend function defined in the class: a non-member in the class's scope, found by
      // argument-dependent lookup (adl.ts) and by operator lookup; friend declarations name others
      if (cls && !cls.templateInfo) for (const c of node.namedChildren) if (c.type === 'function_definition') declareFunctionDefinition(ctx, c, 'public', undefined);
      return access;
    case 'expression_statement': {
      // `int (*row)[4] = a;` at namespace scope (see misparsed-declarations.ts)
      const e = node.namedChild(0);
      const m = !cls && mayBeMisparsed(e) ? misparsedDeclaration(ctx, e) : undefined;
      if (m) declareVariable(ctx, node, m.info, specifierFlags(node), undefined, m.init);
      return access;
    }
    case 'empty_declaration':
      return access;
    case 'ERROR':
      // keep what parsed inside a broken region
      declareList(ctx, node, access, cls);
      return access;
    default:
      if (node.type.endsWith('_statement')) ctx.a.error(locOf(ctx, node), 'syntax-error', 'expected a declaration');
      return access;
  }
}

function typedefDecl(ctx: Ctx, name: string, type: Type, loc: Loc): TypedefDecl {
  const k = ctx.scope.kind;
  return { kind: 'typedef', id: newId(), name, qualifiedName: qualify(ctx.scope, name), type, loc, namespaceScope: k === 'global' || k === 'namespace' };
}

function declareNamespace(ctx: Ctx, node: Node): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  const name = nameNode?.text ?? '';
  let ns = ctx.scope.members.get(name)?.find((d): d is NamespaceDecl => d.kind === 'namespace');
  if (!ns) {
    const earlier = ctx.scope.underlying?.own(name).find((d): d is NamespaceDecl => d.kind === 'namespace');
    const scope = new Scope('namespace', ctx.scope);
    ns = { kind: 'namespace', id: newId(), name, qualifiedName: qualify(ctx.scope, name), scope, loc: nameNode ? locOf(ctx, nameNode) : undefined };
    (scope as { owner?: unknown }).owner = ns;
    if (earlier) scope.underlying = earlier.scope;
    if (name) ctx.scope.add(name, ns);
    else ctx.scope.usingDirectives.push(ns);
  }
  if (body) declareList(withScope(ctx, ns.scope), body, 'public');
}

function declareUsing(ctx: Ctx, node: Node): void {
  const isNamespace = node.children.some((c) => c?.type === 'namespace');
  const target = node.namedChildren.find((c) => c && c.type !== 'comment');
  if (!target) return;
  const r = resolveName(ctx, target);
  if (isNamespace) {
    const ns = r.decls.find((d): d is NamespaceDecl => d.kind === 'namespace');
    if (ns) ctx.scope.usingDirectives.push(ns);
    else if (r.decls.length) ctx.a.error(locOf(ctx, target), 'not-a-namespace', `'${r.name}' is not a namespace`);
    return;
  }
  for (const d of r.decls) ctx.scope.add(r.name, d);
}

// ---- classes and enums ---------------------------------------------------------------------------

/** A class-specifier: defines the class when it has a body, else names (or forward-declares) it. */
export function declareClassSpecifier(ctx: Ctx, node: Node, access: Access = 'public'): ClassDecl | undefined {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  const key = node.type === 'struct_specifier' ? 'struct' : node.type === 'union_specifier' ? 'union' : 'class';
  if (!body) {
    if (!nameNode) return undefined;
    const found = resolveName(ctx, nameNode, undefined, true).decls.find((d): d is ClassDecl => d.kind === 'class');
    if (found) return found;
    const fwd = new ClassDecl(nameNode.text, qualify(ctx.scope, nameNode.text), key, ctx.scope, locOf(ctx, nameNode));
    ctx.scope.add(nameNode.text, fwd);
    return fwd;
  }
  const name = nameNode?.text ?? '';
  let cls = name ? ctx.scope.members.get(name)?.find((d): d is ClassDecl => d.kind === 'class' && !d.complete && !d.templateInfo) : undefined;
  if (cls && cls.complete) cls = undefined;
  if (!cls) {
    cls = new ClassDecl(name || '(anonymous)', qualify(ctx.scope, name || '(anonymous)'), key, ctx.scope, locOf(ctx, nameNode ?? node));
    if (name) ctx.scope.add(name, cls);
  }
  void access;
  elaborateClass(withScope(ctx, ctx.scope), cls, node);
  if (!ctx.unit.system) ctx.a.userClasses.push(cls);
  return cls;
}

/** Elaborates a class body into `cls`: base, members, implicit special members. */
export function elaborateClass(ctx: Ctx, cls: ClassDecl, node: Node): void {
  cls.elaborating = true;
  cls.alignas = explicitAlignment(ctx, node);
  const inner = withScope(ctx, cls.scope);
  const baseClause = node.children.find((c) => c?.type === 'base_class_clause');
  if (baseClause) declareBases(ctx, cls, baseClause);
  // the injected class name
  cls.scope.add(cls.templateInfo ? cls.templateInfo.template.name : cls.name, cls);
  const body = node.childForFieldName('body');
  if (body) declareList(inner, body, cls.key === 'class' ? 'private' : 'public', cls);
  finishClass(ctx, cls);
  cls.elaborating = false;
}

/**
 * The base-specifiers of a class. The device's C++ subset has single, non-virtual inheritance only:
 * a second base or a virtual one is an error at its specifier (the first base is still recorded, so
 * names from it resolve).
 */
function declareBases(ctx: Ctx, cls: ClassDecl, clause: Node): void {
  const defaultAccess: Access = cls.key === 'class' ? 'private' : 'public';
  let access: Access | undefined;
  let isVirtual = false;
  let specStart: Node | undefined;
  for (const b of clause.children) {
    if (b.type === 'virtual' || b.type === 'access_specifier') {
      if (b.type === 'virtual') isVirtual = true;
      else access = b.text as Access;
      specStart ??= b;
      continue;
    }
    if (!b.isNamed || b.type === 'comment') continue;
    const spec = new Loc(ctx.unit, (specStart ?? b).startIndex, b.endIndex);
    const baseAccess = access ?? defaultAccess;
    const virtualBase = isVirtual;
    access = undefined;
    isVirtual = false;
    specStart = undefined;
    if (clause.children[clause.children.indexOf(b) + 1]?.type === '...') {
      ctx.a.error(spec, 'unsupported', 'pack expansion in a base-specifier is not supported');
      cls.unknownBase = true;
      continue;
    }
    const t = typeFromSpecifier(ctx, b);
    if (t.kind === 'error') {
      cls.unknownBase = true;
      continue;
    }
    if (t.kind !== 'class') {
      ctx.a.error(locOf(ctx, b), 'bad-base', `base specifier must name a class (it names ${quoteType(t)})`);
      continue;
    }
    if (!t.decl.require() || t.decl === cls) {
      ctx.a.error(locOf(ctx, b), 'incomplete-type', `base class has incomplete type ${quoteType(t)}`);
      continue;
    }
    if (cls.base) {
      ctx.a.error(spec, 'unsupported', `multiple inheritance is not supported on this target's SDK subset ('${cls.name}' already derives from '${cls.base.name}'; a class may have one base class)`);
      continue;
    }
    if (virtualBase) ctx.a.error(spec, 'unsupported', "virtual inheritance is not supported on this target's SDK subset (derive without 'virtual')");
    cls.base = t.decl;
    cls.baseAccess = baseAccess;
  }
}

function finishClass(ctx: Ctx, cls: ClassDecl): void {
  void ctx;
  const own = [...cls.scope.members.values()].flat();
  const fns = own.filter((d): d is FunctionDecl => d.kind === 'function' && d.owner === cls);
  if (cls.base?.polymorphic || fns.some((f) => f.isVirtual)) cls.polymorphic = true;
  const ctorName = cls.templateInfo ? cls.templateInfo.template.name : cls.name;
  const ctors = own.filter((d) => (d.kind === 'function' && d.role === 'constructor') || (d.kind === 'function-template' && d.name === ctorName));
  declareSpecialMembers(cls, hasMemberInitialiser);
  if (fns.some((d) => d.role === 'destructor')) cls.hasUserDestructor = true;
  if (ctors.some((d) => d.kind === 'function-template' || (d.kind === 'function' && !d.implicit))) cls.hasUserConstructor = true;
  cls.complete = true;
}

export function declareEnumSpecifier(ctx: Ctx, node: Node): EnumDecl | undefined {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  const name = nameNode?.text ?? '(anonymous enum)';
  if (!body && nameNode) {
    const found = resolveName(ctx, nameNode, undefined, true).decls.find((d): d is EnumDecl => d.kind === 'enum');
    if (found) return found;
  }
  const scoped = node.children.some((c) => c?.type === 'class' || c?.type === 'struct');
  const baseNode = node.childForFieldName('base');
  const underlying = baseNode ? typeFromSpecifier(ctx, baseNode) : INT;
  const e: EnumDecl = {
    kind: 'enum', id: newId(), name, qualifiedName: qualify(ctx.scope, name), scoped, underlying, fixed: scoped || !!baseNode,
    scope: new Scope('namespace', ctx.scope), loc: locOf(ctx, nameNode ?? node),
  };
  if (nameNode) ctx.scope.add(name, e);
  let next = 0;
  for (const en of body?.namedChildren ?? []) {
    if (!en || en.type !== 'enumerator') continue;
    const n = en.childForFieldName('name');
    const v = en.childForFieldName('value');
    if (!n) continue;
    if (v) {
      const value = passes.constantValue(withScope(ctx, e.scope), v);
      if (value === undefined) ctx.a.error(locOf(ctx, v), 'not-constant', 'enumerator value is not a constant expression');
      else next = value;
    }
    const decl = { kind: 'enumerator' as const, id: newId(), name: n.text, value: next, enumDecl: e, loc: locOf(ctx, n) };
    e.scope.add(n.text, decl);
    if (!scoped) ctx.scope.add(n.text, decl);
    next++;
  }
  return e;
}

// ---- variables and functions ---------------------------------------------------------------------

function declareDeclaration(ctx: Ctx, node: Node, access: Access, cls?: ClassDecl): void {
  const typeNode = node.childForFieldName('type');
  const declarators = node.childrenForFieldName('declarator').filter((d): d is Node => d !== null);
  const { type, flags } = typeNode ? declaredBaseType(ctx, node) : { type: VOID, flags: undefinedFlags(node) };
  for (const d of declarators) {
    const info = applyDeclarator(ctx, type, d);
    const clause = cls && !flags.static ? bitFieldClause(node, d) : undefined;
    if (clause && !info.name) {
      declareUnnamedBitField(ctx, cls!, clause, info.type);
      continue;
    }
    if (info.fn) {
      const deleted = isDeletedInit(info);
      declareFunction(ctx, node, info, flags, access, cls, undefined, deleted, !typeNode);
      continue;
    }
    if (!info.name) continue;
    if (cls && !flags.static) {
      if (info.type.kind === 'function') continue;
      let ft = info.type;
      if (containsAuto(ft)) {
        ctx.a.error(locOf(ctx, d), 'bad-auto', "'auto' not allowed in a non-static class member");
        ft = ERROR;
      }
      const bitWidth = clause ? bitFieldWidth(ctx, clause, ft, true) : undefined;
      const align = explicitAlignment(ctx, node);
      cls.fields.push({ kind: 'field', id: newId(), name: info.name, type: ft, owner: cls, mutable: flags.mutable, access, loc: locOf(ctx, info.nameNode ?? d), ...(bitWidth !== undefined ? { bitWidth } : {}), ...(align ? { align } : {}) });
      cls.scope.add(info.name, cls.fields[cls.fields.length - 1]);
      if (ft.kind === 'class' && !ft.decl.require()) ctx.a.error(locOf(ctx, d), 'incomplete-type', `field has incomplete type ${quoteType(ft)}`);
      continue;
    }
    declareVariable(ctx, node, info, flags, cls, node.childForFieldName('default_value') ?? info.initNode);
  }
  if (declarators.length === 0 && typeNode && node.type === 'field_declaration' && cls) {
    // `union { int i; float f; };`: an anonymous member (`enum E {...};` or a nested class: already declared)
    declareAnonymousMember(ctx, cls, type, node, access);
  }
}

function undefinedFlags(node: Node): SpecifierFlags {
  return { const: false, volatile: false, static: false, extern: false, inline: false, constexpr: false, mutable: false, virtual: node.children.some((c) => c?.type === 'virtual'), explicit: node.children.some((c) => c?.type === 'explicit_function_specifier') };
}

/** tree-sitter-cpp reads `template<...> R f() && = delete;` as an init-declarator with a broken delete-expression. */
function isDeletedInit(info: DeclaratorInfo): boolean {
  return !!info.initNode && info.initNode.type === 'delete_expression';
}

/** The name of a definition is (or is the last part of) a qualified name: `int S::n = 1;`. */
function namedByQualifier(name: Node): boolean {
  let n = name;
  for (let c = n.children.find((x) => x.startIndex <= name.startIndex && x.endIndex >= name.endIndex); c; c = n.children.find((x) => x.startIndex <= name.startIndex && x.endIndex >= name.endIndex)) n = c;
  return n.type === 'qualified_identifier' || n.parent?.type === 'qualified_identifier';
}

function declareVariable(outer: Ctx, node: Node, info: DeclaratorInfo, flags: SpecifierFlags, cls: ClassDecl | undefined, init: Node | null | undefined): VarDecl {
  const name = info.name!;
  // `int S::n = e;` (a static data member's definition): the initialiser's names are looked up in S
  const q = info.qualifierNode && !cls ? info.qualifierNode.childForFieldName('scope') : undefined;
  const owner = q ? resolveName(outer, q).decls.map(scopeDeclOf).find((d) => d !== undefined) : undefined;
  const ctx = owner?.kind === 'class' ? withScope(outer, owner.scope) : outer;
  if (owner?.kind === 'namespace' && !outer.unit.system) {
    outer.a.error(locOf(outer, info.nameNode ?? node), 'unsupported', `a namespace's variable defined through a qualified name ('${info.qualifierNode?.text ?? name}') is not supported: define it inside its namespace`);
  }
  let type = info.type;
  if (containsAuto(type) && init) type = passes.checkExpr(ctx, init).type;
  // `T a[] = {…}` / `char s[] = "…"`: the initialiser gives the length (and is checked here, once)
  const initExpr = init && !cls && type.kind === 'array' && type.length === undefined ? passes.checkExpr(ctx, init) : undefined;
  if (initExpr) type = completeArrayType(type, [initExpr]);
  const v: VarDecl = {
    kind: 'var', id: newId(), name, type, storage: cls ? 'static-member' : 'global', constexpr: flags.constexpr,
    loc: locOf(ctx, info.nameNode ?? node), qualifiedName: qualify(outer.scope, name), owner: cls,
    ...(!cls && namedByQualifier(info.nameNode ?? node) ? { qualifiedDefinition: true } : {}),
    ...(!cls && flags.extern ? { declaredExtern: true } : {}),
  };
  const align = explicitAlignment(ctx, node);
  if (align) (v as { align?: number }).align = align;
  if (init && (flags.constexpr || type.const) && (isIntegral(type) || type.kind === 'enum')) {
    const declCtx = ctx;
    v.evaluate = () => {
      v.evaluate = undefined;
      const scopeCtx = { ...declCtx, a: activeAnalyzer(declCtx.a) };
      const value = passes.constantValue(scopeCtx, init);
      if (value !== undefined) v.value = value;
      else if (flags.constexpr) scopeCtx.a.error(locOf(scopeCtx, init), 'not-constant', `constexpr variable '${name}' must be initialised by a constant expression`);
    };
    if (!cls) v.evaluate();
  } else if (init && !cls && init.type === 'argument_list') {
    // `T v(a, b);`: each argument is checked here (the whole initialisation when the compiler asks for it)
    for (const c of init.namedChildren) if (c.type !== 'comment') passes.checkExpr(ctx, c);
  } else if (init && !cls) {
    const e = initExpr ?? passes.checkConverted(ctx, init, type);
    // a scalar (number, pointer, enum) initialised by one expression: the conversion is checked as for locals
    if (!ctx.unit.system && isScalar(type) && !e.list && init.type !== 'argument_list') passes.convertOrReport(ctx, e, unqualified(type), locOf(ctx, init), 'initialising');
  }
  if (!cls && !q && !flags.extern && !ctx.unit.system && definedBefore(outer.scope, name)) ctx.a.error(v.loc, 'redefinition', `redefinition of '${name}'`);
  outer.scope.add(name, v);
  return v;
}

/** A namespace-scope variable of the user's code defined (not only declared `extern`) in `scope` under `name`. */
function definedBefore(scope: Scope, name: string): boolean {
  return scope.own(name).some((d) => d.kind === 'var' && d.storage === 'global' && !d.declaredExtern && !d.qualifiedDefinition && !d.loc.unit.system);
}

function declareFunctionDefinition(ctx: Ctx, node: Node, access: Access, cls?: ClassDecl): FunctionDecl | undefined {
  const typeNode = node.childForFieldName('type');
  const { type, flags } = typeNode ? declaredBaseType(ctx, node) : { type: VOID, flags: undefinedFlags(node) };
  const info = applyDeclarator(ctx, type, node.childForFieldName('declarator'));
  if (!info.fn) {
    ctx.a.error(locOf(ctx, node), 'syntax-error', 'expected a function declarator');
    return undefined;
  }
  const body = node.childForFieldName('body');
  return declareFunction(ctx, node, info, flags, access, cls, body ?? undefined, hasDeleteClause(node), !typeNode);
}

/** Declares (or finds the earlier declaration of) a function and attaches a body. */
export function declareFunction(
  ctx: Ctx, node: Node, info: DeclaratorInfo, flags: SpecifierFlags, access: Access, cls: ClassDecl | undefined,
  body: Node | undefined, deleted: boolean, noReturnType: boolean, register = true,
): FunctionDecl | undefined {
  const fn = info.fn!;
  let owner = cls;
  let scope = ctx.scope;
  let bodyScope = ctx.scope;
  if (info.qualifierNode && !cls) {
    // out-of-class definition: `R C::f(...) { }`
    const q = info.qualifierNode.childForFieldName('scope');
    const found = q ? resolveName(ctx, q).decls.map(scopeDeclOf).find((d) => d !== undefined) : undefined;
    if (!found) return undefined;
    if (found.kind === 'class') {
      owner = found;
      scope = found.scope;
      bodyScope = found.scope;
    } else if (found.kind === 'namespace') {
      scope = found.scope;
      bodyScope = found.scope;
    }
  }
  const name = info.name ?? '';
  const ownerName = owner ? (owner.templateInfo ? owner.templateInfo.template.name : owner.name) : '';
  let role: FunctionDecl['role'] = info.role === 'object' ? 'function' : (info.role as FunctionDecl['role']);
  if (owner && noReturnType && name === ownerName) role = 'constructor';
  const ret = role === 'constructor' || role === 'destructor' ? VOID : info.type.kind === 'function' ? info.type.ret : info.type;
  const isVirtual = flags.virtual;
  // an earlier declaration of the same function
  const earlier = scope.own(name).find((d): d is FunctionDecl => d.kind === 'function' && !d.implicit && sameSignature(d, fn.params.map((p) => p.type), fn.isConst, fn.refQualifier));
  if (earlier && body && earlier.loc.unit.shared && !ctx.unit.shared && !earlier.body) {
    // a user definition of a function the cached SDK layer declares: checked, but the layer stays as it is
    const copy: FunctionDecl = { ...earlier, id: newId(), params: fn.params, loc: locOf(ctx, info.nameNode ?? node), analysed: undefined };
    copy.body = { node: body, unit: ctx.unit, scope: bodyScope, initNode: node.children.find((c) => c?.type === 'field_initializer_list') ?? undefined };
    copy.definedAt = newId();
    scheduleBody(ctx.a, copy, ctx.unit);
    return copy;
  }
  if (earlier) {
    if (flags.constexpr) earlier.constexpr = true;
    if (body) {
      if (earlier.body && !ctx.unit.system) ctx.a.error(locOf(ctx, info.nameNode ?? node), 'redefinition', `redefinition of '${name}'`);
      else {
        earlier.body = { node: body, unit: ctx.unit, scope: bodyScope, initNode: node.children.find((c) => c?.type === 'field_initializer_list') ?? undefined };
        earlier.params = fn.params;
        earlier.definedAt = newId();
        scheduleBody(ctx.a, earlier, ctx.unit);
      }
    }
    return earlier;
  }
  if (info.qualifierNode && !cls && owner) {
    ctx.a.error(locOf(ctx, info.nameNode ?? node), 'no-such-member', `out-of-line definition of '${name}' does not match any declaration in '${owner.displayName()}'`);
    return undefined;
  }
  if (info.qualifierNode && !cls && scope !== ctx.scope && scope.owner?.kind === 'namespace') {
    // `R ns::f(...)` must name a function ns already declares; it never adds one (and so never changes
    // a namespace of the cached SDK layer)
    ctx.a.error(locOf(ctx, info.nameNode ?? node), 'no-such-member', `out-of-line definition of '${name}' does not match any declaration in namespace '${scope.owner.qualifiedName}'`);
    return undefined;
  }
  const f: FunctionDecl = {
    kind: 'function', id: newId(), name, qualifiedName: qualify(scope, name), params: fn.params, ret, variadic: fn.variadic,
    owner, isConst: fn.isConst, refQualifier: fn.refQualifier, isStatic: flags.static, isVirtual, deleted,
    explicit: flags.explicit, role, access, loc: locOf(ctx, info.nameNode ?? node),
  };
  if (flags.constexpr) f.constexpr = true;
  if (role === 'destructor' && owner?.base) {
    const bd = owner.base.scope.members.get(`~${owner.base.templateInfo ? owner.base.templateInfo.template.name : owner.base.name}`)?.[0];
    if (bd && bd.kind === 'function' && bd.isVirtual) f.isVirtual = true;
  }
  if (hasDefaultClause(node) || deleted) f.body = undefined;
  if (hasDefaultClause(node) && cls) f.defaulted = true;
  if (body) {
    f.body = { node: body, unit: ctx.unit, scope: bodyScope, initNode: node.children.find((c) => c?.type === 'field_initializer_list') ?? undefined };
    f.definedAt = newId();
  }
  if (register) {
    scope.add(name, f);
    if (body) scheduleBody(ctx.a, f, ctx.unit);
  }
  return f;
}

function scheduleBody(a: Analyzer, f: FunctionDecl, unit: Unit): void {
  if (unit.system && !a.options.checkSystemBodies) return;
  if (isInTemplateInstance(f)) return;
  a.pendingBodies.push(f);
  if (a.currentBody) {
    const list = a.nestedBodies.get(a.currentBody);
    if (list) list.push(f);
    else a.nestedBodies.set(a.currentBody, [f]);
  }
}

function isInTemplateInstance(f: FunctionDecl): boolean {
  for (let c = f.owner; c; c = c.declScope.owner?.kind === 'class' ? (c.declScope.owner as ClassDecl) : undefined) if (c.templateInfo) return true;
  return !!f.templateInfo;
}

function sameSignature(d: FunctionDecl, params: Type[], isConst: boolean, ref: string): boolean {
  return d.params.length === params.length && d.isConst === isConst && d.refQualifier === ref && d.params.every((p, i) => sameType(p.type, params[i]));
}

// ---- templates --------------------------------------------------------------------------------------

export function templateParams(ctx: Ctx, list: Node): TemplateParam[] {
  const out: TemplateParam[] = [];
  for (const p of list.namedChildren) {
    if (!p) continue;
    const index = out.length;
    const loc = locOf(ctx, p);
    switch (p.type) {
      case 'type_parameter_declaration':
      case 'optional_type_parameter_declaration': {
        const n = p.childForFieldName('name') ?? p.namedChildren.find((c) => c?.type === 'type_identifier') ?? null;
        out.push({ kind: 'template-param', name: n?.text ?? `$${index}`, index, isType: true, defaultNode: p.childForFieldName('default_type') ?? undefined, loc });
        break;
      }
      case 'parameter_declaration':
      case 'optional_parameter_declaration': {
        const d = p.childForFieldName('declarator');
        out.push({ kind: 'template-param', name: d?.text ?? `$${index}`, index, isType: false, defaultNode: p.childForFieldName('default_value') ?? undefined, loc, valueType: undefined });
        break;
      }
      default: {
        const pack = templateParamPack(ctx, p, index);
        if (pack) out.push(pack);
        else ctx.a.error(loc, 'unsupported', `unsupported template parameter '${p.text.slice(0, 40)}'`);
      }
    }
  }
  // non-type parameter types are resolved with the earlier parameters visible as placeholders
  const scope = patternScope(ctx, out);
  list.namedChildren.forEach((p, i) => {
    if (p && !out[i]?.isType && out[i]) out[i].valueType = typeFromSpecifier(withScope(ctx, scope), p.childForFieldName('type'));
  });
  return out;
}

/** A scope binding each parameter to a placeholder (for patterns: specialisation args, deduction). */
export function patternScope(ctx: Ctx, params: TemplateParam[]): Scope {
  const s = new Scope('template', ctx.scope);
  for (const p of params) s.add(p.name, { kind: 'template-binding', param: p, arg: { kind: 'type', type: { kind: 'tparam', param: p } } });
  return s;
}

function declareTemplate(ctx: Ctx, node: Node, access: Access, cls?: ClassDecl): void {
  const paramsNode = node.childForFieldName('parameters');
  const inner = node.namedChildren.find((c) => c && c !== paramsNode && c.type !== 'comment');
  if (!paramsNode || !inner) return;
  const params = templateParams(ctx, paramsNode);
  const loc = locOf(ctx, node);
  if (inner.type === 'class_specifier' || inner.type === 'struct_specifier' || inner.type === 'union_specifier') {
    const nameNode = inner.childForFieldName('name');
    if (!nameNode) return;
    if (nameNode.type === 'template_type') {
      // partial specialisation
      const primaryName = nameNode.childForFieldName('name')?.text ?? '';
      const primary = ctx.a.lookup(primaryName, ctx.scope).find((d): d is ClassTemplate => d.kind === 'class-template');
      if (!primary) {
        ctx.a.error(locOf(ctx, nameNode), 'unknown-template', `no class template named '${primaryName}' to specialise`);
        return;
      }
      if (primary.loc.unit.shared && !ctx.unit.shared) {
        ctx.a.warning(locOf(ctx, nameNode), 'unsupported', `specialising the SDK template '${primary.qualifiedName}' is not supported`);
        return;
      }
      const argsNode = nameNode.childForFieldName('arguments');
      primary.partials.push({ params, patternNodes: argsNode ? argsNode.namedChildren.filter((c): c is Node => !!c) : [], node: inner, unit: ctx.unit, loc });
      return;
    }
    const name = nameNode.text;
    const existing = ctx.scope.own(name).find((d): d is ClassTemplate => d.kind === 'class-template');
    if (existing) {
      if (inner.childForFieldName('body') && !(existing.loc.unit.shared && !ctx.unit.shared)) {
        existing.node = inner;
        existing.unit = ctx.unit;
      }
      return;
    }
    const t: ClassTemplate = {
      kind: 'class-template', id: newId(), name, qualifiedName: qualify(ctx.scope, name), params,
      node: inner.childForFieldName('body') ? inner : undefined, unit: ctx.unit, declScope: ctx.scope,
      instances: new Map(), partials: [], loc: locOf(ctx, nameNode),
    };
    ctx.scope.add(name, t);
    if (!ctx.unit.system && t.node && !cls) scheduleGenericClassCheck(ctx, t);
    return;
  }
  if (inner.type === 'function_definition' || inner.type === 'declaration' || inner.type === 'field_declaration') {
    const pscope = patternScope(ctx, params);
    const pctx = withScope(ctx, pscope);
    const typeNode = inner.childForFieldName('type');
    const { type } = typeNode ? declaredBaseType(pctx, inner) : { type: VOID };
    const d = inner.childForFieldName('declarator');
    const info = applyDeclarator(pctx, type, d);
    if (!info.name) return;
    const t: FunctionTemplate = {
      kind: 'function-template', id: newId(), name: info.name, qualifiedName: qualify(ctx.scope, info.name), params,
      node: inner, unit: ctx.unit, declScope: ctx.scope, owner: cls, access, instances: new Map(), loc: locOf(ctx, info.nameNode ?? inner),
    };
    ctx.scope.add(info.name, t);
    if (!ctx.unit.system && inner.type === 'function_definition') scheduleGenericCheck(ctx, t);
    return;
  }
  if (inner.type === 'alias_declaration') {
    const name = inner.childForFieldName('name');
    const typeNode = inner.childForFieldName('type');
    if (!name || !typeNode) return;
    ctx.scope.add(name.text, {
      kind: 'alias-template', id: newId(), name: name.text, qualifiedName: qualify(ctx.scope, name.text), params, typeNode,
      unit: ctx.unit, declScope: ctx.scope, loc: locOf(ctx, name),
    });
    return;
  }
  if (inner.type === 'template_declaration') ctx.a.warning(loc, 'unsupported', 'nested template declarations are not modelled');
}

/**
 * Schedules the check of a template's body before any instantiation: its parameters are bound to no
 * type or value (the error type, which every check lets through), so what does not depend on them —
 * unknown names, wrong calls on concrete types, syntax — is reported at the definition.
 */
function scheduleGenericCheck(ctx: Ctx, t: FunctionTemplate): void {
  const args = genericArgs(t.params);
  const scope = new Scope('template', t.declScope);
  t.params.forEach((p, i) => scope.add(p.name, { kind: 'template-binding', param: p, arg: args[i] }));
  const fn = declareFunctionInstance({ a: ctx.a, unit: ctx.unit, scope }, t);
  if (!fn || !fn.body) return;
  fn.generic = true;
  ctx.a.pendingBodies.push(fn);
}

/** Template arguments bound to nothing: the error type, or a value that is not a number. */
function genericArgs(params: TemplateParam[]): TemplateArg[] {
  return params.map((p) => (p.isType ? { kind: 'type', type: ERROR } : { kind: 'value', value: NaN, valueType: ERROR }));
}

/**
 * Checks a class template before any instantiation, like scheduleGenericCheck: the class is
 * elaborated once with its parameters bound to nothing (an instance no name refers to), and its
 * member functions' bodies are scheduled, so what does not depend on the parameters is reported at
 * the definition.
 */
function scheduleGenericClassCheck(ctx: Ctx, t: ClassTemplate): void {
  const node = t.node;
  if (!node) return;
  const args = genericArgs(t.params);
  const scope = passes.bindingScope(t.declScope, t.params, args);
  const key = node.type === 'struct_specifier' ? 'struct' : node.type === 'union_specifier' ? 'union' : 'class';
  const cls = new ClassDecl(t.name, t.qualifiedName, key, scope, t.loc, { template: t, args });
  elaborateClass({ a: ctx.a, unit: ctx.unit, scope }, cls, node);
  for (const decls of cls.scope.members.values()) {
    for (const f of decls) {
      if (f.kind !== 'function' || !f.body || f.owner !== cls || f.analysed) continue;
      f.generic = true;
      ctx.a.pendingBodies.push(f);
    }
  }
}

/** Declares an instance of a function template from its node, in a scope binding its parameters. */
export function declareFunctionInstance(ctx: Ctx, t: FunctionTemplate): FunctionDecl | undefined {
  const inner = t.node;
  const typeNode = inner.childForFieldName('type');
  const { type, flags } = typeNode ? declaredBaseType(ctx, inner) : { type: VOID, flags: undefinedFlags(inner) };
  const info = applyDeclarator(ctx, type, inner.childForFieldName('declarator'));
  if (!info.fn) return undefined;
  const body = inner.type === 'function_definition' ? inner.childForFieldName('body') ?? undefined : undefined;
  const deleted = inner.type === 'function_definition' ? hasDeleteClause(inner) : isDeletedInit(info);
  return declareFunction(ctx, inner, info, flags, t.access, t.owner, body, deleted, !typeNode, false);
}

export { Loc };
