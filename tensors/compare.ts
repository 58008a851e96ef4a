// Comparison of an output with an expectation, numpy.allclose style: |a − e| ≤ atol + rtol·|e| per
// element (NaN equals NaN); reports the largest absolute and relative errors, the mismatch count and
// the first mismatches with their indices.

import { HostTensor, indexText, numelOf, shapeText, toNumbers } from './tensor';

export interface Mismatch {
  readonly index: string;
  readonly actual: number;
  readonly expected: number;
}

export interface Comparison {
  readonly ok: boolean;
  /** Set when shapes or dtypes differ (nothing else is compared then). */
  readonly shapeError?: string;
  readonly maxAbsError: number;
  readonly maxRelError: number;
  readonly mismatches: number;
  readonly total: number;
  readonly first: readonly Mismatch[];
}

export function compareTensors(actual: HostTensor, expected: HostTensor, rtol: number, atol: number, keep = 5): Comparison {
  const empty = { maxAbsError: 0, maxRelError: 0, mismatches: 0, total: numelOf(expected.shape), first: [] };
  if (shapeText(actual.shape) !== shapeText(expected.shape)) {
    return { ...empty, ok: false, shapeError: `shape ${shapeText(actual.shape)} differs from the expected ${shapeText(expected.shape)}` };
  }
  if (actual.dtype.name !== expected.dtype.name) {
    return { ...empty, ok: false, shapeError: `dtype ${actual.dtype.name} differs from the expected ${expected.dtype.name}` };
  }
  const a = toNumbers(actual);
  const e = toNumbers(expected);
  let maxAbs = 0;
  let maxRel = 0;
  let mismatches = 0;
  const first: Mismatch[] = [];
  for (let k = 0; k < e.length; k++) {
    if (Number.isNaN(a[k]) && Number.isNaN(e[k])) continue;
    if (a[k] === e[k]) continue; // exact equality, including equal infinities (whose difference is NaN)
    const err = Math.abs(a[k] - e[k]);
    const bad = !(err <= atol + rtol * Math.abs(e[k])) || (Number.isNaN(a[k]) !== Number.isNaN(e[k]));
    const abs = Number.isNaN(err) ? Infinity : err;
    if (abs > maxAbs) maxAbs = abs;
    if (e[k] !== 0 && abs / Math.abs(e[k]) > maxRel) maxRel = abs / Math.abs(e[k]);
    if (bad) {
      mismatches++;
      if (first.length < keep) first.push({ index: indexText(expected.shape, k), actual: a[k], expected: e[k] });
    }
  }
  return { ok: mismatches === 0, maxAbsError: maxAbs, maxRelError: maxRel, mismatches, total: e.length, first };
}

export function formatComparison(c: Comparison, name: string): string {
  if (c.shapeError) return `${name}: ${c.shapeError}\n`;
  let s = `${name}: ${c.ok ? 'matches' : 'MISMATCH'} (${c.mismatches} of ${c.total} elements differ; max abs error ${c.maxAbsError.toPrecision(4)}, max rel error ${c.maxRelError.toPrecision(4)})\n`;
  for (const m of c.first) s += `  ${name}${m.index}: got ${m.actual}, expected ${m.expected}\n`;
  return s;
}
