// Assembly diagnostics: every problem the assembler finds is collected as a located diagnostic and
// all of them are thrown together as one AsmError, so callers never see a raw exception.

/** One problem in the source: 1-based line and column of the offending text. */
export interface AsmDiagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A position in a source file (1-based line and column). */
export interface SourceLoc {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** Formats a diagnostic the way compilers do: `file:line:col: error: message`. */
export function formatDiagnostic(d: AsmDiagnostic): string {
  return `${d.file}:${d.line}:${d.column}: error: ${d.message}`;
}

/** All the errors of one assembly run. `message` lists every diagnostic, one per line. */
export class AsmError extends Error {
  constructor(readonly diagnostics: readonly AsmDiagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join('\n'));
    this.name = 'AsmError';
  }
}

/** An error detected while handling one statement; the driver turns it into a diagnostic. */
export class StatementError extends Error {
  constructor(
    message: string,
    /** Column of the offending text, or undefined for the start of the statement. */
    readonly column?: number,
  ) {
    super(message);
  }
}

/** Collects diagnostics, capping their number so a garbage input cannot flood the output. */
export class DiagnosticSink {
  readonly items: AsmDiagnostic[] = [];
  static readonly LIMIT = 1000;

  add(loc: SourceLoc, message: string): void {
    if (this.items.length < DiagnosticSink.LIMIT) this.items.push({ ...loc, message });
  }

  get count(): number {
    return this.items.length;
  }

  /** Throws an AsmError if anything was collected. */
  throwIfAny(): void {
    if (this.items.length > 0) throw new AsmError(this.items);
  }
}
