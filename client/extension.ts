// The VS Code extension: starts the Q7 language server (dist/server.js over stdio) for C++ kernels
// that include <torch/torch.h> or <neuron/...> and for files opted in with `q7.files`, forwards the
// `q7` settings, shows the server's state in the status bar (status.ts), and offers a command to
// restart the server; registers the debugger glue (debug.ts), the Q7 Device view and the tensor viewer.

import * as vscode from 'vscode';
import { DidOpenTextDocumentNotification, LanguageClient, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { servedDocumentsMiddleware } from './served-documents';
import { ServerStatus } from './status';
import { registerDebugger } from './debug';
import { registerDeviceView } from './device-view';
import { registerTensorViewer } from './tensor-viewer';
import { registerFaultDiagnostics } from './fault-diagnostics';

let client: LanguageClient | undefined;

function optIn(): readonly string[] {
  return vscode.workspace.getConfiguration('q7').get<string[]>('files') ?? [];
}

function serverOptions(context: vscode.ExtensionContext): ServerOptions {
  const module = context.asAbsolutePath('dist/server.js');
  return {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
  };
}

function clientOptions(): LanguageClientOptions {
  return {
    documentSelector: [
      { scheme: 'file', language: 'cpp' },
      { scheme: 'untitled', language: 'cpp' },
    ],
    synchronize: { configurationSection: 'q7' },
    initializationOptions: { settings: vscode.workspace.getConfiguration('q7') },
    middleware: servedDocumentsMiddleware(optIn, {
      open: async (doc) => {
        await client?.sendNotification(DidOpenTextDocumentNotification.type, {
          textDocument: { uri: doc.uri.toString(), languageId: doc.languageId, version: doc.version, text: doc.getText() },
        });
      },
    }),
  };
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  registerDebugger(context);
  registerDeviceView(context);
  registerTensorViewer(context);
  registerFaultDiagnostics(context);
  client = new LanguageClient('q7', 'Q7 Studio', serverOptions(context), clientOptions());
  const status = new ServerStatus('q7.restartServer');
  context.subscriptions.push(
    status,
    client.onDidChangeState((e) => status.show(e.newState === State.Running ? 'running' : e.newState === State.Starting ? 'starting' : 'stopped')),
    vscode.commands.registerCommand('q7.restartServer', async () => {
      await client?.restart();
    }),
  );
  await client.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
