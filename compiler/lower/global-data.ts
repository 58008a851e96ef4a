// A global's (or constant static local's) bytes laid out from its typed initialiser: numbers,
// characters and floating values (the front-end's constant values), brace lists for arrays and
// aggregates (bit-fields packed), string literals for char arrays, and addresses as relocations —
// of a string literal, of another global (`&x`, a reference bound to `x`) or of an element of a
// global array (`a`, `&a[K]`, `a + K`). Anything else is not constant data: `unsupported` (the
// caller then initialises the object by code).

import { types, constantValue, floatConstant, type Initialiser } from '../../language';
import { isStringLiteral, type Expr, type Loc, type Type, type VarDecl } from '../../language/model';
import { unsupported } from './errors';
import type { ModuleLowering } from './module-lowering';
import { stringLiteralBytes } from './strings';
import { bitFieldLayout, writeBitsImage } from './bitfields';
import { classDeclOf, intBits, isFloatType, valueTypeOf } from './types';

export interface Reloc {
  offset: number;
  sym: string;
  addend: number;
}

interface Image {
  readonly bytes: Uint8Array;
  readonly relocs: Reloc[];
}

const NOT_CONSTANT = 'the initialiser of a global must be a constant the compiler can evaluate (dynamic initialisation is not supported yet)';

/** Writes the object of type `t` (a reference: the address it binds) initialised by `init` into `img` (throws Unsupported when it is not constant data). */
export function writeInitialiser(m: ModuleLowering, img: Image, t: Type, init: Initialiser, at: Loc): void {
  if (init.form === 'direct' || init.args.length !== 1) unsupported(at, NOT_CONSTANT);
  const e = init.args[0];
  if (e.type.kind === 'error' && !e.list) unsupported(at, NOT_CONSTANT);
  if (t.kind === 'reference') writeReference(m, img, t, e, at);
  else writeValue(m, img, 0, t, e, at);
}

function writeValue(m: ModuleLowering, img: Image, offset: number, t: Type, e: Expr, at: Loc): void {
  const u = types.unqualified(t);
  if (e.kind === 'initializer_list' && e.list) return writeList(m, img, offset, u, e.list, at);
  if (u.kind === 'array') {
    const text = stringText(e);
    if (text === undefined) unsupported(at, 'this array initialiser is not supported yet');
    const s = stringLiteralBytes(text, at);
    img.bytes.set(s.subarray(0, Math.min(s.length, u.length ?? s.length)), offset);
    return;
  }
  if (u.kind === 'class') unsupported(at, 'this class initialiser is not supported yet (use a brace list)');
  if (u.kind === 'pointer') return writePointer(m, img, offset, e, at);
  const v = scalarConstant(e);
  if (v === undefined) unsupported(at, NOT_CONSTANT);
  writeScalar(img.bytes, offset, u, v);
}

function writeList(m: ModuleLowering, img: Image, offset: number, t: Type, items: readonly Expr[], at: Loc): void {
  if (t.kind === 'array') {
    const size = m.L.sizeOf(t.element);
    items.forEach((e, i) => writeValue(m, img, offset + i * size, t.element, e, at));
    return;
  }
  const cls = classDeclOf(t);
  if (cls) {
    if (cls.base) unsupported(at, 'brace-initialised globals of derived classes are not supported yet');
    if (cls.key === 'union' && items.length > 1) unsupported(at, 'too many initialisers for a union');
    items.forEach((e, i) => {
      const fd = cls.fields[i];
      if (!fd) unsupported(at, 'too many initialisers');
      const bits = bitFieldLayout(cls, fd);
      if (bits) {
        const v = scalarConstant(e);
        if (v === undefined) unsupported(at, NOT_CONSTANT);
        return writeBitsImage(img.bytes, offset, bits, fd.type, v);
      }
      writeValue(m, img, offset + m.L.fieldOffset(cls, fd.name), fd.type, e, at);
    });
    return;
  }
  if (items.length) writeValue(m, img, offset, t, items[0], at);
}

/**
 * A scalar's constant value: integral (exact) or floating, for the forms laid out as data (see
 * `dataForm`); undefined for anything else.
 */
function scalarConstant(e: Expr): number | bigint | undefined {
  if (!dataForm(e)) return undefined;
  if (isFloatType(e.type)) return floatConstant(e);
  const v = constantValue(e);
  if (v !== undefined || e.kind !== 'cast' || e.operands?.length !== 1 || !isFloatType(e.operands[0].type)) return v;
  // a floating constant converted to an integer (`(int)2.5`)
  const f = floatConstant(e.operands[0]);
  return f === undefined || !Number.isFinite(f) ? undefined : Math.trunc(f);
}

/**
 * The constant forms a global's data is laid out from: literals, enumerators and variables with
 * constant values, unary and binary operators and C-style casts of them. Other constants (a constexpr
 * call, `sizeof`, a functional cast `T(3)`, a conditional, a template parameter) are initialised by code
 * at start-up for now; expressions that read the variable use its value either way.
 */
function dataForm(e: Expr): boolean {
  switch (e.kind) {
    case 'number_literal':
    case 'char_literal':
    case 'true':
    case 'false':
    case 'nullptr':
      return true;
    case 'name':
      return e.decl?.kind === 'enumerator' || (e.decl?.kind === 'var' && e.value !== undefined);
    case 'unary':
    case 'binary':
    case 'implicit':
      return !!e.operands?.every(dataForm);
    case 'cast':
      return isCStyleCast(e) && !!e.operands?.every(dataForm);
    default:
      return false;
  }
}

/** The spelling of a string literal as written (not parenthesised); undefined for anything else. */
function stringText(e: Expr): string | undefined {
  if (!isStringLiteral(e)) return undefined;
  const text = e.loc.unit.text.slice(e.loc.start, e.loc.end);
  return text.startsWith('(') ? undefined : text;
}

function writePointer(m: ModuleLowering, img: Image, offset: number, e: Expr, at: Loc): void {
  const n = withoutCasts(e);
  const text = stringText(n);
  if (text !== undefined) {
    img.relocs.push({ offset, sym: m.stringLiteral(stringLiteralBytes(text, at)), addend: 0 });
    return;
  }
  const target = constantAddress(m, n, at);
  if (target) {
    img.relocs.push({ offset, ...target });
    return;
  }
  const v = dataForm(n) ? constantValue(n) : undefined;
  if (v === undefined) unsupported(at, 'this pointer initialiser of a global is not a constant address');
  writeScalar(img.bytes, offset, types.UINT, v);
}

/** A global reference bound to another global (`int& r = x;`): its address as data. */
function writeReference(m: ModuleLowering, img: Image, t: Type & { kind: 'reference' }, e: Expr, at: Loc): void {
  const decl = globalVar(withoutCasts(e));
  const same = decl && decl.type.kind !== 'reference' && types.sameType(types.unqualified(decl.type), types.unqualified(t.referee), true);
  if (!decl || !same || (decl.type.const && !t.referee.const)) unsupported(at, 'this reference is bound by code');
  img.relocs.push({ offset: 0, sym: m.globalSymbol(decl, at), addend: 0 });
}

/** The expression under C-style casts. */
function withoutCasts(e: Expr): Expr {
  let n = e;
  while (n.kind === 'cast' && n.operands?.length === 1 && isCStyleCast(n)) n = n.operands[0];
  return n;
}

function isCStyleCast(e: Expr): boolean {
  return e.loc.unit.text.charCodeAt(e.loc.start) === 40;
}

/** The global variable (or static data member) a name denotes. */
function globalVar(e: Expr): VarDecl | undefined {
  const decl = e.kind === 'name' && e.decl?.kind === 'var' ? e.decl : undefined;
  return decl && (decl.storage === 'global' || decl.storage === 'static-member') ? decl : undefined;
}

/**
 * The symbol and byte offset of a constant address: `&x`, `&a[K]`, an array `a` or `a + K` (x and a
 * globals that are not references, K a constant).
 */
function constantAddress(m: ModuleLowering, e: Expr, at: Loc): { sym: string; addend: number } | undefined {
  const arrayAt = (arr: Expr, index: Expr | undefined): { sym: string; addend: number } | undefined => {
    const decl = globalVar(withoutCasts(arr));
    if (!decl || types.unqualified(decl.type).kind !== 'array') return undefined;
    const element = (types.unqualified(decl.type) as Type & { kind: 'array' }).element;
    const k = !index ? 0 : dataForm(index) ? constantValue(index) : undefined;
    if (k === undefined) return undefined;
    return { sym: m.globalSymbol(decl, at), addend: Number(k) * m.L.sizeOf(element) };
  };
  if (e.kind === 'address-of') {
    const target = withoutCasts(e.operands![0]);
    if (target.kind === 'subscript') return arrayAt(target.operands![0], target.operands![1]);
    const decl = globalVar(target);
    return decl && decl.type.kind !== 'reference' ? { sym: m.globalSymbol(decl, at), addend: 0 } : undefined;
  }
  if (e.kind === 'name') return arrayAt(e, undefined);
  if (e.kind === 'binary' && e.operator === '+') return arrayAt(e.operands![0], e.operands![1]);
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

