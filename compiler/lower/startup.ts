// Start-up and exit code of a translation unit. `__q7_init_globals` initialises, in the order their
// initialisers are written, the globals that are not constant data (their storage is zeroed .bss): a
// constructor call, any expression, a class default-constructed, a reference bound by code or to a
// temporary that gets static storage. Every object with a destructor is registered on the unit's exit
// list the moment its construction completes — globals here, static locals when their first pass
// builds them (lower/local-variables.ts) — as __cxa_atexit would: a table in .bss of the destroying thunks
// (`__q7_exit.<object>`, one per object, so its size is known) and a count. `__q7_fini_globals` calls
// the table's entries from the last registered to the first. The ROM calls both through weak
// references (an image without them has neither): before `main` or the kernel dispatch, and after it
// returns, before SIMCALL exit.

import { types } from '../../language';
import type { FunctionDecl, Loc, VarDecl, FunctionBody, Type } from '../../language/model';
import type { Initialiser } from '../../language';
import { regAddr, symAddr } from '../ir/builder';
import type { DataItem, Func } from '../ir/ir';
import { posOf } from './errors';
import { FnLower } from './function';
import { bindStaticReference, initializeFrom } from './local-variables';
import type { ModuleLowering } from './module-lowering';
import { defaultInit, destroyTyped, needsDestruction } from './objects';

export const INIT_GLOBALS = '__q7_init_globals';
export const FINI_GLOBALS = '__q7_fini_globals';
const EXIT_TABLE = '__q7_exit_table';
const EXIT_COUNT = '__q7_exit_count';

/** A global initialised by code at start-up, its symbol, and its initialiser (none: default initialisation). */
export interface DynamicGlobal {
  readonly v: VarDecl;
  readonly symbol: string;
  readonly init?: Initialiser;
  /** Its place in the start-up order (the unit, then where its initialiser is written). */
  readonly order: number;
}

/** `__q7_init_globals`: every dynamic global's initialisation, in order. */
export function initFunction(m: ModuleLowering, globals: readonly DynamicGlobal[]): Func {
  const sorted = [...globals].sort((a, b) => a.order - b.order);
  return codeFunction(m, INIT_GLOBALS, sorted[0].v.loc, (f) => {
    for (const g of sorted) {
      f.b.stmt(posOf(g.v.loc));
      initializeGlobal(f, g);
    }
  });
}

function initializeGlobal(f: FnLower, g: DynamicGlobal): void {
  const addr = symAddr(g.symbol);
  const t = g.v.type;
  if (!g.init) {
    f.fullExpression(() => defaultInit(f, addr, t, g.v.loc));
  } else if (t.kind === 'reference') {
    bindStaticReference(f, addr, t, g.init.args[0], g.symbol);
    return;
  } else {
    const init = g.init;
    f.fullExpression(() => initializeFrom(f, addr, t, init, g.v.name));
  }
  registerExit(f, g.symbol, t, g.v.loc);
}

/** Registers the object at `object` for destruction at exit (now: its construction has just completed). */
export function registerExit(f: FnLower, object: string, t: Type, at: Loc): void {
  if (!typeNeedsDestruction(t)) return;
  const b = f.b;
  const thunk = f.m.exitThunk(object, t, at);
  const count = b.load('i32', symAddr(EXIT_COUNT), 'i32');
  const entry = b.bin('add', b.addr(symAddr(EXIT_TABLE)), b.bin('shl', count, b.const('i32', 2)));
  b.store('i32', b.addr(symAddr(thunk)), regAddr(entry));
  b.store('i32', b.bin('add', count, b.const('i32', 1)), symAddr(EXIT_COUNT));
}

function typeNeedsDestruction(t: Type): boolean {
  if (t.kind === 'reference') return false;
  const u = types.unqualified(t);
  if (u.kind === 'array') return typeNeedsDestruction(u.element);
  return u.kind === 'class' && needsDestruction(u.decl);
}

/** `__q7_exit.<object>`: destroys the object (an array from its last element). */
export function exitThunk(m: ModuleLowering, name: string, object: string, t: Type, at: Loc): Func {
  return codeFunction(m, name, at, (f) => destroyTyped(f, symAddr(object), t));
}

/** `__q7_fini_globals`: while the count is not zero, take the last registered thunk off the table and call it. */
export function finiFunction(m: ModuleLowering, at: Loc): Func {
  return codeFunction(m, FINI_GLOBALS, at, (f) => {
    const b = f.b;
    const loop = b.newBlock();
    const body = b.newBlock();
    const done = b.newBlock();
    b.jump(loop);
    b.place(loop);
    const count = b.load('i32', symAddr(EXIT_COUNT), 'i32');
    b.branch(count, body, done);
    b.place(body);
    const last = b.bin('sub', count, b.const('i32', 1));
    b.store('i32', last, symAddr(EXIT_COUNT));
    const thunk = b.load('i32', regAddr(b.bin('add', b.addr(symAddr(EXIT_TABLE)), b.bin('shl', last, b.const('i32', 2)))), 'i32');
    b.call(thunk, []);
    b.jump(loop);
    b.place(done);
  });
}

/** The exit list's storage: a table of `entries` thunk addresses and its count. */
export function exitListData(entries: number): DataItem[] {
  return [
    { symbol: EXIT_TABLE, bytes: new Uint8Array(4 * entries), relocs: [], align: 4, section: '.bss', global: false },
    { symbol: EXIT_COUNT, bytes: new Uint8Array(4), relocs: [], align: 4, section: '.bss', global: false },
  ];
}

/** A function of no parameters and no result whose code `body` emits (not a C++ function of the source). */
function codeFunction(m: ModuleLowering, name: string, at: Loc, body: (f: FnLower) => void): Func {
  const fn = { kind: 'function', name, qualifiedName: name, params: [], ret: types.VOID, loc: at } as unknown as FunctionDecl;
  const empty = { fn, params: [], locals: [], temporaries: [], conversionTemporaries: [], fullExpressions: [], rangeFors: [] } as unknown as FunctionBody;
  const f = new FnLower(m, fn, empty, name);
  (f.func as { decl?: unknown }).decl = undefined;
  f.setUpParameters();
  body(f);
  f.b.terminate({ op: 'ret' });
  return f.func;
}
