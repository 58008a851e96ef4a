// C++ types as the machine sees them: which IR value type holds a scalar, how it sits in memory,
// sizes and alignments (the front-end's ILP32 layout), integer widths and signedness, and the
// arithmetic promotions the compiler applies itself (the semantic model types the operators but
// does not insert conversion nodes), which are the model's (language/model/arithmetic.ts).

import { types, type CompleteUnit } from '../../language';
import { scalarBase, type ClassDecl, type Type } from '../../language/model';
import type { MemType, ValueType, VectorValueType } from '../ir/ir';

const { isUnsigned, nonReference, unqualified } = types;

type VectorInfo = Extract<Type, { kind: 'vector' }>['vector'];

/** The register file a vector type's values live in (a gather state is a vector register). */
export function vectorValueType(v: VectorInfo): VectorValueType {
  switch (v.file) {
    case 'wvec': return 'wvec';
    case 'vbool': return 'vbool';
    case 'valign': return 'valign';
    default: return 'vec';
  }
}

// the target's scalar arithmetic is the model's, so constants the front-end folds match the code
export { commonType, intBits, isUnsignedScalar as isUnsignedType, promoted, scalarBase } from '../../language/model';

export function isFloatType(t: Type): boolean {
  const u = scalarBase(t);
  return u.kind === 'builtin' && (u.name === 'float' || u.name === 'double' || u.name === 'long double');
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
    case 'vector': return vectorValueType(u.vector);
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
  if (u.kind === 'vector') return vectorValueType(u.vector);
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
export function layouts(model: CompleteUnit): Layouts {
  const sa = (t: Type) => {
    if (t.kind === 'reference') return { size: 4, align: 4 };
    const r = model.sizeAlignOf(t);
    if (!r) throw new Error(`internal: no layout for '${types.typeToString(t)}'`);
    return r;
  };
  return {
    sizeOf: (t) => sa(t).size,
    alignOf: (t) => sa(t).align,
    fieldOffset(cls, name) {
      const l = model.layoutOf(cls);
      const f = l?.fields.find((x) => x.name === name);
      if (!l || !f) throw new Error(`internal: no field '${name}' in '${cls.displayName()}'`);
      return f.offset;
    },
  };
}
