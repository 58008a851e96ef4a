// Initialisers that live outside function bodies, analysed on demand (only the compiler asks): a
// parameter's default argument (in the scope of the function's declaration), a default member
// initialiser (in the class's scope, with `this` the object being built) and the initialiser of a
// namespace-scope variable or static data member. Each is checked as a full-expression of its own:
// the conversions its context applies are recorded on the expressions as for a body, so the compiler
// lowers them with the code it uses for bodies. Results are cached per declaration.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer, Report } from './analyzer';
import type { Ctx } from './context';
import { Loc, type FieldDecl, type FunctionDecl, type Scope, type Unit, type VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { passes } from './passes';

/** An initialiser as written: `= e` (copy), `(a, b)` (direct) or `{…}` (list), with its analysed values. */
export interface Initialiser {
  readonly form: 'copy' | 'direct' | 'list';
  /** One expression for copy and list forms (a list is an Expr with `list`), the arguments for direct. */
  readonly args: Expr[];
  readonly loc: Loc;
  /** Errors found in it (the front-end checks these initialisers only when asked). */
  readonly errors: readonly Report[];
}

const argumentCache = new WeakMap<FunctionDecl, Map<number, Initialiser | undefined>>();
const memberCache = new WeakMap<FieldDecl, Initialiser | undefined>();
const variableCache = new WeakMap<VarDecl, Map<string, Initialiser | undefined>>();

/** The default argument of parameter `index` of `fn`, converted to the parameter's type; undefined without one. */
export function defaultArgument(a: Analyzer, fn: FunctionDecl, index: number): Initialiser | undefined {
  let perFn = argumentCache.get(fn);
  if (!perFn) argumentCache.set(fn, (perFn = new Map()));
  if (perFn.has(index)) return perFn.get(index);
  const p = fn.params[index];
  let r: Initialiser | undefined;
  if (p?.defaultNode) {
    const scope = fn.body?.scope ?? fn.owner?.scope ?? declaringScope(a.global, fn) ?? a.global;
    const node = bracedDefault(p.defaultNode);
    r = analyse({ a, unit: p.loc.unit, scope }, p.type, node, node.type === 'initializer_list' ? 'list' : 'copy');
  }
  perFn.set(index, r);
  return r;
}

/**
 * tree-sitter-cpp reads a braced default argument (`W w = {}`, `int k = {1}`) as a compound literal
 * whose type is MISSING (the parse reports no error for it: language/parse/syntax-errors.ts): its list.
 */
function bracedDefault(node: Node): Node {
  const type = node.type === 'compound_literal_expression' ? node.childForFieldName('type') : null;
  return (type?.isMissing && node.childForFieldName('value')) || node;
}

/** The default member initialiser of `fd` (`int n = f();`, `Foo g{1, 2};`); undefined without one. */
export function memberInitialiser(a: Analyzer, fd: FieldDecl): Initialiser | undefined {
  if (memberCache.has(fd)) return memberCache.get(fd);
  const node = memberInitialiserNode(fd);
  let r: Initialiser | undefined;
  if (node) {
    const ctx: Ctx = { a, unit: fd.loc.unit, scope: fd.owner.scope };
    r = analyse(ctx, fd.type, node, node.type === 'initializer_list' ? 'list' : 'copy');
  }
  memberCache.set(fd, r);
  return r;
}

/**
 * The initialiser `init` of the namespace-scope variable or static data member `v` (the value of its
 * init-declarator: an expression, an argument list or a brace list), analysed in the scope that
 * declares `v` (a static data member: its class). `copyForm` tells `= {…}` from `{…}`.
 */
export function variableInitialiser(a: Analyzer, v: VarDecl, init: Node, unit: Unit): Initialiser {
  let perVar = variableCache.get(v);
  if (!perVar) variableCache.set(v, (perVar = new Map()));
  const key = `${init.startIndex}:${init.endIndex}`;
  const known = perVar.get(key);
  if (known) return known;
  const scope = v.owner?.scope ?? declaringScope(a.global, v) ?? a.global;
  const ctx: Ctx = { a, unit, scope };
  const form = init.type === 'argument_list' ? 'direct' : init.type === 'initializer_list' && !hasEqualsBefore(init) ? 'list' : 'copy';
  const r = analyse(ctx, v.type, init, form);
  perVar.set(key, r);
  return r;
}

function analyse(ctx: Ctx, type: VarDecl['type'], node: Node, form: Initialiser['form']): Initialiser {
  const reports: Report[] = [];
  const nodes = form === 'direct' ? node.namedChildren.filter((c) => c.type !== 'comment') : [node];
  const loc = Loc.of(ctx.unit, node);
  const args = ctx.a.collecting(reports, () => {
    const checked = nodes.length === 1 ? [passes.checkConverted(ctx, nodes[0], type)] : nodes.map((n) => passes.checkExpr(ctx, n));
    if (type.kind !== 'error') passes.initialise(ctx, type, checked, checked[0]?.loc ?? loc, form);
    return checked;
  });
  return { form, args, loc, errors: reports.filter((r) => r.severity === 'error') };
}

/** `T v = {…}` (copy-list-initialisation) rather than `T v{…}`. */
function hasEqualsBefore(init: Node): boolean {
  const parent = init.parent;
  return !!parent && parent.children.some((c) => c.type === '=' && c.endIndex <= init.startIndex);
}

/** The field has a default member initialiser. */
export function hasMemberInitialiser(fd: FieldDecl): boolean {
  return memberInitialiserNode(fd) !== undefined;
}

/** The `= e` or `{…}` after the declarator of `fd` in its field declaration. */
function memberInitialiserNode(fd: FieldDecl): Node | undefined {
  let n: Node | null | undefined = smallestAt(fd.loc.unit.root, fd.loc.start, fd.loc.end);
  while (n && n.type !== 'field_declaration') n = n.parent;
  if (!n) return undefined;
  let mine = false;
  for (const c of n.children) {
    if (c.fieldName === 'declarator') mine = c.startIndex <= fd.loc.start && fd.loc.end <= c.endIndex;
    else if (mine && c.fieldName === 'default_value') return c;
  }
  return undefined;
}

export function smallestAt(root: Node, start: number, end: number): Node | undefined {
  if (root.startIndex > start || root.endIndex < end) return undefined;
  for (const c of root.children) {
    const n = smallestAt(c, start, end);
    if (n) return n;
  }
  return root;
}

/**
 * The namespace scope (searched from `root`, and through the layers under it) that declares `d`: the
 * one its qualified name names, not one that only brings it in by a using-declaration (`using
 * c10::kFloat;`); failing that, any whose members include it.
 */
function declaringScope(root: Scope, d: FunctionDecl | VarDecl): Scope | undefined {
  return findScope(root, d, new Set(), true) ?? findScope(root, d, new Set(), false);
}

function findScope(root: Scope, d: FunctionDecl | VarDecl, seen: Set<Scope>, byName: boolean): Scope | undefined {
  if (seen.has(root)) return undefined;
  seen.add(root);
  const own = root.members.get(d.name);
  if (own?.includes(d) && (!byName || namespacePrefix(root) + d.name === d.qualifiedName)) return root;
  for (const ds of root.members.values()) {
    for (const x of ds) {
      if (x.kind !== 'namespace') continue;
      const s = findScope(x.scope, d, seen, byName);
      if (s) return s;
    }
  }
  // a scope reopened over a cached layer (user code over the SDK headers): the layer below
  return root.underlying && findScope(root.underlying, d, seen, byName);
}

function namespacePrefix(s: Scope): string {
  return s.owner?.kind === 'namespace' ? `${s.owner.qualifiedName}::` : '';
}
