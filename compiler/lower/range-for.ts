// Range-based `for`, lowered as C++ defines it from the model's description (language/sema/statements.ts
// RangeFor): the range is evaluated once and its temporaries live until the loop ends; `__begin` and
// `__end` are pointers (the array's bounds, or what begin and end return) or iterator objects, compared,
// advanced and dereferenced with the operators the model chose, and destroyed when the loop ends (a
// temporary array, `A{1, 2, 3}`, is built in the frame and lives until then too); each
// iteration initialises the loop variable from `*__begin` in its own scope, which break and continue close.

import type { RangeFor, RangeForStmt, Stmt, Loc, VarDecl, Expr } from '../../language/model';
import { unqualified, type Type } from '../../language/model';
import { slotAddr } from '../ir/builder';
import type { Address, Block, VReg } from '../ir/ir';
import { unsupported } from './errors';
import { addressOf, condition, discard, materialize, rvalue } from './expressions';
import { passes, type Cleanup, type FnLower } from './function';
import { checkSupportedExpression } from './expression-guard';
import { classDeclOf } from './types';
import { valueInit } from './objects';
import { bindingOf, bindNames } from './bindings';

export function rangeForStatement(f: FnLower, s: RangeForStmt, lowerBody: (f: FnLower, s: Stmt) => void): void {
  const loop = s.loop;
  if (!loop) unsupported(f.pos(s.loc), 'this range-based for was not analysed; it cannot be compiled');
  checkSupportedExpression(f, s.range.rejected);
  const b = f.b;
  f.pushScope(); // the range's temporaries, __begin and __end
  b.stmt(f.pos(s.range.loc));
  if (loop.element.type.kind === 'error' || loop.cursor.type.kind === 'error') unsupported(f.pos(loop.range.loc), 'the type of this range (or of its elements) could not be determined');
  const it = loop.iterator;
  const pointer = loop.cursor.type.kind === 'pointer';
  const step = pointer ? f.L.sizeOf(loop.element.type) : 0;
  const cursor = declareIterator(f, loop.cursor);
  const end = it ? declareIterator(f, it.endVar) : slotAddr(b.slot(4, 4, '__end'));
  if (it) {
    bindRange(f, loop);
    initialiseIterator(f, loop.cursor, cursor, it.beginInit);
    initialiseIterator(f, it.endVar, end, it.endInit);
  } else {
    f.fullExpression(() => {
      const range = rangeAddress(f, loop);
      b.store('i32', range, cursor);
      b.store('i32', b.bin('add', range, b.const('i32', arrayLength(f, loop) * step)), end);
      f.extendTemporaries();
    });
  }
  const head = b.newBlock();
  const body = b.newBlock();
  const next = b.newBlock();
  const done = b.newBlock();
  b.jump(head);
  b.place(head);
  if (pointer) b.branch(b.cmp('ne', b.load('i32', cursor, 'i32'), b.load('i32', end, 'i32')), body, done);
  else testIterator(f, it!.test!, body, done);
  b.place(body);
  f.pushScope(); // one iteration: the loop variable
  if (loop.variable) loopVariable(f, loop, s.declarator);
  f.targets.push({ breakTo: done, continueTo: next, depth: f.scopes.length - 1 });
  lowerBody(f, s.body);
  f.targets.pop();
  f.popScope();
  b.jump(next);
  b.place(next);
  b.stmt(f.pos(s.range.loc));
  if (pointer) b.store('i32', b.bin('add', b.load('i32', cursor, 'i32'), b.const('i32', step)), cursor);
  else f.fullExpression(() => discard(f, it!.increment!));
  b.jump(head);
  b.place(done);
  f.popScope();
}

/** The slot of `__begin` or `__end` (a pointer, or an iterator object), registered as the variable its uses name. */
function declareIterator(f: FnLower, v: VarDecl): Address {
  if (v.type.kind === 'pointer') {
    const slot = slotAddr(f.b.slot(4, 4, v.name));
    f.locals.set(v, { slot, type: v.type, indirect: false });
    return slot;
  }
  return f.declareLocal(v).slot;
}

/** `auto&& __range = range;`: its temporaries live until the loop ends. */
function bindRange(f: FnLower, loop: RangeFor): void {
  const slot = slotAddr(f.b.slot(4, 4, '__range'));
  f.fullExpression(() => {
    f.b.store('i32', rangeAddress(f, loop), slot);
    f.extendTemporaries();
  });
  f.locals.set(loop.rangeRef, { slot, type: loop.rangeRef.type, indirect: true });
}

/** `auto __begin = begin-expr;` (or `__end`); an iterator object is destroyed when the loop ends. */
function initialiseIterator(f: FnLower, v: VarDecl, slot: Address, init: Expr): void {
  f.fullExpression(() => {
    if (v.type.kind === 'pointer') f.b.store('i32', rvalue(f, init), slot);
    else passes.initFromExpr(f, slot, v.type, init);
  });
  const cls = classDeclOf(v.type);
  if (cls && passes.needsDestruction(cls)) f.addCleanup({ addr: slot, cls });
}

/** Branches on `__begin != __end`, destroying the comparison's temporaries on both edges. */
function testIterator(f: FnLower, test: Expr, body: Block, done: Block): void {
  const yes = f.b.newBlock();
  const no = f.b.newBlock();
  let temps: readonly Cleanup[] = [];
  f.fullExpression(() => {
    condition(f, test, yes, no);
    temps = [...(f.temporaries ?? [])];
    f.temporaries?.splice(0);
  });
  for (const [from, to] of [[no, done], [yes, body]] as const) {
    f.b.place(from);
    f.runCleanups(temps);
    f.b.jump(to);
  }
}

/** The address of the range object: the named one, or a temporary that lives until the loop ends. */
function rangeAddress(f: FnLower, loop: RangeFor): VReg {
  const r = loop.range;
  if (r.list) return listArray(f, r.list, loop.element.type, arrayLength(f, loop), r.loc);
  if (r.cat !== 'prvalue') return addressOf(f, r);
  if (!classDeclOf(r.type)) unsupported(f.pos(r.loc), 'a range that is a temporary array is not supported yet');
  return f.b.addr(materialize(f, r));
}

/**
 * The array behind a braced list (a `std::initializer_list`, constant) or a temporary array (`A{1, 2}`,
 * whose elements past the list are value-initialised), in the function's frame.
 */
function listArray(f: FnLower, list: Expr[], element: Type, length: number, at: Loc): VReg {
  const e = unqualified(element);
  const size = f.L.sizeOf(e);
  const slot = f.b.slot(size * length, f.L.alignOf(e), '.list');
  const cls = classDeclOf(e);
  for (let i = 0; i < length; i++) {
    const x = list[i];
    if (x) passes.initFromExpr(f, slotAddr(slot, i * size), e, x);
    else valueInit(f, slotAddr(slot, i * size), e, at);
    if (cls && passes.needsDestruction(cls)) f.addTemporary({ addr: slotAddr(slot, i * size), cls }, x?.loc ?? at);
  }
  return f.b.addr(slotAddr(slot));
}

function arrayLength(f: FnLower, loop: RangeFor): number {
  const t = loop.range.type;
  if (loop.range.list && t.kind !== 'array') return loop.range.list.length;
  if (t.kind !== 'array' || t.length === undefined) return unsupported(f.pos(loop.range.loc), 'a range that is an array of unknown length');
  return t.length;
}

/** Declares the loop variable in the iteration's scope and initialises it from `*__begin`. */
function loopVariable(f: FnLower, loop: RangeFor, declarator: Loc | undefined): void {
  const v = loop.variable!;
  const t: Type = v.type;
  if (t.kind === 'error') unsupported(f.pos(v.loc), `the type of '${v.name}' could not be determined`);
  if (declarator) f.b.stmt(f.pos(declarator));
  const local = f.declareLocal(v, t);
  f.fullExpression(() => {
    passes.initFromExpr(f, local.slot, t, loop.element);
    // a reference bound to a converted element keeps that temporary for the iteration
    if (t.kind === 'reference') f.extendTemporaries();
  });
  const cls = t.kind === 'reference' ? undefined : classDeclOf(t);
  if (t.kind !== 'reference' && t.kind === 'array') unsupported(f.pos(v.loc), 'a loop variable of array type is not supported yet');
  if (cls && passes.needsDestruction(cls)) f.addCleanup({ addr: local.slot, cls });
  const binding = f.body.bindings && bindingOf(f, v);
  if (binding) bindNames(f, binding);
}
