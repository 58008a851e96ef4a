// What every check of one analysed file shares: the analysis, the effective options (settings plus
// in-source annotations), the user's functions (of the file and of the user headers it includes; the
// SDK's are left out) as FunctionContexts, cached accessor facts, and the
// list the checks report into.

import type { Analysis } from '../frontend';
import { isSdkFile } from '../sdk';
import type { FunctionDecl } from '../model/declarations';
import { parseAnnotations, type Annotations, type TensorAnnotation } from './annotations';
import { FunctionContext } from './function-context';
import type { CheckDiagnostic, CheckOptions, CoherencePolicy } from './shapes';

export class FileContext {
  readonly annotations: Annotations;
  readonly functions: FunctionContext[];
  readonly diagnostics: CheckDiagnostic[] = [];
  private spans?: Map<FunctionDecl, { start: number; end: number }>;
  private readonly headerAnnotations = new Map<string, Annotations>();

  constructor(
    readonly analysis: Analysis,
    private readonly options: CheckOptions = {},
  ) {
    const text = analysis.preprocessed.files.get(analysis.file) ?? '';
    this.annotations = parseAnnotations(text);
    this.functions = analysis.model.functions
      .filter((f) => f.analysed && f.body && !f.body.unit.system && isUserFile(analysis, bodyFile(f)))
      .map((f) => FunctionContext.of(f, f.analysed!));
  }

  get multicore(): boolean {
    return this.annotations.multicore ?? !!this.options.multicore;
  }

  get defaultPolicy(): CoherencePolicy {
    return this.annotations.policy ?? this.options.defaultPolicy ?? 'COHERENT';
  }

  /** The shape file the caller found for this kernel file (see shape-file.ts). */
  get shapeSource(): import('./shape-file').ShapeSource | undefined {
    return this.options.shapeSource;
  }

  /** The file's text as the user wrote it. */
  get sourceText(): string {
    return this.analysis.preprocessed.files.get(this.analysis.file) ?? '';
  }

  /** The tensor annotations that apply to `fc`: inside it, or above it and below the previous function (of its file). */
  tensorAnnotations(fc: FunctionContext): TensorAnnotation[] {
    const file = fc.unit.file;
    const own = this.lineSpan(fc.fn);
    const before = this.functions.filter((f) => f.unit.file === file).map((f) => this.lineSpan(f.fn)).filter((s) => s.end < own.start);
    const after = before.reduce((m, s) => Math.max(m, s.end), -1);
    return this.annotationsOf(file).tensors.filter((a) => (a.line >= own.start && a.line <= own.end) || (a.line > after && a.line < own.start));
  }

  /** The `// q7:` annotations of one file (the analysed file's, or a user header's). */
  private annotationsOf(file: string): Annotations {
    if (file === this.analysis.file) return this.annotations;
    let a = this.headerAnnotations.get(file);
    if (!a) this.headerAnnotations.set(file, (a = parseAnnotations(this.analysis.preprocessed.files.get(file) ?? '')));
    return a;
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

/** The file a function body is written in (a unit can span several files through #include). */
function bodyFile(f: FunctionDecl): string {
  const b = f.body!;
  return b.unit.map.range(b.node.startIndex, b.node.startIndex).file;
}

function isUserFile(analysis: Analysis, file: string): boolean {
  return analysis.preprocessed.files.has(file) && !isSdkFile(file);
}
