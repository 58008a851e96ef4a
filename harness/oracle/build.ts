// Oracle harness: builds the C test programs of test/programs/c for QEMU's lx106 core (call0,
// picolibc, our runtime in test/programs/rt) and natively with host gcc, caching the results
// under .oracle-cache/ and rebuilding only when a source, the runtime or the command changed.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawn, spawnSync } from 'child_process';
import { cacheDir, cProgramsDir, ensureDir, libgccHelperScript, runtimeDir } from './paths';
import { gccSourceTarball, picolibcSpecs } from './tools';

export type OptLevel = '-O0' | '-O2';
export const OPT_LEVELS: readonly OptLevel[] = ['-O0', '-O2'];

const CROSS_GCC = 'xtensa-lx106-elf-gcc';
const HOST_GCC = 'gcc';
/** Language and diagnostics flags shared by the cross and the native builds. */
const C_FLAGS = ['-std=gnu11', '-Wall', '-Wextra', '-g'];
const MAX_OUTPUT = 64 * 1024 * 1024;

/** One cached build step: `argv(out)` writes `output`; it is redone when stale. */
interface BuildJob {
  output: string;
  inputs: string[];
  argv: (out: string) => string[];
}

// ---------------------------------------------------------------------------------------------
// Program sources

/** Names (file names without .c) of the C test programs, sorted. */
export function listPrograms(): string[] {
  return fs
    .readdirSync(cProgramsDir())
    .filter((f) => f.endsWith('.c'))
    .map((f) => f.slice(0, -2))
    .sort();
}

/** Path of a test program's C source; throws when it does not exist. */
export function programSource(name: string): string {
  const file = path.join(cProgramsDir(), `${name}.c`);
  if (!fs.existsSync(file)) throw new Error(`oracle: no test program ${file}`);
  return file;
}

function runtimeFiles(): string[] {
  const dir = runtimeDir();
  return fs.readdirSync(dir).map((f) => path.join(dir, f));
}

// ---------------------------------------------------------------------------------------------
// Cache freshness

function mtimeMs(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function stampOf(job: BuildJob): string {
  return JSON.stringify(job.argv(job.output));
}

function stampPath(output: string): string {
  return `${output}.cmd`;
}

/** True when the job's output exists, was made by the same command and is newer than its inputs. */
function isFresh(job: BuildJob): boolean {
  const built = mtimeMs(job.output);
  if (built < 0) return false;
  let stamp: string;
  try {
    stamp = fs.readFileSync(stampPath(job.output), 'utf8');
  } catch {
    return false;
  }
  return stamp === stampOf(job) && job.inputs.every((input) => mtimeMs(input) <= built);
}

let tempCounter = 0;
function tempOutput(output: string): string {
  return `${output}.tmp-${process.pid}-${tempCounter++}`;
}

/** Moves a finished temporary output into place and records the command that made it. */
function commit(job: BuildJob, temp: string): string {
  fs.renameSync(temp, job.output);
  fs.writeFileSync(stampPath(job.output), stampOf(job));
  return job.output;
}

function failure(job: BuildJob, argv: string[], detail: string): Error {
  return new Error(`oracle: build of ${path.basename(job.output)} failed: ${argv.join(' ')}\n${detail}`);
}

// ---------------------------------------------------------------------------------------------
// Running jobs (synchronously, or asynchronously for the parallel pool)

function runJobSync(job: BuildJob): string {
  if (isFresh(job)) return job.output;
  ensureDir(path.dirname(job.output));
  const temp = tempOutput(job.output);
  const argv = job.argv(temp);
  const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8', maxBuffer: MAX_OUTPUT });
  if (r.error || r.status !== 0) {
    fs.rmSync(temp, { force: true });
    throw failure(job, argv, r.error ? String(r.error) : r.stderr);
  }
  return commit(job, temp);
}

function runJobAsync(job: BuildJob): Promise<string> {
  if (isFresh(job)) return Promise.resolve(job.output);
  ensureDir(path.dirname(job.output));
  const temp = tempOutput(job.output);
  const argv = job.argv(temp);
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (err) => reject(failure(job, argv, String(err))));
    child.on('close', (code) => {
      if (code !== 0) {
        fs.rmSync(temp, { force: true });
        reject(failure(job, argv, stderr));
        return;
      }
      try {
        resolve(commit(job, temp));
      } catch (err) {
        reject(err);
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------
// libgcc helpers (scripts/oracle/build-libgcc-helpers.sh)

let helperArchive: string | undefined;

/** Builds (once, cached on disk) the archive of libgcc helpers that Debian's lx106 libgcc.a lacks. */
export function ensureLibgccHelpers(): string {
  if (helperArchive !== undefined) return helperArchive;
  const env = { ...process.env, ORACLE_CACHE: cacheDir(), GCC_SOURCE_TARBALL: gccSourceTarball() };
  const r = spawnSync('bash', [libgccHelperScript()], { encoding: 'utf8', env, maxBuffer: MAX_OUTPUT });
  if (r.error || r.status !== 0) {
    throw new Error(`oracle: build-libgcc-helpers.sh failed\n${r.error ? String(r.error) : r.stderr}`);
  }
  const lines = r.stdout.trim().split('\n');
  helperArchive = lines[lines.length - 1];
  return helperArchive;
}

// ---------------------------------------------------------------------------------------------
// Build jobs

function programsCacheDir(): string {
  return path.join(cacheDir(), 'programs');
}

function crossCompileFlags(opt: OptLevel): string[] {
  return [`-specs=${picolibcSpecs()}`, '--crt0=hosted', ...C_FLAGS, opt];
}

function crossElfJob(name: string, opt: OptLevel): BuildJob {
  return crossElfJobFor(programSource(name), opt, path.join(programsCacheDir(), `${name}${opt}.elf`), []);
}

/** Job that builds the C file `src` with our runtime into `output`, with extra compiler flags. */
function crossElfJobFor(src: string, opt: OptLevel, output: string, extraFlags: readonly string[]): BuildJob {
  const rt = runtimeDir();
  const archive = ensureLibgccHelpers();
  return {
    output,
    inputs: [src, archive, ...runtimeFiles()],
    argv: (out) => [
      CROSS_GCC,
      ...crossCompileFlags(opt),
      ...extraFlags,
      '-T',
      path.join(rt, 'sim-lx106.ld'),
      `-L${path.dirname(archive)}`,
      '--oslib=rt-lx106',
      path.join(rt, 'reset.S'),
      path.join(rt, 'semihost.c'),
      src,
      '-lm',
      '-o',
      out,
    ],
  };
}

/** Builds a C file outside the corpus (e.g. a benchmark) like a corpus program; `tag` names the output. */
export function buildCustomProgram(src: string, opt: OptLevel, tag: string, extraFlags: readonly string[] = []): string {
  const output = path.join(cacheDir(), 'custom', `${tag}${opt}.elf`);
  return runJobSync(crossElfJobFor(src, opt, output, extraFlags));
}

function crossAsmJob(name: string, opt: OptLevel): BuildJob {
  const src = programSource(name);
  return {
    output: path.join(programsCacheDir(), `${name}${opt}.s`),
    inputs: [src],
    argv: (out) => [CROSS_GCC, ...crossCompileFlags(opt), '-S', src, '-o', out],
  };
}

function nativeJob(name: string): BuildJob {
  const src = programSource(name);
  return {
    output: path.join(cacheDir(), 'native', name),
    inputs: [src],
    argv: (out) => [HOST_GCC, ...C_FLAGS, '-O2', src, '-lm', '-o', out],
  };
}

/** Path of the lx106 ELF of a test program (built with -g at `opt`; cached). Throws on build errors. */
export function buildProgram(name: string, opt: OptLevel): string {
  return runJobSync(crossElfJob(name, opt));
}

/** Path of the `gcc -S` output for a test program at `opt`, with the same flags as its ELF (cached). */
export function assemblyOf(name: string, opt: OptLevel): string {
  return runJobSync(crossAsmJob(name, opt));
}

/** Path of the host-native build of a test program (host gcc -O2; cached). */
export function buildNative(name: string): string {
  return runJobSync(nativeJob(name));
}

// ---------------------------------------------------------------------------------------------
// Parallel pre-build

export interface PrebuildOptions {
  opts?: readonly OptLevel[];
  native?: boolean;
  assembly?: boolean;
  concurrency?: number;
}

async function runPool<T>(tasks: (() => Promise<T>)[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return results;
}

/** Default pool size: the number of CPUs, at most 4. */
export function defaultConcurrency(): number {
  return Math.max(1, Math.min(4, os.cpus().length));
}

/**
 * Builds every ELF (and optionally native binary and assembly) of the named programs with a small
 * process pool, so that later buildProgram/buildNative/assemblyOf calls hit the cache.
 */
export async function prebuild(names: readonly string[], options: PrebuildOptions = {}): Promise<void> {
  const opts = options.opts ?? OPT_LEVELS;
  const jobs: BuildJob[] = [];
  for (const name of names) {
    for (const opt of opts) {
      jobs.push(crossElfJob(name, opt));
      if (options.assembly) jobs.push(crossAsmJob(name, opt));
    }
    if (options.native ?? true) jobs.push(nativeJob(name));
  }
  await runPool(
    jobs.map((job) => () => runJobAsync(job)),
    options.concurrency ?? defaultConcurrency(),
  );
}
