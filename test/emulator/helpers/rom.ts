// The window-exception handlers of emulator/rom/window-vectors.S, assembled with our assembler at a
// chosen VECBASE, as a piece to load next to a test program.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { assemble } from '../../../xtensa/asm';
import type { Piece } from './elf-image';

export const WINDOW_VECTORS_SOURCE = path.join(__dirname, '..', '..', '..', '..', 'emulator', 'rom', 'window-vectors.S');

export interface Rom {
  readonly piece: Piece;
  readonly symbols: ReadonlyMap<string, number>;
}

export function windowVectors(vecbase: number): Rom {
  const text = fs.readFileSync(WINDOW_VECTORS_SOURCE, 'utf8');
  const { image } = assemble([{ name: 'window-vectors.S', text }], { base: vecbase });
  const seg = image.segments.find((s) => s.data.length > 0);
  if (!seg || seg.vaddr !== vecbase) throw new Error('window vectors did not assemble at VECBASE');
  const symbols = new Map(image.symbols.filter((s) => s.name).map((s) => [s.name, s.value >>> 0] as [string, number]));
  return { piece: { addr: seg.vaddr, bytes: seg.data }, symbols };
}
