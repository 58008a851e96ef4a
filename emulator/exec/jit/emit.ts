// JavaScript source for one instruction inside a compiled block (see compile.ts), derived from the
// instruction's hook (handlers/index.ts): the family's inline template where it has one (integer
// ALU, shifts, loads/stores, MUL16/MUL32, NOP-like sync, and as the last instruction of a block the
// branches, jumps, calls and returns of both ABIs), else a call of its handler where the rules of
// jit/callable.ts allow it (`hf[K](c, hi[K])`: FP, boolean logic and moves, high multiplies…);
// everything else ends the block and runs in the interpreter. Templates: jit/template.ts.

import type { Insn } from '../insn';
import { hookFor } from '../handlers';
import { type Emitted, leaveIfCodeChanged, leaveIfFaulted } from './template';

export type { Emitted } from './template';

/** Source for instruction `i` at index `k` of a block, or undefined if it is not compiled. */
export function emit(i: Insn, k: number, epoch: number, litbase: number): Emitted | undefined {
  if (i.def === null) return undefined;
  const hook = hookFor(i.def);
  if (hook === undefined) return undefined;
  const x = { k, epoch, litbase };
  if (hook.jit) return hook.jit(i, x);
  // The decoder may have installed another handler (CoprocessorDisabled): only the row's own is called.
  if (!hook.callable || i.inner !== hook.handler) return undefined;
  // a handler that may fault is called through jit/slow.ts's `catching` (compile.ts), which keeps the fault in c.jitFault
  const throws = i.def.raises.includes('memory');
  const after = `${throws ? ` ${leaveIfFaulted(i)}` : ''}${hook.stores ? ` ${leaveIfCodeChanged(i, x)}` : ''}`;
  return { kind: 'seq', code: `c.jitK = ${k}; c.jitN = done + ${k}; hf[${k}](c, hi[${k}]);${after}`, window: registerOperands(i), throws };
}

/**
 * The address registers a called handler reaches: its AR operands (operands k < 4 are predecoded
 * into a..d), undefined when that is not known (an AR operand past the fourth, or a row whose `b`
 * holds a special register number).
 */
function registerOperands(i: Insn): readonly number[] | undefined {
  const def = i.def!;
  const fields = [i.a, i.b, i.c, i.d];
  const regs: number[] = [];
  for (let k = 0; k < def.operands.length; k++) {
    if (def.operands[k].kind !== 'ar') continue;
    if (k >= fields.length || (k === 1 && def.reg)) return undefined;
    regs.push(fields[k]);
  }
  return regs;
}
