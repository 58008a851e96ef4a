// The typed expression tree the analyser produces: every expression has a type (never a reference),
// a value category, a location, its constant value when it has one, and what it refers to or calls.

import type { Decl, FunctionDecl, FunctionTemplate, Loc } from './declarations';
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
  /** The operator of a built-in binary expression (`+`, `==`, …). */
  operator?: string;
  /** Sub-expressions in source order (object first for member calls; the callee first for an `indirect-call`; both operands of a `comma`). */
  operands?: Expr[];
  /** For an unresolved name of functions: the candidates and explicit template arguments. */
  overloads?: (FunctionDecl | FunctionTemplate)[];
  templateArgs?: import('./declarations').TemplateArg[];
  /** For a member function named on an object: the object expression. */
  object?: Expr;
  /** For a brace list: its elements. */
  list?: Expr[];
  /** The declared type of a named variable or member (for decltype). */
  declaredType?: Type;
  nullPointerConstant?: boolean;
  /** Set when this expression creates a temporary object of class type. */
  temporary?: boolean;
  /** The implicit conversion its context applies to this expression's value (see implicit.ts). */
  implicit?: ImplicitConversion;
}

/** One step of an implicit conversion, in the order performed (after C++ [conv], [over.best.ics]). */
export type ConversionStep =
  | 'lvalue-to-rvalue' | 'array-to-pointer' | 'function-to-pointer'
  | 'integral-promotion' | 'floating-promotion' | 'integral' | 'floating' | 'floating-to-integral' | 'integral-to-floating'
  | 'boolean' | 'pointer' | 'null-pointer' | 'qualification' | 'derived-to-base'
  | 'user-defined' | 'copy' | 'materialize-temporary' | 'bind-reference'
  /** An IVP vector from a C scalar: the scalar converted to the lane type, then replicated to every lane. */
  | 'vector-broadcast'
  /** An IVP vector to the vector of the same lanes with the other signedness: the bits are kept. */
  | 'vector-reinterpret';

export interface ImplicitConversion {
  /** The type converted to (a reference type when the expression is bound to a reference). */
  to: Type;
  steps: ConversionStep[];
  /** The converting constructor or conversion function of a user-defined conversion. */
  user?: FunctionDecl;
}

export function errorExpr(loc: Loc, kind = 'error'): Expr {
  return { kind, type: ERROR, cat: 'prvalue', loc };
}

/** A string literal (possibly parenthesised or concatenated): an lvalue of type `const char[N]`. */
export function isStringLiteral(e: Expr): boolean {
  return e.kind === 'string_literal' || e.kind === 'raw_string_literal' || e.kind === 'concatenated_string';
}

/** `T a[] = {…}` and `char s[] = "…"`: the array type completed with its initialiser's length. */
export function completeArrayType(type: Type, init: readonly Expr[]): Type {
  if (type.kind !== 'array' || type.length !== undefined || init.length !== 1) return type;
  const e = init[0];
  if (e.list) return { ...type, length: e.list.length };
  if (isStringLiteral(e) && e.type.kind === 'array' && e.type.length !== undefined) return { ...type, length: e.type.length };
  return type;
}
