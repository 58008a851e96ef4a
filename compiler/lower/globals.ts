// Global variables: as initialised data when the initialiser is a constant (numbers, characters,
// floating values, brace lists for arrays and aggregates, string literals for char arrays, the address
// of a string literal, of another global or of an element of a global array — relocations), placed in
// .rodata (const), .data, or .bss (no initialiser). Anything else (a constructor, a vptr, a destructor,
// a default member initialiser, an initialiser that needs code, a reference bound to a temporary) is
// zeroed .bss that the module's start-up function initialises (lower/startup.ts, in declaration order).
// A static local whose initialiser is not constant data is initialised on first pass (lower/local-variables.ts).

import { types, misparsedParts } from '../../language';
import type { SyntaxNode as Node, Initialiser } from '../../language';
import { completeArrayType, type Unit, type VarDecl, type Type } from '../../language/model';
import type { DataItem } from '../ir/ir';
import { nodeAt } from './syntax-lookup';
import { posOf, unsupported, Unsupported } from './errors';
import type { ModuleLower } from './module';
import { needsDestruction } from './objects';
import { checkedInitialiser } from './local-variables';
import { writeInitialiser, type Reloc } from './global-data';

/** The initialiser written for a variable, found from its name's location. */
function initializerAt(v: VarDecl): Node | undefined {
  let n = nodeAt(v.loc.unit.root, v.loc.start, v.loc.end);
  while (n && n.type !== 'init_declarator' && n.type !== 'declaration' && n.type !== 'field_declaration' && n.type !== 'expression_statement') n = n.parent ?? undefined;
  // `int (*row)[4] = a;` parsed as an expression (sema/misparsed-declarations.ts)
  if (n?.type === 'expression_statement') return n.namedChild(0) ? misparsedParts(n.namedChild(0)!)?.init : undefined;
  if (n?.type === 'field_declaration') return n.childForFieldName('default_value') ?? undefined;
  if (!n || n.type !== 'init_declarator') return undefined;
  return n.childForFieldName('value') ?? undefined;
}

/**
 * The namespace-scope definition of a static data member (`int S::count = 40;`), if the user wrote one.
 * A class template's member (`template <class T> T H<T>::v = T(3);`) is defined by that for every
 * instance but one with an explicit specialisation (`template <> int H<int>::v = 9;`).
 */
function outOfClassDefinition(m: ModuleLower, v: VarDecl): { init?: Node; unit: Unit } | undefined {
  const qualified = withoutTemplateArguments(v.qualifiedName.replace(/\s+/g, ''));
  const instance = v.owner?.templateInfo ? `${v.owner.displayName()}::${v.name}`.replace(/\s+/g, '') : undefined;
  let general: { init?: Node; unit: Unit } | undefined;
  for (const u of m.model.units) {
    if (u.system) continue;
    for (const d of findDefinitions(u.root, qualified)) {
      if (!d.explicit) general ??= { init: d.init, unit: u };
      else if (instance && (instance === d.written || instance.endsWith(`::${d.written}`))) return { init: d.init, unit: u };
    }
  }
  return general;
}

interface Definition {
  readonly init?: Node;
  /** The declarator's name as written, without spaces (`H<int>::v`). */
  readonly written: string;
  /** Under `template <>`: an explicit specialisation for one instance. */
  readonly explicit: boolean;
}

function findDefinitions(n: Node, qualified: string, out: Definition[] = []): Definition[] {
  if (n.type === 'function_definition' || n.type === 'class_specifier' || n.type === 'struct_specifier' || n.type === 'union_specifier') return out;
  if (n.type === 'declaration') {
    for (const d of n.childrenForFieldName('declarator')) {
      // `template <typename T> T H<T>::value = …;` defines the member of every instance of H
      const written = declaratorName(d)?.replace(/\s+/g, '');
      const name = written && withoutTemplateArguments(written);
      if (written && name && (qualified === name || qualified.endsWith(`::${name}`)) && name.includes('::')) {
        const init = d.type === 'init_declarator' ? (d.childForFieldName('value') ?? undefined) : undefined;
        out.push({ init, written, explicit: isExplicitSpecialisation(n) });
      }
    }
    return out;
  }
  for (const c of n.namedChildren) findDefinitions(c, qualified, out);
  return out;
}

/** A declaration directly under `template <>`. */
function isExplicitSpecialisation(decl: Node): boolean {
  const t = decl.parent;
  if (t?.type !== 'template_declaration') return false;
  const params = t.childForFieldName('parameters');
  return !!params && params.namedChildren.filter((c) => c.type !== 'comment').length === 0;
}

/** A qualified name without its template argument lists (`H<T>::value` → `H::value`). */
function withoutTemplateArguments(name: string): string {
  let out = '';
  let depth = 0;
  for (const ch of name) {
    if (ch === '<') depth++;
    else if (ch === '>' && depth > 0) depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** The name a declarator declares, under its pointer, reference, array and initialiser layers. */
function declaratorName(d: Node): string | undefined {
  let n: Node | undefined = d;
  while (n && n.type !== 'qualified_identifier' && n.type !== 'identifier' && n.type !== 'field_identifier') {
    n = n.childForFieldName('declarator') ?? n.namedChildren[n.namedChildren.length - 1];
  }
  return n?.text;
}

function initializerOf(m: ModuleLower, v: VarDecl): Node | undefined {
  const here = initializerAt(v);
  if (here || v.storage !== 'static-member') return here;
  const def = outOfClassDefinition(m, v);
  if (!def) unsupported(v.loc, `static data member '${v.qualifiedName}' is used but has no definition`);
  return def.init;
}

/** Whether a static data member is defined (in its class or at namespace scope) in the user's files. */
export function hasDefinition(m: ModuleLower, v: VarDecl): boolean {
  return !!initializerAt(v) || !!outOfClassDefinition(m, v);
}

/** An array declared without a length takes it from its initialiser. */
function completed(t: Type, init: Initialiser | undefined): Type {
  return init ? completeArrayType(t, init.args) : t;
}

/** The unit the initialiser of `v` is written in (an out-of-class definition's for a static data member). */
function initialiserUnit(m: ModuleLower, v: VarDecl): Unit {
  return initializerAt(v) ? v.loc.unit : (outOfClassDefinition(m, v)?.unit ?? v.loc.unit);
}

/** The analysed initialiser of a namespace-scope variable or static data member; undefined without one. */
function typedInitialiser(m: ModuleLower, v: VarDecl, init: Node | undefined): Initialiser | undefined {
  return init ? m.model.globalInitialiser(v, init, initialiserUnit(m, v)) : undefined;
}

/**
 * Why an object of type `t` cannot be plain initialised data: a constructor, a vptr, a destructor or
 * a default member initialiser.
 */
export function needsRuntimeInit(m: ModuleLower, t: Type): string | undefined {
  const u = types.unqualified(t);
  if (u.kind === 'array') return needsRuntimeInit(m, u.element);
  if (u.kind !== 'class') return undefined;
  const c = u.decl;
  c.require();
  if (c.hasUserConstructor) return 'of classes with constructors';
  if (c.polymorphic) return 'of polymorphic classes';
  if (needsDestruction(c)) return 'of classes with destructors';
  if (c.base) {
    const b = needsRuntimeInit(m, types.classType(c.base));
    if (b) return b;
  }
  for (const f of c.fields) {
    if (m.model.memberInitialiser(f)) return 'of classes with default member initialisers';
    const r = needsRuntimeInit(m, f.type);
    if (r) return r;
  }
  return undefined;
}

/** A global's storage, and the initialiser its start-up code runs when it is not constant data. */
export interface GlobalDefinition {
  readonly data: DataItem;
  /** Initialised by code at start-up: with this initialiser, or (undefined) by default initialisation. */
  readonly dynamic?: { readonly init?: Initialiser; readonly order: number };
}

/**
 * Defines a namespace-scope variable or static data member: constant data when it can be, else zeroed
 * storage and the initialiser the start-up function runs (ordered by where the initialiser is written).
 */
export function defineGlobal(m: ModuleLower, v: VarDecl, symbol: string): GlobalDefinition {
  const init = initializerOf(m, v);
  const unit = initialiserUnit(m, v);
  const order = orderOf(m, v, init, unit);
  const typed = typedInitialiser(m, v, init);
  const t = completed(v.type, typed);
  if (!typed) {
    const data = globalData(m, v, symbol, undefined);
    return needsRuntimeInit(m, t) ? { data, dynamic: { order } } : { data };
  }
  if (!needsRuntimeInit(m, t)) {
    try {
      return { data: globalData(m, v, symbol, typed) };
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
    }
  }
  const initialiser = checkedInitialiser(typed, v.loc, `the initialiser of '${v.name}'`);
  const ref = t.kind === 'reference';
  const size = ref ? 4 : m.L.sizeOf(t);
  const data: DataItem = { symbol, bytes: new Uint8Array(size), relocs: [], align: ref ? 4 : m.L.alignOf(t), section: '.bss', global: true, debug: debugOf(v, t) };
  return { data, dynamic: { init: initialiser, order } };
}

/** Where a global's initialisation comes in its unit's start-up order (the initialiser's place). */
function orderOf(m: ModuleLower, v: VarDecl, init: Node | undefined, unit: Unit): number {
  const at = init && v.storage === 'static-member' ? init.startIndex : v.loc.start;
  return m.model.units.indexOf(unit) * 1e9 + at;
}

function debugOf(v: VarDecl, t: Type): DataItem['debug'] {
  return v.loc.unit.system ? undefined : { name: v.name, type: t, decl: posOf(v.loc) };
}

/** A static local's data when its (analysed) initialiser is a constant the compiler can lay out; undefined when it needs code. */
export function constantGlobalData(m: ModuleLower, v: VarDecl, symbol: string, init: Initialiser | undefined): DataItem | undefined {
  try {
    return globalData(m, v, symbol, init);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/** A global's bytes when its initialiser is constant data (throws Unsupported when it is not). */
function globalData(m: ModuleLower, v: VarDecl, symbol: string, init: Initialiser | undefined): DataItem {
  const why = needsRuntimeInit(m, v.type);
  if (why && init) unsupported(v.loc, `globals ${why} with an initialiser are built by code`);
  const t = completed(v.type, init);
  const ref = t.kind === 'reference';
  if (ref && !init) unsupported(v.loc, 'a reference without an initialiser');
  const size = ref ? 4 : m.L.sizeOf(t);
  const align = ref ? 4 : m.L.alignOf(t);
  const debug = debugOf(v, t);
  if (!init) {
    return { symbol, bytes: new Uint8Array(size), relocs: [], align, section: '.bss', global: true, debug };
  }
  const bytes = new Uint8Array(size);
  const relocs: Reloc[] = [];
  writeInitialiser(m, { bytes, relocs }, t, init, v.loc);
  const constant = types.isConst(t);
  return { symbol, bytes, relocs, align, section: constant && relocs.length === 0 ? '.rodata' : '.data', global: true, debug };
}
