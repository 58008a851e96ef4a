// Q7-T007 TCM budget: tcm_malloc sizes that are compile-time constants, plus 4 KB for each stream
// accessor alive at the same time, above the 16 KB pool (the allocation then returns nullptr); a
// tcm_malloc result used without a null check; tcm_free of memory that did not come from tcm_malloc.

import type { Loc, VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { BlockStmt, Stmt } from '../model/statements';
import { accessorUses } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext, Span } from './function-context';
import type { Check } from './types';

const CODE = 'Q7-T007';
const POOL = 16 * 1024;
const STREAM_BUFFER = 4096;

export const tcmBudgetCheck: Check = {
  code: CODE,
  name: 'tcm-budget',
  summary: 'TCM pool overrun, unchecked tcm_malloc result, tcm_free of foreign memory',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    const allocs = allocations(fc);
    budget(ctx, fc, allocs);
    for (const a of allocs) if (a.local) nullChecks(ctx, fc, a);
    foreignFrees(ctx, fc);
  },
};

interface Allocation {
  /** The tcm_malloc call, or the stream factory call. */
  expr: Expr;
  bytes?: number;
  stream: boolean;
  local?: VarDecl;
  life: Span;
}

function isCall(e: Expr, qualified: string): boolean {
  return e.kind === 'call' && e.callee?.qualifiedName === qualified;
}

/** Looks through casts and parentheses. */
function strip(e: Expr): Expr {
  let k = e;
  for (let i = 0; i < 8 && (k.kind === 'cast' || k.kind === 'parenthesized_expression' || k.kind === 'implicit') && k.operands?.length; i++) k = k.operands[k.operands.length - 1];
  return k;
}

function allocations(fc: FunctionContext): Allocation[] {
  const out: Allocation[] = [];
  for (const l of fc.locals) {
    const init = fc.initOf(l.decl);
    const call = init && strip(init);
    if (!call || !isCall(call, 'torch::neuron::tcm_malloc')) continue;
    const free = firstFree(fc, l.decl, call.loc.end);
    out.push({ expr: call, bytes: call.operands?.[0]?.value, stream: false, local: l.decl, life: { start: call.loc.start, end: free ?? fc.lifetimeOf(l).end } });
  }
  for (const u of accessorUses(fc)) {
    if (u.kind === 'reader' || u.kind === 'writer') out.push({ expr: u.created, bytes: STREAM_BUFFER, stream: true, local: undefined, life: u.life });
  }
  return out.sort((a, b) => a.life.start - b.life.start);
}

/** The end of the first unconditional tcm_free(x) after `from`. */
function firstFree(fc: FunctionContext, x: VarDecl, from: number): number | undefined {
  let end: number | undefined;
  for (const e of fc.index.all) {
    if (!isCall(e, 'torch::neuron::tcm_free') || e.loc.start < from) continue;
    if (strip(e.operands?.[0] ?? e).decl !== x) continue;
    if (!fc.runsWheneverScopeRuns(e, x)) continue;
    if (end === undefined || e.loc.end < end) end = e.loc.end;
  }
  return end;
}

function budget(ctx: FileContext, fc: FunctionContext, allocs: Allocation[]): void {
  for (const a of allocs) {
    if (a.bytes === undefined) continue;
    const live = allocs.filter((b) => b !== a && b.bytes !== undefined && b.life.start <= a.life.start && a.life.start < b.life.end);
    const used = live.reduce((n, b) => n + b.bytes!, 0);
    if (used + a.bytes <= POOL) continue;
    const streams = live.filter((b) => b.stream).length;
    ctx.report({
      range: fc.rangeOf(a.expr.loc),
      severity: a.stream ? 'warning' : 'error',
      code: CODE,
      message: `${a.stream ? 'stream buffer (4096 bytes)' : `tcm_malloc(${a.bytes})`} exceeds the 16 KB TCM pool: ${used} of 16384 bytes already taken`,
      notes: [
        { message: `${live.length - streams} tcm_malloc buffer${live.length - streams === 1 ? '' : 's'} and ${streams} open stream${streams === 1 ? '' : 's'} at 4 KB each are live here` },
        ...live.map((b) => ({ range: fc.rangeOf(b.expr.loc), message: b.stream ? 'open stream (4096 bytes of TCM)' : `tcm_malloc(${b.bytes}) still allocated` })),
        { message: a.stream ? 'the stream gets no buffer and falls back to per-element HBM access, as slow as a standard accessor' : 'on the device tcm_malloc returns nullptr' },
      ],
      help: 'free or close what is no longer needed first, or use smaller chunks',
    });
  }
}

function nullChecks(ctx: FileContext, fc: FunctionContext, a: Allocation): void {
  const v = a.local!;
  for (const e of fc.index.all) {
    if (e.kind !== 'name' || e.decl !== v || e.loc.start <= a.expr.loc.end) continue;
    if (isComparisonOrTest(fc, e) || isFreeArgument(fc, e) || guarded(fc, e, v.name)) continue;
    ctx.report({
      range: fc.rangeOf(e.loc),
      severity: 'warning',
      code: CODE,
      message: `'${v.name}' from tcm_malloc is used without a null check`,
      notes: [
        { range: fc.rangeOf(a.expr.loc), message: 'allocated here' },
        { message: 'tcm_malloc returns nullptr when the 16 KB TCM pool is exhausted (each open stream holds 4 KB of it)' },
      ],
      help: `test it first: if (${v.name} == nullptr) { ... }`,
    });
    return;
  }
}

/** `p` inside a condition that tests it (`if (p)`, `p != nullptr`, `!p`): its parent in the typed tree. */
function isComparisonOrTest(fc: FunctionContext, e: Expr): boolean {
  const p = fc.index.parent(e);
  if (!p) {
    const st = fc.statementAround(e.loc);
    const value = st?.kind === 'if' || st?.kind === 'while' || st?.kind === 'switch' ? st.cond.value?.expr : undefined;
    return !!value && value.loc.start === e.loc.start && value.loc.end === e.loc.end;
  }
  if (p.kind === 'unary') return p.operator === '!';
  return p.kind === 'binary' && (p.operator === '==' || p.operator === '!=' || p.operator === '&&' || p.operator === '||');
}

function isFreeArgument(fc: FunctionContext, e: Expr): boolean {
  const parent = fc.index.parent(e);
  return !!parent && isCall(parent, 'torch::neuron::tcm_free');
}

function within(inner: Loc, outer: Loc): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/** Whether the use `e` is only reached when `name` is not null: in the typed statement tree, a branch of
 *  an `if` that tests it or a statement after an early exit when it is null; in the expression, the
 *  right side of an `&&` whose left side tests it. */
function guarded(fc: FunctionContext, e: Expr, name: string): boolean {
  for (let k = e, p = fc.index.parent(e); p; k = p, p = fc.index.parent(p)) {
    if (p.kind === 'binary' && p.operator === '&&' && p.operands?.[1] === k && nullTest(fc, p.operands[0], name) === 'non-null') return true;
  }
  const path = fc.statementsAround(e.loc);
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (s.kind === 'if' && !s.cond.init.length) {
      const test = nullTest(fc, s.cond.value?.expr, name);
      if (test === 'non-null' && within(e.loc, s.then.loc)) return true;
      if (test === 'null' && s.otherwise && within(e.loc, s.otherwise.loc)) return true;
    }
    if (s.kind === 'block' && path[i + 1] && earlyExitBefore(fc, s, path[i + 1], name)) return true;
  }
  return false;
}

/** A statement before `stmt` in `block` like `if (p == nullptr) return ...;`. */
function earlyExitBefore(fc: FunctionContext, block: BlockStmt, stmt: Stmt, name: string): boolean {
  for (const s of block.body) {
    if (s === stmt) return false;
    if (s.kind !== 'if' || s.cond.init.length || nullTest(fc, s.cond.value?.expr, name) !== 'null') continue;
    const last = s.then.kind === 'block' ? s.then.body.at(-1) : s.then;
    if (last && exits(fc, last)) return true;
  }
  return false;
}

/** A `return`, `break`, `continue`, `goto` or `throw` statement. */
function exits(fc: FunctionContext, s: Stmt): boolean {
  if (s.kind === 'expr') return /^throw\b/.test(fc.text(s.loc.start, s.loc.end));
  return s.kind === 'return' || s.kind === 'break' || s.kind === 'continue' || s.kind === 'goto';
}

/** An expression's text without the parentheses around it. */
function bare(fc: FunctionContext, e: Expr): string {
  let t = fc.text(e.loc.start, e.loc.end);
  while (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1);
  return t;
}

/** What a condition says about `name`: 'non-null' when true means not null, 'null' when true means null. */
function nullTest(fc: FunctionContext, c: Expr | undefined, name: string): 'null' | 'non-null' | undefined {
  if (!c) return undefined;
  if (c.kind === 'name' && bare(fc, c) === name) return 'non-null';
  if (c.kind === 'unary' && c.operator === '!') {
    const inner = nullTest(fc, c.operands?.[0], name);
    return inner === 'non-null' ? 'null' : inner === 'null' ? 'non-null' : undefined;
  }
  if (c.kind !== 'binary' || c.operands?.length !== 2) return undefined;
  const op = c.operator;
  const [l, r] = c.operands;
  const isNull = (x: Expr) => /^(nullptr|NULL|0)$/.test(fc.text(x.loc.start, x.loc.end));
  const isName = (x: Expr) => bare(fc, x) === name;
  if (!((isName(l) && isNull(r)) || (isName(r) && isNull(l)))) {
    if (op === '&&') return nullTest(fc, l, name) === 'non-null' || nullTest(fc, r, name) === 'non-null' ? 'non-null' : undefined;
    return undefined;
  }
  return op === '!=' ? 'non-null' : op === '==' ? 'null' : undefined;
}

/** tcm_free of a local array, an address, or a pointer initialised from something other than tcm_malloc. */
function foreignFrees(ctx: FileContext, fc: FunctionContext): void {
  for (const e of fc.index.all) {
    if (!isCall(e, 'torch::neuron::tcm_free') || !e.operands?.length) continue;
    const arg = strip(e.operands[0]);
    const origin = foreignOrigin(fc, arg);
    if (!origin) continue;
    ctx.report({
      range: fc.rangeOf(e.loc),
      severity: 'error',
      code: CODE,
      message: `tcm_free of ${origin}, which did not come from tcm_malloc`,
      notes: [{ message: 'freeing any other pointer is undefined behaviour on the device and corrupts the TCM pool' }],
      help: 'free only what tcm_malloc returned',
    });
  }
}

function foreignOrigin(fc: FunctionContext, arg: Expr): string | undefined {
  if (arg.kind === 'address-of' || fc.text(arg.loc.start, arg.loc.start + 1) === '&') return `'${fc.show(arg)}' (an address of an object)`;
  const v = arg.decl?.kind === 'var' ? arg.decl : undefined;
  if (!v || v.storage !== 'local') return undefined;
  if (v.type.kind === 'array') return `the local array '${v.name}'`;
  if (assignedLater(fc, v)) return undefined;
  const init = fc.initOf(v);
  const src = init && strip(init);
  if (!src || isCall(src, 'torch::neuron::tcm_malloc')) return undefined;
  if (src.kind === 'call' && src.callee) return `'${v.name}' (from ${src.callee.qualifiedName})`;
  return undefined;
}

function assignedLater(fc: FunctionContext, v: VarDecl): boolean {
  return fc.index.all.some((e) => (e.kind === 'assign' || e.kind === 'assignment_expression') && strip(e.operands?.[0] ?? e).decl === v);
}
