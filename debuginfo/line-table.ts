// .debug_line (versions 2–5): each unit's header (file and directory tables, v5 entry formats
// included) and its line-number program run into rows. A PC maps to the row with the greatest
// address ≤ PC inside a sequence (before its end_sequence row).

import { Cursor, DwarfError } from './cursor';
import { FORM, Sections, UnitContext, readForm, resolveIndexed } from './forms';

export interface LineRow {
  readonly address: number;
  /** Index into the unit's file list (DWARF 5: 0-based; earlier versions: 1-based, as the program uses). */
  readonly file: number;
  readonly line: number;
  readonly column: number;
  readonly isStmt: boolean;
  readonly endSequence: boolean;
}

export interface LineUnit {
  readonly offset: number;
  readonly version: number;
  /** Full paths (directory joined) by the file index the rows use. */
  readonly files: ReadonlyMap<number, string>;
  readonly rows: readonly LineRow[];
}

const DW_LNCT_path = 1;
const DW_LNCT_directory_index = 2;

function joinPath(dir: string | undefined, name: string): string {
  if (name.startsWith('/') || !dir) return name;
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

/** DWARF 5 directory/file entry tables: formats, then entries. */
function readEntries(c: Cursor, s: Sections, u: UnitContext): { path: string; dir: number }[] {
  const nfmt = c.u8();
  const fmts: [number, number][] = [];
  for (let k = 0; k < nfmt; k++) fmts.push([c.uleb(), c.uleb()]);
  const count = c.uleb();
  const out: { path: string; dir: number }[] = [];
  for (let k = 0; k < count; k++) {
    let path = '';
    let dir = 0;
    for (const [ct, form] of fmts) {
      const v = resolveIndexed(readForm(c, form, u, s, 0), u, s);
      if (ct === DW_LNCT_path && typeof v === 'string') path = v;
      else if (ct === DW_LNCT_directory_index && typeof v === 'number') dir = v;
    }
    out.push({ path, dir });
  }
  return out;
}

function readHeaderFiles(c: Cursor, version: number, s: Sections, addrSize: number): Map<number, string> {
  const files = new Map<number, string>();
  if (version >= 5) {
    const u: UnitContext = { unitOffset: 0, addrSize, version, strOffsetsBase: 8, addrBase: 8 };
    const dirs = readEntries(c, s, u).map((d) => d.path);
    readEntries(c, s, u).forEach((f, k) => files.set(k, joinPath(dirs[f.dir], f.path)));
    return files;
  }
  const dirs = [''];
  for (let d = c.cstr(); d !== ''; d = c.cstr()) dirs.push(d);
  let k = 1;
  for (let name = c.cstr(); name !== ''; name = c.cstr()) {
    const dir = c.uleb();
    c.uleb();
    c.uleb();
    files.set(k++, joinPath(dirs[dir], name));
  }
  return files;
}

/** Parses every line-number unit of the section. */
export function readLineSection(bytes: Uint8Array, s: Sections, addrSize = 4): LineUnit[] {
  const units: LineUnit[] = [];
  const c = new Cursor(bytes, '.debug_line');
  while (!c.atEnd) units.push(readLineUnit(c, s, addrSize));
  return units;
}

export function readLineUnit(c: Cursor, s: Sections, addrSize: number): LineUnit {
  const offset = c.pos;
  const end = c.initialLength();
  const version = c.u16();
  if (version < 2 || version > 5) throw new DwarfError(`.debug_line: unsupported version ${version} at offset 0x${offset.toString(16)}`);
  if (version >= 5) {
    addrSize = c.u8();
    c.u8(); // segment selector size
  }
  const headerLen = c.u32();
  const programStart = c.pos + headerLen;
  const minInsn = c.u8();
  if (version >= 4) c.u8(); // max ops per instruction (VLIW only)
  const defaultIsStmt = c.u8() !== 0;
  const lineBase = (c.u8() << 24) >> 24;
  const lineRange = c.u8();
  const opcodeBase = c.u8();
  const stdLengths: number[] = [0];
  for (let k = 1; k < opcodeBase; k++) stdLengths.push(c.u8());
  const files = readHeaderFiles(c, version, s, addrSize);
  c.pos = programStart;
  const rows = runProgram(c, end, { minInsn, defaultIsStmt, lineBase, lineRange, opcodeBase, stdLengths, addrSize, files });
  c.pos = end;
  return { offset, version, files, rows };
}

interface ProgramParams {
  minInsn: number;
  defaultIsStmt: boolean;
  lineBase: number;
  lineRange: number;
  opcodeBase: number;
  stdLengths: number[];
  addrSize: number;
  files: Map<number, string>;
}

function runProgram(c: Cursor, end: number, p: ProgramParams): LineRow[] {
  const rows: LineRow[] = [];
  let address = 0, file = 1, line = 1, column = 0, isStmt = p.defaultIsStmt;
  const reset = () => {
    address = 0; file = 1; line = 1; column = 0; isStmt = p.defaultIsStmt;
  };
  const emit = (endSequence: boolean) => rows.push({ address, file, line, column, isStmt, endSequence });
  while (c.pos < end) {
    const op = c.u8();
    if (op >= p.opcodeBase) {
      const adj = op - p.opcodeBase;
      address += Math.floor(adj / p.lineRange) * p.minInsn;
      line += p.lineBase + (adj % p.lineRange);
      emit(false);
      continue;
    }
    switch (op) {
      case 0: {
        const len = c.uleb();
        const next = c.pos + len;
        const ext = c.u8();
        if (ext === 1) {
          emit(true);
          reset();
        } else if (ext === 2) address = c.sized(p.addrSize);
        else if (ext === 3) {
          const name = c.cstr();
          c.uleb(); c.uleb(); c.uleb();
          p.files.set(p.files.size + 1, name);
        }
        c.pos = next;
        break;
      }
      case 1: emit(false); break;
      case 2: address += c.uleb() * p.minInsn; break;
      case 3: line += c.sleb(); break;
      case 4: file = c.uleb(); break;
      case 5: column = c.uleb(); break;
      case 6: isStmt = !isStmt; break;
      case 7: break;
      case 8: address += Math.floor((255 - p.opcodeBase) / p.lineRange) * p.minInsn; break;
      case 9: address += c.u16(); break;
      case 10: case 11: break;
      case 12: c.uleb(); break;
      default:
        for (let k = 0; k < p.stdLengths[op]; k++) c.uleb();
    }
  }
  return rows;
}

/** A row with its file named by path, as a listing interleaving source lines needs it. */
export interface SourceRow {
  readonly address: number;
  readonly file: string;
  readonly line: number;
  readonly endSequence: boolean;
}

/** The rows of every unit, in section order, with file indices resolved to paths. */
export function sourceRows(units: readonly LineUnit[]): SourceRow[] {
  return units.flatMap((u) => u.rows.map((r) => ({ address: r.address, file: u.files.get(r.file) ?? `<file ${r.file}>`, line: r.line, endSequence: r.endSequence })));
}

/** Keeps FORM referenced for readers of this module (v5 formats use the same codes). */
export const LINE_FORMS = FORM;
