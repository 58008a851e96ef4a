// What every check of one analysed file shares: the analysis, the effective options (settings plus
// in-source annotations), the user's functions as FunctionContexts, cached accessor facts, and the
// list the checks report into.

import type { Analysis } from '../frontend';
import type { FunctionDecl } from '../sema/decls';
import { parseAnnotations, type Annotations, type TensorAnnotation } from './annotations';
import { FunctionContext } from './function-context';
import type { CheckDiagnostic, CheckOptions, CoherencePolicy } from './types';

export class FileContext {
  readonly annotations: Annotations;
  readonly functions: FunctionContext[];
  readonly diagnostics: CheckDiagnostic[] = [];
  private spans?: Map<FunctionDecl, { start: number; end: number }>;

  constructor(
    readonly analysis: Analysis,
    private readonly options: CheckOptions = {},
  ) {
    const text = analysis.preprocessed.files.get(analysis.file) ?? '';
    this.annotations = parseAnnotations(text);
    this.functions = analysis.model.functions
      .filter((f) => f.analysed && f.body && !f.body.unit.system && f.body.unit.file === analysis.file)
      .map((f) => FunctionContext.of(f, f.analysed!));
  }

  get multicore(): boolean {
    return this.annotations.multicore ?? !!this.options.multicore;
  }

  get defaultPolicy(): CoherencePolicy {
    return this.annotations.policy ?? this.options.defaultPolicy ?? 'COHERENT';
  }

  /** The file's text as the user wrote it. */
  get sourceText(): string {
    return this.analysis.preprocessed.files.get(this.analysis.file) ?? '';
  }

  /** The tensor annotations that apply to `fc`: inside it, or above it and below the previous function. */
  tensorAnnotations(fc: FunctionContext): TensorAnnotation[] {
    const own = this.lineSpan(fc.fn);
    const before = this.functions.map((f) => this.lineSpan(f.fn)).filter((s) => s.end < own.start);
    const after = before.reduce((m, s) => Math.max(m, s.end), -1);
    return this.annotations.tensors.filter((a) => (a.line >= own.start && a.line <= own.end) || (a.line > after && a.line < own.start));
  }

  /** The lines a function's top-level declaration spans (computed once per file). */
  lineSpan(f: FunctionDecl): { start: number; end: number } {
    if (!this.spans) {
      this.spans = new Map();
      for (const fc of this.functions) {
        const u = fc.unit;
        const r = u.map.range(u.root.startIndex, u.root.endIndex);
        this.spans.set(fc.fn, { start: r.start.line, end: r.end.line });
      }
    }
    return this.spans.get(f) ?? { start: 0, end: 0 };
  }

  report(d: CheckDiagnostic): void {
    this.diagnostics.push(d);
  }
}
