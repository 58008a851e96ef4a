// Builds a kernel natively with the host C++ compiler against the host shim: the SDK headers (the same
// text the device build uses, minus the C/C++ standard headers, which come from the host), the shim's
// runtime, and a generated driver. Returns the path of the executable.

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sdkHeaders } from '../language/sdk';
import { HOST_RUNTIME_HEADER, HOST_RUNTIME_SOURCE } from './runtime-source';
import { HostKernel, driverSource } from './driver';
import { hostIvpHeader } from './ivp-header';

export class HostShimError extends Error {}

/** Headers the host's own C/C++ library provides. */
const STANDARD = /^(c?std|c?math|math\.h|string\.h|cstring|algorithm|initializer_list|stdio\.h|stdlib\.h|stddef\.h|stdint\.h)/;

/** The guest header the shim replaces. */
const IVP_HEADER = 'xtensa/tie/xt_ivp32.h';

/** Writes the shim's include directory (SDK headers + runtime) under `dir`. */
export function writeShimTree(dir: string): string {
  const inc = path.join(dir, 'include');
  const headers = sdkHeaders();
  for (const [rel, text] of headers) {
    if (STANDARD.test(rel) || !rel.includes('/')) continue;
    fs.mkdirSync(path.dirname(path.join(inc, rel)), { recursive: true });
    fs.writeFileSync(path.join(inc, rel), text);
  }
  // the IVP header's vector types are builtin types of our front-end: natively they are the shim's structs
  fs.writeFileSync(path.join(inc, 'xtensa', 'tie', 'xt_ivp32.h'), hostIvpHeader(headers.get(IVP_HEADER) ?? ''));
  fs.writeFileSync(path.join(inc, 'q7_host_runtime.h'), HOST_RUNTIME_HEADER);
  fs.writeFileSync(path.join(dir, 'q7_host_runtime.cpp'), HOST_RUNTIME_SOURCE);
  return inc;
}

export interface NativeBuildOptions {
  readonly compiler?: string;
  readonly optimize?: string;
  readonly defines?: Record<string, string>;
  /** Directory for the generated files (default: a fresh temporary directory). */
  readonly dir?: string;
}

export function buildNative(kernelFile: string, k: HostKernel, options: NativeBuildOptions = {}): string {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'q7-hostshim-'));
  const inc = writeShimTree(dir);
  const driver = path.join(dir, `driver_${k.name}.cpp`);
  fs.writeFileSync(driver, driverSource(path.resolve(kernelFile), k));
  const exe = path.join(dir, `${k.name}${k.cores > 1 ? `_x${k.cores}` : ''}`);
  const defs = Object.entries(options.defines ?? {}).map(([n, v]) => `-D${n}=${v}`);
  const argv = ['-std=c++17', options.optimize ?? '-O2', '-w', `-I${inc}`, ...defs, driver, path.join(dir, 'q7_host_runtime.cpp'), '-o', exe];
  const r = spawnSync(options.compiler ?? 'g++', argv, { encoding: 'utf8' });
  if (r.error) throw new HostShimError(`hostshim: cannot run ${options.compiler ?? 'g++'}: ${r.error.message}`);
  if (r.status !== 0) throw new HostShimError(`hostshim: the native build of ${kernelFile} failed:\n${r.stderr}`);
  return exe;
}

/** Runs a native build: writes `out`; returns the exit status and output. */
export function runNative(exe: string, out: string, args: readonly string[]): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(exe, [out, ...args], { encoding: 'utf8' });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
