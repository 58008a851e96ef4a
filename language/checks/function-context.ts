// One analysed function body as the checks see it: its expressions by span, its locals with their
// initialisers and scopes, name lookup at an offset (for expressions the front-end could not type),
// and conversions from unit offsets to source ranges and text.

import type { SourceRange } from '../diagnostics';
import type { SyntaxNode } from '../parse/syntax-node';
import type { FunctionDecl, Loc, Unit, VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { FunctionBody, LocalObject } from '../model/bodies';
import { allStatements, statementPath, type Stmt, type WrittenInitialiser } from '../model/statements';
import { ExprIndex } from './expr-index';
import { nodeAt } from './syntax';

export interface Span {
  start: number;
  end: number;
}

const contexts = new WeakMap<FunctionBody, FunctionContext>();
/** The statements that are the scope of the locals they declare (a block, or the condition's or init's). */
const SCOPES = new Set<Stmt['kind']>(['block', 'for', 'range-for', 'if', 'while', 'switch']);
/** The statements whose parts run conditionally or repeatedly. */
const CONDITIONAL_STATEMENTS = new Set<Stmt['kind']>(['if', 'while', 'for', 'range-for', 'do', 'switch', 'case']);
const LINE_OPEN = '\uE000';
const LINE_CLOSE = '\uE001';
const LINE_MARK = /\uE000(\d+)\uE001/g;

export class FunctionContext {
  readonly unit: Unit;
  private exprIndex?: ExprIndex;
  private inits?: Map<VarDecl, Expr | undefined>;
  private initialised?: Map<Expr, VarDecl>;
  private written?: Map<VarDecl, WrittenInitialiser>;
  private paramDecls?: Map<string, VarDecl>;

  private constructor(
    readonly fn: FunctionDecl,
    readonly body: FunctionBody,
  ) {
    this.unit = fn.body!.unit;
  }

  /** The context of an analysed body; shared while the body is unchanged (everything in it is in unit offsets). */
  static of(fn: FunctionDecl, body: FunctionBody): FunctionContext {
    let c = contexts.get(body);
    if (!c || c.fn !== fn) contexts.set(body, (c = new FunctionContext(fn, body)));
    return c;
  }

  get index(): ExprIndex {
    return (this.exprIndex ??= new ExprIndex(this.body));
  }

  get locals(): readonly LocalObject[] {
    return this.body.locals;
  }

  /** The function body's span in the unit. */
  get span(): Span {
    const n = this.fn.body!.node;
    return { start: n.startIndex, end: n.endIndex };
  }

  local(decl: VarDecl): LocalObject | undefined {
    return this.body.locals.find((l) => l.decl === decl);
  }

  /** Where a local lives: from its name to the end of its scope (the function's end when unknown). */
  lifetimeOf(l: LocalObject): Span {
    const end = l.end === l.start ? this.span.end : l.end.end;
    return { start: l.start.start, end };
  }

  /** The expression a local is initialised with (`T x = e;`, `auto x = e;`), if the model has it. */
  initOf(decl: VarDecl): Expr | undefined {
    this.buildInits();
    return this.inits!.get(decl);
  }

  /** A local's initialiser as written in its declaration (`(args)`, `{…}`, `= e`; `T v(x);` is direct). */
  writtenInitialiserOf(decl: VarDecl): WrittenInitialiser | undefined {
    this.buildInits();
    return this.written!.get(decl);
  }

  /** The local a full initialiser expression initialises. */
  localInitialisedBy(e: Expr): VarDecl | undefined {
    this.buildInits();
    return this.initialised!.get(e);
  }

  /** The locals' initialisers from the body's typed statement tree: the expression spanning each
   *  declarator's initialiser as written (`= e`, `(args)`, `{…}`); a structured binding's is its hidden
   *  object's. */
  private buildInits(): void {
    if (this.inits) return;
    this.inits = new Map();
    this.initialised = new Map();
    this.written = new Map();
    for (const st of allStatements(this.body.statement)) {
      if (st.kind !== 'decl') continue;
      for (const item of st.items) {
        if (item.kind === 'unanalysed' || !item.init) continue;
        const decl = item.kind === 'binding' ? item.binding.object : item.decl;
        this.written.set(decl, item.init);
        const e = this.index.at(item.init.loc.start, item.init.loc.end);
        if (!e) continue;
        this.inits.set(decl, e);
        this.initialised.set(e, decl);
      }
    }
  }

  /** The statements of the body's typed tree around a place, outermost (the body's block) first. */
  statementsAround(loc: Loc | Span): Stmt[] {
    return statementPath(this.body.statement, loc.start, loc.end);
  }

  /** The innermost statement around a place (a condition's parts belong to their statement). */
  statementAround(loc: Loc | Span): Stmt | undefined {
    return this.statementsAround(loc).at(-1);
  }

  /** The statement of the typed tree that is the scope of a local: the innermost block, `for`, range-based
   *  `for`, `if`, `while` or `switch` around its declaration (a condition's variable belongs to its statement). */
  scopeOf(decl: VarDecl): Stmt | undefined {
    const path = this.statementsAround(decl.loc);
    for (let i = path.length - 1; i >= 0; i--) if (SCOPES.has(path[i].kind)) return path[i];
    return undefined;
  }

  /**
   * Whether `e` runs every time the rest of `decl`'s scope runs: no `if`, loop, switch or case label lies
   * between that scope and its statement, and no `?:`, `&&` or `||` around it in its full-expression.
   * Read from the typed tree (statements and expressions); a local without a scope (none of the
   * statements above) gives true.
   */
  runsWheneverScopeRuns(e: Expr, decl: VarDecl): boolean {
    const scope = this.scopeOf(decl);
    if (!scope) return true;
    const path = this.statementsAround(e.loc);
    const from = path.indexOf(scope);
    if (path.slice(from + 1).some((s) => CONDITIONAL_STATEMENTS.has(s.kind))) return false;
    for (let p = this.index.parent(e); p; p = this.index.parent(p)) {
      if (p.kind === 'conditional' || (p.kind === 'binary' && (p.operator === '&&' || p.operator === '||'))) return false;
    }
    return true;
  }

  /** Parameters referenced in the body, by name. */
  params(): Map<string, VarDecl> {
    if (!this.paramDecls) {
      this.paramDecls = new Map();
      for (const e of this.index.all) {
        if (e.decl?.kind === 'var' && e.decl.storage === 'param') this.paramDecls.set(e.decl.name, e.decl);
      }
    }
    return this.paramDecls;
  }

  /** The variable `name` names at `offset`: the innermost live local, else a parameter. */
  varNamed(name: string, offset: number): VarDecl | undefined {
    let best: LocalObject | undefined;
    for (const l of this.body.locals) {
      if (l.decl.name !== name || l.start.unit !== this.unit) continue;
      const life = this.lifetimeOf(l);
      if (life.start <= offset && offset <= life.end && (!best || l.start.start > best.start.start)) best = l;
    }
    return best?.decl ?? this.params().get(name);
  }

  /** The type of what `name` names at `offset`: a local or parameter (also one the body never uses). */
  typeNamed(name: string, offset: number): import('../model/types').Type | undefined {
    return this.varNamed(name, offset)?.type ?? this.fn.params.find((p) => p.name === name)?.type;
  }

  /** The end of the full-expression that contains `e` (where its temporaries die). */
  fullExpressionEnd(e: Expr): number {
    const t = this.body.temporaries.find((x) => x.expr === e);
    if (t) return t.fullExpression.end;
    let top = e;
    for (let p = this.index.parent(top); p; p = this.index.parent(p)) top = p;
    return top.loc.end;
  }

  range(start: number, end: number): SourceRange {
    return this.unit.map.range(start, end);
  }

  rangeOf(x: Loc | SyntaxNode | Span): SourceRange {
    if ('startIndex' in x) return this.range(x.startIndex, x.endIndex);
    return this.range(x.start, x.end);
  }

  text(start: number, end: number): string {
    return this.unit.text.slice(start, end);
  }

  node(start: number, end: number): SyntaxNode {
    return nodeAt(this.unit, start, end);
  }

  /** A short display of an expression's source text (one line, at most 48 characters). */
  show(e: Expr | SyntaxNode): string {
    const s = 'loc' in e ? this.text(e.loc.start, e.loc.end) : e.text;
    const one = s.replace(/\s+/g, ' ').trim();
    return one.length > 48 ? `${one.slice(0, 45)}...` : one;
  }

  /**
   * The 1-based line of an offset, for messages: a marker that resolveLines turns into the number, so
   * a message kept while its function moves (lines added above it) still names the right line.
   */
  lineOf(offset: number): string {
    return `${LINE_OPEN}${offset}${LINE_CLOSE}`;
  }

  /** Replaces the line markers in a message by line numbers, through the unit's current map. */
  resolveLines(text: string): string {
    return text.replace(LINE_MARK, (_, off: string) => String(this.range(Number(off), Number(off)).start.line + 1));
  }
}
