// Q7-M006 multicore mode (a library built with multicore=True, from the settings or `// q7: multicore`):
// standard and stream accessors are undefined behaviour (only TCM accessors are allowed); a kernel
// that never calls get_dst_tensor() leaves the output undefined; printf that can run on a core other
// than 0 prints nothing (hint).

import type { FunctionDecl, Loc } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { accessorUses, describeUse } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { isTensorType } from './sdk-types';
import type { Check } from './types';

const CODE = 'Q7-M006';

export const multicoreCheck: Check = {
  code: CODE,
  name: 'multicore',
  summary: 'constructs that are undefined or useless when the kernel runs on every core',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    if (!ctx.multicore) return;
    accessors(ctx, fc);
    printfs(ctx, fc);
  },
  runFile(ctx: FileContext) {
    if (ctx.multicore) destinations(ctx);
  },
};

function accessors(ctx: FileContext, fc: FunctionContext): void {
  for (const u of accessorUses(fc)) {
    if (u.kind === 'tcm' || u.created.callee?.owner?.qualifiedName !== 'at::TensorBase') continue;
    ctx.report({
      range: fc.rangeOf(u.created.loc),
      severity: 'error',
      code: CODE,
      message: `${describeUse(fc, u)} in a multicore kernel`,
      notes: [
        { message: `every core runs this code at the same time and ${u.kind === 'standard' ? 'standard' : 'stream'} accessors have no inter-core coordination, so their coherency bookkeeping races and the result is undefined` },
        { message: 'only TCM accessors are allowed in multicore mode' },
      ],
      help: `copy this core's slice with ${u.tensor.name}.tcm_accessor().tensor_to_tcm<T>(buffer, offset, count) and write it back with tcm_to_tensor`,
    });
  }
}

/** Kernels (functions returning a Tensor that no other function of the file calls) must call get_dst_tensor. */
function destinations(ctx: FileContext): void {
  const calls = new Map<FunctionDecl, Expr[]>();
  for (const fc of ctx.functions) calls.set(fc.fn, fc.index.all.filter((e) => e.kind === 'call' && !!e.callee));
  const called = new Set<FunctionDecl>();
  for (const list of calls.values()) for (const e of list) if (e.callee && calls.has(e.callee)) called.add(e.callee);
  for (const fc of ctx.functions) {
    if (called.has(fc.fn) || !isTensorType(fc.fn.ret) || fc.fn.owner) continue;
    if (reaches(fc.fn, calls, new Set())) continue;
    ctx.report({
      range: fc.rangeOf(fc.fn.loc),
      severity: 'error',
      code: CODE,
      message: `multicore kernel '${fc.fn.name}' never calls get_dst_tensor()`,
      notes: [
        { message: 'in multicore mode every core must write its slice of the output tensor that get_dst_tensor() returns' },
        { message: 'the tensor a kernel returns is not gathered from the cores, so the output stays undefined' },
      ],
      help: 'start with `torch::Tensor out = get_dst_tensor();` and have each core write its part of it',
    });
  }
}

function reaches(f: FunctionDecl, calls: Map<FunctionDecl, Expr[]>, seen: Set<FunctionDecl>): boolean {
  if (seen.has(f)) return false;
  seen.add(f);
  for (const e of calls.get(f) ?? []) {
    if (e.callee?.name === 'get_dst_tensor' && !e.callee.owner) return true;
    if (e.callee && calls.has(e.callee) && reaches(e.callee, calls, seen)) return true;
  }
  return false;
}

function printfs(ctx: FileContext, fc: FunctionContext): void {
  for (const e of fc.index.all) {
    if (e.kind !== 'call' || e.callee?.name !== 'printf' || e.callee.owner) continue;
    if (guardedByCoreZero(fc, e)) continue;
    ctx.report({
      range: fc.rangeOf(e.loc),
      severity: 'hint',
      code: CODE,
      message: 'printf in a multicore kernel prints only on core 0',
      notes: [{ message: 'output from the other cores is dropped, and the call still costs time on every core' }],
      help: 'guard it with `if (get_cpu_id() == 0)` to make that explicit',
    });
  }
}

/** Whether `e` sits in the then-branch of an `if` whose condition is `get_cpu_id() == 0` (or a variable
 *  holding it), read from the typed statement tree and the condition's typed expression. */
function guardedByCoreZero(fc: FunctionContext, e: Expr): boolean {
  return fc.statementsAround(e.loc).some((s) => s.kind === 'if' && !s.cond.init.length && within(e.loc, s.then.loc) && isCoreZeroTest(fc, s.cond.value?.expr));
}

function within(inner: Loc, outer: Loc): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

function isCoreZeroTest(fc: FunctionContext, c: Expr | undefined): boolean {
  if (!c) return false;
  if (c.kind === 'unary' && c.operator === '!') return isCpuId(fc, c.operands?.[0]);
  if (c.kind !== 'binary' || c.operator !== '==' || c.operands?.length !== 2) return false;
  const [l, r] = c.operands;
  return (isCpuId(fc, l) && isZero(fc, r)) || (isCpuId(fc, r) && isZero(fc, l));
}

/** The literal `0` as written. */
function isZero(fc: FunctionContext, e: Expr): boolean {
  return fc.text(e.loc.start, e.loc.end) === '0';
}

/** A call `get_cpu_id()`, or a local initialised with one. */
function isCpuId(fc: FunctionContext, e: Expr | undefined): boolean {
  if (!e) return false;
  if (e.kind === 'call') return e.callee?.name === 'get_cpu_id' && /^\(*\s*get_cpu_id\s*\(/.test(fc.text(e.loc.start, e.loc.end));
  const v = e.kind === 'name' && e.decl?.kind === 'var' ? e.decl : undefined;
  const init = v?.storage === 'local' ? fc.initOf(v) : undefined;
  return !!init && /\bget_cpu_id\s*\(\s*\)\s*$/.test(fc.text(init.loc.start, init.loc.end));
}
