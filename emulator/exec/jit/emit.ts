// JavaScript source for one instruction inside a compiled block (see compile.ts), for the subset of
// instructions worth compiling: integer ALU, shifts, loads/stores, MUL16/MUL32, NOP-like sync, and
// as the last instruction of a block the call0-ABI branches, jumps, calls and returns. Each
// template mirrors the interpreter handler of the same mnemonic (emulator/exec/handlers), which
// stays the reference; everything else ends the block and runs in the interpreter.
//
// Other instructions whose handlers cannot raise or transfer (jit/callable.ts: FP, boolean moves,
// high multiplies) are compiled as a call of their handler (`hf[K](c, hi[K])`).
//
// Conventions of the generated code: `a` is the current window (Int32Array), `c` the Cpu, `mem`
// the Memory with its fast-path tables `rIdx`, `wIdx`, `u8s`, `u16s`, `i32s`; `done` counts the
// instructions of earlier passes of a self-looping block. Before anything that may throw, c.jitK is
// set to the instruction's index K in the block and c.jitN to `done + K`.

import type { Insn } from '../insn';
import { TAKEN_NEXT } from '../insn';
import { CALLINC_MASK, CALLINC_SHIFT } from './windowed';
import { CALLABLE, CALLABLE_STORES } from './callable';

/**
 * 'seq': statements, then the next instruction (`rotates`: it moved the register window, so the
 * block must check the panes of what follows). 'branch': a condition; taken goes to `target`.
 * 'jump': statements, then an unconditional transfer to the `to` expression (`direct` when fixed).
 * Statements may leave the block before the instruction (`c.jitN = done + K; return PC;`) so that
 * the interpreter runs it: the windowed instructions do so for their exceptional cases.
 */
export type Emitted =
  | { readonly kind: 'seq'; readonly code: string; readonly rotates?: boolean }
  | { readonly kind: 'branch'; readonly cond: string; readonly target: number }
  | { readonly kind: 'jump'; readonly code: string; readonly to: string; readonly direct: number | null };

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;
const imm = (v: number) => String(v | 0);

function load(i: Insn, k: number, size: 1 | 2 | 4, signed: boolean): string {
  const addr = `const ad = (a[${i.b}] + ${imm(i.c)}) >>> 0;`;
  const slow = `(c.jitK = ${k}, c.jitN = done + ${k}, mem.read${size * 8}(ad))`;
  let fast: string;
  let cond = 's !== 0';
  if (size === 4) {
    cond += ' && (ad & 3) === 0';
    fast = 'i32s[s][(ad & 0xffff) >>> 2]';
  } else if (size === 2) {
    cond += ' && (ad & 1) === 0';
    fast = 'u16s[s][(ad & 0xffff) >>> 1]';
  } else fast = 'u8s[s][ad & 0xffff]';
  const value = `(${cond} ? ${fast} : ${slow})`;
  return `{ ${addr} const s = rIdx[ad >>> 16]; a[${i.a}] = ${signed ? `(${value} << 16) >> 16` : value}; }`;
}

function store(i: Insn, k: number, size: 1 | 2 | 4, epoch: number): string {
  const addr = `const ad = (a[${i.b}] + ${imm(i.c)}) >>> 0;`;
  let cond = 's !== 0';
  let fast: string;
  if (size === 4) {
    cond += ' && (ad & 3) === 0';
    fast = `i32s[s][(ad & 0xffff) >>> 2] = a[${i.a}];`;
  } else if (size === 2) {
    cond += ' && (ad & 1) === 0';
    fast = `u16s[s][(ad & 0xffff) >>> 1] = a[${i.a}];`;
  } else fast = `u8s[s][ad & 0xffff] = a[${i.a}];`;
  // A slow store may have rewritten decoded code: leave the (now stale) block right after it.
  const slow = `c.jitK = ${k}; c.jitN = done + ${k}; mem.write${size * 8}(ad, a[${i.a}]); if (c.codeEpoch !== ${epoch}) { c.jitN = done + ${k + 1}; return ${hex(i.next)}; }`;
  return `{ ${addr} const s = wIdx[ad >>> 16]; if (${cond}) ${fast} else { ${slow} } }`;
}

/** CALLn / CALLXn: a[4n] = the return address with n in bits 31:30, PS.CALLINC = n (`pre` reads the target first). */
function callw(i: Insn, pre: string): string {
  const n = Number(i.def!.mnemonic.replace(/^callx?/, '')) / 4;
  return `${pre}a[${n << 2}] = ${(n << 30) | (i.next & 0x3fffffff)}; c.ps = ((c.ps & ${~CALLINC_MASK}) | ${n << CALLINC_SHIFT}) >>> 0;`;
}

function rrr(i: Insn, expr: string): string {
  return `a[${i.a}] = ${expr};`;
}

/** Source for instruction `i` at index `k` of a block, or undefined if it is not compiled. */
export function emit(i: Insn, k: number, epoch: number, hasLitbase: boolean): Emitted | undefined {
  const m = i.def?.mnemonic;
  if (m === undefined) return undefined;
  const s = (code: string): Emitted => ({ code, kind: 'seq' });
  const A = (n: number) => `a[${n}]`;
  const target = i.target === TAKEN_NEXT ? i.next : i.target;
  const branch = (cond: string): Emitted => ({ kind: 'branch', cond, target });
  const jump = (code: string, to: string, direct: number | null): Emitted => ({ kind: 'jump', code, to, direct });
  switch (m) {
    case 'add': case 'add.n': return s(rrr(i, `${A(i.b)} + ${A(i.c)}`));
    case 'addx2': return s(rrr(i, `(${A(i.b)} << 1) + ${A(i.c)}`));
    case 'addx4': return s(rrr(i, `(${A(i.b)} << 2) + ${A(i.c)}`));
    case 'addx8': return s(rrr(i, `(${A(i.b)} << 3) + ${A(i.c)}`));
    case 'sub': return s(rrr(i, `${A(i.b)} - ${A(i.c)}`));
    case 'subx2': return s(rrr(i, `(${A(i.b)} << 1) - ${A(i.c)}`));
    case 'subx4': return s(rrr(i, `(${A(i.b)} << 2) - ${A(i.c)}`));
    case 'subx8': return s(rrr(i, `(${A(i.b)} << 3) - ${A(i.c)}`));
    case 'and': return s(rrr(i, `${A(i.b)} & ${A(i.c)}`));
    case 'or': return s(rrr(i, `${A(i.b)} | ${A(i.c)}`));
    case 'xor': return s(rrr(i, `${A(i.b)} ^ ${A(i.c)}`));
    case 'neg': return s(rrr(i, `-${A(i.b)}`));
    case 'abs': return s(`{ const v = ${A(i.b)}; a[${i.a}] = v < 0 ? -v : v; }`);
    case 'movi': case 'movi.n': return s(rrr(i, imm(i.b)));
    case 'addi': case 'addi.n': case 'addmi': return s(rrr(i, `${A(i.b)} + ${imm(i.c)}`));
    case 'mov.n': return s(rrr(i, A(i.b)));
    case 'moveqz': return s(`if (${A(i.c)} === 0) a[${i.a}] = ${A(i.b)};`);
    case 'movnez': return s(`if (${A(i.c)} !== 0) a[${i.a}] = ${A(i.b)};`);
    case 'movltz': return s(`if (${A(i.c)} < 0) a[${i.a}] = ${A(i.b)};`);
    case 'movgez': return s(`if (${A(i.c)} >= 0) a[${i.a}] = ${A(i.b)};`);
    case 'min': return s(`{ const x = ${A(i.b)}, y = ${A(i.c)}; a[${i.a}] = x < y ? x : y; }`);
    case 'max': return s(`{ const x = ${A(i.b)}, y = ${A(i.c)}; a[${i.a}] = x > y ? x : y; }`);
    case 'minu': return s(`{ const x = ${A(i.b)} >>> 0, y = ${A(i.c)} >>> 0; a[${i.a}] = x < y ? x : y; }`);
    case 'maxu': return s(`{ const x = ${A(i.b)} >>> 0, y = ${A(i.c)} >>> 0; a[${i.a}] = x > y ? x : y; }`);
    case 'nsau': return s(rrr(i, `Math.clz32(${A(i.b)})`));
    case 'nsa': return s(`{ const v = ${A(i.b)}; a[${i.a}] = Math.clz32(v < 0 ? ~v : v) - 1; }`);
    case 'sext': return s(rrr(i, `(${A(i.b)} << ${31 - i.c}) >> ${31 - i.c}`));
    case 'extui': return s(rrr(i, `(${A(i.b)} >>> ${i.c}) & ${(1 << i.d) - 1}`));
    case 'slli': return s(rrr(i, `${A(i.b)} << ${i.c & 31}`));
    case 'srli': return s(rrr(i, `${A(i.b)} >>> ${i.c}`));
    case 'srai': return s(rrr(i, `${A(i.b)} >> ${i.c}`));
    case 'sll': return s(`{ const sh = (32 - c.sar) & 63; a[${i.a}] = sh >= 32 ? 0 : ${A(i.b)} << sh; }`);
    case 'srl': return s(`{ const sh = c.sar; a[${i.a}] = sh >= 32 ? 0 : ${A(i.b)} >>> sh; }`);
    case 'sra': return s(`{ const sh = c.sar; a[${i.a}] = ${A(i.b)} >> (sh >= 32 ? 31 : sh); }`);
    case 'src':
      return s(
        `{ const sh = c.sar, hi = ${A(i.b)}, lo = ${A(i.c)}; a[${i.a}] = sh === 0 ? lo : sh < 32 ? (lo >>> sh) | (hi << (32 - sh)) : sh === 32 ? hi : hi >>> (sh - 32); }`,
      );
    case 'ssr': return s(`c.sar = ${A(i.a)} & 31;`);
    case 'ssl': return s(`c.sar = 32 - (${A(i.a)} & 31);`);
    case 'ssa8l': return s(`c.sar = (${A(i.a)} & 3) << 3;`);
    case 'ssa8b': return s(`c.sar = 32 - ((${A(i.a)} & 3) << 3);`);
    case 'ssai': return s(`c.sar = ${i.a};`);
    case 'mul16u': return s(rrr(i, `(${A(i.b)} & 0xffff) * (${A(i.c)} & 0xffff)`));
    case 'mul16s': return s(rrr(i, `((${A(i.b)} << 16) >> 16) * ((${A(i.c)} << 16) >> 16)`));
    case 'mull': return s(rrr(i, `Math.imul(${A(i.b)}, ${A(i.c)})`));
    case 'l8ui': return s(load(i, k, 1, false));
    case 'l16ui': return s(load(i, k, 2, false));
    case 'l16si': return s(load(i, k, 2, true));
    case 'l32i': case 'l32i.n': return s(load(i, k, 4, false));
    case 's8i': return s(store(i, k, 1, epoch));
    case 's16i': return s(store(i, k, 2, epoch));
    case 's32i': case 's32i.n': return s(store(i, k, 4, epoch));
    case 'l32r': {
      const addr = hasLitbase ? `(c.litbase & 1 ? ((c.litbase & 0xfffff000) + ${imm(i.d)}) >>> 0 : ${hex(i.target)})` : hex(i.target);
      return s(`{ const ad = ${addr}; const s = rIdx[ad >>> 16]; a[${i.a}] = s !== 0 ? i32s[s][(ad & 0xffff) >>> 2] : (c.jitK = ${k}, c.jitN = done + ${k}, mem.read32(ad)); }`);
    }
    case 'nop': case 'nop.n': case 'memw': case 'extw': case 'isync': case 'rsync': case 'esync': case 'dsync': case 'excw':
      return s('');
    // ---- control transfers: always the last instruction of a block ----
    case 'beq': return branch(`${A(i.a)} === ${A(i.b)}`);
    case 'bne': return branch(`${A(i.a)} !== ${A(i.b)}`);
    case 'blt': return branch(`${A(i.a)} < ${A(i.b)}`);
    case 'bge': return branch(`${A(i.a)} >= ${A(i.b)}`);
    case 'bltu': return branch(`(${A(i.a)} >>> 0) < (${A(i.b)} >>> 0)`);
    case 'bgeu': return branch(`(${A(i.a)} >>> 0) >= (${A(i.b)} >>> 0)`);
    case 'bany': return branch(`(${A(i.a)} & ${A(i.b)}) !== 0`);
    case 'bnone': return branch(`(${A(i.a)} & ${A(i.b)}) === 0`);
    case 'ball': return branch(`(~${A(i.a)} & ${A(i.b)}) === 0`);
    case 'bnall': return branch(`(~${A(i.a)} & ${A(i.b)}) !== 0`);
    case 'bbc': return branch(`(${A(i.a)} & (1 << (${A(i.b)} & 31))) === 0`);
    case 'bbs': return branch(`(${A(i.a)} & (1 << (${A(i.b)} & 31))) !== 0`);
    case 'bbci': return branch(`(${A(i.a)} & ${hex(1 << i.b)}) === 0`);
    case 'bbsi': return branch(`(${A(i.a)} & ${hex(1 << i.b)}) !== 0`);
    case 'beqi': return branch(`${A(i.a)} === ${imm(i.b)}`);
    case 'bnei': return branch(`${A(i.a)} !== ${imm(i.b)}`);
    case 'blti': return branch(`${A(i.a)} < ${imm(i.b)}`);
    case 'bgei': return branch(`${A(i.a)} >= ${imm(i.b)}`);
    case 'bltui': return branch(`(${A(i.a)} >>> 0) < ${i.b >>> 0}`);
    case 'bgeui': return branch(`(${A(i.a)} >>> 0) >= ${i.b >>> 0}`);
    case 'beqz': case 'beqz.n': return branch(`${A(i.a)} === 0`);
    case 'bnez': case 'bnez.n': return branch(`${A(i.a)} !== 0`);
    case 'bltz': return branch(`${A(i.a)} < 0`);
    case 'bgez': return branch(`${A(i.a)} >= 0`);
    case 'j': return jump('', hex(target), target);
    case 'jx': return jump(`const to = ${A(i.a)} >>> 0;`, 'to', null);
    case 'call0': return jump(`a[0] = ${hex(i.next)};`, hex(target), target);
    case 'callx0': return jump(`const to = ${A(i.a)} >>> 0; a[0] = ${hex(i.next)};`, 'to', null);
    case 'ret': case 'ret.n': return jump('const to = a[0] >>> 0;', 'to', null);
    // ---- the windowed ABI (helpers in jit/windowed.ts; their exceptional cases run interpreted) ----
    case 'entry':
      if (i.a > 3) return undefined;
      return { kind: 'seq', rotates: true, code: `if (!jitEntry(c, ${i.a}, ${i.b})) { c.jitN = done + ${k}; return ${hex(i.pc)}; }` };
    case 'call4': case 'call8': case 'call12': return jump(callw(i, ''), hex(target), target);
    case 'callx4': case 'callx8': case 'callx12': return jump(callw(i, `const to = ${A(i.a)} >>> 0; `), 'to', null);
    case 'retw': case 'retw.n':
      return jump(`const to = jitRetw(c, ${hex(i.pc)}); if (to < 0) { c.jitN = done + ${k}; return ${hex(i.pc)}; }`, 'to', null);
  }
  return called(i, k, epoch);
}

/** An instruction whose handler the block calls as it is (jit/callable.ts), or undefined. */
function called(i: Insn, k: number, epoch: number): Emitted | undefined {
  if (!CALLABLE.has(i.inner)) return undefined;
  const after = CALLABLE_STORES.has(i.inner) ? ` if (c.codeEpoch !== ${epoch}) { c.jitN = done + ${k + 1}; return ${hex(i.next)}; }` : '';
  return { kind: 'seq', code: `c.jitK = ${k}; c.jitN = done + ${k}; hf[${k}](c, hi[${k}]);${after}` };
}
