// Two warnings clang gives that need a look beyond one expression: a non-void function whose end can
// be reached (-Wreturn-type), and an expression statement whose value is thrown away although
// computing it does nothing else (-Wunused-value).

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Expr } from './expr';

/** Whether control can reach the end of `stmt` (conservative: unknown constructs can). */
export function mayFallThrough(stmt: Node): boolean {
  switch (stmt.type) {
    case 'return_statement':
    case 'throw_statement':
    case 'goto_statement':
      return false;
    case 'compound_statement':
      return stmt.namedChildren.every(mayFallThrough);
    case 'if_statement': {
      const alt = stmt.childForFieldName('alternative');
      const cons = stmt.childForFieldName('consequence');
      if (!alt || !cons) return true;
      const other = alt.type === 'else_clause' ? alt.namedChild(0) : alt;
      return mayFallThrough(cons) || !other || mayFallThrough(other);
    }
    case 'while_statement':
    case 'for_statement':
    case 'do_statement':
      return !isEndlessLoop(stmt) || containsBreak(stmt.childForFieldName('body'));
    case 'switch_statement':
      return switchMayFallThrough(stmt);
    case 'case_statement':
      return statementsAfterLabel(stmt).every(mayFallThrough);
    case 'labeled_statement': {
      const s = stmt.namedChildren[stmt.namedChildCount - 1];
      return !s || mayFallThrough(s);
    }
    case 'expression_statement': {
      const e = stmt.namedChild(0);
      return !(e && e.type === 'throw_expression');
    }
    default:
      return true;
  }
}

/** A switch ends only if it has a default, nothing breaks out of it, and its last case ends. */
function switchMayFallThrough(sw: Node): boolean {
  const body = sw.childForFieldName('body');
  const cases = body ? body.namedChildren.filter((c) => c.type === 'case_statement') : [];
  if (!body || !cases.some((c) => !c.childForFieldName('value'))) return true;
  if (body.namedChildren.some(containsBreak)) return true;
  return mayFallThrough(cases[cases.length - 1]);
}

/** The statements of a case (after its label and value). */
function statementsAfterLabel(c: Node): Node[] {
  const value = c.childForFieldName('value');
  return c.namedChildren.filter((x) => x !== value);
}

function isEndlessLoop(loop: Node): boolean {
  const cond = loop.childForFieldName('condition');
  if (loop.type === 'for_statement') return !cond || isTrue(cond);
  const inner = cond?.type === 'condition_clause' || cond?.type === 'parenthesized_expression' ? cond.namedChild(0) : cond;
  return !!inner && isTrue(inner);
}

function isTrue(e: Node): boolean {
  return e.type === 'true' || (e.type === 'number_literal' && /^[1-9]/.test(e.text));
}

/** A `break` that leaves this loop (not one inside a nested loop or switch). */
function containsBreak(n: Node | null): boolean {
  if (!n) return false;
  if (n.type === 'break_statement') return true;
  if (n.type === 'for_statement' || n.type === 'while_statement' || n.type === 'do_statement' || n.type === 'switch_statement' || n.type === 'for_range_loop') return false;
  return n.namedChildren.some(containsBreak);
}

/** The warning for an expression statement whose value is unused and has no effect, if any. */
export function unusedValueWarning(e: Expr): string | undefined {
  if (e.type.kind === 'error' || e.callee || e.temporary) return undefined;
  switch (e.kind) {
    case 'binary': {
      const op = binaryOperatorOf(e);
      if (op === '==' || op === '!=') return 'equality comparison result unused';
      if (op === '<' || op === '>' || op === '<=' || op === '>=') return 'relational comparison result unused';
      return 'expression result unused';
    }
    case 'name':
    case 'member':
    case 'subscript':
    case 'unary':
    case 'deref':
    case 'address-of':
    case 'number_literal':
    case 'char_literal':
    case 'string_literal':
    case 'true':
    case 'false':
    case 'nullptr':
    case 'function':
      return 'expression result unused';
    case 'conditional':
      return e.operands && e.operands.slice(1).every((o) => unusedValueWarning(o) !== undefined) ? 'expression result unused' : undefined;
    default:
      return undefined;
  }
}

function binaryOperatorOf(e: Expr): string {
  return e.operator ?? '';
}
