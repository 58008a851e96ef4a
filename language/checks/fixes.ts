// Quick-fix builders shared by the checks: edits expressed as source ranges of syntax nodes, only
// offered where the node's text really is in the user's file at that range (not inside a macro).

import type { SyntaxNode } from '../parse/syntax-node';
import type { VarDecl } from '../model/declarations';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { ancestor, nodeOfLoc } from './syntax';
import type { Fix, TextEdit } from './types';

/** Whether the node's text appears verbatim at its mapped range in the user's file. */
export function editable(ctx: FileContext, fc: FunctionContext, n: SyntaxNode): boolean {
  const r = fc.rangeOf(n);
  if (r.file !== ctx.analysis.file || r.start.line !== r.end.line) return false;
  const line = ctx.sourceText.split('\n')[r.start.line] ?? '';
  return line.slice(r.start.column, r.end.column) === n.text;
}

export function replaceNode(fc: FunctionContext, n: SyntaxNode, newText: string): TextEdit {
  return { range: fc.rangeOf(n), newText };
}

/** Drops `const` from a `const torch::Tensor&` parameter so writes through it are allowed. */
export function makeParamMutable(ctx: FileContext, fc: FunctionContext, v: VarDecl): Fix[] {
  const p = fc.fn.params.find((x) => x.name === v.name);
  if (!p) return [];
  const at = nodeOfLoc(p.loc);
  const decl = at.type === 'parameter_declaration' ? at : ancestor(at, (a) => a.type === 'parameter_declaration');
  const q = decl?.children.find((c) => c.type === 'type_qualifier' && c.text === 'const');
  if (!decl || !q || !editable(ctx, fc, q)) return [];
  const next = decl.children[decl.children.indexOf(q) + 1];
  const end = next ? next.startIndex : q.endIndex;
  return [{ title: `Make '${v.name}' a non-const torch::Tensor& (it is written)`, edits: [{ range: fc.range(q.startIndex, end), newText: '' }] }];
}

/** The indentation of the line a range starts on. */
export function indentAt(ctx: FileContext, line: number): string {
  return /^\s*/.exec(ctx.sourceText.split('\n')[line] ?? '')?.[0] ?? '';
}
