// Turns the ERROR and MISSING nodes of a tree-sitter tree into diagnostics in user coordinates.

import { diagnostic, type Diagnostic } from '../diagnostics';
import type { SourceMap } from '../pre/source-map';
import type { Node } from 'web-tree-sitter';

const MAX_SYNTAX_ERRORS = 100;

export function syntaxErrors(root: Node, map: SourceMap): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visit = (n: Node) => {
    if (out.length >= MAX_SYNTAX_ERRORS) return;
    if (n.isMissing) {
      const at = map.range(n.startIndex, n.startIndex);
      out.push(diagnostic(at, 'error', 'syntax-error', `expected ${describeMissing(n.type)}`));
      return;
    }
    if (n.isError) {
      out.push(diagnostic(map.range(n.startIndex, Math.max(n.startIndex + 1, n.endIndex)), 'error', 'syntax-error', describeError(n)));
      return;
    }
    if (!n.hasError) return;
    for (const c of n.children) if (c) visit(c);
  };
  visit(root);
  return out;
}

function describeMissing(type: string): string {
  return /^[a-z_]+$/.test(type) ? type.replace(/_/g, ' ') : `'${type}'`;
}

function describeError(n: Node): string {
  const first = firstLeaf(n);
  if (!first) return 'syntax error';
  const text = first.text.length > 30 ? `${first.text.slice(0, 30)}…` : first.text;
  return `syntax error: unexpected '${text}'`;
}

function firstLeaf(n: Node): Node | undefined {
  let cur: Node | null = n;
  while (cur && cur.childCount > 0) cur = cur.child(0);
  return cur ?? undefined;
}
