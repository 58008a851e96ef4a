// String literals of `.ascii`/`.asciz`/`.string`: double-quoted text with C escapes (\n \t \\ \"
// \NNN octal, \xHH hex, ...), converted to bytes (characters above 0x7f are written as UTF-8).

import { StatementError } from './errors';
import type { Arg } from './source';

const SIMPLE: Record<string, number> = { n: 10, t: 9, r: 13, b: 8, f: 12, v: 11, a: 7, e: 27, '\\': 92, '"': 34, "'": 39 };

/** The bytes of one string operand such as `"a\n"`. */
export function parseString(arg: Arg): number[] {
  const t = arg.text;
  if (!t.startsWith('"')) throw new StatementError(`expected a string in double quotes, got '${t}'`, arg.column);
  const out: number[] = [];
  let i = 1;
  while (i < t.length && t[i] !== '"') {
    const c = t[i];
    if (c !== '\\') {
      const code = t.codePointAt(i)!;
      const len = code > 0xffff ? 2 : 1;
      out.push(...new TextEncoder().encode(t.slice(i, i + len)));
      i += len;
      continue;
    }
    const e = t[i + 1];
    if (e === undefined) break;
    if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(t.slice(i + 1))![0];
      out.push(parseInt(m, 8) & 255);
      i += 1 + m.length;
    } else if (e === 'x' || e === 'X') {
      const m = /^[0-9a-fA-F]+/.exec(t.slice(i + 2));
      if (!m) throw new StatementError('\\x used with no following hex digits', arg.column + i);
      out.push(parseInt(m[0].slice(-2), 16));
      i += 2 + m[0].length;
    } else {
      out.push(SIMPLE[e] ?? e.charCodeAt(0));
      i += 2;
    }
  }
  if (i >= t.length) throw new StatementError('unterminated string', arg.column);
  if (i !== t.length - 1) throw new StatementError(`unexpected text after string: '${t.slice(i + 1)}'`, arg.column + i + 1);
  return out;
}
