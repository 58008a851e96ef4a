// Variadic templates (C++11/17): template parameter packs, function parameter packs expanded into
// ordinary parameters `xs.0, xs.1, …` of each instance, pack expansions in call arguments and
// template argument lists, `sizeof...`, and fold expressions — which become the expanded typed
// expression tree, so later stages see only ordinary calls, operators and commas.
// Code without packs never reaches this module (templates.ts and the dispatch lines test `pack` or
// the node type first); error paths (an unknown name) ask it whether the name is an unexpanded pack.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import { type Ctx, locOf, withScope } from './context';
import { Loc, Scope, type FunctionTemplate, type ParamDecl, type TemplateArg, type TemplateParam, type VarDecl } from '../model/declarations';
import { errorExpr, type Expr } from '../model/expressions';
import { mk } from './make-expr';
import { builtinBinary, builtinOperand, overloadedOperator } from './operators';
import { classOf } from './conversions';
import { declaredBaseType, typeFromDescriptor } from './type-syntax';
import { BOOL, ERROR, INT, SIZE_T, VOID, pointerTo, referenceTo, unqualified, type Type } from '../model/types';
import { passes } from './passes';

/** Per binding scope of an instance: its template parameter packs and their elements. */
const templatePacks = new WeakMap<Scope, Map<string, { param: TemplateParam; elems: TemplateArg[] }>>();
/** Per declaring scope: function parameter packs and their length (-1: unknown, a generic check). */
const functionPacks = new WeakMap<Scope, Map<string, number>>();

/** A template parameter pack `typename... Ts` / `int... Ns` (undefined when `p` is not one). */
export function templateParamPack(ctx: Ctx, p: Node, index: number): TemplateParam | undefined {
  const loc = locOf(ctx, p);
  if (p.type !== 'variadic_type_parameter_declaration' && p.type !== 'variadic_parameter_declaration') return undefined;
  if (namedAfter(p)) {
    ctx.a.error(loc, 'unsupported', 'a template parameter pack that is not the last template parameter is not supported');
  }
  if (p.type === 'variadic_type_parameter_declaration') {
    const n = p.namedChildren.find((c) => c?.type === 'type_identifier');
    return { kind: 'template-param', name: n?.text ?? `$${index}`, index, isType: true, loc, pack: true };
  }
  const n = findName(p.childForFieldName('declarator'));
  return { kind: 'template-param', name: n ?? `$${index}`, index, isType: false, loc, valueType: undefined, pack: true };
}

/** The next named sibling of `p` that is not a comment. */
function namedAfter(p: Node): Node | undefined {
  const sibs = p.parent?.namedChildren ?? [];
  const i = sibs.findIndex((c) => c.startIndex === p.startIndex);
  return sibs.slice(i + 1).find((c) => c.type !== 'comment');
}

function findName(d: Node | null): string | undefined {
  if (!d) return undefined;
  if (d.type === 'identifier') return d.text;
  for (const c of d.namedChildren) {
    const n = c && findName(c);
    if (n) return n;
  }
  return undefined;
}

/** The index of the trailing pack among `params`, or -1. */
export function packIndex(params: TemplateParam[]): number {
  const last = params[params.length - 1];
  return last?.pack ? params.length - 1 : -1;
}

/**
 * Binds the pack parameter `p` to `elems` for `scope`. The name itself is not declared there: only an
 * expansion (which binds it to one element at a time) or `sizeof...` can use it.
 */
export function bindPack(scope: Scope, p: TemplateParam, elems: TemplateArg[]): void {
  let m = templatePacks.get(scope);
  if (!m) templatePacks.set(scope, (m = new Map()));
  m.set(p.name, { param: p, elems });
}

const fnPackIndex = new WeakMap<FunctionTemplate, number>();

/** The position of the function parameter pack among `t`'s parameters (-1: none, or not trailing). */
export function functionPackIndex(t: FunctionTemplate): number {
  let k = fnPackIndex.get(t);
  if (k !== undefined) return k;
  let d = t.node.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => c.type.endsWith('declarator')) ?? null;
  const list = (d?.childForFieldName('parameters')?.namedChildren ?? []).filter((c) => c && c.type !== 'comment');
  k = list.findIndex((c) => c?.type === 'variadic_parameter_declaration');
  if (k !== list.length - 1) k = -1;
  fnPackIndex.set(t, k);
  return k;
}

// ---- function parameter packs -----------------------------------------------------------------------

/** `Ts... xs` (also `const Ts&... xs`, `Ts&&... xs`): one parameter per element of the pack. */
export function expandParameterPack(ctx: Ctx, p: Node): ParamDecl[] {
  const decl = p.childForFieldName('declarator');
  const name = findName(decl) ?? '';
  const typeNode = p.childForFieldName('type');
  const packs = typeNode ? packsIn(ctx, typeNode) : undefined;
  const loc = locOf(ctx, p);
  const next = namedAfter(p);
  if (next && next.type !== 'variadic_parameter') {
    ctx.a.error(loc, 'unsupported', 'a function parameter pack that is not the last parameter is not supported');
  }
  const record = (n: number) => {
    let m = functionPacks.get(ctx.scope);
    if (!m) functionPacks.set(ctx.scope, (m = new Map()));
    if (name) m.set(name, n);
  };
  if (!packs || packs.length < 0) {
    if (!packs && typeNode?.text === 'auto') ctx.a.error(loc, 'unsupported', "a parameter pack of a generic lambda ('auto...') is not supported");
    else if (!packs) ctx.a.error(loc, 'bad-pack', 'type of a function parameter pack does not contain a template parameter pack');
    // a pattern (deduction) or a template checked at its definition: one parameter standing for the pack
    record(-1);
    return [{ name, type: packs ? paramType(ctx, p, decl) : ERROR, loc, nameLoc: decl ? locOf(ctx, decl) : undefined }];
  }
  const out: ParamDecl[] = [];
  for (let i = 0; i < packs.length; i++) {
    out.push({ name: name ? `${name}.${i}` : '', type: paramType(withScope(ctx, packs.scopeFor(i)), p, decl), loc, nameLoc: elementLoc(ctx, decl, i) });
  }
  record(packs.length);
  return out;
}

/**
 * The place of element `i` of a function parameter pack: its declarator, the end moved on by `i`
 * characters, so each expanded parameter has a place of its own (the compiler finds a captured
 * variable by its declaration's place) while line and column stay the declarator's.
 */
function elementLoc(ctx: Ctx, decl: Node | null, i: number): Loc | undefined {
  if (!decl) return undefined;
  const at = locOf(ctx, decl);
  const room = ctx.unit.text.length - at.end;
  return i <= room ? new Loc(at.unit, at.start, at.end + i) : new Loc(at.unit, Math.max(0, at.start - (i - room)), at.end + room);
}

function paramType(ctx: Ctx, p: Node, decl: Node | null): Type {
  let t = declaredBaseType(ctx, p).type;
  for (let d = decl; d && d.type !== 'variadic_declarator' && d.type !== 'identifier'; d = d.namedChildren.find((c) => c && c.type !== 'type_qualifier') ?? null) {
    if (d.type === 'reference_declarator') t = referenceTo(t, d.children.some((c) => c?.type === '&&'));
    else if (d.type === 'pointer_declarator') t = pointerTo(t);
  }
  return t;
}

// ---- the packs a pattern names ----------------------------------------------------------------------

interface Packs {
  /** The number of elements; -1 when unknown (a template checked at its definition). */
  readonly length: number;
  /** A scope naming each pack of the pattern as its element `i`. */
  scopeFor(i: number): Scope;
}

/** The packs `pattern` names (undefined: none), checked to have one length. */
function packsIn(ctx: Ctx, pattern: Node): Packs | undefined {
  const names = new Set<string>();
  collectNames(pattern, names);
  let length: number | undefined;
  const binders: ((s: Scope, i: number) => void)[] = [];
  let unknown = false;
  for (const name of names) {
    const found = packNamed(ctx, name);
    if (!found) continue;
    if (found.length < 0) {
      unknown = true;
      continue;
    }
    if (length !== undefined && length !== found.length) {
      ctx.a.error(locOf(ctx, pattern), 'bad-pack', `pack expansion contains parameter packs that have different lengths (${length} vs. ${found.length})`);
      return { length: -1, scopeFor: () => ctx.scope };
    }
    length = found.length;
    binders.push(found.bind);
  }
  if (unknown) return { length: -1, scopeFor: () => ctx.scope };
  if (length === undefined) return undefined;
  return {
    length,
    scopeFor: (i) => {
      const s = new Scope('block', ctx.scope);
      for (const b of binders) b(s, i);
      return s;
    },
  };
}

function collectNames(n: Node, out: Set<string>): void {
  if (n.type === 'identifier' || n.type === 'type_identifier') out.add(n.text);
  else if (n.type === 'parameter_pack_expansion' || n.type === 'field_identifier') return; // an inner expansion expands its own packs
  for (const c of n.namedChildren) if (c) collectNames(c, out);
}

function packNamed(ctx: Ctx, name: string): { length: number; bind: (s: Scope, i: number) => void } | undefined {
  for (let s: Scope | undefined = ctx.scope; s; s = s.parent) {
    const n = functionPacks.get(s)?.get(name);
    if (n !== undefined) {
      return { length: n, bind: (into, i) => { for (const d of ctx.a.lookup(`${name}.${i}`, ctx.scope)) into.add(name, d); } };
    }
    const t = templatePacks.get(s)?.get(name);
    if (t) return { length: t.elems.length, bind: (into, i) => into.add(name, { kind: 'template-binding', param: t.param, arg: t.elems[i] }) };
    if (s.members.get(name)?.some((d) => !(d.kind === 'var' && d.storage === 'param'))) break;
  }
  // a pattern (deduction) or a template checked at its definition: the pack stands for one unknown element
  const d = ctx.a.lookup(name, ctx.scope)[0];
  if (d?.kind !== 'template-binding' || !d.param.pack) return undefined;
  return { length: -1, bind: () => undefined };
}

/** True when `name` is a parameter pack of known length here (so named outside an expansion). */
export function isUnexpandedPack(ctx: Ctx, name: string): boolean {
  const p = packNamed(ctx, name);
  return !!p && p.length >= 0;
}

/** `[xs...]` / `[&xs...]` in a lambda's captures: each element of the function parameter pack. */
export function capturePack(ctx: Ctx, c: Node, captures: Map<VarDecl, 'ref' | 'copy'>, byRef: boolean): void {
  const pattern = c.childForFieldName('pattern');
  const found = pattern?.type === 'identifier' ? packNamed(ctx, pattern.text) : undefined;
  const ref = byRef || c.children.some((x) => x.type === '&');
  if (!pattern || !found || functionPackLength(ctx, pattern.text) === undefined) {
    ctx.a.error(locOf(ctx, c), 'bad-capture', `'${pattern?.text ?? ''}' in a capture is not a function parameter pack`);
    return;
  }
  // unknown length (a template checked at its definition): the one parameter standing for the pack
  const names = found.length < 0 ? [pattern.text] : Array.from({ length: found.length }, (_, i) => `${pattern.text}.${i}`);
  for (const n of names) {
    const v = ctx.a.lookup(n, ctx.scope).find((d): d is VarDecl => d.kind === 'var');
    if (v) captures.set(v, ref ? 'ref' : 'copy');
  }
}

function functionPackLength(ctx: Ctx, name: string): number | undefined {
  for (let s: Scope | undefined = ctx.scope; s; s = s.parent) {
    const n = functionPacks.get(s)?.get(name);
    if (n !== undefined) return n;
  }
  return undefined;
}

// ---- expansions ----------------------------------------------------------------------------------------

/** Each element of `pattern...` checked as an expression; undefined when the length is unknown. */
function expandExpressions(ctx: Ctx, pattern: Node, at: Node): Expr[] | undefined {
  const packs = packsIn(ctx, pattern);
  if (!packs) {
    ctx.a.error(locOf(ctx, at), 'bad-pack', 'pattern of a pack expansion contains no parameter pack');
    return undefined;
  }
  if (packs.length < 0) {
    passes.checkExpr(ctx, pattern);
    return undefined;
  }
  const out: Expr[] = [];
  for (let i = 0; i < packs.length; i++) out.push(passes.checkExpr(withScope(ctx, packs.scopeFor(i)), pattern));
  return out;
}

/** Call arguments with `pattern...` expanded (an error expression stands for a pack of unknown length). */
export function expandArguments(ctx: Ctx, nodes: Node[]): Expr[] {
  const out: Expr[] = [];
  for (const c of nodes) {
    if (c.type !== 'parameter_pack_expansion') {
      out.push(passes.checkExpr(ctx, c));
      continue;
    }
    const pattern = c.childForFieldName('pattern');
    const got = pattern ? expandExpressions(ctx, pattern, c) : undefined;
    if (got) out.push(...got);
    else out.push(errorExpr(locOf(ctx, c)));
  }
  return out;
}

/** `X<Ts...>`: the elements of a pack expansion in a template argument list (undefined: unknown). */
export function expandTemplateArguments(ctx: Ctx, c: Node): TemplateArg[] | undefined {
  const pattern = c.childForFieldName('pattern');
  const packs = pattern ? packsIn(ctx, pattern) : undefined;
  if (!pattern || !packs) {
    ctx.a.error(locOf(ctx, c), 'bad-pack', 'pattern of a pack expansion contains no parameter pack');
    return undefined;
  }
  if (packs.length < 0) return undefined;
  const out: TemplateArg[] = [];
  for (let i = 0; i < packs.length; i++) {
    const ictx = withScope(ctx, packs.scopeFor(i));
    if (pattern.type === 'type_descriptor') {
      const t = typeFromDescriptor(ictx, pattern);
      if (t.kind === 'error') return undefined;
      out.push({ kind: 'type', type: t });
      continue;
    }
    const x = passes.checkExpr(ictx, pattern);
    if (x.value === undefined) return undefined;
    out.push({ kind: 'value', value: x.value, valueType: x.type });
  }
  return out;
}

/** `pattern...` where it is not supported (a brace-enclosed list, an initialiser). */
export function unsupportedExpansion(ctx: Ctx, node: Node): Expr {
  const loc = locOf(ctx, node);
  const where = node.parent?.type === 'initializer_list' ? 'in a brace-enclosed initializer list ' : 'here ';
  ctx.a.error(loc, 'unsupported', `pack expansion ${where}is not supported (only in call arguments and template argument lists)`);
  return errorExpr(loc);
}

/** `sizeof...(xs)` / `sizeof...(Ts)`: the number of elements, a `size_t` constant. */
export function sizeofPack(ctx: Ctx, node: Node): Expr {
  const loc = locOf(ctx, node);
  const v = node.childForFieldName('value');
  const name = v?.type === 'parenthesized_expression' ? v.namedChild(0) : v;
  const found = name ? packNamed(ctx, name.text) : undefined;
  if (!found) {
    ctx.a.error(name ? locOf(ctx, name) : loc, 'bad-pack', `'${name?.text ?? ''}' does not refer to the name of a parameter pack`);
    return errorExpr(loc);
  }
  if (found.length < 0) return errorExpr(loc);
  return mk('sizeof_expression', SIZE_T, 'prvalue', loc, { value: found.length });
}

/** A fold expression: `(xs op ...)`, `(... op xs)`, `(xs op ... op init)`, `(init op ... op xs)`. */
export function foldExpr(ctx: Ctx, node: Node): Expr {
  const loc = locOf(ctx, node);
  const op = node.children.find((c) => c && !c.isNamed && c.type !== '(' && c.type !== ')' && c.type !== '...')?.type ?? '';
  const operand = (f: string) => {
    const c = node.childForFieldName(f);
    return c && c.type !== '...' ? c : null;
  };
  const l = operand('left');
  const r = operand('right');
  if (ASSIGNING.has(op)) {
    ctx.a.error(loc, 'unsupported', `fold expressions over '${op}' are not supported`);
    return errorExpr(loc);
  }
  const leftIsPack = !!l && (!r || !!packsIn(ctx, l));
  const pattern = leftIsPack ? l : r;
  const init = leftIsPack ? r : l;
  if (!pattern) return errorExpr(loc);
  const elems = expandExpressions(ctx, pattern, node);
  const initExpr = init ? passes.checkExpr(ctx, init) : undefined;
  if (!elems) return errorExpr(loc);
  const all = leftIsPack ? [...elems, ...(initExpr ? [initExpr] : [])] : [...(initExpr ? [initExpr] : []), ...elems];
  if (all.length === 0) return emptyFold(ctx, op, loc);
  if (all.length === 1) return relocated(ctx, all[0], loc);
  if (leftIsPack) {
    let acc = all[all.length - 1];
    for (let i = all.length - 2; i >= 0; i--) acc = combine(ctx, op, all[i], acc, loc);
    return { ...acc, loc };
  }
  let acc = all[0];
  for (let i = 1; i < all.length; i++) acc = combine(ctx, op, acc, all[i], loc);
  return { ...acc, loc };
}

/** A lone operand as the fold's value, at the fold's place (a literal, read from its text, keeps its own). */
function relocated(ctx: Ctx, e: Expr, loc: Expr['loc']): Expr {
  if (e.kind === 'number_literal' || e.kind === 'string_literal' || e.kind === 'concatenated_string' || e.kind === 'raw_string_literal') return passes.castTo(ctx, e.type, e, loc, 'functional');
  return { ...e, loc };
}

const ASSIGNING = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=', '>>=', '->*', '.*']);

function emptyFold(ctx: Ctx, op: string, loc: Expr['loc']): Expr {
  if (op === '&&') return mk('true', BOOL, 'prvalue', loc, { value: 1 });
  if (op === '||') return mk('false', BOOL, 'prvalue', loc, { value: 0 });
  if (op === ',') return passes.castTo(ctx, VOID, mk('number_literal', INT, 'prvalue', loc, { value: 0 }), loc, 'c-style');
  ctx.a.error(loc, 'bad-pack', `unary fold expression over '${op}' has an empty expansion`);
  return errorExpr(loc);
}

function combine(ctx: Ctx, op: string, l: Expr, r: Expr, loc: Expr['loc']): Expr {
  if (l.type.kind === 'error' || r.type.kind === 'error') return errorExpr(loc);
  const userTypes = classOf(l.type) || classOf(r.type) || unqualified(l.type).kind === 'enum' || unqualified(r.type).kind === 'enum';
  if (userTypes) {
    const o = overloadedOperator(ctx, op, [l, r], loc, true);
    if (o) return o;
  }
  if (op === ',') return mk('comma', r.type, r.cat, loc, { operands: [l, r], temporary: r.temporary });
  return builtinBinary(ctx, op, builtinOperand(ctx, l), builtinOperand(ctx, r), loc);
}
