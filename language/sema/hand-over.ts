// What the front-end completes before it hands a unit to the compiler: a worklist to a fixed point over
// everything the compiler can reach from the unit's functions, classes and globals. A function reached
// gets its body analysed (SDK functions and template instances are analysed only when something needs
// them) and its default arguments; a class reached is completed (a template instance's members
// declared) with its default member initialisers, its constructors, destructor, assignments and
// virtual functions; a global reached gets its definition and initialiser. Walking what these hold
// (typed expressions, statements, types: references.ts) reaches more, until nothing new is found. The language
// server's analysis stays lazy: only the path that hands a unit to the compiler pays for this. The
// completion registers nothing: the lists of the user's functions and classes stay what the analysis
// found, so what one hand-over completed never becomes a root of the next.

import type { Analyzer } from './analyzer';
import type { ClassDecl, FieldDecl, FunctionDecl, Scope, Unit, VarDecl } from '../model/declarations';
import { defaultArgument, memberInitialiser, type Initialiser } from './initialisers-outside-bodies';
import { variableDefinition, type VariableDefinition } from './variable-definitions';
import { analyseFunctionBody } from './statements';
import { ReferenceWalk, type ReferenceSink } from './references';

/** What the completion computed, keyed by declaration: the compiler's read-only tables. */
export interface Completed {
  /** The default arguments of each function reached (an entry per parameter with one). */
  readonly defaultArguments: Map<FunctionDecl, Map<number, Initialiser | undefined>>;
  /** The default member initialiser of each field of a class reached (undefined: none written). */
  readonly memberInitialisers: Map<FieldDecl, Initialiser | undefined>;
  /** The definition of each namespace-scope variable or static data member reached. */
  readonly definitions: Map<VarDecl, VariableDefinition>;
  /** Function bodies this completion analysed (beyond those the analysis had). */
  analysedHere: number;
}

/** The starting points: the functions the compiler lowers, and every class and global of the user's files. */
export interface CompletionRoots {
  readonly functions: readonly FunctionDecl[];
  readonly classes: readonly ClassDecl[];
  readonly globals: readonly VarDecl[];
}

/** Completes everything reachable from `roots` (run inside the analyzer, its reports discarded by the caller). */
export function completeReachable(a: Analyzer, units: readonly Unit[], roots: CompletionRoots): Completed {
  const done: Completed = { defaultArguments: new Map(), memberInitialisers: new Map(), definitions: new Map(), analysedHere: 0 };
  const work = new Closure(a, units, done);
  const listed = { functions: a.userFunctions.length, classes: a.userClasses.length };
  roots.functions.forEach((fn) => work.function(fn));
  roots.classes.forEach((c) => work.class(c));
  roots.globals.forEach((v) => work.variable(v));
  work.run();
  // the user's functions and classes stay those the analysis found: what a hand-over completed (a
  // template instance's members, the lambdas and local classes in their bodies) is no root of the next
  a.userFunctions.length = listed.functions;
  a.userClasses.length = listed.classes;
  return done;
}

/** The user's namespace-scope variables (in user files, namespaces included) and their classes' static data members. */
export function userGlobals(global: Scope, classes: readonly ClassDecl[]): VarDecl[] {
  const out: VarDecl[] = [];
  const seen = new Set<Scope>();
  const visit = (scope: Scope) => {
    if (seen.has(scope)) return;
    seen.add(scope);
    for (const ds of scope.members.values()) {
      for (const d of ds) {
        if (d.kind === 'var' && d.storage === 'global' && !d.loc.unit.system) out.push(d);
        else if (d.kind === 'namespace') visit(d.scope);
      }
    }
  };
  visit(global);
  for (const c of classes) {
    if (c.templateInfo || c.loc.unit.system) continue;
    for (const ds of c.scope.members.values()) for (const d of ds) if (d.kind === 'var' && d.storage === 'static-member') out.push(d);
  }
  return out;
}

/** The worklist: declarations found, each completed once, and the values they hold walked for more. */
class Closure implements ReferenceSink {
  private readonly queue: (() => void)[] = [];
  private readonly functions = new Set<FunctionDecl>();
  private readonly classes = new Set<ClassDecl>();
  private readonly variables = new Set<VarDecl>();
  private readonly fields = new Set<FieldDecl>();
  private readonly refs = new ReferenceWalk(this);

  constructor(
    private readonly a: Analyzer,
    private readonly units: readonly Unit[],
    private readonly done: Completed,
  ) {}

  run(): void {
    for (let i = 0; i < this.queue.length; i++) this.queue[i]();
  }

  function(fn: FunctionDecl): void {
    if (this.functions.has(fn)) return;
    this.functions.add(fn);
    this.queue.push(() => this.completeFunction(fn));
  }

  class(c: ClassDecl): void {
    if (this.classes.has(c)) return;
    this.classes.add(c);
    this.queue.push(() => this.completeClass(c));
  }

  variable(v: VarDecl): void {
    if (this.variables.has(v)) return;
    this.variables.add(v);
    this.queue.push(() => this.completeVariable(v));
  }

  field(f: FieldDecl): void {
    if (this.fields.has(f)) return;
    this.fields.add(f);
    this.refs.type(f.type);
    this.class(f.owner);
  }

  private completeFunction(fn: FunctionDecl): void {
    this.refs.type(fn.ret);
    for (const p of fn.params) this.refs.type(p.type);
    if (fn.owner) this.class(fn.owner);
    fn.params.forEach((p, i) => {
      if (!p.defaultNode) return;
      const init = defaultArgument(this.a, fn, i);
      let perFn = this.done.defaultArguments.get(fn);
      if (!perFn) this.done.defaultArguments.set(fn, (perFn = new Map()));
      perFn.set(i, init);
      init?.args.forEach((e) => this.refs.expr(e));
    });
    // a template checked at its definition is never compiled: its instances are
    if (!fn.body || fn.generic) return;
    if (!fn.analysed) this.done.analysedHere++;
    const body = fn.analysed ?? analyseFunctionBody(this.a, fn);
    if (body) this.refs.body(body);
  }

  private completeClass(c: ClassDecl): void {
    if (!c.require()) return;
    if (c.base) this.class(c.base);
    for (const fd of c.fields) {
      this.refs.type(fd.type);
      const init = memberInitialiser(this.a, fd);
      this.done.memberInitialisers.set(fd, init);
      init?.args.forEach((e) => this.refs.expr(e));
    }
    this.refs.closure(c.closure);
    // what the compiler calls without an expression naming it: constructors and destructors (objects,
    // members and bases built and destroyed), assignments (implicit copies), vtable slots, conversion
    // functions (a class operand used as a scalar)
    for (const ds of c.scope.members.values()) {
      for (const d of ds) {
        if (d.kind !== 'function' || d.owner !== c) continue;
        if (d.role === 'constructor' || d.role === 'destructor' || d.role === 'conversion' || d.special || d.isVirtual) this.function(d);
      }
    }
  }

  private completeVariable(v: VarDecl): void {
    this.refs.type(v.type);
    if (v.owner) this.class(v.owner);
    if (v.storage !== 'global' && v.storage !== 'static-member') return;
    const def = variableDefinition(this.a, this.units, v);
    this.done.definitions.set(v, def);
    def.initialiser?.args.forEach((e) => this.refs.expr(e));
  }
}
