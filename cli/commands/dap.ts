// q7 dap: the debug adapter (Debug Adapter Protocol on stdin/stdout) for any DAP client; see
// debug-adapter/README.md for VS Code, nvim-dap and Emacs dap-mode set-ups.

import type { CliIO, Command } from '../io';
import { defineCommand, parseArgs } from '../options';
import { runDebugAdapter } from '../../debug-adapter/stdio';

const SPEC = defineCommand({
  name: 'dap',
  summary: 'debug adapter (DAP on stdio) for kernels on the emulated Q7 device',
  usage: '',
  description:
    'Serves the Debug Adapter Protocol on stdin/stdout: launch a kernel (.cpp, compiled on launch, or a kernel .elf) ' +
    'on the emulated Q7 device and debug it. Launch configuration: docs/launch-configuration.md.',
  positionals: [],
  options: {},
});

export const dapCommand: Command = {
  spec: SPEC,
  run(argv: string[], _io: CliIO): number | Promise<number> {
    parseArgs(SPEC, argv);
    return runDebugAdapter();
  },
};
