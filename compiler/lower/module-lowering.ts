// What the lowering passes see of the module being built (implemented by `ModuleLower`, module.ts): the
// model, the target's layouts, and the symbols of functions, globals, statics, vtables and literals,
// each defined on first use. An interface of its own, so the passes depend on it rather than on the
// driver that calls them.

import type { CompleteUnit, Initialiser } from '../../language';
import type { ClassDecl, Expr, FunctionDecl, Loc, Type, VarDecl } from '../../language/model';
import type { Func, MemType } from '../ir/ir';
import type { Layouts } from './types';

export interface ModuleLowering {
  /** The unit as the front-end handed it over: complete, read only. */
  readonly model: CompleteUnit;
  readonly L: Layouts;
  /** Whether the module is built at -O1 or higher (a variable may then be kept in registers). */
  readonly optimized: boolean;
  /** The functions lowered so far (a pass adds the helpers it generates). */
  readonly funcs: Func[];
  /** The thunk that destroys the object at `object` at exit (defined on first use). */
  exitThunk(object: string, t: Type, at: Loc): string;
  /** Zeroed storage in .bss named `symbol` (defined once): a temporary with static storage. */
  staticStorage(symbol: string, size: number, align: number): void;
  /** The symbol of the vtable of `cls`, defining it on first use. */
  vtable(cls: ClassDecl): string;
  /** The assembly symbol of a function, queueing its definition for lowering. */
  functionSymbol(fn: FunctionDecl, at: Loc): string;
  /** The symbol of a global variable, defining its data on first use. */
  globalSymbol(v: VarDecl, at: Loc): string;
  /** The symbol of a function's static local when its initialiser is constant data; undefined when it needs code. */
  staticLocal(v: VarDecl, init: Initialiser | undefined): string | undefined;
  /** The symbol of a static local (the front-end marks them). */
  staticLocalOf(v: VarDecl): string | undefined;
  /** Zeroed storage and a guard byte for a static local initialised by code on first pass. */
  dynamicStaticLocal(v: VarDecl, size: number, align: number): { object: string; guard: string };
  /** A local label for the bytes of a string literal in .rodata (shared by equal literals). */
  stringLiteral(bytes: Uint8Array): string;
  textOf(e: Expr): string;
  memOf(t: Type): MemType;
}
