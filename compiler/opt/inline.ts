// -O1, IR → IR: calls to small functions of the same module are replaced by a copy of the callee's
// body (its blocks, slots and registers renamed into the caller). Callees are optimised first
// (bottom-up), so the size test sees their optimised form; a function never inlines itself or a
// function of its own call cycle.
//
// Debug information: at -O2 (`inlinedScopes`) the inlined code of a function of the caller's own file
// is a scope of the caller that the DWARF writer describes as a DW_TAG_inlined_subroutine, holding the
// callee's parameters and locals (renamed like its code). Instructions of a callee from the
// caller's own source file keep their lines (stepping shows the callee's lines); a callee from another
// file (an SDK header) takes the call's position and its statement marks are dropped, so stepping in
// user code steps over it like over a call. The callee's lexical-scope marks are dropped.

import type { Address, Block, Func, Instr, Slot, SourcePos, Terminator, VReg } from '../ir/ir';

/** Largest callee inlined: instructions other than statement and scope marks. */
export const INLINE_MAX_INSTRS = 100;
/** A caller stops inlining when it has grown past this many instructions. */
export const INLINE_MAX_CALLER = 3000;

/** How far inlining goes: the largest callee and the caller size past which it stops. */
export interface InlineLimits {
  readonly callee: number;
  readonly caller: number;
  /**
   * The most stack-slot bytes (local arrays and objects) a callee may bring into its caller's frame,
   * if any limit: inlined slots are not shared between calls, and the device stack is 8 KiB by default,
   * so inlining a callee with big local buffers at several call sites can overflow a stack the calls fit.
   */
  readonly calleeFrame?: number;
  /**
   * Whether an inlined call of a function of the caller's own file becomes a scope of the caller
   * (`DebugScope.inlined`: the debugger's DW_TAG_inlined_subroutine), from just before the callee's
   * code to the continuation.
   */
  readonly inlinedScopes?: boolean;
}

/** -O1's limits and -O2's (which inline the SDK accessor chain — operator[], the element proxy,
 *  the enforcer's acquire/release — whole into the kernel loop). */
export const INLINE_LIMITS: Readonly<Record<1 | 2, InlineLimits>> = {
  1: { callee: INLINE_MAX_INSTRS, caller: INLINE_MAX_CALLER },
  2: { callee: 400, caller: 12000, calleeFrame: 64, inlinedScopes: true },
};

/** The bytes of `f`'s stack slots. */
function slotBytes(f: Func): number {
  let n = 0;
  for (const s of f.slots) n += s.size;
  return n;
}

export function instrCount(f: Func): number {
  let n = 0;
  for (const b of f.blocks) for (const i of b.instrs) if (i.op !== 'stmt' && i.op !== 'scope') n++;
  return n;
}

/** Whether `callee` may be inlined into `caller` at this call. */
function fits(caller: Func, callee: Func, call: Extract<Instr, { op: 'call' }>): boolean {
  if (callee.symbol === caller.symbol) return false;
  if (call.args.length !== callee.params.length) return false;
  if (call.args.some((a, k) => a.type !== callee.params[k].type)) return false;
  if (call.dst && call.dst.type !== callee.ret) return false;
  for (const b of callee.blocks) {
    if (b.term?.op === 'ret' && call.dst && !b.term.value) return false;
    for (const i of b.instrs) if (i.op === 'call' && i.callee === callee.symbol) return false;
  }
  return true;
}

interface Cloner {
  reg(v: VReg): VReg;
  slot(s: Slot): Slot;
  block(b: Block): Block;
}

function makeCloner(caller: Func, callee: Func, blockIds: { next: number }): Cloner {
  const regs = new Map<number, VReg>();
  const slots = new Map<Slot, Slot>();
  const blocks = new Map<Block, Block>();
  let slotId = Math.max(-1, ...caller.slots.map((s) => s.id)) + 1;
  return {
    reg: (v) => {
      let r = regs.get(v.id);
      if (!r) regs.set(v.id, (r = { id: caller.nextVReg++, type: v.type }));
      if (callee.promoted?.has(v.id)) (caller.promoted ??= new Set()).add(r.id);
      return r;
    },
    slot: (s) => {
      let r = slots.get(s);
      if (!r) {
        r = { id: slotId++, size: s.size, align: s.align, name: s.name };
        slots.set(s, r);
        caller.slots.push(r);
      }
      return r;
    },
    block: (b) => {
      let r = blocks.get(b);
      if (!r) blocks.set(b, (r = { id: blockIds.next++, instrs: [] }));
      return r;
    },
  };
}

function cloneAddr(a: Address, c: Cloner): Address {
  if (a.kind === 'slot') return { ...a, slot: c.slot(a.slot) };
  if (a.kind === 'reg') return { ...a, base: c.reg(a.base) };
  return a;
}

function cloneInstr(i: Instr, c: Cloner, pos: SourcePos | undefined): Instr {
  const r = c.reg;
  switch (i.op) {
    case 'const': return { ...i, dst: r(i.dst), pos };
    case 'addr': return { ...i, dst: r(i.dst), addr: cloneAddr(i.addr, c), pos };
    case 'load': return { ...i, dst: r(i.dst), addr: cloneAddr(i.addr, c), pos };
    case 'store': return { ...i, src: r(i.src), addr: cloneAddr(i.addr, c), pos };
    case 'bin': case 'cmp': return { ...i, dst: r(i.dst), a: r(i.a), b: r(i.b), pos };
    case 'un': case 'conv': case 'copy': return { ...i, dst: r(i.dst), a: r(i.a), pos };
    case 'call': return { ...i, dst: i.dst && r(i.dst), args: i.args.map(r), callee: typeof i.callee === 'string' ? i.callee : r(i.callee), pos };
    case 'memcpy': return { ...i, dst: cloneAddr(i.dst, c), src: cloneAddr(i.src, c), pos };
    case 'memzero': return { ...i, dst: cloneAddr(i.dst, c), pos };
    case 'vop': return { ...i, dst: i.dst && r(i.dst), args: i.args.map((a) => ('use' in a ? { use: r(a.use) } : 'mem' in a ? { ...a, mem: cloneAddr(a.mem, c) } : a)), pos };
    default: return { ...i, pos };
  }
}

/**
 * Replaces the call at `caller.blocks[bi].instrs[ii]` by the callee's body; returns the blocks added
 * (the callee's, then the continuation holding the rest of the calling block).
 */
function inlineAt(caller: Func, bi: number, ii: number, callee: Func, blockIds: { next: number }, scopes: boolean, describe: (file: string) => boolean): Block[] {
  const block = caller.blocks[bi];
  const call = block.instrs[ii] as Extract<Instr, { op: 'call' }>;
  const site = call.pos;
  const sameFile = !!site && callee.pos.file === site.file;
  const c = makeCloner(caller, callee, blockIds);
  const scope = scopes && sameFile && site ? inlinedScope(caller, bi, ii, callee, site) : undefined;
  const cont: Block = { id: blockIds.next++, instrs: block.instrs.slice(ii + 1), term: block.term };
  if (scope !== undefined) cont.instrs.unshift({ op: 'scope', id: scope, begin: false });
  const rest = block.instrs.slice(0, ii);
  callee.params.forEach((p, k) => rest.push({ op: 'copy', dst: c.reg(p), a: call.args[k], pos: site }));
  if (scope !== undefined) rest.push({ op: 'scope', id: scope, begin: true });
  block.instrs.splice(0, block.instrs.length, ...rest);
  block.term = { op: 'jump', target: c.block(callee.blocks[0]), pos: site };
  const added: Block[] = [];
  for (const b of callee.blocks) {
    const nb = c.block(b);
    for (const i of b.instrs) {
      if (i.op === 'scope' || (i.op === 'stmt' && !sameFile)) continue;
      nb.instrs.push(cloneInstr(i, c, sameFile ? i.pos : site));
    }
    nb.term = cloneTerm(b.term, c, call.dst, cont, sameFile ? b.term?.pos : site, nb);
    added.push(nb);
  }
  added.push(cont);
  if (scope !== undefined && describe(site!.file)) describeCalleeVariables(caller, callee, c, scope);
  return added;
}

/**
 * The callee's parameters and locals as variables of the inlined call's scope (the debugger shows them
 * in the inlined frame): renamed like its code; those of calls the callee itself inlined are left out
 * (one level of inlined scopes is described).
 */
function describeCalleeVariables(caller: Func, callee: Func, c: Cloner, scope: number): void {
  const parent = new Map(callee.debugScopes.map((s) => [s.id, s]));
  const insideInlined = (id: number): boolean => {
    for (let s = parent.get(id); s; s = s.parent === undefined ? undefined : parent.get(s.parent)) if (s.inlined) return true;
    return false;
  };
  for (const v of callee.debugVars) {
    if (insideInlined(v.scope)) continue;
    // a promoted variable's slot is not in the code: it stays the callee's (the writer reads the register)
    caller.debugVars.push({ ...v, slot: v.vreg ? v.slot : c.slot(v.slot), ...(v.vreg ? { vreg: c.reg(v.vreg) } : {}), scope });
  }
}

function cloneTerm(t: Terminator | undefined, c: Cloner, dst: VReg | undefined, cont: Block, pos: SourcePos | undefined, into: Block): Terminator {
  if (t?.op === 'jump') return { op: 'jump', target: c.block(t.target), pos };
  if (t?.op === 'branch') return { op: 'branch', cond: c.reg(t.cond), then: c.block(t.then), else: c.block(t.else), pos };
  if (t?.op === 'ret' && t.value && dst) into.instrs.push({ op: 'copy', dst, a: c.reg(t.value), pos });
  return { op: 'jump', target: cont, pos };
}

/** A function ready to be inlined: the body to copy and its size once optimised. */
export interface InlineCandidate {
  readonly body: Func;
  readonly size: number;
}

/**
 * A copy of `f`'s blocks (instructions are immutable; blocks, their lists and terminators are not),
 * taken after its own calls were inlined and before its objects were split into fields: inlined
 * there, the caller splits them with its own view of the fields.
 */
export function snapshot(f: Func): Func {
  const map = new Map<Block, Block>(f.blocks.map((b) => [b, { id: b.id, instrs: [...b.instrs] }]));
  for (const b of f.blocks) {
    const t = b.term;
    const nb = map.get(b)!;
    if (t?.op === 'jump') nb.term = { ...t, target: map.get(t.target)! };
    else if (t?.op === 'branch') nb.term = { ...t, then: map.get(t.then)!, else: map.get(t.else)! };
    else nb.term = t;
  }
  return { ...f, blocks: f.blocks.map((b) => map.get(b)!), slots: [...f.slots], promoted: new Set(f.promoted ?? []) };
}

/**
 * A new scope of `caller` for the call at instruction `ii` of block `bi`, inside the innermost
 * lexical scope open there (the scope marks of the blocks before it, in block order, which is still
 * the order lowering wrote them in).
 */
function inlinedScope(caller: Func, bi: number, ii: number, callee: Func, call: SourcePos): number {
  const open: number[] = [];
  caller.blocks.slice(0, bi + 1).forEach((b, k) => {
    for (const i of k === bi ? b.instrs.slice(0, ii) : b.instrs) {
      if (i.op !== 'scope') continue;
      if (i.begin) open.push(i.id);
      else if (open[open.length - 1] === i.id) open.pop();
    }
  });
  if (!caller.debugScopes.length) caller.debugScopes.push({ id: 0 });
  const id = caller.debugScopes.length;
  const inlined = { symbol: callee.symbol, displayName: callee.displayName, decl: callee.decl, pos: callee.pos, call };
  caller.debugScopes.push({ id, parent: open[open.length - 1] ?? 0, inlined });
  return id;
}

/** Inlines the calls of `f` to functions that `ready` accepts; returns how many. */
export function inlineCalls(f: Func, ready: (symbol: string) => InlineCandidate | undefined, limits: InlineLimits = INLINE_LIMITS[1], describe: (file: string) => boolean = () => true): number {
  const blockIds = { next: Math.max(...f.blocks.map((b) => b.id)) + 1 };
  let count = 0;
  let size = instrCount(f);
  for (let bi = 0; bi < f.blocks.length; bi++) {
    const b = f.blocks[bi];
    for (let ii = 0; ii < b.instrs.length; ii++) {
      const i = b.instrs[ii];
      if (i.op !== 'call' || typeof i.callee !== 'string') continue;
      const c = ready(i.callee);
      if (!c || c.size > limits.callee || !fits(f, c.body, i) || size > limits.caller) continue;
      if (limits.calleeFrame !== undefined && slotBytes(c.body) > limits.calleeFrame) continue;
      const added = inlineAt(f, bi, ii, c.body, blockIds, limits.inlinedScopes === true, describe);
      f.blocks.splice(bi + 1, 0, ...added);
      size += c.size;
      count++;
      // continue in the continuation block (the callee's own calls were already considered)
      bi += added.length - 1;
      break;
    }
  }
  return count;
}
