// Annotated fixtures: each `//   ^^^ severity: message` line marks the columns of the code line above
// it where a diagnostic starts and the start of its message.

export interface Expected {
  line: number;
  column: number;
  severity: string;
  message: string;
}

/** Reads the annotations and returns the code (annotations blanked, so lines keep their numbers). */
export function parseFixture(text: string): { code: string; expected: Expected[] } {
  const lines = text.split('\n');
  const expected: Expected[] = [];
  let codeLine = -1;
  lines.forEach((l, i) => {
    const m = /^\/\/(\s*)(\^+)\s+(error|warning):\s*(.*)$/.exec(l);
    if (!m) {
      codeLine = i;
      return;
    }
    expected.push({ line: codeLine, column: 2 + m[1].length, severity: m[3], message: m[4].trim() });
    lines[i] = '';
  });
  return { code: lines.join('\n'), expected };
}
