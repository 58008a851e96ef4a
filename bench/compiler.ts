// Compiler benchmark: compile time of each example kernel (examples/kernels/*.cpp) into a kernel
// image, at -O0, -O1 and -O2: the median of several runs after warm-up in one front-end (the SDK headers
// and the runtime library already built, as in a long-running q7 or language server), plus the cold
// first build of a new front-end (runtime library and SDK included, measured once). Also the size of
// the image's code (.text) at each level, and the instructions the emulated device executes per
// output element for the three ReLU variants (accessor, TCM, stream) at each level — what -O1 and -O2 are for.
// Run alone with `node out/bench/compiler.js [--runs N] [--warmup N]`.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { compile } from '../compiler';
import { KernelSession } from '../session';
import { Frontend, locateGrammarFiles, memoryHost } from '../language';
import { STREAM_RELU, noFiles } from './device';
import { SCALE_KERNEL } from './q7-run';

export interface CompilerBenchRow {
  readonly kernel: string;
  /** Median compile time, ms, at -O0, -O1 and -O2. */
  readonly o0Ms: number;
  readonly o1Ms: number;
  readonly o2Ms: number;
  /** Bytes of .text in the image at -O0, -O1 and -O2. */
  readonly o0Text: number;
  readonly o1Text: number;
  readonly o2Text: number;
}

/** Instructions executed per output element by one ReLU variant, at -O0, -O1 and -O2. */
export interface PerElementRow {
  readonly variant: string;
  readonly elements: number;
  readonly o0: number;
  readonly o1: number;
  readonly o2: number;
}

export interface CompilerBenchFigures {
  readonly runs: number;
  /** The first build in a new front-end (SDK headers and runtime library included), ms. */
  readonly coldMs: number;
  readonly rows: CompilerBenchRow[];
  readonly perElement: PerElementRow[];
  /** Examples the compiler does not build yet, with their first diagnostic (not timed). */
  readonly notBuilt: { readonly kernel: string; readonly reason: string }[];
}

function newFrontend(): Promise<Frontend> {
  const found = locateGrammarFiles((p) => (fs.existsSync(p) ? fs.readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
  if (typeof found === 'string') throw new Error(found);
  return Frontend.create(found);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function exampleKernels(): { name: string; text: string }[] {
  const dir = path.join(__dirname, '..', '..', 'examples', 'kernels');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.cpp')).sort().map((f) => ({ name: f, text: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** Builds once; throws with the diagnostics if the kernel does not compile. */
function build(fe: Frontend, name: string, text: string, optimize: 0 | 1 | 2): { ms: number; text: number } {
  const file = `/examples/kernels/${name}`;
  const t0 = performance.now();
  const r = compile(fe, file, memoryHost({ [file]: text }), { optimize });
  const ms = performance.now() - t0;
  if (!r.image) throw new Error(`${name} does not compile: ${r.diagnostics.map((d) => `${d.line}:${d.column}: ${d.message}`).join('; ')}`);
  return { ms, text: r.image.sections.find((s) => s.name === '.text')?.size ?? 0 };
}

export async function compilerBench(options: { runs?: number; warmup?: number } = {}): Promise<CompilerBenchFigures> {
  const runs = options.runs ?? 7;
  const warmup = options.warmup ?? 3;
  const fe = await newFrontend();
  const notBuilt: { kernel: string; reason: string }[] = [];
  const kernels: { name: string; text: string }[] = [];
  let coldMs = 0;
  for (const k of exampleKernels()) {
    const file = `/examples/kernels/${k.name}`;
    const t0 = performance.now();
    const d = compile(fe, file, memoryHost({ [file]: k.text }), { optimize: 0 }).diagnostics[0];
    if (!kernels.length && !notBuilt.length) coldMs = performance.now() - t0;
    if (d) notBuilt.push({ kernel: k.name, reason: `${d.line}:${d.column}: ${d.message}` });
    else kernels.push(k);
  }
  const rows: CompilerBenchRow[] = [];
  for (const k of kernels) {
    const figures = ([0, 1, 2] as const).map((o) => {
      for (let i = 0; i < warmup; i++) build(fe, k.name, k.text, o);
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < runs; i++) {
        const b = build(fe, k.name, k.text, o);
        times.push(b.ms);
        size = b.text;
      }
      return { ms: median(times), text: size };
    });
    rows.push({ kernel: k.name, o0Ms: figures[0].ms, o1Ms: figures[1].ms, o2Ms: figures[2].ms, o0Text: figures[0].text, o1Text: figures[1].text, o2Text: figures[2].text });
  }
  return { runs, coldMs, rows, perElement: perElementRows(fe), notBuilt };
}

/** Instructions per output element of the ReLU variants (as bench/device.ts runs them: no sanitizers),
 *  and of q7 run's scale kernel (bench/q7-run.ts), whose loops -O2 treats differently from the ReLU's. */
function perElementRows(fe: Frontend, elements = 64 * 1024): PerElementRow[] {
  const dir = path.join(__dirname, '..', '..', 'examples', 'kernels');
  const variants: [string, string, string, string][] = [
    ['accessor (relu.cpp)', '/examples/kernels/relu.cpp', fs.readFileSync(path.join(dir, 'relu.cpp'), 'utf8'), 'relu_forward'],
    ['TCM (relu_tcm.cpp)', '/examples/kernels/relu_tcm.cpp', fs.readFileSync(path.join(dir, 'relu_tcm.cpp'), 'utf8'), 'relu_tcm_forward'],
    ['stream (read/write stream accessors)', '/bench/relu_stream.cpp', STREAM_RELU, 'relu_stream_forward'],
    ['accessor scale (q7 run\'s kernel)', '/bench/scale.cpp', SCALE_KERNEL, 'scale_forward'],
  ];
  const twoD = new Set(['relu_forward', 'scale_forward']);
  return variants.map(([variant, file, text, fn]) => {
    const [o0, o1, o2] = ([0, 1, 2] as const).map((optimize) => {
      const r = compile(fe, file, memoryHost({ [file]: text }), { optimize });
      if (!r.image) throw new Error(`${file} does not compile at -O${optimize}`);
      const shape = twoD.has(fn) ? [elements / 1024, 1024] : [elements];
      const run = KernelSession.open(r.image, { file, fn, args: [{ shape, dtype: 'float32', init: 'randn', seed: 1 }], countTranslates: false }, noFiles).run().device;
      if (run.faults.some((f) => f.fatal)) throw new Error(`${fn} faulted at -O${optimize}: ${run.faults[0].message}`);
      return run.cores[0].instructions / elements;
    });
    return { variant, elements, o0, o1, o2 };
  });
}

/** The figures as table lines. */
export function formatCompilerBench(f: CompilerBenchFigures): string[] {
  const head = `${'kernel'.padEnd(22)} ${'-O0 ms'.padStart(8)} ${'-O1 ms'.padStart(8)} ${'-O2 ms'.padStart(8)} ${'.text -O0'.padStart(10)} ${'.text -O1'.padStart(10)} ${'.text -O2'.padStart(10)}`;
  const lines = [head, '-'.repeat(head.length)];
  for (const r of f.rows) {
    const ms = [r.o0Ms, r.o1Ms, r.o2Ms].map((m) => m.toFixed(1).padStart(8)).join(' ');
    const text = [r.o0Text, r.o1Text, r.o2Text].map((t) => String(t).padStart(10)).join(' ');
    lines.push(`${r.kernel.padEnd(22)} ${ms} ${text}`);
  }
  for (const n of f.notBuilt) lines.push(`${n.kernel.padEnd(22)} not built by the compiler yet (${n.reason})`);
  lines.push(`(medians of ${f.runs} runs after warm-up; first build in a new front-end, SDK and runtime library included: ${f.coldMs.toFixed(0)} ms)`);
  lines.push(`instructions per output element on the emulated device (${f.perElement[0]?.elements ?? 0} elements, no sanitizers):`);
  for (const r of f.perElement) lines.push(`  ${r.variant.padEnd(40)} -O0 ${r.o0.toFixed(1).padStart(8)}  -O1 ${r.o1.toFixed(1).padStart(8)}  -O2 ${r.o2.toFixed(1).padStart(8)}  (-O2/-O0 ${(r.o2 / r.o0).toFixed(2)}, -O2/-O1 ${(r.o2 / r.o1).toFixed(2)})`);
  return lines;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const num = (flag: string) => (args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : undefined);
  compilerBench({ runs: num('--runs'), warmup: num('--warmup') })
    .then((f) => {
      console.log('== Compiler: example kernels to kernel images ==');
      for (const line of formatCompilerBench(f)) console.log(`  ${line}`);
    })
    .catch((e) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exitCode = 1;
    });
}
