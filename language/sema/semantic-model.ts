// The semantic model handed to the language server and the compiler: scopes and declarations,
// analysed function bodies (typed expressions, locals, temporaries), type queries and layout.

import type { Analyzer } from './analyzer';
import { type ClassDecl, type Decl, type FieldDecl, type FunctionDecl, type Scope, type Unit, type VarDecl } from '../model/declarations';
import { defaultArgument, memberInitialiser, type Initialiser } from './initialisers-outside-bodies';
import { variableDefinition, type VariableDefinition } from './variable-definitions';
import { classLayout, sizeAlignOf, type ClassLayout, type SizeAlign } from '../model/layout';
import { PositionIndex, type NodeInfo } from './node-at';
import { referenceTarget } from './name-references';
import type { SourceRange } from '../diagnostics';
import { analyseFunctionBody } from './statements';
import { type FunctionBody } from '../model/bodies';
import type { Type } from '../model/types';
import { completeReachable, userGlobals } from './hand-over';
import { CompleteUnit } from './complete-unit';
import './pass-table';

export class SemanticModel {
  private positions?: PositionIndex;
  private handedOver?: CompleteUnit;

  constructor(
    private readonly analyzer: Analyzer,
    readonly units: readonly Unit[],
    private readonly typeParser: (text: string) => Type | undefined,
  ) {}

  get globalScope(): Scope {
    return this.analyzer.global;
  }

  /** Functions with bodies defined in user files, analysed. */
  get functions(): readonly FunctionDecl[] {
    return this.analyzer.userFunctions;
  }

  /** Classes defined in user files. */
  get classes(): readonly ClassDecl[] {
    return this.analyzer.userClasses;
  }

  /** Declarations named by a qualified name such as `at::CoherencyEnforcer` or `torch::zeros`. */
  lookup(qualifiedName: string): Decl[] {
    return this.query(() => {
      const parts = qualifiedName.replace(/^::/, '').split('::');
      let decls: Decl[] = this.analyzer.lookupIn(this.analyzer.global, parts[0], true);
      for (const p of parts.slice(1)) {
        const scope = decls.find((d) => d.kind === 'namespace' || d.kind === 'class' || d.kind === 'enum');
        if (!scope) return [];
        decls = this.analyzer.lookupQualified(scope, p);
      }
      return decls;
    });
  }

  /** What a name as written (`f`, `ns::f`) names when looked up from `scope` outward, as code there
   *  would see it (using-directives and base classes included). */
  lookupFrom(scope: Scope, name: string): Decl[] {
    return this.query(() => {
      const parts = name.replace(/\s+/g, '').split('::').filter(Boolean);
      let decls = parts.length ? this.analyzer.lookup(parts[0], scope) : [];
      for (const p of parts.slice(1)) {
        const owner = decls.find((d) => d.kind === 'namespace' || d.kind === 'class' || d.kind === 'enum');
        decls = owner ? this.analyzer.lookupQualified(owner, p) : [];
      }
      return decls;
    });
  }

  /** The members of class `c` (and its bases) named `name`. */
  members(c: ClassDecl, name: string): Decl[] {
    return this.query(() => this.analyzer.lookupQualified(c, name));
  }

  /** The type a type-id names in the global scope (e.g. `at::TensorAccessorBase<float, 3>`). */
  resolveType(text: string): Type | undefined {
    return this.typeParser(text);
  }

  sizeAlign(t: Type): SizeAlign | undefined {
    return this.query(() => sizeAlignOf(t));
  }

  classLayout(c: ClassDecl): ClassLayout | undefined {
    return this.query(() => classLayout(c));
  }

  /**
   * The innermost expression or declaration at a position of a file (0-based line and UTF-16 column,
   * as in the LSP), with its type and the type's layout: what a hover shows.
   */
  nodeAt(file: string, line: number, column: number): NodeInfo | undefined {
    this.positions ??= new PositionIndex(this.analyzer, this.units);
    return this.positions.nodeAt(file, line, column);
  }

  /** What a references query about `d` is about (name-references.ts): the template of an instance, the
   *  class of a constructor or destructor, `d` itself; undefined for a kind whose places are not found. */
  referenceTarget(d: Decl): Decl | undefined {
    return referenceTarget(d);
  }

  /** The places in the user's files that name `target`: its declaration, and the names, member
   *  accesses and calls that refer to it, each as the range of the name alone (name-references.ts);
   *  for an instance of a function template, the template's; for a class, enum or typedef of the
   *  user's files whose name nothing else in the program has, every token that spells it. Undefined
   *  for other types and namespaces. */
  references(target: Decl): SourceRange[] | undefined {
    this.positions ??= new PositionIndex(this.analyzer, this.units);
    return this.positions.references(target);
  }

  /**
   * The analysed body of `fn` (typed expressions, locals, temporaries), analysing it now when no
   * analysis needed it yet (an implicitly called constructor or destructor of a template instance).
   * Undefined for a function without a body. Problems found while analysing it now are not reported
   * (they belong to the code that instantiated it).
   */
  analyse(fn: FunctionDecl): FunctionBody | undefined {
    if (fn.analysed || !fn.body) return fn.analysed;
    return this.query(() => analyseFunctionBody(this.analyzer, fn));
  }

  /**
   * The default argument of parameter `index` of `fn` (analysed on first request, in the scope of the
   * function's declaration, converted to the parameter's type): the compiler evaluates it at each call
   * that omits the argument, as part of the caller's full-expression. Undefined without one.
   */
  defaultArgument(fn: FunctionDecl, index: number): Initialiser | undefined {
    return this.query(() => defaultArgument(this.analyzer, fn, index));
  }

  /** The default member initialiser of `field` (analysed on first request in its class, `this` the object built). */
  memberInitialiser(field: FieldDecl): Initialiser | undefined {
    return this.query(() => memberInitialiser(this.analyzer, field));
  }

  /**
   * Where the namespace-scope variable or static data member `v` is defined (its own declaration, or a
   * static data member's definition at namespace scope), with its initialiser analysed on first request
   * in the scope that declares `v`.
   */
  variableDefinition(v: VarDecl): VariableDefinition {
    return this.query(() => variableDefinition(this.analyzer, this.units, v));
  }

  /**
   * The unit as the compiler gets it: everything reachable from the user's functions, classes and
   * globals completed now (bodies, template instances, default arguments, initialisers; hand-over.ts),
   * then read only. Done once per analysis; problems found while completing are not reported (they
   * belong to the code that instantiated what they are in, as for `analyse`).
   */
  completeForCompiler(): CompleteUnit {
    if (this.handedOver) return this.handedOver;
    const roots = this.functions.filter((fn) => fn.body && !fn.body.unit.system && !fn.templateInfo);
    const classes = this.classes.filter((c) => !c.templateInfo);
    const completed = this.query(() => completeReachable(this.analyzer, this.units, { functions: [...this.functions], classes, globals: userGlobals(this.globalScope, classes) }));
    this.handedOver = new CompleteUnit(this, roots, completed);
    return this.handedOver;
  }

  /** Runs a query on behalf of this analysis (completing a template instance reports nothing). */
  private query<T>(fn: () => T): T {
    return this.analyzer.collecting([], () => this.analyzer.run(fn));
  }
}
