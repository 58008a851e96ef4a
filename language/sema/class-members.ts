// Queries of a class's special members that the passes share: its constructors (and constructor
// templates), its conversion functions, and the one a switch on an object of the class calls. A file of
// its own: they depend on the class alone, not on overload resolution or the analysis of statements.

import type { Ctx } from './context';
import type { ClassDecl, FunctionDecl, FunctionTemplate } from '../model/declarations';
import { nonReference, unqualified, type Type } from '../model/types';

export function constructorsOf(ctx: Ctx, c: ClassDecl): FunctionDecl[] {
  if (!c.require()) return [];
  const name = c.templateInfo ? c.templateInfo.template.name : c.name;
  return (c.scope.members.get(name) ?? []).filter((d): d is FunctionDecl => d.kind === 'function' && d.role === 'constructor');
}

export function constructorCandidates(c: ClassDecl): (FunctionDecl | FunctionTemplate)[] {
  if (!c.require()) return [];
  const name = c.templateInfo ? c.templateInfo.template.name : c.name;
  return (c.scope.members.get(name) ?? []).filter((d): d is FunctionDecl | FunctionTemplate => (d.kind === 'function' && d.role === 'constructor') || d.kind === 'function-template');
}

export function conversionFunctionsOf(_ctx: Ctx, c: ClassDecl): FunctionDecl[] {
  if (!c.require()) return [];
  return c.conversionFunctions();
}

export function isIntegralOrEnum(t: Type): boolean {
  return t.kind === 'enum' || (t.kind === 'builtin' && !['float', 'double', 'long double', 'void', 'nullptr_t'].includes(t.name));
}

/** The conversion function a switch on an object of `cls` calls: the one to an integral or enumeration type. */
export function switchConversion(cls: ClassDecl): FunctionDecl | undefined {
  const fns = cls.conversionFunctions().filter((f) => isIntegralOrEnum(unqualified(nonReference(f.ret))));
  return fns.length === 1 ? fns[0] : undefined;
}
