// Where compiled regions meet (emulator/exec/jit/region.ts): a block start belongs to the first region
// compiled over it while that region runs long per call — a later region leaves to it instead of
// taking it over, so an outer loop's region leaves to its long inner loop's, which V8 optimises once —
// and a short-running region's starts (a few passes of a small inner loop per call) are taken over by
// the region around it, so that the nest is one function. A region whose blocks pass MAX_REGION
// leaves out the block that does not fit whole, so that it leaves at that block's start and not in
// its middle. At every sampled instruction budget the state is the interpreter's.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { MAX_REGION } from '../../emulator/exec/jit/compile';
import type { CompiledBlock } from '../../emulator/exec/insn';
import { ProgramBuilder } from './helpers/program';
import { imageOf } from './helpers/elf-image';

const CODE = 0x40000400;

/** Nested loops: `outer` runs `outer` times the `inner` passes of `inner` (5 instructions), which counts in a3. */
function nested(outer: number, inner: number): (p: ProgramBuilder) => void {
  return (p) => {
    p.i('movi', 2, outer).i('movi', 3, 0).label('outer').i('movi', 4, inner);
    p.label('inner').i('addi', 3, 3, 3).i('xor', 5, 3, 4).i('add', 3, 3, 5).i('addi', 4, 4, -1).i('bnez', 4, 'inner');
    p.label('after').i('addi', 2, 2, -1).i('bnez', 2, 'outer').label('done').i('nop');
  };
}

/** Length of each chunk of `chunks`: five of them are more than MAX_REGION. */
const CHUNK = 60;

/** A loop of five chunks, each a block of CHUNK instructions ending in a jump to the next. */
function chunks(p: ProgramBuilder): void {
  p.i('movi', 15, HOT + 16).i('movi', 3, 0).label('loop');
  for (let k = 0; k < 5; k++) {
    p.label(`chunk${k}`);
    for (let n = 0; n < CHUNK - 1; n++) p.i('addi', 3, 3, (n % 7) + 1);
    p.i('j', k < 4 ? `chunk${k + 1}` : 'tail');
  }
  p.label('tail').i('addi', 15, 15, -1).i('bnez', 15, 'loop').label('done').i('nop');
}

/** Transfers to a block start before it compiles: enough for the inner loop's region to have run the
 *  calls that judge it (jit/region.ts) before the outer loop's start compiles. */
const HOT = 32;

function machine(jit: boolean, body: (p: ProgramBuilder) => void): { m: Machine; symbols: ReadonlyMap<string, number> } {
  const p = new ProgramBuilder(CODE);
  body(p);
  const prog = p.build();
  const m = new Machine('q7', { jit, hotThreshold: HOT });
  m.loadElf(imageOf([{ addr: prog.addr, bytes: prog.bytes }], prog.addr));
  m.pc = prog.addr;
  m.addBreakpoint(prog.symbols.get('done')!);
  return { m, symbols: prog.symbols };
}

function stateAfter(jit: boolean, body: (p: ProgramBuilder) => void, limit: number): { pc: number; count: number; regs: number[] } {
  const { m } = machine(jit, body);
  m.run({ maxInstructions: limit });
  return { pc: m.pc, count: m.instructionCount, regs: [2, 3, 4, 5, 15].map((k) => m.readAR(k)) };
}

/** Runs `body` to its end with and without compiled regions, and at every `every`th budget on the way. */
function agreesWithInterpreter(body: (p: ProgramBuilder) => void, every: number): Machine {
  const { m } = machine(true, body);
  assert.equal(m.run({ maxInstructions: 10_000_000 }).kind, 'breakpoint');
  for (let limit = 1; limit <= m.instructionCount; limit += every) {
    assert.deepEqual(stateAfter(true, body, limit), stateAfter(false, body, limit), `after ${limit} instructions`);
  }
  assert.deepEqual(stateAfter(true, body, 10_000_000), stateAfter(false, body, 10_000_000), 'at the end');
  return m;
}

/** The addresses of `m`'s instructions in [from, to) that enter a compiled region. */
function entries(m: Machine, from: number, to: number): number[] {
  const out: number[] = [];
  for (let pc = from; pc < to; pc++) if (m.lookup(pc).blk !== null) out.push(pc);
  return out;
}

describe('emulator: where compiled regions meet', () => {
  /** Runs `body` until its inner loop's region is compiled and then to its end: that first region, and the machine. */
  function innerRegion(body: (p: ProgramBuilder) => void): { m: Machine; inner: number; first: CompiledBlock } {
    const { m, symbols } = machine(true, body);
    const inner = symbols.get('inner')!;
    // the inner loop is hot first: its region is compiled within the outer loop's first passes
    m.run({ maxInstructions: 40 * HOT });
    const first = m.lookup(inner).blk;
    assert.ok(first !== null, 'the inner loop is compiled first');
    assert.equal(m.run({ maxInstructions: 10_000_000 }).kind, 'breakpoint');
    assert.ok(m.compiledBlocks >= 2, `the outer loop compiled too (${m.compiledBlocks} regions)`);
    return { m, inner, first };
  }

  /** Whether the region entered at `pc` holds a copy of the block at `inner`. */
  const holds = (m: Machine, pc: number, inner: number): boolean => new RegExp(`// block 0x${inner.toString(16)}\\n`).test(m.lookup(pc).blk!.fn.toString());

  it('an outer loop\'s region leaves to a long-running inner loop\'s region, which keeps its starts', () => {
    const body = nested(HOT + 8, 1100);
    const { m, inner, first } = innerRegion(body);
    assert.ok(first.runs.insns / first.runs.calls > 4096, `the inner region runs long per call (${first.runs.insns} in ${first.runs.calls} calls)`);
    assert.equal(m.lookup(inner).blk?.fn, first.fn, 'the inner loop still enters the region compiled for it');
    const outer = machine(true, body).symbols.get('outer')!;
    assert.ok(m.lookup(outer).blk !== null && m.lookup(outer).blk!.fn !== first.fn, 'the outer loop is a region of its own');
    assert.ok(!holds(m, outer, inner), 'the outer loop\'s region holds no copy of the inner loop');
    agreesWithInterpreter(body, 4999);
  });

  it('an outer loop\'s region takes over the starts of a short-running inner loop\'s region', () => {
    const body = nested(HOT + 16, 10);
    const { m, inner, first } = innerRegion(body);
    const now = m.lookup(inner).blk!;
    assert.notEqual(now.fn, first.fn, 'the inner loop enters the outer loop\'s region');
    assert.ok(holds(m, inner, inner), 'which holds the inner loop\'s block');
    // the 16 outer passes after the take-over run in one function, not in a call per pass
    assert.ok(now.runs.calls <= 4, `the nest runs in one function (${now.runs.calls} calls of it)`);
    agreesWithInterpreter(body, 7);
  });

  it('a region leaves out whole the block that passes MAX_REGION, and leaves at its start', () => {
    assert.ok(5 * CHUNK > MAX_REGION && 4 * CHUNK < MAX_REGION, 'four chunks fit a region, five do not');
    const m = agreesWithInterpreter(chunks, 37);
    const { symbols } = machine(true, chunks);
    const starts = new Set([0, 1, 2, 3, 4].map((k) => symbols.get(`chunk${k}`)!).concat([symbols.get('tail')!]));
    const at = entries(m, CODE, symbols.get('done')!);
    assert.ok(at.length >= 5, `the loop is compiled (${at.map((pc) => pc.toString(16))})`);
    const inside = at.filter((pc) => !starts.has(pc));
    assert.deepEqual(inside.map((pc) => pc.toString(16)), [], 'no region starts in the middle of a chunk');
    assert.ok(m.compiledBlocks >= 2, 'the chunk left out is a region of its own');
  });
});
