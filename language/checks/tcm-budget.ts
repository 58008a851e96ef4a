// Q7-T007 TCM budget: tcm_malloc sizes that are compile-time constants, plus 4 KB for each stream
// accessor alive at the same time, above the 16 KB pool (the allocation then returns nullptr); a
// tcm_malloc result used without a null check; tcm_free of memory that did not come from tcm_malloc.

import type { SyntaxNode } from '../parse/syntax-node';
import type { VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { accessorUses } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext, Span } from './function-context';
import { nodeOfLoc, runsUnconditionallyWithin, unparenthesised } from './syntax';
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
  const scope = fc.scopeNodeOf(x);
  let end: number | undefined;
  for (const e of fc.index.all) {
    if (!isCall(e, 'torch::neuron::tcm_free') || e.loc.start < from) continue;
    if (strip(e.operands?.[0] ?? e).decl !== x) continue;
    if (scope && !runsUnconditionallyWithin(nodeOfLoc(e.loc), scope)) continue;
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
    const node = nodeOfLoc(e.loc);
    if (isComparisonOrTest(node) || isFreeArgument(fc, e) || guarded(node, v.name)) continue;
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

/** `p` inside a condition that tests it (`if (p)`, `p != nullptr`, `!p`). */
function isComparisonOrTest(n: SyntaxNode): boolean {
  const p = n.parent;
  if (!p) return false;
  if (p.type === 'condition_clause') return true;
  if (p.type === 'unary_expression' && p.childForFieldName('operator')?.type === '!') return true;
  if (p.type === 'binary_expression') {
    const op = p.childForFieldName('operator')?.type;
    return op === '==' || op === '!=' || op === '&&' || op === '||';
  }
  return false;
}

function isFreeArgument(fc: FunctionContext, e: Expr): boolean {
  const parent = fc.index.parent(e);
  return !!parent && isCall(parent, 'torch::neuron::tcm_free');
}

/** Whether the use at `n` is only reached when `name` is not null. */
function guarded(n: SyntaxNode, name: string): boolean {
  for (let k: SyntaxNode | undefined = n; k; k = k.parent ?? undefined) {
    const parent = k.parent;
    if (!parent) break;
    if (parent.type === 'if_statement') {
      const test = nullTest(parent.childForFieldName('condition'), name);
      if (test === 'non-null' && k.fieldName === 'consequence') return true;
      if (test === 'null' && k.fieldName === 'alternative') return true;
    }
    if (parent.type === 'binary_expression' && parent.childForFieldName('operator')?.type === '&&' && k.fieldName === 'right') {
      if (nullTest(parent.childForFieldName('left'), name) === 'non-null') return true;
    }
    if (parent.type === 'compound_statement' && earlyExitBefore(parent, k, name)) return true;
  }
  return false;
}

/** A statement before `stmt` in `block` like `if (p == nullptr) return ...;`. */
function earlyExitBefore(block: SyntaxNode, stmt: SyntaxNode, name: string): boolean {
  for (const s of block.namedChildren) {
    if (s === stmt) return false;
    if (s.type !== 'if_statement' || nullTest(s.childForFieldName('condition'), name) !== 'null') continue;
    const body = s.childForFieldName('consequence');
    const last = body?.type === 'compound_statement' ? body.namedChildren[body.namedChildCount - 1] : body;
    if (last && /^(return_statement|break_statement|continue_statement|throw_statement|goto_statement)$/.test(last.type)) return true;
  }
  return false;
}

/** What a condition says about `name`: 'non-null' when true means not null, 'null' when true means null. */
function nullTest(cond: SyntaxNode | null, name: string): 'null' | 'non-null' | undefined {
  if (!cond) return undefined;
  const c = unparenthesised(cond.type === 'condition_clause' ? cond.namedChild(0) ?? cond : cond);
  if (c.type === 'identifier' && c.text === name) return 'non-null';
  if (c.type === 'unary_expression' && c.childForFieldName('operator')?.type === '!') {
    const inner = nullTest(c.childForFieldName('argument'), name);
    return inner === 'non-null' ? 'null' : inner === 'null' ? 'non-null' : undefined;
  }
  if (c.type !== 'binary_expression') return undefined;
  const op = c.childForFieldName('operator')?.type;
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  const isNull = (x: SyntaxNode | null) => !!x && /^(nullptr|NULL|0)$/.test(x.text);
  const isName = (x: SyntaxNode | null) => !!x && unparenthesised(x).text === name;
  if (!((isName(l) && isNull(r)) || (isName(r) && isNull(l)))) {
    if (op === '&&') return nullTest(l, name) === 'non-null' || nullTest(r, name) === 'non-null' ? 'non-null' : undefined;
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
