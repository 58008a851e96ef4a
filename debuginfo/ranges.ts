// Address ranges and location lists: DW_AT_ranges through .debug_ranges (DWARF 2–4) or
// .debug_rnglists (DWARF 5), and location lists through .debug_loc (DWARF 2–4) or .debug_loclists
// (DWARF 5). Addresses are 32-bit; a unit's base address is its DW_AT_low_pc.

import { Cursor } from './cursor';

export interface PcRange {
  readonly lo: number;
  /** Exclusive. */
  readonly hi: number;
}

export interface LocEntry extends PcRange {
  readonly expr: Uint8Array;
}

export interface ListContext {
  readonly version: number;
  readonly base: number;
  /** .debug_addr and the unit's DW_AT_addr_base, for DW_RLE/LLE_*x entries. */
  readonly addr?: Uint8Array;
  readonly addrBase: number;
}

const BASE_SELECT = 0xffffffff;

function addrx(ctx: ListContext, index: number): number {
  if (!ctx.addr) return 0;
  return new Cursor(ctx.addr, '.debug_addr', ctx.addrBase + 4 * index).u32();
}

/** The ranges of a DW_AT_ranges value (an offset into the unit's range section). */
export function readRanges(section: Uint8Array | undefined, offset: number, ctx: ListContext): PcRange[] {
  if (!section) return [];
  const out: PcRange[] = [];
  const c = new Cursor(section, ctx.version >= 5 ? '.debug_rnglists' : '.debug_ranges', offset);
  let base = ctx.base;
  if (ctx.version < 5) {
    for (;;) {
      const lo = c.u32();
      const hi = c.u32();
      if (lo === 0 && hi === 0) return out;
      if (lo === BASE_SELECT) base = hi;
      else out.push({ lo: (base + lo) >>> 0, hi: (base + hi) >>> 0 });
    }
  }
  for (;;) {
    const kind = c.u8();
    switch (kind) {
      case 0: return out; // end_of_list
      case 1: base = addrx(ctx, c.uleb()); break; // base_addressx
      case 2: { const a = addrx(ctx, c.uleb()); const b = addrx(ctx, c.uleb()); out.push({ lo: a, hi: b }); break; } // startx_endx
      case 3: { const a = addrx(ctx, c.uleb()); out.push({ lo: a, hi: a + c.uleb() }); break; } // startx_length
      case 4: { const a = c.uleb(); const b = c.uleb(); out.push({ lo: (base + a) >>> 0, hi: (base + b) >>> 0 }); break; } // offset_pair
      case 5: base = c.u32(); break; // base_address
      case 6: { const a = c.u32(); out.push({ lo: a, hi: c.u32() }); break; } // start_end
      case 7: { const a = c.u32(); out.push({ lo: a, hi: a + c.uleb() }); break; } // start_length
      default: return out;
    }
  }
}

/** The entries of a location list (an offset into .debug_loc / .debug_loclists). */
export function readLocList(section: Uint8Array | undefined, offset: number, ctx: ListContext): LocEntry[] {
  if (!section) return [];
  const out: LocEntry[] = [];
  const c = new Cursor(section, ctx.version >= 5 ? '.debug_loclists' : '.debug_loc', offset);
  const expr = (n: number) => {
    const e = c.bytes.subarray(c.pos, c.pos + n);
    c.skip(n);
    return e;
  };
  let base = ctx.base;
  if (ctx.version < 5) {
    for (;;) {
      const lo = c.u32();
      const hi = c.u32();
      if (lo === 0 && hi === 0) return out;
      if (lo === BASE_SELECT) {
        base = hi;
        continue;
      }
      const n = c.u16();
      out.push({ lo: (base + lo) >>> 0, hi: (base + hi) >>> 0, expr: expr(n) });
    }
  }
  for (;;) {
    const kind = c.u8();
    switch (kind) {
      case 0: return out;
      case 1: base = addrx(ctx, c.uleb()); break;
      case 2: { const a = addrx(ctx, c.uleb()); const b = addrx(ctx, c.uleb()); out.push({ lo: a, hi: b, expr: expr(c.uleb()) }); break; }
      case 3: { const a = addrx(ctx, c.uleb()); const l = c.uleb(); out.push({ lo: a, hi: a + l, expr: expr(c.uleb()) }); break; }
      case 4: { const a = c.uleb(); const b = c.uleb(); out.push({ lo: (base + a) >>> 0, hi: (base + b) >>> 0, expr: expr(c.uleb()) }); break; }
      case 5: out.push({ lo: 0, hi: 0xffffffff, expr: expr(c.uleb()) }); break; // default_location
      case 6: base = c.u32(); break;
      case 7: { const a = c.u32(); const b = c.u32(); out.push({ lo: a, hi: b, expr: expr(c.uleb()) }); break; }
      case 8: { const a = c.u32(); const l = c.uleb(); out.push({ lo: a, hi: a + l, expr: expr(c.uleb()) }); break; }
      case 9: c.uleb(); c.uleb(); break; // GNU view pair (location views: not needed to pick by PC)
      default: return out;
    }
  }
}
