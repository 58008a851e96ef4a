// The unit as the front-end hands it to the compiler: every function body, class, default argument,
// member initialiser and global definition the compiler can reach, completed beforehand
// (hand-over.ts), and read here without completing anything. Asking for something the completion did
// not reach is an internal error naming it: a gap in the hand-over, never a trigger for analysis.

import type { ClassDecl, FieldDecl, FunctionDecl, Scope, Unit, VarDecl } from '../model/declarations';
import type { FunctionBody } from '../model/bodies';
import { classLayout, sizeAlignOf as typeSizeAlign, type ClassLayout, type SizeAlign } from '../model/layout';
import type { Type } from '../model/types';
import { isCompleteClass, NotHandedOver } from '../model/finished';
import type { Completed } from './hand-over';
import type { Initialiser } from './initialisers-outside-bodies';
import type { VariableDefinition } from './variable-definitions';

/** What the compiler reads of the model besides the declarations' own data. */
export interface ModelData {
  readonly globalScope: Scope;
  readonly functions: readonly FunctionDecl[];
  readonly classes: readonly ClassDecl[];
  readonly units: readonly Unit[];
}

export class CompleteUnit {
  constructor(
    private readonly data: ModelData,
    /** The functions the compiler lowers: those defined in the user's files (template instances come from their uses). */
    readonly roots: readonly FunctionDecl[],
    private readonly done: Completed,
  ) {}

  get globalScope(): Scope {
    return this.data.globalScope;
  }

  /** Functions with bodies defined in user files, analysed. */
  get functions(): readonly FunctionDecl[] {
    return this.data.functions;
  }

  /** Classes defined in user files. */
  get classes(): readonly ClassDecl[] {
    return this.data.classes;
  }

  get units(): readonly Unit[] {
    return this.data.units;
  }

  /** How many function bodies the completion analysed that the analysis had not. */
  get bodiesCompleted(): number {
    return this.done.analysedHere;
  }

  /** The analysed body of `fn` (its typed statement tree and expressions); undefined for a function without a body. */
  bodyOf(fn: FunctionDecl): FunctionBody | undefined {
    if (!fn.body) return undefined;
    if (!fn.analysed) throw new NotHandedOver(`the body of '${fn.qualifiedName}'`);
    return fn.analysed;
  }

  /** The analysed default argument of parameter `index` of `fn`, converted to its type; undefined without one. */
  defaultArgumentOf(fn: FunctionDecl, index: number): Initialiser | undefined {
    if (!fn.params[index]?.defaultNode) return undefined;
    const perFn = this.done.defaultArguments.get(fn);
    if (!perFn?.has(index)) throw new NotHandedOver(`the default argument of parameter ${index + 1} of '${fn.qualifiedName}'`);
    return perFn.get(index);
  }

  /** The analysed default member initialiser of `field`; undefined without one. */
  memberInitialiserOf(field: FieldDecl): Initialiser | undefined {
    if (!this.done.memberInitialisers.has(field)) throw new NotHandedOver(`the default member initialiser of '${field.owner.displayName()}::${field.name}'`);
    return this.done.memberInitialisers.get(field);
  }

  /** Where the namespace-scope variable or static data member `v` is defined, with its analysed initialiser. */
  definitionOf(v: VarDecl): VariableDefinition {
    const def = this.done.definitions.get(v);
    if (!def) throw new NotHandedOver(`the definition of '${v.qualifiedName}'`);
    return def;
  }

  /** Whether `c` is a complete class (a template instance the completion did not reach is an internal error). */
  isComplete(c: ClassDecl): boolean {
    return isCompleteClass(c);
  }

  /** The layout of `c` on the target; undefined for an incomplete class. */
  layoutOf(c: ClassDecl): ClassLayout | undefined {
    return this.isComplete(c) ? classLayout(c) : undefined;
  }

  /** The size and alignment of `t` on the target; undefined for an incomplete type. */
  sizeAlignOf(t: Type): SizeAlign | undefined {
    let inner = t;
    while (inner.kind === 'array') inner = inner.element;
    if (inner.kind === 'class') this.isComplete(inner.decl);
    return typeSizeAlign(t);
  }
}
