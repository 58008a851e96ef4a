// Builds a function body's typed statement tree (language/model/statements.ts) once the body is
// analysed (statements.ts calls it last): one walk of the body's syntax that pairs each statement with
// what the analysis made of it — full-expressions, locals, conditions, range-based fors, structured
// bindings — so that consumers (the compiler) walk the tree and never the syntax. Declarations and
// expressions are in statements-declarations.ts.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { FunctionDecl, Unit } from '../model/declarations';
import type { FunctionBody } from '../model/bodies';
import type { CaseStmt, Condition, Stmt } from '../model/statements';
import { constantValue } from '../model/constant-values';
import { nonReference, unqualified } from '../model/types';
import { mayBeMisparsed, misparsedParts } from './misparsed-declarations';
import { switchConversion } from './class-members';
import { declarationStmt, fullExpr, localsWithin, locOfNode, rejectedIn, treeBuilder, writtenInitialiser, type TreeBuilder } from './statements-declarations';

/** Statement kinds that make no code: declarations of types and names, assertions, empty statements. */
const EMPTY = new Set([
  'empty_statement', 'comment', 'static_assert_declaration', 'type_definition', 'alias_declaration', 'using_declaration',
  'class_specifier', 'struct_specifier', 'union_specifier', 'enum_specifier', 'namespace_alias_definition',
]);

/** The statement tree of `body`, whose syntax is `root` (the function's body node) in `unit`. */
export function buildStatementTree(unit: Unit, body: FunctionBody, root: Node): Stmt {
  return statement(treeBuilder(unit, body), root);
}

function statements(b: TreeBuilder, nodes: readonly Node[]): Stmt[] {
  const out: Stmt[] = [];
  for (const n of nodes) {
    if (n.type === 'comment') continue;
    const s = statement(b, n);
    if (s.kind !== 'empty') out.push(s);
  }
  return out;
}

/** A statement where one is required: an empty one when the syntax has none (a broken parse). */
function child(b: TreeBuilder, node: Node | null | undefined, parent: Node): Stmt {
  return node ? statement(b, node) : { kind: 'empty', loc: locOfNode(b, parent) };
}

function statement(b: TreeBuilder, node: Node): Stmt {
  const loc = locOfNode(b, node);
  switch (node.type) {
    case 'compound_statement':
      return { kind: 'block', loc, body: statements(b, node.namedChildren) };
    case 'expression_statement': {
      const e = node.namedChild(0);
      if (!e) return { kind: 'empty', loc };
      // `int (*row)[4] = a;` parsed as an expression: the analysis declared a local (misparsed-declarations.ts)
      const misparsed = mayBeMisparsed(e) ? localsWithin(b, node)[0] : undefined;
      if (misparsed) return { kind: 'decl', loc, items: [{ kind: 'local', decl: misparsed.decl, init: writtenInitialiser(b, misparsedParts(e)?.init) }] };
      return { kind: 'expr', loc, value: fullExpr(b, e, true) };
    }
    case 'declaration':
      return declarationStmt(b, node);
    case 'if_statement': {
      const alt = node.childForFieldName('alternative');
      const otherwise = alt && (alt.type === 'else_clause' ? alt.namedChildren.find((c) => c.type !== 'comment') : alt);
      return { kind: 'if', loc, cond: condition(b, node.childForFieldName('condition'), node), then: child(b, node.childForFieldName('consequence'), node), ...(otherwise ? { otherwise: statement(b, otherwise) } : {}) };
    }
    case 'while_statement':
      return { kind: 'while', loc, cond: condition(b, node.childForFieldName('condition'), node), body: child(b, node.childForFieldName('body'), node) };
    case 'do_statement':
      return { kind: 'do', loc, body: child(b, node.childForFieldName('body'), node), cond: condition(b, node.childForFieldName('condition'), node) };
    case 'for_statement': {
      const init = node.childForFieldName('initializer');
      const cond = node.childForFieldName('condition');
      const update = node.childForFieldName('update');
      return {
        kind: 'for',
        loc,
        ...(init ? { init: init.type === 'declaration' ? declarationStmt(b, init) : { kind: 'expr' as const, loc: locOfNode(b, init), value: fullExpr(b, init, true) } } : {}),
        ...(cond ? { cond: condition(b, cond, node) } : {}),
        ...(update ? { update: fullExpr(b, update, true) } : {}),
        body: child(b, node.childForFieldName('body'), node),
      };
    }
    case 'switch_statement': {
      const body = child(b, node.childForFieldName('body'), node);
      const cond = condition(b, node.childForFieldName('condition'), node);
      const conversion = conversionOf(cond);
      return { kind: 'switch', loc, cond, body, cases: casesOf(body), ...(conversion ? { conversion } : {}) };
    }
    case 'case_statement': {
      const v = node.childForFieldName('value');
      const value = v ? fullExpr(b, v, false) : undefined;
      const constant = value?.expr ? constantValue(value.expr) : undefined;
      return { kind: 'case', loc, ...(value ? { value } : {}), ...(constant !== undefined ? { constant } : {}), body: statements(b, node.namedChildren.filter((s) => s !== v)) };
    }
    case 'labeled_statement': {
      const label = node.childForFieldName('label') ?? node.namedChild(0);
      return { kind: 'label', loc, name: label?.text ?? '', body: statements(b, node.namedChildren.filter((s) => s !== label)) };
    }
    case 'goto_statement': {
      const label = (node.childForFieldName('label') ?? node.namedChild(0))?.text;
      return { kind: 'goto', loc, ...(label ? { label } : {}) };
    }
    case 'break_statement':
      return { kind: 'break', loc };
    case 'continue_statement':
      return { kind: 'continue', loc };
    case 'return_statement': {
      const value = node.namedChildren.find((c) => c.type !== 'comment');
      return { kind: 'return', loc, ...(value ? { value: fullExpr(b, value, true) } : {}) };
    }
    case 'for_range_loop': {
      const loop = b.body.rangeFors.find((l) => l.loc.start === node.startIndex && l.loc.end === node.endIndex);
      const right = node.childForFieldName('right');
      const declarator = node.childForFieldName('declarator');
      const rejected = right ? rejectedIn(b, right) : undefined;
      return {
        kind: 'range-for',
        loc,
        ...(loop ? { loop } : {}),
        range: { loc: right ? locOfNode(b, right) : loc, ...(rejected ? { rejected } : {}) },
        ...(declarator ? { declarator: locOfNode(b, declarator) } : {}),
        body: child(b, node.childForFieldName('body'), node),
      };
    }
    default:
      if (EMPTY.has(node.type)) return { kind: 'empty', loc };
      if (node.type.endsWith('_expression') || node.type === 'identifier') return { kind: 'expr', loc, value: fullExpr(b, node, true) };
      return { kind: 'unsupported', loc, what: node.type.replace(/_/g, ' ') };
  }
}

/**
 * A condition (an expression or a declaration, inside a condition clause or parentheses) with its
 * init-statement (`if (int n = f(); n > 2)`); without one in the syntax, an empty condition at `parent`.
 */
function condition(b: TreeBuilder, cond: Node | null, parent: Node): Condition {
  if (!cond) return { loc: locOfNode(b, parent), init: [] };
  const loc = locOfNode(b, cond);
  const initNode = cond.type === 'condition_clause' ? cond.childForFieldName('initializer') : null;
  const init = initNode ? statements(b, initNode.namedChildren) : [];
  const inner = cond.type === 'condition_clause' || cond.type === 'parenthesized_expression' ? (cond.childForFieldName('value') ?? cond.namedChildren.find((c) => c !== initNode)) : cond;
  if (!inner) return { loc, init };
  if (inner.type === 'declaration') return { loc, init, decl: { stmt: declarationStmt(b, inner), variable: localsWithin(b, inner)[0]?.decl } };
  return { loc, init, value: fullExpr(b, inner, true) };
}

/** The case and default labels of a switch's body, in order: not those of a nested switch. */
function casesOf(body: Stmt): CaseStmt[] {
  const out: CaseStmt[] = [];
  const walk = (s: Stmt | undefined): void => {
    if (!s) return;
    switch (s.kind) {
      case 'case':
        out.push(s);
        s.body.forEach(walk);
        return;
      case 'block':
      case 'label':
        s.body.forEach(walk);
        return;
      case 'if':
        walk(s.then);
        walk(s.otherwise);
        return;
      case 'while':
      case 'do':
      case 'for':
      case 'range-for':
        walk(s.body);
        return;
      default:
        return;
    }
  };
  walk(body);
  return out;
}

/** The conversion function a switch on a class value goes through (its condition's value or declared variable). */
function conversionOf(cond: Condition): FunctionDecl | undefined {
  const t = cond.value?.expr?.type ?? cond.decl?.variable?.type;
  const u = t && unqualified(nonReference(t));
  return u?.kind === 'class' ? switchConversion(u.decl) : undefined;
}
