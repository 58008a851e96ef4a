// Debugging information entries and their encoding: a DIE tree is built in memory, abbreviations are
// shared by every DIE with the same tag, attributes and forms, offsets are laid out, then
// .debug_info, .debug_abbrev and .debug_str are written (DWARF 4, 32-bit format, 4-byte addresses).

import { ByteWriter, slebSize, ulebSize } from './bytes';
import { AT, FORM, TAG } from '../../debuginfo';

export { AT, FORM, TAG };

/** The forms this writer emits (a subset of FORM). */
export type FormName = Extract<keyof typeof FORM, 'addr' | 'data2' | 'data4' | 'data1' | 'strp' | 'udata' | 'sdata' | 'ref4' | 'sec_offset' | 'exprloc' | 'flag_present'>;

export interface Attr {
  readonly at: number;
  readonly form: FormName;
  /** number (constants, addresses, offsets), bigint (sdata), string (strp), Die (ref4), Uint8Array (exprloc). */
  readonly value: number | bigint | string | Die | Uint8Array | true;
}

export class Die {
  readonly attrs: Attr[] = [];
  readonly children: Die[] = [];
  offset = 0;
  code = 0;

  constructor(readonly tag: number) {}

  add(at: number, form: FormName, value: Attr['value']): this {
    this.attrs.push({ at, form, value });
    return this;
  }

  child(d: Die): Die {
    this.children.push(d);
    return d;
  }
}

function attrSize(a: Attr): number {
  switch (a.form) {
    case 'addr': case 'data4': case 'strp': case 'ref4': case 'sec_offset': return 4;
    case 'data2': return 2;
    case 'data1': return 1;
    case 'udata': return ulebSize(a.value as number);
    case 'sdata': return slebSize(a.value as number | bigint);
    case 'exprloc': return ulebSize((a.value as Uint8Array).length) + (a.value as Uint8Array).length;
    case 'flag_present': return 0;
  }
}

export interface DebugSections {
  readonly info: Uint8Array;
  readonly abbrev: Uint8Array;
  readonly str: Uint8Array;
}

/** Encodes a compile unit DIE tree. */
export function encodeUnit(root: Die): DebugSections {
  return encodeUnits([root]);
}

/**
 * Encodes compile units one after another in .debug_info; they share one abbreviation table (every
 * unit's abbrev_offset is 0) and one string table.
 */
export function encodeUnits(roots: readonly Die[]): DebugSections {
  const abbrevs = new Map<string, number>();
  const abbrevList: Die[] = [];
  const assignCodes = (d: Die) => {
    const key = `${d.tag}:${d.children.length > 0}:${d.attrs.map((a) => `${a.at}/${a.form}`).join(',')}`;
    let code = abbrevs.get(key);
    if (!code) {
      code = abbrevList.length + 1;
      abbrevs.set(key, code);
      abbrevList.push(d);
    }
    d.code = code;
    d.children.forEach(assignCodes);
  };
  roots.forEach(assignCodes);

  const strings = new Map<string, number>();
  const str = new ByteWriter();
  const strOffset = (s: string) => {
    let o = strings.get(s);
    if (o === undefined) {
      o = str.length;
      strings.set(s, o);
      str.cstr(s);
    }
    return o;
  };

  const info = new ByteWriter();
  for (const root of roots) writeUnit(info, root, strOffset);

  const abbrev = new ByteWriter();
  for (const d of abbrevList) {
    abbrev.uleb(d.code).uleb(d.tag).u8(d.children.length ? 1 : 0);
    for (const a of d.attrs) abbrev.uleb(a.at).uleb(FORM[a.form]);
    abbrev.u8(0).u8(0);
  }
  abbrev.u8(0);
  return { info: info.result(), abbrev: abbrev.result(), str: str.result() };
}

/** Lays out one unit's DIEs (offsets relative to the unit, as ref4 wants) and writes the unit. */
function writeUnit(info: ByteWriter, root: Die, strOffset: (s: string) => number): void {
  const HEADER = 11;
  let at = HEADER;
  const layout = (d: Die) => {
    d.offset = at;
    at += ulebSize(d.code);
    for (const a of d.attrs) at += attrSize(a);
    d.children.forEach(layout);
    if (d.children.length) at += 1;
  };
  layout(root);
  info.u32(at - 4).u16(4).u32(0).u8(4);
  const write = (d: Die) => {
    info.uleb(d.code);
    for (const a of d.attrs) writeAttr(info, a, strOffset);
    d.children.forEach(write);
    if (d.children.length) info.u8(0);
  };
  write(root);
}

function writeAttr(w: ByteWriter, a: Attr, strOffset: (s: string) => number): void {
  const v = a.value;
  switch (a.form) {
    case 'addr': case 'data4': case 'sec_offset': w.u32(v as number); return;
    case 'data2': w.u16(v as number); return;
    case 'data1': w.u8(v as number); return;
    case 'udata': w.uleb(v as number); return;
    case 'sdata': w.sleb(v as number | bigint); return;
    case 'strp': w.u32(strOffset(v as string)); return;
    case 'ref4': w.u32((v as Die).offset); return;
    case 'exprloc': w.uleb((v as Uint8Array).length).bytes(v as Uint8Array); return;
    case 'flag_present': return;
  }
}
