// What `compile` takes and gives back (compiler/index.ts re-exports these): the options, the result,
// and a kernel image's kernel table records. A file of its own so the build cache (cache/build.ts),
// which stores and rebuilds results, need not import the compiler's face.

import type { BuildCache } from './cache';
import type { CompileDiagnostic } from './lower/errors';
import type { ElfImage } from '../xtensa/elf';
import type { Registration } from '../language';

export interface CompileOptions {
  readonly includePaths?: string[];
  readonly defines?: Record<string, string>;
  /** 0 (default): every local in its stack slot; 1: the IR optimiser (opt/pipeline.ts: inlining,
   *  folding, scalar replacement, promotion to registers, dead code) and a2..a7 allocated by live
   *  intervals (see compiler/README.md, -O1); 2: -O1 with larger inlining limits, loop rotation
   *  and loop-invariant code motion (compiler/README.md, -O2). */
  readonly optimize?: 0 | 1 | 2;
  /** Emit DWARF (default true). */
  readonly debug?: boolean;
  /** Where the runtime library and whole builds are kept between runs (see compiler/cache/). A hit
   *  returns what a fresh build returns; a failing cache is a miss. */
  readonly cache?: BuildCache;
}

export interface CompileResult {
  readonly diagnostics: CompileDiagnostic[];
  /** The generated assembly of the user's file (also on failure to assemble). */
  readonly assembly?: string;
  readonly image?: ElfImage;
  /** The ELF file bytes. */
  readonly elf?: Uint8Array;
  /** A kernel image's kernels (the file has no `main`), in opcode order; undefined for a program. */
  readonly kernels?: KernelInfo[];
  /** The op registrations of the file (NEURON_LIBRARY's m.def calls; a shape file's). */
  readonly registrations?: Registration[];
  /** With a cache: 'hit' (the result came from it) or 'miss' (built, then stored). */
  readonly cache?: CacheLookup;
}

/** One record of a kernel image's kernel_info_table. */
export interface KernelInfo {
  readonly name: string;
  readonly opcode: number;
  /** `__q7_kernel_<name>`: the table entry. */
  readonly thunk: string;
  /** The kernel function's own symbol. */
  readonly symbol: string;
  /** 'tensor' (argv[i] is the handle) or the scalar's memory type (argv[i] points at the value). */
  readonly params: string[];
  readonly returnsTensor: boolean;
}

/** Whether a build with a cache came from it ('hit') or was built, then stored ('miss'). */
export type CacheLookup = 'hit' | 'miss';
