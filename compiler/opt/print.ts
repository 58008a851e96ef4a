// A compact text form of IR functions, for the optimiser's tests (IR in → IR out) and for debugging:
// one line per instruction, `vN` registers, `%name` slots, `@sym` symbols, `bN:` block labels.

import type { Address, Func, Instr, Terminator, VReg } from '../ir/ir';

const reg = (v: VReg) => `v${v.id}`;

function address(a: Address): string {
  const off = a.offset ? (a.offset > 0 ? `+${a.offset}` : `${a.offset}`) : '';
  switch (a.kind) {
    case 'slot': return `[%${a.slot.name}${off}]`;
    case 'sym': return `[@${a.sym}${off}]`;
    case 'reg': return `[${reg(a.base)}${off}]`;
  }
}

export function printInstr(i: Instr): string {
  switch (i.op) {
    case 'const': return `${reg(i.dst)} = const ${String(i.value)}`;
    case 'addr': return `${reg(i.dst)} = addr ${address(i.addr)}`;
    case 'load': return `${reg(i.dst)} = load.${i.mem} ${address(i.addr)}`;
    case 'store': return `store.${i.mem} ${address(i.addr)}, ${reg(i.src)}`;
    case 'bin': return `${reg(i.dst)} = ${i.kind}${i.unsigned ? 'u' : ''} ${reg(i.a)}, ${reg(i.b)}`;
    case 'cmp': return `${reg(i.dst)} = cmp.${i.cond}${i.unsigned ? 'u' : ''} ${reg(i.a)}, ${reg(i.b)}`;
    case 'un': return `${reg(i.dst)} = ${i.kind} ${reg(i.a)}`;
    case 'conv': return `${reg(i.dst)} = conv.${i.kind} ${reg(i.a)}`;
    case 'copy': return `${reg(i.dst)} = ${reg(i.a)}`;
    case 'call': return `${i.dst ? `${reg(i.dst)} = ` : ''}call ${typeof i.callee === 'string' ? i.callee : reg(i.callee)}(${i.args.map(reg).join(', ')})`;
    case 'memcpy': return `memcpy ${address(i.dst)}, ${address(i.src)}, ${i.size}`;
    case 'memzero': return `memzero ${address(i.dst)}, ${i.size}`;
    case 'vop': return `${i.dst ? `${reg(i.dst)} = ` : ''}${i.mnemonic} ${i.args.map((a) => ('use' in a ? reg(a.use) : 'imm' in a ? String(a.imm) : `${a.file}${address(a.mem)}`)).join(', ')}`;
    case 'stmt': return `stmt ${i.pos?.line ?? '?'}`;
    case 'scope': return `scope ${i.id} ${i.begin ? 'begin' : 'end'}`;
  }
}

export function printTerm(t: Terminator | undefined): string {
  if (!t) return 'fallthrough-end';
  switch (t.op) {
    case 'jump': return `jump b${t.target.id}`;
    case 'branch': return `branch ${reg(t.cond)}, b${t.then.id}, b${t.else.id}`;
    case 'ret': return t.value ? `ret ${reg(t.value)}` : 'ret';
  }
}

/** The function as text (markers included when `markers` is set). */
export function printFunc(f: Func, markers = false): string {
  const lines = [`${f.symbol}(${f.params.map(reg).join(', ')})`];
  for (const b of f.blocks) {
    lines.push(`b${b.id}:`);
    for (const i of b.instrs) if (markers || (i.op !== 'stmt' && i.op !== 'scope')) lines.push(`  ${printInstr(i)}`);
    lines.push(`  ${printTerm(b.term)}`);
  }
  return lines.join('\n');
}
