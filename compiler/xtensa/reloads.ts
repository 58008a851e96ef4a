// -O1/-O2, over one function's emitted assembly: removes reloads of a frame home into a register that
// still holds it, and makes a reload into another register a move from one that holds it (the store
// may then be dead: dead-homes.ts). A forward pass keeps, per address register, the home word (offset from a1) whose
// value it holds: set by `l32i r, a1, off` and `s32i r, a1, off` of a home, copied by `mov`, dropped
// when the register is written or the word is stored from elsewhere. Homes of virtual registers are
// never reached through pointers, so only stores with base a1 (or a register computed from a1: a
// large offset's address) change them. At a label the facts are
// those every way in agrees on: the fall-through and the branches to it from earlier lines (a label a
// later line branches to — a loop head — starts with none). A call keeps a2..a7 (the window keeps
// them; the callee cannot reach this frame's homes) and forgets a8..a15; anything not understood
// (vector instructions, update forms, writes of a1) forgets everything. A reload whose line begins a
// statement or a scope stays (its row in the line table).
// Then `l32i s, a1, off; mov d, s` with the scratch register s (a8/a9) written before it is read again
// in the same straight-line code becomes `l32i d, a1, off`.

import type { AsmWriter } from './asm-writer';

type Facts = Map<string, number>;

const NO_AR_WRITE = new Set(['ssr', 'ssl', 'ssa8l', 'ssa8b', 'ssai', 'wsr', 'wur', 'wfr', 'nop', 'memw', 'isync', 'dsync', 'esync', 'rsync', 'extw']);
const STORES = /^(s8i|s16i|s32i|s32i\.n|ssi|sdi)$/;
const LOADS = /^(l8ui|l16ui|l16si|l32i|l32i\.n|l32r|lsi|ldi)$/;
const ENDS_FLOW = new Set(['j', 'jx', 'retw', 'retw.n', 'ret', 'ret.n']);
const isAr = (r: string | undefined) => !!r && /^a([0-9]|1[0-5])$/.test(r);

function forgetReg(f: Facts, r: string): void {
  f.delete(r);
}

function forgetWords(f: Facts, off: number, bytes: number): void {
  for (const [r, o] of f) if (o < off + bytes && off < o + 4) f.delete(r);
}

function meet(states: Facts[]): Facts {
  if (!states.length) return new Map();
  const out = new Map(states[0]);
  for (const s of states.slice(1)) for (const [r, o] of out) if (s.get(r) !== o) out.delete(r);
  return out;
}

/**
 * Drops the redundant home reloads of the lines (from, to] of `w` (one function); `homeWords` are the
 * frame offsets of home words. Returns how many were dropped.
 */
export function dropRedundantReloads(w: AsmWriter, from: number, to: number, homeWords: ReadonlySet<number>): number {
  const parsed: { mnemonic: string; ops: string[] }[] = [];
  const refs = new Map<string, number[]>();
  for (let n = from + 1; n <= to; n++) {
    const text = w.line(n);
    const m = /^\t([a-z][a-z0-9_.]*)\s*(.*)$/.exec(text);
    const p = m && !text.startsWith('\t.') ? { mnemonic: m[1], ops: m[2] ? m[2].split(',').map((x) => x.trim()) : [] } : { mnemonic: '', ops: [] };
    parsed.push(p);
    const target = p.ops[p.ops.length - 1];
    if ((p.mnemonic.startsWith('b') || p.mnemonic === 'j') && target?.startsWith('.L')) {
      const list = refs.get(target) ?? [];
      list.push(n);
      refs.set(target, list);
    }
  }
  const atBranch = new Map<number, Facts>();
  const drop = new Set<number>();
  let facts: Facts | undefined = new Map();
  /** Registers holding an address computed from a1 (a store through one may reach any home). */
  const derived = new Set<string>();
  /** An instruction not understood was seen: any register may hold such an address. */
  let unknown = false;
  for (let n = from + 1; n <= to; n++) {
    const text = w.line(n);
    if (/^[^\t].*:$/.test(text)) {
      const label = text.slice(0, -1);
      const ways: Facts[] = facts ? [facts] : [];
      let known = label.startsWith('.L');
      for (const r of refs.get(label) ?? []) {
        const s = atBranch.get(r);
        if (r < n && s) ways.push(s);
        else known = false;
      }
      facts = known ? meet(ways) : new Map();
      continue;
    }
    if (text.startsWith('\t.literal') || text.startsWith('\t/*')) continue;
    if (text.startsWith('\t.')) {
      facts = new Map();
      continue;
    }
    const { mnemonic, ops } = parsed[n - from - 1];
    if (!facts) facts = new Map();
    const f = facts;
    const [dst, base, offText] = ops;
    const off = offText !== undefined && /^-?\d+$/.test(offText) ? Number(offText) : undefined;
    if (mnemonic === 'l32i' && base === 'a1' && off !== undefined && homeWords.has(off) && isAr(dst) && dst !== 'a1') {
      if (f.get(dst) === off && !w.anchors(n)) drop.add(n);
      else {
        // another register still holds the word: a move (the store that put it there may then be dead)
        const holder = [...f].find(([r, o]) => o === off && r !== dst)?.[0];
        if (holder) w.replaceLine(n, `mov\t${dst}, ${holder}`);
      }
      derived.delete(dst);
      forgetReg(f, dst);
      f.set(dst, off);
      continue;
    }
    if (STORES.test(mnemonic)) {
      if (derived.has(base) || (unknown && base !== 'a1')) facts = new Map();
      if (base !== 'a1') continue;
      if (off === undefined) {
        facts = new Map();
        continue;
      }
      const bytes = mnemonic === 's8i' ? 1 : mnemonic === 's16i' ? 2 : mnemonic === 'sdi' ? 8 : 4;
      forgetWords(f, off, bytes);
      if (mnemonic === 's32i' && homeWords.has(off) && isAr(dst) && dst !== 'a1') f.set(dst, off);
      continue;
    }
    if (mnemonic.startsWith('call')) {
      for (const r of [...f.keys()]) if (Number(r.slice(1)) >= 8) f.delete(r);
      for (const r of [...derived]) if (Number(r.slice(1)) >= 8) derived.delete(r);
      continue;
    }
    if (mnemonic === 'j' || (mnemonic.startsWith('b') && mnemonic !== 'break')) {
      atBranch.set(n, new Map(f));
      if (mnemonic === 'j') facts = undefined;
      continue;
    }
    if (ENDS_FLOW.has(mnemonic)) {
      facts = undefined;
      continue;
    }
    if (NO_AR_WRITE.has(mnemonic)) continue;
    if (mnemonic === 'entry' || dst === 'a1' || !dst) {
      facts = new Map();
      continue;
    }
    if (mnemonic.startsWith('ivp_') || /(u|ip|xp)$/.test(mnemonic) || mnemonic === 'movsp' || mnemonic === 's32c1i') {
      facts = new Map();
      unknown = true;
      continue;
    }
    const copied = mnemonic === 'mov' || mnemonic === 'mov.n' ? f.get(ops[1]) : undefined;
    if (!LOADS.test(mnemonic) && ops.slice(1).some((r) => r === 'a1' || derived.has(r))) derived.add(dst);
    else derived.delete(dst);
    forgetReg(f, dst);
    if (copied !== undefined && isAr(dst)) f.set(dst, copied);
  }
  w.removeLines(drop);
  return drop.size;
}

const SCRATCH = new Set(['a8', 'a9']);
const parse = (text: string) => {
  const m = /^\t([a-z][a-z0-9_.]*)\s*(.*)$/.exec(text);
  return m && !text.startsWith('\t.') ? { mnemonic: m[1], ops: m[2] ? m[2].split(',').map((x) => x.trim()) : [] } : undefined;
};

/**
 * Whether `reg` is written before it is read after line `n`, in the straight-line code that follows —
 * or, with `blockStart` (the emitter's output, before reloads are dropped: no scratch register carries
 * a value into a block), before the code reaches a block's label by falling through or branching.
 */
function deadAfter(w: AsmWriter, n: number, to: number, reg: string, blockStart?: RegExp): boolean {
  for (let k = n + 1; k <= to; k++) {
    const text = w.line(k);
    if (text.startsWith('\t.literal') || text.startsWith('\t/*')) continue;
    const p = parse(text);
    if (!p) return !!blockStart && blockStart.test(text.slice(0, -1));
    const { mnemonic, ops } = p;
    if (blockStart && (mnemonic === 'j' || (mnemonic.startsWith('b') && mnemonic !== 'break')) && blockStart.test(ops[ops.length - 1] ?? '')) {
      if (ops.slice(0, -1).includes(reg)) return false;
      if (mnemonic === 'j') return true;
      continue;
    }
    if (mnemonic.startsWith('call')) return !ops.includes(reg); // a8/a9 carry no argument (CALLX8 a8 reads its target); the call clobbers them
    // a conditional move keeps the old value when its condition fails: it reads its destination
    if (mnemonic.startsWith('mov') && !['mov', 'mov.n', 'movi', 'movi.n'].includes(mnemonic) && ops.includes(reg)) return false;
    if (STORES.test(mnemonic) || mnemonic.startsWith('b') || mnemonic.startsWith('j') || mnemonic.startsWith('ret') || NO_AR_WRITE.has(mnemonic) || mnemonic.startsWith('ivp_')) {
      if (ops.includes(reg) || mnemonic.startsWith('ivp_') || mnemonic.startsWith('b') || mnemonic.startsWith('j') || mnemonic.startsWith('ret')) return false;
      continue;
    }
    if (ops.slice(1).includes(reg)) return false;
    if (ops[0] === reg) return true;
  }
  return false;
}

/**
 * Folds `l32i s, a1, off; mov d, s` (s a dead scratch register) into `l32i d, a1, off`; returns how
 * many. `blockStart` matches the labels of the function's blocks, when the lines are still the
 * emitter's output (see deadAfter).
 */
export function foldLoadMoves(w: AsmWriter, from: number, to: number, blockStart?: RegExp): number {
  const drop = new Set<number>();
  for (let n = from + 1; n < to; n++) {
    // only an l32i begins a fold: the two lines are parsed after that cheap test
    const first = w.line(n);
    if (!first.startsWith('\tl32i')) continue;
    const a = parse(first);
    const b = parse(w.line(n + 1));
    if (!a || !b || a.mnemonic !== 'l32i' || a.ops[1] !== 'a1' || !SCRATCH.has(a.ops[0])) continue;
    if ((b.mnemonic !== 'mov' && b.mnemonic !== 'mov.n') || b.ops[1] !== a.ops[0] || !isAr(b.ops[0]) || b.ops[0] === 'a1' || w.anchors(n + 1)) continue;
    if (!deadAfter(w, n + 1, to, a.ops[0], blockStart)) continue;
    w.replaceLine(n, `l32i\t${b.ops[0]}, a1, ${a.ops[2]}`);
    drop.add(n + 1);
    n++;
  }
  w.removeLines(drop);
  return drop.size;
}
