// The virtual registers an IR instruction mentions (its result and its operands, address bases included).

import type { Func, Instr, VopArg, VReg } from './ir';

export function vregsOf(i: Instr): (VReg | undefined)[] {
  const addrReg = (a: { kind: string; base?: VReg }) => (a.kind === 'reg' ? a.base : undefined);
  switch (i.op) {
    case 'const': return [i.dst];
    case 'addr': return [i.dst, addrReg(i.addr)];
    case 'load': return [i.dst, addrReg(i.addr)];
    case 'store': return [i.src, addrReg(i.addr)];
    case 'bin': case 'cmp': return [i.dst, i.a, i.b];
    case 'un': case 'conv': case 'copy': return [i.dst, i.a];
    case 'call': return [i.dst, ...i.args, typeof i.callee === 'string' ? undefined : i.callee];
    case 'memcpy': return [addrReg(i.dst), addrReg(i.src)];
    case 'memzero': return [addrReg(i.dst)];
    case 'vop': return [i.dst, ...vopUses(i.args)];
    case 'stmt': case 'scope': return [];
  }
}

/** The registers the operands of a vector-unit instruction read (memory operands' address bases too). */
export function vopUses(args: readonly VopArg[]): VReg[] {
  const out: VReg[] = [];
  for (const a of args) {
    if ('use' in a) out.push(a.use);
    else if ('mem' in a && a.mem.kind === 'reg') out.push(a.mem.base);
  }
  return out;
}

/** How many times each virtual register is read in `f` (by id): operands, a branch's condition, a returned value. */
export function readCounts(f: Func): Map<number, number> {
  const uses = new Map<number, number>();
  const count = (v: VReg | undefined) => v && uses.set(v.id, (uses.get(v.id) ?? 0) + 1);
  for (const b of f.blocks) {
    for (const i of b.instrs) vregsOf(i).slice(i.op === 'store' || i.op === 'memcpy' || i.op === 'memzero' ? 0 : 1).forEach(count);
    if (b.term?.op === 'branch') count(b.term.cond);
    if (b.term?.op === 'ret') count(b.term.value);
  }
  return uses;
}

/** The ids of the virtual registers that hold a debugger variable of `f`. */
export function debugVregIds(f: Func): Set<number> {
  return new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
}
