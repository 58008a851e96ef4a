// The typed statement tree of an analysed function body (FunctionBody.statement): every statement the
// body holds, in order, with its typed full-expressions, the locals each declaration statement declares
// and their initialisers as written, conditions with their init-statements and declared variables, the
// case labels of each switch and the analysed range-based fors and structured bindings. Built by the
// front-end (language/sema/statements-build.ts); the compiler walks it and never sees a syntax node.
// A part the analysis could not type keeps its place and its kind of syntax (`form`) with no Expr, so a
// consumer can say what it is and where.

import type { FunctionDecl, Loc, VarDecl } from './declarations';
import type { Expr } from './expressions';
import type { RangeFor, StructuredBinding } from './bodies';

/** Constructs the device cannot run or the compiler does not translate, found in an expression's syntax. */
export type RejectedConstructKind = 'new' | 'delete' | 'throw' | 'co_await' | 'asm' | '_Generic' | 'dynamic_cast' | 'typeid';

export interface RejectedConstruct {
  readonly construct: RejectedConstructKind;
  readonly loc: Loc;
}

/** A full-expression (or an initialiser's expression) as written: its analysed Expr, if the analysis gave one. */
export interface FullExpr {
  readonly expr?: Expr;
  readonly loc: Loc;
  /** The kind of syntax it is, in words (`call expression`), for messages when it has no Expr. */
  readonly form: string;
  /** The first construct in it (outermost first, in source order) that the compiler rejects. */
  readonly rejected?: RejectedConstruct;
}

/**
 * A declaration's initialiser as written: `(args)` and `T v(x);` are direct, `{…}` is a list, `= e` is
 * copy. `args` are the arguments of the direct form, else the one expression.
 */
export interface WrittenInitialiser {
  readonly form: 'direct' | 'copy' | 'list';
  readonly args: readonly FullExpr[];
  readonly loc: Loc;
  /** The analysed expression spanning the whole initialiser (the list of `= {…}`), if any. */
  readonly whole?: Expr;
  /** The first rejected construct anywhere in the initialiser. */
  readonly rejected?: RejectedConstruct;
}

/** What one declarator of a declaration statement declares. */
export type Declared =
  /** A local object (automatic storage), with its initialiser. */
  | { readonly kind: 'local'; readonly decl: VarDecl; readonly init?: WrittenInitialiser }
  /** A static local: a global with a function-local name (its VarDecl has `staticLocal`). */
  | { readonly kind: 'static'; readonly decl: VarDecl; readonly init?: WrittenInitialiser }
  /** A structured binding: its hidden object's initialiser, then its names. */
  | { readonly kind: 'binding'; readonly binding: StructuredBinding; readonly init?: WrittenInitialiser }
  /** A declarator the analysis declared nothing for. */
  | { readonly kind: 'unanalysed'; readonly loc: Loc };

/** The condition of if, while, do, for and switch: an init-statement, then a declaration or an expression. */
export interface Condition {
  /** The whole condition (for positions). */
  readonly loc: Loc;
  readonly init: readonly Stmt[];
  /** `if (T x = e)`: the declaration and the variable it declares (the first local in it). */
  readonly decl?: { readonly stmt: DeclStmt; readonly variable?: VarDecl };
  readonly value?: FullExpr;
}

export interface BlockStmt { readonly kind: 'block'; readonly loc: Loc; readonly body: readonly Stmt[] }
export interface ExprStmt { readonly kind: 'expr'; readonly loc: Loc; readonly value: FullExpr }
export interface DeclStmt { readonly kind: 'decl'; readonly loc: Loc; readonly items: readonly Declared[] }
export interface IfStmt { readonly kind: 'if'; readonly loc: Loc; readonly cond: Condition; readonly then: Stmt; readonly otherwise?: Stmt }
export interface WhileStmt { readonly kind: 'while'; readonly loc: Loc; readonly cond: Condition; readonly body: Stmt }
export interface DoStmt { readonly kind: 'do'; readonly loc: Loc; readonly body: Stmt; readonly cond: Condition }
export interface ForStmt {
  readonly kind: 'for';
  readonly loc: Loc;
  /** A declaration or an expression statement. */
  readonly init?: DeclStmt | ExprStmt;
  readonly cond?: Condition;
  readonly update?: FullExpr;
  readonly body: Stmt;
}
export interface SwitchStmt {
  readonly kind: 'switch';
  readonly loc: Loc;
  readonly cond: Condition;
  readonly body: Stmt;
  /** Its case and default labels anywhere in its body (not those of a nested switch), in order. */
  readonly cases: readonly CaseStmt[];
  /** A condition of class type is switched on through this conversion function: the class's only
   *  conversion to an integral or enumeration type (absent when it has none or several). */
  readonly conversion?: FunctionDecl;
}
/** `case v:` (with `value`) or `default:`, and the statements after it in the same statement node. */
export interface CaseStmt {
  readonly kind: 'case';
  readonly loc: Loc;
  readonly value?: FullExpr;
  /** The label's constant value (constant-values.ts), when its expression is one. */
  readonly constant?: number | bigint;
  readonly body: readonly Stmt[];
}
export interface LabelStmt { readonly kind: 'label'; readonly loc: Loc; readonly name: string; readonly body: readonly Stmt[] }
export interface GotoStmt { readonly kind: 'goto'; readonly loc: Loc; readonly label?: string }
export interface BreakStmt { readonly kind: 'break'; readonly loc: Loc }
export interface ContinueStmt { readonly kind: 'continue'; readonly loc: Loc }
export interface ReturnStmt { readonly kind: 'return'; readonly loc: Loc; readonly value?: FullExpr }
export interface RangeForStmt {
  readonly kind: 'range-for';
  readonly loc: Loc;
  /** The analysed loop (absent when the analysis could not describe it). */
  readonly loop?: RangeFor;
  /** The range expression as written, and the first rejected construct in it. */
  readonly range: { readonly loc: Loc; readonly rejected?: RejectedConstruct };
  /** The loop variable's declarator. */
  readonly declarator?: Loc;
  readonly body: Stmt;
}
/** A statement with no effect on code (a declaration of a type, `static_assert`, an empty statement). */
export interface EmptyStmt { readonly kind: 'empty'; readonly loc: Loc }
/** A statement kind the model does not describe (`try`, …), named in words. */
export interface UnsupportedStmt { readonly kind: 'unsupported'; readonly loc: Loc; readonly what: string }

export type Stmt =
  | BlockStmt | ExprStmt | DeclStmt | IfStmt | WhileStmt | DoStmt | ForStmt | SwitchStmt | CaseStmt | LabelStmt
  | GotoStmt | BreakStmt | ContinueStmt | ReturnStmt | RangeForStmt | EmptyStmt | UnsupportedStmt;

/** The statements directly inside `s`, in source order: a condition's init-statements and declaration
 *  before the statements it governs, unless `conditions` is false (then they count as part of their
 *  statement; a for's init-statement stays its own). A lambda's or a local class's bodies are not in
 *  the tree. */
export function childStatements(s: Stmt, conditions = true): Stmt[] {
  const cond = (c: Condition | undefined): Stmt[] => (c && conditions ? [...c.init, ...(c.decl ? [c.decl.stmt] : [])] : []);
  switch (s.kind) {
    case 'block':
    case 'case':
    case 'label':
      return [...s.body];
    case 'if':
      return [...cond(s.cond), s.then, ...(s.otherwise ? [s.otherwise] : [])];
    case 'while':
    case 'switch':
      return [...cond(s.cond), s.body];
    case 'do':
      return [s.body, ...cond(s.cond)];
    case 'for':
      return [...(s.init ? [s.init] : []), ...cond(s.cond), s.body];
    case 'range-for':
      return [s.body];
    default:
      return [];
  }
}

/** Every statement of the tree under `root` (itself first), in source order. */
export function allStatements(root: Stmt | undefined, out: Stmt[] = []): Stmt[] {
  if (!root) return out;
  out.push(root);
  for (const c of childStatements(root)) allStatements(c, out);
  return out;
}

/** The statements of the tree under `root` that enclose [start, end), outermost first (a condition's
 *  init-statement and declaration are part of their statement). */
export function statementPath(root: Stmt | undefined, start: number, end: number): Stmt[] {
  const path: Stmt[] = [];
  for (let s = root; s && s.loc.start <= start && end <= s.loc.end; ) {
    path.push(s);
    s = childStatements(s, false).find((c) => c.loc.start <= start && end <= c.loc.end);
  }
  return path;
}
