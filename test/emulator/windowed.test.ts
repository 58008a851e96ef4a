// The windowed-register ABI (xtensa-ivp-spec.md §7): CALLn/ENTRY/RETW state changes, their
// legality checks, WindowOverflow/WindowUnderflow entry state (WINDOWBASE, WINDOWSTART, PS.OWB,
// PS.EXCM, EPC1, vector), RFWO/RFWU, MOVSP's Alloca, ROTW, L32E/S32E, and deep CALL4/CALL8/CALL12
// recursion through the real spill/fill handlers of target/q7/window-vectors.S.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import type { CoreName, StopReason } from '../../emulator';
import { ProgramBuilder } from './helpers/program';
import { Piece, imageOf } from './helpers/elf-image';
import { windowVectors } from './helpers/rom';
import { recursion, recursionResult as expected } from './helpers/recursion';

const PS_WOE = 0x40000;
const PS_UM = 0x20;
const PS_EXCM = 0x10;

interface Run {
  m: Machine;
  stop: StopReason;
  sym: ReadonlyMap<string, number>;
}

/** Builds code at `base` (VECBASE keeps its reset value; the ROM handlers are loaded there). */
function build(core: CoreName, body: (p: ProgramBuilder) => void, opts: { rom?: boolean; ps?: number; ws?: number; wb?: number } = {}) {
  const base = core === 'q7' ? 0x40000400 : 0xfe000000;
  const p = new ProgramBuilder(base);
  body(p);
  const prog = p.build();
  const m = new Machine(core);
  const vecbase = m.readSR('vecbase');
  const pieces: Piece[] = [{ addr: prog.addr, bytes: prog.bytes }];
  if (opts.rom ?? true) pieces.push(windowVectors(vecbase).piece);
  m.loadElf(imageOf(pieces, base));
  m.pc = base;
  m.writeSR('windowbase', opts.wb ?? 0);
  m.writeSR('windowstart', opts.ws ?? 1 << (opts.wb ?? 0));
  m.writeSR('ps', opts.ps ?? PS_WOE | PS_UM);
  return { m, sym: prog.symbols, vecbase };
}

function runTo(core: CoreName, body: (p: ProgramBuilder) => void, stopAt: string, opts: Parameters<typeof build>[2] & { setup?: (m: Machine) => void } = {}): Run {
  const { m, sym } = build(core, body, opts);
  opts.setup?.(m);
  m.addBreakpoint(sym.get(stopAt)!);
  const stop = m.run({ maxInstructions: 1_000_000 });
  return { m, stop, sym };
}

describe('emulator: windowed calls', () => {
  for (const [n, mn] of [[1, 'call4'], [2, 'call8'], [3, 'call12']] as const) {
    it(`${mn} links a${4 * n} with the window increment in bits 31:30 and sets PS.CALLINC`, () => {
      const r = runTo('q7', (p) => p.i(mn, 'f').label('ret').i('nop').align(4).label('f').i('nop'), 'f');
      assert.equal(r.stop.kind, 'breakpoint');
      assert.equal(r.m.readAR(4 * n), ((n << 30) | (r.sym.get('ret')! & 0x3fffffff)) >>> 0);
      assert.equal((r.m.readSR('ps') >>> 16) & 3, n);
      assert.equal(r.m.readSR('windowbase'), 0, 'no rotation before ENTRY');
    });
  }

  it('callx8 reads its target before linking a8 (callx8 a8)', () => {
    const r = runTo('q7', (p) => {
      p.i('j', 'go').align(4).label('lit').word('f').label('go').i('l32r', 8, 'lit').i('callx8', 8).label('ret').i('nop').align(4).label('f').i('nop');
    }, 'f');
    assert.equal(r.m.readAR(8), ((2 << 30) | (r.sym.get('ret')! & 0x3fffffff)) >>> 0);
  });

  it('ENTRY rotates by CALLINC, marks the new frame live and allocates the frame', () => {
    const r = runTo('q7', (p) => {
      p.i('movi', 10, 111).i('movi', 11, 222).i('movi', 15, 555).i('call8', 'f').label('ret').i('nop');
      p.align(4).label('f').i('entry', 1, 48).label('in').i('nop');
    }, 'in', { setup: (m) => m.writeAR(1, 0x3fff0000) });
    const m = r.m;
    assert.equal(m.readSR('windowbase'), 2);
    assert.equal(m.readSR('windowstart'), 0b101);
    assert.equal(m.readAR(1), 0x3fff0000 - 48);
    assert.equal(m.readAR(0), ((2 << 30) | (r.sym.get('ret')! & 0x3fffffff)) >>> 0);
    assert.equal(m.readAR(2), 111);
    assert.equal(m.readAR(3), 222);
    assert.equal(m.readAR(7), 555);
    assert.equal(m.readPhysAR(9), 0x3fff0000 - 48, 'callee a1 is caller a9 (physical AR9)');
    assert.equal(m.readPhysAR(1), 0x3fff0000);
  });

  it('RETW returns to a0[29:0] in the current 1 GiB region, frees the frame and rotates back', () => {
    const r = runTo('q7', (p) => {
      p.i('call12', 'f').label('ret').i('nop').label('done').i('nop');
      p.align(4).label('f').i('entry', 1, 32).i('movi', 2, 77).i('retw.n');
    }, 'ret', { setup: (m) => m.writeAR(1, 0x3fff0000) });
    assert.equal(r.m.pc, r.sym.get('ret'));
    assert.equal(r.m.readSR('windowbase'), 0);
    assert.equal(r.m.readSR('windowstart'), 1);
    assert.equal(r.m.readAR(14), 77, 'return value in caller a14');
    assert.equal(r.m.readAR(1), 0x3fff0000);
  });

  it('makes ENTRY illegal with PS.WOE = 0, PS.EXCM = 1, or s > 3', () => {
    for (const [ps, s] of [[PS_UM, 1], [PS_WOE | PS_UM | PS_EXCM, 1], [PS_WOE | PS_UM, 4]]) {
      const { m } = build('q7', (p) => p.i('entry', s, 32), { ps });
      m.cpu.stopOnException = true;
      const stop = m.run({ maxInstructions: 5 });
      assert.deepEqual(stop, { kind: 'exception', cause: 0, causeName: 'IllegalInstruction', pc: 0x40000400, vaddr: undefined }, `ps ${ps} s ${s}`);
    }
  });

  it('makes RETW illegal when a0[31:30] = 0 or the caller frame is not that far below', () => {
    for (const [a0, ws] of [[0x40000500, 0b11], [(2 << 30) | 0x500, 0b11], [(1 << 30) | 0x500, 0b1001]]) {
      const { m } = build('q7', (p) => p.i('retw'), { ws, wb: 1 });
      m.writeAR(0, a0);
      m.cpu.stopOnException = true;
      const stop = m.run({ maxInstructions: 5 });
      assert.equal(stop.kind === 'exception' && stop.cause, 0, `a0 ${a0.toString(16)} ws ${ws.toString(2)}`);
    }
  });
});

describe('emulator: window exceptions', () => {
  it('raises WindowOverflow12 before an instruction that reaches a live frame (dc233c, QEMU state)', () => {
    // WB = 0, live frames at panes 0 and 2: a8 (pane 2) is not free; the frame in the way is the one
    // at pane 2, and the next live frame above it (pane 0 + 8) is 6 panes further → overflow12.
    const { m, vecbase } = build('dc233c', (p) => p.i('add', 8, 2, 3), { ws: 0b101, rom: false });
    m.addBreakpoint(vecbase + 0x100);
    const stop = m.run({ maxInstructions: 5 });
    assert.deepEqual(stop, { kind: 'breakpoint', pc: vecbase + 0x100 });
    assert.equal(m.readSR('windowbase'), 2);
    assert.equal(m.readSR('windowstart'), 0b101);
    assert.equal(m.readSR('ps'), PS_WOE | PS_UM | PS_EXCM);
    assert.equal(m.readSR('epc1'), 0xfe000000);
    assert.equal(m.instructionCount, 0);
  });

  it('raises WindowOverflow4/8 by the distance to the next live frame, with PS.OWB = old WB', () => {
    // WB = 2, live panes 2, 3 and 5: a4 (pane 1 above) is live → spill pane 3, whose next live
    // frame (pane 5) is 2 panes away → overflow8; then with pane 4 live instead → overflow4.
    for (const [ws, vec] of [[0b101100, 0x80], [0b11100, 0x0]]) {
      const { m, vecbase } = build('dc233c', (p) => p.i('mov.n', 4, 5), { ws, wb: 2, rom: false });
      m.addBreakpoint(vecbase + vec);
      const stop = m.run({ maxInstructions: 5 });
      assert.deepEqual(stop, { kind: 'breakpoint', pc: vecbase + vec }, `ws ${ws.toString(2)}`);
      assert.equal(m.readSR('windowbase'), 3);
      assert.equal((m.readSR('ps') >>> 8) & 15, 2, 'PS.OWB');
    }
  });

  it('raises WindowUnderflow8 for RETW to a spilled caller and re-executes the RETW after RFWU', () => {
    const { m, vecbase } = build('dc233c', (p) => {
      p.i('retw').label('after').i('nop');
    }, { ws: 0b100, wb: 2 });
    m.writeAR(0, (2 << 30) | 0x1234);
    m.addBreakpoint(vecbase + 0xc0);
    let stop = m.run({ maxInstructions: 5 });
    assert.deepEqual(stop, { kind: 'breakpoint', pc: vecbase + 0xc0 });
    assert.equal(m.readSR('windowbase'), 0);
    assert.equal((m.readSR('ps') >>> 8) & 15, 2);
    assert.equal(m.readSR('epc1'), 0xfe000000);
    assert.equal(m.readSR('windowstart'), 0b100);
    // Pretend the handler reloaded the frame, then return with RFWU and let the RETW complete.
    m.removeBreakpoint(vecbase + 0xc0);
    m.pc = vecbase + 0x140 + 0x40; // past the handlers, into zero-filled (ILL) space: write an RFWU there
    m.writeMemory(m.pc, new Uint8Array([0x00, 0x35, 0x00]));
    stop = m.step(1);
    assert.equal(m.readSR('windowstart'), 0b101);
    assert.equal(m.readSR('windowbase'), 2);
    assert.equal(m.pc, 0xfe000000);
    stop = m.step(1);
    assert.equal(m.readSR('windowbase'), 0);
    assert.equal(m.readSR('windowstart'), 0b001);
    assert.equal(m.pc, ((0xfe000000 & 0xc0000000) | 0x1234) >>> 0);
  });

  it('RFWO frees the spilled frame and returns to EPC1 with WB = PS.OWB, EXCM = 0', () => {
    const { m } = build('q7', (p) => p.i('rfwo'), { ws: 0b1001, wb: 3, ps: PS_WOE | PS_UM | PS_EXCM | (1 << 8) });
    m.writeSR('epc1', 0x40000500);
    m.step(1);
    assert.equal(m.readSR('windowstart'), 0b0001);
    assert.equal(m.readSR('windowbase'), 1);
    assert.equal(m.readSR('ps'), PS_WOE | PS_UM | (1 << 8));
    assert.equal(m.pc, 0x40000500);
  });

  it('raises Alloca (cause 5) for MOVSP when the three frames below are not live', () => {
    const { m } = build('q7', (p) => p.i('movsp', 1, 5), { ws: 0b10001, wb: 4 });
    m.cpu.stopOnException = true;
    assert.deepEqual(m.run({ maxInstructions: 2 }), { kind: 'exception', cause: 5, causeName: 'Alloca', pc: 0x40000400, vaddr: undefined });
    const ok = build('q7', (p) => p.i('movsp', 1, 5), { ws: 0b10010, wb: 4 }).m;
    ok.writeAR(5, 1234);
    ok.step(1);
    assert.equal(ok.readAR(1), 1234);
  });

  it('rotates with ROTW (modulo the pane count) and accesses frames with L32E/S32E', () => {
    const { m } = build('dc233c', (p) => p.i('rotw', -3).i('s32e', 2, 3, -64).i('l32e', 4, 3, -4), { ws: 1, ps: PS_UM | PS_EXCM });
    const d = 0x10000;
    m.writeAR(2, 0xabc); // in the initial window; after rotation to pane 5 it is AR22
    m.step(1);
    assert.equal(m.readSR('windowbase'), 5);
    m.writeAR(3, d + 64);
    m.writeAR(2, 0x55);
    m.write32(d + 60, 0x99);
    m.step(2);
    assert.equal(m.read32(d), 0x55);
    assert.equal(m.readAR(4), 0x99);
    assert.equal(m.readPhysAR(2), 0xabc);
  });
});

/**
 * f(n) = 0 for n = 0, else f(n-1) + n + extra, calling itself with CALL4 (n % 3 = 0, extra 0),
 * CALL8 (n % 3 = 1, extra 5n kept in a7) or CALL12 (n % 3 = 2, extra 3n kept in a11), so locals in
 * a3, a7 and a11 must survive the spills and fills of the window handlers.
 */
describe('emulator: deep windowed recursion through the ROM handlers', () => {
  for (const [core, top] of [['q7', 0x40000000], ['dc233c', 0x00100000], ['de233_fpu', 0x00100000]] as const) {
    it(`computes the right result with mixed CALL4/8/12 on ${core}`, () => {
      for (const n of [1, 5, 40, 300]) {
        const { m, sym, vecbase } = build(core, (p) => recursion(p, n, top));
        const vectors = new Map<number, number>();
        m.trace = (ev) => {
          if (ev.pc >= vecbase && ev.pc < vecbase + 0x180 && (ev.pc - vecbase) % 0x40 === 0) {
            vectors.set(ev.pc - vecbase, (vectors.get(ev.pc - vecbase) ?? 0) + 1);
          }
        };
        m.addBreakpoint(sym.get('done')!);
        const stop = m.run({ maxInstructions: 5_000_000 });
        assert.deepEqual(stop, { kind: 'breakpoint', pc: sym.get('done') }, `n = ${n}`);
        assert.equal(m.readAR(9), expected(n), `f(${n})`);
        assert.equal(m.readAR(1), top, 'stack pointer restored');
        assert.equal(m.readSR('windowstart'), 1 << m.readSR('windowbase'), 'only the outer frame is live');
        assert.equal(m.readSR('ps') & PS_EXCM, 0);
        if (n >= 40) {
          for (const off of [0x00, 0x40, 0x80, 0xc0, 0x100, 0x140]) {
            assert.ok((vectors.get(off) ?? 0) > 0, `vector 0x${off.toString(16)} taken (${core}, n = ${n})`);
          }
        } else if (n <= 1) {
          assert.equal(vectors.size, 0);
        }
      }
    });
  }
});
