// The statement tree's leaves (language/model/statements.ts), built from the syntax once the body is
// analysed: full-expressions with their analysed Expr (found by span among the body's full-expressions),
// the constructs in them the compiler rejects, initialisers as written, and declaration statements with
// what each declarator declares (a local, a static local, a structured binding). statements-build.ts
// walks the statements and calls these.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { Loc, type Unit } from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { FunctionBody, LocalObject, StructuredBinding } from '../model/bodies';
import type { DeclStmt, Declared, FullExpr, RejectedConstruct, RejectedConstructKind, WrittenInitialiser } from '../model/statements';
import { bindingInitialiser } from './bindings';

/** What the tree's builder works from: the body, its unit, and its full-expressions by span. */
export interface TreeBuilder {
  readonly unit: Unit;
  readonly body: FunctionBody;
  readonly exprs: Map<string, Expr>;
}

export function treeBuilder(unit: Unit, body: FunctionBody): TreeBuilder {
  const exprs = new Map<string, Expr>();
  for (const e of body.fullExpressions) exprs.set(`${e.loc.start}:${e.loc.end}`, e);
  return { unit, body, exprs };
}

export function locOfNode(b: TreeBuilder, node: Node): Loc {
  return new Loc(b.unit, node.startIndex, node.endIndex);
}

/** The analysed expression whose span is exactly the node's. */
export function exprOf(b: TreeBuilder, node: Node): Expr | undefined {
  return b.exprs.get(`${node.startIndex}:${node.endIndex}`);
}

/** A full-expression; `scan` looks for rejected constructs in it. */
export function fullExpr(b: TreeBuilder, node: Node, scan: boolean): FullExpr {
  const rejected = scan ? rejectedIn(b, node) : undefined;
  const x: FullExpr = { expr: exprOf(b, node), loc: locOfNode(b, node), form: node.type.replace(/_/g, ' ') };
  return rejected ? { ...x, rejected } : x;
}

// ---- rejected constructs -------------------------------------------------------------------------

const REJECTED: Record<string, RejectedConstructKind> = {
  new_expression: 'new',
  delete_expression: 'delete',
  throw_expression: 'throw',
  co_await_expression: 'co_await',
  gnu_asm_expression: 'asm',
  generic_expression: '_Generic',
};

/** Only text holding one of these words can hold a rejected construct (a cheap test before the walk). */
const REJECTED_WORDS = /new|delete|throw|co_await|asm|_Generic|dynamic_cast|typeid/;

/** The first rejected construct in `node`, in pre-order. */
export function rejectedIn(b: TreeBuilder, node: Node): RejectedConstruct | undefined {
  if (!REJECTED_WORDS.test(b.unit.text.slice(node.startIndex, node.endIndex))) return undefined;
  return walkRejected(b, node);
}

function walkRejected(b: TreeBuilder, node: Node): RejectedConstruct | undefined {
  const kind = REJECTED[node.type];
  if (kind) return { construct: kind, loc: locOfNode(b, node) };
  if (node.type === 'call_expression') {
    const callee = node.childForFieldName('function');
    const text = callee?.text;
    if (text === 'dynamic_cast' || text?.startsWith('dynamic_cast<')) return { construct: 'dynamic_cast', loc: locOfNode(b, node) };
    if (text === 'typeid') return { construct: 'typeid', loc: locOfNode(b, node) };
  }
  for (const c of node.namedChildren) {
    const r = walkRejected(b, c);
    if (r) return r;
  }
  return undefined;
}

// ---- initialisers --------------------------------------------------------------------------------

/**
 * The expression nodes of an initialiser: the arguments of `(args)`, the one expression of `= e` or
 * `{…}`, or — for `T v(x);`, which parses as a function declarator the model reads as a direct
 * initialisation — the names written as its parameter "types".
 */
function initialiserNodes(init: Node): Node[] {
  const named = init.namedChildren.filter((c) => c.type !== 'comment');
  if (init.type === 'argument_list') return named;
  if (init.type === 'parameter_list') return named.map((p) => p.childForFieldName('type') ?? p);
  return [init];
}

export function writtenInitialiser(b: TreeBuilder, init: Node | null | undefined): WrittenInitialiser | undefined {
  if (!init) return undefined;
  const form = init.type === 'argument_list' || init.type === 'parameter_list' ? 'direct' : init.type === 'initializer_list' ? 'list' : 'copy';
  const w: WrittenInitialiser = { form, args: initialiserNodes(init).map((n) => fullExpr(b, n, false)), loc: locOfNode(b, init), whole: exprOf(b, init) };
  const rejected = rejectedIn(b, init);
  return rejected ? { ...w, rejected } : w;
}

// ---- declarations --------------------------------------------------------------------------------

/** A declaration with the `static` storage class (a static local). */
export function isStaticDeclaration(node: Node): boolean {
  return node.type === 'declaration' && node.children.some((c) => c.type === 'storage_class_specifier' && c.text === 'static');
}

/** The first `static` or `thread_local` written on a declaration. */
/** `extern int n;`: a declaration that names a namespace-scope variable instead of declaring a local. */
export function isExternDeclaration(node: Node): boolean {
  return node.children.some((c) => c.type === 'storage_class_specifier' && c.text === 'extern');
}

export function writtenStorageClass(node: Node): 'static' | 'thread_local' | undefined {
  if (node.type !== 'declaration') return undefined;
  const written = node.children.find((c) => c.type === 'storage_class_specifier' && (c.text === 'static' || c.text === 'thread_local'));
  return written?.text as 'static' | 'thread_local' | undefined;
}

/** The local objects the body declares within `node`, in order. */
export function localsWithin(b: TreeBuilder, node: Node): LocalObject[] {
  return b.body.locals.filter((l) => l.decl.loc.unit === b.unit && l.decl.loc.start >= node.startIndex && l.decl.loc.end <= node.endIndex);
}

/** A declaration statement (or a condition's declaration, whose initialiser is on the declaration node). */
export function declarationStmt(b: TreeBuilder, node: Node): DeclStmt {
  const declarators = node.childrenForFieldName('declarator');
  const locals = localsWithin(b, node);
  const items: Declared[] = [];
  const statik = isStaticDeclaration(node);
  // `extern int n;` names a namespace-scope variable: nothing is declared here
  if (isExternDeclaration(node)) return { kind: 'decl', loc: locOfNode(b, node), items };
  for (const d of declarators) {
    const binding = !statik && b.body.bindings ? bindingWithin(b, d) : undefined;
    if (binding) {
      items.push({ kind: 'binding', binding, init: writtenInitialiser(b, bindingInitialiser(d) ?? (d === declarators[0] ? node.childForFieldName('value') : undefined)) });
      continue;
    }
    if (isFunctionDeclaration(d, locals)) continue;
    const local = locals.find((l) => l.decl.loc.start >= d.startIndex && l.decl.loc.end <= d.endIndex);
    if (!local) {
      items.push({ kind: 'unanalysed', loc: locOfNode(b, d) });
      continue;
    }
    // a condition's declaration (`if (int x = f())`) keeps its initialiser on the declaration node
    const init = d.type === 'init_declarator' ? d.childForFieldName('value') : (vexingInitialiser(d) ?? (!statik && d === declarators[0] ? node.childForFieldName('value') : null));
    items.push({ kind: statik ? 'static' : 'local', decl: local.decl, init: writtenInitialiser(b, init) });
  }
  return { kind: 'decl', loc: locOfNode(b, node), items };
}

/** The structured binding whose list lies within `node` (a declarator), if any. */
function bindingWithin(b: TreeBuilder, node: Node): StructuredBinding | undefined {
  return b.body.bindings?.find((x) => x.loc.unit === b.unit && x.loc.start >= node.startIndex && x.loc.end <= node.endIndex);
}

/**
 * A function declarator declares a local function, unless the model read it as `T v(x);` — a variable
 * directly initialised from names (then it recorded a local inside the declarator).
 */
function isFunctionDeclaration(d: Node, locals: LocalObject[]): boolean {
  return d.type === 'function_declarator' && !locals.some((l) => l.decl.loc.start >= d.startIndex && l.decl.loc.end <= d.endIndex);
}

/**
 * The parameter list of `T v(x);` read as a direct initialisation: only when the declarator names `v`
 * directly — `int (*fp)(int);` is a pointer to a function, without an initialiser.
 */
function vexingInitialiser(d: Node): Node | undefined {
  if (d.type !== 'function_declarator' || d.childForFieldName('declarator')?.type !== 'identifier') return undefined;
  return d.childForFieldName('parameters') ?? undefined;
}
