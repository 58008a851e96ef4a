// Types of DWARF DIEs as a small tree (base, pointer, reference, cv-qualified, typedef, class/struct/
// union, enum, array, void) with C++-style qualified names — enough to marshal kernel arguments and to
// print parameter types.

import { AT, Die, TAG, isRef } from './info';

export type TypeInfo =
  | { readonly kind: 'void' }
  | { readonly kind: 'base'; readonly name: string; readonly size: number; readonly encoding: number }
  | { readonly kind: 'pointer' | 'reference' | 'rvalue-reference'; readonly target: TypeInfo; readonly size: number }
  | { readonly kind: 'const' | 'volatile'; readonly target: TypeInfo }
  | { readonly kind: 'typedef'; readonly name: string; readonly target: TypeInfo }
  | { readonly kind: 'class' | 'enum'; readonly name: string; readonly size: number }
  | { readonly kind: 'array'; readonly target: TypeInfo; readonly count?: number }
  | { readonly kind: 'other'; readonly name: string };

/** DW_ATE encodings. */
export const ATE = { boolean: 0x02, float: 0x04, signed: 0x05, signed_char: 0x06, unsigned: 0x07, unsigned_char: 0x08, UTF: 0x10 } as const;

/** The name of a DIE with its enclosing namespaces and classes: "at::Tensor". */
export function qualifiedName(d: Die): string {
  const own = d.attrs.get(AT.name);
  const parts: string[] = [typeof own === 'string' ? own : '<anonymous>'];
  for (let p = d.parent; p; p = p.parent) {
    if (p.tag === TAG.namespace || p.tag === TAG.class_type || p.tag === TAG.structure_type || p.tag === TAG.union_type) {
      const n = p.attrs.get(AT.name);
      parts.unshift(typeof n === 'string' ? n : '(anonymous namespace)');
    }
  }
  return parts.join('::');
}

export function typeOfDie(d: Die | undefined, dies: ReadonlyMap<number, Die>, depth = 0): TypeInfo {
  if (!d || depth > 64) return { kind: 'void' };
  const target = (): TypeInfo => {
    const t = d.attrs.get(AT.type);
    return isRef(t) ? typeOfDie(dies.get(t.ref), dies, depth + 1) : { kind: 'void' };
  };
  const num = (a: number) => {
    const v = d.attrs.get(a);
    return typeof v === 'number' ? v : 0;
  };
  const name = (d.attrs.get(AT.name) as string | undefined) ?? '';
  switch (d.tag) {
    case TAG.base_type: return { kind: 'base', name, size: num(AT.byte_size), encoding: num(AT.encoding) };
    case TAG.pointer_type: return { kind: 'pointer', target: target(), size: num(AT.byte_size) || 4 };
    case TAG.reference_type: return { kind: 'reference', target: target(), size: num(AT.byte_size) || 4 };
    case TAG.rvalue_reference_type: return { kind: 'rvalue-reference', target: target(), size: num(AT.byte_size) || 4 };
    case TAG.const_type: return { kind: 'const', target: target() };
    case TAG.volatile_type: return { kind: 'volatile', target: target() };
    case TAG.typedef: return { kind: 'typedef', name: qualifiedName(d), target: target() };
    case TAG.class_type: case TAG.structure_type: case TAG.union_type:
      return { kind: 'class', name: qualifiedName(d), size: num(AT.byte_size) };
    case TAG.enumeration_type: return { kind: 'enum', name: qualifiedName(d), size: num(AT.byte_size) };
    case TAG.array_type: {
      const sub = d.children.find((c) => c.tag === TAG.subrange_type);
      const count = sub?.attrs.get(AT.count);
      const ub = sub?.attrs.get(AT.upper_bound);
      return { kind: 'array', target: target(), count: typeof count === 'number' ? count : typeof ub === 'number' ? ub + 1 : undefined };
    }
    case TAG.unspecified_type: return { kind: 'other', name: name || 'void' };
  }
  return { kind: 'other', name: name || `<tag 0x${d.tag.toString(16)}>` };
}

/** C++ spelling: "const at::Tensor &", "float *", "int64_t". */
export function typeName(t: TypeInfo): string {
  switch (t.kind) {
    case 'void': return 'void';
    case 'base': case 'typedef': case 'class': case 'enum': case 'other': return t.name;
    case 'pointer': return `${typeName(t.target)} *`;
    case 'reference': return `${typeName(t.target)} &`;
    case 'rvalue-reference': return `${typeName(t.target)} &&`;
    case 'const': return `const ${typeName(t.target)}`;
    case 'volatile': return `volatile ${typeName(t.target)}`;
    case 'array': return `${typeName(t.target)}[${t.count ?? ''}]`;
  }
}

/** Strips typedefs and cv-qualifiers. */
export function stripType(t: TypeInfo): TypeInfo {
  while (t.kind === 'typedef' || t.kind === 'const' || t.kind === 'volatile') t = t.target;
  return t;
}
