// C++ types of the semantic model as DWARF type entries: base types, cv-qualifiers, pointers,
// references, arrays, classes (bases, members, template parameters), enums and function types.
// Each distinct type gets one DIE; a class DIE is registered before its members are described, so
// self-referential classes work.

import { types, type SemanticModel } from '../../language';
import type { ClassDecl } from '../../language/sema/decls';
import type { Type } from '../../language/sema/types';
import { AT, Die, TAG } from './die';
import { enumeratorValue } from '../lower/constants';

const DW_ATE_boolean = 0x02;
const DW_ATE_float = 0x04;
const DW_ATE_signed = 0x05;
const DW_ATE_signed_char = 0x06;
const DW_ATE_unsigned = 0x08;
const DW_ATE_unsigned_char = 0x08;

export class TypeDies {
  private readonly byKey = new Map<string, Die>();

  constructor(
    private readonly cu: Die,
    private readonly model: SemanticModel,
  ) {}

  /** The DIE of a type (undefined for void). */
  of(t: Type): Die | undefined {
    if (t.kind === 'builtin' && t.name === 'void' && !t.const && !t.volatile) return undefined;
    const key = types.typeKey(t);
    const known = this.byKey.get(key);
    if (known) return known;
    if (t.const || t.volatile) {
      const d = this.cu.child(new Die(t.const ? TAG.const_type : TAG.volatile_type));
      this.byKey.set(key, d);
      const inner = this.of(types.withQuals(t, false, t.const ? !!t.volatile : false));
      if (inner) d.add(AT.type, 'ref4', inner);
      return d;
    }
    switch (t.kind) {
      case 'builtin': return this.remember(key, this.base(t));
      case 'pointer': return this.indirect(key, TAG.pointer_type, t.pointee);
      case 'reference': return this.indirect(key, t.rvalue ? TAG.rvalue_reference_type : TAG.reference_type, t.referee);
      case 'array': return this.array(key, t);
      case 'class': return this.classDie(key, t.decl);
      case 'enum': return this.enumDie(key, t);
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

  private remember(key: string, d: Die): Die {
    this.byKey.set(key, d);
    if (!this.cu.children.includes(d)) this.cu.child(d);
    return d;
  }

  private base(t: Type & { kind: 'builtin' }): Die {
    if (t.name === 'nullptr_t') return new Die(TAG.unspecified_type).add(AT.name, 'strp', 'decltype(nullptr)');
    const size = this.model.sizeAlign(t)?.size ?? 4;
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

  private classDie(key: string, c: ClassDecl): Die {
    const tag = c.key === 'union' ? TAG.union_type : c.key === 'class' ? TAG.class_type : TAG.structure_type;
    const d = this.remember(key, new Die(tag));
    d.add(AT.name, 'strp', c.displayName().replace(/^.*::(?=[^:<]*(<|$))/, ''));
    const layout = c.require() ? this.model.classLayout(c) : undefined;
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
    for (const f of c.fields) {
      const fl = layout.fields.find((x) => x.name === f.name);
      if (!fl) continue;
      const m = d.child(new Die(TAG.member)).add(AT.name, 'strp', f.name);
      const ft = this.of(f.type);
      if (ft) m.add(AT.type, 'ref4', ft);
      m.add(AT.data_member_location, 'udata', fl.offset);
    }
    return d;
  }

  private enumDie(key: string, t: Type & { kind: 'enum' }): Die {
    const e = t.decl;
    const d = this.remember(key, new Die(TAG.enumeration_type)).add(AT.name, 'strp', e.name);
    d.add(AT.byte_size, 'data1', this.model.sizeAlign(e.underlying)?.size ?? 4);
    const ut = this.of(e.underlying);
    if (ut) d.add(AT.type, 'ref4', ut);
    for (const ds of e.scope.members.values()) {
      for (const m of ds) if (m.kind === 'enumerator') d.child(new Die(TAG.enumerator)).add(AT.name, 'strp', m.name).add(AT.const_value, 'sdata', enumeratorValue(m) ?? m.value);
    }
    return d;
  }
}
