// Annotated fixtures for the domain checks, in the manner of rust-analyzer's diagnostics tests. Under a
// code line, `//   ^^^^ severity CODE: message` marks where a diagnostic starts (the carets' column)
// and how wide it is (the carets' count, for one-line ranges), with the start of its message;
// `//   ^^^ note: message` marks a related location of the diagnostic annotated just before, and
// `//   ^^^ note@+2: message` one of the diagnostic annotated under the second code line further on
// (annotation lines are not counted);
// `// help: text` gives the start of the `help:` line of the diagnostic annotated just before;
// `// fix-> text` says that applying that diagnostic's first quick fix gives a line reading `text`;
// `// check-options: {...}` passes CheckOptions. Every diagnostic must be annotated.

import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from '../../../language/checks';

export interface ExpectedNote {
  line: number;
  column: number;
  width: number;
  message: string;
}

export interface Expected {
  line: number;
  column: number;
  width: number;
  severity: string;
  code?: string;
  message: string;
  notes: ExpectedNote[];
  fix?: string;
  help?: string;
}

export interface Fixture {
  code: string;
  expected: Expected[];
  options: Record<string, unknown>;
}

const DIAG = /^\/\/(\s*)(\^+)\s+(error|warning|information|hint)(?:\s+([A-Z0-9-]+))?:\s*(.*)$/;
const NOTE = /^\/\/(\s*)(\^+)\s+note(?:@([+-]\d+))?:\s*(.*)$/;
const FIX = /^\/\/\s*fix->\s*(.*)$/;
const HELP = /^\/\/\s*help:\s*(.*)$/;
const OPTIONS = /^\/\/\s*check-options:\s*(\{.*\})\s*$/;

/** Reads the annotations and returns the code with them blanked (lines keep their numbers). */
export function parseFixture(text: string): Fixture {
  const lines = text.split('\n');
  const expected: Expected[] = [];
  let options: Record<string, unknown> = {};
  let codeLine = -1;
  const later: { offset: number; note: ExpectedNote }[] = [];
  const codeLines: number[] = [];
  lines.forEach((l, i) => {
    const d = DIAG.exec(l);
    const n = NOTE.exec(l);
    const f = FIX.exec(l);
    const o = OPTIONS.exec(l);
    const h = HELP.exec(l);
    if (d) expected.push({ line: codeLine, column: 2 + d[1].length, width: d[2].length, severity: d[3], code: d[4], message: d[5].trim(), notes: [] });
    else if (n) {
      const note = { line: codeLine, column: 2 + n[1].length, width: n[2].length, message: n[4].trim() };
      if (n[3]) later.push({ offset: Number(n[3]), note });
      else expected[expected.length - 1]?.notes.push(note);
    }
    else if (f && expected.length) expected[expected.length - 1].fix = f[1].trim();
    else if (h && expected.length) expected[expected.length - 1].help = h[1].trim();
    else if (o) options = JSON.parse(o[1]);
    else {
      codeLine = i;
      codeLines.push(i);
      return;
    }
    lines[i] = '';
  });
  for (const { offset, note } of later) {
    const target = codeLines[codeLines.indexOf(note.line) + offset];
    const owner = expected.find((e) => e.line === target);
    if (!owner) throw new Error(`note at line ${note.line + 1} refers to line ${target + 1}, which has no diagnostic annotation`);
    owner.notes.push(note);
  }
  return { code: lines.join('\n'), expected, options };
}

/** Applies text edits given as 0-based line/column ranges. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const doc = TextDocument.create('file:///fixture.cpp', 'cpp', 1, text);
  return TextDocument.applyEdits(doc, edits.map((e) => ({
    range: { start: { line: e.range.start.line, character: e.range.start.column }, end: { line: e.range.end.line, character: e.range.end.column } },
    newText: e.newText,
  })));
}
