// Calls of the IVP intrinsics (`IVP_*`, declared by <xtensa/tie/xt_ivp32.h>): each argument must
// convert to its parameter, and a wrong one is reported at the argument itself, naming the
// intrinsic, the position and both types with their lanes (`IVP_ADDN_2X32 takes 'xb_vecN_2x32v'
// (16 × int32_t) as its 1st argument, not 'xb_vecNx16' (32 × int16_t)`). A parameter the
// intrinsic writes (the destination of a load, the pointer of an _IP/_XP form, an accumulator)
// takes a modifiable lvalue of exactly its type.

import type { Ctx } from './context';
import type { FunctionDecl, Loc } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { implicitConversion } from './conversions';
import { nonReference, quoteType, type Type } from '../model/types';
import { LANE_C_TYPE } from '../model/vector-types';

/** A function the IVP header declares: a free `IVP_*` function without a body. */
export function isIntrinsic(fn: FunctionDecl): boolean {
  return fn.name.startsWith('IVP_') && !fn.owner && !fn.body;
}

/** A type for a message, with a vector's lanes: `'xb_vecNx16' (32 × int16_t)`. */
function describe(t: Type): string {
  const n = nonReference(t);
  const v = n.kind === 'vector' ? n.vector : undefined;
  return v ? `${quoteType(n)} (${v.lanes} × ${v.file === 'vbool' ? 'bool' : LANE_C_TYPE[v.lane]})` : quoteType(n);
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** Checks the arguments of a call of the intrinsic `fn`; false when one was reported. */
export function checkIntrinsicArguments(ctx: Ctx, fn: FunctionDecl, args: Expr[], loc: Loc): boolean {
  if (args.length !== fn.params.length) {
    ctx.a.error(loc, 'intrinsic-argument', `${fn.name} takes ${fn.params.length} argument${fn.params.length === 1 ? '' : 's'}, not ${args.length}`);
    return false;
  }
  let ok = true;
  args.forEach((a, i) => {
    if (a.type.kind === 'error' && !a.list) {
      ok = false;
      return;
    }
    const p = fn.params[i].type;
    if (implicitConversion(ctx, a, p)) return;
    ok = false;
    const written = p.kind === 'reference' && !p.referee.const;
    const message = written && a.cat !== 'lvalue'
      ? `${fn.name} writes its ${ordinal(i + 1)} argument: it takes an lvalue of type ${describe(p)}, not an rvalue`
      : written
        ? `${fn.name} writes its ${ordinal(i + 1)} argument: it takes an lvalue of type ${describe(p)}, not ${describe(a.type)}`
        : `${fn.name} takes ${describe(p)} as its ${ordinal(i + 1)} argument, not ${a.list ? "'initializer list'" : describe(a.type)}`;
    ctx.a.error(a.loc, 'intrinsic-argument', message);
  });
  return ok;
}
