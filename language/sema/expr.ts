// The typed expression tree the analyser produces: every expression has a type (never a reference),
// a value category, a location, its constant value when it has one, and what it refers to or calls.

import type { Decl, FunctionDecl, FunctionTemplate, Loc } from './decls';
import { ERROR, type Type } from './types';

export type ValueCategory = 'lvalue' | 'xvalue' | 'prvalue';

export interface Expr {
  /** The syntax kind (tree-sitter node type) or a synthetic kind. */
  readonly kind: string;
  type: Type;
  cat: ValueCategory;
  readonly loc: Loc;
  /** Constant value (integral, bool, enum) when the expression is a constant expression. */
  value?: number;
  /** The declaration a name or member access refers to. */
  decl?: Decl;
  /** The function a call, overloaded operator, constructor or conversion invokes. */
  callee?: FunctionDecl;
  /** Sub-expressions in source order (object first for member calls). */
  operands?: Expr[];
  /** For an unresolved name of functions: the candidates and explicit template arguments. */
  overloads?: (FunctionDecl | FunctionTemplate)[];
  templateArgs?: import('./decls').TemplateArg[];
  /** For a member function named on an object: the object expression. */
  object?: Expr;
  /** For a brace list: its elements. */
  list?: Expr[];
  /** The declared type of a named variable or member (for decltype). */
  declaredType?: Type;
  nullPointerConstant?: boolean;
  /** Set when this expression creates a temporary object of class type. */
  temporary?: boolean;
}

export function errorExpr(loc: Loc, kind = 'error'): Expr {
  return { kind, type: ERROR, cat: 'prvalue', loc };
}
