// The I/O a CLI command may use, injected so commands run in-process in tests as well as from bin/q7.

import * as fs from 'node:fs';
import type { BuildCache } from '../compiler';
import { hostCache } from '../diskcache';
import type { CommandSpec } from './options';

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Uint8Array;
  writeFile(path: string, data: Uint8Array | string): void;
  /** stderr is a terminal (long runs show progress there). */
  readonly stderrIsTTY?: boolean;
  /** Milliseconds from an arbitrary origin (progress display only; the emulator reads no clock). */
  now?(): number;
  /** Calls `f` on Ctrl-C (SIGINT) until the returned function is called. */
  onInterrupt?(f: () => void): () => void;
  /** The build cache (`q7 run`/`q7 build` without --no-cache); none: every build from scratch. */
  buildCache?(): BuildCache | undefined;
}

/** Raised for a user error: the message is printed as is and the process exits with `exitCode`. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

export const nodeIO: CliIO = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readFile: (p) => {
    try {
      return fs.readFileSync(p);
    } catch (e) {
      throw new UsageError(`${p}: cannot read file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  },
  writeFile: (p, d) => {
    try {
      fs.writeFileSync(p, d);
    } catch (e) {
      throw new UsageError(`${p}: cannot write file: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
    }
  },
  stderrIsTTY: process.stderr.isTTY === true,
  now: () => performance.now(),
  onInterrupt: (f) => {
    process.on('SIGINT', f);
    return () => void process.off('SIGINT', f);
  },
  buildCache(this: CliIO) {
    return hostCache((line) => this.stderr(`${line}\n`));
  },
};

/** A command: its declared interface (cli/options.ts: options, help) and its job, returning the exit status. */
export interface Command {
  readonly spec: CommandSpec;
  run(args: string[], io: CliIO): number | Promise<number>;
}
