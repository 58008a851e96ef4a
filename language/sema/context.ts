// What every analysis step carries: the analyser, the unit (for locations) and the current scope.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import { Loc, type Scope, type TemplateParam, type Unit } from '../model/declarations';
import type { Type } from '../model/types';

export interface Ctx {
  readonly a: Analyzer;
  readonly unit: Unit;
  readonly scope: Scope;
}

export function withScope(ctx: Ctx, scope: Scope): Ctx {
  return { a: ctx.a, unit: ctx.unit, scope };
}

export function locOf(ctx: Ctx, node: Node): Loc {
  return Loc.of(ctx.unit, node);
}

/** The parameter that `auto` deduces like a template type parameter. */
export const AUTO_PARAM: TemplateParam = {
  kind: 'template-param',
  name: 'auto',
  index: -1,
  isType: true,
  loc: undefined as unknown as Loc,
};
export const AUTO: Type = { kind: 'tparam', param: AUTO_PARAM };

export function containsAuto(t: Type): boolean {
  switch (t.kind) {
    case 'tparam': return t.param === AUTO_PARAM;
    case 'pointer': return containsAuto(t.pointee);
    case 'reference': return containsAuto(t.referee);
    case 'array': return containsAuto(t.element);
    default: return false;
  }
}

/** Child nodes of `node` (named and anonymous) of the given type. */
export function childrenOfType(node: Node, type: string): Node[] {
  const out: Node[] = [];
  for (let i = 0, n = node.childCount; i < n; i++) {
    const c = node.child(i);
    if (c && c.type === type) out.push(c);
  }
  return out;
}

export function hasChildToken(node: Node, text: string): boolean {
  for (let i = 0, n = node.childCount; i < n; i++) {
    const c = node.child(i);
    if (c && c.childCount === 0 && (c.type === text || c.text === text)) return true;
  }
  return false;
}
