// Conversions between the front-end's positions, ranges and diagnostics and the LSP's.

import type { Diagnostic as LspDiagnostic, Position as LspPosition, Range as LspRange, TextEdit as LspTextEdit } from 'vscode-languageserver/node';
import { DiagnosticSeverity } from './lsp';
import type { Position, Severity, SourceRange } from '../language';
import { diagnosticUrl, type CheckDiagnostic, type TextEdit } from '../language/checks';
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

/**
 * An LSP diagnostic: the one-line primary message as `message`; the notes (and the front-end's related
 * locations) as `relatedInformation`, a note without a place and the `help:` line at the diagnostic's own
 * range; a domain check's page as `codeDescription`.
 */
export function toDiagnostic(d: CheckDiagnostic, realPath: PathMapper): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: 'q7',
    message: d.message,
  };
  const href = diagnosticUrl(d.code);
  if (href) out.codeDescription = { href };
  const located = (range: SourceRange, message: string) => ({ location: { uri: pathToUri(realPath(range.file)), range: toRange(range) }, message });
  const related = [
    ...(d.related ?? []).map((r) => located(r.range, r.message)),
    ...(d.notes ?? []).map((n) => located(n.range ?? d.range, n.message)),
    ...(d.help ? [located(d.range, `help: ${d.help}`)] : []),
  ];
  if (related.length) out.relatedInformation = related;
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
