// Mnemonic → handler for every row of the instruction table (the test in test/emulator/coverage
// checks that none is missing). RSR/WSR/XSR/RUR/WUR rows map by prefix; the register number is
// predecoded into the record.

import type { InsnDef } from '../../../xtensa/isa';
import type { Handler } from '../insn';
import * as alu from './alu';
import * as sh from './shifts';
import * as ls from './loadstore';
import * as br from './branches';
import * as win from './windowed';
import * as lp from './loops';
import * as md from './muldiv';
import * as sr from './sysregs';
import * as sys from './system';
import * as bo from './booleans';
import * as fp from './fp';

const BY_MNEMONIC: Readonly<Record<string, Handler>> = {
  // alu
  add: alu.add, 'add.n': alu.add, addx2: alu.addx2, addx4: alu.addx4, addx8: alu.addx8,
  sub: alu.sub, subx2: alu.subx2, subx4: alu.subx4, subx8: alu.subx8,
  and: alu.and, or: alu.or, xor: alu.xor, neg: alu.neg, abs: alu.abs,
  moveqz: alu.moveqz, movnez: alu.movnez, movltz: alu.movltz, movgez: alu.movgez,
  movi: alu.movi, 'movi.n': alu.movi, addi: alu.addi, 'addi.n': alu.addi, addmi: alu.addi, 'mov.n': alu.mov,
  min: alu.min, max: alu.max, minu: alu.minu, maxu: alu.maxu, nsa: alu.nsa, nsau: alu.nsau,
  sext: alu.sext, clamps: alu.clamps,
  // shifts
  extui: sh.extui, slli: sh.slli, srli: sh.srli, srai: sh.srai, sll: sh.sll, srl: sh.srl, sra: sh.sra,
  src: sh.src, ssr: sh.ssr, ssl: sh.ssl, ssa8l: sh.ssa8l, ssa8b: sh.ssa8b, ssai: sh.ssai,
  // loads and stores
  l8ui: ls.l8ui, l16ui: ls.l16ui, l16si: ls.l16si, l32i: ls.l32i, 'l32i.n': ls.l32i,
  s8i: ls.s8i, s16i: ls.s16i, s32i: ls.s32i, 's32i.n': ls.s32i,
  l32ai: ls.l32ai, s32ri: ls.s32ri, s32c1i: ls.s32c1i, l32r: ls.l32r,
  // branches, jumps, call0
  bnone: br.bnone, beq: br.beq, blt: br.blt, bltu: br.bltu, ball: br.ball, bbc: br.bbc, bbci: br.bbci,
  bany: br.bany, bne: br.bne, bge: br.bge, bgeu: br.bgeu, bnall: br.bnall, bbs: br.bbs, bbsi: br.bbsi,
  beqz: br.beqz, bnez: br.bnez, bltz: br.bltz, bgez: br.bgez, 'beqz.n': br.beqz, 'bnez.n': br.bnez,
  beqi: br.beqi, bnei: br.bnei, blti: br.blti, bgei: br.bgei, bltui: br.bltui, bgeui: br.bgeui,
  j: br.j, jx: br.jx, call0: br.call0, callx0: br.callx0, ret: br.ret, 'ret.n': br.ret,
  // windowed
  call4: win.call4, call8: win.call8, call12: win.call12,
  callx4: win.callx4, callx8: win.callx8, callx12: win.callx12,
  entry: win.entry, retw: win.retw, 'retw.n': win.retw, movsp: win.movsp, rotw: win.rotw,
  l32e: win.l32e, s32e: win.s32e, rfwo: win.rfwo, rfwu: win.rfwu,
  // loops
  loop: lp.loop, loopnez: lp.loopnez, loopgtz: lp.loopgtz,
  // multiply / divide
  mul16u: md.mul16u, mul16s: md.mul16s, mull: md.mull, muluh: md.muluh, mulsh: md.mulsh,
  quou: md.quou, quos: md.quos, remu: md.remu, rems: md.rems,
  // sync, traps, exceptions
  isync: sys.nop, rsync: sys.nop, esync: sys.nop, dsync: sys.nop, excw: sys.nop, memw: sys.nop,
  extw: sys.nop, nop: sys.nop, 'nop.n': sys.nop, ill: sys.ill, 'ill.n': sys.ill,
  break: sys.breakW, 'break.n': sys.breakN, syscall: sys.syscall, simcall: sys.simcall,
  rsil: sys.rsil, waiti: sys.waiti, rfe: sys.rfe, rfde: sys.rfde, rfi: sys.rfi,
  // booleans
  andb: bo.andb, andbc: bo.andbc, orb: bo.orb, orbc: bo.orbc, xorb: bo.xorb,
  any4: bo.any4, all4: bo.all4, any8: bo.any8, all8: bo.all8, bf: bo.bf, bt: bo.bt, movf: bo.movf, movt: bo.movt,
  // FP
  lsi: fp.lsi, ssi: fp.ssi, lsip: fp.lsip, ssip: fp.ssip, lsx: fp.lsx, lsxp: fp.lsxp, ssx: fp.ssx, ssxp: fp.ssxp,
  'add.s': fp.addS, 'sub.s': fp.subS, 'mul.s': fp.mulS, 'madd.s': fp.maddS, 'msub.s': fp.msubS,
  'maddn.s': fp.fpStepNop, 'divn.s': fp.fpStepNop, 'div0.s': fp.fpStepNop, 'sqrt0.s': fp.fpStepNop,
  'nexp01.s': fp.fpStepNop, 'addexp.s': fp.fpStepNop, 'addexpm.s': fp.addexpmS,
  'mkdadj.s': fp.mkdadjS, 'mksadj.s': fp.mksadjS, 'recip0.s': fp.recip0S, 'rsqrt0.s': fp.rsqrt0S,
  'round.s': fp.roundS, 'trunc.s': fp.truncS, 'floor.s': fp.floorS, 'ceil.s': fp.ceilS,
  'float.s': fp.floatS, 'ufloat.s': fp.ufloatS, 'utrunc.s': fp.utruncS,
  'mov.s': fp.movS, 'abs.s': fp.absS, 'neg.s': fp.negS, 'const.s': fp.constS, rfr: fp.rfr, wfr: fp.wfr,
  'un.s': fp.unS, 'oeq.s': fp.oeqS, 'ueq.s': fp.ueqS, 'olt.s': fp.oltS, 'ult.s': fp.ultS, 'ole.s': fp.oleS,
  'ule.s': fp.uleS, 'moveqz.s': fp.moveqzS, 'movnez.s': fp.movnezS, 'movltz.s': fp.movltzS,
  'movgez.s': fp.movgezS, 'movf.s': fp.movfS, 'movt.s': fp.movtS,
};

const BY_PREFIX: Readonly<Record<string, Handler>> = { rsr: sr.rsr, wsr: sr.wsr, xsr: sr.xsr, rur: sr.rur, wur: sr.wur };

/** The handler of a table row, or undefined if the emulator does not implement it. */
export function handlerFor(def: InsnDef): Handler | undefined {
  const direct = BY_MNEMONIC[def.mnemonic];
  if (direct) return direct;
  const dot = def.mnemonic.indexOf('.');
  return dot > 0 ? BY_PREFIX[def.mnemonic.slice(0, dot)] : undefined;
}
