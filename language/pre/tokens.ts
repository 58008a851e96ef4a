// Preprocessing tokens: the lexer that splits a source file into identifiers, numbers, literals and
// punctuators, remembering where each one came from.

import type { Token } from './token';
import { KIND_ID, KIND_NUM, KIND_OTHER, KIND_PUNCT, KIND_STR, TokenTable } from './token-table';

export type { Origin, Token, TokenKind } from './token';

const PUNCTUATORS = [
  '%:%:', '...', '<<=', '>>=', '->*', '<=>',
  '##', '::', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=',
  '%=', '&=', '|=', '^=', '.*',
  '#', '{', '}', '[', ']', '(', ')', ';', ':', '?', '.', '+', '-', '*', '/', '%', '^', '&', '|', '~',
  '!', '=', '<', '>', ',',
];

/** Punctuators by their first character (an ASCII code), longest first. */
const PUNCT_BY_FIRST: string[][] = Array.from({ length: 128 }, () => []);
for (const p of PUNCTUATORS) PUNCT_BY_FIRST[p.charCodeAt(0)].push(p);
for (const list of PUNCT_BY_FIRST) list.sort((a, b) => b.length - a.length);

const STRING_PREFIXES = new Set(['u8', 'u', 'U', 'L', 'R', 'u8R', 'uR', 'UR', 'LR']);

const isIdStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isIdChar = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

export interface LexResult {
  tokens: Token[];
  /** Unterminated comments or literals, as (line, column, message). */
  problems: LexProblem[];
}

export interface LexProblem {
  line: number;
  column: number;
  message: string;
}

/** Splits `text` (the contents of `file`) into preprocessing tokens. Never throws. */
export function lex(file: string, text: string): LexResult {
  const { table, problems } = scan(file, text);
  const tokens: Token[] = new Array(table.count);
  for (let k = 0; k < table.count; k++) tokens[k] = table.token(k);
  return { tokens, problems };
}

/** Splits `text` into a table of tokens (no objects per token). Never throws. */
export function scan(file: string, text: string): { table: TokenTable; problems: LexProblem[] } {
  const tokens = new TokenTable(file, text);
  const problems: LexProblem[] = [];
  let i = 0;
  let line = 0;
  let lineStart = 0;
  let bol = true;
  let space = false;
  const n = text.length;
  const push = (kind: number, start: number, startLine: number, startCol: number) => {
    const endCol = line === startLine ? startCol + (i - start) : i - lineStart;
    tokens.push(kind, start, i, startLine, startCol, line, endCol, space, bol);
    bol = false;
    space = false;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      i++;
      line++;
      lineStart = i;
      bol = true;
      space = false;
      continue;
    }
    if (c === 32 || c === 9 || c === 13 || c === 12 || c === 11) {
      i++;
      space = true;
      continue;
    }
    if (c === 92 /* \ */ && (text.charCodeAt(i + 1) === 10 || (text.charCodeAt(i + 1) === 13 && text.charCodeAt(i + 2) === 10))) {
      i += text.charCodeAt(i + 1) === 13 ? 3 : 2;
      line++;
      lineStart = i;
      space = true;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      while (i < n && text.charCodeAt(i) !== 10) {
        if (text.charCodeAt(i) === 92 && text.charCodeAt(i + 1) === 10) {
          i += 2;
          line++;
          lineStart = i;
          continue;
        }
        i++;
      }
      space = true;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const sl = line;
      const sc = i - lineStart;
      i += 2;
      let closed = false;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 42 && text.charCodeAt(i + 1) === 47) {
          i += 2;
          closed = true;
          break;
        }
        if (d === 10) {
          line++;
          lineStart = i + 1;
        }
        i++;
      }
      if (!closed) problems.push({ line: sl, column: sc, message: 'unterminated /* comment' });
      space = true;
      continue;
    }
    const start = i;
    const sl = line;
    const sc = i - lineStart;
    if (isIdStart(c)) {
      while (i < n && isIdChar(text.charCodeAt(i))) i++;
      // string/char literal prefixes: u8"..", L'..', R"(..)"
      const q = text.charCodeAt(i);
      const word = q === 34 || q === 39 ? text.slice(start, i) : '';
      if (word && STRING_PREFIXES.has(word)) {
        if (word.endsWith('R') && q === 34) lexRaw();
        else lexQuoted(q);
        push(KIND_STR, start, sl, sc);
        continue;
      }
      push(KIND_ID, start, sl, sc);
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        const prev = text.charCodeAt(i - 1);
        if ((d === 43 || d === 45) && (prev === 101 || prev === 69 || prev === 112 || prev === 80)) {
          i++;
          continue;
        }
        if (isIdChar(d) || d === 46 || (d === 39 && isIdChar(text.charCodeAt(i + 1)))) {
          i++;
          continue;
        }
        break;
      }
      push(KIND_NUM, start, sl, sc);
      continue;
    }
    if (c === 34 || c === 39) {
      lexQuoted(c);
      push(KIND_STR, start, sl, sc);
      continue;
    }
    let matched = '';
    for (const p of c < 128 ? PUNCT_BY_FIRST[c] : []) {
      if (p.length === 1 || text.startsWith(p, i)) {
        matched = p;
        break;
      }
    }
    if (matched) {
      i += matched.length;
      push(KIND_PUNCT, start, sl, sc);
      continue;
    }
    i++;
    push(KIND_OTHER, start, sl, sc);
  }
  return { table: tokens, problems };

  function lexQuoted(q: number): void {
    const sl = line;
    const sc = i - lineStart;
    i++;
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 92 && i + 1 < n) {
        if (text.charCodeAt(i + 1) === 10) {
          line++;
          lineStart = i + 2;
        }
        i += 2;
        continue;
      }
      if (d === q) {
        i++;
        return;
      }
      if (d === 10) break;
      i++;
    }
    problems.push({ line: sl, column: sc, message: `missing terminating ${q === 34 ? '"' : "'"} character` });
  }

  function lexRaw(): void {
    const open = text.indexOf('(', i);
    const delim = open > i ? text.slice(i + 1, open) : '';
    const close = open > i ? text.indexOf(`)${delim}"`, open) : -1;
    const end = close < 0 ? n : close + delim.length + 2;
    for (let k = i; k < end; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    if (close < 0) problems.push({ line, column: i - lineStart, message: 'unterminated raw string' });
    i = end;
  }
}
