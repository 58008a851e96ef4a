// The classes, structs and unions an image's DWARF describes, with their data members — the artificial
// ones included (`_vptr.C`, the vtable pointer a polymorphic class introduces) — and their offsets.

import type { ElfImage } from '../xtensa/elf';
import { DwarfError } from './cursor';
import { AT, TAG, type Die, indexDies, isRef, readInfoSection } from './info';
import { qualifiedName, typeName, typeOfDie } from './types';

export interface ClassMember {
  readonly name: string;
  /** DW_AT_data_member_location (bit-fields: their byte, from DW_AT_data_bit_offset). */
  readonly offset: number;
  readonly artificial: boolean;
  /** The member's type, spelled as C++ ("int (**)()" is read as "int () * *"). */
  readonly type: string;
}

export interface ClassInfo {
  readonly name: string;
  readonly size: number;
  readonly members: readonly ClassMember[];
}

/** Every defined class type of the image's .debug_info (declarations without a body are left out). */
export function readClasses(image: ElfImage): ClassInfo[] {
  const sec = (name: string) => {
    const s = image.sections.find((x) => x.name === name);
    return s?.data.subarray(0, s.size);
  };
  const info = sec('.debug_info');
  const abbrev = sec('.debug_abbrev');
  if (!info) return [];
  if (!abbrev) throw new DwarfError('.debug_abbrev: missing (needed by .debug_info)');
  const units = readInfoSection(info, abbrev, { str: sec('.debug_str'), lineStr: sec('.debug_line_str'), strOffsets: sec('.debug_str_offsets'), addr: sec('.debug_addr') });
  const dies = indexDies(units);
  const out: ClassInfo[] = [];
  const walk = (d: Die) => {
    if ((d.tag === TAG.class_type || d.tag === TAG.structure_type || d.tag === TAG.union_type) && !d.attrs.has(AT.declaration)) {
      const size = d.attrs.get(AT.byte_size);
      const members = d.children.filter((c) => c.tag === TAG.member).map((m): ClassMember => {
        const loc = m.attrs.get(AT.data_member_location);
        const bit = m.attrs.get(AT.data_bit_offset);
        const t = m.attrs.get(AT.type);
        return {
          name: (m.attrs.get(AT.name) as string | undefined) ?? '',
          offset: typeof loc === 'number' ? loc : typeof bit === 'number' ? Math.floor(bit / 8) : 0,
          artificial: !!m.attrs.get(AT.artificial),
          type: isRef(t) ? typeName(typeOfDie(dies.get(t.ref), dies)) : 'void',
        };
      });
      out.push({ name: qualifiedName(d), size: typeof size === 'number' ? size : 0, members });
    }
    for (const c of d.children) walk(c);
  };
  for (const u of units) walk(u.root);
  return out;
}
