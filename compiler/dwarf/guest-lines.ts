// The line rows of the target's own code in an image — the ROM's files and the window vectors at their
// .S lines, the runtime library at the C++ lines its `.loc` directives give (compiler/runtime/library.ts),
// as the assembler's listing places them — as a second compile unit beside the user's (what an
// assembler's -g gives): DW_LANG_Mips_Assembler, its code ranges in .debug_ranges, one line program with
// a row per change of position. Debuggers and `q7 objdump -S` then show guest lines; faults stay
// attributed to the user's unit, which comes first. Only files the target embeds are described (their
// text can be shown).

import { guestSourceText } from '../../target/q7/guest';
import type { ListingLine } from '../../xtensa/asm';
import { ByteWriter } from './bytes';
import { AT, Die, TAG } from './die';
import { fileTable, type LineRow, type LineSequence } from './line-table';

const DW_LANG_Mips_Assembler = 0x8001;
export const GUEST_PRODUCER = 'Q7 Studio assembler';

export interface GuestLines {
  readonly sequences: readonly LineSequence[];
  readonly files: readonly string[];
}

/** The guest assembly's rows, one sequence per run of contiguous instructions; undefined if none. */
export function guestLines(listing: readonly ListingLine[]): GuestLines | undefined {
  const known = new Map<string, boolean>();
  const isGuest = (file: string) => {
    let k = known.get(file);
    if (k === undefined) known.set(file, (k = /\.S$/.test(file) && guestSourceText(file) !== undefined));
    return k;
  };
  // an instruction's position: the C++ line its `.loc` gave (the runtime library), else its line of a guest .S file
  const positioned = listing.flatMap((l) => {
    if (l.kind !== 'insn' || l.size === 0) return [];
    const at = l.source && guestSourceText(l.source.file) !== undefined ? l.source : !l.source && isGuest(l.file) ? { file: l.file, line: l.line, column: 0 } : undefined;
    return at ? [{ address: l.address, size: l.size, at }] : [];
  });
  const insns = positioned.sort((a, b) => a.address - b.address);
  if (!insns.length) return undefined;
  const sequences: LineSequence[] = [];
  let rows: LineRow[] = [];
  let end = insns[0].address;
  for (const l of insns) {
    if (l.address !== end && rows.length) {
      sequences.push({ rows, end });
      rows = [];
    }
    const prev = rows[rows.length - 1];
    // one row per change of position, as the user's unit has
    if (!prev || prev.file !== l.at.file || prev.line !== l.at.line || prev.column !== l.at.column) {
      rows.push({ address: l.address, file: l.at.file, line: l.at.line, column: l.at.column, stmt: true });
    }
    end = l.address + l.size;
  }
  sequences.push({ rows, end });
  return { sequences, files: fileTable(sequences, sequences[0].rows[0].file) };
}

/** The guest unit's compile unit DIE: its line program at `lineOffset`, its ranges at `rangesOffset`. */
export function guestUnit(g: GuestLines, lineOffset: number, rangesOffset: number): Die {
  const cu = new Die(TAG.compile_unit);
  cu.add(AT.producer, 'strp', GUEST_PRODUCER).add(AT.language, 'data2', DW_LANG_Mips_Assembler).add(AT.name, 'strp', g.files[0]);
  cu.add(AT.low_pc, 'addr', 0).add(AT.ranges, 'sec_offset', rangesOffset).add(AT.stmt_list, 'sec_offset', lineOffset);
  return cu;
}

/** .debug_ranges of the guest unit: each sequence's [start, end), then the end-of-list pair. */
export function guestRanges(g: GuestLines): Uint8Array {
  const w = new ByteWriter();
  for (const s of g.sequences) w.u32(s.rows[0].address).u32(s.end);
  return w.u32(0).u32(0).result();
}
