// Structured bindings (C++17 [dcl.struct.bind]): `auto [x, y] = e;`, `auto& [a, b] = s;`, and the same
// as a range-based for's declaration. A hidden variable (the object, or a reference to it, per the
// declaration) is initialised from the initialiser; each name then refers to one of its subobjects —
// an element of an array, or a public non-static data member of a class (all of them declared in the
// class itself or all in one base). The tuple-like protocol (std::tuple_size / get) is not modelled.

import type { BindingName, StructuredBinding } from '../model/bodies';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf } from './context';
import { classOf } from './conversions';
import { newId, type ClassDecl, type FieldDecl, type Loc, type VarDecl } from '../model/declarations';
import { ERROR, nonReference, quoteType, withQuals, type Type } from '../model/types';

/** The parts of a structured binding declarator: the names' list and the reference kind, if any. */
export interface BindingDeclarator {
  readonly list: Node;
  readonly ref?: '&' | '&&';
}

/**
 * The structured binding a declarator declares, if it is one (cheap: looks at most two nodes deep).
 * `d` is a declaration's declarator (an init_declarator, or a function_declarator for `auto [a, b](e)`)
 * or a range-based for's declarator.
 */
export function bindingDeclarator(d: Node | null): BindingDeclarator | undefined {
  if (!d) return undefined;
  const inner = d.type === 'init_declarator' || d.type === 'function_declarator' ? d.childForFieldName('declarator') : d;
  if (!inner) return undefined;
  if (inner.type === 'structured_binding_declarator') return { list: inner };
  if (inner.type !== 'reference_declarator') return undefined;
  const list = inner.namedChildren.find((c) => c.type === 'structured_binding_declarator');
  if (!list) return undefined;
  return { list, ref: inner.child(0)?.type === '&&' ? '&&' : '&' };
}

/**
 * The node of a structured binding declaration's initialiser expression: `= e`, `{e}` and `(e)` all
 * initialise from `e` (one expression; undefined when there is not exactly one).
 */
export function bindingInitialiser(d: Node): Node | undefined {
  if (d.type === 'function_declarator') {
    const params = d.childForFieldName('parameters')?.namedChildren.filter((c) => c.type !== 'comment') ?? [];
    const t = params.length === 1 && params[0].namedChildCount === 1 ? params[0].childForFieldName('type') : null;
    return t ?? undefined;
  }
  const v = d.type === 'init_declarator' ? d.childForFieldName('value') : null;
  if (!v) return undefined;
  if (v.type !== 'initializer_list' && v.type !== 'argument_list') return v;
  const items = v.namedChildren.filter((c) => c.type !== 'comment');
  return items.length === 1 ? items[0] : undefined;
}

/** The names of the list (identifiers, in order). */
export function bindingNames(list: Node): Node[] {
  return list.namedChildren.filter((c) => c.type === 'identifier');
}

/**
 * Declares the names of a structured binding whose hidden variable `object` has been deduced: reports
 * what C++ rejects (a type that does not decompose, a wrong number of names, non-public members).
 * Each name is added to the scope; a name whose subobject is not known has the error type.
 */
export function declareBindingNames(ctx: Ctx, bd: BindingDeclarator, object: VarDecl): StructuredBinding {
  const ids = bindingNames(bd.list);
  const loc = locOf(ctx, bd.list);
  const e = nonReference(object.type);
  const subobjects = e.kind === 'error' ? undefined : decompose(ctx, e, loc);
  if (subobjects && subobjects.length !== ids.length) {
    const n = ids.length;
    ctx.a.error(loc, 'bad-binding', `type ${quoteType(e)} decomposes into ${subobjects.length} element${subobjects.length === 1 ? '' : 's'}, but ${n < subobjects.length ? 'only ' : ''}${n} name${n === 1 ? ' was' : 's were'} provided`);
  }
  const fit = subobjects && subobjects.length === ids.length ? subobjects : undefined;
  const names = ids.map((id, i): BindingName => {
    const s = fit?.[i];
    const decl: VarDecl = { kind: 'var', id: newId(), name: id.text, type: s?.type ?? ERROR, storage: 'local', constexpr: false, loc: locOf(ctx, id), qualifiedName: id.text };
    ctx.scope.add(id.text, decl);
    return { decl, field: s?.field, base: s?.base, index: s?.index };
  });
  return { loc, object, names };
}

interface Subobject {
  readonly type: Type;
  readonly field?: FieldDecl;
  readonly base?: ClassDecl;
  readonly index?: number;
}

/** The subobjects the names of a binding of an object of type `e` refer to, or undefined (reported) when it does not decompose. */
function decompose(ctx: Ctx, e: Type, loc: Loc): Subobject[] | undefined {
  if (e.kind === 'array') {
    if (e.length === undefined) {
      ctx.a.error(loc, 'bad-binding', `cannot decompose array type ${quoteType(e)} of unknown bound`);
      return undefined;
    }
    return Array.from({ length: e.length }, (_, index) => ({ type: e.element, index }));
  }
  if (e.kind === 'tparam') return undefined; // a template's parameter bound to nothing yet: checked at instantiation
  const cls = classOf(e);
  if (!cls || !cls.require()) {
    const what = cls ? 'incomplete type' : 'non-class, non-array type';
    ctx.a.error(loc, 'bad-binding', `cannot decompose ${what} ${quoteType(e)}`);
    return undefined;
  }
  if (cls.key === 'union') {
    ctx.a.error(loc, 'bad-binding', `cannot decompose union type ${quoteType(e)}`);
    return undefined;
  }
  const owner = memberOwner(ctx, cls, e, loc);
  if (!owner) return undefined;
  for (const f of owner.fields) {
    if (f.access === 'public' && (owner === cls || cls.baseAccess === 'public')) continue;
    ctx.a.error(loc, 'bad-binding', `cannot decompose ${f.access === 'public' ? 'inaccessible' : f.access} member '${f.name}' of ${quoteType(e)}`);
    return undefined;
  }
  return owner.fields.map((field) => ({ type: memberType(field, e), field, base: owner === cls ? undefined : owner }));
}

/** The class (`cls` or one base) that declares every non-static data member; reported when they are split. */
function memberOwner(ctx: Ctx, cls: ClassDecl, e: Type, loc: Loc): ClassDecl | undefined {
  let owner: ClassDecl | undefined;
  for (let c: ClassDecl | undefined = cls; c; c = c.base) {
    if (!c.fields.length) continue;
    if (owner) {
      ctx.a.error(loc, 'bad-binding', `cannot decompose class type ${quoteType(e)}: both it and its base class '${c.displayName()}' have non-static data members`);
      return undefined;
    }
    owner = c;
  }
  return owner ?? cls;
}

/** A member named through an object of type `e`: the member's type with the object's cv (not for a mutable member or a reference). */
function memberType(field: FieldDecl, e: Type): Type {
  const t = field.type;
  if (t.kind === 'reference') return t;
  const c = !!t.const || (!!e.const && !field.mutable);
  return withQuals(t, c, !!t.volatile || !!e.volatile);
}
