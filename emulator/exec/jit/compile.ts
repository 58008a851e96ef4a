// The region compiler: turns a hot block start and the blocks it branches or jumps to into one
// JavaScript function, so V8 compiles the guest code itself and control stays in the function
// across branches. A block runs from its start along the fall-through path (conditional branches
// are side exits) up to and including a jump/call/return, a branch back to its start, the start of
// another block of the region, or the first instruction it does not compile (jit/region.ts collects
// them). Inside the function the blocks are cases of a dispatch loop: a branch or jump to a block
// of the region continues there while the budget (`left`) allows; a block that branches back to its
// own start loops without the dispatch, and a block's fall-through or jump successor is laid out as
// the next case where it can be, so that reaching it falls into that case without the dispatch. The guest registers the region names live in JavaScript
// locals (`rN`), written back to the window where the function leaves (every exit breaks out to one
// write-back; the function has no `try`, so that V8 keeps them in machine registers, and a memory
// fault leaves through that exit too: jit/slow.ts) and before what reads the window itself (a
// handler call, ENTRY, RETW), and read again after what may change it (a region that starts with ENTRY and is entered
// there runs it before reading them; RETW, after which the region leaves, is not followed by a read
// or a second write-back). The Memory's pool views are locals of the function too, so V8 checks
// their maps once per call rather than once per loop iteration.
// The function handles its own zero-overhead-loop checks and exits on loop-back (on cores with the
// loop option a second function has them, compiled when a call finds LEND at the end of one of the
// region's instructions; the first, without them, hands such calls to it); it sets Cpu.jitN
// to the number of instructions it dispatched and returns the next PC. Windowed calls, ENTRY and
// RETW compile too. The region checks each higher register pane where it is first named in a block
// (again after an ENTRY's rotation, and on entering another block), and leaves an instruction it
// cannot complete (a pane not free, a window exception, the stack-limit stop) to the interpreter
// (jitN = the instructions before it, the return value its PC). Instructions with an execution
// counter (Machine.addCounter) count themselves in the region's code, and call a hook that allows it.

import type { Cpu } from '../../core/cpu';
import type { BlockFn, CompiledBlock, Handler, Insn } from '../insn';
import type { ExecutionCounter } from '../counted';
import type { MarkingPath } from '../../memory/memory';
import { jitCalleeFree, jitEntry, jitFrame, jitRetw } from './windowed';
import { catching, jitRead, jitWrite } from './slow';
import { type Region, RegionBlock, blockKey, collectRegion } from './region';
import { type ExtraRegisters, RegisterLocals, Rewritten, registerLocals } from './locals';
import type { Emitted } from './template';

export type { BlockFn, CompiledBlock } from '../insn';
export { MAX_BLOCK, MAX_REGION } from './region';
/**
 * Arrivals at a block start before it is compiled (Machine's default): compiling a region costs
 * about what interpreting some ten thousand instructions does, so code that runs a few times only
 * (start-up, printf) stays interpreted.
 */
export const HOT = 128;

const hex = (v: number) => `0x${(v >>> 0).toString(16)}`;

type Factory = (
  pool8: Uint8Array, pool16: Uint16Array, pool32: Int32Array,
  entry: typeof jitEntry, retw: typeof jitRetw, read: typeof jitRead, write: typeof jitWrite, cnt: readonly ExecutionCounter[], hf: readonly Handler[], hi: readonly Insn[], looped: BlockFn | undefined,
  calleeFree: typeof jitCalleeFree, frame: typeof jitFrame, mk: MarkingPath,
) => BlockFn;

/** Code generation state shared by the blocks of one region. */
interface Gen {
  /** The blocks by key (region.ts: blockKey). */
  readonly blocks: ReadonlyMap<number, RegionBlock>;
  /** Each block's case number in the dispatch loop by key (its position in the layout; the region's first block is 0). */
  readonly index: ReadonlyMap<number, number>;
  readonly regs: RegisterLocals;
  readonly hasLoops: boolean;
  readonly windowed: boolean;
  readonly counters: ExecutionCounter[];
  /** The code of the region's first instruction when it is an ENTRY (run in the prologue when the region is entered there). */
  readonly entersFirst: string | undefined;
}

/**
 * Leave the region after `m` instructions of the current block pass, to `to` (a JS expression): the
 * one exit sets Cpu.jitN to `dn + m`. An exit assigns constants only: V8 compiles a path that has not
 * run yet to a deoptimisation where it needs type feedback (`dn + m`, a store to `c`), and a region
 * deoptimised while it is running usually goes on in its on-stack-replacement code, which keeps the
 * locals tagged and spilled, for good.
 */
function exit(g: Gen, m: number, to: string): string {
  return `{ ret = ${to}; xn = ${m}; break region; }`;
}

/** Leave the region to `to` through its one exit, which writes the registers back; the code leaving has set Cpu.jitN. */
function leave(to: string): string {
  return `{ ret = ${to}; xn = -1; break region; }`;
}

/** A return statement. */
const RETURN = /\breturn\b/g;

/** A template's code with each `return PC;` made a `leave(PC)`: through the region's exit. */
function leaving(code: string): string {
  let out = '';
  let k = 0;
  for (const m of code.matchAll(RETURN)) {
    if (m.index! < k) continue;
    const end = code.indexOf(';', m.index!);
    if (end < 0) throw new Error(`compiled region: a return without ';' in ${code}`);
    out += `${code.slice(k, m.index)}${leave(code.slice(m.index! + m[0].length, end).trim())}`;
    k = end + 1;
  }
  return out + code.slice(k);
}

/**
 * Go on at `to` after `m` instructions of the current pass: inside the region when it holds `to` and
 * the budget allows. `fall` is how the code reaches the case that follows (`next`) when it is the
 * last statement of its block ('' or a `break` out of a self-loop): to `next` it falls into that
 * case instead of going through the dispatch.
 */
function transfer(g: Gen, m: number, to: number, next?: number, fall?: string): string {
  const t = g.blocks.get(to);
  // (hex takes a key's low 32 bits: its PC, region.ts)
  if (t === undefined) return exit(g, m, hex(to));
  const pane = g.windowed && t.pane > 0 ? ` || ${free(t)} < ${t.pane}` : '';
  const go = fall !== undefined && to === next ? fall : `at = ${g.index.get(to)}; continue dispatch;`;
  return `dn = (dn + ${m}) | 0; if (((dn + ${t.items.length}) | 0) > left${pane}) ${exit(g, 0, hex(to))} ${go}`;
}

/** The free panes above the window of `b`'s frame: the Cpu's, or in a callee the ones its ENTRY found (`wf`). */
const free = (b: RegionBlock): string => (b.frame === null ? 'c.wfree' : 'wf');

/**
 * A followed callee's ENTRY (jit/region.ts), the first instruction of its frame: the callee's stack
 * pointer into its a[s] (the region's register s + 4 × CALLINC) and no rotation — the region goes on
 * in the callee's registers, and leaves through jitFrame's rotation if it leaves inside it. When the
 * ENTRY would not complete (window checks off, a pane not free, the stack-limit stop:
 * jitCalleeFree, jitEntry's tests) the region leaves before it, in the caller's window.
 */
function calleeEntry(g: Gen, b: RegionBlock, i: Insn): string {
  const callinc = b.frame!.callinc;
  const s = i.a;
  return `{ const f = calleeFree(c, ${callinc}); const sp = (r${s} - ${i.b}) | 0; if (f < 0 || (sp >>> 0) < c.stackLimit) ${exit(g, 0, hex(i.pc))} wf = f; dp = ${callinc}; r${(callinc << 2) | s} = sp; }`;
}

/**
 * A followed callee's RETW (the last instruction of its block): when a0 holds the return address
 * its call wrote, it returns to the call's return site in the region without rotating (the ENTRY
 * found the panes between free and the caller's live, and nothing in the frame writes WINDOWSTART
 * or PS); otherwise the region leaves before it, inside the callee.
 */
function calleeReturn(g: Gen, b: RegionBlock, k: number, i: Insn): string {
  const f = b.frame!;
  const expected = ((f.callinc << 30) | (f.ret & 0x3fffffff)) | 0;
  return `if (r${f.callinc << 2} !== ${expected}) ${exit(g, k, hex(i.pc))}`;
}

/** The code of one block of the region (a case of the dispatch loop); `next`: the key of the block whose case follows. */
function blockCode(g: Gen, b: RegionBlock, next: number | undefined): string {
  const { items } = b;
  const n = items.length;
  const last = items[n - 1].e;
  const rotation = items.some((it) => it.e.kind === 'seq' && it.e.rotates === true);
  const selfLoop = !rotation && b.crossTo === null && ((last.kind === 'branch' && last.target === b.pc) || (last.kind === 'jump' && last.direct === b.pc));
  const key = (pc: number) => blockKey(pc, b.frame);
  // Panes: the entry to the block checked its first instruction's; an instruction naming a higher
  // pane than any checked so far (since the last rotation) is checked first, and when its pane is
  // not free the region leaves before it (the interpreter then takes the overflow).
  let checked = items[0].ins.chk & 7;
  const paneCheck = (i: Insn, k: number): string => {
    const p = i.chk & 7;
    if (k === 0 || p <= checked) return '';
    checked = p;
    return `if (${free(b)} < ${p}) { ${exit(g, k, hex(i.pc))} }`;
  };
  const again = `dn = (dn + ${n}) | 0; if (((dn + ${n}) | 0) <= left) continue; ${exit(g, 0, hex(b.pc))}`;
  const loopBack = (i: Insn, k: number) =>
    g.hasLoops ? `if (lend === ${hex(i.next)} && c.lcount !== 0) { c.lcount = (c.lcount - 1) >>> 0; ${exit(g, k + 1, 'c.lbeg')} }` : '';
  const count = (it: RegionBlock['items'][number]): string => {
    if (it.ins.counter === null) return '';
    g.counters[it.g] = it.ins.counter;
    return `cnt[${it.g}].count++;`;
  };
  // a counter's hook (ExecutionCounter.hookCompiles) runs before its instruction, the window written back
  const hook = (it: RegionBlock['items'][number]): string => {
    const counter = it.ins.counter;
    if (!counter?.onEnter) return '';
    g.counters[it.g] = counter;
    // in a callee the window is not the callee's: its hook takes its register (region.ts: compilable)
    if (b.frame !== null) return `cnt[${it.g}].onEnter(r${(b.frame.callinc << 2) + counter.hookArg!});`;
    return `${g.regs.flush} cnt[${it.g}].onEnter();`;
  };
  const label = `block${g.index.get(b.key)}`;
  const fall = selfLoop ? `break ${label};` : '';
  const body: string[] = [`// block ${hex(b.pc)}${b.frame !== null ? ` in frame ${b.frame.n}` : ''}`, `case ${g.index.get(b.key)}:`, selfLoop ? `${label}: for (;;) {` : '{'];
  items.forEach((it, k) => {
    const { ins: i, e } = it;
    body.push(`// ${hex(i.pc)} ${i.def?.mnemonic}`, paneCheck(i, k), hook(it));
    const code = e.kind === 'branch' ? g.regs.rewrite('') : rewrite(g, e);
    if (b.frame !== null && e.kind === 'seq' && e.rotates === true) {
      body.push(calleeEntry(g, b, i), count(it), loopBack(i, k));
      checked = -1;
    } else if (b.frame !== null && e.kind === 'jump' && e.rotates === true) {
      body.push(`{ ${calleeReturn(g, b, k, i)}`, count(it), 'dp = 0;', transfer(g, k + 1, b.crossTo!, next, fall), '}');
    } else if (e.kind === 'seq' && k === 0 && g.index.get(b.key) === 0 && g.entersFirst !== undefined) {
      // the region's first instruction, an ENTRY: run before the locals were read when the region was entered here
      body.push(`if (entered) entered = false; else { ${code.pre}${code.text}${code.post} }`, count(it), loopBack(i, k));
      checked = -1;
    } else if (e.kind === 'seq') {
      body.push(code.pre, code.text, code.post, count(it), loopBack(i, k));
      if (e.rotates === true) checked = -1;
    } else if (e.kind === 'branch') {
      const cond = g.regs.rewrite(e.cond).text;
      const taken = selfLoop && e.target === b.pc ? again : transfer(g, k + 1, key(e.target));
      body.push(count(it), `if (${cond}) { ${taken} }`, loopBack(i, k));
    } else if (e.rotates === true) {
      // RETW: the registers are written back before it and neither read nor written back after it
      // (the window is no longer the one the locals belong to): it returns past the region's exit
      body.push(`{ ${code.pre}${code.text}`, count(it), `c.jitN = dn + ${k + 1}; return ${e.to};`, '}');
    } else {
      // a call inside a callee that the region does not follow leaves (its target's blocks in the frame
      // are the callee's own, entered through the region's call)
      const inFrameCall = b.frame !== null && i.def?.flow === 'call';
      const direct = b.crossTo ?? (e.direct !== null && !inFrameCall ? key(e.direct) : null);
      const to = selfLoop ? again : direct !== null ? transfer(g, k + 1, direct, next, fall) : exit(g, k + 1, e.to);
      body.push(`{ ${code.pre}${code.text}${code.post}`, count(it), to, '}');
    }
  });
  if (last.kind !== 'jump') body.push(transfer(g, n, key(b.fallTo), next, fall));
  body.push('}');
  return passCounts(body.filter((l) => l).join('\n'), items[0].g);
}

/** A template's code with its registers as locals and its returns through the region's exit. */
function rewrite(g: Gen, e: Exclude<Emitted, { kind: 'branch' }>): Rewritten {
  const r = e.kind === 'seq' ? g.regs.rewrite(e.code, e.window) : g.regs.rewrite(e.code);
  return { pre: r.pre, text: leaving(r.text), post: r.post };
}

/**
 * The templates' `done + K` (the count of instructions dispatched before instruction K, K the
 * region-wide index; they read it on their slow and fault paths) written out as this pass's `dn`
 * plus K less `first`, the block's first index: computed where it is read, so that no value is kept
 * live across the block for it.
 */
function passCounts(code: string, first: number): string {
  const out = code.replace(/\bdone \+ (\d+)/g, (_, k: string) => `((dn + ${Number(k) - first}) | 0)`);
  if (/\bdone\b/.test(out)) throw new Error('compiled region: a template reads `done` other than as `done + K`');
  return out;
}

/** The source of the region's function named `name` (the factory's body), `prologue` first. */
function regionSource(g: Gen, order: readonly RegionBlock[], name: string, prologue: string): string {
  const cases = order.map((b, k) => blockCode(g, b, order[k + 1]?.key));
  const frames = order.some((b) => b.frame !== null);
  const body = [
    prologue,
    // int32 arithmetic on the counts (`| 0`): V8 then needs no overflow or Smi checks on them
    'left |= 0;',
    'at |= 0;',
    // the window moves on a rotation (ENTRY, RETW): their code points `a` at the new one
    'let a = c.a;',
    // a region that starts with ENTRY and is entered there runs it before reading the locals (which
    // it would otherwise write back and read again around it)
    g.entersFirst !== undefined ? `let entered = false; if (at === 0) { const done = 0; ${g.entersFirst} entered = true; }` : '',
    g.hasLoops ? 'const lend = c.lendActive;' : '',
    g.regs.declare,
    // locals: V8 then checks the views' maps once per call, not in every loop iteration
    'const m8 = pool8, m16 = pool16, m32 = pool32;',
    'const mkStore = mk.store32;',
    'let dn = 0;',
    // every exit of the blocks sets `ret` (and `xn`, -1 when its code has set c.jitN) and breaks out of `region` to the one write-back
    'let ret = 0, xn = -1;',
    // in a followed callee (region.ts): its CALLINC (0 outside) and the free panes above its window
    frames ? 'let dp = 0, wf = 0;' : '',
    'region: {',
    'dispatch: for (;;) {',
    'switch (at) {',
    ...cases,
    "default: throw new Error('compiled region: no block ' + at);",
    '}',
    '}',
    '}',
    'if (xn >= 0) c.jitN = (dn + xn) | 0;',
    g.regs.flush,
    // leaving inside a callee: the window its ENTRY would have moved to, now that its registers are back
    // (called on every exit, so that V8 has its call's feedback before the first exit inside a callee)
    frames ? 'frame(c, dp);' : '',
    'return ret;',
  ];
  return `"use strict"; return function ${name}(c, left, at) {\n${body.filter((l) => l).join('\n')}\n};`;
}

/**
 * The blocks in the order of their cases: the region's first block first, and each block's
 * successor (where it falls through or jumps to) right after it when it is not placed yet, so that
 * the transfer falls into the next case.
 */
function layout(region: Region): RegionBlock[] {
  const placed = new Set<number>();
  const out: RegionBlock[] = [];
  for (const start of region.order) {
    let b: RegionBlock | undefined = start;
    while (b !== undefined && !placed.has(b.key)) {
      placed.add(b.key);
      out.push(b);
      const last = b.items[b.items.length - 1].e;
      const succ = b.crossTo ?? (last.kind === 'jump' ? (last.direct === null ? -1 : blockKey(last.direct, b.frame)) : blockKey(b.fallTo, b.frame));
      b = region.blocks.get(succ);
    }
  }
  return out;
}

const serials = new WeakMap<object, number>();
let lastSerial = 0;

/**
 * A number of the Cpu's own, or of its family's (MachineOptions.jitFamily), part of each region
 * function's name. V8 shares what it learnt about a function (its optimised and on-stack-replacement
 * code, its deoptimisations) between functions of the same source: machines run one after another
 * otherwise ran in code another machine had left behind (compiled for other pool views, or
 * deoptimised) — a second machine in one process ran compute.c at about half the first's rate —
 * while the cores of one device, run side by side on one image, gain from sharing it: each compiles
 * once for all (8 cores of the multicore ReLU, 46 M instructions: 1.43 -> 1.21 s).
 */
function cpuSerial(c: Cpu): number {
  const key = c.jitFamily ?? c;
  let n = serials.get(key);
  if (n === undefined) serials.set(key, (n = ++lastSerial));
  return n;
}

/** A compiled region: an entry for the start of each of its blocks, the one it was compiled from first. */
export interface CompiledEntry {
  readonly ins: Insn;
  readonly blk: CompiledBlock;
}

/**
 * Compiles the region starting at `first`; `next(i)` gives the decoded fall-through successor and
 * `at(pc)` the decoded instruction at a branch target. Returns its entries (every block start of the
 * region, so that the run loop enters one function wherever it arrives in the region instead of
 * compiling overlapping ones), none when not even the first instruction compiles.
 */
export function compileRegion(c: Cpu, first: Insn, next: (i: Insn) => Insn, at: (pc: number) => Insn): CompiledEntry[] {
  let region = collectRegion(c, first, next, at);
  if (region === null) return [];
  let regs = localsOf(region);
  if (regs.declare === '' && region.order.some((b) => b.frame !== null)) {
    // a callee's registers must be locals (a branch reaching the window opaquely rules them out)
    region = collectRegion(c, first, next, at, false)!;
    regs = localsOf(region);
  }
  const all = region.order.flatMap((b) => b.items);
  const cases = layout(region);
  const index = new Map(cases.map((b, k) => [b.key, k]));
  const e0 = region.order[0].items[0].e;
  // (not when a hook must run before it)
  const entersFirst = e0.kind === 'seq' && e0.rotates === true && !region.order[0].items[0].ins.counter?.onEnter ? e0.code : undefined;
  const gen = (loops: boolean): Gen => ({ blocks: region.blocks, index, regs, hasLoops: loops, windowed: c.windowed, counters: [], entersFirst });
  const m = c.mem;
  const hf = all.map((it) => (it.e.kind === 'seq' && it.e.throws === true ? catching(it.ins.inner) : it.ins.inner));
  const hi = all.map((it) => it.ins);
  const make = (g: Gen, prologue: string, looped?: BlockFn): BlockFn => {
    const src = regionSource(g, cases, `region_${first.pc.toString(16)}${g.hasLoops ? '_loops' : ''}_${cpuSerial(c)}`, prologue);
    const factory = new Function('pool8', 'pool16', 'pool32', 'jitEntry', 'jitRetw', 'jitRead', 'jitWrite', 'cnt', 'hf', 'hi', 'looped', 'calleeFree', 'frame', 'mk', src) as Factory;
    return factory(m.pool8, m.pool16, m.pool32, jitEntry, jitRetw, jitRead, jitWrite, g.counters, hf, hi, looped, jitCalleeFree, jitFrame, m.markingPath());
  };
  c.jitCompiled++;
  let fn: BlockFn;
  if (!c.hasLoops) fn = make(gen(false), '');
  else {
    // The zero-overhead-loop check after every instruction is needed only while LEND is the end of
    // one of them: the function without checks hands such a call to the one with them (compiled on
    // first use).
    const nexts = all.map((it) => it.ins.next >>> 0);
    const lo = Math.min(...nexts);
    const span = Math.max(...nexts) - lo;
    let checked: BlockFn | undefined;
    const looped: BlockFn = (cpu, left, at) => (checked ??= make(gen(true), ''))(cpu, left, at);
    fn = make(gen(false), `if (((c.lendActive - ${lo}) >>> 0) <= ${span}) return looped(c, left, at);`, looped);
  }
  const pcs = all.map((it) => it.ins.pc);
  const runs = { calls: 0, insns: 0 };
  // a callee's blocks run in registers renamed for the call: the run loop never enters them
  return region.order
    .filter((b) => b.frame === null)
    .map((b) => ({
      ins: b.items[0].ins,
      blk: { pc: b.pc, at: index.get(b.key)!, n: b.items.length, pane: b.pane, pcs, fn, runs, exitPc0: -1, exitIns0: null, exitPc1: -1, exitIns1: null },
    }));
}

/**
 * The registers a region's callee frames name outside their templates: an ENTRY reads the caller's
 * a[s] and assigns the callee's, a RETW reads the callee's a0, a hook reads its argument (calleeEntry,
 * calleeReturn, hook).
 */
function frameRegisters(region: Region): ExtraRegisters {
  const read: number[] = [];
  const written: number[] = [];
  for (const b of region.order) {
    if (b.frame === null) continue;
    const d = b.frame.callinc << 2;
    for (const it of b.items) {
      if (it.e.kind === 'seq' && it.e.rotates === true) {
        read.push(it.ins.a);
        written.push(d + it.ins.a);
      } else if (it.e.kind === 'jump' && it.e.rotates === true) read.push(d);
      const arg = it.ins.counter?.onEnter ? it.ins.counter.hookArg : undefined;
      if (arg !== undefined) read.push(d + arg);
    }
  }
  return { read, written };
}

/** The register locals of `region`: its instructions' and its callee frames'. */
function localsOf(region: Region): RegisterLocals {
  return registerLocals(region.order.flatMap((b) => b.items.map((it) => it.e)), frameRegisters(region));
}
