// The call stack as the user sees it: each machine frame (register windows or .debug_frame's
// unwinding, innermost first) expanded into the functions active at its PC — the calls inlined there
// (DWARF's DW_TAG_inlined_subroutine), innermost first, then the function itself. An inlined frame shares
// its machine frame's registers and memory; its variables are its own scope's (Program.variablesAt's
// depth), and the frame out from it stands at the call's line (DW_AT_call_line / DW_AT_call_file).

import type { InlinedFrame } from '../debuginfo';

export interface UserFrame {
  /** The machine frame (an index into the runtime's stack) this function runs in. */
  readonly machine: number;
  /** Which of the machine frame's functions: 0 = the innermost inlined call (or the function). */
  readonly depth: number;
  /** The inlined function's name; absent for the machine frame's own function (named from its PC). */
  readonly name?: string;
  /** Where this function stands when that is not the PC's line: the line and file of the inlined call it made. */
  readonly line?: number;
  readonly file?: string;
}

/**
 * The user's frames for `machineFrames` machine frames, given each one's inlined functions at its PC
 * (`inlinedAt(k)`: innermost first, the machine frame's function last; empty without debug information)
 * and the inlined call whose code begins at the innermost frame's PC (`startingAt`: the stop is still
 * at that call, so the innermost frame stands at its line).
 */
export function userFrames(machineFrames: number, inlinedAt: (machine: number) => readonly InlinedFrame[], startingAt?: InlinedFrame): UserFrame[] {
  const out: UserFrame[] = [];
  for (let k = 0; k < machineFrames; k++) {
    const fns = inlinedAt(k);
    const levels = Math.max(1, fns.length);
    for (let d = 0; d < levels; d++) {
      const inlined = d < fns.length - 1;
      const caller = d > 0 ? fns[d - 1] : k === 0 ? startingAt : undefined;
      out.push({
        machine: k,
        depth: d,
        ...(inlined ? { name: fns[d].name } : {}),
        ...(caller?.callLine !== undefined ? { line: caller.callLine } : {}),
        ...(caller?.callFile !== undefined ? { file: caller.callFile } : {}),
      });
    }
  }
  return out;
}
