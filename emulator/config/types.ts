// The description of one emulated core: ISA options, register-file size, memory map, reset state,
// exception-vector offsets and the few behaviours that differ between configurations.

import type { Feature } from '../../xtensa/isa';

export type CoreName = 'lx106' | 'dc233c' | 'de233_fpu' | 'q7';

export interface MemoryRegionSpec {
  readonly name: string;
  readonly base: number;
  readonly size: number;
}

/** Exception-vector offsets from VECBASE (relocatable vectors, XEA2). */
export interface VectorOffsets {
  readonly kernel: number;
  readonly user: number;
  readonly double: number;
  readonly debug: number;
  readonly nmi: number;
  /** Window overflow/underflow vectors (windowed cores only), indexed by frame size 4/8/12. */
  readonly window?: {
    readonly overflow4: number;
    readonly underflow4: number;
    readonly overflow8: number;
    readonly underflow8: number;
    readonly overflow12: number;
    readonly underflow12: number;
  };
}

export interface CoreConfig {
  readonly name: CoreName;
  readonly description: string;
  /** ISA options: rows of xtensa/isa whose feature is missing raise IllegalInstruction. */
  readonly features: ReadonlySet<Feature>;
  /** Physical address registers (16 for call0-only cores, 32 or 64 with the windowed option). */
  readonly nareg: 16 | 32 | 64;
  /** Reset PC, or 'entry' to start at the ELF entry point. */
  readonly resetPc: number | 'entry';
  readonly resetVecbase: number;
  readonly vectors: VectorOffsets;
  readonly memory: readonly MemoryRegionSpec[];
  /** Unaligned 16/32-bit accesses raise LoadStoreAlignment (else the address is rounded down). */
  readonly unalignedException: boolean;
  /**
   * PS.RING exists (MMU cores). With QEMU's reset mapping every page is ring 0, so any fetch in a
   * ring other than 0 raises InstFetchPrivilege (cause 18); WSR.PS keeps the RING bits.
   */
  readonly rings: boolean;
  /** ATOMCTL exists; S32C1I raises LoadStoreError while its bypass field (bits 1:0) is 0. */
  readonly atomctl: boolean;
  /** Interrupt levels (EPC2..EPCn), debug level and NMI level. */
  readonly interruptLevels: number;
  readonly debugLevel: number;
  readonly nmiLevel: number;
  /** Reset values. */
  readonly resetPs: number;
  readonly resetWindowStart: number;
  /** RECIP0.S/RSQRT0.S exist (QEMU's de233_fpu raises IllegalInstruction for them). */
  readonly fpApproxSteps: boolean;
}

export const XEA2_WINDOW_VECTORS = {
  overflow4: 0x000,
  underflow4: 0x040,
  overflow8: 0x080,
  underflow8: 0x0c0,
  overflow12: 0x100,
  underflow12: 0x140,
} as const;
