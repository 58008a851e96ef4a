// A failed memory access: thrown by the memory's slow path and turned into an exception (EXCCAUSE,
// EXCVADDR) by the interpreter loop, which knows the faulting instruction.

export class MemFault {
  constructor(
    readonly cause: number,
    readonly vaddr: number,
  ) {}
}
