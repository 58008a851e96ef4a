// Public face of compiler/: a kernel source (read through the front-end's file host — the compiler
// does no I/O) → an Xtensa ELF32 executable for the q7 core with the runtime library and the ROM
// linked in, and DWARF for the debugger.

import type { FileHost, Frontend } from '../language';
import { AsmError } from '../xtensa/asm';
import { writeElf } from '../xtensa/elf/writer';
import type { ElfImage } from '../xtensa/elf/types';
import { addDebugInfo } from './dwarf/debug-info';
import { link } from './link';
import type { CompileDiagnostic } from './lower/errors';
import { referencedSymbols, runtimeLibrary } from './runtime/library';
import { translateUnit } from './translate';

export { formatCompileDiagnostic, type CompileDiagnostic } from './lower/errors';
export { RuntimeBuildError } from './runtime/library';

export interface CompileOptions {
  readonly includePaths?: string[];
  readonly defines?: Record<string, string>;
  /** Optimisation level; only -O0 (every local in its stack slot) exists so far. */
  readonly optimize?: 0;
  /** Emit DWARF (default true). */
  readonly debug?: boolean;
}

export interface CompileResult {
  readonly diagnostics: CompileDiagnostic[];
  /** The generated assembly of the user's file (also on failure to assemble). */
  readonly assembly?: string;
  readonly image?: ElfImage;
  /** The ELF file bytes. */
  readonly elf?: Uint8Array;
}

/** Compiles `file` (and links the runtime and ROM) into an executable image. Never throws on bad input. */
export function compile(frontend: Frontend, file: string, host: FileHost, options: CompileOptions = {}): CompileResult {
  const runtime = runtimeLibrary(frontend);
  const unit = translateUnit(frontend, file, host, { includePaths: options.includePaths, defines: options.defines, runtime: runtime.functions, prefix: 'u' });
  if (!unit.emitted) return { diagnostics: unit.diagnostics };
  const assembly = unit.emitted.writer.text();
  if (!unit.defined.has('main')) {
    return { diagnostics: [{ file, line: 1, column: 1, message: "no 'main' function: the program needs one (kernel entry points are not supported yet)" }], assembly };
  }
  const userAsm = { name: file.replace(/\.[^./]*$/, '') + '.s', text: assembly };
  const rtAsm = { name: 'runtime/runtime.s', text: runtime.textFor(referencedSymbols(assembly)) };
  let linked;
  try {
    linked = link([rtAsm, userAsm]);
  } catch (e) {
    if (e instanceof AsmError) return { diagnostics: [{ file, line: 1, column: 1, message: `internal: the generated assembly does not assemble: ${e.message}` }], assembly };
    throw e;
  }
  const image = linked.image;
  if (options.debug !== false) {
    addDebugInfo(image, linked.listing, { asmName: userAsm.name, unit, sourceFile: file, model: unit.model! });
  }
  return { diagnostics: [], assembly, image, elf: writeElf(image) };
}
