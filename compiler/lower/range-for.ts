// Range-based `for`, lowered as C++ defines it from the model's description (language/sema/statements.ts
// RangeFor): the range is evaluated once and its temporaries live until the loop ends; `__begin` and
// `__end` are pointers (the array's bounds, or what the class's begin()/end() return); each iteration
// initialises the loop variable from `*__begin` in its own scope, which break and continue close.

import type { SyntaxNode as Node } from '../../language/parse/syntax-node';
import type { RangeFor } from '../../language/sema/statements';
import type { Expr } from '../../language/sema/expr';
import { unqualified, type Type } from '../../language/sema/types';
import { slotAddr } from '../ir/builder';
import type { Address, VReg } from '../ir/ir';
import { unsupported } from './errors';
import { addressOf, materialize } from './expressions';
import { callWithThis } from './calls';
import type { FnLower } from './function';
import { checkSupportedSyntax } from './syntax-guard';
import { classDeclOf } from './types';

export function rangeForStatement(f: FnLower, node: Node, lowerBody: (f: FnLower, n: Node) => void): void {
  const loop = f.body.rangeFors.find((l) => l.loc.start === node.startIndex && l.loc.end === node.endIndex);
  if (!loop) unsupported(f.nodePos(node), 'this range-based for was not analysed; it cannot be compiled');
  const right = node.childForFieldName('right')!;
  checkSupportedSyntax(f, right);
  const b = f.b;
  f.pushScope(); // the range's temporaries
  b.stmt(f.nodePos(right));
  const elem = loop.element.type;
  if (elem.kind === 'error') unsupported(f.pos(loop.range.loc), 'a range whose begin() returns something other than a pointer is not supported yet');
  const step = f.L.sizeOf(elem);
  const cursor = pointerSlot(f, loop, '__begin');
  const end = slotAddr(b.slot(4, 4, '__end'));
  f.fullExpression(() => {
    const range = rangeAddress(f, loop);
    const first = loop.begin ? callWithThis(f, loop.begin, range, [], loop.range.loc)! : range;
    const last = loop.end ? callWithThis(f, loop.end, range, [], loop.range.loc)! : b.bin('add', range, b.const('i32', arrayLength(f, loop) * step));
    b.store('i32', first, cursor);
    b.store('i32', last, end);
    f.extendTemporaries();
  });
  const head = b.newBlock();
  const body = b.newBlock();
  const next = b.newBlock();
  const done = b.newBlock();
  b.jump(head);
  b.place(head);
  b.branch(b.cmp('ne', b.load('i32', cursor, 'i32'), b.load('i32', end, 'i32')), body, done);
  b.place(body);
  f.pushScope(); // one iteration: the loop variable
  if (loop.variable) loopVariable(f, loop, node);
  f.targets.push({ breakTo: done, continueTo: next, depth: f.scopes.length - 1 });
  lowerBody(f, node.childForFieldName('body')!);
  f.targets.pop();
  f.popScope();
  b.jump(next);
  b.place(next);
  b.store('i32', b.bin('add', b.load('i32', cursor, 'i32'), b.const('i32', step)), cursor);
  b.jump(head);
  b.place(done);
  f.popScope();
}

/** The slot of `__begin`, registered as the variable the element expression `*__begin` names. */
function pointerSlot(f: FnLower, loop: RangeFor, name: string): Address {
  const slot = slotAddr(f.b.slot(4, 4, name));
  f.locals.set(loop.cursor, { slot, type: loop.cursor.type, indirect: false });
  return slot;
}

/** The address of the range object: the named one, or a temporary that lives until the loop ends. */
function rangeAddress(f: FnLower, loop: RangeFor): VReg {
  const r = loop.range;
  if (r.list) return listArray(f, r.list, loop.element.type);
  if (r.cat !== 'prvalue') return addressOf(f, r);
  if (!classDeclOf(r.type)) unsupported(f.pos(r.loc), 'a range that is a temporary array is not supported yet');
  return f.b.addr(materialize(f, r));
}

/** The constant array behind a braced list (a `std::initializer_list`), in the function's frame. */
function listArray(f: FnLower, list: Expr[], element: Type): VReg {
  const e = unqualified(element);
  const size = f.L.sizeOf(e);
  const slot = f.b.slot(size * list.length, f.L.alignOf(e), '.list');
  const cls = classDeclOf(e);
  list.forEach((x, i) => {
    f.m.objects.initFromExpr(f, slotAddr(slot, i * size), e, x);
    if (cls && f.m.objects.needsDestruction(cls)) f.addTemporary({ addr: slotAddr(slot, i * size), cls }, x.loc);
  });
  return f.b.addr(slotAddr(slot));
}

function arrayLength(f: FnLower, loop: RangeFor): number {
  if (loop.range.list) return loop.range.list.length;
  const t = loop.range.type;
  if (t.kind !== 'array' || t.length === undefined) return unsupported(f.pos(loop.range.loc), 'a range that is an array of unknown length');
  return t.length;
}

/** Declares the loop variable in the iteration's scope and initialises it from `*__begin`. */
function loopVariable(f: FnLower, loop: RangeFor, node: Node): void {
  const v = loop.variable!;
  const t: Type = v.type;
  if (t.kind === 'error') unsupported(f.pos(v.loc), `the type of '${v.name}' could not be determined`);
  const declarator = node.childForFieldName('declarator');
  if (declarator) f.b.stmt(f.nodePos(declarator));
  const local = f.declareLocal(v, t);
  f.fullExpression(() => {
    f.m.objects.initFromExpr(f, local.slot, t, loop.element);
    // a reference bound to a converted element keeps that temporary for the iteration
    if (t.kind === 'reference') f.extendTemporaries();
  });
  const cls = t.kind === 'reference' ? undefined : classDeclOf(t);
  if (t.kind !== 'reference' && t.kind === 'array') unsupported(f.pos(v.loc), 'a loop variable of array type is not supported yet');
  if (cls && f.m.objects.needsDestruction(cls)) f.addCleanup({ addr: local.slot, cls });
}
