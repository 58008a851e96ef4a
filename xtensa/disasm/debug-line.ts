// A small reader of DWARF 2–4 `.debug_line` (what our compiler and GNU's Xtensa toolchain emit): each
// unit's header (standard opcode lengths, include directories, file names) and its line-number
// program run into rows of (address, file path, line). Enough for `objdump -S`; a malformed section
// throws a LineTableError naming the offset and the cause.

export class LineTableError extends Error {}

export interface SourceRow {
  readonly address: number;
  /** Directory joined with the file name, as the table gives them. */
  readonly file: string;
  readonly line: number;
  readonly endSequence: boolean;
}

class Reader {
  constructor(
    private readonly d: Uint8Array,
    public pos: number,
  ) {}
  private need(n: number): void {
    if (this.pos + n > this.d.length) throw new LineTableError(`.debug_line: truncated at offset 0x${this.pos.toString(16)}`);
  }
  u8(): number {
    this.need(1);
    return this.d[this.pos++];
  }
  u16(): number {
    return this.u8() | (this.u8() << 8);
  }
  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }
  uleb(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = this.u8();
      v += (b & 0x7f) * mul;
      mul *= 128;
      if (!(b & 0x80)) return v;
    }
  }
  sleb(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      const b = this.u8();
      v += (b & 0x7f) * mul;
      mul *= 128;
      if (!(b & 0x80)) return b & 0x40 ? v - mul : v;
    }
  }
  cstr(): string {
    const start = this.pos;
    while (this.u8() !== 0);
    return new TextDecoder().decode(this.d.subarray(start, this.pos - 1));
  }
}

function join(dir: string, name: string): string {
  if (name.startsWith('/') || !dir) return name;
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}

/** The rows of every unit of a `.debug_line` section, in section order. */
export function readDebugLine(data: Uint8Array): SourceRow[] {
  const rows: SourceRow[] = [];
  let at = 0;
  while (at < data.length) {
    const r = new Reader(data, at);
    const length = r.u32();
    if (length === 0xffffffff) throw new LineTableError('.debug_line: 64-bit DWARF is not supported');
    const end = r.pos + length;
    if (end > data.length) throw new LineTableError(`.debug_line: the unit at offset 0x${at.toString(16)} runs past the section`);
    const version = r.u16();
    if (version < 2 || version > 4) throw new LineTableError(`.debug_line: version ${version} at offset 0x${at.toString(16)} is not supported (2–4)`);
    const headerLength = r.u32();
    const program = r.pos + headerLength;
    const minInsn = r.u8();
    if (version >= 4) r.u8(); // maximum_operations_per_instruction
    const defaultIsStmt = r.u8() !== 0;
    const lineBase = (r.u8() << 24) >> 24;
    const lineRange = r.u8();
    const opcodeBase = r.u8();
    const opLengths = [0];
    for (let k = 1; k < opcodeBase; k++) opLengths.push(r.u8());
    const dirs = [''];
    for (let d = r.cstr(); d !== ''; d = r.cstr()) dirs.push(d);
    const files = [''];
    const fileEntry = (name: string) => {
      const dir = r.uleb();
      r.uleb();
      r.uleb();
      files.push(join(dirs[dir] ?? '', name));
    };
    for (let f = r.cstr(); f !== ''; f = r.cstr()) fileEntry(f);
    r.pos = program;
    runProgram(r, end, { minInsn, defaultIsStmt, lineBase, lineRange, opcodeBase, opLengths, files, fileEntry }, rows);
    at = end;
  }
  return rows;
}

interface Header {
  minInsn: number;
  defaultIsStmt: boolean;
  lineBase: number;
  lineRange: number;
  opcodeBase: number;
  opLengths: number[];
  files: string[];
  fileEntry: (name: string) => void;
}

function runProgram(r: Reader, end: number, h: Header, rows: SourceRow[]): void {
  let address = 0;
  let file = 1;
  let line = 1;
  const emit = (endSequence: boolean) => rows.push({ address, file: h.files[file] ?? `<file ${file}>`, line, endSequence });
  const reset = () => {
    address = 0;
    file = 1;
    line = 1;
  };
  while (r.pos < end) {
    const op = r.u8();
    if (op >= h.opcodeBase) {
      const adj = op - h.opcodeBase;
      address += Math.floor(adj / h.lineRange) * h.minInsn;
      line += h.lineBase + (adj % h.lineRange);
      emit(false);
      continue;
    }
    switch (op) {
      case 0: {
        const len = r.uleb();
        const next = r.pos + len;
        const sub = r.u8();
        if (sub === 1) {
          emit(true);
          reset();
        } else if (sub === 2) address = r.u32();
        else if (sub === 3) h.fileEntry(r.cstr());
        r.pos = next;
        break;
      }
      case 1: emit(false); break;
      case 2: address += r.uleb() * h.minInsn; break;
      case 3: line += r.sleb(); break;
      case 4: file = r.uleb(); break;
      case 5: r.uleb(); break;
      case 6: case 7: break;
      case 8: address += Math.floor((255 - h.opcodeBase) / h.lineRange) * h.minInsn; break;
      case 9: address += r.u16(); break;
      default:
        for (let k = 0; k < (h.opLengths[op] ?? 0); k++) r.uleb();
    }
  }
}
