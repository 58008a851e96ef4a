// Document symbols: the file's functions (kernels first-class, with their parameters and the tensors
// and accessors they declare) and classes.

import type { DocumentSymbol } from 'vscode-languageserver/node';
import { SymbolKind } from './lsp';
import type { Analysis } from '../language';
import { FileContext, sdkValue } from '../language/checks';
import { describeFunction, typeToString } from '../language/model';
import { toRange } from './convert';

export function documentSymbols(analysis: Analysis, file: string): DocumentSymbol[] {
  const ctx = new FileContext(analysis);
  const out: DocumentSymbol[] = [];
  for (const fc of ctx.functions) {
    const whole = fc.range(fc.unit.root.startIndex, fc.unit.root.endIndex);
    const name = fc.rangeOf(fc.fn.loc);
    if (whole.file !== file || name.file !== file) continue;
    const children: DocumentSymbol[] = [];
    for (const l of fc.locals) {
      const v = sdkValue(l.decl.type);
      if (!v) continue;
      const r = toRange(fc.rangeOf(l.decl.loc));
      children.push({ name: l.decl.name, detail: typeToString(l.decl.type), kind: v.kind === 'tensor' ? SymbolKind.Variable : SymbolKind.Object, range: r, selectionRange: r });
    }
    out.push({
      name: fc.fn.name,
      detail: describeFunction(fc.fn),
      kind: fc.fn.owner ? SymbolKind.Method : SymbolKind.Function,
      range: toRange(whole),
      selectionRange: clampInside(toRange(name), toRange(whole)),
      children,
    });
  }
  for (const c of analysis.model.classes) {
    const r = c.loc.range;
    if (r.file !== file) continue;
    out.push({ name: c.name, kind: c.key === 'class' ? SymbolKind.Class : SymbolKind.Struct, range: toRange(r), selectionRange: toRange(r) });
  }
  return out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

type R = ReturnType<typeof toRange>;
/** LSP requires the selection range inside the full range. */
function clampInside(sel: R, whole: R): R {
  const before = (a: R['start'], b: R['start']) => a.line < b.line || (a.line === b.line && a.character < b.character);
  if (before(sel.start, whole.start) || before(whole.end, sel.end)) return { start: whole.start, end: whole.start };
  return sel;
}
