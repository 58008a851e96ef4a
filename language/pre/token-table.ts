// The lexer's output as parallel arrays (kind, span, line and column of every token), so a file can be
// scanned without an object per token; Token objects are made only for the tokens that need them
// (directives, macro invocations).

import type { Token, TokenKind } from './token';

const KINDS: TokenKind[] = ['id', 'num', 'str', 'punct', 'other'];
export const KIND_ID = 0;
export const KIND_NUM = 1;
export const KIND_STR = 2;
export const KIND_PUNCT = 3;
export const KIND_OTHER = 4;
const SPACE = 1;
const BOL = 2;

export class TokenTable {
  count = 0;
  private kinds: Uint8Array;
  private flags: Uint8Array;
  /** Offsets in `text` where each token starts and ends. */
  starts: Int32Array;
  ends: Int32Array;
  lines: Int32Array;
  columns: Int32Array;
  endLines: Int32Array;
  endColumns: Int32Array;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    const cap = Math.max(16, text.length >> 2);
    this.kinds = new Uint8Array(cap);
    this.flags = new Uint8Array(cap);
    this.starts = new Int32Array(cap);
    this.ends = new Int32Array(cap);
    this.lines = new Int32Array(cap);
    this.columns = new Int32Array(cap);
    this.endLines = new Int32Array(cap);
    this.endColumns = new Int32Array(cap);
  }

  /** Adds a token; `kind` is one of the KIND_ codes. */
  push(kind: number, start: number, end: number, line: number, column: number, endLine: number, endColumn: number, space: boolean, bol: boolean): void {
    if (this.count === this.kinds.length) this.grow();
    const k = this.count++;
    this.kinds[k] = kind;
    this.flags[k] = (space ? SPACE : 0) | (bol ? BOL : 0);
    this.starts[k] = start;
    this.ends[k] = end;
    this.lines[k] = line;
    this.columns[k] = column;
    this.endLines[k] = endLine;
    this.endColumns[k] = endColumn;
  }

  kind(k: number): TokenKind {
    return KINDS[this.kinds[k]];
  }

  isId(k: number): boolean {
    return this.kinds[k] === 0;
  }

  space(k: number): boolean {
    return (this.flags[k] & SPACE) !== 0;
  }

  bol(k: number): boolean {
    return (this.flags[k] & BOL) !== 0;
  }

  /** The first character of token k (a char code). */
  firstChar(k: number): number {
    return this.text.charCodeAt(this.starts[k]);
  }

  tokenText(k: number): string {
    return this.text.slice(this.starts[k], this.ends[k]);
  }

  /** Token k as an object. */
  token(k: number): Token {
    return {
      kind: KINDS[this.kinds[k]],
      text: this.text.slice(this.starts[k], this.ends[k]),
      space: (this.flags[k] & SPACE) !== 0,
      bol: (this.flags[k] & BOL) !== 0,
      origin: { file: this.file, line: this.lines[k], column: this.columns[k], endLine: this.endLines[k], endColumn: this.endColumns[k], exact: true },
      offset: this.starts[k],
    };
  }

  tokens(from: number, to: number): Token[] {
    const out: Token[] = new Array(to - from);
    for (let k = from; k < to; k++) out[k - from] = this.token(k);
    return out;
  }

  private grow(): void {
    const n = this.kinds.length * 2;
    const g8 = (a: Uint8Array) => {
      const b = new Uint8Array(n);
      b.set(a);
      return b;
    };
    const g32 = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.kinds = g8(this.kinds);
    this.flags = g8(this.flags);
    this.starts = g32(this.starts);
    this.ends = g32(this.ends);
    this.lines = g32(this.lines);
    this.columns = g32(this.columns);
    this.endLines = g32(this.endLines);
    this.endColumns = g32(this.endColumns);
  }
}
