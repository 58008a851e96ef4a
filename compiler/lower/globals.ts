// Global variables: as initialised data when the initialiser is a constant (numbers, characters,
// floating values, brace lists for arrays and aggregates, string literals for char arrays, the address
// of a string literal, of another global or of an element of a global array — relocations), placed in
// .rodata (const), .data, or .bss (no initialiser). Anything else (a constructor, a vptr, a destructor,
// a default member initialiser, an initialiser that needs code, a reference bound to a temporary) is
// zeroed .bss that the module's start-up function initialises (lower/startup.ts, in declaration order).
// A static local whose initialiser is not constant data is initialised on first pass (lower/local-variables.ts).
// Where a variable is defined and its analysed initialiser come from the model (`variableDefinition`).

import { types, type Initialiser } from '../../language';
import { completeArrayType, isCompleteClass, type VarDecl, type Type } from '../../language/model';
import type { DataItem } from '../ir/ir';
import { checkedInitialiser, posOf, unsupported, Unsupported } from './errors';
import type { ModuleLowering } from './module-lowering';
import { needsDestruction } from './objects';
import { writeInitialiser, type Reloc } from './global-data';

/** An array declared without a length takes it from its initialiser. */
function completed(t: Type, init: Initialiser | undefined): Type {
  return init ? completeArrayType(t, init.args) : t;
}

/** Whether a static data member is defined (in its class or at namespace scope) in the user's files. */
export function hasDefinition(m: ModuleLowering, v: VarDecl): boolean {
  return m.model.definitionOf(v).defined;
}

/**
 * Why an object of type `t` cannot be plain initialised data: a constructor, a vptr, a destructor or
 * a default member initialiser.
 */
export function needsRuntimeInit(m: ModuleLowering, t: Type): string | undefined {
  const u = types.unqualified(t);
  if (u.kind === 'array') return needsRuntimeInit(m, u.element);
  if (u.kind !== 'class') return undefined;
  const c = u.decl;
  isCompleteClass(c);
  if (c.hasUserConstructor) return 'of classes with constructors';
  if (c.polymorphic) return 'of polymorphic classes';
  if (needsDestruction(c)) return 'of classes with destructors';
  if (c.base) {
    const b = needsRuntimeInit(m, types.classType(c.base));
    if (b) return b;
  }
  for (const f of c.fields) {
    if (m.model.memberInitialiserOf(f)) return 'of classes with default member initialisers';
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
export function defineGlobal(m: ModuleLowering, v: VarDecl, symbol: string): GlobalDefinition {
  const def = m.model.definitionOf(v);
  if (!def.defined) unsupported(v.loc, `static data member '${v.qualifiedName}' is used but has no definition`);
  const order = m.model.units.indexOf(def.unit) * 1e9 + def.at;
  const typed = def.initialiser;
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
  const data: DataItem = { symbol, bytes: new Uint8Array(size), relocs: [], align: ref ? 4 : Math.max(m.L.alignOf(t), v.align ?? 1), section: '.bss', global: true, debug: debugOf(v, t) };
  return { data, dynamic: { init: initialiser, order } };
}

function debugOf(v: VarDecl, t: Type): DataItem['debug'] {
  return v.loc.unit.system ? undefined : { name: v.name, type: t, decl: posOf(v.loc) };
}

/** A static local's data when its (analysed) initialiser is a constant the compiler can lay out; undefined when it needs code. */
export function constantGlobalData(m: ModuleLowering, v: VarDecl, symbol: string, init: Initialiser | undefined): DataItem | undefined {
  try {
    return globalData(m, v, symbol, init);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/** A global's bytes when its initialiser is constant data (throws Unsupported when it is not). */
function globalData(m: ModuleLowering, v: VarDecl, symbol: string, init: Initialiser | undefined): DataItem {
  const why = needsRuntimeInit(m, v.type);
  if (why && init) unsupported(v.loc, `globals ${why} with an initialiser are built by code`);
  const t = completed(v.type, init);
  const ref = t.kind === 'reference';
  if (ref && !init) unsupported(v.loc, 'a reference without an initialiser');
  const size = ref ? 4 : m.L.sizeOf(t);
  // `alignas(N)` asks for more than the type's alignment
  const align = ref ? 4 : Math.max(m.L.alignOf(t), v.align ?? 1);
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
