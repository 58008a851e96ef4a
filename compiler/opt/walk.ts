// Shared helpers of the -O1 passes: an instruction's result and operands, renaming operands, and
// per-function facts (how many times each virtual register is written, which blocks jump where).

import type { Address, Block, Func, Instr, Terminator, VopArg, VReg } from '../ir/ir';
import { vopUses } from '../ir/uses';

export type Rename = (v: VReg) => VReg;

export function renameAddr(a: Address, r: Rename): Address {
  return a.kind === 'reg' ? { ...a, base: r(a.base) } : a;
}

/** The instruction with its operands (not its destination) renamed (the same object if none changes). */
export function renameUses(i: Instr, r: Rename): Instr {
  let changed = false;
  const track: Rename = (v) => {
    const n = r(v);
    if (n !== v) changed = true;
    return n;
  };
  const out = renameWith(i, track);
  return changed ? out : i;
}

function renameWith(i: Instr, r: Rename): Instr {
  switch (i.op) {
    case 'addr': return { ...i, addr: renameAddr(i.addr, r) };
    case 'load': return { ...i, addr: renameAddr(i.addr, r) };
    case 'store': return { ...i, src: r(i.src), addr: renameAddr(i.addr, r) };
    case 'bin': case 'cmp': return { ...i, a: r(i.a), b: r(i.b) };
    case 'un': case 'conv': case 'copy': return { ...i, a: r(i.a) };
    case 'call': return { ...i, args: i.args.map(r), callee: typeof i.callee === 'string' ? i.callee : r(i.callee) };
    case 'memcpy': return { ...i, dst: renameAddr(i.dst, r), src: renameAddr(i.src, r) };
    case 'memzero': return { ...i, dst: renameAddr(i.dst, r) };
    case 'vop': return { ...i, args: renameVopArgs(i.args, r) };
    default: return i;
  }
}

/** The operands of a vector-unit instruction renamed (registers read and memory operands' bases). */
export function renameVopArgs(args: readonly VopArg[], r: Rename): VopArg[] {
  return args.map((a) => ('use' in a ? { use: r(a.use) } : 'mem' in a ? { ...a, mem: renameAddr(a.mem, r) } : a));
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
