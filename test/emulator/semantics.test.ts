// The emulator's per-row semantics (emulator/exec/handlers/index.ts) against the instruction table:
// every row has a hook or a stated reason not to; the block compiler's inline templates and handler
// calls follow the rules of jit/callable.ts from the rows' properties; the derived lists are those
// the emulator had when they were written by hand (plus the rows the rule adds, named below); and a
// handler the rule lets a compiled block call does return the fall-through address.

import { strict as assert } from 'node:assert';
import { INSNS, type InsnDef, wordBytes } from '../../xtensa/isa';
import { Machine } from '../../emulator';
import { FAMILIES, HOOKS, UNIMPLEMENTED } from '../../emulator/exec/handlers';
import { decodeAt } from '../../emulator/exec/predecode';
import { CHK_SYNC, type Insn } from '../../emulator/exec/insn';
import { MemFault } from '../../emulator/memory/fault';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;
const RAM = 0x3fe00100;

/** The row's base encoding (every operand field zero) decoded on a q7 core with the FP unit enabled and a0 = RAM. */
function decodeBase(d: InsnDef): { m: Machine; ins: Insn } {
  const m = new Machine('q7', { stopOnException: true });
  m.loadElf(imageOf([{ addr: CODE, bytes: new Uint8Array([...wordBytes(d.match, d.size), 0, 0, 0]) }, { addr: RAM, bytes: new Uint8Array(64) }], CODE));
  m.writeSR('cpenable', 0xff);
  m.writeAR(0, RAM);
  return { m, ins: decodeAt(m.cpu, CODE) };
}

const names = (pred: (d: InsnDef) => boolean) => INSNS.filter(pred).map((d) => d.mnemonic).sort();

// The lists as they were written by hand before they were derived (jit/emit.ts's switch, the
// handler set of jit/callable.ts, predecode's SYNCED set).
const OLD_INLINE = `add add.n addx2 addx4 addx8 sub subx2 subx4 subx8 and or xor neg abs movi movi.n addi addi.n addmi
  mov.n moveqz movnez movltz movgez min max minu maxu nsau nsa sext extui slli srli srai sll srl sra src ssr ssl
  ssa8l ssa8b ssai mul16u mul16s mull l8ui l16ui l16si l32i l32i.n s8i s16i s32i s32i.n l32r nop nop.n memw extw
  isync rsync esync dsync excw beq bne blt bge bltu bgeu bany bnone ball bnall bbc bbs bbci bbsi beqi bnei blti bgei
  bltui bgeui beqz beqz.n bnez bnez.n bltz bgez j jx call0 callx0 ret ret.n entry call4 call8 call12 callx4 callx8
  callx12 retw retw.n`;
const OLD_CALLABLE = `lsi lsip lsx lsxp ssi ssip ssx ssxp add.s sub.s mul.s madd.s msub.s maddn.s divn.s div0.s sqrt0.s
  nexp01.s addexp.s addexpm.s mkdadj.s mksadj.s round.s trunc.s floor.s ceil.s float.s ufloat.s utrunc.s mov.s abs.s
  neg.s const.s rfr wfr un.s oeq.s ueq.s olt.s ult.s ole.s ule.s moveqz.s movnez.s movltz.s movgez.s movf.s movt.s
  movf movt muluh mulsh`;
// What the rule adds: handlers that never raise (CLAMPS, the boolean logic of the Boolean option) or
// raise only memory faults thrown by the memory (L32AI/S32RI) were simply not listed by hand.
const ADDED_CALLABLE = 'clamps andb andbc orb orbc xorb any4 all4 any8 all8 l32ai s32ri';
// FP loads, stores, moves and arithmetic that got templates since (called before): inlined, no longer called.
const NOW_INLINE = 'lsi ssi mov.s rfr wfr add.s sub.s mul.s';
const OLD_SYNCED_BY_NAME = 'simcall break break.n waiti';
const list = (s: string) => s.split(/\s+/).filter((w) => w).sort();

describe('emulator: semantics derived from the instruction table', () => {
  it('has a hook for every row, or lists it as unimplemented with a reason (never both)', () => {
    for (const d of INSNS) {
      const reason = UNIMPLEMENTED.get(d.mnemonic);
      assert.ok((HOOKS[d.id] === undefined) === (reason !== undefined), d.mnemonic);
      if (reason !== undefined) assert.ok(reason.length > 10, `${d.mnemonic}: no reason given`);
    }
    assert.ok(FAMILIES.length > 150);
  });

  it('derives the inline rows, the called rows and the count sync as they were listed by hand', () => {
    assert.deepEqual(names((d) => HOOKS[d.id]?.jit !== undefined), list(`${OLD_INLINE} ${NOW_INLINE}`));
    const called = list(`${OLD_CALLABLE} ${ADDED_CALLABLE}`).filter((m) => !list(NOW_INLINE).includes(m));
    assert.deepEqual(names((d) => d.feature !== 'ivp' && HOOKS[d.id]?.callable === true), called);
    // every vector row falls through and raises at most memory faults: compiled blocks call them all
    assert.deepEqual(names((d) => d.feature === 'ivp' && HOOKS[d.id]?.callable !== true), []);
    assert.deepEqual(names((d) => HOOKS[d.id]?.observesCount === true), names((d) => d.reg !== undefined || list(OLD_SYNCED_BY_NAME).includes(d.mnemonic)));
    assert.deepEqual(names((d) => d.feature !== 'ivp' && HOOKS[d.id]?.stores === true), list('s8i s16i s32i s32i.n s32ri s32c1i s32e ssi ssip ssx ssxp'));
  });

  it('gives templates only to rows whose properties allow inline compilation', () => {
    const inlineFlows = ['seq', 'branch', 'jump', 'ijump', 'call', 'icall', 'return'];
    for (const h of HOOKS) {
      if (!h?.jit) continue;
      const { def, family } = h;
      assert.ok(inlineFlows.includes(def.flow), `${def.mnemonic}: ${def.flow}`);
      assert.equal(def.reg, undefined, def.mnemonic);
      assert.ok(!h.observesCount, def.mnemonic);
      // a row that raises more than memory faults (or may stop) compiles only if its template defers those cases
      const onlyMemory = def.raises.every((r) => r === 'memory') && family.stops !== true;
      assert.ok(onlyMemory || family.defers === true, `${def.mnemonic} raises ${def.raises.join(', ')}`);
    }
  });

  it('lets compiled blocks call exactly the handlers that fall through and raise only memory or coprocessor faults', () => {
    for (const h of HOOKS) {
      if (!h) continue;
      const { def, family } = h;
      const rule =
        !h.jit && def.flow === 'seq' && !def.reg && !family.readsCount && !family.stops &&
        def.raises.every((r) => r === 'memory' || r === 'coprocessor');
      assert.equal(h.callable, rule, def.mnemonic);
    }
  });

  it('emits, for every templated row, code of the kind its control flow needs', () => {
    const kind = { seq: 'seq', branch: 'branch', jump: 'jump', ijump: 'jump', call: 'jump', icall: 'jump', return: 'jump' } as Record<string, string>;
    let n = 0;
    for (const h of HOOKS) {
      if (!h?.jit) continue;
      const { ins } = decodeBase(h.def);
      const e = h.jit(ins, { k: 0, epoch: 0, litbase: 0x60001001 });
      assert.ok(e, h.def.mnemonic);
      assert.equal(e.kind, kind[h.def.flow], h.def.mnemonic);
      n++;
    }
    assert.equal(n, list(`${OLD_INLINE} ${NOW_INLINE}`).length);
  });

  it('has callable handlers that return the fall-through address (or throw a memory fault)', () => {
    for (const h of HOOKS) {
      if (!h?.callable) continue;
      const { m, ins } = decodeBase(h.def);
      assert.equal(ins.inner, h.handler, h.def.mnemonic);
      assert.equal(ins.chk & CHK_SYNC, 0, h.def.mnemonic);
      try {
        assert.equal(ins.inner(m.cpu, ins), CODE + h.def.size, h.def.mnemonic);
      } catch (e) {
        assert.ok(e instanceof MemFault && h.def.mem !== undefined, `${h.def.mnemonic}: ${String(e)}`);
      }
    }
  });

  it('syncs the instruction count before exactly the rows that observe it', () => {
    let n = 0;
    for (const d of INSNS) {
      const { ins } = decodeBase(d);
      if (ins.def === null) continue; // an option q7 lacks (LITBASE): illegal there
      assert.equal((ins.chk & CHK_SYNC) !== 0, HOOKS[d.id]!.observesCount, d.mnemonic);
      n++;
    }
    assert.ok(n >= INSNS.length - 3, `${n} rows decoded`);
  });
});
