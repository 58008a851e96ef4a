// Splits assembler source text into statements: strips comments (`#`, `//`, `/* */`), honours cpp
// line markers (`# 12 "file.S"`), splits lines at `;`, and separates labels, the operation name
// (mnemonic, directive or `sym =`) and the operand text, keeping 1-based columns for diagnostics.
// A line parses the same wherever it is (parseLine); its statements get their file and line after.

export interface Label {
  readonly name: string;
  readonly column: number;
}

/** A statement apart from where it is: what one source line says, wherever that line appears. */
export interface StatementShape {
  /** Column of the first non-blank character of the statement. */
  readonly column: number;
  readonly labels: readonly Label[];
  /** Mnemonic, directive (with its dot), or '=' for `sym = expr`; lower-cased; '' if labels only. */
  readonly op: string;
  readonly opColumn: number;
  /** For '=': the symbol being assigned. */
  readonly assigned?: Label;
  /** Operand text after the operation name (trimmed), and its column. */
  readonly args: string;
  readonly argsColumn: number;
  /** The statement's source text after its labels, for listings. */
  readonly text: string;
}

export interface Statement extends StatementShape {
  readonly file: string;
  readonly line: number;
}

/** One physical line: a cpp line marker, or its statements and whether a block comment is still open after it. */
export type LineParse =
  | { readonly marker: { readonly file: string; readonly line: number } }
  | { readonly statements: readonly StatementShape[]; readonly inBlock: boolean };

/** One comma-separated operand with the column where it starts. */
export interface Arg {
  readonly text: string;
  readonly column: number;
}

const LABEL = /^([A-Za-z_.$][\w.$]*|\d+)[ \t]*:(?!:)/;
const ASSIGN = /^([A-Za-z_.$][\w.$]*)[ \t]*=(?!=)/;
const OPNAME = /^[A-Za-z_.$][\w.$]*/;
const LINE_MARKER = /^#[ \t]*(?:line[ \t]+)?(\d+)[ \t]+"((?:[^"\\]|\\.)*)"/;

/** Removes comments from one physical line (keeping columns) and returns its `;`-separated pieces. */
function cleanLine(text: string, inBlock: boolean): { pieces: { text: string; start: number }[]; inBlock: boolean } {
  if (!inBlock && !/[#/;"']/.test(text)) return { pieces: [{ text, start: 0 }], inBlock };
  const chars = text.split('');
  const pieces: { text: string; start: number }[] = [];
  let start = 0;
  let i = 0;
  let inString = false;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) chars[k] = ' ';
  };
  while (i < chars.length) {
    if (inBlock) {
      const end = text.indexOf('*/', i);
      const stop = end < 0 ? chars.length : end + 2;
      blank(i, stop);
      i = stop;
      if (end >= 0) inBlock = false;
      continue;
    }
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 2;
      else {
        if (c === '"') inString = false;
        i++;
      }
      continue;
    }
    if (c === '"') {
      inString = true;
      i++;
    } else if (c === '/' && text[i + 1] === '*') {
      inBlock = true;
    } else if (c === '#' || (c === '/' && text[i + 1] === '/')) {
      blank(i, chars.length);
      break;
    } else if (c === "'") {
      i += text[i + 1] === '\\' ? 3 : 2;
    } else if (c === ';') {
      pieces.push({ text: chars.slice(start, i).join(''), start });
      chars[i] = ' ';
      start = i + 1;
      i++;
    } else i++;
  }
  pieces.push({ text: chars.slice(start).join(''), start });
  return { pieces, inBlock };
}

function parseStatement(piece: string, start: number): StatementShape | undefined {
  let pos = piece.search(/\S/);
  if (pos < 0) return undefined;
  const column = start + pos + 1;
  const labels: Label[] = [];
  for (;;) {
    const m = LABEL.exec(piece.slice(pos));
    if (!m) break;
    labels.push({ name: m[1], column: start + pos + 1 });
    pos += m[0].length;
    const skip = piece.slice(pos).search(/\S/);
    pos = skip < 0 ? piece.length : pos + skip;
  }
  const rest = piece.slice(pos);
  const text = rest.trim();
  const base = { column, labels, text };
  if (rest.length === 0) return { ...base, op: '', opColumn: start + pos + 1, args: '', argsColumn: start + pos + 1 };
  const assign = ASSIGN.exec(rest);
  if (assign) {
    const after = pos + assign[0].length;
    const lead = piece.slice(after).search(/\S/);
    const argsAt = lead < 0 ? piece.length : after + lead;
    return {
      ...base,
      op: '=',
      opColumn: start + pos + 1,
      assigned: { name: assign[1], column: start + pos + 1 },
      args: piece.slice(argsAt).trim(),
      argsColumn: start + argsAt + 1,
    };
  }
  const m = OPNAME.exec(rest);
  const opLen = m ? m[0].length : rest.search(/\s|$/);
  const op = rest.slice(0, opLen).toLowerCase();
  const after = pos + opLen;
  const lead = piece.slice(after).search(/\S/);
  const argsAt = lead < 0 ? piece.length : after + lead;
  return {
    ...base,
    op,
    opColumn: start + pos + 1,
    args: piece.slice(argsAt).trim(),
    argsColumn: start + argsAt + 1,
  };
}

/** Parses one physical line `raw`; `inBlock`: a block comment is open at its start. */
export function parseLine(raw: string, inBlock: boolean): LineParse {
  if (!inBlock) {
    const marker = LINE_MARKER.exec(raw);
    if (marker) return { marker: { file: marker[2].replace(/\\(.)/g, '$1'), line: Number(marker[1]) } };
  }
  const cleaned = cleanLine(raw, inBlock);
  const statements: StatementShape[] = [];
  for (const p of cleaned.pieces) {
    const st = parseStatement(p.text, p.start);
    if (st) statements.push(st);
  }
  return { statements, inBlock: cleaned.inBlock };
}

/**
 * All statements of a source file, in order, each with the shape `lineParser` gives for its line
 * (the shapes are shared, the statements are new).
 */
export function splitStatements(fileName: string, text: string, lineParser = parseLine): { statements: Statement[]; shapes: StatementShape[] } {
  const statements: Statement[] = [];
  const shapes: StatementShape[] = [];
  const lines = text.split(/\r?\n/);
  let file = fileName;
  let lineNo = 0;
  let inBlock = false;
  for (const raw of lines) {
    lineNo++;
    const parsed = lineParser(raw, inBlock);
    if ('marker' in parsed) {
      file = parsed.marker.file || file;
      lineNo = parsed.marker.line - 1;
      continue;
    }
    inBlock = parsed.inBlock;
    for (const shape of parsed.statements) {
      statements.push({ ...shape, file, line: lineNo });
      shapes.push(shape);
    }
  }
  return { statements, shapes };
}

/** Splits operand text at top-level commas (outside strings, character constants and parentheses). */
export function splitArgs(text: string, column: number): Arg[] {
  if (text.trim().length === 0) return [];
  const out: Arg[] = [];
  let depth = 0;
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const piece = text.slice(start, end);
    const lead = piece.search(/\S/);
    out.push({ text: piece.trim(), column: column + start + (lead < 0 ? piece.length : lead) });
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === "'") {
      i += text[i + 1] === '\\' ? 3 : 2;
    } else {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (c === ',' && depth === 0) {
        push(i);
        start = i + 1;
      }
      i++;
    }
  }
  push(text.length);
  return out;
}
