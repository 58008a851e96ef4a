// The target's data layout (Xtensa, ILP32): sizes and alignments of every type, and class layout with
// the vptr at offset 0, the primary base at offset 0, members in declaration order. The layout's shape
// (ClassLayout, FieldLayout) is declared beside the ClassDecl that caches it, so no model file imports this one back.

export type { ClassLayout, FieldLayout } from './declarations';

import type { ClassDecl, ClassLayout, FieldLayout } from './declarations';
import type { Type } from './types';

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
    case 'vector': return { size: t.vector.size, align: t.vector.align };
    default:
      return undefined;
  }
}

const alignUp = (n: number, a: number) => Math.ceil(n / a) * a;

/** Where a bit-field of `width` bits goes from bit `bits`: the next unit of its type's alignment if it would straddle one. */
function placeBits(bits: number, width: number, align: number): number {
  const unitBits = align * 8;
  if (width > 0 && Math.floor(bits / unitBits) !== Math.floor((bits + width - 1) / unitBits)) return alignUp(bits, unitBits);
  return bits;
}

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
  let bits = offset * 8;
  let unnamed = 0;
  const padUnnamed = (upTo: number) => {
    for (; unnamed < c.unnamedBitFields.length && c.unnamedBitFields[unnamed].after <= upTo; unnamed++) {
      const u = c.unnamedBitFields[unnamed];
      // unnamed bit-fields take space but give the class no alignment (GCC); `: 0` aligns the next one
      if (!isUnion) bits = u.width === 0 ? alignUp(bits, (sizeAlignOf(u.type)?.align ?? 1) * 8) : placeBits(bits, u.width, sizeAlignOf(u.type)?.align ?? 1) + u.width;
    }
  };
  c.fields.forEach((f, i) => {
    padUnnamed(i);
    const natural = sizeAlignOf(f.type.kind === 'reference' ? { kind: 'pointer', pointee: f.type.referee } : f.type) ?? { size: 0, align: 1 };
    const sa = f.align && f.align > natural.align ? { size: natural.size, align: f.align } : natural;
    align = Math.max(align, sa.align);
    if (f.bitWidth !== undefined) {
      const at = isUnion ? 0 : placeBits(bits, f.bitWidth, sa.align);
      const unit = Math.floor(at / (sa.align * 8)) * sa.align;
      fields.push({ name: f.name, offset: unit, size: sa.size, align: sa.align, bitOffset: at - unit * 8, bitWidth: f.bitWidth });
      if (isUnion) unionSize = Math.max(unionSize, Math.ceil(f.bitWidth / 8));
      else bits = at + f.bitWidth;
      return;
    }
    if (isUnion) {
      fields.push({ name: f.name, offset: 0, size: sa.size, align: sa.align });
      unionSize = Math.max(unionSize, sa.size);
      return;
    }
    const at = alignUp(Math.ceil(bits / 8), sa.align);
    fields.push({ name: f.name, offset: at, size: sa.size, align: sa.align });
    bits = (at + sa.size) * 8;
  });
  padUnnamed(c.fields.length);
  offset = Math.ceil(bits / 8);
  if (isUnion) offset = unionSize;
  const dataSize = offset;
  if (c.alignas) align = Math.max(align, c.alignas);
  const size = alignUp(Math.max(offset, 1), align);
  const layout: ClassLayout = { size, align, vptrOffset, base, fields, dataSize: offset === 0 ? 0 : dataSize };
  c.layout = layout;
  return layout;
}
