// .debug_line (DWARF 4): one sequence per function, a row for every instruction whose source
// position differs from the previous row's, is_stmt on the first instruction of each statement.

import { ByteWriter } from './bytes';

export interface LineRow {
  readonly address: number;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly stmt: boolean;
  /** A statement without code of its own: the row stays even when another follows at its address. */
  readonly empty?: boolean;
}

export interface LineSequence {
  /** Rows in address order, all inside [start, end). */
  readonly rows: readonly LineRow[];
  readonly end: number;
}

const DW_LNS_copy = 1;
const DW_LNS_advance_pc = 2;
const DW_LNS_advance_line = 3;
const DW_LNS_set_file = 4;
const DW_LNS_set_column = 5;
const DW_LNS_negate_stmt = 6;
const DW_LNE_end_sequence = 1;
const DW_LNE_set_address = 2;
const OPCODE_BASE = 13;
const STANDARD_LENGTHS = [0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1];

function dirOf(p: string): string {
  const i = p.lastIndexOf('/');
  return i > 0 ? p.slice(0, i) : i === 0 ? '/' : '';
}

function baseOf(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** The line program's file table: each distinct file, numbered from 1. */
export function fileTable(sequences: readonly LineSequence[], primary: string): string[] {
  const files = [primary];
  for (const s of sequences) for (const r of s.rows) if (!files.includes(r.file)) files.push(r.file);
  return files;
}

export function buildLineTable(sequences: readonly LineSequence[], files: readonly string[]): Uint8Array {
  const dirs: string[] = [];
  for (const f of files) {
    const d = dirOf(f);
    if (d && !dirs.includes(d)) dirs.push(d);
  }
  const w = new ByteWriter();
  w.u32(0); // unit_length, patched
  w.u16(4); // version
  const headerLengthAt = w.length;
  w.u32(0); // header_length, patched
  const headerStart = w.length;
  w.u8(1); // minimum_instruction_length
  w.u8(1); // maximum_operations_per_instruction
  w.u8(1); // default_is_stmt
  w.u8(-5 & 0xff); // line_base
  w.u8(14); // line_range
  w.u8(OPCODE_BASE);
  for (const n of STANDARD_LENGTHS) w.u8(n);
  for (const d of dirs) w.cstr(d);
  w.u8(0);
  for (const f of files) {
    const d = dirOf(f);
    w.cstr(baseOf(f)).uleb(d ? dirs.indexOf(d) + 1 : 0).uleb(0).uleb(0);
  }
  w.u8(0);
  w.patch32(headerLengthAt, w.length - headerStart);
  for (const s of sequences) writeSequence(w, s, files);
  w.patch32(0, w.length - 4);
  return w.result();
}

function writeSequence(w: ByteWriter, s: LineSequence, files: readonly string[]): void {
  if (!s.rows.length) return;
  let address = s.rows[0].address;
  let file = 1;
  let line = 1;
  let column = 0;
  let stmt = true;
  w.u8(0).uleb(5).u8(DW_LNE_set_address).u32(address);
  for (const r of s.rows) {
    if (r.address !== address) {
      w.u8(DW_LNS_advance_pc).uleb(r.address - address);
      address = r.address;
    }
    const f = files.indexOf(r.file) + 1;
    if (f !== file) {
      w.u8(DW_LNS_set_file).uleb(f);
      file = f;
    }
    if (r.line !== line) {
      w.u8(DW_LNS_advance_line).sleb(r.line - line);
      line = r.line;
    }
    if (r.column !== column) {
      w.u8(DW_LNS_set_column).uleb(r.column);
      column = r.column;
    }
    if (r.stmt !== stmt) {
      w.u8(DW_LNS_negate_stmt);
      stmt = r.stmt;
    }
    w.u8(DW_LNS_copy);
  }
  if (s.end !== address) w.u8(DW_LNS_advance_pc).uleb(s.end - address);
  w.u8(0).uleb(1).u8(DW_LNE_end_sequence);
}
