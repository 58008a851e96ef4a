// Quick fixes: the fixes the domain checks attached to their diagnostics, offered for the diagnostics
// in the requested range as workspace edits of the document.

import type { CodeAction, Range } from 'vscode-languageserver/node';
import { CodeActionKind } from './lsp';
import type { DocumentAnalysis } from './analyses';
import { toDiagnostic, toTextEdit, type PathMapper } from './convert';
import { pathToUri } from './uris';

function overlaps(a: Range, b: Range): boolean {
  const le = (x: Range['start'], y: Range['start']) => x.line < y.line || (x.line === y.line && x.character <= y.character);
  return le(a.start, b.end) && le(b.start, a.end);
}

export function codeActions(doc: DocumentAnalysis, range: Range, realPath: PathMapper): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of doc.diagnostics) {
    if (!d.fixes?.length || d.range.file !== doc.path) continue;
    const lsp = toDiagnostic(d, realPath);
    if (!overlaps(lsp.range, range)) continue;
    d.fixes.forEach((fix, i) => {
      const changes: Record<string, ReturnType<typeof toTextEdit>[]> = {};
      for (const e of fix.edits) {
        const uri = e.range.file === doc.path ? doc.uri : pathToUri(realPath(e.range.file));
        (changes[uri] ??= []).push(toTextEdit(e));
      }
      out.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [lsp], isPreferred: i === 0, edit: { changes } });
    });
  }
  return out;
}
