// Finds the typed expressions of one analysed function body by their span in the unit's text, so a
// check can go from a syntax node to the model's Expr (and back through Expr.loc).

import type { Expr } from '../model/expressions';
import type { FunctionBody } from '../model/bodies';

/** Calls `visit` on `e` and every sub-expression (object, operands, list elements), outermost first. */
export function walkExpr(e: Expr | undefined, visit: (e: Expr, parent: Expr | undefined) => void, parent?: Expr): void {
  if (!e) return;
  visit(e, parent);
  if (e.object && !(e.operands ?? []).includes(e.object)) walkExpr(e.object, visit, e);
  for (const o of e.operands ?? []) walkExpr(o, visit, e);
  for (const x of e.list ?? []) walkExpr(x, visit, e);
}

export class ExprIndex {
  private readonly bySpan = new Map<string, Expr[]>();
  private readonly parents = new Map<Expr, Expr | undefined>();
  /** Every expression of the body in source order of the full-expressions, outermost first. */
  readonly all: Expr[] = [];

  constructor(body: FunctionBody) {
    for (const full of body.fullExpressions) {
      walkExpr(full, (e, parent) => {
        if (this.parents.has(e)) return;
        this.parents.set(e, parent);
        this.all.push(e);
        const key = `${e.loc.start}:${e.loc.end}`;
        const list = this.bySpan.get(key);
        if (list) list.push(e);
        else this.bySpan.set(key, [e]);
      });
    }
  }

  /** The outermost expression spanning exactly [start, end). */
  at(start: number, end: number): Expr | undefined {
    return this.bySpan.get(`${start}:${end}`)?.[0];
  }

  /** All expressions spanning exactly [start, end), outermost first. */
  allAt(start: number, end: number): Expr[] {
    return this.bySpan.get(`${start}:${end}`) ?? [];
  }

  parent(e: Expr): Expr | undefined {
    return this.parents.get(e);
  }

  /** The innermost expression whose span contains `offset`. */
  innermostAt(offset: number): Expr | undefined {
    let best: Expr | undefined;
    for (const e of this.all) {
      if (e.loc.start <= offset && offset < e.loc.end) {
        if (!best || e.loc.end - e.loc.start <= best.loc.end - best.loc.start) best = e;
      }
    }
    return best;
  }
}
