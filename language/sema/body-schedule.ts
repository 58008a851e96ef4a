// Scheduling function bodies: each scheduled body is analysed with its own report list, so that after
// an edit inside one body only that body is analysed again (with the functions of local classes it
// declared) while every other body keeps its results.

import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Analyzer } from './analyzer';
import type { FunctionDecl } from '../model/declarations';
import { passes } from './passes';

/** Analyses the scheduled bodies from `from` on (bodies scheduled meanwhile are analysed too). */
export function analyseScheduledBodies(a: Analyzer, from = 0): void {
  for (let i = from; i < a.pendingBodies.length; i++) analyseScheduled(a, a.pendingBodies[i]);
}

function analyseScheduled(a: Analyzer, fn: FunctionDecl): void {
  if (fn.analysed || !fn.body) return;
  const reports = a.bodyReports.get(fn) ?? [];
  a.bodyReports.set(fn, reports);
  const outer = a.currentBody;
  a.currentBody = fn;
  a.bodiesAnalysed++;
  a.site = fn.loc;
  try {
    a.collecting(reports, () => passes.analyseFunctionBody(a, fn));
  } finally {
    a.currentBody = outer;
  }
}

/**
 * Analyses `fn` now (a call needs its deduced return type), with its own report list as if scheduled;
 * the lambdas being analysed around the call are not the callee's.
 */
export function analyseBodyNow(a: Analyzer, fn: FunctionDecl): void {
  const lambdas = a.lambdas.splice(0);
  const site = a.site;
  try {
    analyseScheduled(a, fn);
  } finally {
    a.lambdas.push(...lambdas);
    a.site = site;
  }
}

/** Replaces the body of `fn` (an edit inside it) and analyses it again. */
export function reanalyseBody(a: Analyzer, fn: FunctionDecl, body: Node, initNode: Node | undefined): void {
  if (!fn.body) return;
  forgetNested(a, fn);
  fn.body = { ...fn.body, node: body, initNode };
  fn.analysed = undefined;
  fn.analysing = false;
  a.bodyReports.set(fn, []);
  const from = a.pendingBodies.length;
  analyseScheduled(a, fn);
  analyseScheduledBodies(a, from);
}

/** Drops what the previous analysis of `fn` scheduled (member functions of its local classes). */
function forgetNested(a: Analyzer, fn: FunctionDecl): void {
  const nested = a.nestedBodies.get(fn);
  if (!nested) return;
  a.nestedBodies.delete(fn);
  const gone = new Set<FunctionDecl>();
  const collect = (f: FunctionDecl) => {
    gone.add(f);
    for (const g of a.nestedBodies.get(f) ?? []) collect(g);
    a.nestedBodies.delete(f);
  };
  nested.forEach(collect);
  removeAll(a.pendingBodies, gone);
  removeAll(a.userFunctions, gone);
  for (const f of gone) a.bodyReports.delete(f);
}

function removeAll<T>(list: T[], gone: Set<T>): void {
  let k = 0;
  for (const x of list) if (!gone.has(x)) list[k++] = x;
  list.length = k;
}
