// The records of overload resolution: an implicit conversion as it ranks it (exact, promotion,
// conversion, user-defined, ellipsis) with what it involves, a call site and the outcome. A file of
// its own, so the analyser's state (analyzer.ts, which memoises resolved calls with their conversions)
// and the passes' table (passes.ts) do not depend on the rules.

import type { FunctionDecl, Loc, TemplateArg } from '../model/declarations';
import type { Expr } from '../model/expressions';

export const RANK_EXACT = 0;
export const RANK_PROMOTION = 1;
export const RANK_CONVERSION = 2;
export const RANK_USER = 3;
export const RANK_ELLIPSIS = 4;

export interface Conversion {
  rank: number;
  /** The constructor or conversion function of a user-defined conversion. */
  user?: FunctionDecl;
  /** A reference parameter binds the argument. */
  reference?: 'lvalue' | 'rvalue';
  /** The bound reference adds cv-qualification the argument lacked. */
  addsCv?: boolean;
  /** A temporary is created (binding a const& or && to a converted value). */
  temporary?: boolean;
  /** Converting a brace list narrows a non-constant value. */
  narrowing?: boolean;
}

export interface CallResolution {
  fn?: FunctionDecl;
  /** How each argument converts to its parameter (for a successful resolution). */
  convs?: Conversion[];
  /** True when the problem was reported (or is hidden behind an earlier error). */
  failed: boolean;
}

export interface CallSite {
  loc: Loc;
  /** How to name the callee in messages ("function 'f'", "'operator='", "constructor of 'C'"). */
  label: string;
  object?: Expr;
  templateArgs?: TemplateArg[];
  /** Don't report: the caller tries something else if this fails. */
  quiet?: boolean;
}
