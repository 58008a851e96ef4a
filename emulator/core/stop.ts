// Why a run or step stopped. Every way the machine can stop is one variant here.

export type StopReason =
  /** The program exited through semihosting (SIMCALL 1); `code` is a3 as a signed 32-bit value. */
  | { readonly kind: 'exit'; readonly code: number }
  /** The instruction budget of run()/step() was used up; `pc` is the next instruction. */
  | { readonly kind: 'limit'; readonly pc: number }
  /** A PC breakpoint was reached; the instruction at `pc` has not executed. */
  | { readonly kind: 'breakpoint'; readonly pc: number }
  /** A BREAK/BREAK.N instruction at `pc` (with its immediates) in breakMode 'stop'. */
  | { readonly kind: 'break'; readonly pc: number; readonly s: number; readonly t: number }
  /** A watched address was accessed by the instruction at `pc` (which completed); `nextPc` follows. */
  | {
      readonly kind: 'watchpoint';
      readonly id: number;
      readonly pc: number;
      readonly nextPc: number;
      readonly addr: number;
      readonly size: number;
      readonly access: 'read' | 'write';
    }
  /**
   * An exception: with stopOnException the instruction at `pc` raised it and nothing was changed;
   * as `fault`, the exception could not be handled (its vector holds no executable code), and the
   * fields describe the original exception.
   */
  | {
      readonly kind: 'exception' | 'fault';
      readonly cause: number;
      readonly causeName: string;
      readonly pc: number;
      readonly vaddr?: number;
    }
  /**
   * ENTRY or MOVSP at `pc` would have set the stack pointer to `sp`, below Cpu.stackLimit; the
   * instruction has not executed (the check is off while stackLimit is 0).
   */
  | { readonly kind: 'stack-limit'; readonly pc: number; readonly sp: number; readonly limit: number }
  /** WAITI with no interrupt that could ever wake the core. */
  | { readonly kind: 'halt'; readonly pc: number };
