// The language client: starts the Q7 language server (dist/server.js over stdio, in the environment
// server-launch.ts gives) for the kernels (served-documents.ts decides which documents it sees), forwards
// the `q7` settings and shows the server's state in the status bar (status.ts). extension.ts imports this
// module only when the first kernel opens, so vscode-languageclient is not even loaded for a C++ project
// without kernels.

import * as vscode from 'vscode';
import { DidOpenTextDocumentNotification, LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { servedDocumentsMiddleware } from './served-documents';
import { serverLaunch } from './server-launch';
import { ServerStatus } from './status';

export interface ServerHandle {
  restart(): Promise<void>;
  stop(): Promise<void>;
}

// the bundle and its environment (the extension host's less what the server has no use for, read at
// every Node start): server-launch.ts, which the benchmark starts its servers through too
function serverOptions(context: vscode.ExtensionContext): ServerOptions {
  const { module, env } = serverLaunch(context.extensionPath, process.env);
  return {
    run: { module, transport: TransportKind.stdio, options: { env } },
    debug: { module, transport: TransportKind.stdio, options: { env, execArgv: ['--nolazy', '--inspect=6019'] } },
  };
}

function clientOptions(log: vscode.LogOutputChannel, optIn: () => readonly string[], client: () => LanguageClient | undefined): LanguageClientOptions {
  return {
    documentSelector: [
      { scheme: 'file', language: 'cpp' },
      { scheme: 'untitled', language: 'cpp' },
    ],
    outputChannel: log,
    synchronize: { configurationSection: 'q7' },
    initializationOptions: { settings: vscode.workspace.getConfiguration('q7') },
    middleware: servedDocumentsMiddleware(optIn, {
      open: async (doc) => {
        await client()?.sendNotification(DidOpenTextDocumentNotification.type, {
          textDocument: { uri: doc.uri.toString(), languageId: doc.languageId, version: doc.version, text: doc.getText() },
        });
      },
    }),
  };
}

/** Starts the server (not waiting for it); its status bar item appears now. */
export function startLanguageServer(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, optIn: () => readonly string[]): ServerHandle {
  let client: LanguageClient | undefined;
  client = new LanguageClient('q7', 'Q7 Studio', serverOptions(context), clientOptions(log, optIn, () => client));
  const c = client;
  const status = new ServerStatus('q7.restartServer');
  context.subscriptions.push(
    status,
    c.onDidChangeState((e) => status.show(e.newState === State.Running ? 'running' : e.newState === State.Starting ? 'starting' : 'stopped')),
    // the debugger's prebuild of a checked kernel (server/prebuild.ts): F5 then finds the image built
    c.onNotification('q7/prebuilt', (p: { uri: string; outcome: string; ms: number; message?: string }) =>
      log.info(`prebuild for the debugger of ${vscode.Uri.parse(p.uri).fsPath}: ${p.outcome === 'failed' ? `failed: ${p.message}` : `${p.outcome} in ${p.ms} ms`}`)),
  );
  c.start().catch((e: unknown) => log.error(`the language server did not start: ${e instanceof Error ? e.message : String(e)}`));
  return {
    restart: () => c.restart(),
    stop: async () => {
      await c.stop();
      client = undefined;
    },
  };
}
