// Q7-C005 coherency conflicts, by the enforcer's rules (seed 000 §5): on one tensor handle, a stream
// (buffered) accessor alive together with a standard (unbuffered) accessor, or a write stream alive
// together with any other accessor. Lifetimes follow C++ scopes, temporaries and close(). The later
// accessor is the one whose acquire fails at run time; the earlier one is named and linked. A
// set_accessor_coherence_policy(INCOHERENT_VERBOSE / INCOHERENT_QUIET) on the tensor before it lowers
// the severity to warning / hint. Quick fixes: close the stream first, or scope the earlier accessor.

import type { Severity } from '../diagnostics';
import type { Loc } from '../model/declarations';
import type { Stmt } from '../model/statements';
import { accessorUses, describeUse, type AccessorUse } from './accessors';
import type { FileContext } from './context';
import { editable, firstLineOf, indentAt } from './fixes';
import type { FunctionContext } from './function-context';
import { sameTensor, stripExpr } from './tensors';
import type { Check, CoherencePolicy, Fix } from './types';

const CODE = 'Q7-C005';
const POLICIES: CoherencePolicy[] = ['COHERENT', 'INCOHERENT_VERBOSE', 'INCOHERENT_QUIET'];
const SEVERITY: Record<CoherencePolicy, Severity> = { COHERENT: 'error', INCOHERENT_VERBOSE: 'warning', INCOHERENT_QUIET: 'hint' };

export const coherencyCheck: Check = {
  code: CODE,
  name: 'coherency-conflict',
  summary: 'accessors of one tensor whose lifetimes overlap in a way the coherency enforcer refuses',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    const uses = accessorUses(fc).filter((u) => u.kind !== 'tcm');
    for (let j = 0; j < uses.length; j++) {
      const b = uses[j];
      const a = uses.slice(0, j).find((x) => sameTensor(x.tensor, b.tensor) && b.life.start < x.life.end && conflicts(x, b));
      if (a) report(ctx, fc, a, b);
    }
  },
};

/** Whether the enforcer refuses `b` while `a` is open. */
export function conflicts(a: AccessorUse, b: AccessorUse): boolean {
  if (a.kind === 'writer' || b.kind === 'writer') return true;
  return (a.kind === 'standard') !== (b.kind === 'standard');
}

function report(ctx: FileContext, fc: FunctionContext, a: AccessorUse, b: AccessorUse): void {
  const policy = policyAt(ctx, fc, b);
  const tensor = b.tensor.name;
  const why = a.kind === 'writer' || b.kind === 'writer'
    ? 'a write stream must be the only accessor of its tensor: it collects writes in a 4 KB TCM buffer and flushes them on close(), so every other accessor sees stale data or has its own writes overwritten'
    : 'stream accessors work on a 4 KB TCM copy of the tensor while standard accessors go straight to HBM, so each sees stale data of the other; the enforcer never mixes them';
  const outcome = policy === 'COHERENT'
    ? `under the COHERENT policy the op fails at run time on the device, without a line number`
    : policy === 'INCOHERENT_VERBOSE'
      ? `the tensor's policy is INCOHERENT_VERBOSE, so the device only prints a warning and the data may be stale`
      : `the tensor's policy is INCOHERENT_QUIET, so the device says nothing and the data may be stale`;
  const advice = a.local && (a.kind === 'reader' || a.kind === 'writer')
    ? `call ${a.local.name}.close() before opening this one, or give one of them its own { } scope`
    : a.local
      ? `let '${a.local.name}' end first: put it in its own { } scope that closes before this line`
      : 'open them one after the other, in separate statements or scopes';
  ctx.report({
    range: fc.rangeOf(b.created.loc),
    severity: SEVERITY[policy],
    code: CODE,
    message: `${describeUse(fc, b)} conflicts with ${describeUse(fc, a)}, still open on '${tensor}'`,
    notes: [
      { range: fc.rangeOf(a.created.loc), message: `${describeUse(fc, a)} on '${tensor}' opened here` },
      { message: why },
      { message: outcome },
    ],
    help: advice,
    fixes: [...closeFirst(ctx, fc, a, b), ...scopeFirst(ctx, fc, a, b)],
  });
}

/** The policy set on the tensor's handle before `b` opens (else the file's default). */
function policyAt(ctx: FileContext, fc: FunctionContext, b: AccessorUse): CoherencePolicy {
  let policy = ctx.defaultPolicy;
  let at = -1;
  for (const e of fc.index.all) {
    if (e.kind !== 'call' || e.callee?.name !== 'set_accessor_coherence_policy' || e.loc.start > b.life.start || e.loc.start < at) continue;
    const target = stripExpr(e.operands?.[0] ?? e);
    if (!b.tensor.handle || target.decl !== b.tensor.handle) continue;
    const v = e.operands?.[1]?.value;
    if (v !== undefined && POLICIES[v]) {
      policy = POLICIES[v];
      at = e.loc.start;
    }
  }
  return policy;
}

/** Uses of a local after `offset` (other than its destruction). */
function usedAfter(fc: FunctionContext, u: AccessorUse, offset: number): boolean {
  return fc.index.all.some((e) => e.loc.start >= offset && stripExpr(e).decl === u.local && e.kind === 'name');
}

/** Inserts `a.close();` before the statement that opens `b` (a named stream not used after it). */
function closeFirst(ctx: FileContext, fc: FunctionContext, a: AccessorUse, b: AccessorUse): Fix[] {
  if (!a.local || (a.kind !== 'reader' && a.kind !== 'writer') || usedAfter(fc, a, b.created.loc.start)) return [];
  const stmt = fc.statementAround(b.created.loc);
  if (!stmt || !editable(ctx, fc, firstLineOf(fc, stmt.loc))) return [];
  const at = fc.rangeOf(stmt.loc).start;
  return [{
    title: `Close '${a.local.name}' before opening the ${b.kind === 'standard' ? 'accessor' : 'stream'}`,
    edits: [{ range: { file: fc.rangeOf(stmt.loc).file, start: at, end: at }, newText: `${a.local.name}.close();\n${indentAt(ctx, at.line)}` }],
  }];
}

/** Wraps the statements from `a`'s declaration to its last use in { } when `b` opens after them. */
function scopeFirst(ctx: FileContext, fc: FunctionContext, a: AccessorUse, b: AccessorUse): Fix[] {
  if (!a.local) return [];
  const around = fc.statementsAround(a.local.loc);
  const declStmt = around.at(-1);
  const block = around.at(-2);
  if (!declStmt || !block || block.kind !== 'block') return [];
  const uses = fc.index.all.filter((e) => e.kind === 'name' && e.decl === a.local);
  let last = declStmt;
  for (const e of uses) {
    const top = topIn(fc, block, e.loc);
    if (!top) return [];
    if (top.loc.end > last.loc.end) last = top;
  }
  const bStmt = topIn(fc, block, b.created.loc);
  if (!bStmt || bStmt.loc.start < last.loc.end || declaresUsedLater(fc, block.loc, declStmt.loc, last.loc)) return [];
  if (!editable(ctx, fc, firstLineOf(fc, declStmt.loc))) return [];
  const start = fc.rangeOf(declStmt.loc).start;
  const end = fc.rangeOf(last.loc).end;
  const indent = indentAt(ctx, start.line);
  const file = fc.rangeOf(declStmt.loc).file;
  return [{
    title: `Put '${a.local.name}' in its own scope`,
    edits: [
      { range: { file, start, end: start }, newText: `{\n${indent}` },
      { range: { file, start: end, end }, newText: `\n${indent}}` },
    ],
  }];
}

/** The statement of `block` (in the typed statement tree) that contains `loc`. */
function topIn(fc: FunctionContext, block: Stmt, loc: Loc): Stmt | undefined {
  const around = fc.statementsAround(loc);
  const k = around.indexOf(block);
  return k < 0 ? undefined : around[k + 1];
}

/** Whether a local declared in [from, to] is used after `to` (wrapping them in { } would hide it). */
function declaresUsedLater(fc: FunctionContext, block: Loc, from: Loc, to: Loc): boolean {
  for (const l of fc.locals) {
    const s = l.decl.loc.start;
    if (s < from.start || s > to.end) continue;
    if (fc.index.all.some((e) => e.decl === l.decl && e.loc.start > to.end && e.loc.end <= block.end)) return true;
  }
  return false;
}
