// The position query behind hovers: the innermost expression or declaration at a place in a user's
// file, with its type, value category, constant value and the layout of its type on the target. The
// expressions and declarations are found by their spans in the typed tree (the analysed bodies' typed
// expressions, their parameters and locals, the scopes' declarations), as the checks find theirs; only
// a type specifier (`torch::Tensor` in `torch::Tensor t = …`) is found in the syntax tree, because the
// model records the declared entity's type but not where its specifier is written.

import type { SourceRange } from '../diagnostics';
import type { SyntaxNode } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import { functionType, Loc, type Decl, type FunctionDecl, type Scope, type Unit } from '../model/declarations';
import type { Expr, ValueCategory } from '../model/expressions';
import { classLayout, sizeAlignOf, type ClassLayout } from '../model/layout';
import type { FunctionBody } from '../model/bodies';
import { definitionToken, referenceSpans, referenceTarget, TYPE_KINDS } from './name-references';
import { typeOfDecl } from './type-syntax';
import { nonReference, typeToString, unqualified, type Type } from '../model/types';

export interface NodeInfo {
  /** What was found: an expression, a declaration (its name), or the type named by a type specifier. */
  kind: 'expression' | 'declaration' | 'type';
  /** The span of the expression, declared name or type specifier in the user's file. */
  range: SourceRange;
  /** The source text of what was found (the unit's text of that span). */
  text: string;
  expr?: Expr;
  /** The declaration declared here, the one the expression names or calls, or the class or enum a type specifier names. */
  decl?: Decl;
  type?: Type;
  /** The type as the C++ source would spell it. */
  typeText?: string;
  valueCategory?: ValueCategory;
  /** The value of a constant expression or constant. */
  value?: number;
  /** Size and alignment of the type (through references) on the target, and a class's member offsets. */
  layout?: { size: number; align: number; class?: ClassLayout };
}

/** Per-unit indexes of the analysed expressions and declarations, built on first query. */
export class PositionIndex {
  private readonly exprs = new Map<Unit, Map<string, Expr>>();
  private readonly decls = new Map<Unit, Map<string, Decl>>();
  private readonly located = new Map<Unit, [Span, Decl][]>();

  constructor(
    private readonly analyzer: Analyzer,
    private readonly units: readonly Unit[],
  ) {}

  /** The innermost expression or declaration at 0-based `line`/`column` of `file`. */
  nodeAt(file: string, line: number, column: number): NodeInfo | undefined {
    for (const unit of this.units) {
      const offset = unit.map.locate?.(file, line, column, unit.text.length);
      if (offset === undefined) continue;
      const found = this.infoAt(unit, offset);
      if (found) return found;
    }
    return undefined;
  }

  /** The places in the user's files that name `decl` (name-references.ts), in file order, each once; undefined
   *  for a declaration whose references are not found (referenceTarget). */
  references(decl: Decl): SourceRange[] | undefined {
    const target = referenceTarget(decl);
    if (!target) return undefined;
    // a type is found by its name in the syntax: one of the user's files whose name nothing else has
    if (TYPE_KINDS.has(target.kind) && (!('loc' in target) || !target.loc || target.loc.unit.system || !this.namesOnly(target))) return undefined;
    const out: SourceRange[] = [];
    for (const unit of this.units) {
      if (unit.system) continue;
      const exprs: Expr[] = [];
      for (const body of this.bodiesIn(unit)) for (const e of body.fullExpressions) everyExpr(e, exprs);
      for (const s of referenceSpans(unit, target, this.declLocs(unit), exprs)) out.push(unit.map.range(s.start, s.end));
    }
    // a macro's argument used twice in its expansion names one place of the file twice
    const key = (r: SourceRange) => `${r.file}:${r.start.line}:${r.start.column}:${r.end.line}:${r.end.column}`;
    return [...new Map(out.map((r) => [key(r), r])).values()];
  }

  /** Whether `target`'s name names nothing else: no other declaration of the user's files (locals and
   *  parameters included) nor of any namespace or class of the program (the SDK's included) has it. */
  private namesOnly(target: Decl): boolean {
    const name = 'name' in target ? target.name : '';
    const other = (d: Decl) => d !== target && !(d.kind === 'function' && d.owner === target && (d.role === 'constructor' || d.role === 'destructor'));
    for (const unit of this.units) for (const d of this.declIndex(unit).values()) if ('name' in d && d.name === name && other(d)) return false;
    const seen = new Set<Scope>();
    const visit = (scope: Scope): boolean => {
      if (seen.has(scope)) return true;
      seen.add(scope);
      if (scope.own(name).some(other)) return false;
      for (const list of scope.members.values()) for (const d of list) if ((d.kind === 'namespace' || d.kind === 'class') && !visit(d.scope)) return false;
      return !scope.underlying || visit(scope.underlying);
    };
    return visit(this.analyzer.global);
  }

  /** The innermost typed expression or declaration whose span holds `offset` (an expression before a
   *  declaration of the same span), or the type specifier around it when that lies inside. */
  private infoAt(unit: Unit, offset: number): NodeInfo | undefined {
    const e = innermost([...this.exprIndex(unit).values()].map((x): [Span, Expr] => [x.loc, x]), offset);
    const d = innermost(this.declLocs(unit), offset);
    const useExpr = !!e && (!d || length(e[0]) <= length(d[0]));
    const found = useExpr ? e : d;
    const spec = this.typeSpecifierAt(unit, offset, found ? length(found[0]) : Infinity);
    if (spec) return this.describe(unit, spec.start, spec.end, 'type', spec.type, { decl: namedType(spec.type) });
    if (useExpr && e) {
      const [at, x] = e;
      return this.describe(unit, at.start, at.end, 'expression', x.type, { expr: x, decl: x.callee ?? x.decl, valueCategory: x.cat, value: x.value });
    }
    if (!d) return undefined;
    const [at, decl] = d;
    return this.describe(unit, at.start, at.end, 'declaration', declType(decl), { decl, value: decl.kind === 'var' || decl.kind === 'enumerator' ? decl.value : undefined });
  }

  /** The innermost type specifier around `offset` shorter than `within` characters whose declaration's entity is known. */
  private typeSpecifierAt(unit: Unit, offset: number, within: number): { start: number; end: number; type: Type } | undefined {
    const decls = this.declIndex(unit);
    for (let n: SyntaxNode | null = unit.root.descendantAt(offset); n && n.endIndex - n.startIndex < within; n = n.parent) {
      const t = this.typeSpecifierType(n, decls);
      if (t) return { start: n.startIndex, end: n.endIndex, type: t };
    }
    return undefined;
  }

  /** A type specifier of a declaration whose declared entity is known: the type it names. */
  private typeSpecifierType(n: SyntaxNode, decls: Map<string, Decl>): Type | undefined {
    if (n.fieldName !== 'type' || !n.parent) return undefined;
    const owner = n.parent;
    const declarators = [...owner.childrenForFieldName('declarator')];
    for (const d of declarators) {
      const name = declaredName(d);
      const decl = name ? decls.get(`${name.startIndex}:${name.endIndex}`) : undefined;
      const t = decl && declType(decl);
      if (t) return unqualified(baseType(decl.kind === 'function' && t.kind === 'function' ? t.ret : t));
    }
    return undefined;
  }

  private describe(unit: Unit, start: number, end: number, kind: NodeInfo['kind'], type: Type | undefined, extra: Partial<NodeInfo>): NodeInfo {
    const info: NodeInfo = { kind, range: unit.map.range(start, end), text: unit.text.slice(start, end), ...extra };
    if (type && type.kind !== 'error') {
      info.type = type;
      info.typeText = typeToString(type);
      info.layout = this.analyzer.collecting([], () => this.analyzer.run(() => layoutOf(type)));
    }
    return info;
  }

  private exprIndex(unit: Unit): Map<string, Expr> {
    let m = this.exprs.get(unit);
    if (m) return m;
    m = new Map();
    for (const body of this.bodiesIn(unit)) for (const e of body.fullExpressions) indexExpr(e, unit, m);
    this.exprs.set(unit, m);
    return m;
  }

  /** The declarations of `unit` with the places they are declared at. */
  private declLocs(unit: Unit): [Span, Decl][] {
    let list = this.located.get(unit);
    if (!list) {
      list = [...this.declIndex(unit)].map(([key, d]): [Span, Decl] => {
        const [start, end] = key.split(':').map(Number);
        return [{ start, end }, d];
      });
      this.located.set(unit, list);
    }
    return list;
  }

  private declIndex(unit: Unit): Map<string, Decl> {
    let m = this.decls.get(unit);
    if (m) return m;
    m = new Map();
    const add = (d: Decl, loc: Loc | undefined) => {
      if (loc && loc.unit === unit && !m!.has(`${loc.start}:${loc.end}`)) m!.set(`${loc.start}:${loc.end}`, d);
    };
    for (const body of this.bodiesIn(unit)) {
      for (const p of body.params) add(p, p.loc);
      for (const l of body.locals) add(l.decl, l.decl.loc);
    }
    collectScope(this.analyzer.global, add, new Set());
    // a function defined after its declaration: the definition's name too
    for (const fn of [...this.analyzer.userFunctions, ...this.analyzer.pendingBodies]) {
      const at = fn.body?.unit === unit ? definitionToken(fn, unit) : undefined;
      if (at) add(fn, new Loc(unit, at.start, at.end));
    }
    this.decls.set(unit, m);
    return m;
  }

  /** The analysed bodies in `unit`; a template's generic analysis (parameters bound to nothing) after its instances'. */
  private bodiesIn(unit: Unit): FunctionBody[] {
    const out: FunctionBody[] = [];
    const generic: FunctionBody[] = [];
    for (const fn of this.analyzer.pendingBodies) if (fn.analysed && fn.body?.unit === unit) (fn.generic ? generic : out).push(fn.analysed);
    for (const fn of this.analyzer.userFunctions) if (fn.analysed && fn.body?.unit === unit && !out.includes(fn.analysed)) out.push(fn.analysed);
    return [...out, ...generic];
  }
}

/** The class or enum a type specifier names (not through a typedef: the alias's declaration is not kept). */
function namedType(t: Type): Decl | undefined {
  return (t.kind === 'class' || t.kind === 'enum') && !t.alias ? t.decl : undefined;
}

/** A stretch of a unit's text. */
type Span = { readonly start: number; readonly end: number };

function length(loc: Span): number {
  return loc.end - loc.start;
}

/** Of `items` (each located), the one with the shortest span holding `offset` (the first of equal ones). */
function innermost<T>(items: Iterable<[Span, T]>, offset: number): [Span, T] | undefined {
  let best: [Span, T] | undefined;
  for (const x of items) {
    const l = x[0];
    if (l.start <= offset && offset < l.end && (!best || length(l) < length(best[0]))) best = x;
  }
  return best;
}

/** `e` and every expression under it, appended to `out`. */
function everyExpr(e: Expr, out: Expr[]): void {
  out.push(e);
  if (e.object && !(e.operands ?? []).includes(e.object)) everyExpr(e.object, out);
  for (const o of e.operands ?? []) everyExpr(o, out);
  for (const x of e.list ?? []) everyExpr(x, out);
}

/** Expressions the source does not spell (an implicit conversion shares its operand's span). */
const IMPLICIT = new Set(['user-conversion', 'implicit-this']);

/** Every expression under `e` by span (the outermost one the source spells, when several share one). */
function indexExpr(e: Expr, unit: Unit, m: Map<string, Expr>): void {
  if (e.loc.unit === unit && !IMPLICIT.has(e.kind)) {
    const key = `${e.loc.start}:${e.loc.end}`;
    if (!m.has(key)) m.set(key, e);
  }
  if (e.object) indexExpr(e.object, unit, m);
  for (const o of e.operands ?? []) indexExpr(o, unit, m);
  for (const x of e.list ?? []) indexExpr(x, unit, m);
}

/** The declarations of a layer's own scopes (namespaces, classes, enums), with their locations. */
function collectScope(scope: Scope, add: (d: Decl, loc: Loc | undefined) => void, seen: Set<Scope>): void {
  if (seen.has(scope)) return;
  seen.add(scope);
  for (const list of scope.members.values()) {
    for (const d of list) {
      if (d.kind === 'template-binding') continue;
      add(d, d.loc);
      if (d.kind === 'namespace' || d.kind === 'class' || d.kind === 'enum') collectScope(d.scope, add, seen);
    }
  }
}

const NAME_TYPES = new Set(['identifier', 'field_identifier', 'operator_name', 'destructor_name', 'qualified_identifier']);

/** The name a declarator declares (through pointer, reference, array and function declarators). */
function declaredName(d: SyntaxNode): SyntaxNode | undefined {
  for (let n: SyntaxNode | undefined = d; n; ) {
    if (NAME_TYPES.has(n.type)) return n.type === 'qualified_identifier' ? (n.childForFieldName('name') ?? n) : n;
    n = n.childForFieldName('declarator') ?? n.namedChildren.find((c) => NAME_TYPES.has(c.type) || c.type.endsWith('declarator'));
  }
  return undefined;
}

function declType(d: Decl): Type | undefined {
  switch (d.kind) {
    case 'var':
    case 'field':
      return d.type;
    case 'function':
      return functionType(d as FunctionDecl);
    case 'enumerator':
      return { kind: 'enum', decl: d.enumDecl };
    default:
      return typeOfDecl(d);
  }
}

/** The type a declaration's specifier names: without the declarator's references, pointers and arrays. */
function baseType(t: Type): Type {
  switch (t.kind) {
    case 'reference': return baseType(t.referee);
    case 'pointer': return baseType(t.pointee);
    case 'array': return baseType(t.element);
    default: return t;
  }
}

function layoutOf(t: Type): NodeInfo['layout'] {
  const u = nonReference(t);
  if (u.kind === 'function') return undefined;
  const sa = sizeAlignOf(u);
  if (!sa) return undefined;
  return u.kind === 'class' ? { size: sa.size, align: sa.align, class: classLayout(u.decl) } : { size: sa.size, align: sa.align };
}
