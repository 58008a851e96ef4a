// What the compiler would reject in a file the front-end accepts, without generating code: the
// lowering's legality rules (a construct it cannot translate, a function declared but defined nowhere)
// and the image rules (a file without `main` must define a kernel, kernel names are unique). `compile`
// stops on the same problems with the same messages, so `q7 check` and the language server, which run
// this after the front-end and the checks, report every error `q7 build` would (see check-build.test.ts).

import type { Analysis, Diagnostic, Frontend } from '../language';
import type { FunctionDecl } from '../language/model';
import { findKernels, KERNEL_RULE, type Kernel } from './kernel/kernels';
import type { CompileDiagnostic } from './lower/errors';
import { lowerUnit } from './lower/unit';
import { RuntimeBuildError, runtimeLibrary } from './runtime/library';

/** The problem of a kernel image's kernels (none, or two with one name), if any. */
export function kernelProblem(kernels: readonly Kernel[], file: string): CompileDiagnostic | undefined {
  if (!kernels.length) return { file, line: 1, column: 1, message: `no 'main' function and no kernel function: ${KERNEL_RULE}` };
  const seen = new Set<string>();
  for (const k of kernels) {
    if (seen.has(k.name)) {
      const at = k.fn.loc.range;
      return { file: at.file, line: at.start.line + 1, column: at.start.column + 1, message: `two kernels are named '${k.name}' (overloaded kernels cannot share a kernel_info_table name)` };
    }
    seen.add(k.name);
  }
  return undefined;
}

/** A header is checked as part of its includers: it needs no kernel of its own. */
export function isSourceFile(file: string): boolean {
  return /\.(cpp|cc|cxx|c\+\+|C|c)$/.test(file);
}

/**
 * What `compile` would report for an analysed file that has no front-end errors (nothing when it
 * has some: the compiler stops at those). Lowers every function of the user's files (no code is
 * generated); the runtime library's names come from its build, made once per front-end.
 */
export function translationProblems(frontend: Frontend, analysis: Analysis, file: string): CompileDiagnostic[] {
  if (analysis.diagnostics.some((d) => d.severity === 'error')) return [];
  let runtime: ReadonlySet<string>;
  try {
    runtime = runtimeLibrary(frontend).functions;
  } catch (e) {
    if (e instanceof RuntimeBuildError) return [];
    throw e;
  }
  const unit = frontend.handOver(analysis);
  const m = lowerUnit(unit, runtime, 'u');
  if (m.diagnostics.length) return m.diagnostics;
  if (!isSourceFile(file) || m.funcs.some((f) => f.symbol === 'main')) return [];
  const problem = kernelProblem(findKernels(unit, file, (fn: FunctionDecl) => m.symbolOf(fn)), file);
  return problem ? [problem] : [];
}

/** The compiler's problems as front-end diagnostics (errors at their position), with the codes
 *  `kernel-image` and `not-translatable` (registered in language/diagnostic-codes.ts). */
export function translationDiagnostics(frontend: Frontend, analysis: Analysis, file: string): Diagnostic[] {
  return translationProblems(frontend, analysis, file).map((d) => {
    const at = { line: Math.max(0, d.line - 1), column: Math.max(0, d.column - 1) };
    const code = d.message.startsWith("no 'main' function") || d.message.startsWith('two kernels') ? 'kernel-image' : 'not-translatable';
    return { range: { file: d.file, start: at, end: at }, severity: 'error', code, message: d.message };
  });
}
