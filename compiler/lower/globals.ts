// Global variables: as initialised data when the initialiser is a constant (numbers, characters,
// floating values, brace lists for arrays and aggregates, string literals for char arrays, the address
// of a string literal, of another global or of an element of a global array — relocations), placed in
// .rodata (const), .data, or .bss (no initialiser). Anything else (a constructor, a vptr, a destructor,
// a default member initialiser, an initialiser that needs code, a reference bound to a temporary) is
// zeroed .bss that the module's start-up function initialises (lower/startup.ts, in declaration order).
// A static local whose initialiser is not constant data is initialised on first pass (lower/local-variables.ts).

import { types, misparsedParts } from '../../language';
import type { SyntaxNode as Node, Initialiser } from '../../language';
import type { Loc, Unit, VarDecl, Type } from '../../language/model';
import type { DataItem } from '../ir/ir';
import { enclosingNamespaces, evaluateSyntax, nodeAt } from './constants';
import { posOf, unsupported, Unsupported } from './errors';
import type { ModuleLower } from './module';
import { stringLiteralBytes } from './strings';
import { needsDestruction } from './objects';
import { checkedInitialiser } from './local-variables';
import { bitFieldLayout, writeBitsImage } from './bitfields';
import { classDeclOf, intBits, isFloatType, valueTypeOf } from './types';

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
function completed(t: Type, init: Node | undefined): Type {
  if (t.kind !== 'array' || t.length !== undefined || !init) return t;
  if (init.type === 'initializer_list') return { ...t, length: init.namedChildren.filter((c) => c.type !== 'comment').length };
  if (init.type === 'string_literal' || init.type === 'concatenated_string' || init.type === 'raw_string_literal') {
    return { ...t, length: stringLiteralBytes(init.text, undefined as never).length };
  }
  return t;
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

interface Reloc {
  offset: number;
  sym: string;
  addend: number;
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
  const t = completed(v.type, init);
  const unit = !init || initializerAt(v) ? v.loc.unit : (outOfClassDefinition(m, v)?.unit ?? v.loc.unit);
  const order = orderOf(m, v, init, unit);
  if (!init) {
    const data = globalData(m, v, symbol);
    return needsRuntimeInit(m, t) ? { data, dynamic: { order } } : { data };
  }
  if (!needsRuntimeInit(m, t)) {
    try {
      return { data: globalData(m, v, symbol) };
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
    }
  }
  const initialiser = checkedInitialiser(m.model.globalInitialiser(v, init, unit), v.loc, `the initialiser of '${v.name}'`);
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

/** A static local's data when its initialiser is a constant the compiler can lay out; undefined when it needs code. */
export function constantGlobalData(m: ModuleLower, v: VarDecl, symbol: string): DataItem | undefined {
  try {
    return globalData(m, v, symbol);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

/** A global's bytes when its initialiser is constant data (throws Unsupported when it is not). */
export function globalData(m: ModuleLower, v: VarDecl, symbol: string): DataItem {
  const init = initializerOf(m, v);
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
  const img = { bytes, relocs, namespaces: enclosingNamespaces(v.qualifiedName) };
  if (t.kind === 'reference') writeReference(m, img, t, init, v.loc);
  else writeValue(m, img, 0, t, init, v.loc);
  const constant = types.isConst(t);
  return { symbol, bytes, relocs, align, section: constant && relocs.length === 0 ? '.rodata' : '.data', global: true, debug };
}

interface Image {
  bytes: Uint8Array;
  relocs: Reloc[];
  namespaces: string[];
}

function writeValue(m: ModuleLower, img: Image, offset: number, t: Type, node: Node, at: Loc): void {
  const u = types.unqualified(t);
  if (node.type === 'initializer_list') return writeList(m, img, offset, u, node.namedChildren.filter((c) => c.type !== 'comment'), at);
  if (u.kind === 'array') {
    if (node.type === 'string_literal' || node.type === 'concatenated_string' || node.type === 'raw_string_literal') {
      const s = stringLiteralBytes(node.text, at);
      img.bytes.set(s.subarray(0, Math.min(s.length, u.length ?? s.length)), offset);
      return;
    }
    unsupported(at, 'this array initialiser is not supported yet');
  }
  if (u.kind === 'class') unsupported(at, 'this class initialiser is not supported yet (use a brace list)');
  if (u.kind === 'pointer') return writePointer(m, img, offset, node, at);
  const v = evaluateSyntax({ model: m.model, namespaces: img.namespaces }, node);
  if (v === undefined) unsupported(at, 'the initialiser of a global must be a constant the compiler can evaluate (dynamic initialisation is not supported yet)');
  writeScalar(img.bytes, offset, u, v);
}

function writeList(m: ModuleLower, img: Image, offset: number, t: Type, items: readonly Node[], at: Loc): void {
  if (t.kind === 'array') {
    const size = m.L.sizeOf(t.element);
    items.forEach((n, i) => writeValue(m, img, offset + i * size, t.element, n, at));
    return;
  }
  const cls = classDeclOf(t);
  if (cls) {
    if (cls.base) unsupported(at, 'brace-initialised globals of derived classes are not supported yet');
    if (cls.key === 'union' && items.length > 1) unsupported(at, 'too many initialisers for a union');
    items.forEach((n, i) => {
      const fd = cls.fields[i];
      if (!fd) unsupported(at, 'too many initialisers');
      const bits = bitFieldLayout(cls, fd);
      if (bits) {
        const v = evaluateSyntax({ model: m.model, namespaces: img.namespaces }, n);
        if (v === undefined) unsupported(at, 'the initialiser of a global must be a constant the compiler can evaluate (dynamic initialisation is not supported yet)');
        return writeBitsImage(img.bytes, offset, bits, fd.type, v);
      }
      writeValue(m, img, offset + m.L.fieldOffset(cls, fd.name), fd.type, n, at);
    });
    return;
  }
  if (items.length) writeValue(m, img, offset, t, items[0], at);
}

function writePointer(m: ModuleLower, img: Image, offset: number, node: Node, at: Loc): void {
  const n = stripped(node);
  if (n.type === 'string_literal' || n.type === 'concatenated_string' || n.type === 'raw_string_literal') {
    img.relocs.push({ offset, sym: m.stringLiteral(stringLiteralBytes(n.text, at)), addend: 0 });
    return;
  }
  const target = constantAddress(m, img, n, at);
  if (target) {
    img.relocs.push({ offset, ...target });
    return;
  }
  const v = evaluateSyntax({ model: m.model, namespaces: img.namespaces }, n);
  if (v === undefined) unsupported(at, 'this pointer initialiser of a global is not a constant address');
  writeScalar(img.bytes, offset, types.UINT, v);
}

/** A global reference bound to another global (`int& r = x;`): its address as data. */
function writeReference(m: ModuleLower, img: Image, t: Type & { kind: 'reference' }, node: Node, at: Loc): void {
  const n = stripped(node);
  const decl = n.type === 'identifier' || n.type === 'qualified_identifier' ? globalVar(m, n.text) : undefined;
  const same = decl && decl.type.kind !== 'reference' && types.sameType(types.unqualified(decl.type), types.unqualified(t.referee), true);
  if (!decl || !same || (decl.type.const && !t.referee.const)) unsupported(at, 'this reference is bound by code');
  img.relocs.push({ offset: 0, sym: m.globalSymbol(decl, at), addend: 0 });
}

function stripped(node: Node): Node {
  let n = node;
  while (n.type === 'parenthesized_expression' || n.type === 'cast_expression') n = (n.type === 'cast_expression' ? n.childForFieldName('value') : n.namedChild(0)) ?? n;
  return n;
}

function globalVar(m: ModuleLower, name: string): VarDecl | undefined {
  const decl = m.model.lookup(name).find((d) => d.kind === 'var') as VarDecl | undefined;
  return decl && (decl.storage === 'global' || decl.storage === 'static-member') ? decl : undefined;
}

/**
 * The symbol and byte offset of a constant address: `&x`, `&a[K]`, an array `a` or `a + K` (x and a
 * globals that are not references, K a constant).
 */
function constantAddress(m: ModuleLower, img: Image, n: Node, at: Loc): { sym: string; addend: number } | undefined {
  const arrayAt = (arr: Node, index: Node | null): { sym: string; addend: number } | undefined => {
    const decl = globalVar(m, stripped(arr).text);
    if (!decl || types.unqualified(decl.type).kind !== 'array') return undefined;
    const element = (types.unqualified(decl.type) as Type & { kind: 'array' }).element;
    const k = index ? evaluateSyntax({ model: m.model, namespaces: img.namespaces }, index) : 0;
    if (k === undefined) return undefined;
    return { sym: m.globalSymbol(decl, at), addend: Number(k) * m.L.sizeOf(element) };
  };
  if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.text === '&') {
    const target = stripped(n.childForFieldName('argument')!);
    if (target.type === 'subscript_expression') {
      const index = target.childForFieldName('indices')?.namedChildren[0] ?? target.childForFieldName('index');
      return index ? arrayAt(target.childForFieldName('argument')!, index) : undefined;
    }
    const decl = target.type === 'identifier' || target.type === 'qualified_identifier' ? globalVar(m, target.text) : undefined;
    return decl && decl.type.kind !== 'reference' ? { sym: m.globalSymbol(decl, at), addend: 0 } : undefined;
  }
  if (n.type === 'identifier' || n.type === 'qualified_identifier') return arrayAt(n, null);
  if (n.type === 'binary_expression' && n.childForFieldName('operator')?.text === '+') {
    const left = n.childForFieldName('left');
    const right = n.childForFieldName('right');
    return left && right ? arrayAt(left, right) : undefined;
  }
  return undefined;
}

function writeScalar(bytes: Uint8Array, offset: number, t: Type, v: number | bigint): void {
  const dv = new DataView(bytes.buffer, bytes.byteOffset);
  const vt = valueTypeOf(t);
  if (isFloatType(t)) {
    if (vt === 'f32') dv.setFloat32(offset, Number(v), true);
    else dv.setFloat64(offset, Number(v), true);
    return;
  }
  const bits = intBits(t) ?? 32;
  const x = typeof v === 'bigint' ? v : BigInt(Math.trunc(v));
  if (bits === 64) dv.setBigUint64(offset, BigInt.asUintN(64, x), true);
  else if (bits === 32) dv.setUint32(offset, Number(BigInt.asUintN(32, x)), true);
  else if (bits === 16) dv.setUint16(offset, Number(BigInt.asUintN(16, x)), true);
  else if (bits === 1) dv.setUint8(offset, x !== 0n ? 1 : 0);
  else dv.setUint8(offset, Number(BigInt.asUintN(8, x)));
}
