// C++ types of the semantic model as DWARF type entries: base types, cv-qualifiers, pointers,
// references, arrays, classes (bases, members, template parameters), enums, typedefs and function
// types. Each distinct type (typedef names count) gets one DIE; a class DIE is registered before its
// members are described, so self-referential classes work. Classes, enums and typedefs sit in
// DW_TAG_namespace entries (a nested class in its class), so a debugger sees `at::Tensor`.

import { types, type CompleteUnit, isAnonymousMember } from '../../language';
import type { BuiltinName, ClassDecl, NamespaceDecl, Scope, Type } from '../../language/model';
import { AT, Die, TAG } from './die';

const DW_ATE_boolean = 0x02;
const DW_ATE_float = 0x04;
const DW_ATE_signed = 0x05;
const DW_ATE_signed_char = 0x06;
const DW_ATE_unsigned = 0x07;
const DW_ATE_unsigned_char = 0x08;

type VectorInfo = Extract<Type, { kind: 'vector' }>['vector'];
const C_LANES = new Set(['int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'byte']);

/** A lane's base type: name, encoding, bytes (the wide lanes as signed integers of their slices). */
const LANE_BASE: Record<string, [string, number, number]> = {
  int8: ['signed char', DW_ATE_signed_char, 1], uint8: ['unsigned char', DW_ATE_unsigned_char, 1],
  int16: ['short', DW_ATE_signed, 2], uint16: ['unsigned short', DW_ATE_unsigned, 2],
  int32: ['int', DW_ATE_signed, 4], uint32: ['unsigned int', DW_ATE_unsigned, 4],
  float16: ['_Float16', DW_ATE_float, 2], float32: ['float', DW_ATE_float, 4],
  int24: ['int24', DW_ATE_signed, 3], int48: ['int48', DW_ATE_signed, 6], int64: ['int64', DW_ATE_signed, 12],
  byte: ['unsigned char', DW_ATE_unsigned_char, 1],
};

export class TypeDies {
  private readonly byKey = new Map<string, Die>();
  private readonly namespaces = new Map<Die, Map<string, Die>>();

  constructor(
    private readonly cu: Die,
    private readonly model: CompleteUnit,
  ) {}

  /** The DIE of a type (undefined for void). */
  of(t: Type): Die | undefined {
    if (t.kind === 'builtin' && t.name === 'void' && !t.const && !t.volatile && !t.alias) return undefined;
    const key = debugKey(t);
    const known = this.byKey.get(key);
    if (known) return known;
    if (t.const || t.volatile) {
      const d = this.cu.child(new Die(t.const ? TAG.const_type : TAG.volatile_type));
      this.byKey.set(key, d);
      const inner = this.of(types.withQuals(t, false, t.const ? !!t.volatile : false));
      if (inner) d.add(AT.type, 'ref4', inner);
      return d;
    }
    if (t.alias && t.kind !== 'reference') return this.typedefDie(key, t);
    switch (t.kind) {
      case 'builtin': return this.remember(key, this.base(t));
      case 'pointer': return this.indirect(key, TAG.pointer_type, t.pointee);
      case 'reference': return this.indirect(key, t.rvalue ? TAG.rvalue_reference_type : TAG.reference_type, t.referee);
      case 'array': return this.array(key, t);
      case 'class': return this.classDie(key, t.decl);
      case 'enum': return this.enumDie(key, t);
      case 'vector': return this.vectorDie(key, t.vector);
      case 'function': {
        const d = this.remember(key, new Die(TAG.subroutine_type));
        const r = this.of(t.ret);
        if (r) d.add(AT.type, 'ref4', r);
        for (const p of t.params) {
          const pd = this.of(p);
          const fp = d.child(new Die(TAG.formal_parameter));
          if (pd) fp.add(AT.type, 'ref4', pd);
        }
        return d;
      }
      default:
        return undefined;
    }
  }

  private remember(key: string, d: Die, parent: Die = this.cu): Die {
    this.byKey.set(key, d);
    parent.child(d);
    return d;
  }

  /** `typedef T name;` at namespace scope: a DW_TAG_typedef in its namespace, naming T without the alias. */
  private typedefDie(key: string, t: Type): Die {
    const path = splitQualified(t.alias!.qualifiedName);
    const name = path.pop()!;
    const parent = path.reduce((p, n) => this.namespaceDie(p, n), this.cu);
    const d = this.remember(key, new Die(TAG.typedef).add(AT.name, 'strp', name), parent);
    const target = this.of({ ...t, alias: undefined } as Type);
    if (target) d.add(AT.type, 'ref4', target);
    return d;
  }

  /** The DW_TAG_namespace `name` (empty: the unnamed namespace) inside `parent`, made on first use. */
  private namespaceDie(parent: Die, name: string): Die {
    let inner = this.namespaces.get(parent);
    if (!inner) this.namespaces.set(parent, (inner = new Map()));
    let d = inner.get(name);
    if (!d) {
      d = parent.child(new Die(TAG.namespace));
      if (name) d.add(AT.name, 'strp', name);
      inner.set(name, d);
    }
    return d;
  }

  /** The DIE a declaration of `scope` belongs in: its namespace's, its class's, or the compile unit. */
  private scopeDie(scope: Scope | undefined): Die {
    for (let s = scope; s; s = s.parent) {
      const owner = s.owner;
      if (owner?.kind === 'class') return this.of(types.classType(owner)) ?? this.cu;
      if (owner?.kind === 'namespace') return this.namespaceDie(this.scopeDie(s.parent), (owner as NamespaceDecl).name);
    }
    return this.cu;
  }

  private base(t: Type & { kind: 'builtin' }): Die {
    if (t.name === 'nullptr_t') return new Die(TAG.unspecified_type).add(AT.name, 'strp', 'decltype(nullptr)');
    const size = this.model.sizeAlignOf(t)?.size ?? 4;
    let enc = DW_ATE_signed;
    if (t.name === 'bool') enc = DW_ATE_boolean;
    else if (t.name === 'float' || t.name === 'double' || t.name === 'long double') enc = DW_ATE_float;
    else if (t.name === 'char' || t.name === 'signed char') enc = types.isUnsigned(t) ? DW_ATE_unsigned_char : DW_ATE_signed_char;
    else if (t.name === 'unsigned char') enc = DW_ATE_unsigned_char;
    else if (types.isUnsigned(t)) enc = DW_ATE_unsigned;
    return new Die(TAG.base_type).add(AT.name, 'strp', t.name === 'long double' ? 'long double' : t.name).add(AT.encoding, 'data1', enc).add(AT.byte_size, 'data1', size);
  }

  private indirect(key: string, tag: number, target: Type): Die {
    const d = this.remember(key, new Die(tag).add(AT.byte_size, 'data1', 4));
    const inner = this.of(target);
    if (inner) d.add(AT.type, 'ref4', inner);
    return d;
  }

  private array(key: string, t: Type & { kind: 'array' }): Die {
    const d = this.remember(key, new Die(TAG.array_type));
    const el = this.of(t.element);
    if (el) d.add(AT.type, 'ref4', el);
    const sub = d.child(new Die(TAG.subrange_type));
    if (t.length !== undefined) sub.add(AT.count, 'udata', t.length);
    return d;
  }

  /**
   * An IVP vector as GCC describes a vector type: DW_TAG_array_type with DW_AT_GNU_vector and the
   * register's byte size over the lane's base type, one subrange of `lanes` elements. The wide
   * accumulators' lanes are signed integers of their 3-, 6- or 12-byte slices (the 64-bit lane's slice
   * says DW_AT_bit_size 64: its value is the slice's low 64 bits). A predicate's lanes are bools packed
   * DW_AT_bit_stride bits apart in its 8-byte mask (64 / lanes bits a lane, the lowest one read).
   */
  private vectorDie(key: string, v: VectorInfo): Die {
    const d = this.remember(key, new Die(TAG.array_type).add(AT.GNU_vector, 'flag_present', true).add(AT.byte_size, 'data1', v.size));
    let lane: Die | undefined;
    if (v.file === 'vbool') {
      lane = this.of(types.builtin('bool'));
      d.add(AT.bit_stride, 'data1', v.sliceBits);
    } else {
      const [name, enc, bytes] = LANE_BASE[v.lane];
      // lanes of a C type share its DIE; the others get their own base type
      const builtin = C_LANES.has(v.lane) ? this.of(types.builtin(name as BuiltinName)) : undefined;
      const laneKey = `lane:${v.lane}`;
      lane = builtin ?? this.byKey.get(laneKey);
      if (!lane) {
        lane = this.remember(laneKey, new Die(TAG.base_type).add(AT.name, 'strp', name).add(AT.encoding, 'data1', enc).add(AT.byte_size, 'data1', bytes));
        if (bytes * 8 > v.laneBits) lane.add(AT.bit_size, 'data1', v.laneBits).add(AT.data_bit_offset, 'data1', 0);
      }
    }
    if (lane) d.add(AT.type, 'ref4', lane);
    d.child(new Die(TAG.subrange_type)).add(AT.upper_bound, 'udata', v.lanes - 1);
    return d;
  }

  private classDie(key: string, c: ClassDecl): Die {
    const tag = c.key === 'union' ? TAG.union_type : c.key === 'class' ? TAG.class_type : TAG.structure_type;
    const parent = this.scopeDie(c.declScope);
    // describing the enclosing class may have described this one (a member of its type)
    const known = this.byKey.get(key);
    if (known) return known;
    const d = this.remember(key, new Die(tag), parent);
    // an anonymous union or struct has no name (its member in the enclosing class has none either)
    if (c.name !== '(anonymous)') d.add(AT.name, 'strp', c.displayName().replace(/^.*::(?=[^:<]*(<|$))/, ''));
    const layout = this.model.layoutOf(c);
    if (!layout) {
      d.add(AT.declaration, 'flag_present', true);
      return d;
    }
    d.add(AT.byte_size, 'udata', layout.size);
    if (c.templateInfo) {
      c.templateInfo.template.params.forEach((p, i) => {
        const arg = c.templateInfo!.args[i];
        if (!arg) return;
        if (arg.kind === 'type') {
          const td = d.child(new Die(TAG.template_type_parameter)).add(AT.name, 'strp', p.name);
          const at = this.of(arg.type);
          if (at) td.add(AT.type, 'ref4', at);
        } else {
          const vd = d.child(new Die(TAG.template_value_parameter)).add(AT.name, 'strp', p.name);
          const vt = this.of(arg.valueType ?? types.INT);
          if (vt) vd.add(AT.type, 'ref4', vt);
          vd.add(AT.const_value, 'sdata', arg.value);
        }
      });
    }
    if (c.base && layout.base) {
      const b = d.child(new Die(TAG.inheritance));
      const bt = this.of(types.classType(c.base));
      if (bt) b.add(AT.type, 'ref4', bt);
      b.add(AT.data_member_location, 'udata', layout.base.offset);
    }
    if (layout.vptrOffset !== undefined && !c.base?.polymorphic) {
      // the class introduces the vptr: GCC's artificial member `_vptr.<class>`, of type `int (**)()`
      const vp = d.child(new Die(TAG.member)).add(AT.name, 'strp', `_vptr.${c.templateInfo ? c.templateInfo.template.name : c.name}`);
      const entry: Type = { kind: 'function', ret: types.INT, params: [], variadic: false };
      const vt = this.of(types.pointerTo(types.pointerTo(entry)));
      if (vt) vp.add(AT.type, 'ref4', vt);
      vp.add(AT.data_member_location, 'udata', layout.vptrOffset);
      vp.add(AT.artificial, 'flag_present', true);
    }
    for (const f of c.fields) {
      const fl = layout.fields.find((x) => x.name === f.name);
      if (!fl) continue;
      const m = d.child(new Die(TAG.member));
      if (!isAnonymousMember(f)) m.add(AT.name, 'strp', f.name);
      const ft = this.of(f.type);
      if (ft) m.add(AT.type, 'ref4', ft);
      if (fl.bitWidth !== undefined) {
        // a bit-field (DWARF 4): its width and its first bit counted from the start of the class
        m.add(AT.bit_size, 'udata', fl.bitWidth);
        m.add(AT.data_bit_offset, 'udata', fl.offset * 8 + fl.bitOffset!);
      } else m.add(AT.data_member_location, 'udata', fl.offset);
    }
    return d;
  }

  private enumDie(key: string, t: Type & { kind: 'enum' }): Die {
    const e = t.decl;
    const d = this.remember(key, new Die(TAG.enumeration_type), this.scopeDie(e.scope.parent)).add(AT.name, 'strp', e.name);
    d.add(AT.byte_size, 'data1', this.model.sizeAlignOf(e.underlying)?.size ?? 4);
    const ut = this.of(e.underlying);
    if (ut) d.add(AT.type, 'ref4', ut);
    for (const ds of e.scope.members.values()) {
      for (const m of ds) if (m.kind === 'enumerator') d.child(new Die(TAG.enumerator)).add(AT.name, 'strp', m.name).add(AT.const_value, 'sdata', m.value);
    }
    return d;
  }
}

/** The identity of a type's DIE: the model's type key with the typedef names the source used. */
function debugKey(t: Type): string {
  const alias = t.alias && t.kind !== 'reference' ? `N${t.alias.qualifiedName}:` : '';
  const q = (t.const ? 'K' : '') + (t.volatile ? 'V' : '');
  switch (t.kind) {
    case 'pointer': return `${alias}${q}P(${debugKey(t.pointee)})`;
    case 'reference': return `${t.rvalue ? 'RR' : 'R'}(${debugKey(t.referee)})`;
    case 'array': return `${alias}${q}A${t.length ?? ''}(${debugKey(t.element)})`;
    case 'function': return `${alias}F(${debugKey(t.ret)};${t.params.map(debugKey).join(',')}${t.variadic ? ',...' : ''})`;
    default: return alias + types.typeKey(t);
  }
}

/** `c10::ArrayRef<at::foo>` → ['c10', 'ArrayRef<at::foo>'] (template arguments kept whole). */
function splitQualified(name: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < name.length; i++) {
    const ch = name[i];
    if (ch === '<' || ch === '(') depth++;
    else if (ch === '>' || ch === ')') depth--;
    else if (depth === 0 && ch === ':' && name[i + 1] === ':') {
      parts.push(name.slice(start, i));
      start = i + 2;
      i++;
    }
  }
  parts.push(name.slice(start));
  return parts;
}
