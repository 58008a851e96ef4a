// The target's data layout (Xtensa, ILP32): sizes and alignments of every type, and class layout with
// the vptr at offset 0, the primary base at offset 0, members in declaration order.

import type { ClassDecl } from './decls';
import type { Type } from './types';

export interface FieldLayout {
  name: string;
  offset: number;
  size: number;
  align: number;
}

export interface ClassLayout {
  size: number;
  align: number;
  /** Offset of the vtable pointer, when the class is polymorphic. */
  vptrOffset?: number;
  /** The base class subobject (single inheritance: always at 0). */
  base?: { decl: ClassDecl; offset: number; size: number };
  fields: FieldLayout[];
  /** Size without tail padding: where a derived class may place its first member. */
  dataSize: number;
}

export interface SizeAlign {
  size: number;
  align: number;
}

const BUILTIN_SIZES: Record<string, SizeAlign> = {
  void: { size: 1, align: 1 },
  bool: { size: 1, align: 1 },
  char: { size: 1, align: 1 },
  'signed char': { size: 1, align: 1 },
  'unsigned char': { size: 1, align: 1 },
  short: { size: 2, align: 2 },
  'unsigned short': { size: 2, align: 2 },
  char16_t: { size: 2, align: 2 },
  wchar_t: { size: 4, align: 4 },
  char32_t: { size: 4, align: 4 },
  int: { size: 4, align: 4 },
  'unsigned int': { size: 4, align: 4 },
  long: { size: 4, align: 4 },
  'unsigned long': { size: 4, align: 4 },
  // Xtensa aligns 64-bit scalars to 8 (seed 000 §1: this is not i386).
  'long long': { size: 8, align: 8 },
  'unsigned long long': { size: 8, align: 8 },
  float: { size: 4, align: 4 },
  double: { size: 8, align: 8 },
  'long double': { size: 8, align: 8 },
  nullptr_t: { size: 4, align: 4 },
};

export const POINTER_SIZE = 4;

/** Size and alignment of a complete type, or undefined for an incomplete one. */
export function sizeAlignOf(t: Type): SizeAlign | undefined {
  switch (t.kind) {
    case 'builtin': return BUILTIN_SIZES[t.name];
    case 'pointer':
    case 'reference':
    case 'function':
      return { size: POINTER_SIZE, align: POINTER_SIZE };
    case 'enum': return sizeAlignOf(t.decl.underlying);
    case 'array': {
      const e = sizeAlignOf(t.element);
      if (!e || t.length === undefined) return undefined;
      return { size: e.size * t.length, align: e.align };
    }
    case 'class': {
      const l = classLayout(t.decl);
      return l ? { size: l.size, align: l.align } : undefined;
    }
    default:
      return undefined;
  }
}

const alignUp = (n: number, a: number) => Math.ceil(n / a) * a;

/** Computes (once) the layout of a complete class. */
export function classLayout(c: ClassDecl): ClassLayout | undefined {
  if (c.layout) return c.layout;
  if (!c.require()) return undefined;
  let offset = 0;
  let align = 1;
  let vptrOffset: number | undefined;
  let base: ClassLayout['base'];
  const baseLayout = c.base ? classLayout(c.base) : undefined;
  if (c.base && baseLayout) {
    base = { decl: c.base, offset: 0, size: baseLayout.size };
    align = baseLayout.align;
    // Itanium C++ ABI: a non-POD base's tail padding may hold the derived class's members.
    offset = c.base.polymorphic || c.base.hasUserConstructor ? baseLayout.dataSize : baseLayout.size;
    if (baseLayout.vptrOffset !== undefined) vptrOffset = 0;
  }
  if (c.polymorphic && vptrOffset === undefined) {
    vptrOffset = 0;
    offset = POINTER_SIZE;
    align = Math.max(align, POINTER_SIZE);
    if (base) {
      // a non-polymorphic base follows the vptr
      base = { ...base, offset: POINTER_SIZE };
      offset = alignUp(POINTER_SIZE, baseLayout!.align) + baseLayout!.size;
    }
  }
  const fields: FieldLayout[] = [];
  const isUnion = c.key === 'union';
  let unionSize = 0;
  for (const f of c.fields) {
    const sa = sizeAlignOf(f.type.kind === 'reference' ? { kind: 'pointer', pointee: f.type.referee } : f.type) ?? { size: 0, align: 1 };
    align = Math.max(align, sa.align);
    if (isUnion) {
      fields.push({ name: f.name, offset: 0, size: sa.size, align: sa.align });
      unionSize = Math.max(unionSize, sa.size);
      continue;
    }
    offset = alignUp(offset, sa.align);
    fields.push({ name: f.name, offset, size: sa.size, align: sa.align });
    offset += sa.size;
  }
  if (isUnion) offset = unionSize;
  const dataSize = offset;
  const size = offset === 0 ? 1 : alignUp(offset, align);
  const layout: ClassLayout = { size, align, vptrOffset, base, fields, dataSize: offset === 0 ? 0 : dataSize };
  c.layout = layout;
  return layout;
}
