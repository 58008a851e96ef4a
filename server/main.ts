// Entry point of the language server process: `node out/server/main.js --stdio` (or the bundled
// dist/server.js, or `q7 lsp --stdio`). An uncaught error is logged, never fatal.

import { createConnection, ProposedFeatures } from './lsp';
import type { GrammarBinaries } from '../language';
import { Q7Server } from './server';

/** Starts the server; `started` is called once, after the first diagnostics are published; `grammar`,
 *  the grammar's files read (and compiled) ahead by the loader (start.ts). */
export function runServer(started?: () => void, grammar?: Promise<GrammarBinaries | undefined>): void {
  const connection = createConnection(ProposedFeatures.all);
  const log = (e: unknown) => {
    try {
      connection.console.error(`uncaught: ${(e as Error)?.stack ?? String(e)}`);
    } catch {
      // the connection itself is gone; nothing left to tell
    }
  };
  process.on('uncaughtException', log);
  process.on('unhandledRejection', log);
  new Q7Server(connection, { started, grammar }).listen();
}

if (require.main === module) runServer();
