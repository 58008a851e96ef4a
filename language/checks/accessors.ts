// The accessors a function opens and how long each lives: every call of a TensorBase accessor factory
// (and every local sub-accessor `auto row = acc[i]`), the tensor it belongs to, and its lifetime in
// the unit's offsets — a named accessor to the end of its scope or to an unconditional `close()`, a
// temporary to the end of its full-expression (or of the reference that extends it, or of the local
// object it is stored in as that object is built: `Rows r{t.accessor<float, 1>()};`).

import type { VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { FunctionContext, Span } from './function-context';
import { ACCESSOR_FACTORIES, accessorKindOf, sdkValue, type AccessorKind, type SdkValue } from './sdk-types';
import { stripExpr, tensorOf, type TensorRef } from './tensors';

export interface AccessorUse {
  kind: AccessorKind;
  value: SdkValue;
  tensor: TensorRef;
  /** The call that creates it (a factory call, or `acc[i]` for a local sub-accessor). */
  created: Expr;
  /** The local holding it, when it is named. */
  local?: VarDecl;
  /** Its lifetime: [created.start, end). */
  life: Span;
  /** The `close()` that ends a stream early. */
  closedBy?: Expr;
}

const KIND_LABEL: Record<AccessorKind, string> = {
  standard: 'standard accessor',
  reader: 'read stream',
  writer: 'write stream',
  tcm: 'TCM accessor',
};

/** "write stream 'w'" or "standard accessor t.accessor<float, 2>()". */
export function describeUse(fc: FunctionContext, u: AccessorUse): string {
  return u.local ? `${KIND_LABEL[u.kind]} '${u.local.name}'` : `${KIND_LABEL[u.kind]} ${fc.show(u.created)}`;
}

export function kindLabel(k: AccessorKind): string {
  return KIND_LABEL[k];
}

/** Whether `e` calls one of TensorBase's accessor factories; returns the kind. */
export function factoryKind(e: Expr): AccessorKind | undefined {
  const c = e.callee;
  if (e.kind !== 'call' || !c || c.owner?.qualifiedName !== 'at::TensorBase') return undefined;
  return ACCESSOR_FACTORIES[c.name];
}

/** The tensor an accessor-valued expression reads (through sub-accessors and named accessors). */
export function accessorSource(fc: FunctionContext, e: Expr | undefined, depth = 0): { tensor: TensorRef; factory: Expr } | undefined {
  if (!e || depth > 12) return undefined;
  const x = stripExpr(e);
  if (factoryKind(x)) {
    const tensor = tensorOf(fc, x.operands?.[0]);
    return tensor ? { tensor, factory: x } : undefined;
  }
  if (x.kind === 'call' && x.callee?.name === 'operator[]') return accessorSource(fc, x.operands?.[0], depth + 1);
  if (x.decl?.kind === 'var' && x.decl.storage === 'local') return accessorSource(fc, fc.initOf(x.decl), depth + 1);
  return undefined;
}

const usesOf = new WeakMap<FunctionContext, AccessorUse[]>();

/** Every accessor the function opens, in source order (computed once per function context, which is
 *  shared while its body is unchanged). */
export function accessorUses(fc: FunctionContext): AccessorUse[] {
  let uses = usesOf.get(fc);
  if (!uses) usesOf.set(fc, (uses = collectAccessorUses(fc)));
  return uses;
}

function collectAccessorUses(fc: FunctionContext): AccessorUse[] {
  const out: AccessorUse[] = [];
  for (const e of fc.index.all) {
    const kind = factoryKind(e);
    const value = sdkValue(e.type);
    if (kind && value) {
      const tensor = tensorOf(fc, e.operands?.[0]);
      if (tensor) out.push(withLifetime(fc, { kind, value, tensor, created: e, life: { start: e.loc.start, end: e.loc.end } }));
    }
  }
  for (const l of fc.locals) {
    const value = sdkValue(l.decl.type);
    const init = fc.initOf(l.decl);
    if (value?.kind !== 'accessor' || l.decl.type.kind === 'reference' || !init || factoryKind(stripExpr(init))) continue;
    const src = accessorSource(fc, init);
    if (src && stripExpr(init).callee?.name === 'operator[]') {
      out.push(withLifetime(fc, { kind: accessorKindOf(value)!, value, tensor: src.tensor, created: stripExpr(init), life: { start: init.loc.start, end: init.loc.end } }));
    }
  }
  return out.sort((a, b) => a.life.start - b.life.start);
}

function withLifetime(fc: FunctionContext, u: AccessorUse): AccessorUse {
  const local = fc.localInitialisedBy(u.created) ?? extendingReference(fc, u.created);
  if (!local) {
    const holder = holdingLocal(fc, u.created);
    const held = holder && fc.local(holder);
    const end = held ? fc.lifetimeOf(held).end : fc.fullExpressionEnd(u.created);
    return { ...u, life: { start: u.created.loc.start, end } };
  }
  const l = fc.local(local);
  const life = l ? fc.lifetimeOf(l) : fc.span;
  const close = u.kind === 'reader' || u.kind === 'writer' ? firstUnconditionalClose(fc, local, u.created.loc.end) : undefined;
  return { ...u, local, closedBy: close, life: { start: u.created.loc.start, end: close ? close.loc.end : life.end } };
}

/** The local object an accessor is stored in as it is built: `Rows r{t.accessor<float, 1>()};`. */
function holdingLocal(fc: FunctionContext, e: Expr): VarDecl | undefined {
  let p = fc.index.parent(e);
  for (let i = 0; p && i < 4 && (p.kind === 'construct' || p.kind === 'initializer_list' || p.kind === 'implicit'); i++) {
    const v = fc.localInitialisedBy(p);
    if (v) return v;
    p = fc.index.parent(p);
  }
  return undefined;
}

function extendingReference(fc: FunctionContext, e: Expr): VarDecl | undefined {
  return fc.body.temporaries.find((t) => t.expr === e)?.extendedBy;
}

/** The first `x.close()` after `from` that runs whenever the rest of x's scope runs. */
function firstUnconditionalClose(fc: FunctionContext, x: VarDecl, from: number): Expr | undefined {
  let first: Expr | undefined;
  for (const e of fc.index.all) {
    if (e.kind !== 'call' || e.callee?.name !== 'close' || e.loc.start < from) continue;
    if (stripExpr(e.operands?.[0] ?? e).decl !== x) continue;
    if (first && first.loc.start < e.loc.start) continue;
    if (fc.runsWheneverScopeRuns(e, x)) first = e;
  }
  return first;
}
