// -O1/-O2, over one function's emitted assembly: stores to a frame home that nothing reads again are
// removed. The emitter stores every result of a virtual register without a register home into its
// frame home, even one only passed on at once (an address handed to a call, read from the register it
// was computed in). A backward pass over the lines finds, for each line, the home words some later
// line may still read: `l32i`/`lsi`… with base a1 read them, a full-word store with base a1 kills the
// word, a call reads none (no callee reaches this frame's homes), a return ends them all, and anything
// else that reads a1 (an address computed from it: a large offset, or an instruction not understood)
// or jumps where the pass cannot follow reads them all. Homes of debugger variables are never
// candidates (the debugger reads them at any stop), nor is a store that begins a statement or scope.

import type { AsmWriter } from './asm-writer';
import { type AsmLine, parseAsmLine } from './asm-line';

const LOAD_BYTES: Record<string, number> = { l32i: 4, 'l32i.n': 4, lsi: 4, l16ui: 2, l16si: 2, l8ui: 1 };
const STORE_BYTES: Record<string, number> = { s32i: 4, 's32i.n': 4, ssi: 4, s16i: 2, s8i: 1 };
const ENDS = new Set(['retw', 'retw.n', 'ret', 'ret.n']);

/**
 * Removes the dead stores of the lines (from, to] of `w` (one function). `words` are the frame
 * offsets of the home words that may go (debugger variables' homes left out). Returns how many.
 */
export function dropDeadHomeStores(w: AsmWriter, from: number, to: number, words: ReadonlySet<number>): number {
  const index = wordIndex(words);
  const size = index.size;
  if (!size) return 0;
  const lines: AsmLine[] = [];
  const labelAt = new Map<string, number>();
  for (let n = from + 1; n <= to; n++) {
    const l = parseAsmLine(w.line(n));
    if (l.label) labelAt.set(l.label, lines.length);
    lines.push(l);
  }
  /** The home words [off, off + bytes) overlaps. */
  const overlapped = (off: number, bytes: number): number[] => {
    const out: number[] = [];
    for (let o = off - (off % 4); o < off + bytes; o += 4) {
      const k = index.get(o);
      if (k !== undefined) out.push(k);
    }
    return out;
  };
  // live sets as bit rows of `width` words: row k holds the words some line from k on may read
  // (before line k runs), row lines.length the function's exit (none)
  const width = (size + 31) >>> 5;
  const live = new Uint32Array((lines.length + 1) * width);
  const full = new Uint32Array(width);
  for (let x = 0; x < size; x++) full[x >>> 5] |= 1 << (x & 31);
  const liveAt = (k: number, word: number): boolean => (live[k * width + (word >>> 5)] & (1 << (word & 31))) !== 0;
  const effects = lines.map((l) => {
    if (l.kind !== 'insn') return { succ: 'next' as const };
    const { mnemonic, ops } = l;
    const off = ops[2] !== undefined && /^-?\d+$/.test(ops[2]) ? Number(ops[2]) : undefined;
    if (LOAD_BYTES[mnemonic] && ops[1] === 'a1' && off !== undefined) return { succ: 'next' as const, gen: overlapped(off, LOAD_BYTES[mnemonic]) };
    if (STORE_BYTES[mnemonic] && ops[1] === 'a1' && off !== undefined) {
      const kill = STORE_BYTES[mnemonic] === 4 && off % 4 === 0 ? index.get(off) : undefined;
      return { succ: 'next' as const, kill };
    }
    if (ENDS.has(mnemonic)) return { succ: 'none' as const };
    const target = ops[ops.length - 1];
    if (mnemonic === 'j') return labelAt.has(target) ? { succ: 'jump' as const, target: labelAt.get(target)! } : { succ: 'none' as const, all: true };
    if (mnemonic.startsWith('b') && mnemonic !== 'break' && labelAt.has(target)) return { succ: 'branch' as const, target: labelAt.get(target)!, all: ops.slice(0, -1).includes('a1') };
    if (mnemonic.startsWith('call')) return { succ: 'next' as const, all: ops.includes('a1') };
    // anything else reading a1 (or a jump the pass cannot follow) may read any home
    return { succ: mnemonic === 'jx' || mnemonic.startsWith('b') ? ('none' as const) : ('next' as const), all: ops.includes('a1') || mnemonic === 'jx' || mnemonic.startsWith('b') };
  });
  solveLive(effects, live, width, full);
  const drop = new Set<number>();
  lines.forEach((l, k) => {
    const e = effects[k];
    if (!('kill' in e) || e.kill === undefined) return;
    if (!liveAt(k + 1, e.kill) && !w.anchors(from + 1 + k)) drop.add(from + 1 + k);
  });
  w.removeLines(drop);
  return drop.size;
}

const ascending = (a: number, b: number) => a - b;

/** Each home word's bit, in ascending order of offset. Built without closures made per call: a fresh
 *  comparator at each call deoptimised this function's optimised code at every call after the first. */
function wordIndex(words: ReadonlySet<number>): Map<number, number> {
  const sorted = [...words].sort(ascending);
  const index = new Map<number, number>();
  for (let k = 0; k < sorted.length; k++) index.set(sorted[k], k);
  return index;
}

type Effect = { succ: 'next' | 'none' | 'jump' | 'branch'; target?: number; gen?: number[]; kill?: number; all?: boolean };

/** The backward data-flow to its fixed point: row k of `live` gets the words some line from k on may
 *  read. A function of its own: V8 replaces its loop on the stack while the first call runs, and code
 *  after such a loop that had not run yet deoptimised the reused replacement at every later call. */
function solveLive(effects: readonly Effect[], live: Uint32Array, width: number, full: Uint32Array): void {
  const inn = new Uint32Array(width);
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = effects.length - 1; k >= 0; k--) {
      const e = effects[k];
      if ('all' in e && e.all) inn.set(full);
      else {
        inn.fill(0);
        if (e.succ === 'next' || e.succ === 'branch') for (let x = 0, at = (k + 1) * width; x < width; x++) inn[x] |= live[at + x];
        if ((e.succ === 'jump' || e.succ === 'branch') && 'target' in e && e.target !== undefined) for (let x = 0, at = e.target * width; x < width; x++) inn[x] |= live[at + x];
        if ('kill' in e && e.kill !== undefined) inn[e.kill >>> 5] &= ~(1 << (e.kill & 31));
        if ('gen' in e && e.gen) for (const g of e.gen) inn[g >>> 5] |= 1 << (g & 31);
      }
      for (let x = 0, at = k * width; x < width; x++) {
        if (live[at + x] !== inn[x]) {
          live.set(inn, at);
          changed = true;
          break;
        }
      }
    }
  }
}
