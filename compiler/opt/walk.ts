// Shared helpers of the -O1 passes: an instruction's result and operands, renaming operands, and
// per-function facts (how many times each virtual register is written, which blocks jump where).

import type { Address, Block, Func, Instr, Terminator, VopArg, VReg } from '../ir/ir';
import { vopUses } from '../ir/uses';

export type Rename = (v: VReg) => VReg;

export function renameAddr(a: Address, r: Rename): Address {
  if (a.kind !== 'reg') return a;
  const base = r(a.base);
  return base === a.base ? a : { ...a, base };
}

/**
 * The instruction with its operands (not its destination) renamed: the same object if none changes
 * (`r` is called once per operand; a new instruction is made only when one does).
 */
export function renameUses(i: Instr, r: Rename): Instr {
  switch (i.op) {
    case 'addr': case 'load': {
      const addr = renameAddr(i.addr, r);
      return addr === i.addr ? i : { ...i, addr };
    }
    case 'store': {
      const src = r(i.src);
      const addr = renameAddr(i.addr, r);
      return src === i.src && addr === i.addr ? i : { ...i, src, addr };
    }
    case 'bin': case 'cmp': {
      const a = r(i.a);
      const b = r(i.b);
      return a === i.a && b === i.b ? i : { ...i, a, b };
    }
    case 'un': case 'conv': case 'copy': {
      const a = r(i.a);
      return a === i.a ? i : { ...i, a };
    }
    case 'call': {
      const args = i.args.map(r);
      const callee = typeof i.callee === 'string' ? i.callee : r(i.callee);
      return callee === i.callee && args.every((v, k) => v === i.args[k]) ? i : { ...i, args, callee };
    }
    case 'memcpy': {
      const dst = renameAddr(i.dst, r);
      const src = renameAddr(i.src, r);
      return dst === i.dst && src === i.src ? i : { ...i, dst, src };
    }
    case 'memzero': {
      const dst = renameAddr(i.dst, r);
      return dst === i.dst ? i : { ...i, dst };
    }
    case 'vop': {
      const args = renameVopArgs(i.args, r);
      return args.every((v, k) => v === i.args[k]) ? i : { ...i, args };
    }
    default: return i;
  }
}

/** The operands of a vector-unit instruction renamed (registers read and memory operands' bases; an unchanged operand stays the same object). */
export function renameVopArgs(args: readonly VopArg[], r: Rename): VopArg[] {
  return args.map((a) => {
    if ('use' in a) {
      const use = r(a.use);
      return use === a.use ? a : { use };
    }
    if ('mem' in a) {
      const mem = renameAddr(a.mem, r);
      return mem === a.mem ? a : { ...a, mem };
    }
    return a;
  });
}

export function renameTerm(t: Terminator | undefined, r: Rename): Terminator | undefined {
  if (t?.op === 'branch') {
    const cond = r(t.cond);
    return cond === t.cond ? t : { ...t, cond };
  }
  if (t?.op === 'ret' && t.value) {
    const value = r(t.value);
    return value === t.value ? t : { ...t, value };
  }
  return t;
}

/** The register an instruction writes, if any. */
export function defOf(i: Instr): VReg | undefined {
  switch (i.op) {
    case 'const': case 'addr': case 'load': case 'bin': case 'cmp': case 'un': case 'conv': case 'copy': return i.dst;
    case 'call': case 'vop': return i.dst;
    default: return undefined;
  }
}

export function usesOf(i: Instr): VReg[] {
  const base = (a: Address) => (a.kind === 'reg' ? [a.base] : []);
  switch (i.op) {
    case 'addr': case 'load': return base(i.addr);
    case 'store': return [i.src, ...base(i.addr)];
    case 'bin': case 'cmp': return [i.a, i.b];
    case 'un': case 'conv': case 'copy': return [i.a];
    case 'call': return typeof i.callee === 'string' ? [...i.args] : [...i.args, i.callee];
    case 'memcpy': return [...base(i.dst), ...base(i.src)];
    case 'memzero': return base(i.dst);
    case 'vop': return vopUses(i.args);
    default: return [];
  }
}

export function termUses(t: Terminator | undefined): VReg[] {
  if (t?.op === 'branch') return [t.cond];
  if (t?.op === 'ret' && t.value) return [t.value];
  return [];
}

/** How many instructions write each register (parameters count one write, on entry). */
export function defCounts(f: Func): Map<number, number> {
  const defs = new Map<number, number>();
  for (const p of f.params) defs.set(p.id, 1);
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const d = defOf(i);
      if (d) defs.set(d.id, (defs.get(d.id) ?? 0) + 1);
    }
  }
  return defs;
}

/** How many times each register is read (instructions and terminators). */
export function useCounts(f: Func): Map<number, number> {
  const uses = new Map<number, number>();
  const note = (v: VReg) => uses.set(v.id, (uses.get(v.id) ?? 0) + 1);
  for (const b of f.blocks) {
    for (const i of b.instrs) usesOf(i).forEach(note);
    termUses(b.term).forEach(note);
  }
  return uses;
}

export function successors(b: Block): Block[] {
  const t = b.term;
  if (t?.op === 'jump') return [t.target];
  if (t?.op === 'branch') return [t.then, t.else];
  return [];
}

/** Number of jumps and branches into each block (by id). */
export function predecessorCounts(f: Func): Map<number, number> {
  const preds = new Map<number, number>();
  for (const b of f.blocks) for (const s of successors(b)) preds.set(s.id, (preds.get(s.id) ?? 0) + 1);
  return preds;
}

/** Rewrites every instruction and terminator of `f` through `r` (operands only). */
export function renameAll(f: Func, r: Rename): void {
  for (const b of f.blocks) {
    for (let k = 0; k < b.instrs.length; k++) b.instrs[k] = renameUses(b.instrs[k], r);
    b.term = renameTerm(b.term, r);
  }
}

/**
 * `regs` less every register a parameter or debugger variable holds and every register a block outside
 * (`inside(b)` false) defines or uses: what is left is private to the inside blocks.
 */
export function withoutOutsideUses(f: Func, regs: Set<number>, inside: (b: Block) => boolean): Set<number> {
  for (const d of f.debugVars) if (d.vreg) regs.delete(d.vreg.id);
  for (const p of f.params) regs.delete(p.id);
  return withoutUsesOutside(f, regs, inside);
}

/** `regs` less those an outside block (`inside(b)` false) defines or uses. */
export function withoutUsesOutside(f: Func, regs: Set<number>, inside: (b: Block) => boolean): Set<number> {
  for (const b of f.blocks) {
    if (inside(b)) continue;
    for (const i of b.instrs) {
      const d = defOf(i);
      if (d) regs.delete(d.id);
      for (const u of usesOf(i)) regs.delete(u.id);
    }
    for (const u of termUses(b.term)) regs.delete(u.id);
  }
  return regs;
}

/** A renaming that gives each register of `regs` one new register of its type (the same one on every call) and leaves the others. */
export function freshCopies(f: Func, regs: Set<number>): (v: VReg) => VReg {
  const fresh = new Map<number, VReg>();
  return (v) => {
    if (!regs.has(v.id)) return v;
    let r = fresh.get(v.id);
    if (!r) fresh.set(v.id, (r = { id: f.nextVReg++, type: v.type }));
    return r;
  };
}

/** Whether some path from `from` (through blocks `inside` accepts, every block when absent) reads register `id` before writing it. */
export function readBeforeWritten(from: Block, id: number, inside: (b: Block) => boolean = () => true): boolean {
  const seen = new Set<Block>();
  const work = [from];
  while (work.length) {
    const b = work.pop()!;
    if (seen.has(b) || !inside(b)) continue;
    seen.add(b);
    let written = false;
    for (const i of b.instrs) {
      if (usesOf(i).some((u) => u.id === id)) return true;
      if (defOf(i)?.id === id) {
        written = true;
        break;
      }
    }
    if (written) continue;
    if (termUses(b.term).some((u) => u.id === id)) return true;
    work.push(...successors(b));
  }
  return false;
}
