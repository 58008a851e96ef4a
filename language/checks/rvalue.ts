// Q7-A003 accessor on an rvalue tensor, and 0-D accessors: `torch::zeros(...).accessor<T, N>()` (the &&
// overload is deleted: the accessor would outlive the tensor handle that owns its coherency
// enforcer), a stream or TCM accessor of a temporary tensor kept in a variable (it keeps a reference
// to the dead handle's enforcer), and accessor<T, 0>. Quick fix: bind the tensor to a variable first.

import type { Expr } from '../model/expressions';
import { factoryKind, kindLabel } from './accessors';
import type { FileContext } from './context';
import { editable, indentAt } from './fixes';
import type { FunctionContext } from './function-context';
import { stripExpr } from './tensors';
import type { Check, Fix } from './types';

const CODE = 'Q7-A003';

export const rvalueCheck: Check = {
  code: CODE,
  name: 'rvalue-accessor',
  summary: 'accessor of a temporary tensor, or a 0-dimensional accessor',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    for (const e of fc.index.all) {
      const kind = factoryKind(e);
      if (!kind) continue;
      const object = e.operands?.[0];
      if (kind === 'standard' && rankArg(e) === 0) zeroRank(ctx, fc, e);
      else if (object && stripExpr(object).cat === 'prvalue') temporaryTensor(ctx, fc, e, object);
    }
  },
};

function rankArg(e: Expr): number | undefined {
  const a = e.callee?.templateInfo?.args[1];
  return a?.kind === 'value' ? a.value : undefined;
}

function zeroRank(ctx: FileContext, fc: FunctionContext, e: Expr): void {
  ctx.report({
    range: fc.rangeOf(e.loc),
    severity: 'error',
    code: CODE,
    message: 'accessor<T, 0>() has no dimension to index',
    notes: [
      { message: 'a TensorAccessor walks a tensor by strides and only translates a window at its last dimension, so a 0-D accessor cannot reach its element' },
      { message: 'the device headers reject it (static_assert N > 0)' },
    ],
    help: 'read a 0-D tensor with read_stream_accessor<T>().read(), or copy it with tcm_accessor().tensor_to_tcm<T>(&x, 0, 1)',
    supersedes: ['static-assert'],
  });
}

function temporaryTensor(ctx: FileContext, fc: FunctionContext, e: Expr, object: Expr): void {
  const kind = factoryKind(e)!;
  const named = fc.localInitialisedBy(e) ?? fc.body.temporaries.find((t) => t.expr === e)?.extendedBy;
  if (kind !== 'standard' && !named) return;
  const fixes = bindFirst(ctx, fc, object);
  if (kind === 'standard') {
    ctx.report({
      range: fc.rangeOf(e.loc),
      severity: 'error',
      code: CODE,
      message: `accessor<...>() on the temporary tensor '${fc.show(object)}'`,
      notes: [
        { message: 'the accessor holds a reference to the coherency enforcer inside that tensor handle, which is destroyed at the end of this statement, so the accessor would release its slot into freed memory on the device' },
        { message: 'the overload for rvalue tensors is deleted' },
      ],
      help: 'bind the tensor to a variable first and take the accessor from that variable',
      supersedes: ['deleted-function'],
      fixes,
    });
    return;
  }
  ctx.report({
    range: fc.rangeOf(e.loc),
    severity: 'error',
    code: CODE,
    message: `${kindLabel(kind)} '${named!.name}' is taken from the temporary tensor '${fc.show(object)}'`,
    notes: [
      { message: `'${fc.show(object)}' is destroyed at the end of this statement` },
      {
        message: kind === 'tcm'
          ? 'a temporary binds only to the const overload, so the TCM accessor is read-only and points at a tensor nothing else can reach'
          : `'${named!.name}' keeps a reference to that handle's coherency enforcer: its close() on the device updates freed memory`,
      },
    ],
    help: 'bind the tensor to a variable first and take the accessor from that variable',
    fixes,
  });
}

/** Inserts `torch::Tensor tensor = <object>;` before the statement and uses `tensor` in its place. */
function bindFirst(ctx: FileContext, fc: FunctionContext, object: Expr): Fix[] {
  if (!editable(ctx, fc, object.loc)) return [];
  const stmt = fc.statementAround(object.loc);
  if (!stmt) return [];
  const at = fc.rangeOf(stmt.loc).start;
  const name = freshName(fc, 'tensor');
  const indent = indentAt(ctx, at.line);
  const before = { ...fc.rangeOf(stmt.loc), end: at };
  return [{
    title: `Bind the tensor to a variable '${name}' first`,
    edits: [
      { range: before, newText: `torch::Tensor ${name} = ${fc.text(object.loc.start, object.loc.end)};\n${indent}` },
      { range: fc.rangeOf(object.loc), newText: name },
    ],
  }];
}

function freshName(fc: FunctionContext, base: string): string {
  const text = fc.text(fc.span.start, fc.span.end);
  for (let i = 0; ; i++) {
    const name = i ? `${base}${i + 1}` : base;
    if (!new RegExp(`\\b${name}\\b`).test(text)) return name;
  }
}
