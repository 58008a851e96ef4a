// The one constructor of typed expression nodes the passes share (a file of its own, so a pass that
// only builds nodes does not depend on the expression checker).

import type { Loc } from '../model/declarations';
import type { Expr, ValueCategory } from '../model/expressions';
import type { Type } from '../model/types';

/** A typed expression node of `kind`. */
export const mk = (kind: string, type: Type, cat: ValueCategory, loc: Loc, extra: Partial<Expr> = {}): Expr => ({ kind, type, cat, loc, ...extra });
