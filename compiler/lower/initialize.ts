// Local variable definitions: the slot, the initialisation in the form written (`= e`, `(args)`,
// `{list}`, or default), and the destruction registered with the enclosing scope once the object
// is constructed. A reference bound to a temporary keeps it alive to the end of the reference's scope.

import type { SyntaxNode as Node } from '../../language/parse/syntax-node';
import type { VarDecl } from '../../language/sema/decls';
import { types } from '../../language';
import type { Type } from '../../language/sema/types';
import { offsetAddr, regAddr } from '../ir/builder';
import { unsupported } from './errors';
import type { FnLower } from './function';
import { construct, defaultInit, initFromExpr, needsDestruction, pickConstructor } from './objects';
import { checkSupportedSyntax } from './syntax-guard';
import { classDeclOf } from './types';

export function initializeLocal(f: FnLower, decl: VarDecl, init: Node | undefined, declarator: Node): void {
  if (init) checkSupportedSyntax(f, init);
  if (decl.type.kind === 'error') unsupported(decl.loc, `the type of '${decl.name}' could not be determined`);
  const t = completedType(f, decl.type, init);
  const local = f.declareLocal(decl, t);
  // the named return value is built in the caller's result, which its slot points to
  const v = decl === f.nrvo ? { ...local, slot: regAddr(f.b.load('i32', local.slot, 'i32')) } : local;
  if (!init) {
    if (t.kind === 'reference') unsupported(decl.loc, 'a reference without an initialiser');
    f.fullExpression(() => defaultInit(f, v.slot, t, decl.loc));
  } else if (init.type === 'argument_list') {
    checkSupportedSyntax(f, init);
    const args = init.namedChildren.filter((c) => c.type !== 'comment').map((c) => f.requireExpr(c, 'initialiser'));
    f.fullExpression(() => {
      const cls = classDeclOf(t);
      if (cls && t.kind !== 'reference' && !(args.length === 1 && classDeclOf(args[0].type) === cls && args[0].cat === 'prvalue')) {
        construct(f, v.slot, cls, pickConstructor(cls, args, decl.loc), args, decl.loc);
      } else if (args.length === 1) {
        initFromExpr(f, v.slot, t, args[0]);
        if (t.kind === 'reference') extendBound(f);
      } else unsupported(decl.loc, `initialising '${decl.name}' from ${args.length} values`);
    });
  } else {
    checkSupportedSyntax(f, init);
    const e = f.requireExpr(init, 'initialiser');
    f.fullExpression(() => {
      initFromExpr(f, v.slot, t, e);
      if (t.kind === 'reference') extendBound(f);
    });
  }
  if (decl !== f.nrvo) registerDestruction(f, v.slot, t);
  void declarator;
}

/** An array declared without a length takes it from its initialiser (`int a[] = {1, 2}`, `char s[] = "ab"`). */
function completedType(f: FnLower, t: Type, init: Node | undefined): Type {
  if (t.kind !== 'array' || t.length !== undefined || !init) return t;
  const e = f.exprAt(init);
  if (e?.list) return { ...t, length: e.list.length };
  const s = e && types.unqualified(e.type);
  if (s?.kind === 'array' && s.length !== undefined) return { ...t, length: s.length };
  return unsupported(f.nodePos(init), 'cannot work out the length of this array');
}

/** The temporary a reference is bound to (the last one materialised) lives as long as the reference. */
function extendBound(f: FnLower): void {
  const temps = f.temporaries;
  if (!temps?.length) return;
  const last = temps.pop()!;
  f.addCleanup(last);
}

function registerDestruction(f: FnLower, addr: import('../ir/ir').Address, t: import('../../language/sema/types').Type): void {
  const u = types.unqualified(t);
  if (t.kind === 'reference') return;
  if (u.kind === 'array') {
    const size = f.L.sizeOf(u.element);
    for (let i = 0; i < (u.length ?? 0); i++) registerDestruction(f, offsetAddr(addr, i * size), u.element);
    return;
  }
  const cls = classDeclOf(u);
  if (cls && needsDestruction(cls)) f.addCleanup({ addr, cls });
}
