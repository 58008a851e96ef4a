// Language-server benchmark: time from didChange to the publishDiagnostics of that version, over a
// real server process on stdio (debounce 0), for a one-line edit inside one body of a generated
// 2,000-line kernel (median after warm-up; target < 30 ms). Yardstick: clangd (Debian package) on the
// same file with the same SDK headers as ordinary host headers: the AST-and-diagnostics phase of
// `clangd --check`, read from its log (its per-token feature tests are skipped with --check-lines=1).
// API: serverBench(options) → ServerBenchFigures; formatServerBench(figures) → lines to print.
// Cold start: a fresh server process (the bundle, dist/server.js) opening the ReLU example, spawn →
// first publishDiagnostics, with an empty build cache (the SDK snapshot and the code cache shipped in
// dist/ only) and with the cache the first run left (V8's code cache of the bundle, server/start.ts)
// (target <= 300 ms; yardstick: clangd --check on the same file, preamble and AST built). Beside the
// wall clock, the CPU time the server's main thread had used when the diagnostics arrived (Linux:
// /proc/PID/task/PID/schedstat), which a loaded machine inflates far less than the wall clock. The
// servers are started as the extension starts them (client/server-launch.ts: the bundle, in the caller's
// environment less NODE_EXTRA_CA_CERTS, which Node reads at every start and the server has no use for,
// and on Linux with glibc's malloc tunables for huge pages);
// where that variable is set, runs with it kept (as a server started from a shell with it set pays)
// alternate with the others, on an empty cache, and are printed beside them.
// Run alone with `node out/bench/server.js [--lines N] [--runs N] [--warmup N] [--no-clangd]`; the cold
// start alone with `node out/bench/server.js --cold [--runs N] [--no-clangd]`.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { serverLaunch, type ServerLaunch } from '../client/server-launch';
import { sdkHeaders } from '../language';
import { LspClient, SERVER_MAIN } from '../harness';
import { generateKernel } from './language';

export interface ServerBenchOptions {
  lines?: number;
  runs?: number;
  warmup?: number;
  /** The server entry point (default out/server/main.js; dist/server.js for the bundle). */
  serverMain?: string;
  /** Also time `clangd --check` (default true when clangd is on PATH). */
  clangd?: boolean;
}

export interface ServerBenchFigures {
  lines: number;
  runs: number;
  /** didChange → publishDiagnostics, ms: median, 90th percentile, fastest, slowest. */
  medianMs: number;
  p90Ms: number;
  minMs: number;
  maxMs: number;
  /** didOpen → first publishDiagnostics of the file (SDK headers analysed too), ms. */
  openMs: number;
  diagnostics: number;
  /**
   * clangd on the same file, from the timestamps of its `--check` log (median): building the AST and
   * its diagnostics with the preamble ready (what an edit costs clangd), and with the preamble built
   * too. `ratio` is our edit median over clangdMs.
   */
  clangdMs?: number;
  clangdFullMs?: number;
  ratio?: number;
  clangdVersion?: string;
}

const URI = 'file:///bench/kernel.cpp';

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
}

export async function serverBench(options: ServerBenchOptions = {}): Promise<ServerBenchFigures> {
  const lines = options.lines ?? 2000;
  const runs = options.runs ?? 21;
  const warmup = options.warmup ?? 30;
  const text = generateKernel(lines);
  const at = text.indexOf('+ 7.0f;') + 4;
  const edit = text.slice(0, at).split('\n');
  const position = { line: edit.length - 1, character: edit[edit.length - 1].length };
  const client = new LspClient([options.serverMain ?? SERVER_MAIN, '--stdio']);
  try {
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0 } } });
    client.notify('initialized', {});
    const t0 = performance.now();
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'cpp', version: 1, text } });
    const first = await client.waitFor('textDocument/publishDiagnostics', (p) => p.version === 1, 120000);
    const openMs = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const version = i + 2;
      const t = performance.now();
      client.notify('textDocument/didChange', {
        textDocument: { uri: URI, version },
        contentChanges: [{ range: { start: position, end: { ...position, character: position.character + 1 } }, text: String(i % 10) }],
      });
      await client.waitFor('textDocument/publishDiagnostics', (p) => p.version === version, 60000);
      if (i >= warmup) times.push(performance.now() - t);
    }
    const figures: ServerBenchFigures = {
      lines: text.split('\n').length,
      runs,
      medianMs: percentile(times, 0.5),
      p90Ms: percentile(times, 0.9),
      minMs: Math.min(...times),
      maxMs: Math.max(...times),
      openMs,
      diagnostics: first.diagnostics.length,
    };
    if (options.clangd !== false) Object.assign(figures, clangdYardstick(text, 3, figures.medianMs));
    return figures;
  } finally {
    await client.stop();
  }
}

/** Milliseconds clangd's log shows for the preamble (the #includes) and for the AST with its diagnostics. */
export function clangdPhases(log: string): { preambleMs: number; astMs: number } | undefined {
  const at = (label: string) => {
    const m = new RegExp(`^I\\[(\\d+):(\\d+):(\\d+)\\.(\\d+)\\] ${label}`, 'm').exec(log);
    return m ? ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]) : undefined;
  };
  const preamble = at('Building preamble');
  const ast = at('Building AST');
  const after = at('Indexing AST') ?? at('Testing features');
  if (preamble === undefined || ast === undefined || after === undefined) return undefined;
  return { preambleMs: ast - preamble, astMs: after - ast };
}

/** `clangd --check` on the file, with the SDK headers written out as host headers; undefined without clangd. */
function clangdYardstick(text: string, runs: number, ours: number): Partial<ServerBenchFigures> {
  const version = spawnSync('clangd', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) return {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bench-clangd-'));
  try {
    for (const [rel, body] of sdkHeaders()) {
      fs.mkdirSync(path.join(dir, 'include', path.dirname(rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, 'include', rel), body);
    }
    const file = path.join(dir, 'kernel.cpp');
    fs.writeFileSync(file, text);
    fs.writeFileSync(path.join(dir, 'compile_flags.txt'), ['-xc++', '-std=c++14', '-nostdinc', '-nostdinc++', `-I${path.join(dir, 'include')}`, '-m32'].join('\n'));
    const ast: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < runs; i++) {
      const r = spawnSync('clangd', [`--check=${file}`, '--check-lines=1', '--log=info'], { encoding: 'utf8', cwd: dir });
      const phases = clangdPhases(r.stderr);
      if (phases) {
        ast.push(phases.astMs);
        full.push(phases.preambleMs + phases.astMs);
      }
    }
    if (!ast.length) return {};
    const clangdMs = percentile(ast, 0.5);
    return { clangdMs, clangdFullMs: percentile(full, 0.5), ratio: ours / clangdMs, clangdVersion: version.stdout.split('\n')[0].trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface ColdOpenFigures {
  /** spawn → first diagnostics of examples/kernels/relu.cpp, ms: medians of runs with an empty cache
   *  and of runs with the cache a previous run left. */
  emptyCacheMs: number;
  snapshotMs: number;
  /** didOpen → first diagnostics in the same runs. */
  emptyCacheOpenMs: number;
  snapshotOpenMs: number;
  /** CPU time of the server's main thread at its first diagnostics, ms (medians; where /proc tells). */
  emptyCacheMainCpuMs?: number;
  snapshotMainCpuMs?: number;
  /** Empty cache with NODE_EXTRA_CA_CERTS kept (runs only where the bench's environment sets it):
   *  spawn → first diagnostics, didOpen → first diagnostics and main-thread CPU, ms (medians). */
  caCertsMs?: number;
  caCertsOpenMs?: number;
  caCertsMainCpuMs?: number;
  /** clangd --check on the same file: preamble + AST and diagnostics (median of 3). */
  clangdFullMs?: number;
  clangdVersion?: string;
}

const ROOT = path.join(__dirname, '..', '..');
const RELU = path.join(__dirname, '..', '..', 'examples', 'kernels', 'relu.cpp');

/** CPU time a thread has run, ms, from /proc (Linux); undefined where it cannot be read. */
export function threadCpuMs(pid: number | undefined, tid: number | undefined = pid): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const ns = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(ns) ? ns / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

interface ColdRun {
  totalMs: number;
  openMs: number;
  mainCpuMs?: number;
}

/** The server as the extension starts it (with NODE_EXTRA_CA_CERTS kept if `keepCaCerts`), caching in `cacheDir`. */
function launch(cacheDir: string, keepCaCerts = false): ServerLaunch {
  const l = serverLaunch(ROOT, { ...process.env, Q7_CACHE_DIR: cacheDir });
  return keepCaCerts ? { ...l, env: { ...l.env, NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS } } : l;
}

/** One fresh server process: spawn → first diagnostics and didOpen → first diagnostics, in ms, and its
 *  main thread's CPU time then. */
async function coldOpen(text: string, server: ServerLaunch): Promise<ColdRun> {
  const t0 = performance.now();
  const client = new LspClient([server.module, '--stdio'], server.env);
  try {
    await client.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0 } } });
    client.notify('initialized', {});
    const t1 = performance.now();
    client.notify('textDocument/didOpen', { textDocument: { uri: 'file:///bench/relu.cpp', languageId: 'cpp', version: 1, text } });
    await client.waitFor('textDocument/publishDiagnostics', (p) => p.version === 1, 120000);
    const t2 = performance.now();
    return { totalMs: t2 - t0, openMs: t2 - t1, mainCpuMs: threadCpuMs(client.pid) };
  } finally {
    await client.stop();
  }
}

export async function coldOpenBench(options: { runs?: number; clangd?: boolean } = {}): Promise<ColdOpenFigures> {
  const text = fs.readFileSync(RELU, 'utf8');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-bench-cold-'));
  try {
    // empty caches (each run its own new directory) alternate with runs on the cache the first one left
    const warm = path.join(dir, 'warm');
    await coldOpen(text, launch(warm));
    const empty: ColdRun[] = [];
    const runs: ColdRun[] = [];
    const caCerts: ColdRun[] = [];
    for (let i = 0; i < (options.runs ?? 5); i++) {
      empty.push(await coldOpen(text, launch(path.join(dir, `empty-${i}`))));
      runs.push(await coldOpen(text, launch(warm)));
      if (process.env.NODE_EXTRA_CA_CERTS) caCerts.push(await coldOpen(text, launch(path.join(dir, `ca-certs-${i}`), true)));
    }
    const f: ColdOpenFigures = {
      emptyCacheMs: percentile(empty.map((r) => r.totalMs), 0.5),
      emptyCacheOpenMs: percentile(empty.map((r) => r.openMs), 0.5),
      snapshotMs: percentile(runs.map((r) => r.totalMs), 0.5),
      snapshotOpenMs: percentile(runs.map((r) => r.openMs), 0.5),
    };
    const cpu = (rs: ColdRun[]) => (rs.every((r) => r.mainCpuMs !== undefined) ? percentile(rs.map((r) => r.mainCpuMs!), 0.5) : undefined);
    f.emptyCacheMainCpuMs = cpu(empty);
    f.snapshotMainCpuMs = cpu(runs);
    if (caCerts.length) {
      f.caCertsMs = percentile(caCerts.map((r) => r.totalMs), 0.5);
      f.caCertsOpenMs = percentile(caCerts.map((r) => r.openMs), 0.5);
      f.caCertsMainCpuMs = cpu(caCerts);
    }
    if (options.clangd !== false) {
      const c = clangdYardstick(text, 3, 0);
      if (c.clangdFullMs !== undefined) Object.assign(f, { clangdFullMs: c.clangdFullMs, clangdVersion: c.clangdVersion });
    }
    return f;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatColdOpenBench(f: ColdOpenFigures): string[] {
  const row = (what: string, total: number, open: number, cpu?: number) =>
    `  ${what.padEnd(34)} ${total.toFixed(0).padStart(6)} ms (didOpen → diagnostics ${open.toFixed(0)} ms${cpu === undefined ? '' : `; main thread ${cpu.toFixed(0)} ms CPU`})   target <= 300 ms: ${total <= 300 ? 'met' : 'NOT met'} (${(total / 300).toFixed(2)}x)`;
  const out = [
    '  fresh server (dist/server.js, started as the extension starts it: without NODE_EXTRA_CA_CERTS, with the malloc tunables on Linux), examples/kernels/relu.cpp, spawn → first diagnostics:',
    row('empty cache (median)', f.emptyCacheMs, f.emptyCacheOpenMs, f.emptyCacheMainCpuMs),
    row('cache of a previous run (median)', f.snapshotMs, f.snapshotOpenMs, f.snapshotMainCpuMs),
  ];
  if (f.caCertsMs !== undefined && f.caCertsOpenMs !== undefined) {
    out.push(row('empty, NODE_EXTRA_CA_CERTS kept', f.caCertsMs, f.caCertsOpenMs, f.caCertsMainCpuMs));
    out.push('  (NODE_EXTRA_CA_CERTS is set here: Node reads those certificates at every start; the extension starts the server without it, a server started from a shell with it set pays it)');
  }
  if (f.clangdFullMs !== undefined) {
    out.push(`  clangd --check, preamble + AST      ${f.clangdFullMs.toFixed(0).padStart(6)} ms (${f.clangdVersion}); ratio q7 (snapshot, didOpen → diagnostics) / clangd ${(f.snapshotOpenMs / f.clangdFullMs).toFixed(2)}x`);
  } else {
    out.push('  (clangd not installed: no yardstick; Debian package clangd)');
  }
  return out;
}

/** The figures as the lines `npm run bench` prints. */
export function formatServerBench(f: ServerBenchFigures): string[] {
  const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
  const out = [
    `  kernel of ${f.lines} lines, one-line edit, median of ${f.runs} runs after warm-up (${f.diagnostics} diagnostics)`,
    `  didChange → publishDiagnostics ${ms(f.medianMs)}  (p90 ${f.p90Ms.toFixed(1)}, min ${f.minMs.toFixed(1)}, max ${f.maxMs.toFixed(1)})   target < 30 ms`,
    `  didOpen → first diagnostics    ${ms(f.openMs)}`,
  ];
  if (f.clangdMs !== undefined && f.ratio !== undefined) {
    out.push(`  clangd AST + diagnostics       ${ms(f.clangdMs)}  (preamble reused; ${f.clangdFullMs?.toFixed(1)} ms with it; ${f.clangdVersion}, from its --check log)`);
    out.push(`  ratio q7 / clangd              ${f.ratio.toFixed(3)}x`);
  } else {
    out.push('  (clangd not installed: no yardstick; Debian package clangd)');
  }
  return out;
}

function argValue(args: string[], name: string): number | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
}

if (require.main === module && process.argv.includes('--cold')) {
  coldOpenBench({ runs: argValue(process.argv, '--runs'), clangd: !process.argv.includes('--no-clangd') })
    .then((f) => {
      console.log('\n== Language server: cold start (bench/server.ts --cold) ==');
      for (const l of formatColdOpenBench(f)) console.log(l);
    })
    .catch((e) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exitCode = 1;
    });
} else if (require.main === module) {
  const args = process.argv.slice(2);
  serverBench({ lines: argValue(args, '--lines'), runs: argValue(args, '--runs'), warmup: argValue(args, '--warmup'), clangd: !args.includes('--no-clangd') })
    .then(async (f) => {
      console.log('\n== Language server: diagnostics latency (bench/server.ts) ==');
      for (const l of formatServerBench(f)) console.log(l);
      for (const l of formatColdOpenBench(await coldOpenBench({ clangd: !args.includes('--no-clangd') }))) console.log(l);
    })
    .catch((e) => {
      console.error(e instanceof Error ? e.message : String(e));
      process.exitCode = 1;
    });
}
