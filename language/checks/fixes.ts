// Quick-fix builders shared by the checks: edits expressed as source ranges of the unit, only offered
// where the unit's text really is in the user's file at that range (not inside a macro). The editability
// test reads spans (of typed expressions and statements, in unit offsets) and the unit's text. Dropping a
// parameter's `const` still finds the qualifier in the syntax tree: the typed model has the parameter's
// type, not where its `const` keyword is written, and the fix edits exactly that text.

import type { SyntaxNode } from '../parse/syntax-node';
import type { VarDecl } from '../model/declarations';
import type { FileContext } from './context';
import type { FunctionContext, Span } from './function-context';
import { ancestor, nodeOfLoc } from './syntax';
import type { Fix } from './types';

/** Whether the unit's text in `span` appears verbatim at its mapped range in the user's file (on one line). */
export function editable(ctx: FileContext, fc: FunctionContext, span: Span): boolean {
  const r = fc.rangeOf(span);
  if (r.file !== ctx.analysis.file || r.start.line !== r.end.line) return false;
  const line = ctx.sourceText.split('\n')[r.start.line] ?? '';
  return line.slice(r.start.column, r.end.column) === fc.text(span.start, span.end);
}

/** The first line of a span of the unit's text (the whole span when it fits on one line). */
export function firstLineOf(fc: FunctionContext, span: Span): Span {
  const nl = fc.unit.text.indexOf('\n', span.start);
  return nl < 0 || nl >= span.end ? span : { start: span.start, end: nl };
}

/** The span of a syntax node (for the fixes that edit text the typed tree does not locate). */
export function spanOf(n: SyntaxNode): Span {
  return { start: n.startIndex, end: n.endIndex };
}

/** Drops `const` from a `const torch::Tensor&` parameter so writes through it are allowed. */
export function makeParamMutable(ctx: FileContext, fc: FunctionContext, v: VarDecl): Fix[] {
  const p = fc.fn.params.find((x) => x.name === v.name);
  if (!p) return [];
  const at = nodeOfLoc(p.loc);
  const decl = at.type === 'parameter_declaration' ? at : ancestor(at, (a) => a.type === 'parameter_declaration');
  const q = decl?.children.find((c) => c.type === 'type_qualifier' && c.text === 'const');
  if (!decl || !q || !editable(ctx, fc, spanOf(q))) return [];
  const next = decl.children[decl.children.indexOf(q) + 1];
  const end = next ? next.startIndex : q.endIndex;
  return [{ title: `Make '${v.name}' a non-const torch::Tensor& (it is written)`, edits: [{ range: fc.range(q.startIndex, end), newText: '' }] }];
}

/** The indentation of the line a range starts on. */
export function indentAt(ctx: FileContext, line: number): string {
  return /^\s*/.exec(ctx.sourceText.split('\n')[line] ?? '')?.[0] ?? '';
}
