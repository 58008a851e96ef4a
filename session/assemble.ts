// Assembling a program source for a launch: where `q7 run` and the debug adapter place a `.S` file
// per core (its reset vector; on q7 past the 1 KiB vector area at VECBASE, with the ROM's window
// handlers linked in). AsmError (file:line:col) passes through.

import { type CoreName, Q7 } from '../emulator';
import { WINDOW_VECTORS_NAME, WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from '../target/q7/window-vectors';
import { assemble } from '../xtensa/asm';
import type { ElfImage } from '../xtensa/elf';

/** Where assembly is placed per core. */
export const ASM_BASE: Record<CoreName, number> = { lx106: 0x50000000, dc233c: 0xfe000000, de233_fpu: 0xfe000000, q7: 0x40000400 };


/** Assembles a program for `cpu`; on q7 the ROM's window handlers are linked in at VECBASE. */
export function assembleProgram(name: string, text: string, cpu: CoreName): ElfImage {
  const sources = [{ name, text }];
  if (cpu !== 'q7') return assemble(sources, { base: ASM_BASE[cpu] }).image;
  sources.push({ name: WINDOW_VECTORS_NAME, text: WINDOW_VECTORS_SOURCE });
  return assemble(sources, { base: ASM_BASE.q7, sectionStart: { [WINDOW_VECTORS_SECTION]: Q7.resetVecbase } }).image;
}
