// Syntax-tree helpers for the checks that still walk syntax (see README: the constructs the typed tree
// does not locate, such as a declaration's `auto` or a parameter's `const`, and the expressions the
// model left untyped): the node spanning a location, ancestors, and an expression without its
// parentheses. Scopes and control-flow nesting come from the typed tree (FunctionContext.scopeOf,
// runsWheneverScopeRuns).

import type { SyntaxNode } from '../parse/syntax-node';
import type { Loc, Unit } from '../model/declarations';

/** The outermost node spanning exactly [start, end), or the innermost node containing `start`. */
export function nodeAt(unit: Unit, start: number, end: number): SyntaxNode {
  let n: SyntaxNode | null = unit.root.descendantAt(start);
  let found: SyntaxNode | undefined;
  for (let k: SyntaxNode | null = n; k; k = k.parent) {
    if (k.startIndex === start && k.endIndex === end) found = k;
    if (k.startIndex < start || k.endIndex > end) break;
  }
  if (found) return found;
  n = unit.root.descendantAt(start);
  return n;
}

export function nodeOfLoc(loc: Loc): SyntaxNode {
  return nodeAt(loc.unit, loc.start, loc.end);
}

export function ancestor(n: SyntaxNode, pred: (a: SyntaxNode) => boolean): SyntaxNode | undefined {
  for (let k = n.parent; k; k = k.parent) if (pred(k)) return k;
  return undefined;
}

/** Removes the outer parentheses of an expression node. */
export function unparenthesised(n: SyntaxNode): SyntaxNode {
  let k = n;
  while (k.type === 'parenthesized_expression' && k.namedChild(0)) k = k.namedChild(0)!;
  return k;
}
