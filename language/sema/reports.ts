// From the analyser's Loc-based reports to diagnostics: ranges are computed through each unit's current
// map (so reports kept from an earlier analysis land where their code is now), duplicates dropped.

import { diagnostic, type Diagnostic } from '../diagnostics';
import type { Analyzer, Report } from './analyzer';

/** Every report of a layer: its declarations, then each scheduled body in order. */
export function layerReports(a: Analyzer): Report[] {
  const out = [...a.declarationReports];
  for (const fn of a.pendingBodies) {
    const r = a.bodyReports.get(fn);
    if (r) out.push(...r);
  }
  return out;
}

export function toDiagnostic(r: Report): Diagnostic {
  const related = r.related?.map((x) => ({ range: x.loc.range, message: x.message }));
  return diagnostic(r.loc.range, r.severity, r.code, r.message, related);
}

/** Drops diagnostics with the same position, code and message as an earlier one. */
export function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const key = `${d.range.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
