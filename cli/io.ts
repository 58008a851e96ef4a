// The I/O a CLI command may use, injected so commands run in-process in tests as well as from bin/q7:
// the process's own (process-io.ts) plus the build cache and the worker thread that generates argument
// tensors beside a build (tensor-prefetch.ts).

import { hostCache } from '../diskcache';
import type { CommandSpec } from './options';
import { type CliIO, processIO } from './process-io';
import { prefetchTensors } from './tensor-prefetch';

export { type CliIO, UsageError } from './process-io';

export const nodeIO: CliIO = {
  ...processIO,
  buildCache(this: CliIO) {
    return hostCache((line) => this.stderr(`${line}\n`));
  },
  generateTensors: (specs) => prefetchTensors(specs).take,
};

/** A command: its declared interface (cli/options.ts: options, help) and its job, returning the exit status. */
export interface Command {
  readonly spec: CommandSpec;
  run(args: string[], io: CliIO): number | Promise<number>;
}
