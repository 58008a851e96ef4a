// Global variables as initialised data: the bytes of a constant initialiser (numbers, characters,
// floating values, brace lists for arrays and aggregates, string literals for char arrays, the
// address of a string literal or of another global), placed in .rodata (const), .data, or .bss
// (no initialiser). A global without an initialiser whose class needs a constructor, a vptr or a
// destructor is zeroed storage that the module's start-up function default-constructs (lower/module.ts);
// other dynamic initialisation is rejected for globals; a static local falls back to initialisation on
// first pass (lower/initialize.ts).

import { types } from '../../language';
import type { SyntaxNode as Node } from '../../language/parse/syntax-node';
import type { Loc, VarDecl } from '../../language/sema/decls';
import type { Type } from '../../language/sema/types';
import type { DataItem } from '../ir/ir';
import { enclosingNamespaces, evaluateSyntax, nodeAt } from './constants';
import { posOf, unsupported, Unsupported } from './errors';
import type { ModuleLower } from './module';
import { stringLiteralBytes } from './strings';
import { needsDestruction } from './objects';
import { rejectBitField } from './class-bodies';
import { classDeclOf, intBits, isFloatType, valueTypeOf } from './types';

/** The initialiser written for a variable, found from its name's location. */
function initializerAt(v: VarDecl): Node | undefined {
  let n = nodeAt(v.loc.unit.root, v.loc.start, v.loc.end);
  while (n && n.type !== 'init_declarator' && n.type !== 'declaration' && n.type !== 'field_declaration') n = n.parent ?? undefined;
  if (n?.type === 'field_declaration') return n.childForFieldName('default_value') ?? undefined;
  if (!n || n.type !== 'init_declarator') return undefined;
  return n.childForFieldName('value') ?? undefined;
}

/** The namespace-scope definition of a static data member (`int S::count = 40;`), if the user wrote one. */
function outOfClassDefinition(m: ModuleLower, v: VarDecl): { init?: Node } | undefined {
  const qualified = v.qualifiedName.replace(/\s+/g, '');
  for (const u of m.model.units) {
    if (u.system) continue;
    const found = findDefinition(u.root, qualified);
    if (found) return found;
  }
  return undefined;
}

function findDefinition(n: Node, qualified: string): { init?: Node } | undefined {
  if (n.type === 'function_definition' || n.type === 'class_specifier' || n.type === 'struct_specifier') return undefined;
  if (n.type === 'declaration') {
    for (const d of n.childrenForFieldName('declarator')) {
      const name = declaratorName(d)?.replace(/\s+/g, '');
      if (name && (qualified === name || qualified.endsWith(`::${name}`)) && name.includes('::')) {
        return { init: d.type === 'init_declarator' ? (d.childForFieldName('value') ?? undefined) : undefined };
      }
    }
    return undefined;
  }
  for (const c of n.namedChildren) {
    const r = findDefinition(c, qualified);
    if (r) return r;
  }
  return undefined;
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

/** An array declared without a length takes it from its initialiser. */
function completed(t: Type, init: Node | undefined): Type {
  if (t.kind !== 'array' || t.length !== undefined || !init) return t;
  if (init.type === 'initializer_list') return { ...t, length: init.namedChildren.filter((c) => c.type !== 'comment').length };
  if (init.type === 'string_literal' || init.type === 'concatenated_string' || init.type === 'raw_string_literal') {
    return { ...t, length: stringLiteralBytes(init.text, undefined as never).length };
  }
  return t;
}

/** Why an object of type `t` cannot be plain initialised data: a constructor, a vptr or a destructor. */
export function needsRuntimeInit(t: Type): string | undefined {
  const u = types.unqualified(t);
  if (u.kind === 'array') return needsRuntimeInit(u.element);
  if (u.kind !== 'class') return undefined;
  const c = u.decl;
  c.require();
  if (c.hasUserConstructor) return 'of classes with constructors';
  if (c.polymorphic) return 'of polymorphic classes';
  if (needsDestruction(c)) return 'of classes with destructors';
  if (c.base) {
    const b = needsRuntimeInit(types.classType(c.base));
    if (b) return b;
  }
  for (const f of c.fields) {
    const r = needsRuntimeInit(f.type);
    if (r) return r;
  }
  return undefined;
}

interface Reloc {
  offset: number;
  sym: string;
  addend: number;
}

export function globalData(m: ModuleLower, v: VarDecl, symbol: string): DataItem {
  const init = initializerOf(m, v);
  const why = needsRuntimeInit(v.type);
  if (why && init) unsupported(v.loc, `globals ${why} with an initialiser are not supported yet (only default construction runs before main)`);
  const t = completed(v.type, init);
  if (t.kind === 'reference') unsupported(v.loc, 'global references are not supported yet');
  const size = m.L.sizeOf(t);
  const align = m.L.alignOf(t);
  const debug = v.loc.unit.system ? undefined : { name: v.name, type: t, decl: posOf(v.loc) };
  if (!init) {
    return { symbol, bytes: new Uint8Array(size), relocs: [], align, section: '.bss', global: true, debug };
  }
  const bytes = new Uint8Array(size);
  const relocs: Reloc[] = [];
  writeValue(m, { bytes, relocs, namespaces: enclosingNamespaces(v.qualifiedName) }, 0, t, init, v.loc);
  const constant = types.isConst(t);
  return { symbol, bytes, relocs, align, section: constant && relocs.length === 0 ? '.rodata' : '.data', global: true, debug };
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
    cls.fields.forEach((fd) => rejectBitField(fd));
    if (cls.key === 'union' && items.length > 1) unsupported(at, 'too many initialisers for a union');
    items.forEach((n, i) => {
      const fd = cls.fields[i];
      if (!fd) unsupported(at, 'too many initialisers');
      writeValue(m, img, offset + m.L.fieldOffset(cls, fd.name), fd.type, n, at);
    });
    return;
  }
  if (items.length) writeValue(m, img, offset, t, items[0], at);
}

function writePointer(m: ModuleLower, img: Image, offset: number, node: Node, at: Loc): void {
  let n = node;
  while (n.type === 'parenthesized_expression' || n.type === 'cast_expression') n = (n.type === 'cast_expression' ? n.childForFieldName('value') : n.namedChild(0)) ?? n;
  if (n.type === 'string_literal' || n.type === 'concatenated_string' || n.type === 'raw_string_literal') {
    img.relocs.push({ offset, sym: m.stringLiteral(stringLiteralBytes(n.text, at)), addend: 0 });
    return;
  }
  if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.text === '&') {
    const target = n.childForFieldName('argument')!;
    const decl = m.model.lookup(target.text).find((d) => d.kind === 'var') as VarDecl | undefined;
    if (decl) {
      img.relocs.push({ offset, sym: m.globalSymbol(decl, at), addend: 0 });
      return;
    }
  }
  if (n.type === 'identifier') {
    const decl = m.model.lookup(n.text).find((d) => d.kind === 'var' && types.unqualified(d.type).kind === 'array') as VarDecl | undefined;
    if (decl) {
      img.relocs.push({ offset, sym: m.globalSymbol(decl, at), addend: 0 });
      return;
    }
  }
  const v = evaluateSyntax({ model: m.model, namespaces: img.namespaces }, n);
  if (v === undefined) unsupported(at, 'this pointer initialiser of a global is not supported yet');
  writeScalar(img.bytes, offset, types.UINT, v);
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
