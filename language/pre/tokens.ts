// Preprocessing tokens: the lexer that splits a source file into identifiers, numbers, literals and
// punctuators, remembering where each one came from.

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
}

const PUNCTUATORS = [
  '%:%:', '...', '<<=', '>>=', '->*', '<=>',
  '##', '::', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=',
  '%=', '&=', '|=', '^=', '.*',
  '#', '{', '}', '[', ']', '(', ')', ';', ':', '?', '.', '+', '-', '*', '/', '%', '^', '&', '|', '~',
  '!', '=', '<', '>', ',',
];

const isIdStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c > 127;
const isIdChar = (c: number) => isIdStart(c) || (c >= 48 && c <= 57);
const isDigit = (c: number) => c >= 48 && c <= 57;

export interface LexResult {
  tokens: Token[];
  /** Unterminated comments or literals, as (line, column, message). */
  problems: { line: number; column: number; message: string }[];
}

/** Splits `text` (the contents of `file`) into preprocessing tokens. Never throws. */
export function lex(file: string, text: string): LexResult {
  const tokens: Token[] = [];
  const problems: LexResult['problems'] = [];
  let i = 0;
  let line = 0;
  let lineStart = 0;
  let bol = true;
  let space = false;
  const n = text.length;
  const push = (kind: TokenKind, start: number, startLine: number, startCol: number) => {
    const endCol = line === startLine ? startCol + (i - start) : i - lineStart;
    tokens.push({
      kind,
      text: text.slice(start, i),
      space,
      bol,
      origin: { file, line: startLine, column: startCol, endLine: line, endColumn: endCol, exact: true },
    });
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
      const word = text.slice(start, i);
      if ((q === 34 || q === 39) && /^(u8|u|U|L|R|u8R|uR|UR|LR)$/.test(word)) {
        if (word.endsWith('R') && q === 34) lexRaw();
        else lexQuoted(q);
        push('str', start, sl, sc);
        continue;
      }
      push('id', start, sl, sc);
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if ((d === 43 || d === 45) && /[eEpP]/.test(text[i - 1])) {
          i++;
          continue;
        }
        if (isIdChar(d) || d === 46 || (d === 39 && isIdChar(text.charCodeAt(i + 1)))) {
          i++;
          continue;
        }
        break;
      }
      push('num', start, sl, sc);
      continue;
    }
    if (c === 34 || c === 39) {
      lexQuoted(c);
      push('str', start, sl, sc);
      continue;
    }
    let matched = '';
    for (const p of PUNCTUATORS) {
      if (text.startsWith(p, i)) {
        matched = p;
        break;
      }
    }
    if (matched) {
      i += matched.length;
      push('punct', start, sl, sc);
      continue;
    }
    i++;
    push('other', start, sl, sc);
  }
  return { tokens, problems };

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
