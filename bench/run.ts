// npm run bench: prints each benchmark's figures side by side with its yardstick, as ratios.
// Options: --full (the long settings, e.g. 10^9 emulated instructions), --only emulator|language|server|compiler|device|run|history|debugger.

import { benchEmulator, EngineFigure } from './emulator';
import { compilerBench, formatCompilerBench } from './compiler';
import { debuggerBench, formatDebuggerBench } from './debugger';
import { deviceBench, formatDeviceBench } from './device';
import { formatHistoryBench, historyBench } from './history';
import { formatLanguageBench, languageBench } from './language';
import { formatQ7RunBench, q7RunBench } from './q7-run';
import { formatServerBench, serverBench } from './server';

function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}

function row(f: EngineFigure): string {
  return `  ${f.engine.padEnd(32)} ${f.instructions.toExponential(3).padStart(10)} insns ${fmt(f.seconds, 3).padStart(8)} s ${fmt(f.mips, 1).padStart(8)} M insn/s`;
}

function emulatorSection(full: boolean): void {
  const target = full ? 1.05e9 : 2e8;
  console.log(`\n== Scalar core: compute-bound lx106 program (bench/programs/compute.c, -O2) ==`);
  const r = benchEmulator(target);
  console.log(row(r.ours));
  console.log(row(r.interpreter));
  if (r.qemu && r.ratio !== undefined && r.interpreterRatio !== undefined) {
    console.log(row(r.qemu));
    console.log(`  ratio to QEMU: compiled blocks ${fmt(r.ratio, 3)}x, interpreter only ${fmt(r.interpreterRatio, 3)}x  (floor 0.1x; goal 1x)`);
    console.log(`  output (identical on all engines): ${r.ours.output.trim()}`);
  } else {
    console.log('  (qemu-system-xtensa not installed: no yardstick)');
  }
}

async function languageSection(): Promise<void> {
  console.log('\n== Front-end: analysis of a generated 2,000-line kernel (targets: < 50 ms full, < 10 ms edit) ==');
  for (const line of formatLanguageBench(await languageBench({ lines: 2000 }))) console.log(`  ${line}`);
}

async function serverSection(): Promise<void> {
  console.log('\n== Language server: didChange → publishDiagnostics on a 2,000-line kernel (yardstick: clangd) ==');
  for (const line of formatServerBench(await serverBench({ lines: 2000 }))) console.log(`  ${line}`);
}

async function compilerSection(): Promise<void> {
  console.log('\n== Compiler: example kernels to kernel images (compile time, .text) ==');
  for (const line of formatCompilerBench(await compilerBench())) console.log(`  ${line}`);
}

async function deviceSection(): Promise<void> {
  console.log('\n== Q7 device: accessor ReLU 1024x1024 float32 vs the host-shim native build ==');
  for (const line of formatDeviceBench(await deviceBench())) console.log(`  ${line}`);
}

function runSection(full: boolean): void {
  console.log('\n== q7 run, default options, whole process: accessor scale kernel (targets: 1024x1024 in 1.5 s, 4096x4096 in 15 s) ==');
  for (const line of formatQ7RunBench(q7RunBench(full ? [1024, 4096] : [1024]))) console.log(`  ${line}`);
}

async function historySection(full: boolean): Promise<void> {
  console.log('\n== Step back / reverse continue: recording cost and latency (ReLU, snapshots every 10^6 instructions) ==');
  for (const line of formatHistoryBench(await historyBench({ rows: full ? 512 : 128 }))) console.log(`  ${line}`);
}

async function debuggerSection(): Promise<void> {
  console.log('\n== Debugger: the adapter over stdio on the ReLU example (targets: launch < 500 ms, step over < 5 ms, Variables < 20 ms) ==');
  for (const line of formatDebuggerBench(await debuggerBench())) console.log(`  ${line}`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const full = args.includes('--full');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const sections: Record<string, (full: boolean) => void | Promise<void>> = {
    emulator: emulatorSection,
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
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
