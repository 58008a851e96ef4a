// Q7-C011 accessors that escape their scope: a standard accessor or a stream holds a coherency slot
// of its tensor (its constructor acquires it, its destructor releases it). Returned from the function
// (also inside an object, or copied into a returned lambda), held by a `static` / `thread_local` local,
// or stored in a class member by a constructor, it is not released where the scope that opened it
// ends: the slot stays taken in the caller, for the object's life, or until the program exits.
// TCM accessors take no slot and element references hold none, so they are not reported.
// Walks the body's syntax for returns, static locals, member initialisers and lambda captures (the
// statement tree and ClassDecl.closure could answer these: a move still to make).

import type { SyntaxNode } from '../parse/syntax-node';
import type { Expr } from '../model/expressions';
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
    const body = fc.fn.body!.node;
    if (body.parent?.type === 'lambda_expression') return;
    const visit = (n: SyntaxNode) => {
      if (n.type === 'lambda_expression') return;
      if (n.type === 'return_statement') returned(ctx, fc, n);
      if (n.type === 'declaration' && isStatic(n)) staticLocal(ctx, fc, n);
      for (const k of n.children) visit(k);
    };
    visit(body);
    const inits = body.parent?.children.find((k) => k.type === 'field_initializer_list');
    for (const init of inits?.namedChildren.filter((k) => k.type === 'field_initializer') ?? []) memberInit(ctx, fc, init);
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

function returned(ctx: FileContext, fc: FunctionContext, ret: SyntaxNode): void {
  const value = ret.namedChildren.find((k) => k.type !== 'comment');
  if (!value) return;
  if (value.type === 'lambda_expression') return capturedByCopy(ctx, fc, value);
  const e = fc.index.at(value.startIndex, value.endIndex);
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

function isStatic(decl: SyntaxNode): boolean {
  return decl.children.some((k) => k.type === 'storage_class_specifier' && (k.text === 'static' || k.text === 'thread_local'));
}

function staticLocal(ctx: FileContext, fc: FunctionContext, decl: SyntaxNode): void {
  const storage = decl.children.find((k) => k.type === 'storage_class_specifier')?.text ?? 'static';
  for (const d of decl.namedChildren.filter((k) => k.type === 'init_declarator')) {
    const value = d.childForFieldName('value');
    const name = d.childForFieldName('declarator')?.text ?? '?';
    if (!value) continue;
    const init = value.type === 'initializer_list' || value.type === 'argument_list' ? value.namedChildren : [value];
    for (const v of init) {
      for (const h of heldBy(fc.index.at(v.startIndex, v.endIndex))) {
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
}

/** `Ctx(torch::Tensor& t) : acc(t.accessor<float, 1>()) {}`: the accessor lives as long as the object. */
function memberInit(ctx: FileContext, fc: FunctionContext, init: SyntaxNode): void {
  const member = init.namedChildren[0]?.text ?? '?';
  const owner = fc.fn.owner?.name ?? 'the object';
  for (const arg of init.namedChildren.slice(1).flatMap((k) => (k.type === 'argument_list' || k.type === 'initializer_list' ? k.namedChildren : [k]))) {
    for (const h of heldBy(fc.index.at(arg.startIndex, arg.endIndex))) {
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

/** `return [acc](...) { ... };` (or `[=]` using it): the returned closure holds a copy of the accessor. */
function capturedByCopy(ctx: FileContext, fc: FunctionContext, lambda: SyntaxNode): void {
  const captures = lambda.childForFieldName('captures');
  if (!captures) return;
  const byDefault = captures.children.some((k) => k.type === 'lambda_default_capture' && k.text === '=');
  const names = new Map<string, SyntaxNode>();
  for (const k of captures.namedChildren) if (k.type === 'identifier') names.set(k.text, k);
  if (byDefault) for (const id of lambda.childForFieldName('body')?.descendantsOfType('identifier') ?? []) if (!names.has(id.text)) names.set(id.text, id);
  for (const [name, at] of names) {
    const v = fc.varNamed(name, lambda.startIndex);
    const kind = v && v.storage === 'local' ? accessorKindOf(sdkValue(v.type)) : undefined;
    if (!v || !kind || kind === 'tcm') continue;
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