// Q7-A009 32-bit index narrowing (seed 000 §4 QUIRK): the accessor computes each dimension's element
// offset `strides[d] * i` in int64, but Q7PtrType::operator+ / operator[] and TensorElementReference
// take it as size_t, 32 bits on the Q7 (ILP32). An offset from 2^32 on wraps before the byte multiply
// and the access lands on another element, silently. With sizes known (factory shape, a `// q7:`
// shape annotation, TORCH_CHECK(t.size(d) == K)) and a contiguous layout: a warning at the accessor
// when some dimension's offset can reach 2^32, an error at a subscript whose constant index does.

import type { Expr } from '../model/expressions';
import { accessorUses, accessorSource } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { sdkValue } from './sdk-types';
import { factsOf, stripExpr, type TensorRef } from './tensors';
import type { Check } from './types';

const CODE = 'Q7-A009';
const LIMIT = 2 ** 32;
const WHY =
  'the device narrows each dimension\'s element offset (stride × index, int64) to a 32-bit size_t before multiplying it by the element size (Q7PtrType::operator+ / operator[] take size_t on the ILP32 Q7), so the offset wraps modulo 2^32 and the access silently reads or writes another element';
const FIX =
  'keep stride × index below 2^32 in every dimension: split the data into tensors (or ops) of fewer than 2^32 elements, or order the dimensions so that no stride × (size − 1) reaches 2^32';

export const indexNarrowingCheck: Check = {
  code: CODE,
  name: 'index-narrowing',
  summary: 'an element offset that can reach 2^32 is truncated to a 32-bit size_t before the byte multiply',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    const notes = ctx.tensorAnnotations(fc);
    for (const u of accessorUses(fc)) {
      if (u.kind !== 'standard' || u.value.kind !== 'accessor' || u.created.callee?.name !== 'accessor') continue;
      const shape = knownShape(fc, u.tensor, u.value.rank, u.created.loc.start, notes);
      const dim = firstWrapping(shape);
      if (dim === undefined) continue;
      const { stride, size } = dim;
      ctx.report({
        range: fc.rangeOf(u.created.loc),
        severity: 'warning',
        code: CODE,
        message: `element offset of dimension ${dim.d} of '${u.tensor.name}' can reach ${fmt(stride * (size - 1))}, beyond 32 bits`,
        notes: [
          { message: `stride ${fmt(stride)} × index up to ${fmt(size - 1)}; shape ${showShape(shape.sizes)}${shape.source ? ` from ${shape.source}` : ''}, contiguous` },
          { message: WHY },
        ],
        help: FIX,
      });
    }
    for (const e of fc.index.all) constantSubscript(ctx, fc, e, notes);
  },
};

interface Shape {
  sizes: (number | undefined)[];
  source?: string;
}

/** The tensor's sizes as far as known: its facts, then TORCH_CHECK(t.size(d) == K) before `offset`. */
function knownShape(fc: FunctionContext, ref: TensorRef, rank: number, offset: number, notes: ReturnType<FileContext['tensorAnnotations']>): Shape {
  const facts = factsOf(fc, ref, offset, notes);
  const sizes: (number | undefined)[] = facts.shape && facts.shape.length === rank ? [...facts.shape] : new Array<number | undefined>(rank).fill(undefined);
  const sources = facts.shape && facts.shape.length === rank && facts.rankSource ? [facts.rankSource] : [];
  for (const c of sizeChecks(fc, ref, offset)) {
    if (c.dim >= rank || sizes[c.dim] !== undefined) continue;
    sizes[c.dim] = c.size;
    sources.push(`TORCH_CHECK(${ref.name}.size(${c.dim}) == ${c.size}) on line ${c.line}`);
  }
  return { sizes, source: sources.length ? sources.join(' and ') : undefined };
}

/** Contiguous strides where every later size is known. */
function strides(sizes: (number | undefined)[]): (number | undefined)[] {
  const out: (number | undefined)[] = new Array(sizes.length).fill(undefined);
  let s: number | undefined = 1;
  for (let d = sizes.length - 1; d >= 0; d--) {
    out[d] = s;
    const n = sizes[d];
    s = s !== undefined && n !== undefined ? s * n : undefined;
  }
  return out;
}

/** The first dimension whose offset stride × (size − 1) reaches 2^32. */
function firstWrapping(shape: Shape): { d: number; stride: number; size: number } | undefined {
  const st = strides(shape.sizes);
  for (let d = 0; d < shape.sizes.length; d++) {
    const size = shape.sizes[d];
    const stride = st[d];
    if (size !== undefined && stride !== undefined && size > 0 && stride * (size - 1) >= LIMIT) return { d, stride, size };
  }
  return undefined;
}

/** `acc[k]` with a constant k whose element offset reaches 2^32: an error at the subscript. */
function constantSubscript(ctx: FileContext, fc: FunctionContext, e: Expr, notes: ReturnType<FileContext['tensorAnnotations']>): void {
  if (e.kind !== 'call' || e.callee?.name !== 'operator[]' || e.callee.owner?.qualifiedName !== 'at::TensorAccessor') return;
  const [base, index] = e.operands ?? [];
  const k = index && stripExpr(index).value;
  const sub = base && sdkValue(base.type);
  if (k === undefined || k <= 0 || sub?.kind !== 'accessor') return;
  const src = accessorSource(fc, base);
  const whole = src && sdkValue(src.factory.type);
  if (!src || whole?.kind !== 'accessor' || src.factory.callee?.name !== 'accessor') return;
  const d = whole.rank - sub.rank;
  const shape = knownShape(fc, src.tensor, whole.rank, src.factory.loc.start, notes);
  const stride = strides(shape.sizes)[d];
  if (stride === undefined || stride * k < LIMIT) return;
  const offset = stride * k;
  ctx.report({
    range: fc.rangeOf(e.loc),
    severity: 'error',
    code: CODE,
    message: `index ${fmt(k)} of dimension ${d} of '${src.tensor.name}' is truncated to element offset ${fmt(offset % LIMIT)}`,
    notes: [{ message: `element offset ${fmt(offset)} (stride ${fmt(stride)}) does not fit in 32 bits` }, { message: WHY }],
    help: FIX,
  });
}

interface SizeCheck {
  dim: number;
  size: number;
  line: string;
}

/** `TORCH_CHECK(t.size(d) == K)` (an `if (!(t.size(d) == K))`) before `offset`, on the tensor's handle. */
function sizeChecks(fc: FunctionContext, ref: TensorRef, offset: number): SizeCheck[] {
  if (!ref.handle) return [];
  const out: SizeCheck[] = [];
  for (const e of fc.index.all) {
    if (e.loc.start >= offset || e.kind !== 'unary' || fc.text(e.loc.start, e.loc.start + 1) !== '!') continue;
    const inner = e.operands?.[0] && stripExpr(e.operands[0]);
    if (!inner || inner.kind !== 'binary' || inner.operator !== '==') continue;
    const [l, r] = inner.operands ?? [];
    const lhs = sizeCall(l, ref);
    const rhs = sizeCall(r, ref);
    const dim = lhs ?? rhs;
    const size = lhs !== undefined ? r && stripExpr(r).value : l && stripExpr(l).value;
    if (dim !== undefined && size !== undefined) out.push({ dim, size, line: fc.lineOf(e.loc.start) });
  }
  return out;
}

/** `t.size(d)` with a constant d ≥ 0 → d. */
function sizeCall(e: Expr | undefined, ref: TensorRef): number | undefined {
  if (!e) return undefined;
  const x = stripExpr(e);
  if (x.kind !== 'call' || x.callee?.name !== 'size' || stripExpr(x.operands?.[0] ?? x).decl !== ref.handle) return undefined;
  const d = x.operands?.[1] && stripExpr(x.operands[1]).value;
  return d !== undefined && d >= 0 ? d : undefined;
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

function showShape(sizes: (number | undefined)[]): string {
  return `{${sizes.map((s) => (s === undefined ? '?' : String(s))).join(', ')}}`;
}
