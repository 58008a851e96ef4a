// The device benchmark: the accessor ReLU on a 1024×1024 float32 tensor on the emulated Q7 device
// versus the same kernel built natively against the host shim (wall-time ratio, emulated
// instructions per second), and instructions executed per output element and emulated instructions
// per second for the ReLU variants (accessor, TCM, stream) at -O0, -O1 and -O2.
// Exported for bench/run.ts: deviceBench() and formatDeviceBench().

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Frontend, locateGrammarFiles, memoryHost } from '../language';
import { compile } from '../compiler';
import { KernelSession } from '../session';
import type { ElfImage } from '../xtensa/elf';
import { buildNative, runNative } from '../hostshim';
import { generateTensor, parseTensorSpec, writeNpy } from '../tensors';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples', 'kernels');

/** The benchmarks generate their tensors: no file is read. */
export const noFiles = (p: string): Uint8Array => {
  throw new Error(`bench: no file access (${p})`);
};

export const STREAM_RELU = `#include <torch/torch.h>
torch::Tensor relu_stream_forward(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
  auto in = t_in.read_stream_accessor<float>();
  auto out = t_out.write_stream_accessor<float>();
  for (int64_t k = 0; k < t_in.numel(); k++) {
    float x = in.read();
    out.write(x > 0.0f ? x : 0.0f);
  }
  return t_out;
}
`;

export interface VariantFigure {
  readonly variant: string;
  readonly opt: string;
  readonly elements: number;
  readonly instructions: number;
  readonly perElement: number;
  /** Emulated instructions per second (millions). */
  readonly mips: number;
}

export interface DeviceBench {
  readonly elements: number;
  readonly emulatorSeconds: number;
  readonly instructions: number;
  readonly mips: number;
  readonly translates: number;
  /** With neuron_translate counting (an execution counter, no stop) switched off. */
  readonly emulatorSecondsNoCount: number;
  readonly nativeSeconds?: number;
  readonly ratio?: number;
  readonly nativeNote?: string;
  readonly variants: readonly VariantFigure[];
}

export async function frontend(): Promise<Frontend> {
  const found = locateGrammarFiles((p) => (fs.existsSync(p) ? fs.readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
  if (typeof found === 'string') throw new Error(found);
  return Frontend.create(found);
}

/** Builds as the device runs it in production: no sanitizer checks compiled in. */
export function build(fe: Frontend, file: string, text: string, optimize: 0 | 1 | 2 = 0): ElfImage {
  const r = compile(fe, file, memoryHost({ [file]: text }), { optimize });
  if (!r.image) throw new Error(`bench: ${file} does not build: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return r.image;
}

function runOn(image: ElfImage, fn: string, shape: number[], countTranslates = true): { seconds: number; instructions: number; translates: number } {
  const session = KernelSession.open(image, { file: fn, fn, args: [{ shape, dtype: 'float32', init: 'randn', seed: 1 }], countTranslates }, noFiles);
  const t0 = process.hrtime.bigint();
  const r = session.run().device;
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.faults.some((f) => f.fatal)) throw new Error(`bench: ${fn} faulted: ${r.faults[0].message}`);
  return { seconds, instructions: r.cores[0].instructions, translates: r.cores[0].translates };
}

function nativeRun(file: string, shape: number[]): { seconds?: number; note?: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bench-device-'));
  try {
    const exe = buildNative(file, { name: 'relu_forward', params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores: 1 }, { dir, optimize: '-O2' });
    const input = path.join(dir, 'in.npy');
    fs.writeFileSync(input, writeNpy(generateTensor(parseTensorSpec(`shape=${shape.join('x')},init=randn,seed=1`))));
    const r = runNative(exe, path.join(dir, 'out.npy'), [input]);
    const m = /q7host: kernel (\d+) ns/.exec(r.stderr);
    if (r.status !== 0 || !m) return { note: `native run failed: ${r.stderr.trim()}` };
    return { seconds: Number(m[1]) / 1e9 };
  } catch (e) {
    return { note: `no native build (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function deviceBench(options: { rows?: number; cols?: number; variantElements?: number } = {}): Promise<DeviceBench> {
  const rows = options.rows ?? 1024;
  const cols = options.cols ?? 1024;
  const fe = await frontend();
  const reluFile = path.join(EXAMPLES, 'relu.cpp');
  const relu = build(fe, reluFile, fs.readFileSync(reluFile, 'utf8'));
  const main = runOn(relu, 'relu_forward', [rows, cols]);
  const fast = runOn(relu, 'relu_forward', [rows, cols], false);
  const native = nativeRun(reluFile, [rows, cols]);
  const n = options.variantElements ?? 64 * 1024;
  const tcmFile = path.join(EXAMPLES, 'relu_tcm.cpp');
  const figures: VariantFigure[] = [];
  for (const optimize of [0, 1, 2] as const) {
    const variants: [string, ElfImage, string][] = [
      ['accessor (relu.cpp)', optimize === 0 ? relu : build(fe, reluFile, fs.readFileSync(reluFile, 'utf8'), optimize), 'relu_forward'],
      ['TCM (relu_tcm.cpp)', build(fe, tcmFile, fs.readFileSync(tcmFile, 'utf8'), optimize), 'relu_tcm_forward'],
      ['stream (read/write stream accessors)', build(fe, '/bench/relu_stream.cpp', STREAM_RELU, optimize), 'relu_stream_forward'],
    ];
    for (const [variant, image, fn] of variants) {
      const shape = fn === 'relu_forward' ? [n / 1024, 1024] : [n];
      const r = runOn(image, fn, shape, false);
      figures.push({ variant, opt: `-O${optimize}`, elements: n, instructions: r.instructions, perElement: r.instructions / n, mips: r.instructions / r.seconds / 1e6 });
    }
  }
  return {
    elements: rows * cols,
    emulatorSeconds: main.seconds,
    instructions: main.instructions,
    mips: main.instructions / fast.seconds / 1e6,
    translates: main.translates,
    emulatorSecondsNoCount: fast.seconds,
    nativeSeconds: native.seconds,
    ratio: native.seconds ? fast.seconds / native.seconds : undefined,
    nativeNote: native.note,
    variants: figures,
  };
}

export function formatDeviceBench(b: DeviceBench): string[] {
  const out = [
    `accessor ReLU, ${b.elements} float32 elements (1 core):`,
    `  emulator: ${b.emulatorSecondsNoCount.toFixed(3)} s, ${b.instructions.toExponential(3)} instructions, ${b.mips.toFixed(1)} M insn/s` +
      ` (${b.emulatorSeconds.toFixed(3)} s while counting ${b.translates} translates)`,
  ];
  if (b.nativeSeconds !== undefined && b.ratio !== undefined) {
    out.push(`  host-shim native build (g++ -O2): ${(b.nativeSeconds * 1e3).toFixed(3)} ms; emulator / native = ${b.ratio.toFixed(0)}x`);
  } else out.push(`  host-shim native build: ${b.nativeNote ?? 'not available'}`);
  out.push('instructions per output element and emulation speed (built without sanitizer checks, as the device runs it):');
  for (const v of b.variants) {
    out.push(`  ${v.variant.padEnd(40)} ${v.opt}  ${v.perElement.toFixed(1).padStart(8)} insns/element (${v.elements} elements), ${v.mips.toFixed(1).padStart(6)} M insn/s`);
  }
  return out;
}
