// The virtual registers an IR instruction mentions (its result and its operands, address bases included).

import type { Instr, VopArg, VReg } from './ir';

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
