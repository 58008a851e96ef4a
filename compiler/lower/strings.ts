// The bytes of a string literal as the program stores it: escapes decoded, adjacent literals
// concatenated, raw strings taken as written, UTF-8 for characters beyond ASCII, a terminating NUL.

import type { Loc } from '../../language/model';
import { unsupported } from './errors';

const SIMPLE: Record<string, number> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, '\\': 92, "'": 39, '"': 34, '?': 63, e: 27 };

/** Decodes the source text of one or more adjacent string literals. */
export function stringLiteralBytes(text: string, at: Loc): Uint8Array {
  const out: number[] = [];
  const re = /(u8|u|U|L)?(R?)"/g;
  let i = 0;
  while (i < text.length) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) break;
    if (m[1] && m[1] !== 'u8') unsupported(at, 'wide and UTF-16/32 string literals are not supported');
    let p = m.index + m[0].length;
    if (m[2]) {
      const open = text.indexOf('(', p);
      const delim = text.slice(p, open);
      const close = text.indexOf(`)${delim}"`, open);
      out.push(...utf8(text.slice(open + 1, close)));
      i = close + delim.length + 2;
      continue;
    }
    while (p < text.length && text[p] !== '"') {
      if (text[p] !== '\\') {
        const cp = text.codePointAt(p)!;
        out.push(...utf8(String.fromCodePoint(cp)));
        p += cp > 0xffff ? 2 : 1;
        continue;
      }
      const c = text[p + 1];
      if (c in SIMPLE) {
        out.push(SIMPLE[c]);
        p += 2;
      } else if (c === 'x') {
        const h = /^[0-9a-fA-F]+/.exec(text.slice(p + 2))![0];
        out.push(parseInt(h, 16) & 0xff);
        p += 2 + h.length;
      } else if (/[0-7]/.test(c)) {
        const o = /^[0-7]{1,3}/.exec(text.slice(p + 1))![0];
        out.push(parseInt(o, 8) & 0xff);
        p += 1 + o.length;
      } else if (c === 'u' || c === 'U') {
        const n = c === 'u' ? 4 : 8;
        out.push(...utf8(String.fromCodePoint(parseInt(text.slice(p + 2, p + 2 + n), 16))));
        p += 2 + n;
      } else {
        out.push(c.charCodeAt(0));
        p += 2;
      }
    }
    i = p + 1;
  }
  out.push(0);
  return Uint8Array.from(out);
}

function utf8(s: string): number[] {
  return [...new TextEncoder().encode(s)];
}
