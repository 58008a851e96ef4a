// The -O1 pipeline over a module: functions are optimised callees first (bottom-up over the call
// graph), so inlining copies already optimised bodies. Per function: promotion of scalar slots, then
// inlining of small callees, then rounds of block merging, constant folding, 64-bit narrowing,
// forwarding and address folding, redundant slot load elimination, dead code elimination, scalar
// replacement of stack objects, promotion of the new field slots and copy propagation (local and
// global), until no slot is split or promoted any more. At -O2, then, the loop passes: rotation and
// loop-invariant code motion, and copy propagation, dead code and block merging after them, then
// common-subexpression elimination (with copy propagation and dead code after it), copy coalescing,
// loop unswitching, the removal of index checks on loop counters by versioning, the narrowing of
// 64-bit loop counters by versioning, strength reduction of index
// arithmetic (with constant folding, copy propagation and dead code after it), the replacement of
// counters' exit tests by tests of the offsets stepped beside them, and last live-range splitting at
// innermost loops.

import type { Func, Module } from '../ir/ir';
import { mergeBlocks } from './blocks';
import { coalesceCopies } from './coalesce';
import { eliminateCommonSubexpressions } from './cse';
import { propagateCopies } from './copies';
import { propagateCopiesGlobally } from './copy-flow';
import { foldConstants } from './constants';
import { eliminateDeadCode } from './dce';
import { foldAddresses, forwardInvariantCopies } from './fold';
import { INLINE_LIMITS, inlineCalls, instrCount, snapshot, type InlineCandidate } from './inline';
import { versionIndexChecks } from './index-checks';
import { hoistInvariants } from './licm';
import { eliminateRedundantLoads } from './loads';
import { narrowArithmetic } from './narrow';
import { naturalLoops } from './loops';
import { narrowLoopCounters } from './narrow-loops';
import { promoteLocals } from './promote';
import { rotateLoops } from './rotate';
import { scalarizeSlots } from './scalarize';
import { splitAtLoops } from './split';
import { replaceLoopTests } from './test-replace';
import { reduceStrength } from './strength';
import { unswitchLoops } from './unswitch';

/** Options of the pipeline (tests switch inlining off to look at one function's own code). */
export interface PipelineOptions {
  readonly inline?: boolean;
  /** 1 (default) or 2: -O2 inlines larger callees into larger callers (inline.ts: INLINE_LIMITS). */
  readonly level?: 1 | 2;
  /**
   * Whether the debug information describes the variables of a call inlined at a call site in `file`
   * (default: every file). Described variables are kept like the caller's own, so the build leaves out
   * the SDK's (translate.ts): its accessor chain is inlined whole into kernel loops.
   */
  readonly describeInlined?: (file: string) => boolean;
}

/**
 * Optimises one function whose callees `ready` returns are already optimised; returns the body to
 * inline in its callers (see inline.ts: snapshot).
 */
export function optimizeFunction(f: Func, ready: (symbol: string) => InlineCandidate | undefined, options: PipelineOptions = {}): Func {
  promoteLocals(f);
  if (options.inline !== false) inlineCalls(f, ready, INLINE_LIMITS[options.level ?? 1], options.describeInlined);
  const body = snapshot(f);
  for (let round = 0; round < 3; round++) {
    mergeBlocks(f);
    foldConstants(f);
    narrowArithmetic(f);
    forwardInvariantCopies(f);
    foldAddresses(f);
    eliminateRedundantLoads(f);
    eliminateDeadCode(f);
    const split = scalarizeSlots(f);
    const promoted = promoteLocals(f);
    propagateCopies(f);
    propagateCopiesGlobally(f);
    eliminateDeadCode(f);
    if (!split && !promoted) break;
  }
  mergeBlocks(f);
  if (options.level === 2) {
    loopPasses(f);
    f.debugRanges = true;
  }
  return body;
}

/**
 * -O2's loop passes: rotation, loop-invariant code motion and the clean-up after it, common
 * subexpressions, copy coalescing, unswitching, index-check versioning, counter narrowing, strength
 * reduction, test replacement, live-range splitting. A function without a natural loop (most SDK
 * functions) skips the passes that only change loops: each would find none, and no pass here adds a
 * CFG edge.
 */
function loopPasses(f: Func): void {
  const loops = naturalLoops(f).length > 0;
  if (loops) {
    rotateLoops(f);
    if (hoistInvariants(f)) {
      propagateCopies(f);
      propagateCopiesGlobally(f);
      eliminateDeadCode(f);
      mergeBlocks(f);
    }
  }
  if (eliminateCommonSubexpressions(f)) {
    propagateCopies(f);
    propagateCopiesGlobally(f);
    eliminateDeadCode(f);
  }
  coalesceCopies(f);
  if (loops) {
    if (unswitchLoops(f)) eliminateDeadCode(f);
    if (versionIndexChecks(f)) {
      mergeBlocks(f);
      eliminateDeadCode(f);
    }
    // the narrowed loops read their counter's low word through copies of the 32-bit one
    if (narrowLoopCounters(f)) propagateCopies(f);
    if (reduceStrength(f)) {
      foldConstants(f);
      propagateCopies(f);
      propagateCopiesGlobally(f);
      eliminateDeadCode(f);
    }
    if (replaceLoopTests(f)) eliminateDeadCode(f);
  }
  // the loop passes leave `t = b + c` address arithmetic (CSE, hoisting) that memory operands absorb
  if (foldAddresses(f)) eliminateDeadCode(f);
  if (loops) splitAtLoops(f);
}

export function optimizeModule(m: Module, options: PipelineOptions = {}): void {
  const bySymbol = new Map(m.funcs.map((f) => [f.symbol, f]));
  const done = new Map<Func, InlineCandidate>();
  const active = new Set<Func>();
  const ready = (s: string) => {
    const f = bySymbol.get(s);
    return f && done.get(f);
  };
  const visit = (f: Func) => {
    if (done.has(f) || active.has(f)) return;
    active.add(f);
    for (const b of f.blocks) {
      for (const i of b.instrs) {
        const callee = i.op === 'call' && typeof i.callee === 'string' ? bySymbol.get(i.callee) : undefined;
        if (callee) visit(callee);
      }
    }
    const body = optimizeFunction(f, ready, options);
    active.delete(f);
    done.set(f, { body, size: instrCount(f) });
  };
  for (const f of m.funcs) visit(f);
}
