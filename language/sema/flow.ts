// Two warnings clang gives that need a look beyond one expression: a non-void function whose end can
// be reached (-Wreturn-type), and an expression statement whose value is thrown away although
// computing it does nothing else (-Wunused-value).

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Expr } from '../model/expressions';

/** Whether control can reach the end of `stmt` (conservative: unknown constructs can). */
export function mayFallThrough(stmt: Node): boolean {
  return reachesEnd(stmt, true);
}

/**
 * Whether control can reach the end of `stmt`, given whether it can reach its start: a label inside
 * (a case or default of the enclosing switch, a goto's target) is reachable even when the start is not,
 * so `switch (n) { case 0: do { ... default: ... } while (...); }` (Duff's device) is followed through.
 */
function reachesEnd(stmt: Node, entered: boolean): boolean {
  switch (stmt.type) {
    case 'return_statement':
    case 'throw_statement':
    case 'goto_statement':
    case 'break_statement':
    case 'continue_statement':
      return false;
    case 'compound_statement':
      return sequenceReachesEnd(stmt.namedChildren, entered);
    case 'if_statement': {
      const alt = stmt.childForFieldName('alternative');
      const cons = stmt.childForFieldName('consequence');
      const other = alt?.type === 'else_clause' ? alt.namedChild(0) : alt;
      const thenEnds = cons ? reachesEnd(cons, entered) : entered;
      return thenEnds || (other ? reachesEnd(other, entered) : entered);
    }
    case 'while_statement':
    case 'for_statement':
    case 'do_statement':
    case 'for_range_loop': {
      if (!entered && !containsLabel(stmt)) return false;
      return stmt.type === 'for_range_loop' || !isEndlessLoop(stmt) || containsBreak(stmt.childForFieldName('body'));
    }
    case 'switch_statement':
      return (entered || stmt.namedChildren.some(containsLabel)) && switchMayFallThrough(stmt);
    case 'case_statement':
      return sequenceReachesEnd(statementsAfterLabel(stmt), true);
    case 'labeled_statement': {
      const s = stmt.namedChildren[stmt.namedChildCount - 1];
      const label = stmt.childForFieldName('label') ?? stmt.namedChild(0);
      return !s || s === label || reachesEnd(s, true);
    }
    case 'expression_statement': {
      const e = stmt.namedChild(0);
      return !(e && e.type === 'throw_expression') && entered;
    }
    case 'comment':
      return entered;
    default:
      return entered || containsLabel(stmt);
  }
}

/** Statements one after another: each starts where the one before ends (or at a label inside it). */
function sequenceReachesEnd(stmts: readonly Node[], entered: boolean): boolean {
  let reach = entered;
  for (const s of stmts) reach = reachesEnd(s, reach);
  return reach;
}

/**
 * A switch ends only if it has a default (anywhere in its body, not in a nested switch), nothing breaks
 * out of it, and the end of its body is reached from its case labels.
 */
function switchMayFallThrough(sw: Node): boolean {
  const body = sw.childForFieldName('body');
  if (!body || !hasDefault(body)) return true;
  if (containsBreak(body)) return true;
  return reachesEnd(body, false);
}

function hasDefault(n: Node): boolean {
  if (n.type === 'case_statement' && !n.childForFieldName('value')) return true;
  if (n.type === 'switch_statement' || n.type === 'lambda_expression') return false;
  return n.namedChildren.some(hasDefault);
}

/** A case, default or named label inside `n` (not in a nested switch, lambda or class). */
function containsLabel(n: Node): boolean {
  if (n.type === 'case_statement' || n.type === 'labeled_statement') return true;
  if (n.type === 'switch_statement' || n.type === 'lambda_expression' || n.type.endsWith('_expression') || n.type === 'declaration') return false;
  return n.namedChildren.some(containsLabel);
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
