// The semantic properties of the instruction table's rows (xtensa/isa/props.ts) agree with the rest
// of the row and with the register lists: memory rows raise memory faults, FP rows the coprocessor
// exception, register rows name their register's number, and the classes are the known ones.

import { strict as assert } from 'node:assert';
import { FIRST_PRIVILEGED_SR, INSNS, INSN_BY_MNEMONIC, RAISES, SR_BY_NAME, UR_BY_NAME } from '../../../xtensa/isa';

const row = (m: string) => INSN_BY_MNEMONIC.get(m)!;

describe('instruction table: semantic properties', () => {
  it('lists only known exception classes, each at most once', () => {
    for (const d of INSNS) {
      assert.equal(new Set(d.raises).size, d.raises.length, d.mnemonic);
      for (const r of d.raises) assert.ok(RAISES.includes(r), `${d.mnemonic}: ${r}`);
    }
  });

  it('marks every data access with its width, and such rows raise memory faults', () => {
    const widths: Record<string, [string, number]> = {
      l8ui: ['load', 1], l16si: ['load', 2], l32i: ['load', 4], 'l32i.n': ['load', 4], l32r: ['load', 4],
      s8i: ['store', 1], s16i: ['store', 2], 's32i.n': ['store', 4], s32c1i: ['rmw', 4], l32e: ['load', 4],
      s32e: ['store', 4], lsxp: ['load', 4], ssip: ['store', 4],
    };
    for (const [m, [kind, bytes]] of Object.entries(widths)) assert.deepEqual(row(m).mem, { kind, bytes }, m);
    for (const d of INSNS) assert.equal(d.mem !== undefined, d.raises.includes('memory'), d.mnemonic);
    assert.equal(INSNS.filter((d) => d.mem && d.feature !== 'ivp').length, 23);
    // IVP accesses: whole vectors (64), half vectors (32, the widening/narrowing streams), one element,
    // or the spill and fill of a predicate (8) or a wide accumulator (192)
    for (const d of INSNS) if (d.feature === 'ivp' && d.mem) assert.ok([1, 2, 4, 8, 32, 64, 192].includes(d.mem.bytes), d.mnemonic);
    assert.deepEqual(['ivp_svw', 'ivp_lvw', 'ivp_svbool', 'ivp_lvbool'].map((m) => row(m).mem), [{ kind: 'store', bytes: 192 }, { kind: 'load', bytes: 192 }, { kind: 'store', bytes: 8 }, { kind: 'load', bytes: 8 }]);
    for (const m of ['add', 'movi', 'entry', 'j', 'rsr.sar', 'add.s']) assert.equal(row(m).mem, undefined, m);
  });

  it('puts every FP-unit row on coprocessor 0 with its exception, and no other row on a coprocessor', () => {
    for (const d of INSNS) {
      assert.equal(d.cp, d.feature === 'fp' ? 0 : undefined, d.mnemonic);
      assert.equal(d.raises.includes('coprocessor'), d.cp !== undefined, d.mnemonic);
    }
  });

  it('names the register of every RSR/WSR/XSR/RUR/WUR row; privileged special registers raise', () => {
    const kinds = { rsr: 'read', wsr: 'write', xsr: 'exchange', rur: 'read', wur: 'write' } as const;
    let n = 0;
    for (const d of INSNS) {
      const [kind, name] = d.mnemonic.split('.');
      const access = (kinds as Record<string, string>)[kind];
      if (access === undefined || name === undefined || d.mnemonic.split('.').length !== 2) {
        assert.equal(d.reg, undefined, d.mnemonic);
        continue;
      }
      n++;
      const special = kind === 'rsr' || kind === 'wsr' || kind === 'xsr';
      const reg = (special ? SR_BY_NAME : UR_BY_NAME).get(name)!;
      assert.deepEqual(d.reg, { file: special ? 'special' : 'user', num: reg.num, access }, d.mnemonic);
      assert.equal(d.raises.includes('privileged'), special && reg.num >= FIRST_PRIVILEGED_SR, d.mnemonic);
    }
    assert.ok(n > 80, `${n} register rows`);
    assert.deepEqual(row('rsr.sar').raises, []);
    assert.deepEqual(row('wsr.ps').raises, ['privileged']);
  });

  it('states the exceptions of traps, divides, windowed and privileged instructions', () => {
    const expect: Record<string, string[]> = {
      ill: ['illegal'], 'ill.n': ['illegal'], break: ['debug'], 'break.n': ['debug'], syscall: ['syscall'], simcall: [],
      quou: ['divide'], rems: ['divide'], call8: ['window'], callx12: ['window'], entry: ['window', 'illegal'],
      retw: ['window', 'illegal'], 'retw.n': ['window', 'illegal'], movsp: ['alloca'], rotw: ['privileged'],
      rfe: ['privileged'], rfi: ['privileged', 'illegal'], rsil: ['privileged'], waiti: ['privileged'],
      s32c1i: ['atomctl', 'memory'], l32e: ['privileged', 'memory'], 'recip0.s': ['illegal', 'coprocessor'],
      add: [], 'add.n': [], beq: [], j: [], call0: [], loop: [], mull: [], muluh: [], nop: [], movt: [], andb: [],
    };
    for (const [m, raises] of Object.entries(expect)) assert.deepEqual([...row(m).raises].sort(), [...raises].sort(), m);
  });
});
