// Conversions between the front-end's positions, ranges and diagnostics and the LSP's.

import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type Position as LspPosition,
  type Range as LspRange,
  type TextEdit as LspTextEdit,
} from 'vscode-languageserver/node';
import type { Position, Severity, SourceRange } from '../language';
import type { CheckDiagnostic, TextEdit } from '../language/checks';
import { pathToUri } from './uris';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toPosition(p: Position): LspPosition {
  return { line: p.line, character: p.column };
}

export function toRange(r: SourceRange): LspRange {
  return { start: toPosition(r.start), end: toPosition(r.end) };
}

export function fromPosition(p: LspPosition): Position {
  return { line: p.line, column: p.character };
}

/** Where a front-end path is for the client (SDK headers are mapped to real files). */
export type PathMapper = (path: string) => string;

export function toDiagnostic(d: CheckDiagnostic, realPath: PathMapper): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'q7',
    message: d.message,
  };
  if (d.related?.length) {
    out.relatedInformation = d.related.map((r) => ({ location: { uri: pathToUri(realPath(r.range.file)), range: toRange(r.range) }, message: r.message }));
  }
  return out;
}

export function toTextEdit(e: TextEdit): LspTextEdit {
  return { range: toRange(e.range), newText: e.newText };
}

/** Same start, end, code and message: how a code action request's diagnostic is matched to ours. */
export function sameDiagnostic(a: LspDiagnostic, b: LspDiagnostic): boolean {
  const eq = (x: LspPosition, y: LspPosition) => x.line === y.line && x.character === y.character;
  return eq(a.range.start, b.range.start) && eq(a.range.end, b.range.end) && a.code === b.code && a.message === b.message;
}
