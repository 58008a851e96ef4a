// q7 lsp --stdio: runs the language server over this process's stdin/stdout, for any LSP client
// (VS Code through the extension, Neovim, Emacs, Helix). It serves until the client says exit.

import type { CliIO, Command } from '../io';
import { UsageError } from '../io';
import { defineCommand, parseArgs, usageLine } from '../options';

const SPEC = defineCommand({
  name: 'lsp',
  summary: 'run the language server (LSP) over stdio',
  usage: '--stdio',
  description: 'Serves the Language Server Protocol on stdin/stdout for any LSP client (Neovim, Emacs, Helix; VS Code through the extension).',
  positionals: [],
  options: { stdio: { name: '--stdio', type: 'flag', description: 'speak LSP over stdin/stdout (required: the only transport)' } },
});

export const lspCommand: Command = {
  spec: SPEC,
  run(argv: string[], _io: CliIO): Promise<number> {
    if (!parseArgs(SPEC, argv).stdio) throw new UsageError(`the language server speaks LSP over stdio only\n${usageLine(SPEC)}`);
    // Loaded here so other commands do not pay for the LSP libraries.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { runServer } = require('../../server/main') as typeof import('../../server/main');
    runServer();
    // The server keeps the process alive; the client's `exit` notification ends it.
    return new Promise<number>(() => undefined);
  },
};
