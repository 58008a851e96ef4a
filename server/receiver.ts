// The receiver of a member access being typed (`acc[i].`, `t.accessor<float, 2>()[0].`, `w->`): where
// it starts on the line, and the document text patched so the front-end can type it — the `.` or `->`
// and the partial member name become `;` (after closing the brackets the line left open) and the rest
// of the line is dropped, so the receiver ends a complete expression statement; failing that (a call
// of an unknown function around it, say), the line holds the receiver alone.

export interface Receiver {
  /** The receiver's text and its columns on the line [start, end). */
  text: string;
  start: number;
  end: number;
  /** The member access operator. */
  arrow: boolean;
}

const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '>': '<' };
const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The receiver before `.`/`->` and an optional partial member name at the end of `linePrefix`. */
export function receiverBefore(linePrefix: string): Receiver | undefined {
  const m = /(\.|->)\s*[A-Za-z_]?\w*$/.exec(linePrefix);
  if (!m) return undefined;
  let i = m.index;
  while (i > 0 && linePrefix[i - 1] === ' ') i--;
  const end = i;
  for (;;) {
    const c = linePrefix[i - 1];
    if (c === undefined) break;
    if (c in CLOSERS) {
      const open = matching(linePrefix, i - 1);
      if (open < 0) return undefined;
      i = open;
      continue;
    }
    if (/\w/.test(c)) {
      while (i > 0 && /\w/.test(linePrefix[i - 1])) i--;
      const link = /(\.|->|::)\s*$/.exec(linePrefix.slice(0, i));
      if (!link) break;
      i = link.index;
      continue;
    }
    break;
  }
  if (i === end || !/^[A-Za-z_:(]/.test(linePrefix.slice(i, end))) return undefined;
  return { text: linePrefix.slice(i, end), start: i, end, arrow: m[1] === '->' };
}

/** Index of the bracket opening the one that closes at `close` (brackets nested properly), or -1. */
function matching(s: string, close: number): number {
  const stack: string[] = [];
  for (let k = close; k >= 0; k--) {
    const c = s[k];
    const isArrow = c === '>' && s[k - 1] === '-';
    if (c in CLOSERS && !isArrow && (c !== '>' || stack.length === 0 || stack[stack.length - 1] === '>')) stack.push(c);
    else if (c === '(' || c === '[' || c === '<') {
      if (c === '<' && stack[stack.length - 1] !== '>') continue;
      if (CLOSERS[stack.pop() ?? ''] !== c) return -1;
      if (stack.length === 0) return k;
    }
  }
  return -1;
}

/** The document with the member access at `line` replaced as described above. */
export function patchedText(text: string, line: number, r: Receiver): string {
  const lines = text.split('\n');
  const current = lines[line] ?? '';
  const head = current.slice(0, r.end);
  lines[line] = `${head}${closersFor(current.slice(0, r.start))};`;
  return lines.join('\n');
}

/** The document with the line at `line` replaced by the receiver alone, as an expression statement. */
export function isolatedText(text: string, line: number, r: Receiver): string {
  const lines = text.split('\n');
  const current = lines[line] ?? '';
  lines[line] = `${' '.repeat(r.start)}${current.slice(r.start, r.end)};`;
  return lines.join('\n');
}

/** Closing brackets for those left open in `s` (innermost first). */
function closersFor(s: string): string {
  const stack: string[] = [];
  for (const c of s) {
    if (c in OPENERS) stack.push(OPENERS[c]);
    else if ((c === ')' || c === ']' || c === '}') && stack[stack.length - 1] === c) stack.pop();
  }
  return stack.reverse().join('');
}
