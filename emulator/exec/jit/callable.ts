// Handlers a compiled block may call as they are (instead of leaving the instruction to the
// interpreter): those that never raise an exception, never stop the run, never transfer control and
// always return the fall-through PC — the FP unit's loads, stores, arithmetic, conversions, compares
// and moves, the boolean moves and the high multiplies. A load or store among them may throw a
// MemFault, which the block attributes like its own accesses; a store may rewrite decoded code,
// which the block checks after it. RECIP0.S / RSQRT0.S are not here: they raise IllegalInstruction
// on cores without the approximation steps. While CPENABLE disables the FP unit the decoder gives FP
// instructions another handler, which is not in this set.

import * as bo from '../handlers/booleans';
import * as fp from '../handlers/fp';
import * as md from '../handlers/muldiv';
import type { Handler } from '../insn';

export const CALLABLE: ReadonlySet<Handler> = new Set<Handler>([
  fp.lsi, fp.lsip, fp.lsx, fp.lsxp, fp.ssi, fp.ssip, fp.ssx, fp.ssxp,
  fp.addS, fp.subS, fp.mulS, fp.maddS, fp.msubS, fp.fpStepNop, fp.addexpmS, fp.mkdadjS, fp.mksadjS,
  fp.roundS, fp.truncS, fp.floorS, fp.ceilS, fp.floatS, fp.ufloatS, fp.utruncS,
  fp.movS, fp.absS, fp.negS, fp.constS, fp.rfr, fp.wfr,
  fp.unS, fp.oeqS, fp.ueqS, fp.oltS, fp.ultS, fp.oleS, fp.uleS,
  fp.moveqzS, fp.movnezS, fp.movltzS, fp.movgezS, fp.movfS, fp.movtS,
  bo.movf, bo.movt, md.muluh, md.mulsh,
]);

/** The callable handlers that store to memory. */
export const CALLABLE_STORES: ReadonlySet<Handler> = new Set<Handler>([fp.ssi, fp.ssip, fp.ssx, fp.ssxp]);
