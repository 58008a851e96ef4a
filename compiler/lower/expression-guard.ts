// Constructs the semantic model accepts but the compiler does not translate (yet) and those the device
// cannot run: the front-end notes the first one in each full-expression and initialiser
// (FullExpr.rejected, language/model/statements.ts); lowering stops with a clear error at its place
// before the expression is lowered, so they can never turn into wrong code.

import type { RejectedConstruct, RejectedConstructKind } from '../../language/model';
import { unsupported } from './errors';
import type { FnLower } from './function';

const WHY: Record<RejectedConstructKind, string> = {
  new: "'new' is not supported on the device",
  delete: "'delete' is not supported on the device",
  throw: 'exceptions are not supported on the device',
  co_await: 'coroutines are not supported',
  asm: 'inline assembly is not supported yet',
  _Generic: '_Generic is not supported',
  dynamic_cast: 'dynamic_cast is not supported',
  typeid: 'typeid is not supported',
};

/** Stops at a rejected construct, if there is one. */
export function checkSupportedExpression(f: FnLower, rejected: RejectedConstruct | undefined): void {
  if (rejected) unsupported(f.pos(rejected.loc), WHY[rejected.construct]);
}
