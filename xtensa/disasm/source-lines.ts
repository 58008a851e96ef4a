// `objdump -S`: source lines interleaved with a disassembly listing, from the image's line table. Before
// the first instruction of each new (file, line) the source text is printed: the lines since the last
// one printed of that file when the program moved forward a little (at most MAX_GAP lines), else the
// line alone. Files the reader cannot supply are skipped silently, as objdump does.

/** One row of a line table (debuginfo's sourceRows gives them): an address and the file and line it starts. */
export interface SourceRow {
  readonly address: number;
  readonly file: string;
  readonly line: number;
  readonly endSequence: boolean;
}

const MAX_GAP = 8;

/** `listing` (disassembleElf's text) with source lines from `rows` inserted; `readSource` gives a file's text. */
export function interleaveSource(listing: string, rows: readonly SourceRow[], readSource: (file: string) => string | undefined): string {
  const at = new Map<number, SourceRow>();
  for (const r of rows) if (!r.endSequence) at.set(r.address, r);
  const texts = new Map<string, string[] | undefined>();
  const linesOf = (file: string) => {
    if (!texts.has(file)) texts.set(file, readSource(file)?.split('\n'));
    return texts.get(file);
  };
  const out: string[] = [];
  let last: { file: string; line: number } | undefined;
  for (const l of listing.split('\n')) {
    if (/^[0-9a-f]+ <.*>:$/.test(l)) last = undefined;
    const m = /^ *([0-9a-f]+):\t/.exec(l);
    const row = m ? at.get(parseInt(m[1], 16)) : undefined;
    if (row && (row.file !== last?.file || row.line !== last.line)) {
      const text = linesOf(row.file);
      if (text) {
        const from = last?.file === row.file && row.line > last.line && row.line - last.line <= MAX_GAP ? last.line + 1 : row.line;
        for (let n = from; n <= row.line; n++) if (text[n - 1] !== undefined) out.push(text[n - 1]);
      }
      last = { file: row.file, line: row.line };
    }
    out.push(l);
  }
  return out.join('\n');
}
