// The analysis passes recurse into each other: an expression holds a lambda whose body is statements, a
// statement declares a class whose members have initialisers, a type names a template whose arguments
// are expressions. A pass calls one built on top of it through this table, which pass-table.ts fills
// once when the analysis entry points (layers.ts, semantic-model.ts) load; so a pass file depends on
// this file and on the passes beneath it, never on one above it.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { FunctionBody } from '../model/bodies';
import type {
  Access, AliasTemplate, ClassDecl, ClassTemplate, Decl, EnumDecl, FunctionDecl, FunctionTemplate, Loc, ParamDecl, Scope, TemplateArg,
  TemplateParam, TypedefDecl,
} from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { Type } from '../model/types';
import type { Analyzer } from './analyzer';
import type { Ctx } from './context';
import type { CallResolution, CallSite } from './overload-records';

export interface AnalysisPasses {
  // expressions (check-expr.ts, conditional.ts)
  checkExpr(ctx: Ctx, node: Node, callee?: boolean): Expr;
  constantValue(ctx: Ctx, node: Node): number | undefined;
  castTo(ctx: Ctx, t: Type, e: Expr, loc: Loc, how: string): Expr;
  convertOrReport(ctx: Ctx, e: Expr, to: Type, loc: Loc, verb: string): boolean;
  conditionalExpr(ctx: Ctx, node: Node, loc: Loc): Expr;
  // calls and overload resolution (calls.ts, overload.ts)
  callExpr(ctx: Ctx, node: Node, loc: Loc): Expr;
  callWith(ctx: Ctx, callee: Expr, args: Expr[], loc: Loc, spelled: string): Expr;
  callResult(ctx: Ctx, fn: FunctionDecl, operands: Expr[], loc: Loc): Expr;
  construct(ctx: Ctx, t: Type, args: Expr[], loc: Loc, listInit: boolean): Expr;
  functionAsValue(ctx: Ctx, e: Expr): Expr;
  checkConverted(ctx: Ctx, node: Node, type: Type): Expr;
  resolveOverload(ctx: Ctx, candidates: (FunctionDecl | FunctionTemplate)[], args: Expr[], site: CallSite): CallResolution;
  // statements and bodies (statements.ts)
  initialise(ctx: Ctx, type: Type, init: Expr[], loc: Loc, form: 'copy' | 'direct' | 'list'): void;
  analyseFunctionBody(a: Analyzer, fn: FunctionDecl): FunctionBody | undefined;
  // declarations and types (declare.ts, type-syntax.ts)
  declareClassSpecifier(ctx: Ctx, node: Node, access?: Access): ClassDecl | undefined;
  declareEnumSpecifier(ctx: Ctx, node: Node): EnumDecl | undefined;
  typeOfDecl(d: Decl): Type | undefined;
  templateArguments(ctx: Ctx, list: Node): TemplateArg[] | undefined;
  // templates and packs (templates.ts, variadic.ts)
  bindingScope(parent: Scope, params: TemplateParam[], args: TemplateArg[]): Scope;
  instantiateAliasTemplate(ctx: Ctx, alias: AliasTemplate, given: TemplateArg[], useLoc: Loc): TypedefDecl | undefined;
  instantiateClassTemplate(ctx: Ctx, tmpl: ClassTemplate, given: TemplateArg[], useLoc: Loc): ClassDecl | undefined;
  isUnexpandedPack(ctx: Ctx, name: string): boolean;
  expandParameterPack(ctx: Ctx, p: Node): ParamDecl[];
  expandTemplateArguments(ctx: Ctx, c: Node): TemplateArg[] | undefined;
}

/** The passes, once pass-table.ts has registered them (before any analysis). */
export const passes = {} as AnalysisPasses;

/** Fills `passes` (pass-table.ts, once). */
export function registerPasses(table: AnalysisPasses): void {
  Object.assign(passes, table);
}
