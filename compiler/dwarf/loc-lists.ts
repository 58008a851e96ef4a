// DWARF 4 location lists (.debug_loc) for -O2's debugger variables held in registers: each entry is a
// begin and end address relative to the compile unit's base address (its DW_AT_low_pc), the length of
// the expression and the expression; a pair of zeros ends a list. The back end marks where each range
// begins and ends (AsmWriter.rangeMark, xtensa/debug-ranges.ts); the assembler's listing gives the
// marked lines their addresses.

import type { ListingLine } from '../../xtensa/asm';
import { ByteWriter } from './bytes';

export interface LocEntry {
  readonly lo: number;
  readonly hi: number;
  readonly expr: Uint8Array;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, k) => x === b[k]);

/** The .debug_loc section under construction. */
export class LocLists {
  private readonly out = new ByteWriter();

  constructor(private readonly base: number) {}

  /**
   * Writes one variable's list: entries in address order, empty ones dropped, neighbours with the same
   * expression joined. Returns its offset in the section, or undefined when no entry is left (the
   * variable has no location anywhere).
   */
  add(entries: readonly LocEntry[]): number | undefined {
    const kept: LocEntry[] = [];
    for (const e of [...entries].sort((a, b) => a.lo - b.lo)) {
      if (e.hi <= e.lo) continue;
      const last = kept[kept.length - 1];
      if (last && last.hi === e.lo && sameBytes(last.expr, e.expr)) kept[kept.length - 1] = { ...last, hi: e.hi };
      else kept.push(e);
    }
    if (!kept.length) return undefined;
    const offset = this.out.length;
    for (const e of kept) this.out.u32(e.lo - this.base).u32(e.hi - this.base).u16(e.expr.length).bytes(e.expr);
    this.out.u32(0).u32(0);
    return offset;
  }

  /** The section's bytes, or undefined when no list was written. */
  bytes(): Uint8Array | undefined {
    return this.out.length ? this.out.result() : undefined;
  }
}

/**
 * The address of each range mark of a unit's assembly (`rangeMarks`: line → mark ids): that of the
 * first instruction at or after the mark's line, or the end of the function it belongs to when that
 * instruction lies outside it (a mark after a function's last instruction is its end).
 */
export function rangeMarkAddresses(rangeMarks: ReadonlyMap<number, readonly number[]>, listing: readonly ListingLine[], asmName: string): (mark: number, fn: { readonly start: number; readonly end: number }) => number {
  const insns = listing.filter((l) => l.file === asmName && l.kind === 'insn').sort((a, b) => a.line - b.line);
  const lineOf = new Map<number, number>();
  for (const [line, ids] of rangeMarks) for (const id of ids) lineOf.set(id, line);
  return (mark, fn) => {
    const line = lineOf.get(mark);
    if (line === undefined) throw new Error(`internal: range mark ${mark} was never placed`);
    let lo = 0;
    let hi = insns.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (insns[mid].line < line) lo = mid + 1;
      else hi = mid;
    }
    const at = insns[lo]?.address;
    return at === undefined || at < fn.start || at > fn.end ? fn.end : at;
  };
}
