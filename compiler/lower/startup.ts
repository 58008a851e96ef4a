// Start-up and exit code of a translation unit: `__q7_init_globals` default-constructs, in declaration
// order, the globals whose class needs a constructor, a vptr or a destructor (their storage is zeroed
// .bss), and `__q7_fini_globals` destroys them in the reverse order. The ROM calls both through weak
// references (an image without such globals has neither): before `main` or the kernel dispatch, and
// after it returns, before SIMCALL exit.

import { types } from '../../language';
import type { FunctionDecl, VarDecl } from '../../language/sema/decls';
import type { FunctionBody } from '../../language/sema/statements';
import { symAddr } from '../ir/builder';
import type { Func } from '../ir/ir';
import { posOf } from './errors';
import { FnLower } from './function';
import type { ModuleLower } from './module';
import { defaultInit, destroyTyped } from './objects';

export const INIT_GLOBALS = '__q7_init_globals';
export const FINI_GLOBALS = '__q7_fini_globals';

/** A global constructed by code at start-up, and its symbol. */
export interface DynamicGlobal {
  readonly v: VarDecl;
  readonly symbol: string;
}

/** The start-up and exit functions for `globals` (declaration order), or none when there are none. */
export function startupFunctions(m: ModuleLower, globals: readonly DynamicGlobal[]): Func[] {
  if (!globals.length) return [];
  const init = startupFunction(m, INIT_GLOBALS, globals, (f, g) => defaultInit(f, symAddr(g.symbol), g.v.type, g.v.loc));
  const fini = startupFunction(m, FINI_GLOBALS, [...globals].reverse(), (f, g) => destroyTyped(f, symAddr(g.symbol), g.v.type));
  return [init, fini];
}

/** A function of no parameters and no result that runs `each` on every global, with a line row per global. */
function startupFunction(m: ModuleLower, name: string, globals: readonly DynamicGlobal[], each: (f: FnLower, g: DynamicGlobal) => void): Func {
  const fn = { kind: 'function', name, qualifiedName: name, params: [], ret: types.VOID, loc: globals[0].v.loc } as unknown as FunctionDecl;
  const body = { fn, params: [], locals: [], temporaries: [], conversionTemporaries: [], fullExpressions: [] } as unknown as FunctionBody;
  const f = new FnLower(m, fn, body, name);
  (f.func as { decl?: unknown }).decl = undefined;
  f.setUpParameters();
  for (const g of globals) {
    f.b.stmt(posOf(g.v.loc));
    each(f, g);
  }
  f.b.terminate({ op: 'ret' });
  return f.func;
}
