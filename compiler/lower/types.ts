// C++ types as the machine sees them: which IR value type holds a scalar, how it sits in memory,
// sizes and alignments (the front-end's ILP32 layout), integer widths and signedness, and the
// arithmetic promotions the compiler applies itself (the semantic model types the operators but
// does not insert conversion nodes).

import { types, type SemanticModel } from '../../language';
import type { ClassDecl, BuiltinName, Type } from '../../language/model';
import type { MemType, ValueType } from '../ir/ir';

const { builtin, isUnsigned, nonReference, unqualified } = types;

/** Strips references and cv-qualifiers; enums become their underlying type. */
export function scalarBase(t: Type): Type {
  let u = unqualified(nonReference(t));
  if (u.kind === 'enum') u = unqualified(u.decl.underlying);
  return u;
}

export function isFloatType(t: Type): boolean {
  const u = scalarBase(t);
  return u.kind === 'builtin' && (u.name === 'float' || u.name === 'double' || u.name === 'long double');
}

/** Integer width in bits (bool = 1), or undefined when not an integer type. */
export function intBits(t: Type): number | undefined {
  const u = scalarBase(t);
  if (u.kind !== 'builtin') return undefined;
  switch (u.name) {
    case 'bool': return 1;
    case 'char': case 'signed char': case 'unsigned char': return 8;
    case 'short': case 'unsigned short': case 'char16_t': return 16;
    case 'int': case 'unsigned int': case 'long': case 'unsigned long': case 'wchar_t': case 'char32_t': return 32;
    case 'long long': case 'unsigned long long': return 64;
    default: return undefined;
  }
}

export function isUnsignedType(t: Type): boolean {
  const u = scalarBase(t);
  return u.kind === 'pointer' || u.kind === 'function' || isUnsigned(u);
}

export function isPointerLike(t: Type): boolean {
  const u = unqualified(nonReference(t));
  return u.kind === 'pointer' || u.kind === 'array' || u.kind === 'function' || (u.kind === 'builtin' && u.name === 'nullptr_t');
}

export function isClassType(t: Type): boolean {
  return unqualified(nonReference(t)).kind === 'class';
}

export function classDeclOf(t: Type): ClassDecl | undefined {
  const u = unqualified(nonReference(t));
  return u.kind === 'class' ? u.decl : undefined;
}

export function isVoidType(t: Type): boolean {
  const u = unqualified(t);
  return u.kind === 'builtin' && u.name === 'void';
}

/** The IR value type of a scalar (a reference is its address: i32); undefined for classes, arrays, void. */
export function valueTypeOf(t: Type): ValueType | undefined {
  if (t.kind === 'reference') return 'i32';
  const u = scalarBase(t);
  switch (u.kind) {
    case 'pointer': case 'function': return 'i32';
    case 'builtin':
      switch (u.name) {
        case 'void': return undefined;
        case 'float': return 'f32';
        case 'double': case 'long double': return 'f64';
        case 'long long': case 'unsigned long long': return 'i64';
        default: return 'i32';
      }
    default: return undefined;
  }
}

/** How a scalar (or reference, as a pointer) is loaded and stored. */
export function memTypeOf(t: Type): MemType {
  if (t.kind === 'reference') return 'i32';
  const u = scalarBase(t);
  if (u.kind !== 'builtin') return 'i32';
  switch (u.name) {
    case 'bool': case 'unsigned char': return 'u8';
    case 'char': return isUnsigned(u) ? 'u8' : 'i8';
    case 'signed char': return 'i8';
    case 'short': return 'i16';
    case 'unsigned short': case 'char16_t': return 'u16';
    case 'float': return 'f32';
    case 'double': case 'long double': return 'f64';
    case 'long long': case 'unsigned long long': return 'i64';
    default: return 'i32';
  }
}

export interface Layouts {
  sizeOf(t: Type): number;
  alignOf(t: Type): number;
  fieldOffset(cls: ClassDecl, name: string): number;
}

/** Sizes and layouts through the semantic model (references are pointer-sized). */
export function layouts(model: SemanticModel): Layouts {
  const sa = (t: Type) => {
    if (t.kind === 'reference') return { size: 4, align: 4 };
    const r = model.sizeAlign(t);
    if (!r) throw new Error(`internal: no layout for '${types.typeToString(t)}'`);
    return r;
  };
  return {
    sizeOf: (t) => sa(t).size,
    alignOf: (t) => sa(t).align,
    fieldOffset(cls, name) {
      const l = model.classLayout(cls);
      const f = l?.fields.find((x) => x.name === name);
      if (!l || !f) throw new Error(`internal: no field '${name}' in '${cls.displayName()}'`);
      return f.offset;
    },
  };
}

/** Integral promotion (bool, char, short, unscoped enums → int). */
export function promoted(t: Type): Type {
  const u = scalarBase(t);
  const bits = intBits(u);
  if (bits !== undefined && bits < 32) return builtin('int');
  return u;
}

function rank(n: BuiltinName): number {
  return n.includes('long long') ? 5 : n.includes('long') ? 4 : 3;
}

/** The usual arithmetic conversions of two operand types (target sizes). */
export function commonType(a: Type, b: Type): Type {
  const x = promoted(a);
  const y = promoted(b);
  if (x.kind !== 'builtin' || y.kind !== 'builtin') return x;
  for (const f of ['long double', 'double', 'float'] as BuiltinName[]) if (x.name === f || y.name === f) return builtin(f);
  if (x.name === y.name) return x;
  const ux = isUnsigned(x);
  const uy = isUnsigned(y);
  if (ux === uy) return rank(x.name) >= rank(y.name) ? x : y;
  const [u, s] = ux ? [x, y] : [y, x];
  if (rank(u.name) >= rank(s.name)) return u;
  if ((intBits(s) ?? 32) > (intBits(u) ?? 32)) return s;
  return builtin(`unsigned ${s.name}` as BuiltinName);
}
