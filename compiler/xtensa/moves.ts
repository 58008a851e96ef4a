// -O1/-O2, over one function's emitted assembly: register moves the emitter leaves between a value's
// register and the one a call wants or gives. `mov rY, rX` goes when
//  - rX is dead after it and the code before it, from the instruction that wrote rX, can write rY instead: a stretch with no
//    call, no label reached from outside it and no branch out of it (a 64-bit add's carry branch stays
//    inside), in which rY is neither read nor written — every rX there becomes rY (an address computed
//    straight into a call's argument register);
//  - or rX is a10 just after a call (the result, dead after the move): the lines up to the last read of rY before rY is
//    written again (or before control leaves the straight-line stretch with rY dead), without a call
//    or a write of a10, read a10 instead (the result used where the call left it);
//  - or the lines after it that read rY (up to rY's next write, or to where it is dead; branches out
//    only where it is dead; rX not written before the last of them; no call reading rY unnamed) can
//    read rX instead: a 64-bit loop test compares the counter's new low word where it was computed.
// Whether a register is dead is decided by following every path forward (through branches and jumps
// to labels of the function) until it is written: a read, an instruction not understood or a jump
// out of sight first makes it live; a return reads only a2 and a3. Registers of debugger variables are
// left alone where they hold one (`keep`: for the whole function, or per line at -O2, debug-ranges.ts),
// and a move that begins a statement or a scope stays.

import type { AsmWriter } from './asm-writer';
import { type AsmLine, parseAsmLine } from './asm-line';

/** Instructions whose first operand is the address register written and the others are read. */
const DEF_FIRST = new Set([
  'l32i', 'l16ui', 'l16si', 'l8ui', 'l32r', 'add', 'addi', 'addmi', 'addx2', 'addx4', 'addx8', 'sub', 'subx2', 'subx4', 'subx8',
  'and', 'or', 'xor', 'mov', 'movi', 'neg', 'abs', 'slli', 'srli', 'srai', 'sll', 'srl', 'sra', 'src', 'extui', 'sext', 'mull',
  'muluh', 'mulsh', 'quou', 'quos', 'remu', 'rems', 'min', 'max', 'minu', 'maxu', 'nsa', 'nsau', 'rfr', 'trunc.s', 'utrunc.s', 'rsr', 'rur',
]);
/** Instructions that only read their address registers. */
const READ_ONLY = /^(s8i|s16i|s32i|ssi|lsi|wfr|wsr|wur|ssr|ssl|ssa8l|ssa8b|ssai|float\.s|ufloat\.s|nop|memw|[a-z]+\.s)$/;

const isAr = (r: string | undefined) => !!r && /^a([2-9]|1[0-5])$/.test(r);
const isBranch = (p: AsmLine) => p.kind === 'insn' && p.mnemonic.startsWith('b') && p.mnemonic !== 'break';

/** What an instruction does to the address registers: reads and writes, or undefined when not understood. */
function effect(p: AsmLine): { reads: string[]; writes: string[] } | undefined {
  const { mnemonic, ops } = p;
  const regs = ops.filter((o) => /^a([0-9]|1[0-5])$/.test(o));
  if (DEF_FIRST.has(mnemonic)) return { reads: ops.slice(1).filter((o) => regs.includes(o)), writes: regs.includes(ops[0]) ? [ops[0]] : [] };
  if (READ_ONLY.test(mnemonic) || isBranch(p)) return { reads: regs, writes: [] };
  if (mnemonic === 'call8') return { reads: ['a10', 'a11', 'a12', 'a13', 'a14', 'a15'], writes: ['a8', 'a9', 'a10', 'a11', 'a12', 'a13', 'a14', 'a15'] };
  if (mnemonic === 'callx8') return { reads: ['a10', 'a11', 'a12', 'a13', 'a14', 'a15', ...regs], writes: ['a8', 'a9', 'a10', 'a11', 'a12', 'a13', 'a14', 'a15'] };
  return undefined;
}

/** Registers the debugger reads: everywhere, or at a line of the writer. */
export type KeptRegisters = ReadonlySet<string> | ((line: number) => ReadonlySet<string>);

/** Removes the moves described above from the lines (from, to] of `w`; returns how many. */
export function dropMoves(w: AsmWriter, from: number, to: number, keep: KeptRegisters): number {
  /** Whether `reg` is kept at any of the lines k0..k1 (indices into `lines`). */
  const kept = (reg: string, k0: number, k1: number): boolean => {
    if (typeof keep !== 'function') return keep.has(reg);
    for (let k = k0; k <= k1; k++) if (keep(from + 1 + k).has(reg)) return true;
    return false;
  };
  const lines: AsmLine[] = [];
  for (let n = from + 1; n <= to; n++) lines.push(parseAsmLine(w.line(n)));
  const refs = new Map<string, number[]>();
  lines.forEach((l, k) => {
    if ((isBranch(l) || l.mnemonic === 'j') && l.ops.length) {
      const t = l.ops[l.ops.length - 1];
      (refs.get(t) ?? refs.set(t, []).get(t)!).push(k);
    }
  });
  const drop = new Set<number>();
  const labelAt = new Map<string, number>();
  lines.forEach((l, k) => {
    if (l.kind === 'label' && l.label) labelAt.set(l.label, k);
  });
  /**
   * Whether `reg` may be read, from line k on, before it is written: every path is followed through
   * branches and jumps (removed lines skipped; an instruction not understood, or a jump out of the
   * lines, counts as a read). At a return only a2 and a3 (the result) are read.
   */
  const liveAt = (k: number, reg: string, seen = new Set<number>()): boolean => {
    for (let x = k; x < lines.length; x++) {
      const l = lines[x];
      if (l.kind === 'other' || drop.has(x)) continue;
      if (l.kind === 'label') {
        if (seen.has(x)) return false;
        seen.add(x);
        continue;
      }
      if (/^(ret|jx)/.test(l.mnemonic)) return l.mnemonic.startsWith('ret') ? reg === 'a2' || reg === 'a3' : true;
      if (l.mnemonic === 'j') {
        const at = labelAt.get(l.ops[0]);
        return at === undefined || liveAt(at, reg, seen);
      }
      const e = effect(l);
      if (!e || e.reads.includes(reg)) return true;
      if (e.writes.includes(reg)) return false;
      if (isBranch(l)) {
        const at = labelAt.get(l.ops[l.ops.length - 1]);
        if (at === undefined || liveAt(at, reg, seen)) return true;
      }
    }
    return true;
  };
  /** Whether `reg` is written before it is read after line k, on every path. */
  const deadAfter = (k: number, reg: string): boolean => !liveAt(k + 1, reg);
  /** Renames `a` to `b` in line k (with `sourcesOnly`, not in the operand it writes). */
  const rename = (k: number, a: string, b: string, sourcesOnly = false) => {
    const l = lines[k];
    const skipFirst = sourcesOnly && DEF_FIRST.has(l.mnemonic);
    const ops = l.ops.map((o, x) => (o === a && !(skipFirst && x === 0) ? b : o));
    lines[k] = { ...l, ops };
    w.replaceLine(from + 1 + k, `${l.mnemonic}\t${ops.join(', ')}`);
  };
  /** 2: the call's result read where the call left it; renames the reads, returns whether it did. */
  const resultReadInA10 = (n: number, ry: string): boolean => {
    const prev = lines.slice(0, n).filter((l, x) => l.kind !== 'other' && !drop.has(x)).pop();
    if (!prev || (prev.mnemonic !== 'call8' && prev.mnemonic !== 'callx8')) return false;
    const reads: number[] = [];
    let ends = 0;
    for (let x = n + 1; x < lines.length; x++) {
      const l = lines[x];
      if (l.kind === 'other' || drop.has(x)) continue;
      const e = l.kind === 'insn' ? effect(l) : undefined;
      if (!e || isBranch(l) || l.mnemonic === 'j' || l.mnemonic.startsWith('call') || /^(ret|jx)/.test(l.mnemonic)) {
        // the stretch ends where control leaves it: rY must be dead there
        ends = liveAt(x, ry) ? 0 : x;
        break;
      }
      if (e.reads.includes(ry)) reads.push(x);
      if (e.writes.includes('a10')) break;
      if (e.writes.includes(ry)) {
        ends = x;
        break;
      }
    }
    // a debugger variable's register keeps its value wherever the debugger reads it
    if (!ends || !reads.length || kept(ry, n, ends)) return false;
    for (const x of reads) rename(x, ry, 'a10', true);
    return true;
  };
  /**
   * 3: the lines after `mov rY, rX` that read rY, when they can read rX instead: straight-line code
   * (branches out of it only where rY is dead), rX not written before the last of them, rY written
   * or dead after it. Undefined when not.
   */
  const sourceReads = (n: number, ry: string, rx: string): number[] | undefined => {
    const reads: number[] = [];
    for (let x = n + 1; x < lines.length; x++) {
      const l = lines[x];
      if (l.kind === 'other' || drop.has(x)) continue;
      if (l.kind === 'label' || l.mnemonic === 'j' || /^(ret|jx)/.test(l.mnemonic)) return liveAt(x, ry) ? undefined : reads;
      const e = effect(l);
      // a call's argument registers are read without being named: not renamable
      if (!e || (e.reads.includes(ry) && !l.ops.includes(ry))) return undefined;
      if (e.reads.includes(ry)) reads.push(x);
      if (e.writes.includes(ry)) return reads;
      if (e.writes.includes(rx)) return liveAt(x + 1, ry) ? undefined : reads;
      if (isBranch(l)) {
        const at = labelAt.get(l.ops[l.ops.length - 1]);
        if (at === undefined || liveAt(at, ry)) return undefined;
      }
    }
    return undefined;
  };
  for (let n = 0; n < lines.length; n++) {
    const mv = lines[n];
    if (mv.mnemonic !== 'mov' || drop.has(n)) continue;
    const [ry, rx] = mv.ops;
    if (!isAr(ry) || !isAr(rx) || ry === rx || kept(ry, n, n) || kept(rx, n, n) || w.anchors(from + 1 + n)) continue;
    // 1: write rY where rX is written
    let ok = false;
    const inner: number[] = [];
    const dead = deadAfter(n, rx);
    for (let p = n - 1; p >= 0 && dead; p--) {
      const l = lines[p];
      if (l.kind === 'other') continue;
      if (l.kind === 'label') {
        inner.push(p);
        continue;
      }
      if (drop.has(p)) continue;
      const e = effect(l);
      if (!e || l.mnemonic.startsWith('call')) break;
      if (isBranch(l)) {
        const t = l.ops[l.ops.length - 1];
        const at = lines.findIndex((x) => x.label === t);
        if (at <= p || at > n) break;
      } else if (l.mnemonic === 'j' || /^(ret|jx)/.test(l.mnemonic)) break;
      if (e.reads.includes(ry) || e.writes.includes(ry)) break;
      if (DEF_FIRST.has(l.mnemonic) && l.ops[0] === rx && !l.ops.slice(1).includes(rx)) {
        if (kept(ry, p, n) || kept(rx, p, n)) break;
        // the stretch's labels are reached only by forward branches from inside it
        if (!inner.every((at) => (refs.get(lines[at].label!) ?? []).every((r) => r >= p && r < at))) break;
        // the stretch p..n: every rX becomes rY
        for (let x = p; x < n; x++) if (lines[x].kind === 'insn' && lines[x].ops.includes(rx)) rename(x, rx, ry);
        drop.add(n);
        ok = true;
        break;
      }
    }
    if (ok) continue;
    if (rx === 'a10' && n > 0 && resultReadInA10(n, ry)) {
      drop.add(n);
      continue;
    }
    // 3: the later reads of rY read rX, unchanged until then, when rY is dead after them (none: the move is dead)
    const reads = sourceReads(n, ry, rx);
    if (!reads || (reads.length && kept(ry, n, reads[reads.length - 1]))) continue;
    for (const x of reads) rename(x, ry, rx, true);
    drop.add(n);
  }
  w.removeLines(new Set([...drop].map((k) => from + 1 + k)));
  return drop.size;
}
