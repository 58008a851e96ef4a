// Oracle harness: runs bare-metal Xtensa ELFs on qemu-system-xtensa (`-M sim`, semihosting) with a
// time limit, capturing the guest's stdout and exit status, and records per-instruction traces
// (`-singlestep -d in_asm,cpu,nochain`) with a capped log size.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync, SpawnSyncReturns } from 'child_process';
import { parseCpuLogFile, RegisterSelection, TraceStep } from './qemu-log';

export type { TraceStep } from './qemu-log';

const QEMU = 'qemu-system-xtensa';
const MAX_STDOUT = 256 * 1024 * 1024;
/** Seconds the coreutils `timeout` wrapper waits beyond our own limit before killing QEMU. */
const WRAPPER_GRACE_S = 5;
/**
 * Signal Node sends to the `timeout` wrapper when our own limit expires. It must be one that
 * `timeout` forwards to QEMU (TERM): a SIGKILL would kill only the wrapper and orphan QEMU.
 */
const STOP_SIGNAL = 'SIGTERM';

export interface QemuRunOptions {
  /** QEMU core (`-cpu`), e.g. 'lx106', 'dc233c', 'de233_fpu'. Default 'lx106'. */
  cpu?: string;
  /** Wall-clock limit; exceeding it is an error. Default 20 s. */
  timeoutMs?: number;
  /** Guest command-line arguments after argv[0] (semihosting SIMCALL 1000..1002). */
  args?: string[];
}

export interface QemuResult {
  stdout: string;
  exitCode: number;
}

export interface TraceOptions {
  cpu?: string;
  /** Number of steps to return at most (the log is capped accordingly). */
  maxSteps: number;
  /**
   * Wall-clock limit for the traced run (default 60 s). QEMU keeps running after the log cap is
   * reached, so a program that never exits ends at this limit with a truncated trace.
   */
  timeoutMs?: number;
  /** 'default': a0..a15 and SAR/PS/WINDOWBASE/WINDOWSTART/LBEG/LEND/LCOUNT/BR; 'all': every register. */
  registers?: RegisterSelection;
  /** Log bytes allowed per step (default 4096; a lx106 step takes about 1.2 KB). */
  bytesPerStep?: number;
}

export interface TraceResult {
  steps: TraceStep[];
  stdout: string;
  /** Guest exit status, or null when QEMU was stopped (timeout) before the guest exited. */
  exitCode: number | null;
  /** True when the trace stops before the end of the run (maxSteps reached or log cap hit). */
  truncated: boolean;
}

/** Throws unless `file` exists and starts with the ELF magic (QEMU would otherwise run forever). */
export function assertElf(file: string): void {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    throw new Error(`oracle: ELF file ${file} does not exist`);
  }
  try {
    const magic = Buffer.alloc(4);
    const n = fs.readSync(fd, magic, 0, 4, 0);
    if (n !== 4 || magic.toString('latin1') !== '\x7fELF') throw new Error(`oracle: ${file} is not an ELF file`);
  } finally {
    fs.closeSync(fd);
  }
}

/** Escapes a value for a QEMU option list (commas are doubled). */
function qemuOptionValue(value: string): string {
  return value.replace(/,/g, ',,');
}

/** The QEMU command line (without any wrapper) that runs `elf` on `cpu` with semihosting. */
export function qemuArgs(elf: string, cpu: string, args?: readonly string[]): string[] {
  const semihosting =
    args === undefined
      ? ['-semihosting']
      : ['-semihosting-config', ['enable=on', ...[path.basename(elf), ...args].map((a) => `arg=${qemuOptionValue(a)}`)].join(',')];
  return ['-M', 'sim', '-cpu', cpu, ...semihosting, '-display', 'none', '-monitor', 'none', '-serial', 'none', '-kernel', elf];
}

/** `timeout` wrapper arguments: a hard kill shortly after our own limit, should Node not kill QEMU first. */
function timeoutWrapper(timeoutMs: number): string[] {
  const seconds = Math.ceil(timeoutMs / 1000) + WRAPPER_GRACE_S;
  return ['timeout', '-s', 'KILL', `${seconds}`];
}

function isTimeout(r: SpawnSyncReturns<string>): boolean {
  return r.error !== undefined && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
}

function describeAbnormalExit(r: SpawnSyncReturns<string>, what: string, timeoutMs: number): Error {
  if (isTimeout(r)) {
    return new Error(`oracle: ${what} timed out after ${timeoutMs} ms`);
  }
  if (r.error) return new Error(`oracle: ${what} failed: ${String(r.error)}`);
  return new Error(`oracle: ${what} ended by signal ${r.signal}; stderr: ${r.stderr}`);
}

/** Runs `elf` on QEMU and returns the guest's stdout and exit status. Throws on timeout. */
export function runQemu(elf: string, options: QemuRunOptions = {}): QemuResult {
  assertElf(elf);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const argv = [...timeoutWrapper(timeoutMs), QEMU, ...qemuArgs(elf, options.cpu ?? 'lx106', options.args)];
  const r = spawnSync(argv[0], argv.slice(1), {
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: STOP_SIGNAL,
    maxBuffer: MAX_STDOUT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error || r.status === null) throw describeAbnormalExit(r, `qemu run of ${elf}`, timeoutMs);
  return { stdout: r.stdout, exitCode: r.status };
}

/** Shell-quotes one argument for `bash -c`. */
function shellQuote(arg: string): string {
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Log size cap in 1 KiB blocks (the unit of bash's `ulimit -f`). */
function logCapBlocks(maxSteps: number, bytesPerStep: number): number {
  return Math.ceil((maxSteps * bytesPerStep + 4 * 1024 * 1024) / 1024);
}

/** Runs `elf` under QEMU with per-instruction logging into `log`, its size capped by `ulimit -f`. */
function runTracedQemu(elf: string, log: string, options: TraceOptions, timeoutMs: number): SpawnSyncReturns<string> {
  const cap = logCapBlocks(options.maxSteps, options.bytesPerStep ?? 4096);
  const qemu = [QEMU, ...qemuArgs(elf, options.cpu ?? 'lx106'), '-singlestep', '-d', 'in_asm,cpu,nochain', '-D', log];
  const script = `ulimit -f ${cap} && exec ${[...timeoutWrapper(timeoutMs), ...qemu].map(shellQuote).join(' ')}`;
  return spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: STOP_SIGNAL,
    maxBuffer: MAX_STDOUT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Traces `elf` on QEMU: steps (state before each instruction), the guest's stdout and exit status. */
export function traceQemuDetailed(elf: string, options: TraceOptions): TraceResult {
  assertElf(elf);
  const timeoutMs = options.timeoutMs ?? 60_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-qemu-trace-'));
  try {
    const log = path.join(dir, 'cpu.log');
    const r = runTracedQemu(elf, log, options, timeoutMs);
    const timedOut = isTimeout(r);
    if (r.error && !timedOut) throw describeAbnormalExit(r, `qemu trace of ${elf}`, timeoutMs);
    if (!fs.existsSync(log)) throw new Error(`oracle: qemu wrote no trace log; stderr: ${r.stderr}`);
    const capBytes = logCapBlocks(options.maxSteps, options.bytesPerStep ?? 4096) * 1024;
    const { steps, complete } = parseCpuLogFile(log, options.maxSteps, options.registers ?? 'default');
    const capped = fs.statSync(log).size >= capBytes;
    const exitCode = timedOut ? null : r.status;
    return { steps, stdout: r.stdout ?? '', exitCode, truncated: timedOut || !complete || capped };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Traces `elf` on QEMU and returns up to `maxSteps` steps (registers before each instruction). */
export function traceQemu(elf: string, options: TraceOptions): TraceStep[] {
  return traceQemuDetailed(elf, options).steps;
}
