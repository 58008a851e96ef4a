// The IVP vector unit in the back end. Values of the unit's register files (vec, wvec, vbool,
// valign) live in their frame homes (64-byte aligned: a frame that holds any is realigned on entry,
// frame.ts) at every level; an instruction fills its operands into registers of their files,
// executes, and spills its result home. Vectors move with the aligned `_I` load and store; the other
// files with the table's spill/fill rows (ivp_lvw/ivp_svw, ivp_lvalign/ivp_svalign,
// ivp_lvbool/ivp_svbool).
//
// At -O1/-O2 a register remembers whose value it holds (filled from or spilled to that home) until a
// label, a call or another write: an operand already in a register is read there instead of filled
// again (within a basic block). Temporaries planned as register-only skip their spill, and pinned
// vectors live in v24..v31 (predicates in vb12..vb15) across blocks and loops, their homes written
// only around calls (vector-homes.ts); a value moves between two registers of its file with the
// file's move (MOVVV, or the project's MOVWW/MOVBB/MOVUU).
//
// Calls (this compiler's ABI, docs/ivp-encoding.md): vector-file arguments travel in their own
// files, in order per file starting at register 0 (v0.., wv0.., vb0.., u0..); a result comes back in
// register 0 of its file; every register of the unit is caller-saved (a call may change any).

import type { Address, Instr, MemType, VectorValueType, VopArg, VReg } from '../ir/ir';
import { isVectorValue } from '../ir/ir';
import { Unsupported } from '../lower/errors';
import { INSN_BY_MNEMONIC } from '../../xtensa/isa';
import { addConstant } from './access';
import type { EmitContext } from './emit-context';

export const FILE_PREFIX: Record<VectorValueType, string> = { vec: 'v', wvec: 'wv', vbool: 'vb', valign: 'u' };
/** Registers per file usable for arguments and scratch. */
const FILE_SIZE: Record<VectorValueType, number> = { vec: 32, wvec: 4, vbool: 16, valign: 4 };

/** The register `n` of a file: v3, wv1, vb0, u2. */
export const fileReg = (file: VectorValueType, n: number): string => `${FILE_PREFIX[file]}${n}`;

/** The file of a register name (v3 → vec, wv1 → wvec, vb0 → vbool, u2 → valign). */
const fileOf = (reg: string): VectorValueType => (reg.startsWith('wv') ? 'wvec' : reg.startsWith('vb') ? 'vbool' : reg.startsWith('u') ? 'valign' : 'vec');

/** The register-to-register move of each file (MOVVV; the others are the project's rows, docs/ivp-encoding.md). */
const MOVE: Record<VectorValueType, string> = { vec: 'ivp_movvv', wvec: 'ivp_movww', vbool: 'ivp_movbb', valign: 'ivp_movuu' };

/** `dst = src`, two registers of one file. */
const moveReg = (ctx: EmitContext, dst: string, src: string): void => ctx.w.insn(`${MOVE[fileOf(dst)]}\t${dst}, ${src}`);

/** `op reg, [addrReg]` — a whole register of `file` to or from memory at the address in addrReg. */
function moveInsn(file: VectorValueType, load: boolean, reg: string, addrReg: string, offset: number): string {
  switch (file) {
    case 'vec': return `${load ? 'ivp_lvn_2x32_i' : 'ivp_svn_2x32_i'}\t${reg}, ${addrReg}, ${offset}`;
    case 'wvec': return `${load ? 'ivp_lvw' : 'ivp_svw'}\t${reg}, ${addrReg}`;
    case 'valign': return `${load ? 'ivp_lvalign' : 'ivp_svalign'}\t${reg}, ${addrReg}`;
    case 'vbool': return `${load ? 'ivp_lvbool' : 'ivp_svbool'}\t${reg}, ${addrReg}`;
  }
}

/** Per function being emitted: vector temporaries that live only in a register (vector-homes.ts). */
const registerOnly = new WeakMap<EmitContext, Set<number>>();

/** Per function being emitted: vectors pinned to a register for the whole function (vector-homes.ts). */
const pinned = new WeakMap<EmitContext, Map<number, string>>();

/** Per function being emitted: the pinned vectors needed after each instruction, and the instruction being emitted. */
const liveAfter = new WeakMap<EmitContext, { readonly after: Map<Instr, Set<number>>; current?: Instr }>();

/** Per function being emitted: pinned vectors written once, whose write stores the home too. */
const storedAtDef = new WeakMap<EmitContext, Set<number>>();

/** Notes the temporaries of the function `ctx` emits that need no home and the pinned vectors (-O1/-O2). */
export function planVectorHomes(ctx: EmitContext, ids: Set<number>, pins: Map<number, string>, after: Map<Instr, Set<number>>, once: Set<number>): void {
  registerOnly.set(ctx, ids);
  pinned.set(ctx, pins);
  liveAfter.set(ctx, { after });
  storedAtDef.set(ctx, once);
}

/** The instruction the function emitter is about to emit (a call in it keeps only the pins still needed). */
export function emittingInstr(ctx: EmitContext, i: Instr | undefined): void {
  const l = liveAfter.get(ctx);
  if (l) l.current = i;
}

/** The pinned vectors a call in the current instruction must keep: those needed after it (all, if unknown). */
function pinsAcrossCall(ctx: EmitContext): [number, string][] {
  const l = liveAfter.get(ctx);
  const live = l?.current && l.after.get(l.current);
  return [...(pinned.get(ctx) ?? [])].filter(([id]) => !live || live.has(id));
}

/** Before a call (ahead of its arguments): the pinned vectors still needed after it stored into their homes. */
export function savePinned(ctx: EmitContext): void {
  if (!ctx.optimized) return;
  const once = storedAtDef.get(ctx);
  for (const [id, reg] of pinsAcrossCall(ctx)) {
    const home = ctx.frame.homes.get(id);
    if (home !== undefined && !once?.has(id)) transfer(ctx, fileOf(reg), false, reg, 'a1', home, 'a15');
  }
}

/** After a call: those pinned vectors back into their registers from their homes. */
export function reloadPinned(ctx: EmitContext): void {
  if (!ctx.optimized) return;
  for (const [id, reg] of pinsAcrossCall(ctx)) {
    const home = ctx.frame.homes.get(id);
    if (home !== undefined) transfer(ctx, fileOf(reg), true, reg, 'a1', home, 'a15');
  }
}

const pinOf = (ctx: EmitContext, v: VReg): string | undefined => (ctx.optimized ? pinned.get(ctx)?.get(v.id) : undefined);

/** The vreg whose value each register holds (and since which line), per function being emitted. */
const held = new WeakMap<EmitContext, Map<string, { id: number; line: number }>>();

function heldBy(ctx: EmitContext): Map<string, { id: number; line: number }> {
  let m = held.get(ctx);
  if (!m) held.set(ctx, (m = new Map()));
  return m;
}

/** Register `reg` now holds something else than a known value. */
function clobber(ctx: EmitContext, reg: string): void {
  held.get(ctx)?.delete(reg);
}

/** No register but v's pin holds v's (new) value. */
function forget(ctx: EmitContext, v: VReg): void {
  const m = held.get(ctx);
  if (m) for (const [r, h] of m) if (h.id === v.id) m.delete(r);
}

/** Register `reg` holds v's value (v's home was just loaded or stored). */
function holds(ctx: EmitContext, reg: string, v: VReg, stored: boolean): void {
  const m = heldBy(ctx);
  if (stored) for (const [r, h] of m) if (h.id === v.id) m.delete(r);
  m.set(reg, { id: v.id, line: ctx.w.lineCount });
}

/** A register of v's file holding v's value with no label or call since (-O1/-O2 only). */
function registerHolding(ctx: EmitContext, v: VReg): string | undefined {
  if (!ctx.optimized) return undefined;
  const pin = pinOf(ctx, v);
  if (pin) return pin;
  const m = held.get(ctx);
  if (!m) return undefined;
  for (const [r, h] of m) {
    if (h.id !== v.id) continue;
    if (ctx.w.joinedSince(h.line)) m.delete(r);
    else return r;
  }
  return undefined;
}

/** Moves register `reg` of `file` from or to `base + offset` (through `scratch` when needed). */
function transfer(ctx: EmitContext, file: VectorValueType, load: boolean, reg: string, base: string, offset: number, scratch: string): void {
  if (file === 'vec' && offset % 64 === 0 && offset >= -1024 && offset <= 960) {
    ctx.w.insn(moveInsn(file, load, reg, base, offset));
    return;
  }
  addConstant(ctx.w, scratch, base, offset, scratch === base ? 'a14' : scratch);
  ctx.w.insn(moveInsn(file, load, reg, scratch, 0));
}

/** Fills register `reg` with v's value from its frame home. */
export function fill(ctx: EmitContext, reg: string, v: VReg, scratch = 'a15'): void {
  const at = registerHolding(ctx, v);
  if (at === reg) return;
  if (registerOnly.get(ctx)?.has(v.id) || (at && at === pinOf(ctx, v))) {
    if (!at) throw new Error(`internal: vector v${v.id} lives in a register but none holds it`);
    moveReg(ctx, reg, at);
    holds(ctx, reg, v, false);
    return;
  }
  transfer(ctx, v.type as VectorValueType, true, reg, 'a1', homeOf(ctx, v), scratch);
  holds(ctx, reg, v, false);
}

/** Spills register `reg` into v's frame home. */
export function spill(ctx: EmitContext, reg: string, v: VReg, scratch = 'a15'): void {
  const pin = pinOf(ctx, v);
  // moved into its pin, v is found there; `reg` keeps whatever else it was known to hold
  const record = () => (pin && pin !== reg ? forget(ctx, v) : holds(ctx, reg, v, true));
  if (pin && pin !== reg) moveReg(ctx, pin, reg);
  if ((pin && !storedAtDef.get(ctx)?.has(v.id)) || (registerOnly.get(ctx)?.has(v.id) && ctx.optimized)) {
    record();
    return;
  }
  transfer(ctx, v.type as VectorValueType, false, reg, 'a1', homeOf(ctx, v), scratch);
  record();
}

function homeOf(ctx: EmitContext, v: VReg): number {
  const h = ctx.frame.homes.get(v.id);
  if (h === undefined) throw new Error(`internal: vector v${v.id} has no home`);
  return h;
}

/** `addressInto(reg, a)` of the function emitter: the address a memory operand denotes. */
export type AddressInto = (reg: string, a: Address) => void;

/** A load or store of a vector-file value at an address (a vector through a pointer, a local's slot). */
export function emitVectorMemory(ctx: EmitContext, load: boolean, v: VReg, a: Address, mem: MemType, addressInto: AddressInto): void {
  const file = mem as VectorValueType;
  const reg = fileReg(file, 0);
  if (!load) fill(ctx, reg, v);
  addressInto('a10', a);
  if (load) clobber(ctx, reg);
  ctx.w.insn(moveInsn(file, load, reg, 'a10', 0));
  if (load) spill(ctx, reg, v);
}

/** A copy between two homes of one file. */
export function emitVectorCopy(ctx: EmitContext, dst: VReg, src: VReg): void {
  const reg = fileReg(dst.type as VectorValueType, 0);
  fill(ctx, reg, src);
  spill(ctx, reg, dst);
}

/** Address registers for the operands of one vector instruction (a14/a15 stay free for home offsets). */
const OPERAND_ARS = ['a8', 'a9', 'a10', 'a11', 'a12', 'a13'];

/** One instruction of the unit: operands filled, the row emitted, results spilled or stored back. */
export function emitVop(ctx: EmitContext, i: Extract<Instr, { op: 'vop' }>, addressInto: AddressInto): void {
  const next: Record<VectorValueType, number> = { vec: 0, wvec: 0, vbool: 0, valign: 0 };
  const ars = [...OPERAND_ARS];
  const takeAr = (): string => {
    const r = ars.shift();
    if (!r) throw new Unsupported(`internal: ${i.mnemonic} has too many address-register operands`);
    return r;
  };
  // registers read or written by this instruction (a cached operand keeps its register)
  const claimed = new Set<string>();
  const take = (file: VectorValueType): string => {
    for (;;) {
      const n = next[file]++;
      if (n >= FILE_SIZE[file]) throw new Unsupported(`internal: ${i.mnemonic} has too many ${file} operands`);
      const r = fileReg(file, n);
      if (claimed.has(r)) continue;
      claimed.add(r);
      return r;
    }
  };
  const after: (() => void)[] = [];
  const text: string[] = [];
  let dstAr: string | undefined;
  // a register quad (the quad MACs' vqB operand): four `use` arguments in v4m..v4m+3, named by v4m
  const quadAt = quadOperandIndex(i.mnemonic, i.dst !== undefined);
  const cached = quadAt < 0 ? (v: VReg): string | undefined => {
    const r = registerHolding(ctx, v);
    if (r) claimed.add(r);
    return r;
  } : () => undefined;
  // registers already holding operands are claimed before any register is taken for the others
  for (const a of i.args) if ('use' in a && isVectorValue(a.use.type)) cached(a.use);
  // the register of the result; with `tied`, also the operand whose old value it replaces
  let dstReg: string | undefined;
  if (i.dst) {
    if (isVectorValue(i.dst.type)) {
      const pin = pinOf(ctx, i.dst);
      const r = pin ?? tiedInPlace(ctx, i) ?? take(i.dst.type);
      claimed.add(r);
      if (i.tied === undefined) text.push(r);
      dstReg = r;
      const d = i.dst;
      after.push(() => spill(ctx, r, d));
    } else {
      dstAr = takeAr();
      text.push(dstAr);
    }
  }
  for (let k = 0; k < i.args.length; k++) {
    const a = i.args[k];
    if (k === i.tied && dstReg && 'use' in a) {
      // the old value into the result's register, which the row then updates
      fill(ctx, dstReg, a.use);
      clobber(ctx, dstReg);
      text.push(dstReg);
      continue;
    }
    if (k !== quadAt) {
      text.push(operand(ctx, i.args[k], take, takeAr, after, addressInto, cached));
      continue;
    }
    const first = Math.ceil(next.vec / 4) * 4;
    next.vec = first + 4;
    if (next.vec > FILE_SIZE.vec) throw new Unsupported(`internal: ${i.mnemonic} has too many vec operands`);
    for (let j = 0; j < 4; j++) {
      const a = i.args[k + j];
      clobber(ctx, fileReg('vec', first + j));
      if (!a || !('use' in a) || a.use.type !== 'vec') throw new Unsupported(`internal: ${i.mnemonic} needs four vectors for its quad operand`);
      fill(ctx, fileReg('vec', first + j), a.use);
    }
    text.push(fileReg('vec', first));
    k += 3;
  }
  ctx.w.insn(`${i.mnemonic}\t${text.join(', ')}`);
  if (i.dst && dstAr) ctx.st(dstAr, i.dst);
  for (const f of after) f();
}

/**
 * A `tied` instruction's register for its result: the one already holding the operand it updates,
 * unless that is the operand's pinned register (which must keep the old value).
 */
function tiedInPlace(ctx: EmitContext, i: Extract<Instr, { op: 'vop' }>): string | undefined {
  const a = i.tied === undefined ? undefined : i.args[i.tied];
  if (!a || !('use' in a)) return undefined;
  const at = registerHolding(ctx, a.use);
  return at && at !== pinOf(ctx, a.use) ? at : undefined;
}

/** The argument index of a row's register-quad operand (its four vectors are args k..k+3), or -1. */
function quadOperandIndex(mnemonic: string, hasDst: boolean): number {
  const d = INSN_BY_MNEMONIC.get(mnemonic);
  const at = d ? d.operands.findIndex((o) => o.name === 'vqB') : -1;
  return at < 0 ? -1 : at - (hasDst ? 1 : 0);
}

function operand(ctx: EmitContext, a: VopArg, take: (f: VectorValueType) => string, takeAr: () => string, after: (() => void)[], addressInto: AddressInto, cached: (v: VReg) => string | undefined): string {
  if ('imm' in a) return String(a.imm);
  if ('use' in a) {
    const v = a.use;
    if (isVectorValue(v.type)) {
      const held = cached(v);
      if (held) return held;
      const r = take(v.type);
      fill(ctx, r, v);
      return r;
    }
    const r = takeAr();
    const src = ctx.src(v, r);
    return src;
  }
  // an in/out operand in memory: its address kept in an AR, the value loaded before and stored after
  const at = takeAr();
  addressInto(at, a.mem);
  if (a.file === 'i32') {
    const r = takeAr();
    ctx.w.insn(`l32i\t${r}, ${at}, 0`);
    after.push(() => ctx.w.insn(`s32i\t${r}, ${at}, 0`));
    return r;
  }
  const file = a.file;
  const r = take(file);
  clobber(ctx, r);
  if (!a.out) ctx.w.insn(moveInsn(file, true, r, at, 0));
  after.push(() => ctx.w.insn(moveInsn(file, false, r, at, 0)));
  return r;
}

/** Vector-file arguments of a call: register k of its file for the k-th argument of that file. */
export function vectorArgumentRegisters(types: readonly VReg['type'][]): (string | undefined)[] {
  const next: Record<VectorValueType, number> = { vec: 0, wvec: 0, vbool: 0, valign: 0 };
  return types.map((t) => {
    if (!isVectorValue(t)) return undefined;
    const n = next[t]++;
    if (n >= FILE_SIZE[t] || (t === 'vec' && n >= 8)) throw new Unsupported(`too many arguments of the vector unit's ${t} file (at most 8 vectors, 4 accumulators, 16 predicates, 4 alignment registers)`);
    return fileReg(t, n);
  });
}
