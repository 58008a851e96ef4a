// Which diagnostics each file shows: an analysis of an open document finds diagnostics in the document
// and in the user headers it includes; a file's published set is the union of what every open
// document found in it (the SDK's headers are never published). Recording an analysis tells which
// files' sets may have changed, so only those are published again.

import type { CheckDiagnostic } from '../language/checks';

export class Publications {
  /** File path → (source document URI → the diagnostics that document's analysis found in the file). */
  private readonly byFile = new Map<string, Map<string, CheckDiagnostic[]>>();
  /** Source document URI → the files it has diagnostics for. */
  private readonly bySource = new Map<string, Set<string>>();

  /**
   * Replaces what `source` found: `found` maps each user file its analysis read (the document itself
   * included, unless it speaks only through its includers) to the diagnostics in it. Returns the
   * files whose published set must be sent again.
   */
  record(source: string, found: Map<string, CheckDiagnostic[]>): string[] {
    const before = this.bySource.get(source) ?? new Set<string>();
    for (const file of before) if (!found.has(file)) this.byFile.get(file)?.delete(source);
    for (const [file, ds] of found) {
      let m = this.byFile.get(file);
      if (!m) this.byFile.set(file, (m = new Map()));
      m.set(source, ds);
    }
    this.bySource.set(source, new Set(found.keys()));
    return [...new Set([...before, ...found.keys()])];
  }

  /** Forgets a closed document's findings; returns the files to publish again. */
  drop(source: string): string[] {
    const files = [...(this.bySource.get(source) ?? [])];
    for (const f of files) this.byFile.get(f)?.delete(source);
    this.bySource.delete(source);
    return files;
  }

  /** The union of what the open documents found in `file`, without duplicates. */
  diagnosticsOf(file: string): CheckDiagnostic[] {
    const seen = new Set<string>();
    const out: CheckDiagnostic[] = [];
    for (const ds of this.byFile.get(file)?.values() ?? []) {
      for (const d of ds) {
        const k = `${d.code}|${d.range.start.line}:${d.range.start.column}|${d.range.end.line}:${d.range.end.column}|${d.message}`;
        if (seen.has(k)) continue;
        seen.add(k);
        out.push(d);
      }
    }
    return out;
  }

  /** Whether documents other than `source` found anything (or nothing) in `file`. */
  hasOtherSources(file: string, source: string): boolean {
    return [...(this.byFile.get(file)?.keys() ?? [])].some((s) => s !== source);
  }
}
