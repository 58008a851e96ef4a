// The frame of a lambda whose body is being analysed (its closure, captures and deduced returns): a
// file of its own, so the analyser's state (analyzer.ts: the lambdas being analysed) does not depend
// on the analysis of lambda expressions.

import type { ClassDecl, Loc, Scope, VarDecl } from '../model/declarations';
import type { Type } from '../model/types';

/** A lambda whose body is being analysed. */
export interface LambdaFrame {
  readonly closure: ClassDecl;
  /** The scope the lambda is written in: variables found beyond it belong to the enclosing function. */
  readonly outer: Scope;
  readonly byDefault?: '=' | '&';
  readonly mutable: boolean;
  /** Captured variables (explicitly or by default) and how. */
  readonly captures: Map<VarDecl, 'copy' | 'ref'>;
  /** Where each variable named in the capture list, or captured by default, is captured. */
  readonly places: Map<VarDecl, { loc: Loc; explicit: boolean }>;
  /** How the enclosing object is captured (`this`: its address; `*this`: a copy), shared by instances. */
  readonly self: { how?: 'ref' | 'copy' };
  /** The lambdas around this one when it was written (outermost first). */
  readonly parents: readonly LambdaFrame[];
  /** The types of the return statements, when the return type is deduced. */
  returns?: Type[];
}
