// The emulator's semantics of one instruction family, declared once beside its handler (each module
// of handlers/ exports its FAMILIES): the rows it implements, the interpreter handler, optionally the
// block compiler's inline template, and the few facts about the *emulator's* handler that the
// instruction table cannot know. Everything else the dispatch and the block compiler need (may it
// raise, does it access memory, is it a transfer, does it name a special register) is read from the
// table row; handlers/index.ts builds the per-row registry and jit/callable.ts holds the rules.

import type { InsnDef } from '../../xtensa/isa';
import type { Handler } from './insn';
import type { Template } from './jit/template';

export interface Family {
  /** The rows: mnemonics, or a predicate over rows (one declaration for every RSR.* row…). */
  readonly rows: readonly string[] | ((d: InsnDef) => boolean);
  readonly handler: Handler;
  /** Inline JavaScript for compiled blocks (jit/template.ts), mirroring the handler. */
  readonly jit?: Template;
  /**
   * The handler observes the retired-instruction count (a run stop that reports it, the semihost):
   * the run loop stores the count into the Cpu before calling it. Rows naming a special or user
   * register get this from the table (RSR.CCOUNT).
   */
  readonly readsCount?: boolean;
  /** The handler may end the run (returns STOP): a break, halt, exit or sanitizer stop. */
  readonly stops?: boolean;
  /**
   * The template completes only the normal path and leaves to the interpreter every case in which
   * the handler would raise or stop (window checks, the stack-limit stop): then the row may carry a
   * template although its row raises more than memory faults.
   */
  readonly defers?: boolean;
}

type Extra = Omit<Family, 'rows' | 'handler'>;

/** One family: `rows` are mnemonics (or a predicate), `handler` the interpreter's, `extra` the rest. */
export function family(rows: Family['rows'], handler: Handler, extra: Extra | Template = {}): Family {
  return typeof extra === 'function' ? { rows, handler, jit: extra } : { rows, handler, ...extra };
}
