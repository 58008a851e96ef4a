// .debug_abbrev + .debug_info (versions 2–5, DWARF32): the DIE tree of every compile unit, with
// attribute values resolved (strx/addrx through the unit's bases, references as absolute offsets).

import { Cursor, DwarfError } from './cursor';
import { AttrValue, Ref, Sections, UnitContext, readForm, resolveIndexed } from './forms';
import { AT, TAG } from './constants';

export { AT, TAG };

export interface Die {
  readonly offset: number;
  readonly tag: number;
  readonly attrs: Map<number, AttrValue>;
  readonly children: Die[];
  parent?: Die;
  /** DW_AT_high_pc has a constant form (an offset from DW_AT_low_pc, DWARF 4+). */
  highPcIsOffset?: boolean;
}

export interface InfoUnit {
  readonly offset: number;
  readonly version: number;
  readonly addrSize: number;
  readonly root: Die;
}

const ADDRESS_FORMS = new Set([0x01, 0x1b, 0x29, 0x2a, 0x2b, 0x2c]);

interface Abbrev {
  tag: number;
  children: boolean;
  specs: [number, number, number][];
}

function readAbbrevs(bytes: Uint8Array, offset: number): Map<number, Abbrev> {
  const c = new Cursor(bytes, '.debug_abbrev', offset);
  const out = new Map<number, Abbrev>();
  for (;;) {
    const code = c.uleb();
    if (code === 0) return out;
    const tag = c.uleb();
    const children = c.u8() !== 0;
    const specs: [number, number, number][] = [];
    for (;;) {
      const name = c.uleb();
      const form = c.uleb();
      const implicit = form === 0x21 ? c.sleb() : 0;
      if (name === 0 && form === 0) break;
      specs.push([name, form, implicit]);
    }
    out.set(code, { tag, children, specs });
  }
}

export function readInfoSection(info: Uint8Array, abbrev: Uint8Array, s: Sections): InfoUnit[] {
  const c = new Cursor(info, '.debug_info');
  const units: InfoUnit[] = [];
  while (!c.atEnd) {
    const offset = c.pos;
    const end = c.initialLength();
    const version = c.u16();
    if (version < 2 || version > 5) throw new DwarfError(`.debug_info: unsupported version ${version} at offset 0x${offset.toString(16)}`);
    let abbrevOffset: number;
    let addrSize: number;
    if (version >= 5) {
      const unitType = c.u8();
      addrSize = c.u8();
      abbrevOffset = c.u32();
      if (unitType === 2 || unitType === 6) c.skip(8 + 4); // type units: signature, type offset
      else if (unitType === 4 || unitType === 5) c.skip(8); // skeleton/split: dwo id
    } else {
      abbrevOffset = c.u32();
      addrSize = c.u8();
    }
    const abbrevs = readAbbrevs(abbrev, abbrevOffset);
    const u: UnitContext = { unitOffset: offset, addrSize, version, strOffsetsBase: 8, addrBase: 8 };
    const root = readDies(c, end, abbrevs, u, s);
    if (root) {
      resolveUnit(root, u, s);
      units.push({ offset, version, addrSize, root });
    }
    c.pos = end;
  }
  return units;
}

function readDies(c: Cursor, end: number, abbrevs: Map<number, Abbrev>, u: UnitContext, s: Sections): Die | undefined {
  let root: Die | undefined;
  const stack: Die[] = [];
  while (c.pos < end) {
    const offset = c.pos;
    const code = c.uleb();
    if (code === 0) {
      stack.pop();
      if (stack.length === 0 && root) break;
      continue;
    }
    const ab = abbrevs.get(code);
    if (!ab) throw new DwarfError(`.debug_info: unknown abbreviation ${code} at offset 0x${offset.toString(16)}`);
    const die: Die = { offset, tag: ab.tag, attrs: new Map(), children: [] };
    for (const [name, form, implicit] of ab.specs) {
      die.attrs.set(name, readForm(c, form, u, s, implicit));
      if (name === AT.high_pc) die.highPcIsOffset = !ADDRESS_FORMS.has(form);
    }
    if (die.tag === TAG.compile_unit || die.tag === TAG.skeleton_unit) {
      const so = die.attrs.get(AT.str_offsets_base);
      const ab2 = die.attrs.get(AT.addr_base);
      if (typeof so === 'number') u.strOffsetsBase = so;
      if (typeof ab2 === 'number') u.addrBase = ab2;
    }
    const parent = stack[stack.length - 1];
    if (parent) {
      die.parent = parent;
      parent.children.push(die);
    } else if (!root) root = die;
    if (ab.children) stack.push(die);
    else if (!parent) break;
  }
  return root;
}

function resolveUnit(d: Die, u: UnitContext, s: Sections): void {
  for (const [k, v] of d.attrs) d.attrs.set(k, resolveIndexed(v, u, s));
  for (const ch of d.children) resolveUnit(ch, u, s);
}

export function isRef(v: AttrValue | undefined): v is Ref {
  return typeof v === 'object' && !(v instanceof Uint8Array) && 'ref' in v;
}

/** Every DIE of the units by offset. */
export function indexDies(units: readonly InfoUnit[]): Map<number, Die> {
  const map = new Map<number, Die>();
  const walk = (d: Die) => {
    map.set(d.offset, d);
    d.children.forEach(walk);
  };
  units.forEach((u) => walk(u.root));
  return map;
}
