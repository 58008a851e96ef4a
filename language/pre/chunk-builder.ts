// Accumulates the expanded text of one chunk and its source map. Tokens that stand in their file as
// written (no macro between them, only blanks or comments) are copied as one piece per line, with
// comments blanked, so the chunk keeps the file's columns and needs one map entry per line.

import type { Chunk } from './records';
import { SourceMap } from './source-map';
import type { TokenTable } from './token-table';
import type { Origin, Token } from './tokens';

export class ChunkBuilder {
  private parts: string[] = [];
  private length = 0;
  private readonly map: SourceMap;
  private lastFile = '';
  private lastLine = -1;
  private column = 0;

  constructor(
    readonly file: string,
    private system: boolean,
    /** The text of a file read so far (for copying tokens as written). */
    private readonly textOf: (file: string) => string | undefined,
  ) {
    this.map = new SourceMap(file);
  }

  touch(_file: string, system: boolean): void {
    this.system = this.system && system;
  }

  emit(tokens: Token[]): void {
    let k = 0;
    while (k < tokens.length) {
      const t = tokens[k];
      const src = this.spelling(t);
      if (src === undefined) {
        this.emitToken(t);
        k++;
        continue;
      }
      let end = t.offset! + t.text.length;
      let comments = false;
      let j = k + 1;
      for (; j < tokens.length; j++) {
        const u = tokens[j];
        if (u.origin.file !== t.origin.file || u.origin.line !== t.origin.line || this.spelling(u) !== src) break;
        const gap = gapKind(src, end, u.offset!);
        if (gap === 'other') break;
        if (gap === 'comment') comments = true;
        end = u.offset! + u.text.length;
      }
      this.emitLine(tokens, k, j, src, end, comments);
      k = j;
    }
  }

  /** Emits tokens [from, to) of a table, unexpanded: each line's tokens copied as one piece. */
  emitTable(table: TokenTable, from: number, to: number): void {
    const { lines, endLines, starts, ends, columns } = table;
    let k = from;
    while (k < to) {
      const line = lines[k];
      if (endLines[k] !== line) {
        this.emitToken(table.token(k));
        k++;
        continue;
      }
      let j = k + 1;
      let comments = false;
      for (; j < to && lines[j] === line && endLines[j] === line; j++) {
        for (let p = ends[j - 1]; p < starts[j] && !comments; p++) comments = table.text.charCodeAt(p) === 47;
      }
      this.separateAt(table.bol(k), table.space(k), table.file, line, columns[k], true, table.tokenText(k));
      const begin = starts[k];
      const end = ends[j - 1];
      const text = comments ? blankGaps(table, k, j) : table.text.slice(begin, end);
      const start = this.length;
      this.write(text);
      this.map.add(start, this.length, { file: table.file, line, column: columns[k], endLine: line, endColumn: columns[k] + (end - begin), exact: true });
      this.lastFile = table.file;
      this.lastLine = line;
      k = j;
    }
  }

  /** The text of the token's file when the token can be copied from it as written. */
  private spelling(t: Token): string | undefined {
    const o = t.origin;
    if (t.offset === undefined || !o.exact || o.line !== o.endLine) return undefined;
    const src = this.textOf(o.file);
    return src !== undefined && src.startsWith(t.text, t.offset) ? src : undefined;
  }

  /** Tokens [k, j) of one line, copied from `src` up to offset `end`. */
  private emitLine(tokens: Token[], k: number, j: number, src: string, end: number, comments: boolean): void {
    const first = tokens[k];
    this.separate(first);
    const begin = first.offset!;
    const text = comments ? blankComments(tokens, k, j, src) : src.slice(begin, end);
    const start = this.length;
    this.write(text);
    const o = first.origin;
    const origin: Origin = { file: o.file, line: o.line, column: o.column, endLine: o.line, endColumn: o.column + (end - begin), exact: true };
    this.map.add(start, this.length, origin);
    this.lastFile = o.file;
    this.lastLine = o.line;
  }

  private emitToken(t: Token): void {
    const o = t.origin;
    this.separate(t);
    const start = this.length;
    this.write(t.text);
    this.map.add(start, this.length, o);
    if (o.exact) {
      this.lastFile = o.file;
      this.lastLine = o.endLine;
    }
  }

  /** A new line (padded to the token's column) for a token on a later line, else a space if needed. */
  private separate(t: Token): void {
    const o = t.origin;
    this.separateAt(t.bol, t.space, o.file, o.line, o.column, o.exact, t.text);
  }

  private separateAt(bol: boolean, space: boolean, file: string, line: number, column: number, exact: boolean, text: string): void {
    const newLine = bol && exact && (file !== this.lastFile || line !== this.lastLine);
    if (newLine || (exact && file === this.lastFile && line > this.lastLine)) {
      if (this.length > 0) this.write('\n');
      this.column = 0;
      if (column > 0) this.write(' '.repeat(column));
    } else if (space || (this.column > 0 && needsSpace(this.parts[this.parts.length - 1], text))) {
      this.write(' ');
    }
  }

  private write(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    const nl = s.lastIndexOf('\n');
    this.column = nl >= 0 ? s.length - nl - 1 : this.column + s.length;
  }

  build(): Chunk {
    const text = this.parts.join('') + '\n';
    return { text, map: this.map, system: this.system, file: this.file };
  }
}

/** What lies between two tokens on a line: only blanks, a comment among blanks, or something else. */
function gapKind(src: string, from: number, to: number): 'space' | 'comment' | 'other' {
  if (to < from) return 'other';
  let kind: 'space' | 'comment' = 'space';
  for (let i = from; i < to; i++) {
    const c = src.charCodeAt(i);
    if (c === 32 || c === 9 || c === 11 || c === 12 || c === 13) continue;
    if (c === 47 && src.charCodeAt(i + 1) === 42) {
      const close = src.indexOf('*/', i + 2);
      if (close < 0 || close + 2 > to) return 'other';
      i = close + 1;
      kind = 'comment';
      continue;
    }
    return 'other';
  }
  return kind;
}

/** Tokens [k, j) of one line as written, each gap that holds a comment turned into as many spaces. */
function blankGaps(table: TokenTable, k: number, j: number): string {
  let out = table.tokenText(k);
  for (let i = k + 1; i < j; i++) {
    const gap = table.text.slice(table.ends[i - 1], table.starts[i]);
    out += gap.includes('/') ? ' '.repeat(gap.length) : gap;
    out += table.tokenText(i);
  }
  return out;
}

/** The line's text with each gap between tokens that holds a comment turned into as many spaces. */
function blankComments(tokens: Token[], k: number, j: number, src: string): string {
  let out = '';
  let end = tokens[k].offset!;
  for (let i = k; i < j; i++) {
    const t = tokens[i];
    const gap = src.slice(end, t.offset!);
    out += gapKind(src, end, t.offset!) === 'comment' ? ' '.repeat(gap.length) : gap;
    out += t.text;
    end = t.offset! + t.text.length;
  }
  return out;
}

function needsSpace(prev: string | undefined, next: string): boolean {
  if (!prev) return false;
  const a = prev.charCodeAt(prev.length - 1);
  const b = next.charCodeAt(0);
  const word = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
  if (word(a) && word(b)) return true;
  const pair = prev[prev.length - 1] + next[0];
  return ['++', '--', '<<', '>>', '&&', '||', '::', '->', '==', '+=', '-=', '<=', '>=', '!=', '//', '/*', '##', '..'].includes(pair);
}
