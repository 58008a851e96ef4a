// Q7-M006 multicore mode (a library built with multicore=True, from the settings or `// q7: multicore`):
// standard and stream accessors are undefined behaviour (only TCM accessors are allowed); a kernel
// that never calls get_dst_tensor() leaves the output undefined; printf that can run on a core other
// than 0 prints nothing (hint).

import type { SyntaxNode } from '../parse/syntax-node';
import type { FunctionDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { accessorUses, describeUse } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { isTensorType } from './sdk-types';
import { ancestor, nodeOfLoc, unparenthesised } from './syntax';
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
    if (guardedByCoreZero(fc, nodeOfLoc(e.loc))) continue;
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

/** Whether `n` sits in the then-branch of an `if` whose condition is `get_cpu_id() == 0` (or a variable holding it). */
function guardedByCoreZero(fc: FunctionContext, n: SyntaxNode): boolean {
  for (let k: SyntaxNode | undefined = n; k; k = ancestor(k, (a) => a.type === 'if_statement')) {
    if (k.type !== 'if_statement') continue;
    const cond = k.childForFieldName('condition');
    const cons = k.childForFieldName('consequence');
    if (cond && cons && n.startIndex >= cons.startIndex && n.endIndex <= cons.endIndex && isCoreZeroTest(fc, cond)) return true;
  }
  return false;
}

function isCoreZeroTest(fc: FunctionContext, cond: SyntaxNode): boolean {
  const c = unparenthesised(cond.type === 'condition_clause' ? cond.namedChild(0) ?? cond : cond);
  if (c.type === 'unary_expression' && c.childForFieldName('operator')?.type === '!') return isCpuId(fc, c.childForFieldName('argument'));
  if (c.type !== 'binary_expression' || c.childForFieldName('operator')?.type !== '==') return false;
  const l = c.childForFieldName('left');
  const r = c.childForFieldName('right');
  return (isCpuId(fc, l) && r?.text === '0') || (isCpuId(fc, r) && l?.text === '0');
}

function isCpuId(fc: FunctionContext, n: SyntaxNode | null): boolean {
  if (!n) return false;
  const x = unparenthesised(n);
  if (x.type === 'call_expression') return x.childForFieldName('function')?.text === 'get_cpu_id';
  if (x.type !== 'identifier') return false;
  const v = fc.varNamed(x.text, x.startIndex);
  const init = v?.storage === 'local' ? fc.initOf(v) : undefined;
  return !!init && /\bget_cpu_id\s*\(\s*\)\s*$/.test(fc.text(init.loc.start, init.loc.end));
}
