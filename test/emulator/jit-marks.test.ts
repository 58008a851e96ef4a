// Compiled 32-bit stores to a page on the Memory's marking path (an output tensor's HBM page whose
// bytes are not all written yet: emulator/exec/jit/template.ts store, Memory.markingPath): the words, the marks,
// the count of unmarked bytes and the moment the page completes (its done(), after which the page is
// aliased again without marks, as the device does) are the interpreter's at every sampled budget;
// byte and halfword stores keep the Memory's path.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { PAGE_SIZE, type WriteMarks } from '../../emulator/memory/memory';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;
/** The marked page's address (a page of its own, aliased like an HBM window's). */
const PAGE = 0x30000000;

/**
 * Stores every word of the page twice (at +4 in one pass, at +0 in the next), a byte and a halfword
 * each 64th pass, then rewrites its first 64 words after the page completed.
 */
function program(p: ProgramBuilder): void {
  p.i('j', 'start').align(4).label('lit_page').word(PAGE).label('lit_n').word(PAGE_SIZE / 4 - 1);
  p.label('start').i('l32r', 4, 'lit_page').i('l32r', 5, 'lit_n').i('movi', 3, 1);
  p.label('loop').i('s32i', 3, 4, 0).i('s32i', 3, 4, 4).i('addi', 3, 3, 7).i('extui', 6, 5, 0, 6).i('bnez', 6, 'skip');
  p.i('s8i', 3, 4, 2).i('s16i', 3, 4, 6);
  p.label('skip').i('addi', 4, 4, 4).i('addi', 5, 5, -1).i('bnez', 5, 'loop');
  p.i('l32r', 4, 'lit_page').i('movi', 5, 64);
  p.label('again').i('s32i', 3, 4, 0).i('addi', 3, 3, 1).i('addi', 4, 4, 4).i('addi', 5, 5, -1).i('bnez', 5, 'again');
  p.label('done').i('nop');
}

interface Run {
  readonly m: Machine;
  readonly marks: WriteMarks;
  /** done()'s calls. */
  readonly completed: number[];
  readonly loop: number;
}

function machine(jit: boolean): Run {
  const p = new ProgramBuilder(CODE);
  program(p);
  const prog = p.build();
  const m = new Machine('q7', { jit, hotThreshold: 4 });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
  m.pc = prog.addr;
  m.addBreakpoint(prog.symbols.get('done')!);
  const buffer = new ArrayBuffer(PAGE_SIZE);
  // some bytes marked before: the first word whole, the next one's first byte, and every 1000th byte
  const bytes = new Uint8Array(PAGE_SIZE);
  bytes.fill(1, 0, 5);
  for (let k = 0; k < PAGE_SIZE; k += 1000) bytes[k] = 1;
  const completed: number[] = [];
  const mem = m.cpu.mem;
  const marks: WriteMarks = {
    bytes,
    left: { n: bytes.reduce((n, b) => n + (b === 0 ? 1 : 0), 0) },
    done: () => {
      completed.push(completed.length);
      mem.aliasPage(PAGE >>> 16, buffer);
    },
  };
  mem.aliasPage(PAGE >>> 16, buffer, { marks });
  return { m, marks, completed, loop: prog.symbols.get('loop')! };
}

function stateAfter(jit: boolean, limit: number): unknown {
  const r = machine(jit);
  r.m.run({ maxInstructions: limit });
  const words = new Int32Array(PAGE_SIZE / 4).map((_, k) => r.m.read32(PAGE + 4 * k) ?? -1);
  return { pc: r.m.pc, count: r.m.instructionCount, left: r.marks.left.n, marks: Buffer.from(r.marks.bytes).toString('base64'), words: Buffer.from(words.buffer).toString('base64'), completed: r.completed.length };
}

describe('emulator: compiled stores to pages with write marks', () => {
  it('store words, marks and the page\'s completion as the interpreter does, at every sampled budget', () => {
    const jit = machine(true);
    assert.equal(jit.m.run({ maxInstructions: 10_000_000 }).kind, 'breakpoint');
    const plain = machine(false);
    assert.equal(plain.m.run({ maxInstructions: 10_000_000 }).kind, 'breakpoint');
    assert.ok(jit.m.compiledBlocks > 0, 'the loop was compiled');
    assert.match(jit.m.lookup(jit.loop).blk?.fn.toString() ?? '', /mkStore\(ad, /, 'the loop\'s stores try the marking path before the slow path');
    assert.equal(jit.completed.length, 1, 'the page completed once');
    assert.equal(plain.completed.length, 1);
    assert.equal(jit.marks.left.n, 0);
    const total = jit.m.instructionCount;
    for (let limit = 1; limit <= total; limit += limit < 2000 ? 13 : 4099) {
      assert.deepEqual(stateAfter(true, limit), stateAfter(false, limit), `after ${limit} instructions`);
    }
    assert.deepEqual(stateAfter(true, total), stateAfter(false, total), 'at the end');
  });
});
