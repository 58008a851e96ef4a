// Diagnostics produced by every stage of the front-end, positioned in user files (0-based lines/columns).

import type { CheckCode, DiagnosticCode } from './diagnostic-codes';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A position in a source file: 0-based line and 0-based UTF-16 column (the LSP convention). */
export interface Position {
  line: number;
  column: number;
}

/** A half-open range inside one file. */
export interface SourceRange {
  file: string;
  start: Position;
  end: Position;
}

export interface RelatedInfo {
  range: SourceRange;
  message: string;
}

export interface Diagnostic {
  range: SourceRange;
  severity: Severity;
  /** Stable identifier of the kind of problem, e.g. `undeclared-identifier` or `Q7-A001`: registered
   *  in diagnostic-codes.ts, or a domain check's. */
  code: DiagnosticCode | CheckCode;
  message: string;
  related?: RelatedInfo[];
}

export function diagnostic(
  range: SourceRange,
  severity: Severity,
  code: DiagnosticCode,
  message: string,
  related?: RelatedInfo[],
): Diagnostic {
  return related && related.length ? { range, severity, code, message, related } : { range, severity, code, message };
}

/** True when the range is well formed: non-negative and start <= end. */
export function isValidRange(r: SourceRange): boolean {
  const okPos = (p: Position) => Number.isInteger(p.line) && Number.isInteger(p.column) && p.line >= 0 && p.column >= 0;
  if (!okPos(r.start) || !okPos(r.end) || typeof r.file !== 'string') return false;
  return r.start.line < r.end.line || (r.start.line === r.end.line && r.start.column <= r.end.column);
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.range.file !== b.range.file) return a.range.file < b.range.file ? -1 : 1;
  if (a.range.start.line !== b.range.start.line) return a.range.start.line - b.range.start.line;
  return a.range.start.column - b.range.start.column;
}
