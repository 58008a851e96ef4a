// Links a program: the ROM start-up, the window vectors (at VECBASE), the runtime library, the
// user's assembly and the ROM's end marker are assembled together into one executable image for the
// q7 core. Code and literal pools go to IRAM after the vectors, data to the local data RAM.

import { Q7, Q7_DRAM_BASE } from '../emulator/config';
import { WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from '../emulator/rom';
import { assemble, type AssembleResult } from '../xtensa/asm';
import { ROM_END_NAME, ROM_END_SOURCE, ROM_STARTUP_NAME, ROM_STARTUP_SOURCE } from './runtime/rom';

/** Where code starts: right after the 1 KiB of window vectors at VECBASE. */
export const CODE_BASE = Q7.resetVecbase + 0x400;
export const DATA_BASE = Q7_DRAM_BASE;

export interface LinkInput {
  readonly name: string;
  readonly text: string;
}

export const WINDOW_VECTORS_NAME = 'rom/window-vectors.S';

export function link(units: readonly LinkInput[]): AssembleResult {
  const sources = [
    { name: ROM_STARTUP_NAME, text: ROM_STARTUP_SOURCE },
    { name: WINDOW_VECTORS_NAME, text: WINDOW_VECTORS_SOURCE },
    ...units,
    { name: ROM_END_NAME, text: ROM_END_SOURCE },
  ];
  return assemble(sources, {
    base: CODE_BASE,
    sectionStart: { [WINDOW_VECTORS_SECTION]: Q7.resetVecbase, '.literal': CODE_BASE, '.rodata': DATA_BASE },
    entry: '_start',
  });
}
