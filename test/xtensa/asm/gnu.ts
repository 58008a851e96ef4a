// Test helpers that drive Debian's GNU Xtensa binutils (lx106) as an oracle for the assembler:
// assemble with `as --no-transform`, list undefined symbols with `nm`, link with `ld` at fixed
// addresses, and disassemble with `objdump -d`. Every helper works in a temporary directory.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';

export interface ToolRun {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(cmd: string, args: string[]): ToolRun {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.error) throw r.error;
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary directory for one test. */
export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `q7-${prefix}-`));
}

/** A line GNU as reported an error for: 1-based line and message. */
export interface GnuError {
  line: number;
  message: string;
}

/** Assembles `source` with `as --no-transform`; returns the object path or the errors. */
export function gnuAssemble(source: string, dir: string, name = 'prog'): { object?: string; errors: GnuError[] } {
  const src = path.join(dir, `${name}.s`);
  const obj = path.join(dir, `${name}.o`);
  fs.writeFileSync(src, source);
  const r = run('xtensa-lx106-elf-as', ['--no-transform', src, '-o', obj]);
  const errors: GnuError[] = [];
  for (const line of r.stderr.split('\n')) {
    const m = /^[^:]+:(\d+): Error: (.*)$/.exec(line);
    if (m) errors.push({ line: Number(m[1]), message: m[2] });
  }
  if (r.status !== 0 && errors.length === 0) errors.push({ line: 0, message: r.stderr.trim() });
  return r.status === 0 ? { object: obj, errors } : { errors };
}

/** Names of the undefined symbols of an object file. */
export function undefinedSymbols(object: string): string[] {
  const r = run('xtensa-lx106-elf-nm', ['-u', object]);
  if (r.status !== 0) throw new Error(`nm failed: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .map((l) => /^\s*[Uw]\s+(\S+)$/.exec(l)?.[1])
    .filter((s): s is string => s !== undefined);
}

/** Links `object` with the linker script text `script` and `--defsym`s; returns the ELF path. */
export function gnuLink(object: string, script: string, defsym: Record<string, number>, dir: string): string {
  const ld = path.join(dir, 'layout.ld');
  const elf = path.join(dir, 'gnu.elf');
  fs.writeFileSync(ld, script);
  const syms = Object.entries(defsym).map(([n, v]) => `--defsym=${n}=0x${v.toString(16)}`);
  const r = run('xtensa-lx106-elf-ld', ['--no-relax', '-e', '0', '-T', ld, ...syms, object, '-o', elf]);
  if (r.status !== 0) throw new Error(`ld failed: ${r.stderr}`);
  return elf;
}

/** The `objdump -d` text of an ELF file. */
export function objdump(elf: string): string {
  const r = run('xtensa-lx106-elf-objdump', ['-d', elf]);
  if (r.status !== 0) throw new Error(`objdump failed: ${r.stderr}`);
  return r.stdout;
}
