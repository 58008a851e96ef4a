// q7 lsp --stdio: runs the language server over this process's stdin/stdout, for any LSP client
// (VS Code through the extension, Neovim, Emacs, Helix). It serves until the client says exit.

import type { CliIO, Command } from '../io';
import { UsageError } from '../io';

const USAGE = 'usage: q7 lsp --stdio';

export const lspCommand: Command = {
  name: 'lsp',
  summary: 'run the language server (LSP) over stdio',
  usage: USAGE,
  run(args: string[], _io: CliIO): Promise<number> {
    if (args.includes('-h') || args.includes('--help')) throw new UsageError(USAGE, 0);
    if (args.length !== 1 || args[0] !== '--stdio') throw new UsageError(`the language server speaks LSP over stdio only\n${USAGE}`);
    // Loaded here so other commands do not pay for the LSP libraries.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runServer } = require('../../server/main') as typeof import('../../server/main');
    runServer();
    // The server keeps the process alive; the client's `exit` notification ends it.
    return new Promise<number>(() => undefined);
  },
};
