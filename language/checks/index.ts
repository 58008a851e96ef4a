// The domain checks of Q7 Studio: accessor misuse, coherency conflicts, multicore rules and lazy
// element references, index narrowing, aliased handles, escaping accessors and printf formats, each in its own module with a code (Q7-A001 ...). They read the front-end's
// analysis, do no I/O and know nothing of LSP, so `q7 check` and the language server agree.

import { compareDiagnostics, isValidRange, type Diagnostic, type Position } from '../diagnostics';
import type { Analysis } from '../frontend';
import { FileContext } from './context';
import type { FunctionContext } from './function-context';
import type { FunctionBody } from '../model/bodies';
import { coherencyCheck } from './coherency';
import { dtypeCheck } from './dtype';
import { tcmBudgetCheck } from './tcm-budget';
import { lazyReferenceCheck } from './lazy-reference';
import { multicoreCheck } from './multicore';
import { rankCheck } from './rank';
import { readOnlyCheck } from './read-only';
import { rvalueCheck } from './rvalue';
import { indexNarrowingCheck } from './index-narrowing';
import { aliasedHandlesCheck } from './aliased-handles';
import { escapingCheck } from './escaping';
import { printfCheck } from './printf';
import { rankLimitCheck } from './rank-limit';
import { boundsCheck } from './bounds';
import { kernelSignatureCheck } from './kernel-signature';
import { shapeAgreementCheck } from './shape-agreement';
import type { Check, CheckDiagnostic, CheckOptions } from './types';
import { pageUrl } from './docs-url';

export type { Check, CheckDiagnostic, CheckOptions, CoherencePolicy, Fix, Note, TextEdit } from './types';
export { DIAGNOSTICS_BASE_URL } from './docs-url';
export { findShapeSource, type ShapeSource } from './shape-file';
// The facts the checks derive that the compiler also uses (tensor handles, SDK types and values).
export { FileContext } from './context';
export type { FunctionContext } from './function-context';
export { dtypeName, sdkValue } from './sdk-types';
export { factsOf, stripExpr, tensorOf } from './tensors';

/** Every check, in the order of their codes. */
export const CHECKS: readonly Check[] = [rankCheck, readOnlyCheck, rvalueCheck, dtypeCheck, coherencyCheck, multicoreCheck, tcmBudgetCheck, lazyReferenceCheck,
  indexNarrowingCheck, aliasedHandlesCheck, escapingCheck, printfCheck, kernelSignatureCheck, rankLimitCheck, boundsCheck, shapeAgreementCheck];

/** The page (docs/diagnostics/) of a domain check's code; undefined for front-end and compiler codes. */
export function diagnosticUrl(code: string): string | undefined {
  return CHECKS.some((c) => c.code === code) ? pageUrl(code) : undefined;
}

/** A function's diagnostics, kept while its analysed body (and what else they depend on) is unchanged. */
interface CachedResult {
  key: string;
  start: Position;
  diagnostics: CheckDiagnostic[];
}
const cache = new WeakMap<FunctionBody, CachedResult>();

/**
 * Runs the domain checks on an analysis. Per-function results are reused for bodies the front-end
 * kept from the previous analysis (moved by whole lines when an edit above them added or removed
 * lines). A check that throws reports an internal diagnostic instead.
 */
export function runChecks(analysis: Analysis, options: CheckOptions = {}, checks: readonly Check[] = CHECKS): CheckDiagnostic[] {
  const ctx = new FileContext(analysis, options);
  const out: CheckDiagnostic[] = [];
  for (const fc of ctx.functions) out.push(...functionDiagnostics(ctx, fc, checks));
  for (const c of checks) if (c.runFile) guarded(ctx, c, () => c.runFile!(ctx));
  out.push(...ctx.diagnostics.splice(0));
  return dedupe(out.filter((d) => isValidRange(d.range)));
}

function functionDiagnostics(ctx: FileContext, fc: FunctionContext, checks: readonly Check[]): CheckDiagnostic[] {
  const start = fc.unit.map.range(0, 0).start;
  const key = cacheKey(ctx, fc, checks, start.line);
  const hit = cache.get(fc.body);
  if (hit && hit.key === key && hit.start.column === start.column) return withLines(fc, shifted(hit.diagnostics, start.line - hit.start.line, fc.unit.file));
  for (const c of checks) if (c.runFunction) guarded(ctx, c, () => c.runFunction!(ctx, fc));
  const diagnostics = ctx.diagnostics.splice(0);
  cache.set(fc.body, { key, start, diagnostics });
  return withLines(fc, diagnostics);
}

/** What a function's diagnostics depend on besides its body: options, checks, its annotations. */
function cacheKey(ctx: FileContext, fc: FunctionContext, checks: readonly Check[], line: number): string {
  const notes = ctx.tensorAnnotations(fc).map((a) => ({ ...a, line: a.line - line }));
  return JSON.stringify([ctx.multicore, ctx.defaultPolicy, checks.map((c) => c.code), notes]);
}

function guarded(ctx: FileContext, c: Check, fn: () => void): void {
  try {
    fn();
  } catch (e) {
    ctx.report({
      range: { file: ctx.analysis.file, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } },
      severity: 'warning',
      code: c.code,
      message: `internal error in check ${c.code} (${c.name}): ${(e as Error)?.message ?? String(e)}`,
    });
  }
}

/** Line numbers in messages, resolved for where the function is now. */
function withLines(fc: FunctionContext, ds: CheckDiagnostic[]): CheckDiagnostic[] {
  const text = (s: string) => fc.resolveLines(s);
  return ds.map((d) => {
    const out: CheckDiagnostic = { ...d, message: text(d.message) };
    if (d.related) out.related = d.related.map((r) => ({ ...r, message: text(r.message) }));
    if (d.notes) out.notes = d.notes.map((n) => ({ ...n, message: text(n.message) }));
    if (d.help) out.help = text(d.help);
    if (d.fixes) out.fixes = d.fixes.map((f) => ({ ...f, title: text(f.title) }));
    return out;
  });
}

/** The diagnostics moved down by `delta` lines (ranges in `file` only). */
function shifted(ds: CheckDiagnostic[], delta: number, file: string): CheckDiagnostic[] {
  if (delta === 0) return ds;
  const move = <R extends Diagnostic['range']>(r: R): R =>
    r.file === file ? { ...r, start: { line: r.start.line + delta, column: r.start.column }, end: { line: r.end.line + delta, column: r.end.column } } : r;
  return ds.map((d) => {
    const out: CheckDiagnostic = { ...d, range: move(d.range) };
    if (d.related) out.related = d.related.map((x) => ({ ...x, range: move(x.range) }));
    if (d.notes) out.notes = d.notes.map((n) => (n.range ? { ...n, range: move(n.range) } : n));
    if (d.silences) out.silences = { codes: d.silences.codes, ranges: d.silences.ranges.map(move) };
    if (d.fixes) out.fixes = d.fixes.map((f) => ({ ...f, edits: f.edits.map((e) => ({ ...e, range: move(e.range) })) }));
    return out;
  });
}

/**
 * The front-end's diagnostics and the domain checks' together, sorted: a front-end diagnostic that a
 * domain diagnostic explains (same file, overlapping range, a code it supersedes) is left out.
 */
export function checkedDiagnostics(analysis: Analysis, options: CheckOptions = {}): CheckDiagnostic[] {
  const domain = runChecks(analysis, options);
  const kept = analysis.diagnostics.filter((d) => !domain.some((x) => explains(x, d)));
  return [...kept, ...domain].sort(compareDiagnostics);
}

function explains(x: CheckDiagnostic, d: Diagnostic): boolean {
  const listed = (codes: readonly string[] | undefined): boolean => !!codes?.includes(d.code);
  if (x.silences && listed(x.silences.codes) && x.silences.ranges.some((r) => r.file === d.range.file && overlaps(r, d.range))) return true;
  return listed(x.supersedes) && x.range.file === d.range.file && overlaps(x.range, d.range);
}

type R = Diagnostic['range'];
const before = (a: R['start'], b: R['start']) => a.line < b.line || (a.line === b.line && a.column < b.column);
function overlaps(a: R, b: R): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function dedupe(ds: CheckDiagnostic[]): CheckDiagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const k = `${d.code}|${d.range.file}|${d.range.start.line}:${d.range.start.column}|${d.range.end.line}:${d.range.end.column}|${d.message}|${JSON.stringify(d.notes ?? [])}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
