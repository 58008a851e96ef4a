// The semantic properties an instruction-table row carries besides its encoding: facts of the
// instruction set that every consumer reads from the row instead of restating per mnemonic — what
// the instruction may raise, which memory it accesses and how wide, which special or user register
// it reads or writes. (Control flow is the row's `flow`, in table.ts.) Nothing here knows of the
// emulator; its dispatch and block compiler derive their lists from these facts.

/**
 * An exception class an instruction may raise by its own semantics. The implicit window-overflow
 * check of windowed cores (every AR operand is checked against the live panes) is not listed: it is
 * a property of the operands, not of the instruction.
 */
export type Raise =
  /** Alignment, addressing and protection errors of the row's data access (LoadStoreAlignment, LoadStore*Error). */
  | 'memory'
  /** S32C1I's ATOMCTL-controlled LoadStoreError (besides its alignment check). */
  | 'atomctl'
  /** IllegalInstruction: ILL, or an operand or state combination the ISA forbids (RFI 0, RETW without a caller window…). */
  | 'illegal'
  /** PrivilegedCause when the current ring is not 0. */
  | 'privileged'
  /** IntegerDivideByZero. */
  | 'divide'
  /** Window overflow or underflow taken by the instruction itself (CALLn, ENTRY, RETW). */
  | 'window'
  /** AllocaCause (MOVSP when the caller's window is not live). */
  | 'alloca'
  /** SyscallCause. */
  | 'syscall'
  /** A debug exception (BREAK, BREAK.N). */
  | 'debug'
  /** CoprocessorNDisabled while CPENABLE disables the row's coprocessor (InsnDef.cp). */
  | 'coprocessor';

export const RAISES: readonly Raise[] = [
  'memory', 'atomctl', 'illegal', 'privileged', 'divide', 'window', 'alloca', 'syscall', 'debug', 'coprocessor',
];

/** The row's data-memory access. 'rmw' reads and conditionally writes the same word (S32C1I). */
export interface MemAccess {
  readonly kind: 'load' | 'store' | 'rmw';
  /** Width in bytes (a power of two, or 192: a whole IVP wide accumulator). */
  readonly bytes: number;
}

/** The special (RSR/WSR/XSR) or user (RUR/WUR) register a row names, and how it accesses it. */
export interface RegAccess {
  readonly file: 'special' | 'user';
  readonly num: number;
  readonly access: 'read' | 'write' | 'exchange';
}

/** Special registers numbered 64 and above are privileged (ISA: access raises PrivilegedCause outside ring 0). */
export const FIRST_PRIVILEGED_SR = 64;
