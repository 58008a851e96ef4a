// Helpers of the disassembler tests: run `q7 objdump` in-process, run the GNU tools, assemble and
// link small .S files into a temporary directory, and describe the first difference of two listings.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { main } from '../../../cli/main';
import { CliIO, UsageError } from '../../../cli/io';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `q7 <argv>` in this process with captured output and real file reads. */
export async function runQ7(argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: (p) => {
      try {
        return fs.readFileSync(p);
      } catch (e) {
        throw new UsageError(`${p}: cannot read file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
      }
    },
    writeFile: (p, d) => fs.writeFileSync(p, d),
  };
  const status = await main(argv, io);
  return { status, stdout, stderr };
}

/** Output of a GNU tool (throws on failure). */
export function gnu(tool: string, args: string[], cwd?: string): string {
  return execFileSync(tool, args, { cwd, encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
}

let scratch: string | undefined;

/** A per-process scratch directory for assembled test programs. */
export function scratchDir(): string {
  if (!scratch) scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-disasm-'));
  return scratch;
}

/**
 * Assembles `source` with `xtensa-lx106-elf-as --no-transform` and links it at `textAddr` with
 * `xtensa-lx106-elf-ld`; returns the paths of the object and the executable.
 */
export function assembleAndLink(name: string, source: string, textAddr = 0x40100000): { obj: string; elf: string } {
  const dir = scratchDir();
  const src = path.join(dir, `${name}.S`);
  const obj = path.join(dir, `${name}.o`);
  const elf = path.join(dir, `${name}.elf`);
  fs.writeFileSync(src, source);
  gnu('xtensa-lx106-elf-as', ['--no-transform', src, '-o', obj]);
  gnu('xtensa-lx106-elf-ld', [`-Ttext=0x${textAddr.toString(16)}`, obj, '-o', elf]);
  return { obj, elf };
}

/** Undefined when equal; otherwise the first differing line number with a few lines of context. */
export function firstDifference(want: string, got: string, context = 4): string | undefined {
  if (want === got) return undefined;
  const a = want.split('\n');
  const b = got.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const lines = [`first difference at line ${i + 1} (objdump has ${a.length} lines, q7 has ${b.length})`];
  for (let k = Math.max(0, i - context); k <= Math.min(Math.max(a.length, b.length) - 1, i + context); k++) {
    const mark = k === i ? '>' : ' ';
    lines.push(`${mark} objdump ${k + 1}: ${JSON.stringify(a[k] ?? '<end>')}`);
    lines.push(`${mark} q7      ${k + 1}: ${JSON.stringify(b[k] ?? '<end>')}`);
  }
  return lines.join('\n');
}
