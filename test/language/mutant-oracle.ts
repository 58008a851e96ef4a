// Not a test: regenerates test/language/fixtures/valid-mutants.json, the list of robustness mutants
// that are valid C++ according to a real compiler. The robustness test accepts a mutant without
// diagnostics only if its token stream is unchanged or it is on this list.
//
//   node out/test/language/mutant-oracle.js [--all | --sample N]
//
// Each mutant the front-end reports no diagnostic for is compiled with the host's
// `g++ -m32 -std=c++14 -fsyntax-only` against the SDK headers (written to a temporary directory;
// -m32 gives the target's ILP32 sizes). With --all (or --sample N: every Nth changed mutant), the
// others are compiled too, and mutants the compiler accepts but the front-end reports errors for are
// listed (false alarms); the list file is then left as it is.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Frontend, memoryHost, sdkHeaders } from '../../language';
import { grammarBinaries } from './grammar';
import { kernelMutants, ROBUSTNESS_SEED, type Kernel } from './mutations';
import { sameTokens } from './token-stream';

const run = promisify(execFile);
const ROOT = path.join(__dirname, '..', '..', '..');
export const KERNELS_DIR = path.join(ROOT, 'examples', 'kernels');
export const ORACLE_FILE = path.join(ROOT, 'test', 'language', 'fixtures', 'valid-mutants.json');
export const MUTANT_COUNT = 10000;
const COMPILER = ['g++', '-m32', '-std=c++14', '-fsyntax-only', '-nostdinc', '-nostdinc++', '-w'];

export interface OracleFile {
  compiler: string;
  seed: number;
  count: number;
  /** sha256 of each kernel the mutants are made from (the list is stale when one changes). */
  kernels: Record<string, string>;
  /** Mutants the compiler accepts (valid C++), by index. */
  valid: number[];
}

export function readKernels(): Kernel[] {
  // not the *_ivp.cpp examples: the host g++ does not know the IVP vector types (builtin types of our
  // front-end), so it cannot judge those examples' mutants
  return fs.readdirSync(KERNELS_DIR).filter((f) => f.endsWith('.cpp') && !f.endsWith('_ivp.cpp')).sort().map((name) => ({ name, text: fs.readFileSync(path.join(KERNELS_DIR, name), 'utf8') }));
}

export function kernelHashes(kernels: Kernel[]): Record<string, string> {
  return Object.fromEntries(kernels.map((k) => [k.name, createHash('sha256').update(k.text).digest('hex')]));
}

async function compiles(dir: string, sdk: string, index: number, text: string): Promise<boolean> {
  const file = path.join(dir, `m${index}.cpp`);
  fs.writeFileSync(file, text);
  try {
    await run(COMPILER[0], [...COMPILER.slice(1), `-I${sdk}`, file]);
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function main(): Promise<void> {
  const sampleAt = process.argv.indexOf('--sample');
  const every = process.argv.includes('--all') ? 1 : sampleAt >= 0 ? Number(process.argv[sampleAt + 1]) : 0;
  const all = every > 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-mutants-'));
  const sdk = path.join(dir, 'include');
  for (const [rel, text] of sdkHeaders()) {
    fs.mkdirSync(path.dirname(path.join(sdk, rel)), { recursive: true });
    fs.writeFileSync(path.join(sdk, rel), text);
  }
  const fe = await Frontend.create(grammarBinaries());
  const kernels = readKernels();
  const jobs: { index: number; text: string; errors: boolean; clean: boolean }[] = [];
  for (const { index, kernel, mutant } of kernelMutants(kernels, MUTANT_COUNT)) {
    if (sameTokens(kernel.text, mutant.text)) continue;
    const file = `/oracle/${kernel.name}`;
    const a = fe.analyze(file, memoryHost({ [file]: mutant.text }));
    if (a.diagnostics.length === 0 || (all && index % every === 0)) jobs.push({ index, text: mutant.text, errors: a.diagnostics.some((d) => d.severity === 'error'), clean: a.diagnostics.length === 0 });
  }
  const valid: number[] = [];
  const missed: number[] = [];
  const falseErrors: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const ok = await compiles(dir, sdk, job.index, job.text);
      if (ok && job.clean) valid.push(job.index);
      if (ok && job.errors) falseErrors.push(job.index);
      if (!ok && !job.errors) missed.push(job.index);
    }
  };
  await Promise.all([worker(), worker()]);
  fs.rmSync(dir, { recursive: true, force: true });
  valid.sort((a, b) => a - b);
  const { stdout } = await run(COMPILER[0], ['--version']);
  const out: OracleFile = { compiler: `${stdout.split('\n')[0]}: ${COMPILER.join(' ')}`, seed: ROBUSTNESS_SEED, count: MUTANT_COUNT, kernels: kernelHashes(kernels), valid };
  if (every <= 1) fs.writeFileSync(ORACLE_FILE, `${JSON.stringify(out)}\n`);
  console.log(`${jobs.length} mutants compiled: ${valid.length} valid C++ without diagnostics${every <= 1 ? ` (written to ${path.relative(ROOT, ORACLE_FILE)})` : ''}`);
  console.log(`${missed.length} rejected by the compiler although the front-end reported nothing: ${missed.sort((a, b) => a - b).join(' ')}`);
  if (all) console.log(`${falseErrors.length} accepted by the compiler although the front-end reported errors: ${falseErrors.sort((a, b) => a - b).join(' ')}`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
