// printf format strings as C (7.21.6.1) defines them: the conversion specifications of a string
// literal (or of adjacent literals) with their flags, field width, precision, length modifier and
// conversion, each with its span in the unit's text so a check can point at it and rewrite it.

import type { SyntaxNode } from '../parse/syntax-node';

export interface Directive {
  /** The specification's text as written, e.g. `%-8.3lld`. */
  text: string;
  /** Unit offsets of the specification (the `%` to the conversion character, inclusive). */
  start: number;
  end: number;
  flags: string;
  /** `*` (taken from an int argument), the digits given, or '' */
  width: string;
  /** `.*`, `.digits`, `.`, or '' */
  precision: string;
  /** hh h l ll j z t L q, or '' */
  length: string;
  /** The conversion character (`%` for `%%`). */
  conv: string;
}

/** `char` is the conversion character as written (an escape sequence's spelling, e.g. `\n`). */
export type FormatProblem = { kind: 'unknown'; start: number; end: number; char: string } | { kind: 'trailing'; start: number; end: number };

export interface ParsedFormat {
  directives: Directive[];
  problems: FormatProblem[];
}

const CONVERSIONS = new Set('diouxXfFeEgGaAcspn%');
const LENGTHS = ['hh', 'll', 'h', 'l', 'j', 'z', 't', 'L', 'q'];

/** One character of the string's value and the unit offsets of its spelling. */
interface Char {
  c: string;
  start: number;
  end: number;
  /** The spelling of an escape sequence. */
  raw?: string;
}

/**
 * The characters of a narrow, non-raw string literal or of a concatenation of them (`"a" "b"`), or
 * undefined for anything else (a wide or raw literal, a name, a call).
 */
export function literalChars(n: SyntaxNode, text: string): Char[] | undefined {
  if (n.type === 'parenthesized_expression' && n.namedChildren.length === 1) return literalChars(n.namedChildren[0], text);
  if (n.type === 'concatenated_string') {
    const out: Char[] = [];
    for (const k of n.namedChildren) {
      const part = literalChars(k, text);
      if (!part) return undefined;
      out.push(...part);
    }
    return out;
  }
  if (n.type !== 'string_literal') return undefined;
  const raw = text.slice(n.startIndex, n.endIndex);
  if (!raw.startsWith('"') && !raw.startsWith('u8"')) return undefined;
  const open = raw.indexOf('"') + 1;
  const out: Char[] = [];
  let i = open;
  while (i < raw.length - 1) {
    const start = n.startIndex + i;
    if (raw[i] !== '\\') {
      out.push({ c: raw[i], start, end: start + 1 });
      i++;
      continue;
    }
    // An escape sequence stands for one character that is never part of a conversion specification.
    let j = i + 2;
    if (raw[i + 1] === 'x') while (j < raw.length - 1 && /[0-9a-fA-F]/.test(raw[j])) j++;
    else if (/[0-7]/.test(raw[i + 1] ?? '')) while (j < raw.length - 1 && j < i + 4 && /[0-7]/.test(raw[j])) j++;
    out.push({ c: '\u0001', start, end: n.startIndex + j, raw: raw.slice(i, j) });
    i = j;
  }
  return out;
}

/** The conversion specifications of a format string's characters. */
export function parseFormat(chars: Char[]): ParsedFormat {
  const directives: Directive[] = [];
  const problems: FormatProblem[] = [];
  let i = 0;
  const s = chars.map((c) => c.c).join('');
  while (i < chars.length) {
    if (s[i] !== '%') {
      i++;
      continue;
    }
    const begin = i++;
    const flags = take(/^[-+ #0']*/, s.slice(i));
    i += flags.length;
    const width = take(/^(\*|[0-9]+)?/, s.slice(i));
    i += width.length;
    const precision = take(/^(\.(\*|[0-9]*))?/, s.slice(i));
    i += precision.length;
    const length = LENGTHS.find((l) => s.startsWith(l, i)) ?? '';
    i += length.length;
    if (i >= chars.length) {
      problems.push({ kind: 'trailing', start: chars[begin].start, end: chars[chars.length - 1].end });
      break;
    }
    const conv = s[i];
    const end = chars[i].end;
    i++;
    if (!CONVERSIONS.has(conv)) {
      problems.push({ kind: 'unknown', start: chars[begin].start, end, char: chars[i - 1].raw ?? conv });
      continue;
    }
    directives.push({ text: s.slice(begin, i), start: chars[begin].start, end, flags, width, precision, length, conv });
  }
  return { directives, problems };
}

function take(re: RegExp, s: string): string {
  return re.exec(s)?.[0] ?? '';
}
