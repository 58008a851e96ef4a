// npm run bench: prints each benchmark's figures side by side with its yardstick, as ratios.
// Options: --full (the long settings, e.g. 10^9 emulated instructions), --only emulator|vector|language|server|compiler|device|run|history|debugger,
// --record (append this run's figures to bench/figures-history.jsonl). Every run ends with its figures
// compared to the last recorded run (bench/figures.ts).

import { benchEmulator, EngineFigure } from './emulator';
import { compilerBench, formatCompilerBench } from './compiler';
import { debuggerBench, formatDebuggerBench } from './debugger';
import { deviceBench, formatDeviceBench } from './device';
import { formatHistoryBench, historyBench } from './history';
import { formatLanguageBench, languageBench } from './language';
import { formatQ7RunBench, q7RunBench } from './q7-run';
import { formatQ7RunMulticoreBench, q7RunMulticoreBench } from './q7-run-multicore';
import { coldOpenBench, formatColdOpenBench, formatServerBench, serverBench } from './server';
import { formatVectorBench, vectorBench } from './vector';
import { compiledVectorBench, formatCompiledVectorBench } from './vector-compiled';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import * as F from './figures';

/** Every section's figures, for the comparison with the recorded history. */
const figures: F.Figure[] = [];
const HISTORY = path.join(__dirname, '..', '..', 'bench', 'figures-history.jsonl');

function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}

function row(f: EngineFigure): string {
  return `  ${f.engine.padEnd(32)} ${f.instructions.toExponential(3).padStart(10)} insns ${fmt(f.seconds, 3).padStart(8)} s ${fmt(f.mips, 1).padStart(8)} M insn/s`;
}

function emulatorSection(full: boolean): void {
  const target = full ? 1.05e9 : 2e8;
  console.log(`\n== Scalar core: compute-bound lx106 program (bench/programs/compute.c, -O2) ==`);
  const r = benchEmulator(target, full ? 2e9 : 6e8);
  figures.push(...F.emulatorFigures(r));
  console.log(row(r.ours));
  console.log(row(r.interpreter));
  if (r.qemu && r.ratio !== undefined && r.interpreterRatio !== undefined) {
    console.log(row(r.qemu));
    console.log(`  ratio to QEMU: compiled blocks ${fmt(r.ratio, 3)}x, interpreter only ${fmt(r.interpreterRatio, 3)}x  (floor 0.1x; goal 1x)`);
    console.log(row(r.steady));
    if (r.steadyRatio !== undefined) console.log(`  steady state to QEMU's rate: ${fmt(r.steadyRatio, 3)}x  (goal 1x)`);
    if (r.whole) {
      const w = r.whole;
      console.log(`  whole process, one ELF of ${w.instructions.toExponential(3)} insns (median of 3 wall times): q7 run ${fmt(w.q7Seconds, 3)} s, qemu-system-xtensa ${fmt(w.qemuSeconds, 3)} s: ${fmt(w.ratio, 3)}x QEMU  (goal 1x)`);
      // Node reads the certificates this names at every start, before any of q7's code runs
      if (w.withoutExtraCerts) {
        console.log(`  without NODE_EXTRA_CA_CERTS (set in this environment; every node start, q7 run's too and not QEMU's, loads those certificates first): q7 run ${fmt(w.withoutExtraCerts.q7Seconds, 3)} s: ${fmt(w.withoutExtraCerts.ratio, 3)}x QEMU`);
      }
    }
    console.log(`  output (identical on all engines): ${r.ours.output.trim()}`);
  } else {
    console.log('  (qemu-system-xtensa not installed: no yardstick)');
  }
}

async function vectorSection(full: boolean): Promise<void> {
  console.log('\n== IVP vector unit: vector operations per second, vector vs scalar ReLU per element (q7, 4096 f32 in local memory) ==');
  const r = vectorBench(full);
  figures.push(...F.vectorFigures(r));
  for (const line of formatVectorBench(r)) console.log(`  ${line}`);
  console.log('  compiled kernels on the device (-O2, float32 tensor through TCM):');
  const c = await compiledVectorBench(full);
  figures.push(...F.compiledVectorFigures(c));
  for (const line of formatCompiledVectorBench(c)) console.log(`    ${line}`);
}

async function languageSection(): Promise<void> {
  console.log('\n== Front-end: analysis of a generated 2,000-line kernel (targets: < 50 ms full, < 10 ms edit) ==');
  const r = await languageBench({ lines: 2000 });
  figures.push(...F.languageFigures(r));
  for (const line of formatLanguageBench(r)) console.log(`  ${line}`);
}

async function serverSection(): Promise<void> {
  console.log('\n== Language server: didChange → publishDiagnostics on a 2,000-line kernel (yardstick: clangd) ==');
  const r = await serverBench({ lines: 2000 });
  figures.push(...F.serverFigures(r));
  for (const line of formatServerBench(r)) console.log(`  ${line}`);
  console.log('\n== Language server: cold start, first diagnostics of a kernel (target <= 300 ms; yardstick: clangd) ==');
  for (const line of formatColdOpenBench(await coldOpenBench())) console.log(`  ${line}`);
}

async function compilerSection(): Promise<void> {
  console.log('\n== Compiler: example kernels to kernel images (compile time, .text) ==');
  const r = await compilerBench();
  figures.push(...F.compilerFigures(r));
  for (const line of formatCompilerBench(r)) console.log(`  ${line}`);
}

async function deviceSection(): Promise<void> {
  console.log('\n== Q7 device: accessor ReLU 1024x1024 float32 vs the host-shim native build ==');
  const r = await deviceBench();
  figures.push(...F.deviceFigures(r));
  for (const line of formatDeviceBench(r)) console.log(`  ${line}`);
}

function runSection(full: boolean): void {
  console.log('\n== q7 run, default options, whole process: accessor scale kernel (targets: 1024x1024 in 1.5 s, 4096x4096 in 15 s) ==');
  const r = q7RunBench(full ? [1024, 4096] : [1024]);
  figures.push(...F.q7RunFigures(r));
  for (const line of formatQ7RunBench(r)) console.log(`  ${line}`);
  console.log('\n== q7 run --multicore, whole process, build cached: the multicore ReLU example on 8 cores (yardstick: the host-shim native build, 8 threads) ==');
  const m = q7RunMulticoreBench();
  figures.push(...F.q7RunMulticoreFigures(m));
  for (const line of formatQ7RunMulticoreBench(m)) console.log(`  ${line}`);
}

async function historySection(full: boolean): Promise<void> {
  console.log('\n== Step back / reverse continue: recording cost and latency (ReLU, snapshots every 10^6 instructions) ==');
  const r = await historyBench({ rows: full ? 512 : 128 });
  figures.push(...F.historyFigures(r));
  for (const line of formatHistoryBench(r)) console.log(`  ${line}`);
}

async function debuggerSection(): Promise<void> {
  console.log('\n== Debugger: the adapter over stdio on the ReLU example (targets: launch < 500 ms, step over < 5 ms, Variables < 20 ms) ==');
  const r = await debuggerBench();
  figures.push(...F.debuggerFigures(r));
  for (const line of formatDebuggerBench(r)) console.log(`  ${line}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const full = args.includes('--full');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const sections: Record<string, (full: boolean) => void | Promise<void>> = {
    emulator: emulatorSection,
    vector: vectorSection,
    language: languageSection,
    server: serverSection,
    compiler: compilerSection,
    device: deviceSection,
    run: runSection,
    history: historySection,
    debugger: debuggerSection,
  };
  for (const [name, fn] of Object.entries(sections)) {
    if (only && only !== name) continue;
    await fn(full);
  }
  compareAndRecord(args.includes('--record'));
}

function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

/** Compares this run's figures with the last recorded run; with `record`, appends this run. */
function compareAndRecord(record: boolean): void {
  const text = fs.existsSync(HISTORY) ? fs.readFileSync(HISTORY, 'utf8') : '';
  const past = F.parseHistory(text, 'bench/figures-history.jsonl', (m) => console.log(`  ${m}`));
  console.log(`\n== Against the last recorded run (${past.length} in bench/figures-history.jsonl; changes over ${F.NOISE * 100}% listed) ==`);
  for (const line of F.compare(figures, past[past.length - 1])) console.log(`  ${line}`);
  if (!record) return;
  const line = F.historyLine(figures, { commit: gitCommit(), date: new Date().toISOString(), cpus: os.cpus().length, load: Number(os.loadavg()[0].toFixed(2)) });
  fs.appendFileSync(HISTORY, line);
  console.log(`  recorded ${figures.length} figures in bench/figures-history.jsonl`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
