// Jumps within a function body that the model checks: each goto names a label of the function, each
// label is declared once, and neither a goto nor a switch's jump to one of its case labels may enter
// the scope of a variable past its initialisation (C++17 [stmt.dcl]/3). Collected only for bodies
// that have a goto, a label or a switch.

import type { Ctx } from './context';
import type { Loc, Scope } from '../model/declarations';
import type { LocalObject } from '../model/bodies';

/** A point of the body: where a jump starts or lands, with the scope it is in. */
export interface JumpSite {
  readonly name: string;
  readonly scope: Scope;
  /** Offset of the statement in the unit: variables declared before it (in its scopes) are in scope. */
  readonly at: number;
  readonly loc: Loc;
}

export interface JumpSites {
  readonly labels: Map<string, JumpSite>;
  readonly gotos: JumpSite[];
  /** Each case or default label, with the start of its switch's body. */
  readonly cases: { readonly from: JumpSite; readonly to: JumpSite }[];
  /** The body of the switch being analysed. */
  switchStart?: JumpSite;
}

export function newJumpSites(): JumpSites {
  return { labels: new Map(), gotos: [], cases: [] };
}

/** Records a label; a second one of the same name in the function is an error. */
export function noteLabel(ctx: Ctx, jumps: JumpSites, site: JumpSite): void {
  if (jumps.labels.has(site.name)) ctx.a.error(site.loc, 'redefinition', `redefinition of label '${site.name}'`);
  else jumps.labels.set(site.name, site);
}

/** Reports gotos to missing labels and jumps that bypass an initialisation. */
export function checkJumps(ctx: Ctx, jumps: JumpSites, locals: readonly LocalObject[]): void {
  for (const g of jumps.gotos) {
    const label = jumps.labels.get(g.name);
    if (!label) {
      ctx.a.error(g.loc, 'undeclared-label', `use of undeclared label '${g.name}'`);
      continue;
    }
    const v = bypassed(g, label, locals);
    if (v) ctx.a.error(g.loc, 'bypassed-init', `cannot jump from this goto statement to its label: the jump bypasses the initialisation of '${v.decl.name}'`);
  }
  for (const c of jumps.cases) {
    // only variables declared inside the switch's body can be in scope at a case label and not at its start
    const v = bypassed(c.from, c.to, locals.filter((l) => l.start.start > c.from.at));
    if (v) ctx.a.error(c.to.loc, 'bypassed-init', `cannot jump from switch statement to this ${c.to.name} label: the jump bypasses the initialisation of '${v.decl.name}'`);
  }
}

/** A variable with an initialiser in scope where the jump lands but not where it starts. */
function bypassed(from: JumpSite, to: JumpSite, locals: readonly LocalObject[]): LocalObject | undefined {
  return locals.find((l) => l.initialised && inScope(l, to) && !inScope(l, from));
}

function inScope(l: LocalObject, site: JumpSite): boolean {
  if (l.start.start >= site.at) return false;
  for (let s: Scope | undefined = site.scope; s; s = s.parent) {
    if (s.members.get(l.decl.name)?.includes(l.decl)) return true;
    if (s.kind === 'function') return false;
  }
  return false;
}
