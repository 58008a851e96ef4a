// What the device needs to name source positions, injected by its user (session/ implements it from
// the image's DWARF): the device itself reads no debug information.

/** A position in a source file (1-based line and column). */
export interface DeviceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface DeviceSymbols {
  /** The location a fault is reported at, given a stopped core's frames (innermost first). */
  locate(framePcs: readonly number[]): DeviceLocation | undefined;
  /** The name of the function holding `pc`. */
  functionName(pc: number): string | undefined;
  /** Where a kernel is declared (faults found after the run are reported there). */
  kernelDeclaration(name: string): DeviceLocation | undefined;
}
