// Analyses of open documents: runs the front-end and the domain checks on the latest text of a
// document and keeps the result with the version it was made from, so requests can tell whether it
// is current and which documents depend on a changed file (through #include). A second, deferred step
// (`translate`) adds what q7 build would stop at (compiler/check.ts: the lowering's legality rules);
// the compiler is loaded on that step's first run, so the server's start does not wait for it.

import { isSdkFile, type Analysis, type FileHost, type Frontend, dirname, joinPath } from '../language';
import { checkedDiagnostics, findShapeSource, type CheckDiagnostic, type CheckOptions } from '../language/checks';
import type { Settings } from './settings';
import { checkOptionsFor } from './settings';

export interface DocumentAnalysis {
  readonly uri: string;
  readonly path: string;
  readonly version: number;
  readonly analysis: Analysis;
  readonly diagnostics: CheckDiagnostic[];
  readonly options: CheckOptions;
  /** Milliseconds the analysis took. */
  readonly millis: number;
  /** Set once the compiler's legality rules ran on this version (their diagnostics are included). */
  readonly translated?: { readonly millis: number };
}

/** The kernel analysed before the first document arrives (its SDK includes are in the shipped snapshot). */
export const WARM_UP_KERNEL = '#include <torch/torch.h>\n#include <neuron/neuron-utils.hpp>\ntorch::Tensor warm(const torch::Tensor& t) { return t; }\n';

export class Analyses {
  private readonly byUri = new Map<string, DocumentAnalysis>();

  constructor(
    private readonly frontend: Frontend,
    private readonly host: FileHost,
  ) {}

  /** Analyses the document now. */
  run(uri: string, path: string, version: number, settings: Settings): DocumentAnalysis {
    const t0 = now();
    const analysis = this.frontend.analyze(path, this.host, { includePaths: settings.includePaths, defines: settings.defines });
    const options: CheckOptions = { ...checkOptionsFor(path, settings), shapeSource: findShapeSource(path, (p) => this.host.readFile(p)) };
    let diagnostics: CheckDiagnostic[];
    try {
      diagnostics = checkedDiagnostics(analysis, options);
    } catch (e) {
      diagnostics = [...analysis.diagnostics, { range: { file: path, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } }, severity: 'warning', code: 'internal', message: `internal error in the checks: ${(e as Error).message}` }];
    }
    const result: DocumentAnalysis = { uri, path, version, analysis, diagnostics, options, millis: now() - t0 };
    this.byUri.set(uri, result);
    return result;
  }

  /**
   * Adds the compiler's diagnostics (what q7 build would report, compiler/check.ts) to the document's
   * current analysis, once per version; undefined when there is nothing new to publish.
   */
  translate(uri: string): DocumentAnalysis | undefined {
    const a = this.byUri.get(uri);
    if (!a || a.translated) return undefined;
    const t0 = now();
    let extra: CheckDiagnostic[];
    try {
      extra = compilerChecks().translationDiagnostics(this.frontend, a.analysis, a.path);
    } catch (e) {
      extra = [{ range: { file: a.path, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } }, severity: 'warning', code: 'internal', message: `internal error in the compiler's checks: ${(e as Error).message}` }];
    }
    const result: DocumentAnalysis = { ...a, diagnostics: [...a.diagnostics, ...extra], translated: { millis: now() - t0 } };
    this.byUri.set(uri, result);
    return extra.length ? result : undefined;
  }

  /** Analyses a small kernel that includes the SDK once, so the first real document finds it ready. */
  warmUp(path: string, settings: Settings): void {
    const text = WARM_UP_KERNEL;
    const host = { readFile: (p: string) => (p === path ? text : this.host.readFile(p)) };
    checkedDiagnostics(this.frontend.analyze(path, host, { includePaths: settings.includePaths, defines: settings.defines }));
    this.frontend.forget(path);
  }

  /**
   * Analyses a patched copy of a document under a scratch path next to it (so its quoted #includes
   * resolve the same way), without touching the document's own analysis, with patched texts of the
   * headers in `headers` (a rename's). Kept incremental per document.
   */
  scratch(path: string, text: string, settings: Settings, headers?: ReadonlyMap<string, string>): Analysis {
    const at = scratchPath(path);
    const host = { readFile: (p: string) => (p === at ? text : (headers?.get(p) ?? this.host.readFile(p))) };
    return this.frontend.analyze(at, host, { includePaths: settings.includePaths, defines: settings.defines });
  }

  get(uri: string): DocumentAnalysis | undefined {
    return this.byUri.get(uri);
  }

  forget(uri: string): void {
    const a = this.byUri.get(uri);
    this.byUri.delete(uri);
    if (a) {
      this.frontend.forget(a.path);
      this.frontend.forget(scratchPath(a.path));
    }
  }

  /** Open documents whose last analysis read `path` (they include it). */
  dependentsOf(path: string): string[] {
    const out: string[] = [];
    for (const a of this.byUri.values()) if (a.path !== path && a.analysis.preprocessed.files.has(path)) out.push(a.uri);
    return out;
  }
}

/** Milliseconds of a monotonic clock: process.hrtime, since reading the global `performance` loads Node's
 *  perf_hooks (~2 ms of a server's start, before its first diagnostics). */
function now(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** The compiler's checks, loaded on first use (the whole compiler comes with them). */
function compilerChecks(): typeof import('../compiler/check') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../compiler/check') as typeof import('../compiler/check');
}

/** Where a document's patched copy is analysed. */
function scratchPath(path: string): string {
  return joinPath(dirname(path), `.q7-scratch-${path.slice(path.lastIndexOf('/') + 1)}`);
}

/**
 * The user files an analysis read: the document and the headers it includes with quotes (`#include
 * "helper.h"`), from the document or from such a header — not the SDK's, nor third-party headers
 * reached with `<...>` through the include paths.
 */
export function userFiles(a: DocumentAnalysis): string[] {
  const pre = a.analysis.preprocessed;
  const out = new Set([a.path]);
  const lines = new Map<string, string[]>();
  const lineOf = (file: string, line: number) => {
    let ls = lines.get(file);
    if (!ls) lines.set(file, (ls = (pre.files.get(file) ?? '').split('\n')));
    return ls[line] ?? '';
  };
  for (const inc of pre.includes) {
    if (!inc.resolved || isSdkFile(inc.resolved) || !out.has(inc.range.file)) continue;
    if (/^\s*#\s*include\s*"/.test(lineOf(inc.range.file, inc.range.start.line))) out.add(inc.resolved);
  }
  return [...out];
}
