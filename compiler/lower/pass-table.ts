// The table through which a lowering pass calls a pass built on top of it (function.ts: `passes`),
// filled once when this file loads. module.ts, the driver above every pass, loads it.

import { callMember, lowerCall } from './calls';
import { defaultMemberInit } from './class-bodies';
import { copyAssign, copyConstructMember, copyObject } from './copies';
import { lvalue, rvalue } from './expressions';
import { registerPasses } from './function';
import { baseOffset, destroy, initFromExpr, needsDestruction } from './objects';
import { registerExit } from './startup';

registerPasses({
  rvalue, lvalue, lowerCall, callMember,
  initFromExpr, destroy, needsDestruction, baseOffset,
  copyObject, copyConstructMember, copyAssign,
  defaultMemberInit, registerExit,
});
