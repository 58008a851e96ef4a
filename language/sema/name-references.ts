// Find references, for the editor (references.ts is the hand-over's walk, another thing): where a
// unit names a declaration, each place as the span of the name token alone (what a rename replaces).
// The places are the declaration itself (and a function's definition when it is declared first), the
// typed expressions that refer to it — a name (`x`, `ns::x`), a member access (`p.v`: the `v`) — and
// the calls that invoke it by name (`f(…)`, `p.get()`, `ns::f<int>(…)`: the function's name in the
// call). A place counts only when its token spells the declaration's name, so calls that do not spell
// it (an overloaded operator, a constructor named by its class, an implicit conversion) are not
// references. A class, enum or typedef is written in type specifiers, which the typed tree does not
// hold: its places are the tokens that spell its name (typeNameSpans), which the caller asks for only
// when nothing else in the program has that name. Used by SemanticModel.references (with node-at.ts's
// indexes).

import type { SyntaxNode } from '../parse/syntax-node';
import type { Decl, FunctionDecl, Unit } from '../model/declarations';
import type { Expr } from '../model/expressions';

/** A stretch of a unit's text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The kinds of declaration whose references are found: what expressions name or call, and the types
 *  a name written as a type, a qualifier or a constructor call names (typeNameSpans). */
const REFERABLE = new Set(['var', 'field', 'function', 'function-template', 'enumerator', 'class', 'enum', 'typedef']);

/** The kinds found by their names in the syntax (the typed tree does not hold type specifiers). */
export const TYPE_KINDS = new Set(['class', 'enum', 'typedef']);

/** The declaration a query about `d` is about: a function template for one of its instances, a class
 *  for its constructor or destructor (named by the class's name); undefined for a kind whose
 *  references are not found (namespaces, templates of classes and aliases). */
export function referenceTarget(d: Decl): Decl | undefined {
  const t = d.kind === 'function' ? functionTarget(d) : d;
  if (t.kind === 'class' && t.templateInfo) return undefined;
  return REFERABLE.has(t.kind) ? t : undefined;
}

/** A function's target: its template for an instance, its class for a constructor or destructor. */
function functionTarget(f: FunctionDecl): Decl {
  if (f.templateInfo) return f.templateInfo.template;
  return f.owner && (f.role === 'constructor' || f.role === 'destructor') ? f.owner : f;
}

/** Tokens that may name a type: written as a type, as a qualifier, or called (`Cell(1)`, `~Cell`). */
const TYPE_NAME_TOKENS = new Set(['type_identifier', 'namespace_identifier', 'identifier']);

/**
 * The spans of `unit` where a type's name is written (given that the name is the type's alone in the
 * program, which the caller checks): every token that spells it, but not one qualified by another
 * scope (`ns::Cell` for a `Cell` outside `ns`), nor a member's name (a field_identifier).
 */
export function typeNameSpans(unit: Unit, name: string, qualifiedName: string): Span[] {
  const out: Span[] = [];
  const scope = qualifiedName.includes('::') ? qualifiedName.slice(0, qualifiedName.lastIndexOf('::')) : '';
  const visit = (n: SyntaxNode) => {
    if (n.childCount === 0) {
      if (TYPE_NAME_TOKENS.has(n.type) && unit.text.slice(n.startIndex, n.endIndex) === name && inScope(writtenScope(n), scope)) out.push({ start: n.startIndex, end: n.endIndex });
      return;
    }
    for (const c of n.children) visit(c);
  };
  visit(unit.root);
  return out;
}

/** Whether a name written with the qualifier `written` may name a declaration of `scope`: written
 *  alone (the name is the declaration's only one), or qualified by the scope or its innermost part. */
function inScope(written: string, scope: string): boolean {
  return written === '' || written === scope || scope.endsWith(`::${written}`);
}

/** The scope a name token is qualified by (`a::b` for `a::b::Cell`), '' when written alone. */
function writtenScope(n: SyntaxNode): string {
  const q = n.parent;
  if (q?.type !== 'qualified_identifier' || q.childForFieldName('name')?.startIndex !== n.startIndex) return '';
  const s = q.childForFieldName('scope');
  return s ? s.text.replace(/\s+/g, '') : '';
}

/** The name token of a name, member access, call or declarator node: the last identifier it names. */
export function nameToken(n: SyntaxNode | null | undefined): SyntaxNode | undefined {
  if (!n) return undefined;
  switch (n.type) {
    case 'identifier':
    case 'field_identifier':
    case 'type_identifier':
    case 'namespace_identifier':
      return n;
    case 'qualified_identifier':
    case 'template_function':
    case 'template_method':
      return nameToken(n.childForFieldName('name'));
    case 'field_expression':
      return nameToken(n.childForFieldName('field'));
    case 'call_expression':
      return nameToken(n.childForFieldName('function'));
    case 'parenthesized_expression':
      return nameToken(n.namedChild(0));
    case 'function_declarator':
    case 'pointer_declarator':
    case 'reference_declarator':
      return nameToken(n.childForFieldName('declarator') ?? n.namedChildren.find((c) => c.type.endsWith('declarator') || c.type === 'identifier'));
    default:
      return undefined;
  }
}

/** The node spanning exactly [start, end) of `unit` (the outermost of equal ones), if there is one. */
function nodeSpanning(unit: Unit, start: number, end: number): SyntaxNode | undefined {
  let found: SyntaxNode | undefined;
  for (let k: SyntaxNode | null = unit.root.descendantAt(start); k; k = k.parent) {
    if (k.startIndex === start && k.endIndex === end) found = k;
    if (k.startIndex < start || k.endIndex > end) break;
  }
  return found;
}

/** Whether `e` refers to `target` by what it names (a name or member) or calls (the function, or an
 *  instance of the function template). */
function refersTo(e: Expr, target: Decl): boolean {
  return e.decl === target || (!!e.callee && (e.callee === target || e.callee.templateInfo?.template === target));
}

/** The name token's span of an expression that refers to the target, when its text spells `name`. */
function exprToken(unit: Unit, e: Expr, name: string): Span | undefined {
  const node = nodeSpanning(unit, e.loc.start, e.loc.end);
  const token = nameToken(node);
  if (!token || unit.text.slice(token.startIndex, token.endIndex) !== name) return undefined;
  return { start: token.startIndex, end: token.endIndex };
}

/** The definition's name token of a function declared before it is defined (`int P::get() const {…}`). */
export function definitionToken(fn: FunctionDecl, unit: Unit): Span | undefined {
  const body = fn.body;
  if (!body || body.unit !== unit) return undefined;
  const definition = body.node.parent;
  const token = nameToken(definition?.childForFieldName('declarator'));
  if (!token || unit.text.slice(token.startIndex, token.endIndex) !== fn.name) return undefined;
  return { start: token.startIndex, end: token.endIndex };
}

/**
 * The spans of `unit` that name `target`: `decls` are the unit's declarations by place (their names'
 * spans), `exprs` its typed expressions (every analysed body's, templates' generic ones included).
 * Sorted, each once.
 */
export function referenceSpans(unit: Unit, target: Decl, decls: Iterable<[Span, Decl]>, exprs: Iterable<Expr>): Span[] {
  const name = 'name' in target ? target.name : undefined;
  if (!name) return [];
  if (TYPE_KINDS.has(target.kind) && 'qualifiedName' in target) return typeNameSpans(unit, name, target.qualifiedName);
  const found = new Map<string, Span>();
  const add = (s: Span | undefined) => {
    if (s) found.set(`${s.start}:${s.end}`, s);
  };
  for (const [span, d] of decls) if (d === target && unit.text.slice(span.start, span.end) === name) add(span);
  if (target.kind === 'function') add(definitionToken(target, unit));
  for (const e of exprs) if (e.loc.unit === unit && refersTo(e, target)) add(exprToken(unit, e, name));
  return [...found.values()].sort((a, b) => a.start - b.start);
}
