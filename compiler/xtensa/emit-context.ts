// What a function's emitter (emit-function.ts) offers the instruction families that emit into it
// (emit-arith.ts, emit-branch.ts, emit-vector.ts, zext-add.ts): its writer, frame, the homes of the
// virtual registers and the runtime helpers. A file of its own so the families need not import the
// emitter that imports them.

import type { VReg } from '../ir/ir';
import type { AsmWriter } from './asm-writer';
import type { Frame } from './frame';

export interface EmitContext {
  readonly w: AsmWriter;
  readonly frame: Frame;
  /** Fresh local label. */
  label(): string;
  /** Loads word `word` (0 = low) of v's home into reg. */
  ld(reg: string, v: VReg, word?: number): void;
  st(reg: string, v: VReg, word?: number): void;
  /** The register holding word 0 of v: its home register (-O1), else `scratch` after loading it. */
  src(v: VReg, scratch: string): string;
  /** Where to compute v: its home register (-O1), else `scratch` (then st(reg, v) stores it). */
  dstReg(v: VReg, scratch: string): string;
  /** Loads/stores an f32 home to/from an FP register. */
  lsi(freg: string, v: VReg): void;
  ssi(freg: string, v: VReg): void;
  /** Calls a runtime helper with the words of `args` in a10.. and stores a10(:a11) into dst. */
  helper(name: string, args: readonly VReg[], dst?: VReg): void;
  /** -O1: the value of a register written once by a 32-bit constant (for immediate operands). */
  konst(v: VReg): number | undefined;
  /** -O1: the value of a register written once by a 64-bit constant. */
  konst64(v: VReg): bigint | undefined;
  /** -O1 (registers allocated): word operations may read and write home registers directly. */
  readonly optimized: boolean;
  /** The register holding word `word` of v: its home register, else `scratch` after loading it. */
  srcWord(v: VReg, word: number, scratch: string): string;
  /** Where to compute word `word` of v: its home register, else `scratch` (then st(reg, v, word)). */
  dstWord(v: VReg, word: number, scratch: string): string;
  /** Word `word` of v's home register, or undefined when v lives in its frame home. */
  homeWord(v: VReg, word: number): string | undefined;
}
