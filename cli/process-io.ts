// The process's own I/O for CLI commands (streams, files, clock, Ctrl-C) and the user-error type: what
// every command needs, and how a command's failure is reported, and nothing more, so the small program-mode bundle (cli/program-main.ts) does
// not load the build cache. io.ts adds the build cache on top.

import * as fs from 'node:fs';
import type { BuildCache } from '../compiler';
import type { GeneratedTensors } from '../session';
import type { TensorSpec } from '../tensors';

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
  /** Starts generating argument tensors beside the build (`q7 run`; a worker thread); none: the session generates them. */
  generateTensors?(specs: readonly TensorSpec[]): GeneratedTensors;
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

/** This process's streams, files, clock and Ctrl-C (no build cache). */
export const processIO: CliIO = {
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
};

/** Prints why command `name` failed (help text, a usage error, or an internal error) and returns the exit status. */
export function commandFailure(name: string, e: unknown, io: CliIO): number {
  if (e instanceof UsageError && e.exitCode === 0) {
    // --help (cli/options.ts HelpRequest): the text is the output
    io.stdout(e.message.endsWith('\n') ? e.message : `${e.message}\n`);
    return 0;
  }
  if (e instanceof UsageError) {
    io.stderr(`q7 ${name}: ${e.message}\n`);
    return e.exitCode;
  }
  io.stderr(`q7 ${name}: internal error: ${(e as Error).stack ?? String(e)}\n`);
  return 70;
}

/** A reader that goes away (`q7 run prog.elf | head`) ends the output, not with a stack trace. */
export function endOnClosedOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}
