// The compiled vectorised ReLU against the compiled scalar TCM ReLU on the emulated Q7 device:
// examples/kernels/relu_ivp.cpp (16 floats per IVP operation) and relu_tcm.cpp (one float per
// iteration), both built by our compiler at -O2 without sanitizer checks and run over the same
// 64 Ki-element float32 tensor. Figures: emulated instructions and wall time per element of each, and
// the vector/scalar ratios; whether the two outputs are the same.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { compile } from '../compiler';
import { memoryHost } from '../language';
import { KernelSession } from '../session';
import type { HostTensor } from '../tensors';
import type { ElfImage } from '../xtensa/elf';
import { frontend, noFiles } from './device';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples', 'kernels');

export interface ReluRun {
  readonly kernel: string;
  readonly elements: number;
  readonly instructions: number;
  readonly seconds: number;
}

export interface CompiledVectorBench {
  readonly vector: ReluRun;
  readonly scalar: ReluRun;
  readonly sameOutput: boolean;
}

function run(image: ElfImage, fn: string, elements: number): ReluRun & { output?: HostTensor } {
  const session = KernelSession.open(image, { file: fn, fn, args: [{ shape: [elements], dtype: 'float32', init: 'randn', seed: 7 }], countTranslates: false }, noFiles);
  const t0 = process.hrtime.bigint();
  const r = session.run();
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.fatal) throw new Error(`bench: ${fn} faulted: ${r.device.faults[0]?.message}`);
  return { kernel: fn, elements, instructions: r.device.cores[0].instructions, seconds, output: r.output };
}

export async function compiledVectorBench(full: boolean): Promise<CompiledVectorBench> {
  const elements = (full ? 256 : 64) * 1024;
  const fe = await frontend();
  const image = (file: string): ElfImage => {
    const text = fs.readFileSync(path.join(EXAMPLES, file), 'utf8');
    const name = `/examples/${file}`;
    const r = compile(fe, name, memoryHost({ [name]: text }), { optimize: 2 });
    if (!r.image) throw new Error(`bench: ${file} does not build: ${r.diagnostics.map((d) => d.message).join('; ')}`);
    return r.image;
  };
  const scalar = run(image('relu_tcm.cpp'), 'relu_tcm_forward', elements);
  const vector = run(image('relu_ivp.cpp'), 'relu_ivp_forward', elements);
  const same = !!vector.output && !!scalar.output && Buffer.compare(Buffer.from(vector.output.data), Buffer.from(scalar.output.data)) === 0;
  return { vector, scalar, sameOutput: same };
}

const perElement = (r: ReluRun) => `${(r.instructions / r.elements).toFixed(2)} insns, ${((r.seconds * 1e9) / r.elements).toFixed(1)} ns per element`;

export function formatCompiledVectorBench(b: CompiledVectorBench): string[] {
  const insnRatio = b.scalar.instructions / b.scalar.elements / (b.vector.instructions / b.vector.elements);
  const timeRatio = b.scalar.seconds / b.scalar.elements / (b.vector.seconds / b.vector.elements);
  return [
    `compiled vector ReLU (relu_ivp.cpp, -O2):  ${perElement(b.vector)} (${b.vector.elements} elements)`,
    `scalar TCM ReLU (relu_tcm.cpp, yardstick): ${perElement(b.scalar)} (${b.scalar.elements} elements)`,
    `compiled vector / scalar ReLU: ${insnRatio.toFixed(1)}x fewer instructions, ${timeRatio.toFixed(2)}x the speed per element; outputs ${b.sameOutput ? 'identical' : 'DIFFER'}`,
  ];
}
