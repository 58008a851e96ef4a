// Dead functions after inlining (-O1/-O2): a function the unit lowered only because code reached it
// (an SDK inline function, a template instantiation) is dropped when, once its calls are inlined,
// nothing kept refers to it any more — by a call, its address, or a data word (a vtable slot); so is
// a vtable, type_info or unit-local datum nothing kept names any more. This is what C++ does with an
// inline function or implicit instantiation: its definition is emitted where it is used, and a unit
// that uses none of it emits none. The user's own definitions,
// the start-up code and everything a data item names stay: other units (the kernel thunks, the
// runtime) and the debugger find them by name. The inlined calls keep their debug information
// (DW_TAG_inlined_subroutine with an abstract origin of its own, dwarf/debug-info.ts), so nothing the
// debugger shows at an inlined call depends on the out-of-line copy.

import type { Address, DataItem, Func, Instr, Module } from '../ir/ir';

/** The symbols `i` names: its callee, and the symbol of any memory operand or address it takes. */
function namedSymbols(i: Instr, out: (sym: string) => void): void {
  const at = (a: Address | undefined) => {
    if (a !== undefined && a.kind === 'sym') out(a.sym);
  };
  switch (i.op) {
    case 'call':
      if (typeof i.callee === 'string') out(i.callee);
      return;
    case 'addr': case 'load': case 'store':
      at(i.addr);
      return;
    case 'memcpy':
      at(i.dst);
      at(i.src);
      return;
    case 'memzero':
      at(i.dst);
      return;
    case 'vop':
      for (const a of i.args) if ('mem' in a) at(a.mem);
      return;
    default:
  }
}

/**
 * Whether a data item may go when nothing kept names it: a vtable, type_info or type name (emitted,
 * like an inline function, where it is used) or a unit-local item (a string literal, a function's
 * static); never a global the debugger describes.
 */
export function discardableData(d: DataItem): boolean {
  return d.debug === undefined && (!d.global || /^_ZT[VIS]/.test(d.symbol));
}

/**
 * Drops the functions and data items of `m` that `discardable` (and discardableData) allow to drop
 * and that nothing kept refers to, transitively; returns how many functions it dropped.
 */
export function dropDeadFunctions(m: Module, discardable: (f: Func) => boolean): number {
  const funcs = new Map(m.funcs.map((f) => [f.symbol, f]));
  const data = new Map(m.data.map((d) => [d.symbol, d]));
  const live = new Set<Func | DataItem>();
  const work: (Func | DataItem)[] = [];
  const reach = (sym: string) => {
    const x = funcs.get(sym) ?? data.get(sym);
    if (x !== undefined && !live.has(x)) {
      live.add(x);
      work.push(x);
    }
  };
  for (const f of m.funcs) if (!discardable(f)) reach(f.symbol);
  for (const d of m.data) if (!discardableData(d)) reach(d.symbol);
  while (work.length > 0) {
    const x = work.pop()!;
    if ('relocs' in x) for (const r of x.relocs) reach(r.sym);
    else for (const b of x.blocks) for (const i of b.instrs) namedSymbols(i, reach);
  }
  const before = m.funcs.length;
  keepOnly(m.funcs, live);
  keepOnly(m.data, live);
  return before - m.funcs.length;
}

/** Removes the elements of `xs` not in `live`, in place (the module's arrays are shared). */
function keepOnly<T>(xs: T[], live: ReadonlySet<unknown>): void {
  const kept = xs.filter((x) => live.has(x));
  xs.length = 0;
  xs.push(...kept);
}
