// The IVP vector unit's speed in the emulator: a float ReLU over 4096 f32 in local memory written
// with vector instructions (ivp_lvn_2xf32_ip / ivp_maxn_2xf32 / ivp_svn_2xf32_ip, 16 lanes per
// operation) beside the same ReLU written with scalar instructions (l32i / max / s32i on the float
// bits, which is ReLU for every non-NaN float), and a 16-bit multiply / 48-bit accumulate / rounding
// pack loop. Figures: vector operations per second (compiled blocks and interpreter alone) and the
// emulated instructions and wall time per element of each ReLU. Programs are assembled by our assembler.

import { performance } from 'node:perf_hooks';
import { Machine } from '../emulator';
import { assemble } from '../xtensa/asm';

const N = 4096;

const PROLOGUE = `
  .text
  .global _start
_start:
  movi a3, 0x3fe
  slli a3, a3, 20
`;

/** Vector ReLU: 4 vector instructions per 16 elements (plus 2 loop-control ones). */
const VECTOR_RELU = `${PROLOGUE}
  movi a8, 0
  ivp_movva32 v0, a8
  movi a12, REPS
rep:
  mov a6, a3
  mov a9, a3
  movi a5, ${N / 16}
loop:
  ivp_lvn_2xf32_ip v1, a6, 64
  ivp_maxn_2xf32 v1, v1, v0
  ivp_svn_2xf32_ip v1, a9, 64
  addi a5, a5, -1
  bnez a5, loop
  addi a12, a12, -1
  bnez a12, rep
done:
  nop
`;

/** Scalar ReLU on the float bits. */
const SCALAR_RELU = `${PROLOGUE}
  movi a12, REPS
rep:
  mov a6, a3
  movi a5, ${N / 1024}
  slli a5, a5, 10
  movi a8, 0
loop:
  l32i a10, a6, 0
  max a10, a10, a8
  s32i a10, a6, 0
  addi a6, a6, 4
  addi a5, a5, -1
  bnez a5, loop
  addi a12, a12, -1
  bnez a12, rep
done:
  nop
`;

/** Q15 multiply: load ×2, MUL into wv, PACKVR, store (5 vector instructions per 32 elements). */
const MAC_PACK = `${PROLOGUE}
  movi a15, 15
  movi a12, REPS
rep:
  mov a6, a3
  movi a5, ${N / 32}
loop:
  ivp_lvnx16_ip v1, a6, 64
  ivp_lvnx16_i v2, a6, 0
  ivp_mulnx16 wv1, v1, v2
  ivp_packvrnx48 v3, wv1, a15
  ivp_svnx16_i v3, a6, -64
  addi a5, a5, -1
  bnez a5, loop
  addi a12, a12, -1
  bnez a12, rep
done:
  nop
`;

export interface VectorRun {
  readonly name: string;
  readonly instructions: number;
  readonly vectorOps: number;
  readonly elements: number;
  readonly seconds: number;
}

function run(name: string, source: string, reps: number, vectorOpsPerRep: number, jit: boolean): VectorRun {
  const { image } = assemble([{ name: `${name}.S`, text: source.replace('REPS', String(reps)) }], { base: 0x40000400, entry: '_start' });
  const m = new Machine('q7', { jit });
  m.loadElf(image);
  const data = new Float32Array(N).map((_, k) => Math.sin(k) * 100);
  m.writeMemory(0x3fe00000, new Uint8Array(data.buffer));
  const done = image.symbols.find((s) => s.name === 'done')!.value;
  m.addBreakpoint(done);
  const t0 = performance.now();
  const stop = m.run({ maxInstructions: 1e10 });
  const seconds = (performance.now() - t0) / 1000;
  if (stop.kind !== 'breakpoint') throw new Error(`vector bench ${name}: ${JSON.stringify(stop)}`);
  return { name, instructions: m.instructionCount, vectorOps: vectorOpsPerRep * reps, elements: N * reps, seconds };
}

export interface VectorBench {
  readonly reluVector: VectorRun;
  readonly reluVectorInterpreter: VectorRun;
  readonly reluScalar: VectorRun;
  readonly macPack: VectorRun;
}

export function vectorBench(full: boolean): VectorBench {
  const reps = full ? 2000 : 300;
  return {
    reluVector: run('relu-vector', VECTOR_RELU, reps, (N / 16) * 3, true),
    reluVectorInterpreter: run('relu-vector-interpreter', VECTOR_RELU, Math.ceil(reps / 4), (N / 16) * 3, false),
    reluScalar: run('relu-scalar', SCALAR_RELU, Math.ceil(reps / 8), 0, true),
    macPack: run('mul-pack', MAC_PACK, reps, (N / 32) * 5, true),
  };
}

const fmt = (n: number, d = 1) => n.toFixed(d);

export function formatVectorBench(r: VectorBench): string[] {
  const perElem = (x: VectorRun) => `${fmt(x.instructions / x.elements, 3)} insns, ${fmt((x.seconds * 1e9) / x.elements, 2)} ns per element`;
  const ops = (x: VectorRun) => `${fmt(x.vectorOps / x.seconds / 1e6, 2)} M vector ops/s (${fmt(x.instructions / x.seconds / 1e6, 1)} M insn/s)`;
  return [
    `vector ReLU, compiled blocks:   ${ops(r.reluVector)}; ${perElem(r.reluVector)}`,
    `vector ReLU, interpreter only:  ${ops(r.reluVectorInterpreter)}; ${perElem(r.reluVectorInterpreter)}`,
    `scalar ReLU (yardstick):        ${fmt(r.reluScalar.instructions / r.reluScalar.seconds / 1e6, 1)} M insn/s; ${perElem(r.reluScalar)}`,
    `vector / scalar ReLU: ${fmt(r.reluScalar.instructions / r.reluScalar.elements / (r.reluVector.instructions / r.reluVector.elements), 1)}x fewer instructions, ${fmt(r.reluScalar.seconds / r.reluScalar.elements / (r.reluVector.seconds / r.reluVector.elements), 2)}x the speed per element`,
    `mul 16x16 → 48, pack, compiled: ${ops(r.macPack)}; ${perElem(r.macPack)}`,
  ];
}
