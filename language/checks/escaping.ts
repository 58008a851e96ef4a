// Q7-C011 accessors that escape their scope: a standard accessor or a stream holds a coherency slot
// of its tensor (its constructor acquires it, its destructor releases it). Returned from the function
// (also inside an object, or copied into a returned lambda), held by a `static` / `thread_local` local,
// or stored in a class member by a constructor, it is not released where the scope that opened it
// ends: the slot stays taken in the caller, for the object's life, or until the program exits.
// TCM accessors take no slot and element references hold none, so they are not reported.
// Reads the typed tree: the statement tree's returns and declarations (a local's written storage
// class), a constructor's mem-initialisers and a returned lambda's captures (`ClassDecl.closure`).

import type { Loc, VarDecl } from '../model/declarations';
import type { Expr } from '../model/expressions';
import type { MemberInitialiser } from '../model/bodies';
import { allStatements, type Declared, type ReturnStmt } from '../model/statements';
import { accessorSource, kindLabel } from './accessors';
import type { FileContext } from './context';
import type { FunctionContext } from './function-context';
import { accessorKindOf, sdkValue, type AccessorKind } from './sdk-types';
import { stripExpr } from './tensors';
import type { Check } from './types';

const CODE = 'Q7-C011';
const SLOT = { message: 'an accessor or stream holds a coherency slot of its tensor from its constructor to its destructor' };

export const escapingCheck: Check = {
  code: CODE,
  name: 'escaping-accessor',
  summary: 'an accessor or stream returned or kept in a static local, so its coherency slot is not released at the end of its scope',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    // a lambda's body is checked with the function that returns it
    if (fc.fn.owner?.closure?.call === fc.fn) return;
    for (const st of allStatements(fc.body.statement)) {
      if (st.kind === 'return') returned(ctx, fc, st);
      else if (st.kind === 'decl') for (const d of st.items) if (d.kind !== 'binding' && d.kind !== 'unanalysed' && d.decl.storageClass) staticLocal(ctx, fc, d);
    }
    for (const init of fc.body.memberInitialisers ?? []) memberInit(ctx, fc, init);
  },
};

interface Held {
  expr: Expr;
  kind: AccessorKind;
}

/** The accessors and streams a value holds: itself, or those an object is constructed from. */
function heldBy(e: Expr | undefined, depth = 0): Held[] {
  if (!e || depth > 4) return [];
  const x = stripExpr(e);
  const v = sdkValue(x.type);
  const kind = v && accessorKindOf(v);
  if (kind && kind !== 'tcm') return [{ expr: x, kind }];
  if (v) return [];
  if (x.kind === 'construct' || x.kind === 'initializer_list' || x.kind === 'init_list') {
    return [...(x.operands ?? []), ...(x.list ?? [])].flatMap((o) => heldBy(o, depth + 1));
  }
  return [];
}

function describe(fc: FunctionContext, h: Held): string {
  const x = h.expr;
  return x.decl?.kind === 'var' ? `${kindLabel(h.kind)} '${x.decl.name}'` : `${kindLabel(h.kind)} ${fc.show(x)}`;
}

function tensorName(fc: FunctionContext, h: Held): string {
  const t = accessorSource(fc, h.expr)?.tensor.name;
  return t ? `'${t}'` : 'its tensor';
}

/** The typed expression written at `loc`. */
function exprAt(fc: FunctionContext, loc: Loc): Expr | undefined {
  return fc.index.at(loc.start, loc.end);
}

function returned(ctx: FileContext, fc: FunctionContext, ret: ReturnStmt): void {
  if (!ret.value) return;
  const e = exprAt(fc, ret.value.loc);
  if (e?.kind === 'lambda') return capturedByCopy(ctx, fc, e);
  for (const h of heldBy(e)) {
    ctx.report({
      range: fc.rangeOf(h.expr.loc),
      severity: 'warning',
      code: CODE,
      message: `${describe(fc, h)} escapes '${fc.fn.name}' through its return value`,
      notes: [
        SLOT,
        { message: `its coherency slot on ${tensorName(fc, h)} is not released when '${fc.fn.name}' returns but only when the caller's copy is destroyed` },
        { message: 'meanwhile the enforcer refuses conflicting accessors of the tensor (the op fails under the COHERENT policy), and an accessor that outlives its tensor handle releases the slot on an enforcer that no longer exists' },
      ],
      help: 'return or pass the tensor (torch::Tensor&) instead, and open the accessor in the scope that uses it',
    });
  }
}

/** The expressions written in an initialiser: the arguments of `(…)`, the elements of `{…}`, else the one expression. */
function initialiserParts(fc: FunctionContext, args: readonly { readonly loc: Loc }[], braced: boolean): (Expr | undefined)[] {
  if (!braced) return args.map((a) => exprAt(fc, a.loc));
  return args.flatMap((a) => exprAt(fc, a.loc)?.list?.map((x) => exprAt(fc, x.loc)) ?? []);
}

function staticLocal(ctx: FileContext, fc: FunctionContext, d: Extract<Declared, { decl: VarDecl }>): void {
  const storage = d.decl.storageClass!;
  const name = d.decl.name;
  if (!d.init) return;
  for (const v of initialiserParts(fc, d.init.args, d.init.form === 'list')) {
    for (const h of heldBy(v)) {
      ctx.report({
        range: fc.rangeOf(h.expr.loc),
        severity: 'warning',
        code: CODE,
        message: `${describe(fc, h)} is kept in the ${storage} local '${name}'`,
        notes: [
          SLOT,
          { message: `the destructor of '${name}' runs only when the program (or thread) ends: its coherency slot on ${tensorName(fc, h)} stays taken after '${fc.fn.name}' returns, across every later call of the op, and is finally released on a tensor handle that no longer exists` },
        ],
        help: `make '${name}' an ordinary local (drop '${storage}')`,
      });
    }
  }
}

/** `Ctx(torch::Tensor& t) : acc(t.accessor<float, 1>()) {}`: the accessor lives as long as the object. */
function memberInit(ctx: FileContext, fc: FunctionContext, init: MemberInitialiser): void {
  const member = init.name;
  const owner = fc.fn.owner?.name ?? 'the object';
  const braced = init.args.length === 1 && !!init.args[0].list && init.args[0].loc.end === init.loc.end;
  for (const arg of initialiserParts(fc, init.args, braced)) {
    for (const h of heldBy(arg)) {
      ctx.report({
        range: fc.rangeOf(h.expr.loc),
        severity: 'warning',
        code: CODE,
        message: `${describe(fc, h)} is kept in the member '${member}' of '${owner}'`,
        notes: [
          SLOT,
          { message: `its coherency slot on ${tensorName(fc, h)} stays taken for as long as the '${owner}' object lives, not just while the constructor runs` },
          { message: 'while it lives, the enforcer refuses conflicting accessors of the tensor (the op fails under the COHERENT policy)' },
        ],
        help: 'keep the tensor (torch::Tensor&) in the object and open the accessor in the function that uses it',
      });
    }
  }
}

/**
 * `return [acc](...) { ... };` (or `[=]` using it): the returned closure holds a copy of the accessor.
 * The locals named in the capture list and those a `[=]` default captures, where they are captured.
 */
function capturedByCopy(ctx: FileContext, fc: FunctionContext, lambda: Expr): void {
  const closure = lambda.type.kind === 'class' ? lambda.type.decl.closure : undefined;
  for (const c of closure?.captures ?? []) {
    if (!c.at || c.init || (!c.at.explicit && c.field.type.kind === 'reference')) continue;
    const v = c.variable;
    const name = v.name;
    const kind = v.storage === 'local' ? accessorKindOf(sdkValue(v.type)) : undefined;
    if (!kind || kind === 'tcm') continue;
    const at = c.at.loc;
    const init = fc.initOf(v);
    const tensor = init && accessorSource(fc, init)?.tensor.name;
    ctx.report({
      range: fc.rangeOf(at),
      severity: 'warning',
      code: CODE,
      message: `${kindLabel(kind)} '${name}' escapes '${fc.fn.name}' in the lambda it returns`,
      notes: [
        SLOT,
        { message: `the lambda holds a copy of '${name}': it reads and writes ${tensor ? `'${tensor}'` : 'the tensor'} after '${fc.fn.name}' returned, outside the scope whose coherency slot was accounted for, and gives a slot back only when the lambda is destroyed` },
      ],
      help: 'capture the tensor (torch::Tensor&) instead and open the accessor inside the lambda',
    });
  }
}