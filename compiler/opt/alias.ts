// -O2 memory facts: what a call may write, and whether two memory accesses may overlap.
//
// Calls. Functions of the device runtime and ROM whose effects are known:
// - neuron_translate changes only the translation windows (their entries and the memory they map).
//   A window is valid only until the next neuron_translate (the seed's rule: each element access
//   translates anew and holds no window across accesses), so the call changes no memory the code
//   may still read through pointers it held before the call.
// - the fault reports (coherency violation, index or copy out of bounds, failed checks and asserts,
//   the dtype check) are device calls that record or stop; they write no memory of the program.
// Every other call may write any memory whose address the program can know.
//
// Accesses. Two stack-slot accesses overlap only in the same slot and bytes; a slot whose address is
// never taken is reached by no pointer and no call (one whose address is taken may be reached by any). Two symbol accesses overlap only in the same
// symbol and bytes. Two accesses through one base register (unchanged between them) overlap only
// when their byte ranges do. Otherwise, at -O2, C++'s type-based rule (what GCC's -O2 assumes with
// -fstrict-aliasing): an integer of one width, a float and a double never share memory through
// pointers; byte accesses, block copies and clears may overlap anything. With the tags the lowering
// gives accesses of C++ lvalues (ir.ts: AccessTag): a pointer and an integer never share memory, nor
// two data members of one class at disjoint bytes (lower/access-tags.ts says why); an access without
// a tag (one the lowering made itself, a vtable pointer or a reference member) may be either kind.

import type { AccessTag, Address, Func, MemType, Slot, VReg } from '../ir/ir';
import { defCounts, termUses, usesOf } from './walk';
import { NEURON_TRANSLATE_SYMBOL } from '../../target/q7/abi';

export type CallEffect = 'none' | 'windows' | 'all';

const REPORTS = new Set([
  'neuron_coherency_violation', '__q7_index_out_of_bounds', '__q7_copy_out_of_bounds', 'neuron_check_failed',
  '__q7_assert_failed', '__q7_check_dtype',
]);

/** Whether the callee is one of the device's fault reports (a coherency violation, a failed check…). */
export function isFaultReport(callee: string): boolean {
  return REPORTS.has(callee);
}

/** What a call may write. */
export function callEffect(callee: string | unknown): CallEffect {
  if (typeof callee !== 'string') return 'all';
  if (callee === NEURON_TRANSLATE_SYMBOL) return 'windows';
  return REPORTS.has(callee) ? 'none' : 'all';
}

/** A memory access: where, how many bytes, and the memory type (none for block copies and clears). */
export interface Access {
  readonly addr: Address;
  readonly size: number;
  readonly mem?: MemType;
  readonly tag?: AccessTag;
}

const BLOCK_CALLS = new Set(['memcpy', 'memmove', 'memset']);

/**
 * Slots whose address may reach a pointer the code does not see: taken into a register that is
 * written more than once, or read other than as a load/store base or an argument of
 * memcpy/memmove/memset (which keep no pointer).
 */
export function escapedSlots(f: Func): Set<Slot> {
  const counts = defCounts(f);
  const taken = new Map<number, Slot>();
  const out = new Set<Slot>();
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op !== 'addr' || i.addr.kind !== 'slot') continue;
      if (counts.get(i.dst.id) === 1) taken.set(i.dst.id, i.addr.slot);
      else out.add(i.addr.slot);
    }
  }
  const escape = (v: VReg | undefined) => {
    const s = v && taken.get(v.id);
    if (s) out.add(s);
  };
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if (i.op === 'load') continue;
      if (i.op === 'store') escape(i.src);
      else if (i.op === 'call' && typeof i.callee === 'string' && BLOCK_CALLS.has(i.callee)) continue;
      else if (i.op !== 'memcpy' && i.op !== 'memzero') for (const u of usesOf(i)) escape(u);
    }
    for (const u of termUses(b.term)) escape(u);
  }
  return out;
}

const overlap = (a: Access, b: Access) => a.addr.offset < b.addr.offset + b.size && b.addr.offset < a.addr.offset + a.size;

/** Type classes of C++'s aliasing rule as memory types show them (undefined: may alias anything). */
function typeClass(m: MemType | undefined): string | undefined {
  switch (m) {
    case undefined: case 'i8': case 'u8': return undefined;
    case 'i16': case 'u16': return 'short';
    default: return m;
  }
}

/** What the tags of two accesses through pointers allow: false when they never touch a common byte. */
function tagsMayAlias(a: AccessTag | undefined, b: AccessTag | undefined): boolean {
  if (!a || !b) return true;
  if (a.kind && b.kind && a.kind !== b.kind) return false;
  const x = a.field;
  const y = b.field;
  if (x && y && x.owner === y.owner) return x.offset < y.offset + y.size && y.offset < x.offset + x.size;
  return true;
}

/**
 * Whether `a` and `b` may touch a common byte. Register bases are compared by register: the caller
 * makes sure a register base means one value for both (e.g. it is not written between them).
 */
export function mayAlias(a: Access, b: Access, escaped: ReadonlySet<Slot>): boolean {
  const x = a.addr;
  const y = b.addr;
  if (x.kind === 'slot' || y.kind === 'slot') {
    if (x.kind === 'slot' && y.kind === 'slot') return x.slot === y.slot && overlap(a, b);
    // a local whose address is taken may be read as another type through it (no type rule here)
    return escaped.has(x.kind === 'slot' ? x.slot : (y as { slot: Slot }).slot);
  }
  if (x.kind === 'sym' && y.kind === 'sym') {
    return x.sym === y.sym && overlap(a, b);
  } else if (x.kind === 'reg' && y.kind === 'reg' && x.base.id === y.base.id) {
    return overlap(a, b);
  }
  if (!tagsMayAlias(a.tag, b.tag)) return false;
  const ca = typeClass(a.mem);
  const cb = typeClass(b.mem);
  return ca === undefined || cb === undefined || ca === cb;
}
