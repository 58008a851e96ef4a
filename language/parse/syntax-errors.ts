// Turns the ERROR and MISSING nodes of a syntax tree into diagnostics in user coordinates.

import { diagnostic, type Diagnostic, type SourceRange } from '../diagnostics';
import type { SyntaxNode } from './syntax-node';

const MAX_SYNTAX_ERRORS = 100;

/** Maps offsets of the tree's text to the user's files. */
export interface RangeMap {
  range(start: number, end: number): SourceRange;
}

export function syntaxErrors(root: SyntaxNode, map: RangeMap, max = MAX_SYNTAX_ERRORS): Diagnostic[] {
  const out: Diagnostic[] = [];
  const visit = (n: SyntaxNode) => {
    if (out.length >= max) return;
    if (n.isMissing) {
      if (isDeletedMemberTemplateQuirk(n) || isUnnamedBitField(n) || isBracedDefaultArgument(n)) return;
      const at = map.range(n.startIndex, n.startIndex);
      out.push(diagnostic(at, 'error', 'syntax-error', `expected ${describeMissing(n.type)}`));
      return;
    }
    if (n.isError) {
      out.push(diagnostic(map.range(n.startIndex, Math.max(n.startIndex + 1, n.endIndex)), 'error', 'syntax-error', describeError(n)));
      return;
    }
    if (!n.hasError) return;
    for (const c of n.children) visit(c);
  };
  visit(root);
  return out;
}

/**
 * tree-sitter-cpp 0.23.4 reads `template<…> R f() && = delete;` inside a class as an init-declarator
 * whose value is a delete-expression with a MISSING operand; the declaration is valid C++.
 */
function isDeletedMemberTemplateQuirk(n: SyntaxNode): boolean {
  const del = n.parent;
  return del?.type === 'delete_expression' && del.parent?.type === 'init_declarator';
}

/**
 * tree-sitter-cpp reads a braced default argument (`W w = {}`) as a compound literal with a MISSING
 * type; it is valid C++ (language/sema/initialisers-outside-bodies.ts analyses the list).
 */
function isBracedDefaultArgument(n: SyntaxNode): boolean {
  const lit = n.parent;
  return n.type === 'type_identifier' && lit?.type === 'compound_literal_expression' && lit.childForFieldName('type')?.startIndex === n.startIndex
    && lit.parent?.type === 'optional_parameter_declaration' && lit.parent.childForFieldName('default_value')?.startIndex === lit.startIndex;
}

/** tree-sitter-cpp reads an unnamed bit-field (`int : 3;`) with a MISSING field identifier; it is valid C++. */
function isUnnamedBitField(n: SyntaxNode): boolean {
  const p = n.parent;
  if (n.type !== 'field_identifier' || p?.type !== 'field_declaration') return false;
  const kids = p.children;
  const i = kids.findIndex((c) => c.startIndex === n.startIndex && c.isMissing);
  return kids[i + 1]?.type === 'bitfield_clause';
}

function describeMissing(type: string): string {
  return /^[a-z_]+$/.test(type) ? type.replace(/_/g, ' ') : `'${type}'`;
}

function describeError(n: SyntaxNode): string {
  const first = firstLeaf(n);
  if (!first) return 'syntax error';
  const text = first.text.length > 30 ? `${first.text.slice(0, 30)}…` : first.text;
  return `syntax error: unexpected '${text}'`;
}

function firstLeaf(n: SyntaxNode): SyntaxNode | undefined {
  let cur: SyntaxNode | null = n;
  while (cur && cur.childCount > 0) cur = cur.child(0);
  return cur ?? undefined;
}
