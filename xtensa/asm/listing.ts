// The assembler's listing: one record per statement that produced bytes, at its final address. The
// assembler (assemble.ts) makes it; the .xt.prop writer (xtprop.ts), the DWARF line writer and
// `q7 objdump -S` read it. A file of its own so the readers need not import the assembler.

import type { SourceLoc } from './errors';

/** One statement that produced bytes, at its final address. */
export interface ListingLine {
  readonly file: string;
  readonly line: number;
  readonly address: number;
  readonly size: number;
  /** Output section name. */
  readonly section: string;
  readonly kind: 'insn' | 'data';
  readonly text: string;
  readonly bytes: Uint8Array;
  /** The source position the assembly's `.loc` directives give the line (compiled code), if any. */
  readonly source?: SourceLoc;
  /** A literal-pool word placed inside a code section (a function section's pool, layout.ts). */
  readonly literal?: true;
}
