// IR function → Xtensa assembly (windowed ABI). Every virtual register lives in its home: in the
// frame, or (-O1, promoted variables) in one of a2..a7 for the whole function; an instruction loads
// its operands into the scratch registers a8..a15 (free between calls: a CALL8 clobbers them),
// computes, and stores the result home. a2..a7 are otherwise left alone except on entry (incoming
// arguments, stored home before anything else runs) and on return (the result in a2, or a2:a3).
//
// Branches are emitted in a form that reaches anywhere in the function (the assembler does not
// relax): a conditional branch skips over a J to the target. -O1/-O2, afterwards over the function's
// lines: reloads of a home into a register that still holds it are dropped (reloads.ts), dead home
// stores (dead-homes.ts) and moves around calls (moves.ts) removed, branches shortened where they
// reach (branches.ts).

import type { Address, Block, Func, Instr, MemType, Terminator, VReg } from '../ir/ir';
import { addConstant, loadConstant, loadSymbol, memAccess } from './access';
import type { AsmWriter } from './asm-writer';
import { ARG_REGISTER_WORDS, argumentWords, layoutFrame, type Frame } from './frame';
import { emitArith } from './emit-arith';
import { branchConsumes, branchIf, fusible } from './emit-branch';
import { binImmediateOperand, constants64Of, constantsOf } from './immediates';
import { debugVregIds, readCounts, vregsOf } from '../ir/uses';
import { argumentWordsOf, isVectorValue, sizeOfValue } from '../ir/ir';
import { dropRedundantReloads, foldLoadMoves } from './reloads';
import { shortenBranches } from './branches';
import { dropDeadHomeStores } from './dead-homes';
import { dropMoves } from './moves';
import { keptRegisters, rangeBoundaries, registerRanges } from './debug-ranges';
import { unallocatedValues } from './unallocated';
import { emitZextAdd, zextAdds, type ZextAdds } from './zext-add';
import { emittingInstr, emitVectorCopy, emitVectorMemory, emitVop, fileReg, fill, planVectorHomes, reloadPinned, savePinned, spill, vectorArgumentRegisters } from './emit-vector';
import { pinnedOnce, pinnedVectors, pinsLiveAfter, registerOnlyVectors } from './vector-homes';
import type { EmitContext } from './emit-context';

export type { EmitContext } from './emit-context';

/** Emits `f` into `w`; `index` makes its local labels unique in the file. */
export function emitFunction(f: Func, w: AsmWriter, index: number, helpers: Set<string>): Frame {
  const zext: ZextAdds = f.promoted ? zextAdds(f) : { adds: new Map(), absorbed: new Set() };
  const frame = layoutFrame(f, f.promoted ? unallocatedValues(f, zext) : new Set());
  const constants = f.promoted ? constantsOf(f) : undefined;
  const constants64 = f.promoted ? constants64Of(f) : undefined;
  const prefix = `.L${index}_`;
  let labels = 0;
  const blockLabel = (b: Block) => `${prefix}B${b.id}`;
  const homeOf = (v: VReg): number => {
    const h = frame.homes.get(v.id);
    if (h === undefined) throw new Error(`internal: v${v.id} has no home`);
    return h;
  };
  // The value just stored home is still in its register if nothing was emitted since (no label
  // either): a load of the same home right after becomes a move, or nothing.
  let lastStore: { reg: string; offset: number; line: number } | undefined;
  let lastMove: { reg: string; home: string; line: number } | undefined;
  const regOf = (v: VReg, word: number): string | undefined => frame.regs.get(v.id)?.[word];
  const ctx: EmitContext = {
    w,
    frame,
    label: () => `${prefix}k${labels++}`,
    ld: (reg, v, word = 0) => {
      const home = regOf(v, word);
      if (home) {
        // the value was just moved home from `reg`: it is still there
        if (home !== reg && !(lastMove && lastMove.line === w.lineCount && lastMove.home === home && lastMove.reg === reg)) w.insn(`mov\t${reg}, ${home}`);
        return;
      }
      const offset = homeOf(v) + 4 * word;
      if (lastStore && lastStore.line === w.lineCount && lastStore.offset === offset) {
        if (lastStore.reg !== reg) w.insn(`mov\t${reg}, ${lastStore.reg}`);
        return;
      }
      memAccess(w, 'l32i', reg, 'a1', offset, reg);
    },
    st: (reg, v, word = 0) => {
      const home = regOf(v, word);
      if (home) {
        if (home !== reg) w.insn(`mov\t${home}, ${reg}`);
        lastMove = { reg, home, line: w.lineCount };
        return;
      }
      const offset = homeOf(v) + 4 * word;
      memAccess(w, 's32i', reg, 'a1', offset, reg === 'a15' ? 'a14' : 'a15');
      lastStore = { reg, offset, line: w.lineCount };
    },
    src: (v, scratch) => {
      const home = regOf(v, 0);
      if (home) return home;
      ctx.ld(scratch, v);
      return scratch;
    },
    dstReg: (v, scratch) => regOf(v, 0) ?? scratch,
    lsi: (freg, v) => {
      const home = regOf(v, 0);
      if (home) w.insn(`wfr\t${freg}, ${home}`);
      else memAccess(w, 'lsi', freg, 'a1', homeOf(v), 'a15');
    },
    ssi: (freg, v) => {
      const home = regOf(v, 0);
      if (home) w.insn(`rfr\t${home}, ${freg}`);
      else memAccess(w, 'ssi', freg, 'a1', homeOf(v), 'a15');
    },
    helper: (name, args, dst) => {
      helpers.add(name);
      callWith(ctx, name, args, dst);
    },
    konst: (v) => constants?.get(v.id),
    konst64: (v) => constants64?.get(v.id),
    optimized: !!f.promoted,
    srcWord: (v, word, scratch) => {
      const home = regOf(v, word);
      if (home) return home;
      ctx.ld(scratch, v, word);
      return scratch;
    },
    dstWord: (v, word, scratch) => regOf(v, word) ?? scratch,
    homeWord: regOf,
  };
  w.resetLiterals();
  const firstLine = w.lineCount;
  w.pos = f.pos;
  w.codeSection();
  w.directive('.align\t4');
  if (f.global) w.directive(`.global\t${f.symbol}`);
  w.directive(`.type\t${f.symbol}, @function`);
  w.label(f.symbol);
  w.markStatement(f.pos);
  w.insn(`entry\ta1, ${frame.size}`);
  if (frame.realign) {
    // homes of the vector unit's values need 64-byte alignment: the frame reserved 48 bytes for this
    w.insn('movi\ta8, -64');
    w.insn('and\ta1, a1, a8');
  }
  const registerOnly = registerOnlyVectors(f);
  const pins = pinnedVectors(f, registerOnly);
  planVectorHomes(ctx, registerOnly, pins, pinsLiveAfter(f, pins), pinnedOnce(f, pins));
  // a pinned variable lives in its register (its DWARF location says so)
  for (const [id, reg] of pins) frame.regs.set(id, [reg]);
  storeIncomingArguments(ctx, f);
  const fused = f.promoted ? fusedCompares(f) : new Map<Block, Cmp>();
  const unneeded = constants ? immediateOnly(f, constants, fused, ctx.konst) : new Set<Instr>();
  const ranges = f.debugRanges ? registerRanges(f, frame) : undefined;
  const boundaries = ranges && rangeBoundaries(ranges);
  const marks = new Map<number, number>();
  let position = 1;
  // positions as registers.ts numbers them: each instruction, then each block's terminator
  const next = () => {
    if (boundaries?.has(position)) marks.set(position, w.rangeMark());
    position++;
  };
  f.blocks.forEach((b, i) => {
    w.label(blockLabel(b));
    const cmp = fused.get(b);
    for (const ins of b.instrs) {
      next();
      if (ins === cmp || unneeded.has(ins) || zext.absorbed.has(ins)) continue;
      emittingInstr(ctx, ins);
      const z = zext.adds.get(ins);
      if (!z) emitInstr(ctx, ins);
      else {
        if (ins.pos) w.at(ins.pos);
        emitZextAdd(ctx, ins as Extract<Instr, { op: 'bin' }>, z.base, z.offset);
      }
    }
    emittingInstr(ctx, undefined);
    next();
    emitTerminator(ctx, b.term, f.blocks[i + 1], blockLabel, cmp);
  });
  next();
  if (ranges) frame.ranges = new Map([...ranges].map(([id, list]) => [id, list.map((r) => ({ from: marks.get(r.from)!, to: marks.get(r.to)!, regs: r.regs }))]));
  w.endFunction(f.symbol);
  if (f.promoted) {
    foldLoadMoves(w, firstLine, w.lineCount, new RegExp(`^${prefix.replace(/\./g, '\\.')}B\\d+$`));
    dropRedundantReloads(w, firstLine, w.lineCount, homeWords(f, frame));
    foldLoadMoves(w, firstLine, w.lineCount);
    dropDeadHomeStores(w, firstLine, w.lineCount, homeWords(f, frame, true));
    const keep = frame.ranges
      ? keptRegisters(f, frame, w.rangeMarks, firstLine, w.lineCount)
      : new Set(f.debugVars.flatMap((d) => (d.vreg && frame.regs.get(d.vreg.id)) || []));
    dropMoves(w, firstLine, w.lineCount, keep);
    // last: the distances it measures are those of the lines the others leave
    shortenBranches(w, firstLine, w.lineCount);
  }
  w.directive(`.size\t${f.symbol}, . - ${f.symbol}`);
  return frame;
}

/**
 * Frame offsets of the words of every virtual register's home (reloads.ts); with `scalarTemporaries`,
 * those of scalar registers no debugger variable names (stores to them may go: dead-homes.ts).
 */
function homeWords(f: Func, frame: Frame, scalarTemporaries = false): Set<number> {
  const out = new Set<number>();
  const debug = new Set(f.debugVars.flatMap((d) => (d.vreg ? [d.vreg.id] : [])));
  const add = (v: VReg | undefined) => {
    if (v && scalarTemporaries && (debug.has(v.id) || isVectorValue(v.type))) return;
    const h = v && frame.homes.get(v.id);
    if (v && h !== undefined) for (let k = 0; k < Math.max(1, sizeOfValue(v.type) / 4); k++) out.add(h + 4 * k);
  };
  f.params.forEach(add);
  for (const b of f.blocks) {
    for (const i of b.instrs) vregsOf(i).forEach(add);
    if (b.term?.op === 'branch') add(b.term.cond);
    if (b.term?.op === 'ret') add(b.term.value);
  }
  return out;
}

/** Arguments that came in registers go to their homes (stack ones already are home). */
function storeIncomingArguments(ctx: EmitContext, f: Func): void {
  const { start } = argumentWords(f.params.map((p) => p.type));
  const vregs = vectorArgumentRegisters(f.params.map((p) => p.type));
  f.params.forEach((p, i) => {
    const vr = vregs[i];
    if (vr) {
      spill(ctx, vr, p);
      return;
    }
    const words = p.type === 'i64' || p.type === 'f64' ? 2 : 1;
    for (let k = 0; k < words; k++) {
      const word = start[i] + k;
      if (word < ARG_REGISTER_WORDS) ctx.st(`a${2 + word}`, p, k);
    }
  });
}

type Cmp = Extract<Instr, { op: 'cmp' }>;

/**
 * -O1: blocks ending in a branch on a comparison that is the block's last instruction and read by
 * nothing else: the comparison is emitted as part of the branch (emit-branch.ts).
 */
function fusedCompares(f: Func): Map<Block, Cmp> {
  const uses = readCounts(f);
  const debug = debugVregIds(f);
  const out = new Map<Block, Cmp>();
  for (const b of f.blocks) {
    const t = b.term;
    const last = [...b.instrs].reverse().find((i) => i.op !== 'stmt' && i.op !== 'scope');
    if (t?.op !== 'branch' || last?.op !== 'cmp' || last.dst.id !== t.cond.id || !fusible(last)) continue;
    if (uses.get(last.dst.id) !== 1 || debug.has(last.dst.id) || last.a.id === last.dst.id || last.b.id === last.dst.id) continue;
    out.set(b, last);
  }
  return out;
}

/** -O1: the `const` instructions whose every read became an immediate operand (not emitted). */
function immediateOnly(f: Func, constants: Map<number, number>, fused: Map<Block, Cmp>, konst: (v: VReg) => number | undefined): Set<Instr> {
  const needed = new Set<number>();
  const consumed = (i: Instr): VReg | undefined => {
    if (i.op === 'bin') {
      const imm = binImmediateOperand(i, konst);
      return imm && (imm.which === 'b' ? i.b : i.a);
    }
    return undefined;
  };
  const fusedSet = new Set(fused.values());
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      const skip = fusedSet.has(i as Cmp) ? branchConsumes(i as Cmp, konst) : consumed(i);
      const ops = vregsOf(i).slice(i.op === 'store' || i.op === 'memcpy' || i.op === 'memzero' ? 0 : 1);
      for (const v of ops) if (v && v !== skip) needed.add(v.id);
      // an operand used twice by one instruction (x op x) is needed
      if (skip && ops.filter((v) => v?.id === skip.id).length > 1) needed.add(skip.id);
    }
    const t = b.term;
    if (t?.op === 'branch' && !fused.has(b)) needed.add(t.cond.id);
    if (t?.op === 'ret' && t.value) needed.add(t.value.id);
  }
  for (const d of f.debugVars) if (d.vreg) needed.add(d.vreg.id);
  const out = new Set<Instr>();
  for (const b of f.blocks) for (const i of b.instrs) if (i.op === 'const' && constants.has(i.dst.id) && !needed.has(i.dst.id)) out.add(i);
  return out;
}

function emitTerminator(ctx: EmitContext, t: Terminator | undefined, next: Block | undefined, label: (b: Block) => string, cmp?: Cmp): void {
  const { w } = ctx;
  if (t?.pos) w.at(t.pos);
  if (!t) {
    // falling off a block that nothing terminated: only the dead tail of a function
    w.insn('retw');
    return;
  }
  switch (t.op) {
    case 'jump':
      if (t.target !== next) w.insn(`j\t${label(t.target)}`);
      return;
    case 'branch': {
      const skip = ctx.label();
      const test = (when: boolean) => {
        if (cmp) branchIf(ctx, cmp, when, skip);
        else w.insn(`${when ? 'bnez' : 'beqz'}\t${ctx.src(t.cond, 'a8')}, ${skip}`);
      };
      if (t.else === next) {
        test(false);
        w.insn(`j\t${label(t.then)}`);
      } else {
        test(true);
        w.insn(`j\t${label(t.else)}`);
        if (t.then !== next) {
          w.label(skip);
          w.insn(`j\t${label(t.then)}`);
          return;
        }
      }
      w.label(skip);
      return;
    }
    case 'ret':
      if (t.value && isVectorValue(t.value.type)) fill(ctx, fileReg(t.value.type, 0), t.value);
      else if (t.value) {
        ctx.ld('a2', t.value);
        if (t.value.type === 'i64' || t.value.type === 'f64') ctx.ld('a3', t.value, 1);
      }
      w.insn('retw');
      return;
  }
}

function emitInstr(ctx: EmitContext, i: Instr): void {
  const { w } = ctx;
  if (i.pos) w.at(i.pos);
  switch (i.op) {
    case 'stmt':
      if (i.pos) w.markStatement(i.pos);
      return;
    case 'scope':
      w.scopeMark({ id: i.id, begin: i.begin });
      return;
    case 'const':
      emitConst(ctx, i.dst, i.value);
      return;
    case 'addr':
      addressInto(ctx, 'a8', i.addr);
      ctx.st('a8', i.dst);
      return;
    case 'load':
      emitLoad(ctx, i.dst, i.addr, i.mem);
      return;
    case 'store':
      emitStore(ctx, i.src, i.addr, i.mem);
      return;
    case 'copy':
      if (isVectorValue(i.dst.type)) {
        emitVectorCopy(ctx, i.dst, i.a);
        return;
      }
      ctx.st(ctx.src(i.a, 'a8'), i.dst);
      if (i.a.type === 'i64' || i.a.type === 'f64') {
        ctx.ld('a8', i.a, 1);
        ctx.st('a8', i.dst, 1);
      }
      return;
    case 'call':
      callWith(ctx, i.callee, i.args, i.dst);
      return;
    case 'memcpy':
      emitMemcpy(ctx, i.dst, i.src, i.size, i.align);
      return;
    case 'memzero':
      emitMemzero(ctx, i.dst, i.size, i.align);
      return;
    case 'bin':
    case 'cmp':
    case 'un':
    case 'conv':
      emitArith(ctx, i);
      return;
    case 'vop':
      emitVop(ctx, i, (reg, a) => addressInto(ctx, reg, a));
      return;
  }
}

function emitConst(ctx: EmitContext, dst: VReg, value: number | bigint): void {
  const { w } = ctx;
  switch (dst.type) {
    case 'i32': {
      const reg = ctx.dstReg(dst, 'a8');
      loadConstant(w, reg, Number(BigInt.asIntN(32, BigInt(value))));
      ctx.st(reg, dst);
      return;
    }
    case 'f32': {
      const bits = new DataView(new ArrayBuffer(4));
      bits.setFloat32(0, Number(value), true);
      const reg = ctx.dstReg(dst, 'a8');
      loadConstant(w, reg, bits.getInt32(0, true));
      ctx.st(reg, dst);
      return;
    }
    case 'i64': {
      const v = BigInt.asUintN(64, BigInt(value));
      loadConstant(w, 'a8', Number(BigInt.asIntN(32, v)));
      ctx.st('a8', dst, 0);
      loadConstant(w, 'a8', Number(BigInt.asIntN(32, v >> 32n)));
      ctx.st('a8', dst, 1);
      return;
    }
    case 'f64': {
      const bits = new DataView(new ArrayBuffer(8));
      bits.setFloat64(0, Number(value), true);
      loadConstant(w, 'a8', bits.getInt32(0, true));
      ctx.st('a8', dst, 0);
      loadConstant(w, 'a8', bits.getInt32(4, true));
      ctx.st('a8', dst, 1);
      return;
    }
  }
}

/** reg = the address `a` denotes. */
function addressInto(ctx: EmitContext, reg: string, a: Address): void {
  switch (a.kind) {
    case 'slot':
      addConstant(ctx.w, reg, 'a1', a.slot.offset! + a.offset, reg === 'a1' ? 'a15' : reg);
      return;
    case 'sym':
      loadSymbol(ctx.w, reg, a.sym, a.offset);
      return;
    case 'reg':
      ctx.ld(reg, a.base);
      addConstant(ctx.w, reg, reg, a.offset, reg === 'a15' ? 'a14' : 'a15');
      return;
  }
}

/** A base register and offset for a memory operand (loading a symbol's or register's base into `scratch`). */
function baseOf(ctx: EmitContext, a: Address, scratch: string): { base: string; offset: number } {
  switch (a.kind) {
    case 'slot':
      return { base: 'a1', offset: a.slot.offset! + a.offset };
    case 'sym':
      loadSymbol(ctx.w, scratch, a.sym, a.offset);
      return { base: scratch, offset: 0 };
    case 'reg':
      return { base: ctx.src(a.base, scratch), offset: a.offset };
  }
}

const LOAD_OP: Record<string, string> = { i8: 'l8ui', u8: 'l8ui', i16: 'l16si', u16: 'l16ui', i32: 'l32i', f32: 'l32i', i64: 'l32i', f64: 'l32i' };
const STORE_OP: Record<string, string> = { i8: 's8i', u8: 's8i', i16: 's16i', u16: 's16i', i32: 's32i', f32: 's32i', i64: 's32i', f64: 's32i' };

function emitLoad(ctx: EmitContext, dst: VReg, a: Address, mem: MemType): void {
  if (isVectorValue(dst.type)) return emitVectorMemory(ctx, true, dst, a, mem, (reg, x) => addressInto(ctx, reg, x));
  const { base, offset } = baseOf(ctx, a, 'a10');
  const w = ctx.w;
  if (mem === 'i64' || mem === 'f64') {
    const [lo, hi] = ctx.optimized ? [ctx.dstWord(dst, 0, 'a8'), ctx.dstWord(dst, 1, 'a9')] : ['a8', 'a9'];
    memAccess(w, 'l32i', lo, base, offset, 'a11');
    memAccess(w, 'l32i', hi, base, offset + 4, 'a11');
    ctx.st(lo, dst, 0);
    ctx.st(hi, dst, 1);
    return;
  }
  const reg = ctx.dstReg(dst, 'a8');
  memAccess(w, LOAD_OP[mem], reg, base, offset, 'a11');
  if (mem === 'i8') w.insn(`sext\t${reg}, ${reg}, 7`);
  ctx.st(reg, dst);
}

function emitStore(ctx: EmitContext, src: VReg, a: Address, mem: MemType): void {
  if (isVectorValue(src.type)) return emitVectorMemory(ctx, false, src, a, mem, (reg, x) => addressInto(ctx, reg, x));
  const { base, offset } = baseOf(ctx, a, 'a10');
  const w = ctx.w;
  if (mem === 'i64' || mem === 'f64') {
    let lo = 'a8';
    let hi = 'a9';
    if (ctx.optimized) {
      lo = ctx.srcWord(src, 0, 'a8');
      hi = ctx.srcWord(src, 1, 'a9');
    } else {
      ctx.ld('a8', src);
      ctx.ld('a9', src, 1);
    }
    memAccess(w, 's32i', lo, base, offset, 'a11');
    memAccess(w, 's32i', hi, base, offset + 4, 'a11');
    return;
  }
  memAccess(w, STORE_OP[mem], ctx.src(src, 'a8'), base, offset, 'a11');
}

/** Puts call arguments in place (stack words first, then a10..a15), calls, stores the result. */
function callWith(ctx: EmitContext, callee: string | VReg, args: readonly VReg[], dst?: VReg): void {
  const { w } = ctx;
  savePinned(ctx);
  const { start } = argumentWords(args.map((a) => a.type));
  const wordsOf = (v: VReg) => argumentWordsOf(v.type);
  const vregs = vectorArgumentRegisters(args.map((a) => a.type));
  args.forEach((a, i) => {
    for (let k = 0; k < wordsOf(a); k++) {
      const word = start[i] + k;
      if (word < ARG_REGISTER_WORDS) continue;
      ctx.ld('a8', a, k);
      memAccess(w, 's32i', 'a8', 'a1', 4 * (word - ARG_REGISTER_WORDS), 'a9');
    }
  });
  args.forEach((a, i) => {
    for (let k = 0; k < wordsOf(a); k++) {
      const word = start[i] + k;
      if (word < ARG_REGISTER_WORDS) ctx.ld(`a${10 + word}`, a, k);
    }
  });
  args.forEach((a, i) => {
    const vr = vregs[i];
    if (vr) fill(ctx, vr, a);
  });
  if (typeof callee === 'string') w.call(callee);
  else {
    ctx.ld('a8', callee);
    w.insn('callx8\ta8');
  }
  reloadPinned(ctx);
  if (dst && isVectorValue(dst.type)) spill(ctx, fileReg(dst.type, 0), dst);
  else if (dst) {
    ctx.st('a10', dst, 0);
    if (wordsOf(dst) === 2) ctx.st('a11', dst, 1);
  }
}

/** Inline word copy for small aligned objects, else a call to memcpy(dst, src, n). */
function emitMemcpy(ctx: EmitContext, dst: Address, src: Address, size: number, align: number): void {
  const { w } = ctx;
  if (align >= 4 && size % 4 === 0 && size <= 64) {
    const d = baseOf(ctx, dst, 'a10');
    const s = baseOf(ctx, src, 'a11');
    for (let off = 0; off < size; off += 4) {
      memAccess(w, 'l32i', 'a8', s.base, s.offset + off, 'a12');
      memAccess(w, 's32i', 'a8', d.base, d.offset + off, 'a13');
    }
    return;
  }
  savePinned(ctx);
  addressInto(ctx, 'a8', src);
  addressInto(ctx, 'a10', dst);
  w.insn('mov\ta11, a8');
  loadConstant(w, 'a12', size);
  w.call('memcpy');
  reloadPinned(ctx);
}

function emitMemzero(ctx: EmitContext, dst: Address, size: number, align: number): void {
  const { w } = ctx;
  if (align >= 4 && size % 4 === 0 && size <= 64) {
    const d = baseOf(ctx, dst, 'a10');
    w.insn('movi\ta8, 0');
    for (let off = 0; off < size; off += 4) memAccess(w, 's32i', 'a8', d.base, d.offset + off, 'a13');
    return;
  }
  savePinned(ctx);
  addressInto(ctx, 'a10', dst);
  w.insn('movi\ta11, 0');
  loadConstant(w, 'a12', size);
  w.call('memset');
  reloadPinned(ctx);
}
