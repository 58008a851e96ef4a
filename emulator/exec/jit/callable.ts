// The rules that decide, from a row's properties in the instruction table (xtensa/isa/props.ts) and
// its family's declaration (exec/family.ts), what a compiled block may do with the instruction.
// No mnemonic is named here: a new row plus its family is all it takes.
//
// Inline: a family template is allowed only for a row that falls through, branches, jumps, calls or
// returns (not loops, traps or exception returns), names no special register, does not observe the
// instruction count, and whose handler can raise nothing but memory faults (the block attributes a
// thrown MemFault like the interpreter) and never stops — unless the family `defers`, i.e. its
// template leaves every such case to the interpreter.
//
// Called: a row without a template is compiled as a call of its handler (`hf[K](c, hi[K])`) when the
// handler always returns the fall-through PC: the row falls through, names no special register,
// observes no count, never stops, and may raise only memory faults (thrown, attributed by the block)
// or CoprocessorDisabled (the decoder then installs another handler, which the block does not call).
// A store among them may rewrite decoded code, which the block checks after it.

import type { Flow, InsnDef, Raise } from '../../../xtensa/isa';
import type { Family } from '../family';

const INLINE_FLOWS: ReadonlySet<Flow> = new Set<Flow>(['seq', 'branch', 'jump', 'ijump', 'call', 'icall', 'return']);
const INLINE_RAISES: ReadonlySet<Raise> = new Set<Raise>(['memory']);
const CALL_RAISES: ReadonlySet<Raise> = new Set<Raise>(['memory', 'coprocessor']);

/** The run loop stores the instruction count into the Cpu before the handler runs (CHK_SYNC). */
export function observesCount(def: InsnDef, f: Family): boolean {
  return def.reg !== undefined || f.readsCount === true;
}

/** Whether `f` may carry an inline template for `def`. */
export function inlineAllowed(def: InsnDef, f: Family): boolean {
  if (!INLINE_FLOWS.has(def.flow) || observesCount(def, f)) return false;
  return f.defers === true || (f.stops !== true && def.raises.every((r) => INLINE_RAISES.has(r)));
}

/** Whether a compiled block may call `f`'s handler for `def` (rows with a template are inlined instead). */
export function callable(def: InsnDef, f: Family): boolean {
  return (
    f.jit === undefined &&
    def.flow === 'seq' &&
    !observesCount(def, f) &&
    f.stops !== true &&
    def.raises.every((r) => CALL_RAISES.has(r))
  );
}
