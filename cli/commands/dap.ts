// q7 dap: the debug adapter (Debug Adapter Protocol on stdin/stdout) for any DAP client; see
// debug-adapter/README.md for VS Code, nvim-dap and Emacs dap-mode set-ups.

import type { CliIO, Command } from '../io';
import { runDebugAdapter } from '../../debug-adapter/stdio';

const USAGE = `usage: q7 dap

Serves the Debug Adapter Protocol on stdin/stdout: launch a kernel (.cpp, compiled on launch, or a
kernel .elf) on the emulated Q7 device and debug it. Launch configuration: debug-adapter/README.md.
`;

export const dapCommand: Command = {
  name: 'dap',
  summary: 'debug adapter (DAP on stdio) for kernels on the emulated Q7 device',
  usage: USAGE,
  run(argv: string[], io: CliIO): number | Promise<number> {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stdout(USAGE);
      return 0;
    }
    return runDebugAdapter();
  },
};
