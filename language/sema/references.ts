// What the model's data names, walked by type: the functions, variables, data members and classes an
// analysed body, a typed expression or statement, a type or a closure refers to, reported to a
// `ReferenceSink`. The hand-over (hand-over.ts) completes what this reports. FIELD_ROLES lists every
// field of the walked interfaces as walked or inert, typed against the interfaces: a field added to the
// model does not compile until someone says which it is (and test/language/references checks that the
// walk follows each field listed as walked).

import { ClassDecl, type Closure, type Decl, type FieldDecl, type FunctionDecl, type FunctionTemplate, type TemplateArg, type TemplateParam, type VarDecl } from '../model/declarations';
import type { Expr, ImplicitConversion } from '../model/expressions';
import type { FunctionBody, RangeFor, RangeIterator, StructuredBinding, Temporary } from '../model/bodies';
import type { Condition, Declared, FullExpr, Stmt, WrittenInitialiser } from '../model/statements';
import type { Type } from '../model/types';

/** What a walk reports: each declaration it meets (the sink decides what completing it means). */
export interface ReferenceSink {
  function(fn: FunctionDecl): void;
  variable(v: VarDecl): void;
  field(f: FieldDecl): void;
  class(c: ClassDecl): void;
}

// ---- the field lists, checked against the model's interfaces ----

/** What the walk does with a field: follows it for declarations, or passes it by (it holds nothing to complete). */
export type FieldRole = 'walked' | 'inert';
type Roles<T> = { readonly [K in keyof Required<T>]: FieldRole };

/** Every field of the walked interfaces with its role: a field added to the model fails to compile here. */
export const FIELD_ROLES: {
  readonly expr: Roles<Expr>;
  readonly body: Roles<FunctionBody>;
  readonly rangeFor: Roles<RangeFor>;
  readonly iterator: Roles<RangeIterator>;
  readonly temporary: Roles<Temporary>;
  readonly closure: Roles<Closure>;
  readonly binding: Roles<StructuredBinding>;
} = {
  expr: {
    type: 'walked', decl: 'walked', callee: 'walked', operands: 'walked', overloads: 'walked', templateArgs: 'walked', object: 'walked',
    list: 'walked', declaredType: 'walked', implicit: 'walked',
    kind: 'inert', cat: 'inert', loc: 'inert', value: 'inert', operator: 'inert', nullPointerConstant: 'inert', temporary: 'inert',
  },
  body: {
    fn: 'walked', params: 'walked', locals: 'walked', temporaries: 'walked', conversionTemporaries: 'walked', fullExpressions: 'walked',
    rangeFors: 'walked', bindings: 'walked', memberInitialisers: 'walked', statement: 'walked',
  },
  rangeFor: { range: 'walked', rangeRef: 'walked', begin: 'walked', end: 'walked', cursor: 'walked', element: 'walked', variable: 'walked', iterator: 'walked', loc: 'inert' },
  iterator: { endVar: 'walked', beginInit: 'walked', endInit: 'walked', test: 'walked', increment: 'walked' },
  temporary: { expr: 'walked', type: 'walked', extendedBy: 'walked', fullExpression: 'inert' },
  closure: { captures: 'walked', thisField: 'walked', call: 'walked', toPointer: 'walked', thisByCopy: 'inert' },
  binding: { object: 'walked', names: 'walked', loc: 'inert' },
};

// ---- the walk ----

/** Walks model values once each (expressions and types are shared between trees) and reports what they name. */
export class ReferenceWalk {
  private readonly seen = new WeakSet<object>();

  constructor(private readonly sink: ReferenceSink) {}

  body(b: FunctionBody): void {
    this.sink.function(b.fn);
    b.params.forEach((v) => this.sink.variable(v));
    b.locals.forEach((l) => this.sink.variable(l.decl));
    b.temporaries.forEach((t) => this.temporary(t));
    b.conversionTemporaries.forEach((t) => this.temporary(t));
    b.fullExpressions.forEach((e) => this.expr(e));
    b.rangeFors.forEach((r) => this.rangeFor(r));
    b.bindings?.forEach((s) => this.binding(s));
    b.memberInitialisers?.forEach((m) => m.args.forEach((e) => this.expr(e)));
    if (b.statement) this.stmt(b.statement);
  }

  expr(e: Expr | undefined): void {
    if (!e || this.seen.has(e)) return;
    this.seen.add(e);
    this.type(e.type);
    if (e.decl) this.decl(e.decl);
    if (e.callee) this.sink.function(e.callee);
    e.operands?.forEach((x) => this.expr(x));
    e.overloads?.forEach((f) => this.overload(f));
    e.templateArgs?.forEach((t) => this.templateArg(t));
    this.expr(e.object);
    e.list?.forEach((x) => this.expr(x));
    this.type(e.declaredType);
    this.implicit(e.implicit);
  }

  type(t: Type | undefined): void {
    if (!t || this.seen.has(t)) return;
    this.seen.add(t);
    switch (t.kind) {
      case 'pointer':
        return this.type(t.pointee);
      case 'reference':
        return this.type(t.referee);
      case 'array':
        return this.type(t.element);
      case 'class':
        return this.sink.class(t.decl);
      case 'function':
        this.type(t.ret);
        return t.params.forEach((p) => this.type(p));
      case 'tparam':
        return this.templateParam(t.param);
      case 'pattern':
        return t.args.forEach((a) => this.templateArg(a));
      case 'builtin':
      case 'enum':
      case 'vector':
      case 'error':
        return;
    }
  }

  closure(c: Closure | undefined): void {
    if (!c) return;
    for (const capture of c.captures) {
      this.sink.field(capture.field);
      this.sink.variable(capture.variable);
      this.expr(capture.init);
    }
    if (c.thisField) this.sink.field(c.thisField);
    this.sink.function(c.call);
    if (c.toPointer) this.sink.function(c.toPointer);
  }

  stmt(s: Stmt): void {
    switch (s.kind) {
      case 'block':
      case 'label':
        return s.body.forEach((x) => this.stmt(x));
      case 'case':
        this.full(s.value);
        return s.body.forEach((x) => this.stmt(x));
      case 'expr':
        return this.full(s.value);
      case 'decl':
        return s.items.forEach((d) => this.declared(d));
      case 'if':
        this.condition(s.cond);
        this.stmt(s.then);
        if (s.otherwise) this.stmt(s.otherwise);
        return;
      case 'while':
      case 'do':
        this.condition(s.cond);
        return this.stmt(s.body);
      case 'switch':
        this.condition(s.cond);
        if (s.conversion) this.sink.function(s.conversion);
        return this.stmt(s.body);
      case 'for':
        if (s.init) this.stmt(s.init);
        if (s.cond) this.condition(s.cond);
        this.full(s.update);
        return this.stmt(s.body);
      case 'return':
        return this.full(s.value);
      case 'range-for':
        if (s.loop) this.rangeFor(s.loop);
        return this.stmt(s.body);
      case 'goto':
      case 'break':
      case 'continue':
      case 'empty':
      case 'unsupported':
        return;
    }
  }

  private decl(d: Decl): void {
    if (d instanceof ClassDecl) return this.sink.class(d);
    switch (d.kind) {
      case 'function':
        return this.sink.function(d);
      case 'var':
        return this.sink.variable(d);
      case 'field':
        return this.sink.field(d);
      default:
        return; // namespaces, enums, enumerators, typedefs, templates: nothing the compiler completes
    }
  }

  private overload(f: FunctionDecl | FunctionTemplate): void {
    if (f.kind === 'function') this.sink.function(f);
  }

  private templateArg(a: TemplateArg): void {
    this.type(a.kind === 'type' ? a.type : a.valueType);
  }

  private templateParam(p: TemplateParam): void {
    this.type(p.valueType);
  }

  private implicit(c: ImplicitConversion | undefined): void {
    if (!c) return;
    this.type(c.to);
    if (c.user) this.sink.function(c.user);
  }

  private temporary(t: Temporary): void {
    this.expr(t.expr);
    this.type(t.type);
    if (t.extendedBy) this.sink.variable(t.extendedBy);
  }

  private rangeFor(r: RangeFor): void {
    this.expr(r.range);
    this.sink.variable(r.rangeRef);
    if (r.begin) this.sink.function(r.begin);
    if (r.end) this.sink.function(r.end);
    this.sink.variable(r.cursor);
    this.expr(r.element);
    if (r.variable) this.sink.variable(r.variable);
    const it = r.iterator;
    if (!it) return;
    this.sink.variable(it.endVar);
    [it.beginInit, it.endInit, it.test, it.increment].forEach((e) => this.expr(e));
  }

  private binding(s: StructuredBinding): void {
    this.sink.variable(s.object);
    for (const n of s.names) {
      this.sink.variable(n.decl);
      if (n.field) this.sink.field(n.field);
      if (n.base) this.sink.class(n.base);
    }
  }

  private full(f: FullExpr | undefined): void {
    this.expr(f?.expr);
  }

  private condition(c: Condition): void {
    c.init.forEach((s) => this.stmt(s));
    if (c.decl) this.stmt(c.decl.stmt);
    this.full(c.value);
  }

  private declared(d: Declared): void {
    if (d.kind === 'local' || d.kind === 'static') this.sink.variable(d.decl);
    else if (d.kind === 'binding') this.binding(d.binding);
    if (d.kind !== 'unanalysed') this.written(d.init);
  }

  private written(w: WrittenInitialiser | undefined): void {
    if (!w) return;
    w.args.forEach((a) => this.full(a));
    this.expr(w.whole);
  }
}
