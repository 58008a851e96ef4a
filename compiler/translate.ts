// One translation unit through the front-end and the compiler: analysis, lowering to IR, and
// Xtensa assembly. Front-end errors stop here; so does anything the compiler cannot translate yet.

import { isSdkFile, type CompleteUnit, type FileHost, type Frontend } from '../language';
import type { FunctionDecl } from '../language/model';
import type { Module } from './ir/ir';
import { Unsupported, type CompileDiagnostic } from './lower/errors';
import { lowerUnit } from './lower/unit';
import { dropDeadFunctions } from './opt/dead-functions';
import { optimizeModule } from './opt/pipeline';
import { emitModule, type EmittedModule } from './xtensa/emit-module';

export interface UnitOptions {
  readonly includePaths?: string[];
  readonly defines?: Record<string, string>;
  /** Functions the runtime library provides (callable without a definition in the unit). */
  readonly runtime: ReadonlySet<string>;
  /** Label prefix unique among the files linked together. */
  readonly prefix: string;
  /** Free functions keep plain C names (the runtime library itself). */
  readonly plainNames?: boolean;
  /** 1 or 2: run the IR optimiser at that level (compiler/opt/pipeline.ts). */
  readonly optimize?: 0 | 1 | 2;
}

export interface TranslatedUnit {
  readonly diagnostics: CompileDiagnostic[];
  readonly module?: Module;
  readonly emitted?: EmittedModule;
  /** Names of the global functions the unit defines. */
  readonly defined: Set<string>;
  /** The unit as the front-end handed it over (types for the debug information). */
  readonly model?: CompleteUnit;
  /** The assembly symbol of each function the unit defines or calls. */
  readonly symbolOf?: (fn: FunctionDecl) => string | undefined;
}

export function translateUnit(frontend: Frontend, file: string, host: FileHost, options: UnitOptions): TranslatedUnit {
  const analysis = frontend.analyze(file, host, { includePaths: options.includePaths, defines: options.defines });
  const errors = analysis.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length) {
    return {
      diagnostics: errors.map((d) => ({ file: d.range.file, line: d.range.start.line + 1, column: d.range.start.column + 1, message: d.message })),
      defined: new Set(),
    };
  }
  const unit = frontend.handOver(analysis);
  const m = lowerUnit(unit, options.runtime, options.prefix, options.plainNames, options.optimize === 1 || options.optimize === 2);
  if (m.diagnostics.length) return { diagnostics: m.diagnostics, defined: new Set() };
  const module: Module = { funcs: m.funcs, data: m.data, externs: m.externs };
  if (options.optimize === 1 || options.optimize === 2) {
    optimizeModule(module, { level: options.optimize, describeInlined: (file) => !isSdkFile(file) });
    // what the unit lowered only because code reached it (no decl of its own roots) goes once inlined
    const roots = new Set<unknown>(unit.roots);
    dropDeadFunctions(module, (f) => f.decl !== undefined && !roots.has(f.decl));
  }
  let emitted: EmittedModule;
  try {
    emitted = emitModule(module, file, options.prefix);
  } catch (e) {
    // what code generation cannot do (a frame too large for ENTRY) is an error at the function
    if (e instanceof Unsupported && e.at) return { diagnostics: [{ ...e.at, message: e.message }], defined: new Set() };
    throw e;
  }
  return { diagnostics: [], module, emitted, defined: new Set(m.funcs.map((f) => f.symbol)), model: unit, symbolOf: (fn) => m.symbolOf(fn) };
}
