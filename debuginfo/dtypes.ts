// The debugger's type model: every type DWARF describes (base, pointer, reference, rvalue reference,
// cv-qualifiers, typedef, class/struct/union with members, bit-fields, bases and template parameters,
// arrays with one or more dimensions (and GNU vectors: the IVP's vector types with their lanes), enums with their enumerators, functions), built lazily from the
// DIE tree and cached by DIE offset (recursive types work: an entry is cached before its parts).

import { AT, Die, TAG, isRef } from './info';
import { qualifiedName } from './types';

export type DType =
  | VoidType | BaseType | PointerType | QualType | TypedefType | ClassType | EnumType | ArrayType | FunctionType;

interface TypeCommon {
  /** C++ spelling ("const at::Tensor &", "int[2][3]"). */
  readonly name: string;
  /** Size in bytes (0 when unknown: void, functions, incomplete arrays). */
  readonly size: number;
  /** .debug_info offset of the DIE (-1 for types made by the debugger). */
  readonly die: number;
}

export interface VoidType extends TypeCommon { readonly kind: 'void' }
export interface BaseType extends TypeCommon {
  readonly kind: 'base';
  readonly encoding: number;
  /** DW_AT_bit_size: bits of the value when it does not fill its bytes (an IVP 64-bit lane in its 12-byte slice). */
  readonly bitSize?: number;
}
export interface PointerType extends TypeCommon { readonly kind: 'pointer' | 'reference' | 'rvalue-reference'; readonly target: DType }
export interface QualType extends TypeCommon { readonly kind: 'const' | 'volatile'; readonly target: DType }
export interface TypedefType extends TypeCommon { readonly kind: 'typedef'; readonly target: DType }
export interface FunctionType extends TypeCommon { readonly kind: 'function'; readonly ret: DType; readonly params: readonly DType[] }
export interface ArrayType extends TypeCommon {
  readonly kind: 'array';
  readonly element: DType;
  /** Number of elements of this (outermost) dimension; undefined for `T[]`. */
  readonly count?: number;
  /** DW_AT_GNU_vector: a SIMD vector type (the IVP's), its lanes the elements, `size` its register bytes. */
  readonly vector?: boolean;
  /** DW_AT_bit_stride: elements packed this many bits apart (a predicate's lanes), else `element.size` bytes. */
  readonly bitStride?: number;
}

/** A vector type's lanes: how many, their kind and value bits, and the bits each lane's slot spans. */
export interface VectorShape {
  readonly lanes: number;
  readonly kind: 'int' | 'uint' | 'float' | 'bool';
  /** Bits of a lane's value (64 for a 64-bit accumulator lane in its 96-bit slot; 1 for a predicate lane). */
  readonly bits: number;
  /** Bits from one lane to the next. */
  readonly slotBits: number;
  /** The lane's C type ("short", "_Float16", "int48", "bool"). */
  readonly laneName: string;
  /** Bytes of the whole vector (64 for a vector register, 192 for a wide accumulator, 8 for a predicate). */
  readonly size: number;
}

/** The lanes of a vector type (DW_AT_GNU_vector), through typedefs and cv-qualifiers; undefined otherwise. */
export function vectorShape(t: DType): VectorShape | undefined {
  const s = strip(t);
  if (s.kind !== 'array' || !s.vector || s.count === undefined) return undefined;
  const e = strip(s.element);
  if (e.kind !== 'base') return undefined;
  const kind = e.encoding === 0x02 ? 'bool' : e.encoding === 0x04 ? 'float' : isUnsignedType(e) ? 'uint' : 'int';
  const slotBits = s.bitStride ?? e.size * 8;
  const bits = kind === 'bool' ? 1 : e.bitSize ?? e.size * 8;
  return { lanes: s.count, kind, bits, slotBits, laneName: e.name, size: s.size };
}
export interface Member {
  /** '' for an anonymous union/struct member. */
  readonly name: string;
  readonly type: DType;
  /** Byte offset of the member (for a bit-field: of its first byte holding bit 0 of the class, i.e. 0; see bitOffset). */
  readonly offset: number;
  /** Bit-fields: width and the first bit counted from the start of the class (little-endian numbering). */
  readonly bitSize?: number;
  readonly bitOffset?: number;
}
export interface TemplateParam {
  readonly name: string;
  readonly type?: DType;
  /** Value of a non-type parameter. */
  readonly value?: bigint;
}
export interface ClassType extends TypeCommon {
  readonly kind: 'class';
  readonly key: 'class' | 'struct' | 'union';
  readonly members: readonly Member[];
  readonly bases: readonly { readonly type: DType; readonly offset: number }[];
  readonly templateParams: readonly TemplateParam[];
  /** Only a declaration was found (no members, no size). */
  readonly incomplete: boolean;
}
export interface EnumType extends TypeCommon {
  readonly kind: 'enum';
  readonly underlying?: DType;
  readonly enumerators: readonly { readonly name: string; readonly value: bigint }[];
}

export const VOID: VoidType = { kind: 'void', name: 'void', size: 0, die: -1 };

/** Strips typedefs and cv-qualifiers. */
export function strip(t: DType): DType {
  while (t.kind === 'typedef' || t.kind === 'const' || t.kind === 'volatile') t = t.target;
  return t;
}

/** The name of a class without its template arguments: "at::TensorAccessor". */
export function templateBase(name: string): string {
  const k = name.indexOf('<');
  return k < 0 ? name : name.slice(0, k);
}

export function pointerTo(target: DType, kind: 'pointer' | 'reference' = 'pointer'): PointerType {
  return { kind, target, size: 4, die: -1, name: `${target.name} ${kind === 'pointer' ? '*' : '&'}` };
}

/** Builds and caches DTypes from DIEs. */
export class TypeTable {
  private readonly cache = new Map<number, DType>();
  private byName: Map<string, Die> | undefined;

  constructor(
    private readonly dies: ReadonlyMap<number, Die>,
    private readonly roots: readonly Die[],
  ) {}

  /** The type a DIE's DW_AT_type names (void when absent). */
  typeOf(d: Die): DType {
    const t = d.attrs.get(AT.type);
    return isRef(t) ? this.at(t.ref) : VOID;
  }

  /** The type whose DIE is at `offset`. */
  at(offset: number): DType {
    const hit = this.cache.get(offset);
    if (hit) return hit;
    const d = this.dies.get(offset);
    if (!d) return VOID;
    return this.build(d);
  }

  /** A complete class or enum type by qualified name (first definition found). */
  named(name: string): DType | undefined {
    const d = this.definitions().get(name);
    return d ? this.at(d.offset) : undefined;
  }

  private definitions(): Map<string, Die> {
    if (this.byName) return this.byName;
    const m = new Map<string, Die>();
    const walk = (d: Die) => {
      if ((d.tag === TAG.class_type || d.tag === TAG.structure_type || d.tag === TAG.union_type || d.tag === TAG.enumeration_type || d.tag === TAG.typedef || d.tag === TAG.base_type)
        && !d.attrs.has(AT.declaration) && typeof d.attrs.get(AT.name) === 'string') {
        const n = qualifiedName(d);
        if (!m.has(n)) m.set(n, d);
      }
      if (d.tag === TAG.compile_unit || d.tag === TAG.namespace || d.tag === TAG.class_type || d.tag === TAG.structure_type || d.tag === TAG.union_type) d.children.forEach(walk);
    };
    this.roots.forEach(walk);
    this.byName = m;
    return m;
  }

  private build(d: Die): DType {
    const num = (a: number) => {
      const v = d.attrs.get(a);
      return typeof v === 'number' ? v : undefined;
    };
    const own = d.attrs.get(AT.name);
    const plain = typeof own === 'string' ? own : '';
    const set = <T extends DType>(t: T): T => {
      this.cache.set(d.offset, t);
      return t;
    };
    switch (d.tag) {
      case TAG.base_type:
        return set({ kind: 'base', name: plain, size: num(AT.byte_size) ?? 0, encoding: num(AT.encoding) ?? 0, die: d.offset, ...(d.attrs.has(AT.bit_size) ? { bitSize: num(AT.bit_size) } : {}) });
      case TAG.unspecified_type:
        return set({ kind: 'base', name: plain || 'void', size: 4, encoding: 0, die: d.offset });
      case TAG.pointer_type: case TAG.reference_type: case TAG.rvalue_reference_type: case TAG.ptr_to_member_type: {
        const kind = d.tag === TAG.reference_type ? 'reference' : d.tag === TAG.rvalue_reference_type ? 'rvalue-reference' : 'pointer';
        const t = set({ kind, name: '', size: num(AT.byte_size) ?? 4, die: d.offset, target: VOID } as PointerType);
        const m = t as { target: DType; name: string };
        m.target = this.typeOf(d);
        m.name = suffixed(m.target, kind === 'pointer' ? '*' : kind === 'reference' ? '&' : '&&');
        return t;
      }
      case TAG.const_type: case TAG.volatile_type: case TAG.restrict_type: case TAG.atomic_type: {
        if (d.tag !== TAG.const_type && d.tag !== TAG.volatile_type) {
          const inner = this.typeOf(d);
          this.cache.set(d.offset, inner);
          return inner;
        }
        const kind = d.tag === TAG.const_type ? 'const' : 'volatile';
        const t = set({ kind, name: '', size: 0, die: d.offset, target: VOID } as QualType);
        const m = t as { target: DType; name: string; size: number };
        m.target = this.typeOf(d);
        m.size = m.target.size;
        m.name = m.target.kind === 'pointer' || m.target.kind === 'reference' ? `${m.target.name} ${kind}` : `${kind} ${m.target.name}`;
        return t;
      }
      case TAG.typedef: {
        const t = set({ kind: 'typedef', name: qualifiedName(d), size: 0, die: d.offset, target: VOID } as TypedefType);
        const m = t as { target: DType; size: number };
        m.target = this.typeOf(d);
        m.size = m.target.size;
        return t;
      }
      case TAG.class_type: case TAG.structure_type: case TAG.union_type:
        return this.classType(d, set);
      case TAG.enumeration_type: {
        const t = set({ kind: 'enum', name: qualifiedName(d), size: num(AT.byte_size) ?? 4, die: d.offset, enumerators: [] } as EnumType);
        const m = t as unknown as { underlying?: DType; enumerators: { name: string; value: bigint }[] };
        if (d.attrs.has(AT.type)) m.underlying = this.typeOf(d);
        const unsigned = m.underlying ? isUnsignedType(m.underlying) : false;
        for (const c of d.children) {
          if (c.tag !== TAG.enumerator) continue;
          m.enumerators.push({ name: String(c.attrs.get(AT.name) ?? ''), value: constValue(c.attrs.get(AT.const_value), t.size, unsigned) ?? 0n });
        }
        return t;
      }
      case TAG.array_type: {
        const subs = d.children.filter((c) => c.tag === TAG.subrange_type || c.tag === TAG.enumeration_type);
        const element = this.typeOf(d);
        const counts = subs.map((s) => {
          const c = s.attrs.get(AT.count);
          if (typeof c === 'number') return c;
          const ub = s.attrs.get(AT.upper_bound);
          const lb = s.attrs.get(AT.lower_bound);
          return typeof ub === 'number' && ub !== 0xffffffff ? ub - (typeof lb === 'number' ? lb : 0) + 1 : undefined;
        });
        if (counts.length === 0) counts.push(undefined);
        let t: DType = element;
        for (let k = counts.length - 1; k >= 0; k--) t = arrayOf(t, counts[k], k === 0 ? d.offset : -1);
        if (d.attrs.has(AT.GNU_vector) && t.kind === 'array') {
          // a vector: its byte size is the register's (a predicate's bit lanes are not element-sized)
          const stride = num(AT.bit_stride);
          const name = typeof own === 'string' ? own : `${t.element.name} __attribute__((vector_size(${num(AT.byte_size) ?? t.size})))`;
          t = { ...t, vector: true, size: num(AT.byte_size) ?? t.size, name, ...(stride !== undefined ? { bitStride: stride } : {}) };
        }
        this.cache.set(d.offset, t);
        return t;
      }
      case TAG.subroutine_type: {
        const t = set({ kind: 'function', name: '', size: 0, die: d.offset, ret: VOID, params: [] } as FunctionType);
        const m = t as unknown as { ret: DType; params: DType[]; name: string };
        m.ret = this.typeOf(d);
        m.params = d.children.filter((c) => c.tag === TAG.formal_parameter).map((c) => this.typeOf(c));
        m.name = `${m.ret.name} (${m.params.map((p) => p.name).join(', ')})`;
        return t;
      }
    }
    return set({ kind: 'base', name: plain || `<tag 0x${d.tag.toString(16)}>`, size: num(AT.byte_size) ?? 0, encoding: 0, die: d.offset });
  }

  private classType(d: Die, set: <T extends DType>(t: T) => T): DType {
    const name = typeof d.attrs.get(AT.name) === 'string' ? qualifiedName(d) : '(anonymous)';
    if (d.attrs.has(AT.declaration)) {
      const def = name !== '(anonymous)' ? this.definitions().get(name) : undefined;
      if (def && def !== d) {
        const t = this.at(def.offset);
        this.cache.set(d.offset, t);
        return t;
      }
    }
    const key = d.tag === TAG.class_type ? 'class' : d.tag === TAG.union_type ? 'union' : 'struct';
    const size = d.attrs.get(AT.byte_size);
    const t = set({
      kind: 'class', key, name, size: typeof size === 'number' ? size : 0, die: d.offset,
      members: [], bases: [], templateParams: [], incomplete: d.attrs.has(AT.declaration),
    } as ClassType);
    const members = t.members as Member[];
    const bases = t.bases as { type: DType; offset: number }[];
    const tparams = t.templateParams as TemplateParam[];
    for (const c of d.children) {
      if (c.tag === TAG.member && !c.attrs.has(AT.declaration) && !c.attrs.has(AT.const_value)) {
        const type = this.typeOf(c);
        const mname = c.attrs.get(AT.name);
        const loc = memberOffset(c.attrs.get(AT.data_member_location));
        const bitSize = c.attrs.get(AT.bit_size);
        if (typeof bitSize === 'number') {
          let bitOffset = c.attrs.get(AT.data_bit_offset) as number | undefined;
          if (typeof bitOffset !== 'number') {
            // DWARF 2/3: DW_AT_bit_offset counts from the most significant bit of the storage unit
            const unit = (c.attrs.get(AT.byte_size) as number | undefined) ?? strip(type).size;
            const old = (c.attrs.get(AT.bit_offset) as number | undefined) ?? 0;
            bitOffset = (loc ?? 0) * 8 + unit * 8 - old - bitSize;
          }
          members.push({ name: typeof mname === 'string' ? mname : '', type, offset: 0, bitSize, bitOffset });
        } else if (loc !== undefined || key === 'union') {
          members.push({ name: typeof mname === 'string' ? mname : '', type, offset: loc ?? 0 });
        }
      } else if (c.tag === TAG.inheritance) {
        bases.push({ type: this.typeOf(c), offset: memberOffset(c.attrs.get(AT.data_member_location)) ?? 0 });
      } else if (c.tag === TAG.template_type_parameter || c.tag === TAG.template_value_parameter) {
        const pn = c.attrs.get(AT.name);
        const pt = c.attrs.has(AT.type) ? this.typeOf(c) : undefined;
        const cv = c.attrs.get(AT.const_value);
        tparams.push({
          name: typeof pn === 'string' ? pn : '',
          type: pt,
          value: c.tag === TAG.template_value_parameter ? constValue(cv, pt ? strip(pt).size : 4, pt ? isUnsignedType(pt) : false) : undefined,
        });
      }
    }
    return t;
  }
}

function arrayOf(element: DType, count: number | undefined, die: number): ArrayType {
  // "int[2][3]": the outer dimension's count goes before the inner ones
  const inner = element.kind === 'array' ? element.name.slice(element.name.indexOf('[')) : '';
  const baseName = element.kind === 'array' ? element.name.slice(0, element.name.indexOf('[')) : element.name;
  return { kind: 'array', element, count, size: count !== undefined ? count * element.size : 0, die, name: `${baseName}[${count ?? ''}]${inner}` };
}

function suffixed(t: DType, s: string): string {
  if (t.kind === 'function') return `${t.ret.name} (${s})(${t.params.map((p) => p.name).join(', ')})`;
  if (t.kind === 'array') return `${t.name.slice(0, t.name.indexOf('['))} (${s})${t.name.slice(t.name.indexOf('['))}`;
  return `${t.name} ${s}`;
}

/** A member offset: a constant, or (DWARF 2) an expression DW_OP_plus_uconst n. */
function memberOffset(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v instanceof Uint8Array && v[0] === 0x23) {
    let r = 0;
    let mul = 1;
    for (let k = 1; k < v.length; k++) {
      r += (v[k] & 0x7f) * mul;
      mul *= 128;
      if (!(v[k] & 0x80)) break;
    }
    return r;
  }
  return undefined;
}

/** A DW_AT_const_value as a BigInt of a `size`-byte integer. */
export function constValue(v: unknown, size: number, unsigned: boolean): bigint | undefined {
  let b: bigint;
  if (typeof v === 'number') b = BigInt(Math.trunc(v));
  else if (typeof v === 'bigint') b = v;
  else if (typeof v === 'boolean') b = v ? 1n : 0n;
  else if (v instanceof Uint8Array) {
    b = 0n;
    for (let k = v.length - 1; k >= 0; k--) b = (b << 8n) | BigInt(v[k]);
  } else return undefined;
  const bits = BigInt(Math.max(1, Math.min(size || 8, 8)) * 8);
  return unsigned ? BigInt.asUintN(Number(bits), b) : BigInt.asIntN(Number(bits), b);
}

export function isUnsignedType(t: DType): boolean {
  const s = strip(t);
  if (s.kind === 'enum') return s.underlying ? isUnsignedType(s.underlying) : !s.enumerators.some((e) => e.value < 0n);
  if (s.kind === 'pointer' || s.kind === 'reference' || s.kind === 'rvalue-reference') return true;
  return s.kind === 'base' && (s.encoding === 0x07 || s.encoding === 0x08 || s.encoding === 0x02 || s.encoding === 0x10);
}
