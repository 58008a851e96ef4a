// Oracle harness: runs a host-native build of a test program with a time limit and returns its
// stdout and exit status, the reference the QEMU runs are compared against.
import { spawnSync } from 'child_process';

export interface NativeResult {
  stdout: string;
  exitCode: number;
}

export interface NativeRunOptions {
  timeoutMs?: number;
  args?: string[];
}

/** Runs a host binary; throws when it times out or dies from a signal. */
export function runNative(binary: string, options: NativeRunOptions = {}): NativeResult {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const r = spawnSync(binary, options.args ?? [], {
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (r.error) throw new Error(`oracle: native run of ${binary} failed: ${String(r.error)}`);
  if (r.status === null) throw new Error(`oracle: native run of ${binary} ended by signal ${r.signal}`);
  return { stdout: r.stdout, exitCode: r.status };
}
