// DWARF attribute forms (versions 2–5): reading one attribute value, given the unit's address and
// offset sizes and the string sections. Values are numbers, strings, byte blocks or references.

import { Cursor, DwarfError, stringAt } from './cursor';
import { FORM } from './constants';

export { FORM };

export interface Sections {
  readonly str?: Uint8Array;
  readonly lineStr?: Uint8Array;
  readonly strOffsets?: Uint8Array;
  readonly addr?: Uint8Array;
}

export interface UnitContext {
  readonly unitOffset: number;
  readonly addrSize: number;
  readonly version: number;
  strOffsetsBase: number;
  addrBase: number;
}

/** A reference to another DIE by its .debug_info offset. */
export interface Ref {
  readonly ref: number;
}

/** An index into .debug_str_offsets / .debug_addr, resolved once the unit's bases are known. */
export interface Indexed {
  readonly strx?: number;
  readonly addrx?: number;
}

export type AttrValue = number | string | Uint8Array | Ref | Indexed | boolean;

export function readForm(c: Cursor, form: number, u: UnitContext, s: Sections, implicit: number): AttrValue {
  switch (form) {
    case FORM.addr: return c.sized(u.addrSize);
    case FORM.data1: case FORM.ref1: case FORM.flag:
      return form === FORM.ref1 ? { ref: u.unitOffset + c.u8() } : c.u8();
    case FORM.data2: return c.u16();
    case FORM.ref2: return { ref: u.unitOffset + c.u16() };
    case FORM.data4: return c.u32();
    case FORM.ref4: return { ref: u.unitOffset + c.u32() };
    case FORM.data8: return c.u64();
    case FORM.ref8: return { ref: u.unitOffset + c.u64() };
    case FORM.ref_udata: return { ref: u.unitOffset + c.uleb() };
    case FORM.ref_addr: return { ref: u.version <= 2 ? c.sized(u.addrSize) : c.u32() };
    case FORM.sdata: return c.sleb();
    case FORM.udata: return c.uleb();
    case FORM.string: return c.cstr();
    case FORM.strp: return stringAt(s.str, c.u32(), '.debug_str');
    case FORM.line_strp: return stringAt(s.lineStr, c.u32(), '.debug_line_str');
    case FORM.strx: case FORM.strx1: case FORM.strx2: case FORM.strx3: case FORM.strx4: {
      const n = form === FORM.strx ? c.uleb() : form === FORM.strx1 ? c.u8() : form === FORM.strx2 ? c.u16() : form === FORM.strx3 ? c.u24() : c.u32();
      return { strx: n };
    }
    case FORM.addrx: case FORM.addrx1: case FORM.addrx2: case FORM.addrx3: case FORM.addrx4: {
      const n = form === FORM.addrx ? c.uleb() : form === FORM.addrx1 ? c.u8() : form === FORM.addrx2 ? c.u16() : form === FORM.addrx3 ? c.u24() : c.u32();
      return { addrx: n };
    }
    case FORM.sec_offset: case FORM.strp_sup: case FORM.ref_sup4: return c.u32();
    case FORM.ref_sup8: case FORM.ref_sig8: return c.u64();
    case FORM.exprloc: case FORM.block: { const n = c.uleb(); const b = c.bytes.subarray(c.pos, c.pos + n); c.skip(n); return b; }
    case FORM.block1: { const n = c.u8(); const b = c.bytes.subarray(c.pos, c.pos + n); c.skip(n); return b; }
    case FORM.block2: { const n = c.u16(); const b = c.bytes.subarray(c.pos, c.pos + n); c.skip(n); return b; }
    case FORM.block4: { const n = c.u32(); const b = c.bytes.subarray(c.pos, c.pos + n); c.skip(n); return b; }
    case FORM.data16: { const b = c.bytes.subarray(c.pos, c.pos + 16); c.skip(16); return b; }
    case FORM.flag_present: return true;
    case FORM.implicit_const: return implicit;
    case FORM.loclistx: case FORM.rnglistx: return c.uleb();
    case FORM.indirect: return readForm(c, c.uleb(), u, s, implicit);
  }
  throw new DwarfError(`${c.section}: unknown attribute form 0x${form.toString(16)} at offset 0x${c.pos.toString(16)}`);
}

/** Resolves strx/addrx values through the unit's bases. */
export function resolveIndexed(v: AttrValue, u: UnitContext, s: Sections): AttrValue {
  if (typeof v !== 'object' || v instanceof Uint8Array || 'ref' in v) return v;
  if (v.strx !== undefined) {
    if (!s.strOffsets) throw new DwarfError('.debug_str_offsets: missing (needed by DW_FORM_strx)');
    const off = new Cursor(s.strOffsets, '.debug_str_offsets', u.strOffsetsBase + 4 * v.strx).u32();
    return stringAt(s.str, off, '.debug_str');
  }
  if (v.addrx !== undefined) {
    if (!s.addr) throw new DwarfError('.debug_addr: missing (needed by DW_FORM_addrx)');
    return new Cursor(s.addr, '.debug_addr', u.addrBase + u.addrSize * v.addrx).sized(u.addrSize);
  }
  return v;
}
