// The window-exception handlers of target/q7 (window-vectors.ts), assembled with our assembler at a
// chosen VECBASE, as a piece to load next to a test program.

import { assemble } from '../../../xtensa/asm';
import type { Piece } from './elf-image';

import { WINDOW_VECTORS_SOURCE } from '../../../target/q7/window-vectors';

export interface Rom {
  readonly piece: Piece;
  readonly symbols: ReadonlyMap<string, number>;
}

export function windowVectors(vecbase: number): Rom {
  const { image } = assemble([{ name: 'window-vectors.S', text: WINDOW_VECTORS_SOURCE }], { base: vecbase });
  const seg = image.segments.find((s) => s.data.length > 0);
  if (!seg || seg.vaddr !== vecbase) throw new Error('window vectors did not assemble at VECBASE');
  const symbols = new Map(image.symbols.filter((s) => s.name).map((s) => [s.name, s.value >>> 0] as [string, number]));
  return { piece: { addr: seg.vaddr, bytes: seg.data }, symbols };
}
