// A preprocessing token and where its text is charged to in the user's sources. The lexer (tokens.ts)
// makes them; the packed token table (token-table.ts), which the lexer fills, stores them, so the
// shape lives here rather than in either.

export type TokenKind = 'id' | 'num' | 'str' | 'punct' | 'other';

/** Where a token's text is charged to in the user's sources (for macro expansions: the invocation). */
export interface Origin {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** True when the token is spelled at this place (columns inside it map one to one). */
  exact: boolean;
}

export interface Token {
  kind: TokenKind;
  text: string;
  /** Whitespace precedes the token on its line. */
  space: boolean;
  /** The token starts a logical line. */
  bol: boolean;
  origin: Origin;
  /** Where `text` is spelled in the file `origin.file` (set by the lexer; macro results have none). */
  offset?: number;
}
