// Analysed function bodies, as the model holds them: the body's locals (with their scopes), the
// temporaries and when they are destroyed, its full-expressions, range-based for statements,
// structured bindings, a constructor's mem-initialisers and the typed statement tree (statements.ts). sema/statements.ts builds them; the compiler, the checks and hovers read them.

import type { ClassDecl, FieldDecl, FunctionDecl, Loc, VarDecl } from './declarations';
import type { Expr } from './expressions';
import type { Type } from './types';
import type { Stmt } from './statements';

export interface LocalObject {
  readonly decl: VarDecl;
  /** Where the object is constructed. */
  readonly start: Loc;
  /** The end of its scope (where it is destroyed). */
  readonly end: Loc;
  /** Declared with an initialiser or of a class type with a constructor or destructor: a jump (goto,
   * case label) may not bypass it. */
  readonly initialised?: boolean;
}

export interface Temporary {
  /** The expression whose value is the temporary (or is converted into it). */
  readonly expr: Expr;
  /** The temporary object's type. */
  readonly type: Type;
  /** The full-expression at whose end it is destroyed. */
  readonly fullExpression: Loc;
  /** The local reference that extends its lifetime to the end of that reference's scope. */
  extendedBy?: VarDecl;
}

export interface FunctionBody {
  readonly fn: FunctionDecl;
  /** The named parameters, as variables of the body. */
  readonly params: VarDecl[];
  readonly locals: LocalObject[];
  /** Temporaries of class type the expressions create (calls and constructions returning by value). */
  readonly temporaries: Temporary[];
  /** Temporaries implicit conversions create: a value bound to a const reference after conversion, the
   * class object a converting constructor or conversion function makes. */
  readonly conversionTemporaries: Temporary[];
  /** Every full-expression, in order (case labels' constant expressions included). */
  readonly fullExpressions: Expr[];
  /** The range-based `for` statements, in order. */
  readonly rangeFors: RangeFor[];
  /** The structured bindings, in order (absent when there are none). */
  bindings?: StructuredBinding[];
  /** A constructor's mem-initialisers, in the order written (absent when it has none). */
  memberInitialisers?: MemberInitialiser[];
  /** The body as a typed statement tree (statements.ts), the root a block (set once the body is analysed). */
  statement?: Stmt;
}

/**
 * One mem-initialiser of a constructor (`: Base(x), n(1), v{1, 2}`), as written: the name it gives (a
 * data member, the base class, or the constructor's own class when it delegates) and its analysed
 * arguments, each a full-expression of the body.
 */
export interface MemberInitialiser {
  /** The name as written (`n`, `Base`, `Base<int>`). */
  readonly name: string;
  /** The arguments of `(args)`, or the one brace list of `{…}`. */
  readonly args: Expr[];
  /** The whole mem-initialiser. */
  readonly loc: Loc;
}

/**
 * A range-based `for` as C++ defines it: `auto&& __range = range; auto __begin = begin, __end = end;
 * for (; __begin != __end; ++__begin) { decl = *__begin; body }`. The range is a full-expression whose
 * temporaries live until the loop ends (bound to `__range`). For an array (a temporary one, `A{1, 2}`, is
 * an `initializer_list` Expr of the array type) or a braced list, `__begin`
 * is a pointer to its first element and the end is one past its last; for a class, begin and end are
 * `__range.begin()`/`__range.end()` (when the class has either member) or `begin(__range)`/`end(__range)`
 * found by argument-dependent lookup, and what they return is a pointer or an iterator object.
 */
export interface RangeFor {
  /** The whole statement. */
  readonly loc: Loc;
  readonly range: Expr;
  /** `__range`, the reference the range's temporaries are bound to. */
  readonly rangeRef: VarDecl;
  /** The functions that begin and end call (undefined for an array or a list). */
  readonly begin?: FunctionDecl;
  readonly end?: FunctionDecl;
  /** `__begin`: a pointer to the current element, or an iterator object. */
  readonly cursor: VarDecl;
  /** `*__begin`, the loop variable's initialiser (each iteration). */
  readonly element: Expr;
  /** The loop variable (also one of the body's locals). */
  readonly variable?: VarDecl;
  /** For a class range: how `__begin` and `__end` are made, compared and advanced. */
  readonly iterator?: RangeIterator;
}

/** The iteration of a class range; `test` and `increment` are the operator calls (absent when `__begin` is a pointer). */
export interface RangeIterator {
  /** `__end` (of the type the end call returns). */
  readonly endVar: VarDecl;
  /** The calls that initialise `__begin` and `__end` (with `__range` as object or argument). */
  readonly beginInit: Expr;
  readonly endInit: Expr;
  /** `__begin != __end` (operator!=, member or not). */
  readonly test?: Expr;
  /** `++__begin` (the prefix operator++). */
  readonly increment?: Expr;
}

/** One name of a structured binding: the subobject it refers to. */
export interface BindingName {
  /** The name as a variable (of the subobject's type, cv-qualified as the hidden object). */
  readonly decl: VarDecl;
  /** The data member it names (for a class), with the base class that declares it when not the class itself. */
  readonly field?: FieldDecl;
  readonly base?: ClassDecl;
  /** The element it names (for an array). */
  readonly index?: number;
}

export interface StructuredBinding {
  /** The bracketed list of names. */
  readonly loc: Loc;
  /** The hidden variable `e` (the object, or a reference to it). */
  readonly object: VarDecl;
  readonly names: readonly BindingName[];
}
