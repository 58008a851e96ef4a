// Every IVP row inside compiled code: random straight-line blocks of vector instructions (all rows
// but gathers/scatters, whose random offsets would fault), looped so that the block compiler takes
// them, must leave exactly the state the interpreter leaves (ARs the handlers update, all vector
// files, memory). Pointer operands start 64-aligned in local memory and move by multiples of 4.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { INSNS, InsnDef, encode, wordBytes } from '../../xtensa/isa';
import { CODE, DATA, rng } from './helpers/ivp';

const POINTERS = [2, 3, 4, 5, 6, 7];
const SMALL = [8, 9, 10, 11, 12, 13];
const COUNTER = 14;

const ROWS = INSNS.filter((d) => d.feature === 'ivp' && !/gather|scatter|extr(2nx8|nx16|n_2x32)$/.test(d.mnemonic));

function operands(def: InsnDef, next: () => number): number[] {
  let pointerDone = false;
  return def.operands.map((o) => {
    switch (o.kind) {
      case 'ar': {
        if (def.mem && !pointerDone) {
          pointerDone = true;
          return POINTERS[next() % POINTERS.length];
        }
        return SMALL[next() % SMALL.length];
      }
      default: {
        // a vector-file register or an immediate: a random raw field value that encodes (offsets stay
        // multiples of the element, register quads multiples of 4)
        for (;;) {
          const raw = next() & ((1 << o.slices.reduce((s, x) => s + x.len, 0)) - 1);
          const v = o.decode(raw, 0);
          // pointer increments of memory rows stay multiples of 4, so element accesses stay aligned
          if (o.encode(v, 0) !== null && (o.kind !== 'imm' || !def.mem || v % 4 === 0)) return v;
        }
      }
    }
  });
}

/** A loop of `count` random IVP instructions run `reps` times, then a breakpoint. */
function program(seed: number, count: number): { bytes: number[]; done: number } {
  const next = rng(seed);
  const bytes: number[] = [];
  const emit = (def: InsnDef, ops: number[]) => bytes.push(...wordBytes(encode(def, ops, CODE + bytes.length), def.size));
  const row = (m: string) => INSNS.find((d) => d.mnemonic === m)!;
  const loop = CODE + bytes.length;
  for (let k = 0; k < count; k++) {
    const def = ROWS[next() % ROWS.length];
    emit(def, operands(def, next));
  }
  emit(row('addi'), [COUNTER, COUNTER, -1]);
  emit(row('bnez'), [COUNTER, loop]);
  const done = CODE + bytes.length;
  emit(row('nop'), []);
  return { bytes, done };
}

function runOn(jit: boolean, seed: number, count: number): Machine {
  const { bytes, done } = program(seed, count);
  const m = new Machine('q7', { jit, hotThreshold: 8, stopOnException: true });
  m.writeMemory(CODE, Uint8Array.from(bytes));
  const next = rng(seed * 7 + 1);
  m.writeMemory(DATA, Uint8Array.from({ length: 1 << 16 }, () => next() & 255));
  for (let r = 0; r < 32; r++) m.writeVector(r, Uint8Array.from({ length: 64 }, () => next() & 255));
  for (let r = 0; r < 4; r++) m.writeWide(r, Uint8Array.from({ length: 192 }, () => next() & 255));
  for (let r = 0; r < 16; r++) m.writePredicate(r, (BigInt(next()) << 32n) | BigInt(next()));
  POINTERS.forEach((a, k) => m.writeAR(a, DATA + 0x100000 + 0x4000 * k));
  SMALL.forEach((a) => m.writeAR(a, 4 * (next() % 40)));
  m.writeAR(COUNTER, 24);
  m.pc = CODE;
  m.addBreakpoint(done);
  const stop = m.run({ maxInstructions: 100_000 });
  assert.equal(stop.kind, 'breakpoint', `seed ${seed}: ${JSON.stringify(stop)}`);
  return m;
}

function state(m: Machine): string {
  const parts: string[] = [];
  for (let r = 0; r < 16; r++) parts.push(m.readAR(r).toString(16));
  for (let r = 0; r < 32; r++) parts.push(Buffer.from(m.readVector(r)).toString('hex'));
  for (let r = 0; r < 4; r++) parts.push(Buffer.from(m.readWide(r)).toString('hex'), Buffer.from(m.readAlign(r)).toString('hex'));
  for (let r = 0; r < 16; r++) parts.push(m.readPredicate(r).toString(16));
  parts.push(Buffer.from(m.readMemory(DATA + 0xf0000, 0x30000)!).toString('hex'));
  return parts.join(' ');
}

describe('IVP rows in compiled blocks agree with the interpreter', function () {
  this.timeout(120_000);
  it(`random blocks over all ${ROWS.length} rows (gathers and scatters aside)`, () => {
    let covered = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const interp = runOn(false, seed, 24);
      const jit = runOn(true, seed, 24);
      assert.ok(jit.compiledBlocks > 0, `seed ${seed}: nothing was compiled`);
      assert.equal(state(jit), state(interp), `seed ${seed}: compiled blocks and interpreter differ`);
      covered += 24;
    }
    assert.ok(covered >= ROWS.length * 3, 'each row is drawn about three times');
  });
});
