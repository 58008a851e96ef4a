// Test helpers for the compiler: one shared front-end, compiling a C++ source held in memory, running
// the image on the q7 emulator, and building the same source natively with the host compiler.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { compile, formatCompileDiagnostic, type CompileOptions, type CompileResult } from '../../compiler';
import { createMachine, MemoryHost } from '../../emulator';
import { sharedFrontend } from '../language/grammar';
import { findTool } from '../../harness/oracle/tools';

export const CORPUS_DIR = path.join(__dirname, '..', '..', '..', 'test', 'compiler', 'corpus');

export async function compileSource(source: string, file = '/test/prog.cpp', options: CompileOptions = {}): Promise<CompileResult> {
  const fe = await sharedFrontend();
  return compile(fe, file, memoryHost({ [file]: source }), options);
}

export interface RunResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
  readonly instructions: number;
}

/** Runs a compiled program on the q7 core; a fault or the instruction limit is an error. */
export function runImage(r: CompileResult, maxInstructions = 100_000_000): RunResult {
  if (!r.image) throw new Error(`compile failed:\n${r.diagnostics.map(formatCompileDiagnostic).join('\n')}`);
  const host = new MemoryHost();
  const m = createMachine('q7', { host });
  m.loadElf(r.image);
  const stop = m.run({ maxInstructions });
  if (stop.kind !== 'exit') throw new Error(`program did not exit: ${JSON.stringify(stop)}\noutput so far:\n${host.text(1)}`);
  return { stdout: host.text(1), stderr: host.text(2), exitCode: stop.code & 0xff, instructions: m.instructionCount };
}

/** Compiles and runs; throws with the diagnostics when compilation fails. */
export async function compileAndRun(source: string, options: CompileOptions = {}): Promise<RunResult> {
  return runImage(await compileSource(source, '/test/prog.cpp', options));
}

/** Builds `file` with the host's g++ (through gcc -x c++) and runs it: the reference output. */
export function runNative(file: string): { stdout: string; exitCode: number } {
  const gcc = findTool('gcc');
  if (!gcc) throw new Error('gcc not installed');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-native-'));
  try {
    const bin = path.join(dir, 'prog');
    const build = spawnSync(gcc, ['-x', 'c++', '-std=gnu++17', '-O0', '-fno-strict-aliasing', '-ffp-contract=off', '-w', file, '-o', bin, '-lstdc++', '-lm'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`native build of ${file} failed:\n${build.stderr}`);
    const run = spawnSync(bin, [], { encoding: 'utf8', timeout: 20_000 });
    if (run.status === null) throw new Error(`native run of ${file} died: ${run.signal}`);
    return { stdout: run.stdout, exitCode: run.status };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
