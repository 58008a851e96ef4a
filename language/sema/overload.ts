// Overload resolution: viable candidates (with the implicit object parameter's ref- and cv-qualifiers),
// ranking of conversion sequences, the best viable function, and the diagnostics when there is none.

import type { DiagnosticCode } from '../diagnostic-codes';
import type { Ctx } from './context';
import { describeFunction, type FunctionDecl, type FunctionTemplate, type Loc } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { implicitConversion, RANK_ELLIPSIS, RANK_EXACT, type Conversion } from './conversions';
import type { CallResolution, CallSite } from './overload-records';
import { callKey } from './overload-memo';
import { deduceCall, instantiateFunctionTemplate } from './templates';
import { quoteType, typeToString } from '../model/types';
import { deletedUse, ignoredByOverloadResolution } from './special-members';
import { passes } from './passes';

interface Viable {
  fn: FunctionDecl;
  object?: Conversion;
  convs: Conversion[];
  template: boolean;
}

export type { CallResolution, CallSite } from './overload-records';

/** Picks the best viable function among `candidates` for `args`. */
export function resolveOverload(ctx: Ctx, candidates: (FunctionDecl | FunctionTemplate)[], args: Expr[], site: CallSite): CallResolution {
  if (args.some((a) => a.type.kind === 'error' && !a.list) || site.object?.type.kind === 'error') {
    const first = candidates.find((c): c is FunctionDecl => c.kind === 'function');
    return { fn: first, failed: true };
  }
  const key = callKey(candidates, args, site.object, site.templateArgs);
  const known = key === undefined ? undefined : ctx.a.resolvedCalls.get(key);
  if (known) {
    useFunction(ctx, known.fn, site.loc);
    return { fn: known.fn, convs: known.convs, failed: false };
  }
  const viable: Viable[] = [];
  const rejected: { fn: FunctionDecl | FunctionTemplate; why: Reason }[] = [];
  for (const cand of candidates) {
    let fn: FunctionDecl | undefined;
    let template = false;
    if (cand.kind === 'function-template') {
      template = true;
      const deduced = deduceCall(ctx, cand, site.templateArgs ?? [], args.map((a) => ({ type: a.type, lvalue: a.cat === 'lvalue' })));
      if (!deduced) {
        rejected.push({ fn: cand, why: () => 'couldn\'t deduce its template arguments' });
        continue;
      }
      fn = instantiateFunctionTemplate(ctx, cand, deduced, site.loc);
      if (!fn) continue;
    } else {
      if (site.templateArgs && site.templateArgs.length) continue;
      if (ignoredByOverloadResolution(cand)) continue;
      fn = cand;
    }
    const why = viability(ctx, fn, args, site.object);
    if (typeof why === 'function') rejected.push({ fn, why });
    else viable.push({ fn: why.fn, object: why.object, convs: why.convs, template });
  }
  if (!viable.length) {
    if (!site.quiet) reportNoMatch(ctx, site, candidates, rejected, args);
    return { failed: true };
  }
  let best = viable[0];
  for (let i = 1; i < viable.length; i++) if (better(viable[i], best)) best = viable[i];
  if (viable.some((v) => v !== best && !better(best, v))) {
    if (!site.quiet) {
      ctx.a.error(site.loc, 'ambiguous-call', `call to ${site.label} is ambiguous`);
    }
    return { fn: best.fn, failed: true };
  }
  if (best.fn.deleted) {
    if (!site.quiet && best.fn.special) {
      const { message, related } = deletedUse(best.fn);
      ctx.a.report(site.loc, 'error', 'deleted-function', message, related);
    } else if (!site.quiet) {
      const what = best.fn.owner ? (best.fn.role === 'constructor' ? 'constructor' : 'member function') : 'function';
      const name = best.fn.role === 'constructor' ? `'${best.fn.owner!.displayName()}'` : `'${best.fn.name}'`;
      ctx.a.error(site.loc, 'deleted-function', `call to deleted ${what} ${name}`);
    }
    return { fn: best.fn, failed: true };
  }
  if (key !== undefined) ctx.a.resolvedCalls.set(key, { fn: best.fn, convs: best.convs });
  useFunction(ctx, best.fn, site.loc);
  return { fn: best.fn, convs: best.convs, failed: false };
}

/** Analyses the body of a template instance (or member of one) the first time it is used. */
export function useFunction(ctx: Ctx, fn: FunctionDecl, loc: Loc): void {
  const inTemplate = !!fn.templateInfo || !!fn.owner?.templateInfo;
  if (!inTemplate || !fn.body) return;
  const cached = instErrors.get(fn);
  if (cached) {
    if (cached.length) ctx.a.replay(cached, loc, `'${describeFunction(fn)}'`);
    return;
  }
  if (fn.analysing) return;
  const { errors } = ctx.a.instantiating(loc, `'${describeFunction(fn)}'`, () => passes.analyseFunctionBody(ctx.a, fn));
  instErrors.set(fn, errors);
}
const instErrors = new WeakMap<FunctionDecl, { message: string; code: DiagnosticCode; loc: Loc }[]>();

/** Why a candidate is not viable (the message is made only when it is reported). */
type Reason = () => string;

function viability(ctx: Ctx, fn: FunctionDecl, args: Expr[], object?: Expr): Omit<Viable, 'template'> | Reason {
  const n = args.length;
  let required = 0;
  for (const p of fn.params) if (!p.defaultNode) required++;
  if (n < required || (n > fn.params.length && !fn.variadic)) {
    const count = n < required ? (fn.params.length === required ? `${required}` : `at least ${required}`) : fn.params.length === required ? `${fn.params.length}` : `at most ${fn.params.length}`;
    return () => `requires ${count} argument${count === '1' ? '' : 's'}, but ${n} ${n === 1 ? 'was' : 'were'} provided`;
  }
  let objectConv: Conversion | undefined;
  if (object && fn.owner && !fn.isStatic && fn.role !== 'constructor') {
    const oc = objectConversion(fn, object);
    if (typeof oc === 'string') return () => oc;
    objectConv = oc;
  }
  const convs: Conversion[] = [];
  for (let i = 0; i < n; i++) {
    if (i >= fn.params.length) {
      convs.push({ rank: RANK_ELLIPSIS });
      continue;
    }
    const c = implicitConversion(ctx, args[i], fn.params[i].type);
    if (!c) return () => `no known conversion from '${args[i].list ? 'initializer list' : typeToString(args[i].type)}' to ${quoteType(fn.params[i].type)} for ${ordinal(i + 1)} argument`;
    convs.push(c);
  }
  return { fn, object: objectConv, convs };
}

/** Binding the object expression to the implicit object parameter (ref-qualifiers, const). */
function objectConversion(fn: FunctionDecl, object: Expr): Conversion | string {
  const objConst = !!object.type.const;
  if (objConst && !fn.isConst) return `'this' argument has type ${quoteType(object.type)}, but method is not marked const`;
  const rvalue = object.cat !== 'lvalue';
  const addsCv = fn.isConst && !objConst;
  switch (fn.refQualifier) {
    case 'none':
      return { rank: RANK_EXACT, reference: 'lvalue', addsCv };
    case '&':
      if (rvalue && !fn.isConst) return "expects an lvalue for object argument (it is '&'-qualified)";
      return { rank: RANK_EXACT, reference: 'lvalue', addsCv };
    case '&&':
      if (!rvalue) return "expects an rvalue for object argument (it is '&&'-qualified)";
      return { rank: RANK_EXACT, reference: 'rvalue', addsCv };
  }
}

/** -1 when a is a better conversion than b, 1 when worse, 0 when neither. */
function compareConversions(a: Conversion, b: Conversion, argIsRvalue: boolean): number {
  if (a.rank !== b.rank) return a.rank < b.rank ? -1 : 1;
  if (a.reference && b.reference && a.reference !== b.reference && !a.temporary && !b.temporary) {
    if (argIsRvalue) return a.reference === 'rvalue' ? -1 : 1;
    return a.reference === 'lvalue' ? -1 : 1;
  }
  if (a.reference && b.reference && !!a.addsCv !== !!b.addsCv) return a.addsCv ? 1 : -1;
  return 0;
}

function better(a: Viable, b: Viable): boolean {
  let anyBetter = false;
  if (a.object && b.object) {
    const c = compareConversions(a.object, b.object, a.object.reference === 'rvalue' || b.object.reference === 'rvalue');
    if (c > 0) return false;
    if (c < 0) anyBetter = true;
  }
  for (let i = 0; i < a.convs.length; i++) {
    const x = a.convs[i];
    const y = b.convs[i];
    if (!y) continue;
    const c = compareConversions(x, y, x.reference === 'rvalue' || y.reference === 'rvalue');
    if (c > 0) return false;
    if (c < 0) anyBetter = true;
  }
  if (anyBetter) return true;
  return !a.template && b.template;
}

function reportNoMatch(ctx: Ctx, site: CallSite, candidates: (FunctionDecl | FunctionTemplate)[], rejected: { fn: FunctionDecl | FunctionTemplate; why: Reason }[], args: Expr[]): void {
  void args;
  if (!candidates.length) {
    ctx.a.error(site.loc, 'no-matching-function', `no matching ${site.label}`);
    return;
  }
  const reason = rejected.length === 1 ? `: candidate ${rejected[0].fn.kind === 'function-template' ? 'template ' : ''}not viable: ${rejected[0].why()}` : '';
  const related = rejected.length > 1
    ? rejected.slice(0, 6).map((r) => ({
      loc: r.fn.loc,
      message: `candidate ${r.fn.kind === 'function' ? `'${describeFunction(r.fn)}'` : `template '${r.fn.qualifiedName}'`} not viable: ${r.why()}`,
    }))
    : [];
  ctx.a.report(site.loc, 'error', 'no-matching-function', `no matching ${site.label}${reason}`, related);
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}
