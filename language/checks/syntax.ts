// Syntax-tree helpers for the checks, for what the typed statement tree (FunctionContext.statementAround)
// does not answer: the node spanning a location, ancestors, enclosing scopes, the declaration a local's
// name belongs to, and control-flow nesting between two nodes (`&&`, `||` and `?:` included).

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

const CONDITIONAL = new Set([
  'if_statement', 'while_statement', 'for_statement', 'for_range_loop', 'do_statement', 'switch_statement',
  'conditional_expression', 'case_statement', 'lambda_expression',
]);

/**
 * Whether `inner` runs every time `outer` (an ancestor block) runs to its end: no `if`, loop, switch,
 * `?:`, `&&` or `||` lies between them.
 */
export function runsUnconditionallyWithin(inner: SyntaxNode, outer: SyntaxNode): boolean {
  for (let k = inner.parent; k && k !== outer; k = k.parent) {
    if (CONDITIONAL.has(k.type)) return false;
    if (k.type === 'binary_expression') {
      const op = k.childForFieldName('operator')?.type;
      if (op === '&&' || op === '||') return false;
    }
  }
  return true;
}

/** The block (compound statement) or statement that is the scope of a local declared at `n`. */
export function enclosingScope(n: SyntaxNode): SyntaxNode | undefined {
  return ancestor(n, (a) => a.type === 'compound_statement' || a.type === 'for_statement' || a.type === 'for_range_loop' || a.type === 'if_statement' || a.type === 'while_statement' || a.type === 'switch_statement');
}

/** The declaration statement a local's name node belongs to. */
export function declarationOf(nameNode: SyntaxNode): SyntaxNode | undefined {
  return ancestor(nameNode, (a) => a.type === 'declaration');
}

/** Removes the outer parentheses of an expression node. */
export function unparenthesised(n: SyntaxNode): SyntaxNode {
  let k = n;
  while (k.type === 'parenthesized_expression' && k.namedChild(0)) k = k.namedChild(0)!;
  return k;
}
